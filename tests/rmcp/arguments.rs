//! Arguments first, a person second (`Question::with_argument`), through
//! rmcp's own client on every revision it speaks: a confirmation
//! (`Confirm`, `ElicitForm::PERSON_ONLY`) and a question marked
//! `Question::person_only` are never taken from the model's arguments,
//! whatever it sent: a client that shows forms asks the person, one that
//! does not gets a result that says a person must answer.

use enum_schema::ask::{Question, RequestStateSeal};
use enum_schema::rmcp::Ask;
use enum_schema::Confirm;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ServerCapabilities, ServerConfig,
};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use serde_json::{json, Value};

use super::ask::unasked_triage;
use super::connection::{connect, seal, text, Answerer, Connection, KEY, SPOKEN};
use super::fixtures::Triage;

/// The confirmation, which allows the argument `confirm` (and must ignore
/// it).
fn confirm_question() -> Question<'static, Confirm> {
    Question::form::<Confirm>("confirm", "Deploy to production?").with_argument()
}

/// The triage question, which the argument `triage` may answer.
fn triage_question() -> Question<'static, Triage> {
    Question::form::<Triage>("triage", "How bad is it?").with_argument()
}

/// The same, marked for a person only: the argument is ignored.
fn person_only_question() -> Question<'static, Triage> {
    triage_question().person_only()
}

#[derive(Clone)]
struct Deployer {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Deployer {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

/// Each tool asks one question, declared as its one argument.
#[tool_router]
impl Deployer {
    fn new(seal: RequestStateSeal) -> Self {
        Deployer {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(
        description = "Deploys to production, once confirmed",
        input_schema = confirm_question().input_schema()
    )]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let confirmed = ask.question(confirm_question()).await?.is_confirmed();
            let text = if confirmed {
                "deployed"
            } else {
                "not confirmed"
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(
        description = "Triages: the argument may answer",
        input_schema = triage_question().input_schema()
    )]
    async fn triage(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let triage = ask.question(triage_question()).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{triage:?}"
            ))]))
        })
        .await
    }

    #[tool(
        description = "Triages: only a person may answer",
        input_schema = person_only_question().input_schema()
    )]
    async fn triage_by_a_person(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let triage = ask.question(person_only_question()).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{triage:?}"
            ))]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Deployer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// Calls `tool` with `arguments` (an object).
async fn call(connection: &Connection, tool: &'static str, arguments: Value) -> CallToolResult {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object")
    };
    connection
        .client
        .call_tool(CallToolRequestParams::new(tool).with_arguments(arguments))
        .await
        .unwrap()
}

/// The argument is declared where the model reads it: `tools/list` gives
/// the tool's input schema as `Question::input_schema` writes it, the
/// optional argument `triage` with the form's fields and the question's
/// message as its description.
#[tokio::test]
async fn the_argument_is_declared_in_tools_list() {
    let connection = connect(
        Deployer::new(seal(KEY)),
        Answerer::new(rmcp::model::ProtocolVersion::V_2025_11_25),
    )
    .await;
    let tools = connection.client.list_all_tools().await.unwrap();
    let triage = tools
        .iter()
        .find(|tool| tool.name == "triage")
        .expect("the triage tool");
    assert_eq!(
        Value::Object((*triage.input_schema).clone()),
        json!({
            "type": "object",
            "properties": {"triage": {
                "type": "object",
                "description": "How bad is it?",
                // The enum's doc comment describes the field.
                "properties": {"severity": {"type": "string", "description": "How bad is it?",
                    "oneOf": [
                        {"const": "low", "title": "Low: no user impact"},
                        {"const": "high", "title": "High: users are affected"},
                    ]}},
                "required": ["severity"],
            }},
        })
    );
}

/// The control: the model's valid argument answers a question that allows
/// it, and nothing is asked, so the arguments do reach `Ask` through rmcp.
#[tokio::test]
async fn a_valid_argument_answers_without_asking() {
    for version in SPOKEN {
        for forms in [true, false] {
            let client = Answerer::new(version.clone());
            let client = if forms {
                client
            } else {
                client.with_capabilities(ClientCapabilities::default())
            };
            let connection = connect(Deployer::new(seal(KEY)), client).await;
            let result = call(
                &connection,
                "triage",
                json!({"triage": {"severity": "high"}}),
            )
            .await;
            assert_eq!(
                text(&result),
                "Accept(Triage { severity: High })",
                "{version} forms={forms}"
            );
            assert_eq!(result.is_error, Some(false), "{version} forms={forms}");
            assert_eq!(connection.seen(), Vec::<Value>::new());
        }
    }
}

/// `Confirm` allows an argument in `deploy`, and still never takes it: the
/// model sent "yes", the person is asked the confirmation and answers
/// "no".
#[tokio::test]
async fn a_confirmation_is_never_taken_from_the_arguments() {
    for version in SPOKEN {
        let connection = connect(Deployer::new(seal(KEY)), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"confirm": "no"}}),
        ]);
        let result = call(
            &connection,
            "deploy",
            json!({"confirm": {"confirm": "yes"}}),
        )
        .await;
        assert_eq!(text(&result), "not confirmed", "{version}");
        let seen = connection.seen();
        assert_eq!(seen.len(), 1, "{version}");
        assert_eq!(seen[0]["message"], "Deploy to production?", "{version}");
        let confirm = if version == rmcp::model::ProtocolVersion::V_2025_06_18 {
            json!({"type": "string", "enum": ["yes", "no"], "enumNames": ["Yes", "No"]})
        } else {
            json!({"type": "string", "oneOf": [
                {"const": "yes", "title": "Yes"},
                {"const": "no", "title": "No"},
            ]})
        };
        assert_eq!(
            seen[0]["requestedSchema"],
            json!({"type": "object", "properties": {"confirm": confirm}, "required": ["confirm"]}),
            "{version}"
        );
    }
}

/// A client without forms cannot ask the confirmation, and the model's
/// "yes" does not answer it: the result says only a person can, in a
/// client that shows forms, and names no argument.
#[tokio::test]
async fn a_confirmation_in_a_client_without_forms_needs_a_person() {
    for version in SPOKEN {
        let connection = connect(
            Deployer::new(seal(KEY)),
            Answerer::new(version.clone()).with_capabilities(ClientCapabilities::default()),
        )
        .await;
        let result = call(
            &connection,
            "deploy",
            json!({"confirm": {"confirm": "yes"}}),
        )
        .await;
        assert_eq!(result.is_error, Some(true), "{version}");
        assert_eq!(
            text(&result),
            "This client cannot show the person a form (it did not declare form elicitation), \
             so these questions were not asked:\n\n\
             - \"Deploy to production?\": only a person can answer this, in a client that shows \
             forms (MCP elicitation); no argument can answer it.",
            "{version}"
        );
        let data = result.structured_content.unwrap();
        assert_eq!(data["unasked"][0]["key"], "confirm", "{version}");
        assert_eq!(data["unasked"][0]["argument"], Value::Null, "{version}");
        assert_eq!(connection.seen(), Vec::<Value>::new());
    }
}

/// A question marked `person_only` ignores the argument it allows, as a
/// confirmation does: the valid argument that answers `triage` (the test
/// above) is not taken; the person is asked where the client shows forms,
/// and the result for the model says a person must answer where it does
/// not.
#[tokio::test]
async fn a_question_for_a_person_only_is_never_taken_from_the_arguments() {
    let argument = json!({"triage": {"severity": "high"}});
    for version in SPOKEN {
        let connection = connect(Deployer::new(seal(KEY)), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "low"}}),
        ]);
        let result = call(&connection, "triage_by_a_person", argument.clone()).await;
        assert_eq!(
            text(&result),
            "Accept(Triage { severity: Low })",
            "{version}"
        );
        let seen = connection.seen();
        assert_eq!(seen.len(), 1, "{version}");
        assert_eq!(seen[0]["message"], "How bad is it?", "{version}");
        // Nothing pre-filled from the argument either.
        assert_eq!(
            seen[0]["requestedSchema"]["properties"]["severity"].get("default"),
            None,
            "{version}"
        );

        let connection = connect(
            Deployer::new(seal(KEY)),
            Answerer::new(version.clone()).with_capabilities(ClientCapabilities::default()),
        )
        .await;
        let result = call(&connection, "triage_by_a_person", argument.clone()).await;
        assert_eq!(result.is_error, Some(true), "{version}");
        assert_eq!(
            text(&result),
            unasked_triage("it did not declare form elicitation"),
            "{version}"
        );
        let data = result.structured_content.unwrap();
        assert_eq!(data["unasked"][0]["argument"], Value::Null, "{version}");
        assert_eq!(connection.seen(), Vec::<Value>::new());
    }
}
