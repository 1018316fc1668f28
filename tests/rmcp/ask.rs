//! `Ask`, the one call, driven by rmcp's own client on every revision it
//! speaks (2025-06-18, 2025-11-25, 2026-07-28), over an in-memory transport
//! whose raw bytes are recorded: the same tool code gives the same typed
//! result everywhere, every kind of answer has its asserted outcome, the
//! fields reach the client in declaration order, and a `requestState` that
//! this server did not seal for this request is refused.

use std::time::Duration;

use enum_schema::ask::{ElicitError, RequestStateSeal};
use enum_schema::rmcp::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm, Form, Optional};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ErrorCode, GetPromptRequestParams, GetPromptResponse, GetPromptResult, InputRequiredResult,
    InputResponses, PromptMessage, ProtocolVersion, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ResourceContents, Role, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{RequestContext, ServiceError};
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Value};

use super::connection::{connect, seal, text, Answerer, Connection, KEY, SPOKEN};
use super::fixtures::{Impact, Incident, Service, Severity, Triage};

/// The example server itself, tool code and all.
#[allow(dead_code)]
#[path = "../../examples/conformance_server.rs"]
mod conformance_server;

/// A region to deploy to.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case")]
enum Region {
    #[elicit(title = "Europe")]
    Eu,
    #[elicit(title = "United States")]
    Us,
}

/// Everything a deploy needs but the confirmation, in one form: the
/// environments are known only when the request is built.
#[derive(ElicitForm, Debug)]
struct Deploy {
    #[elicit(title = "Environment")]
    environment: enum_schema::OwnedChoice,
    #[elicit(title = "Regions")]
    regions: Vec<Region>,
    #[elicit(title = "Canary percentage", maximum = 100)]
    canary: u8,
}

/// One of eleven independent questions.
#[derive(ElicitForm, Debug)]
struct Answer {
    #[elicit(title = "Yes or no")]
    yes: bool,
}

/// A form with an optional field, and a default filled in when left out.
#[derive(ElicitForm, Debug, PartialEq)]
struct Note {
    title: String,
    detail: Option<String>,
    #[elicit(default = 2, fill_default)]
    copies: u8,
}

#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct Ticket {
    ticket: u32,
}

/// The optional argument that answers the `triage` question.
#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct TriageArgument {
    #[allow(dead_code)]
    triage: Option<Value>,
}

/// Arguments that are all optional: a client may send none.
#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct Audit {
    purpose: Option<String>,
}

/// An accepted answer with no content: wrong for every form here, and never
/// the same as the wrong answer a test sends before and after it.
static EMPTY: std::sync::LazyLock<Value> =
    std::sync::LazyLock::new(|| json!({"action": "accept", "content": {}}));

#[derive(Clone)]
pub(crate) struct Desk {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Desk {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

/// The tools, each written once for every revision.
#[tool_router]
impl Desk {
    pub(crate) fn new(seal: RequestStateSeal) -> Self {
        Desk {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Deploys: one form with a run-time list, then a confirmation")]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let options = DeployOptions {
                environment: enum_schema::schema::SingleSelectSchema::new([
                    ("staging", "Staging"),
                    ("prod-eu", "Production (EU)"),
                ])
                .unwrap(),
            };
            let ElicitAction::Accept(deploy) = ask
                .form_with::<Deploy>("deploy", "Deploy billing where?", &options)
                .await?
            else {
                return Ok(CallToolResult::success(vec![ContentBlock::text(
                    "not deployed",
                )]));
            };
            let question = format!("Deploy billing to {}?", deploy.environment.value());
            let confirmed = ask
                .form::<enum_schema::Confirm>("confirm", question)
                .await?
                .is_confirmed();
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{} {:?} {}% confirmed={confirmed}",
                deploy.environment.value(),
                deploy.regions,
                deploy.canary
            ))]))
        })
        .await
    }

    #[tool(description = "Asks eleven independent questions together")]
    async fn eleven(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let questions = (0..11)
                .map(|n| {
                    enum_schema::ask::Question::form::<Answer>(
                        format!("q{n:02}"),
                        format!("Question {n}?"),
                    )
                })
                .collect::<Vec<_>>();
            let answers = ask.all(questions).await?;
            let yes = answers
                .into_iter()
                .filter(|answer| matches!(answer, ElicitAction::Accept(Answer { yes: true })))
                .count();
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{yes} yes"
            ))]))
        })
        .await
    }

    #[tool(description = "Asks for a note, then whether to page someone")]
    async fn note(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let note = ask.form::<Note>("note", "Add a note").await?;
            let answer = ask.form::<Answer>("answer", "Page someone?").await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{note:?} {answer:?}"
            ))]))
        })
        .await
    }

    #[tool(description = "Asks for an incident")]
    async fn incident(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let answer = ask
                .form::<Incident>("incident", "Describe the incident")
                .await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{answer:?}"
            ))]))
        })
        .await
    }

    #[tool(description = "Asks with a form built at run time")]
    async fn fields(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let form = Form::new((
                ("severity", Severity::SINGLE_SELECT),
                ("services", Optional::new(Service::MULTI_SELECT)),
            ));
            let answer = ask.fields("fields", &form, "Anything else?").await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{answer:?}"
            ))]))
        })
        .await
    }

    #[tool(description = "Asks how bad it is, then which services, if it is bad")]
    async fn two(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        two_questions(ask).await
    }

    #[tool(description = "The same questions, under another name")]
    async fn two_again(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        two_questions(ask).await
    }

    #[tool(description = "A server bug: asks outside Ask::tool")]
    async fn outside(&self, ask: Ask) -> Result<CallToolResult, ErrorData> {
        let answer = ask.form::<Triage>("triage", "How bad is it?").await?;
        Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "{answer:?}"
        ))]))
    }

    #[tool(description = "A server bug: two questions under one key")]
    async fn reused(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            ask.form::<Triage>("q", "How bad is it?").await?;
            ask.form::<Impact>("q", "Which services?").await?;
            Ok(CallToolResult::success(vec![]))
        })
        .await
    }

    #[tool(description = "The same questions, about a ticket")]
    async fn ticket(
        &self,
        ask: Ask,
        Parameters(Ticket { ticket }): Parameters<Ticket>,
    ) -> Result<CallToolResponse, ErrorData> {
        let _ = ticket;
        two_questions(ask).await
    }

    #[tool(description = "A server bug: Parameters takes the arguments before Ask")]
    async fn ticket_late(
        &self,
        Parameters(Ticket { ticket }): Parameters<Ticket>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        let _ = ticket;
        two_questions(ask).await
    }

    #[tool(description = "Asks two questions; its one argument is optional")]
    async fn audit(
        &self,
        ask: Ask,
        Parameters(Audit { purpose }): Parameters<Audit>,
    ) -> Result<CallToolResponse, ErrorData> {
        let _ = purpose;
        two_questions(ask).await
    }

    #[tool(description = "A server bug: Parameters takes a map of arguments before Ask")]
    async fn map_late(
        &self,
        Parameters(map): Parameters<std::collections::HashMap<String, String>>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        let _ = map;
        two_questions(ask).await
    }

    #[tool(
        description = "A server bug: Parameters takes the argument a question may be answered by"
    )]
    async fn argument_late(
        &self,
        Parameters(argument): Parameters<TriageArgument>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        let _ = argument;
        ask.tool(|ask| async move {
            let question = enum_schema::ask::Question::form::<Triage>("triage", "How bad is it?")
                .with_argument();
            let triage = ask.question(question).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{triage:?}"
            ))]))
        })
        .await
    }

    #[tool(description = "A server bug: Parameters takes the optional arguments before Ask")]
    async fn audit_late(
        &self,
        Parameters(Audit { purpose }): Parameters<Audit>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        let _ = purpose;
        two_questions(ask).await
    }
}

/// The `Desk` that seals with `KEY`, the seal's settings left as they are.
fn desk() -> Desk {
    Desk::new(seal(KEY))
}

async fn two_questions(ask: Ask) -> Result<CallToolResponse, ErrorData> {
    ask.tool(|ask| async move {
        let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
        let mut text = format!("{triage:?}");
        if let ElicitAction::Accept(Triage {
            severity: Severity::High,
        }) = triage
        {
            let impact = ask.form::<Impact>("impact", "Which services?").await?;
            text = format!("{text}; {impact:?}");
        }
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    })
    .await
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Desk {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let ask = Ask::for_prompt(&request, &context, &self.seal)?;
        ask.prompt(|ask| async move {
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            Ok(GetPromptResult::new(vec![PromptMessage::new_text(
                Role::User,
                format!("Write the report for {triage:?}"),
            )]))
        })
        .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let ask = Ask::for_resource(&request, &context, &self.seal)?;
        let uri = request.uri.clone();
        ask.resource(|ask| async move {
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            Ok(ReadResourceResult::new(vec![ResourceContents::text(
                format!("{triage:?}"),
                uri,
            )]))
        })
        .await
    }
}

fn our_version(version: &ProtocolVersion) -> enum_schema::ProtocolVersion {
    version.as_str().parse().unwrap()
}

#[tokio::test]
async fn one_tool_gives_the_same_typed_answer_on_every_revision() {
    for version in SPOKEN {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "low"}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("two"))
            .await
            .unwrap();
        assert_eq!(
            text(&result),
            "Accept(Triage { severity: Low })",
            "{version}"
        );
        assert_eq!(result.is_error, Some(false), "{version}");
        let seen = connection.seen();
        assert_eq!(seen.len(), 1, "{version}");
        assert_eq!(seen[0]["message"], "How bad is it?", "{version}");
        // Shaped for the revision: the legacy `enumNames` form for 2025-06-18.
        let expected = Triage::requested_schema()
            .for_version(our_version(&version))
            .unwrap();
        assert_eq!(
            seen[0]["requestedSchema"],
            serde_json::to_value(&expected).unwrap(),
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_second_question_depending_on_the_first_works_on_every_revision() {
    for version in SPOKEN {
        if version == ProtocolVersion::V_2025_06_18 {
            continue; // `Impact` is a multi-select, which 2025-06-18 lacks
        }
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "high"}}),
            json!({"action": "accept", "content": {"services": ["login", "search"]}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("two"))
            .await
            .unwrap();
        assert_eq!(
            text(&result),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Login, Search] })",
            "{version}"
        );
        let messages = connection.messages();
        assert_eq!(
            messages,
            [json!("How bad is it?"), json!("Which services?")],
            "{version}"
        );
    }
}

/// What each kind of answer gives the client, on the two revisions that can
/// carry the incident form: the typed answer, or a tool result with
/// `isError: true` whose `structuredContent` names field, value and what was
/// allowed.
#[tokio::test]
async fn every_kind_of_answer_has_its_outcome() {
    let allowed_severities = json!(["low", "high"]);
    let cases = [
        (
            "valid",
            json!({"action": "accept", "content": {"severity": "high", "services": ["search"], "reporter": "ana"}}),
            Ok("Accept(Incident { severity: High, services: [Search], reporter: \"ana\" })"),
        ),
        (
            "title instead of value",
            json!({"action": "accept", "content": {"severity": "High: users are affected", "services": [], "reporter": "ana"}}),
            Err(json!({
                "field": "severity",
                "value": "High: users are affected",
                "allowed": allowed_severities,
                "message": "field `severity`: invalid value \"High: users are affected\": the client sent the title of option \"high\" instead of its value; expected one of \"low\", \"high\"",
            })),
        ),
        (
            "value not offered",
            json!({"action": "accept", "content": {"severity": "urgent", "services": [], "reporter": "ana"}}),
            Err(json!({
                "field": "severity",
                "value": "urgent",
                "allowed": allowed_severities,
                "message": "field `severity`: invalid value \"urgent\": expected one of \"low\", \"high\"",
            })),
        ),
        (
            "string for a multi-select",
            json!({"action": "accept", "content": {"severity": "low", "services": "search", "reporter": "ana"}}),
            Err(json!({
                "field": "services",
                "value": "search",
                "type": "array",
                "message": "field `services`: wrong type: expected an array, found a string (\"search\"); a multi-select answer is an array of strings",
            })),
        ),
        (
            "missing required field",
            json!({"action": "accept", "content": {"severity": "low", "services": []}}),
            Err(json!({
                "field": "reporter",
                "message": "field `reporter`: missing value for a required field",
            })),
        ),
        ("decline", json!({"action": "decline"}), Ok("Decline")),
        ("cancel", json!({"action": "cancel"}), Ok("Cancel")),
    ];
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        for (name, answer, expected) in &cases {
            // A rejected answer is asked again twice before the call ends
            // (never the same answer twice in a row, which ends it sooner).
            connection.answer(vec![answer.clone(), EMPTY.clone(), answer.clone()]);
            let result = connection
                .client
                .call_tool(CallToolRequestParams::new("incident"))
                .await
                .unwrap();
            match expected {
                Ok(expected) => {
                    assert_eq!(text(&result), *expected, "{version} {name}");
                    assert_eq!(result.is_error, Some(false), "{version} {name}");
                    assert_eq!(connection.seen().len(), 1, "{version} {name}");
                }
                Err(entry) => {
                    assert_eq!(connection.seen().len(), 3, "{version} {name}");
                    assert_eq!(result.is_error, Some(true), "{version} {name}");
                    assert_eq!(
                        result.structured_content,
                        Some(json!({"errors": [entry]})),
                        "{version} {name}"
                    );
                    assert_eq!(
                        text(&result),
                        format!(
                            "the client's answer was rejected: {}",
                            entry["message"].as_str().unwrap()
                        ),
                        "{version} {name}"
                    );
                }
            }
        }
    }
}

/// A person's mistake that the client let through is asked again, with
/// the reason in words and what was valid pre-filled, on every revision:
/// another `elicitation/create` before 2026-07-28, another round on it.
#[tokio::test]
async fn a_rejected_answer_is_asked_again_with_the_reason_and_the_valid_parts_kept() {
    let wrong = json!({"action": "accept", "content": {
        "severity": "High: users are affected",
        "services": ["checkout", "search", "login"],
        "reporter": "ana",
    }});
    let right = json!({"action": "accept", "content": {
        "severity": "high", "services": ["search"], "reporter": "ana",
    }});
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![wrong.clone(), right.clone()]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("incident"))
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(false), "{version}");
        assert_eq!(
            text(&result),
            "Accept(Incident { severity: High, services: [Search], reporter: \"ana\" })",
            "{version}"
        );
        let seen = connection.seen();
        assert_eq!(seen.len(), 2, "{version}");
        assert_eq!(seen[0]["message"], "Describe the incident", "{version}");
        assert_eq!(
            seen[1]["message"],
            "Describe the incident\n\n\
             severity: please choose “High: users are affected” again from the list.\n\
             services: pick at most 2; you picked 3.",
            "{version}"
        );
        let properties = &seen[1]["requestedSchema"]["properties"];
        // The option whose title was sent, and the valid text, pre-filled;
        // three services cannot be a default of at most two.
        assert_eq!(properties["severity"]["default"], "high", "{version}");
        assert_eq!(properties["reporter"]["default"], "ana", "{version}");
        assert_eq!(properties["services"].get("default"), None, "{version}");
        assert_eq!(
            seen[0]["requestedSchema"]["properties"]["reporter"].get("default"),
            None,
            "{version}"
        );
    }
}

/// With the second chance off for the server (one attempt), the first
/// rejected answer ends the call.
#[tokio::test]
async fn one_attempt_ends_the_call_at_the_first_rejected_answer() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(
            Desk::new(seal(KEY).with_max_attempts(1)),
            Answerer::new(version.clone()),
        )
        .await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "urgent"}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("two"))
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(true), "{version}");
        assert_eq!(connection.seen().len(), 1, "{version}");
        assert_eq!(
            text(&result),
            "the client's answer was rejected: field `severity`: invalid value \"urgent\": expected one of \"low\", \"high\"",
            "{version}"
        );
    }
}

/// Eleven independent questions asked with one `all` complete on rmcp's
/// own client, which stops after 10 rounds: on 2026-07-28 they share one
/// `input_required` round (every key in one `inputRequests`), then the
/// final round; before, they are asked in turn inside the one call.
#[tokio::test]
async fn eleven_independent_questions_complete_on_rmcps_client() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        let mut answers = vec![json!({"action": "accept", "content": {"yes": true}}); 10];
        answers.push(json!({"action": "decline"}));
        connection.answer(answers);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("eleven"))
            .await
            .unwrap();
        assert_eq!(text(&result), "10 yes", "{version}");
        let messages = connection.messages();
        // In key order (q00..q10), as rmcp's client keeps `inputRequests`.
        let expected: Vec<Value> = (0..11).map(|n| json!(format!("Question {n}?"))).collect();
        assert_eq!(messages, expected, "{version}");
        if version == ProtocolVersion::V_2026_07_28 {
            // One round asked all eleven.
            assert_eq!(connection.lines_with("input_required").len(), 1);
        }
    }
}

/// A deploy (a run-time list of environments, regions and a canary
/// percentage in one derived form, then a confirmation) takes two rounds of
/// questions: one form, one confirmation.
#[tokio::test]
async fn a_deploy_takes_two_rounds_of_questions() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"environment": "prod-eu", "regions": ["eu"], "canary": 5}}),
            json!({"action": "accept", "content": {"confirm": "yes"}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("deploy"))
            .await
            .unwrap();
        assert_eq!(text(&result), "prod-eu [Eu] 5% confirmed=true", "{version}");
        let seen = connection.seen();
        assert_eq!(seen.len(), 2, "{version}");
        assert_eq!(
            seen[0]["requestedSchema"]["properties"]["environment"],
            json!({"type": "string", "title": "Environment", "oneOf": [
                {"const": "staging", "title": "Staging"},
                {"const": "prod-eu", "title": "Production (EU)"},
            ]}),
            "{version}"
        );
        assert_eq!(
            seen[1]["message"], "Deploy billing to prod-eu?",
            "{version}"
        );
        if version == ProtocolVersion::V_2026_07_28 {
            assert_eq!(connection.lines_with("input_required").len(), 2);
        }
    }
}

/// A list of 10,000 options is narrowed: a search first (asked again when
/// it matches too many), then the matching options, the answer the option
/// of the whole list; on every revision.
#[tokio::test]
async fn a_long_list_is_narrowed_by_a_search_first() {
    let key = b"the example server's key, 32 bytes or more";
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(
            conformance_server::ConformanceServer::new(seal(key)),
            Answerer::new(version.clone()),
        )
        .await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"search": "zzz"}}),
            json!({"action": "accept", "content": {"search": "host"}}),
            json!({"action": "accept", "content": {"search": "999"}}),
            json!({"action": "accept", "content": {"choice": "host-4999"}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("test_long_list"))
            .await
            .unwrap();
        assert_eq!(text(&result), "picked host-4999 (#4999)", "{version}");
        let seen = connection.seen();
        assert_eq!(seen.len(), 4, "{version}");
        assert_eq!(
            seen[0]["requestedSchema"],
            json!({"type": "object", "properties": {"search": {
                "type": "string",
                "title": "Search",
                "description": "10000 options: type part of the one you want",
                "minLength": 1,
                "maxLength": 200,
            }}, "required": ["search"]}),
            "{version}"
        );
        assert_eq!(
            seen[1]["message"],
            "Which host?\n\nSearch: nothing matches “zzz”; try another part of the name.",
            "{version}"
        );
        assert_eq!(
            seen[2]["message"],
            "Which host?\n\nSearch: “host” matches 10000 options; type more of the name, so that at most 50 match.",
            "{version}"
        );
        let offered = &seen[3]["requestedSchema"]["properties"]["choice"];
        assert_eq!(offered["title"], "Host", "{version}");
        let values: Vec<&str> = offered["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| option["const"].as_str().unwrap())
            .collect();
        // 0999, 1999, .., 9999 and 9990..9998.
        assert_eq!(values.len(), 19, "{version}");
        assert_eq!(values[0], "host-0999", "{version}");
        assert_eq!(values[18], "host-9999", "{version}");
    }
}

/// A search text refused, as a server's logs and the `data` say it.
#[test]
fn a_search_that_matches_none_or_too_many_is_refused_in_words() {
    let none = enum_schema::Error::from(enum_schema::ErrorKind::NoMatch {
        value: "zzz".to_owned(),
    })
    .in_field("search");
    assert_eq!(
        none.to_string(),
        "field `search`: no option matches \"zzz\""
    );
    let many = enum_schema::Error::from(enum_schema::ErrorKind::TooManyMatches {
        value: "host".to_owned(),
        matches: 10_000,
        limit: 50,
    })
    .in_field("search");
    assert_eq!(
        many.to_string(),
        "field `search`: \"host\" matches 10000 options, more than the 50 one list may offer"
    );
    assert_eq!(
        ElicitError::Invalid(many).data(),
        Some(json!({"errors": [{
            "field": "search",
            "value": "host",
            "matches": 10_000,
            "limit": 50,
            "message": "field `search`: \"host\" matches 10000 options, more than the 50 one list may offer",
        }]}))
    );
}

#[tokio::test]
async fn a_form_built_at_run_time_is_asked_the_same_way() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "low"}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("fields"))
            .await
            .unwrap();
        assert_eq!(text(&result), "Accept((Low, None))", "{version}");
        assert_eq!(
            connection.seen()[0]["requestedSchema"]["required"],
            json!(["severity"]),
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_2025_06_18_client_is_refused_a_multi_select_clearly() {
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2025_06_18)).await;
    let error = connection
        .client
        .call_tool(CallToolRequestParams::new("incident"))
        .await
        .unwrap_err();
    let ServiceError::McpError(error) = error else {
        panic!("expected an error response, got {error:?}");
    };
    assert_eq!(error.code, ErrorCode::INVALID_REQUEST);
    assert_eq!(
        error.message,
        "property \"services\": protocol version 2025-06-18 has no multi-select (array) properties; \
         they arrived in 2025-11-25 (SEP-1330): ask with a single-select, or one boolean per option"
    );
    assert_eq!(
        error.data,
        Some(json!({"protocolVersion": "2025-06-18", "field": "services"}))
    );
    assert_eq!(connection.seen(), Vec::<Value>::new());
}

/// The two server bugs the types let through fail on every revision, before
/// anything is sent, so that they show on the first test whatever the
/// client speaks; the client reads an internal error in protocol words.
#[tokio::test]
async fn asking_outside_the_handler_or_twice_under_one_key_fails_on_every_revision() {
    for version in SPOKEN {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        for (tool, message) in [
            (
                "outside",
                "the server asked for input where its response cannot carry the request",
            ),
            (
                "reused",
                r#"the server asked two questions under the key "q" in one request"#,
            ),
        ] {
            connection.answer(vec![
                json!({"action": "accept", "content": {"severity": "low"}}),
            ]);
            let error = connection
                .client
                .call_tool(CallToolRequestParams::new(tool))
                .await
                .unwrap_err();
            let ServiceError::McpError(error) = error else {
                panic!("{version} {tool}: expected an error response, got {error:?}");
            };
            assert_eq!(error.code, ErrorCode::INTERNAL_ERROR, "{version} {tool}");
            assert_eq!(error.message, message, "{version} {tool}");
        }
    }
}

/// The tool's text for a client that cannot show the `triage` form, where
/// no argument may answer it (`why`: why the client cannot).
pub(crate) fn unasked_triage(why: &str) -> String {
    format!(
        "This client cannot show the person a form ({why}), so these questions were not \
         asked:\n\n- \"How bad is it?\": only a person can answer this, in a client that shows \
         forms (MCP elicitation); no argument can answer it."
    )
}

/// The capabilities of a client that declares `capabilities` as JSON.
fn declaring(capabilities: Value) -> ClientCapabilities {
    serde_json::from_value(capabilities).unwrap()
}

/// A client without form elicitation: the tool ends with the result for
/// the model (`isError: true`), which says what was not asked and why. A
/// client that declares URL-mode elicitation only (`{"url":{}}`, MCP
/// 2025-11-25) shows no forms either, and gets the same result.
#[tokio::test]
async fn a_client_without_elicitation_gets_a_result_for_the_model() {
    for version in SPOKEN {
        for capabilities in [
            ClientCapabilities::default(),
            declaring(json!({"elicitation": {"url": {}}})),
        ] {
            let what = format!(
                "{version} {}",
                serde_json::to_string(&capabilities).unwrap()
            );
            let connection = connect(
                desk(),
                Answerer::new(version.clone()).with_capabilities(capabilities),
            )
            .await;
            let result = connection
                .client
                .call_tool(CallToolRequestParams::new("two"))
                .await
                .unwrap();
            assert_eq!(result.is_error, Some(true), "{what}");
            assert_eq!(
                text(&result),
                unasked_triage("it did not declare form elicitation"),
                "{what}"
            );
            let data = result.structured_content.unwrap();
            assert_eq!(
                data["requiredCapabilities"],
                json!({"elicitation": {"form": {}}}),
                "{what}"
            );
            assert_eq!(data["unasked"][0]["key"], "triage", "{what}");
            assert_eq!(data["unasked"][0]["argument"], Value::Null, "{what}");
            assert_eq!(connection.seen(), Vec::<Value>::new(), "{what}");
        }
    }
}

/// URL mode beside form mode takes nothing away: a client that declares
/// both (`{"form":{},"url":{}}`) is asked the form, as is one that
/// declares `{}` (form mode, MCP 2025-11-25 on).
#[tokio::test]
async fn a_client_with_url_and_form_elicitation_is_asked_the_form() {
    for version in SPOKEN {
        for capabilities in [json!({"form": {}, "url": {}}), json!({})] {
            let what = format!("{version} {capabilities}");
            let connection = connect(
                desk(),
                Answerer::new(version.clone())
                    .with_capabilities(declaring(json!({ "elicitation": capabilities }))),
            )
            .await;
            connection.answer(vec![
                json!({"action": "accept", "content": {"severity": "low"}}),
            ]);
            let result = connection
                .client
                .call_tool(CallToolRequestParams::new("two"))
                .await
                .unwrap();
            assert_eq!(text(&result), "Accept(Triage { severity: Low })", "{what}");
            let seen = connection.seen();
            assert_eq!(seen.len(), 1, "{what}");
            assert_eq!(seen[0]["message"], "How bad is it?", "{what}");
        }
    }
}

/// A blank optional field sent as `null` by rmcp's client is the field
/// left out, on every revision: accepted at once (never asked again), the
/// next question asked, the default of a field with one filled in; on
/// 2026-07-28 in a round of its own, then the next. A required field's
/// `null` is still refused, and asked again with the reason.
#[tokio::test]
async fn a_null_for_an_optional_field_is_the_field_left_out() {
    for version in SPOKEN {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"title": "disk full", "detail": null, "copies": null}}),
            json!({"action": "accept", "content": {"yes": true}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("note"))
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(false), "{version}");
        assert_eq!(
            text(&result),
            r#"Accept(Note { title: "disk full", detail: None, copies: 2 }) Accept(Answer { yes: true })"#,
            "{version}"
        );
        let messages = connection.messages();
        assert_eq!(
            messages,
            [json!("Add a note"), json!("Page someone?")],
            "{version}"
        );
        if version == ProtocolVersion::V_2026_07_28 {
            assert_eq!(connection.lines_with("input_required").len(), 2);
        }

        connection.answer(vec![
            json!({"action": "accept", "content": {"title": null}}),
            json!({"action": "accept", "content": {"title": "disk full"}}),
            json!({"action": "accept", "content": {"yes": false}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("note"))
            .await
            .unwrap();
        assert_eq!(
            text(&result),
            r#"Accept(Note { title: "disk full", detail: None, copies: 2 }) Accept(Answer { yes: false })"#,
            "{version}"
        );
        let messages = connection.messages();
        assert_eq!(
            messages,
            [
                json!("Add a note"),
                json!("Add a note\n\ntitle: the answer must be a text."),
                json!("Page someone?")
            ],
            "{version}"
        );
    }
}

/// The properties, and the keys inside each, reach the client in declaration
/// order: the raw bytes on the transport hold the form exactly as this
/// crate serializes it.
#[tokio::test]
async fn fields_arrive_in_declaration_order_on_the_raw_transport() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![json!({"action": "cancel"})]);
        connection
            .client
            .call_tool(CallToolRequestParams::new("incident"))
            .await
            .unwrap();
        let schema = serde_json::to_string(&Incident::requested_schema()).unwrap();
        assert!(
            schema.starts_with(
                r#"{"type":"object","properties":{"severity":{"type":"string","description":"How bad is it?","oneOf":"#
            ),
            "{schema}"
        );
        let needle = format!(r#""requestedSchema":{schema}"#);
        let method = if version == ProtocolVersion::V_2026_07_28 {
            r#""resultType":"input_required""#
        } else {
            r#""method":"elicitation/create""#
        };
        let lines = connection.lines_with(method);
        assert_eq!(lines.len(), 1, "{version}: {lines:?}");
        assert!(lines[0].contains(&needle), "{version}: {}", lines[0]);
    }
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2025_06_18)).await;
    connection.answer(vec![json!({"action": "cancel"})]);
    connection
        .client
        .call_tool(CallToolRequestParams::new("two"))
        .await
        .unwrap();
    let legacy = Triage::requested_schema()
        .for_version(enum_schema::ProtocolVersion::V2025_06_18)
        .unwrap();
    let needle = format!(
        r#""requestedSchema":{}"#,
        serde_json::to_string(&legacy).unwrap()
    );
    let lines = connection.lines_with(r#""method":"elicitation/create""#);
    assert!(lines[0].contains(&needle), "{}", lines[0]);
}

#[tokio::test]
async fn prompts_and_resources_ask_the_same_way() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "high"}}),
        ]);
        let prompt = connection
            .client
            .get_prompt(GetPromptRequestParams::new("report"))
            .await
            .unwrap();
        assert_eq!(
            serde_json::to_value(&prompt.messages).unwrap(),
            json!([{"role": "user", "content": {"type": "text", "text": "Write the report for Accept(Triage { severity: High })"}}]),
            "{version}"
        );
        connection.answer(vec![json!({"action": "decline"})]);
        let resource = connection
            .client
            .read_resource(ReadResourceRequestParams::new("incident://current"))
            .await
            .unwrap();
        assert_eq!(
            serde_json::to_value(&resource.contents).unwrap(),
            json!([{"uri": "incident://current", "mimeType": "text/plain", "text": "Decline"}]),
            "{version}"
        );
        // A prompt has no error result: an answer rejected as often as the
        // question may be asked (3 times) is a JSON-RPC error.
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "urgent"}}),
            EMPTY.clone(),
            json!({"action": "accept", "content": {"severity": "urgent"}}),
        ]);
        let error = connection
            .client
            .get_prompt(GetPromptRequestParams::new("report"))
            .await
            .unwrap_err();
        let ServiceError::McpError(error) = error else {
            panic!("{version}: expected an error response, got {error:?}");
        };
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{version}");
        assert_eq!(
            error.message,
            "the client's answer was rejected: field `severity`: invalid value \"urgent\": expected one of \"low\", \"high\""
        );
        assert_eq!(
            error.data.unwrap()["errors"][0]["allowed"],
            json!(["low", "high"])
        );
    }
}

/// One round of a 2026-07-28 call, driven by hand.
async fn round(
    connection: &Connection,
    tool: &'static str,
    arguments: Option<Value>,
    responses: Option<Value>,
    state: Option<&str>,
) -> Result<CallToolResponse, ServiceError> {
    let mut params = CallToolRequestParams::new(tool);
    if let Some(Value::Object(arguments)) = arguments {
        params = params.with_arguments(arguments);
    }
    if let Some(responses) = responses {
        let responses: InputResponses = serde_json::from_value(responses).unwrap();
        params = params.with_input_responses(responses);
    }
    if let Some(state) = state {
        params = params.with_request_state(state);
    }
    connection.client.call_tool_once(params).await
}

fn input_required(response: Result<CallToolResponse, ServiceError>) -> InputRequiredResult {
    match response {
        Ok(CallToolResponse::InputRequired(result)) => result,
        other => panic!("expected input_required, got {other:?}"),
    }
}

const REFUSED_STATE: &str = "requestState was not issued by this server for this request; \
     send the request again without requestState and inputResponses";

const EXPIRED_STATE: &str =
    "requestState has expired; send the request again without requestState and inputResponses";

/// Asserts a refusal with `message`; for a refused state, its `data`
/// names the reason (issue 45), `"invalid"` or `"expired"`.
fn assert_refused(response: Result<CallToolResponse, ServiceError>, message: &str) -> ErrorData {
    match response {
        Err(ServiceError::McpError(error)) => {
            assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
            assert_eq!(error.message, message);
            let reason = match message {
                REFUSED_STATE => Some("invalid"),
                EXPIRED_STATE => Some("expired"),
                _ => None,
            };
            if let Some(reason) = reason {
                assert_eq!(error.data, Some(json!({"requestState": reason})));
            }
            error
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The second round's sealed state of the `two` tool, after "high".
async fn sealed_after_high(
    connection: &Connection,
    tool: &'static str,
    arguments: Option<Value>,
) -> String {
    let first = input_required(round(connection, tool, arguments.clone(), None, None).await);
    // Every round that asks seals a state, the first included: the answer
    // counts only with the state of the round that asked it.
    let asked = first
        .request_state
        .expect("the round that asks seals its question");
    assert_eq!(
        first.input_requests.unwrap().keys().collect::<Vec<_>>(),
        ["triage"]
    );
    let second = input_required(
        round(
            connection,
            tool,
            arguments,
            Some(json!({"triage": {"action": "accept", "content": {"severity": "high"}}})),
            Some(&asked),
        )
        .await,
    );
    assert_eq!(
        second.input_requests.unwrap().keys().collect::<Vec<_>>(),
        ["impact"]
    );
    second.request_state.expect("the first answer is sealed")
}

#[tokio::test]
async fn the_sealed_state_carries_earlier_answers_and_nothing_else_gets_in() {
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2026_07_28)).await;
    let impact = json!({"impact": {"action": "accept", "content": {"services": ["checkout"]}}});
    let state = sealed_after_high(&connection, "two", None).await;

    // The honest retry completes, with the first answer from the state.
    match round(&connection, "two", None, Some(impact.clone()), Some(&state)).await {
        Ok(CallToolResponse::Complete(result)) => assert_eq!(
            text(&result),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Checkout] })"
        ),
        other => panic!("expected the result, got {other:?}"),
    }

    // Tampered: one character of the sealed body changed.
    let mut tampered = state.clone().into_bytes();
    let middle = state.len() / 2;
    tampered[middle] = if tampered[middle] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    assert_refused(
        round(
            &connection,
            "two",
            None,
            Some(impact.clone()),
            Some(&tampered),
        )
        .await,
        REFUSED_STATE,
    );

    // Unsealed: the same answers, written by the client.
    let forged = r#"{"answers":{"triage":{"action":"accept","content":{"severity":"high"}}}}"#;
    assert_refused(
        round(&connection, "two", None, Some(impact.clone()), Some(forged)).await,
        REFUSED_STATE,
    );

    // Foreign: sealed for another tool with the same questions.
    assert_refused(
        round(
            &connection,
            "two_again",
            None,
            Some(impact.clone()),
            Some(&state),
        )
        .await,
        REFUSED_STATE,
    );

    // Foreign: sealed by a server with another key.
    let other = connect(
        Desk::new(seal(b"another request state key, 32 bytes or more")),
        Answerer::new(ProtocolVersion::V_2026_07_28),
    )
    .await;
    assert_refused(
        round(&other, "two", None, Some(impact.clone()), Some(&state)).await,
        REFUSED_STATE,
    );

    // A changed answer to the sealed question, on a call of its own (this
    // one completed, and a call completes once): the state's round did not
    // ask it, so the change is ignored and the sealed answer holds.
    let state = sealed_after_high(&connection, "two", None).await;
    let mut changed = impact.clone();
    changed["triage"] = json!({"action": "accept", "content": {"severity": "low"}});
    match round(&connection, "two", None, Some(changed), Some(&state)).await {
        Ok(CallToolResponse::Complete(result)) => assert_eq!(
            text(&result),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Checkout] })"
        ),
        other => panic!("expected the result, got {other:?}"),
    }
}

/// No arguments and `"arguments": {}` are the same request: a state sealed
/// for one serves the other.
#[tokio::test]
async fn no_arguments_and_empty_arguments_are_one_binding() {
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2026_07_28)).await;
    let state = sealed_after_high(&connection, "two", None).await;
    let impact = json!({"impact": {"action": "accept", "content": {"services": ["login"]}}});
    match round(
        &connection,
        "two",
        Some(json!({})),
        Some(impact),
        Some(&state),
    )
    .await
    {
        Ok(CallToolResponse::Complete(result)) => assert_eq!(
            text(&result),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })"
        ),
        other => panic!("expected the result, got {other:?}"),
    }
}

#[tokio::test]
async fn the_sealed_state_is_bound_to_the_arguments() {
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2026_07_28)).await;
    let state = sealed_after_high(&connection, "ticket", Some(json!({"ticket": 7}))).await;
    let impact = json!({"impact": {"action": "accept", "content": {"services": ["login"]}}});
    assert_refused(
        round(
            &connection,
            "ticket",
            Some(json!({"ticket": 8})),
            Some(impact.clone()),
            Some(&state),
        )
        .await,
        REFUSED_STATE,
    );
    match round(
        &connection,
        "ticket",
        Some(json!({"ticket": 7})),
        Some(impact),
        Some(&state),
    )
    .await
    {
        Ok(CallToolResponse::Complete(result)) => assert_eq!(
            text(&result),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })"
        ),
        other => panic!("expected the result, got {other:?}"),
    }
}

/// `Ask` listed after `Parameters` would see no arguments, and bind every
/// call's answers to none: a state of `ticket: 7` would pass in a call
/// for `ticket: 8`. The tool requires arguments, so the order is refused
/// on every revision, before anything is asked; with `Ask` first the same
/// replay is refused (the test above).
#[tokio::test]
async fn ask_after_parameters_is_refused_on_every_revision_before_anything_is_asked() {
    for version in SPOKEN {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "high"}}),
        ]);
        let error = match round(
            &connection,
            "ticket_late",
            Some(json!({"ticket": 7})),
            None,
            None,
        )
        .await
        {
            Err(ServiceError::McpError(error)) => error,
            other => panic!("{version}: expected an error response, got {other:?}"),
        };
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{version}");
        assert_eq!(error.message, no_arguments("ticket_late"), "{version}");
        assert_eq!(
            connection.seen(),
            Vec::<Value>::new(),
            "{version}: nothing was asked"
        );
        // With `Ask` first, a request without the required arguments is
        // refused the same way.
        let error = match round(&connection, "ticket", None, None, None).await {
            Err(ServiceError::McpError(error)) => error,
            other => panic!("{version}: expected an error response, got {other:?}"),
        };
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{version}");
        assert!(error.message == no_arguments("ticket"), "{version}");
    }
}

/// The refusal as the client reads it: it cannot tell a request without
/// arguments from a server that took them too early, so it blames neither
/// (the server's log names the extractors: tests/rmcp/refund.rs).
fn no_arguments(tool: &str) -> String {
    format!(
        "tool \"{tool}\" declares arguments, and the server found none where it binds its \
         questions to them, so nothing was asked: either this request has no `arguments` (send \
         them, `{{}}` to leave out every optional one), or the server reads them too early, \
         which its log names"
    )
}

/// The replay the order allowed: a tool whose arguments are all optional,
/// `Parameters` listed before `Ask`. rmcp cannot tell arguments the
/// extractor took from arguments the client left out, so where a
/// `requestState` would bind the arguments (2026-07-28, a client that
/// shows forms) a call where `Ask` finds none is refused: the wrong order
/// fails on its first such call, whatever the client sends, and a state
/// sealed for `purpose: audit` can never be replayed for `purpose: evil`.
/// Before 2026-07-28 nothing outlives the call, and the call runs.
#[tokio::test]
async fn optional_arguments_are_bound_or_the_call_is_refused() {
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2026_07_28)).await;
    for arguments in [Some(json!({"purpose": "audit"})), Some(json!({})), None] {
        let error = match round(&connection, "audit_late", arguments.clone(), None, None).await {
            Err(ServiceError::McpError(error)) => error,
            other => panic!("{arguments:?}: expected an error, got {other:?}"),
        };
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
        assert_eq!(error.message, no_arguments("audit_late"));
    }
    // With `Ask` first, a client that leaves every argument out sends an
    // empty object; sending none is refused the same way.
    let error = match round(&connection, "audit", None, None, None).await {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("expected an error response, got {other:?}"),
    };
    assert_eq!(error.message, no_arguments("audit"));
    // A requestState without arguments is refused on every revision.
    let state = sealed_after_high(&connection, "audit", Some(json!({}))).await;
    for version in SPOKEN {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        let error = match round(&connection, "audit", None, None, Some(&state)).await {
            Err(ServiceError::McpError(error)) => error,
            other => panic!("{version}: expected an error response, got {other:?}"),
        };
        assert_eq!(error.message, no_arguments("audit"), "{version}");
    }

    // Before 2026-07-28 each question is asked inside the call: the order
    // binds nothing that outlives it, and the call runs.
    for version in [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25] {
        let connection = connect(desk(), Answerer::new(version.clone())).await;
        for tool in ["audit", "audit_late"] {
            connection.answer(vec![
                json!({"action": "accept", "content": {"severity": "low"}}),
            ]);
            let result = round(&connection, tool, None, None, None).await;
            match result {
                Ok(CallToolResponse::Complete(result)) => {
                    assert_eq!(
                        text(&result),
                        "Accept(Triage { severity: Low })",
                        "{version}"
                    );
                }
                other => panic!("{version} {tool}: expected the result, got {other:?}"),
            }
        }
    }

    // With `Ask` first, the state is bound to the optional argument.
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2026_07_28)).await;
    let state = sealed_after_high(&connection, "audit", Some(json!({"purpose": "audit"}))).await;
    let impact = json!({"impact": {"action": "accept", "content": {"services": ["login"]}}});
    for evil in [json!({"purpose": "evil"}), json!({})] {
        assert_refused(
            round(
                &connection,
                "audit",
                Some(evil),
                Some(impact.clone()),
                Some(&state),
            )
            .await,
            REFUSED_STATE,
        );
    }
    match round(
        &connection,
        "audit",
        Some(json!({"purpose": "audit"})),
        Some(impact),
        Some(&state),
    )
    .await
    {
        Ok(CallToolResponse::Complete(result)) => assert_eq!(
            text(&result),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })"
        ),
        other => panic!("expected the result, got {other:?}"),
    }
    // An empty object is a call that leaves every argument out.
    let state = sealed_after_high(&connection, "audit", Some(json!({}))).await;
    let impact = json!({"impact": {"action": "accept", "content": {"services": ["checkout"]}}});
    match round(
        &connection,
        "audit",
        Some(json!({})),
        Some(impact),
        Some(&state),
    )
    .await
    {
        Ok(CallToolResponse::Complete(result)) => assert_eq!(
            text(&result),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Checkout] })"
        ),
        other => panic!("expected the result, got {other:?}"),
    }
}

/// A person who takes their time on 2025-11-25: while the call waits for
/// each `elicitation/create` answer, the server sends
/// `notifications/progress` on the call's `progressToken`, `progress`
/// growing across the call, so that a client that resets its timeout on
/// progress keeps the call open. The client answers only after five, one
/// a second: it takes at least 5 s (no timing is asserted: it waits for
/// them).
#[tokio::test]
async fn a_long_wait_sends_progress_on_the_calls_token() {
    let connection = connect(
        // The shortest interval there is: one second.
        Desk::new(seal(KEY).with_progress_interval(Some(Duration::from_millis(20)))),
        Answerer::new(ProtocolVersion::V_2025_11_25).waiting_for_progress(5),
    )
    .await;
    connection.answer(vec![
        json!({"action": "accept", "content": {"severity": "high"}}),
        json!({"action": "accept", "content": {"services": ["login"]}}),
    ]);
    // rmcp's client gives every request a `progressToken` of its own.
    let result = connection
        .client
        .call_tool(CallToolRequestParams::new("two"))
        .await
        .unwrap();
    assert_eq!(
        text(&result),
        "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })"
    );
    let received = connection.answerer().progress();
    // Five before the first answer, then more until the second: at least
    // five, each on the call's token, the progress growing by one.
    assert!(received.len() >= 5, "{received:?}");
    let token = &received[0]["progressToken"];
    assert!(token.is_number() || token.is_string(), "{token}");
    for (index, progress) in received.iter().enumerate() {
        assert_eq!(&progress["progressToken"], token);
        #[allow(clippy::cast_precision_loss)]
        let expected = (index + 1) as f64;
        assert_eq!(progress["progress"].as_f64(), Some(expected));
        assert_eq!(progress["message"], "Waiting for the person to answer");
    }
}

/// A schema with no top-level `properties` still declares arguments: a map
/// (`additionalProperties`), a tagged enum (`oneOf`). `Parameters` before
/// `Ask` is refused where a state would bind them, as for properties.
#[tokio::test]
async fn a_map_of_arguments_is_declared_too() {
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2026_07_28)).await;
    let error = match round(
        &connection,
        "map_late",
        Some(json!({"repo": "prod"})),
        None,
        None,
    )
    .await
    {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("expected an error, got {other:?}"),
    };
    assert_eq!(error.message, no_arguments("map_late"));
}

/// `Parameters` before `Ask` takes the argument a question may be answered
/// by: the question is refused on every revision and whatever the client
/// shows, rather than asked as if the model had sent nothing (and the
/// model told to send what it sent).
#[tokio::test]
async fn a_question_whose_argument_was_taken_is_refused() {
    for version in SPOKEN {
        for capabilities in [
            ClientCapabilities::builder().enable_elicitation().build(),
            ClientCapabilities::default(),
        ] {
            let connection = connect(
                desk(),
                Answerer::new(version.clone()).with_capabilities(capabilities),
            )
            .await;
            let arguments = json!({"triage": {"severity": "high"}});
            let error = match round(&connection, "argument_late", Some(arguments), None, None).await
            {
                Err(ServiceError::McpError(error)) => error,
                other => panic!("{version}: expected an error, got {other:?}"),
            };
            assert_eq!(error.message, no_arguments("argument_late"), "{version}");
            assert_eq!(connection.seen(), Vec::<Value>::new());
        }
    }
}

/// Issue 45: a client or proxy that retries tells "this call already
/// completed; do not send it again" from "start the call over" by the
/// error's `data`, not its English: a replay of the round that completed
/// the call is `{"requestState":"completed"}` and nothing that invites a
/// new call, the same with an answer store and without; an altered state
/// is `"invalid"`; a round that only asked, replayed with a store,
/// `"used"`.
#[tokio::test]
async fn a_replay_of_a_completed_call_is_told_apart_from_one_to_start_over() {
    const COMPLETED: &str = "the call this requestState belongs to already completed (or is \
         completing): what it did is done once, and not again, and its result is not sent \
         twice; do not send this request again";
    const USED: &str = "requestState was already used, or the answers it stands for are no \
         longer held by the server; a requestState is accepted once: continue from the \
         response to the request that used it, or send the request again without \
         requestState and inputResponses, which asks the person again";
    let impact = || json!({"impact": {"action": "accept", "content": {"services": ["login"]}}});
    for stored in [false, true] {
        let mut sealed = seal(KEY);
        if stored {
            sealed = sealed.with_store(enum_schema::ask::MemoryStore::new());
        }
        let connection = connect(
            Desk::new(sealed),
            Answerer::new(ProtocolVersion::V_2026_07_28),
        )
        .await;
        let state = sealed_after_high(&connection, "two", None).await;
        let done = round(&connection, "two", None, Some(impact()), Some(&state)).await;
        assert!(
            matches!(done, Ok(CallToolResponse::Complete(_))),
            "{done:?}"
        );
        for _ in 0..2 {
            let again = assert_refused(
                round(&connection, "two", None, Some(impact()), Some(&state)).await,
                COMPLETED,
            );
            assert_eq!(
                again.data,
                Some(json!({"requestState": "completed"})),
                "stored: {stored}"
            );
            assert!(!again.message.contains("without requestState"));
        }
        // An altered state: start over.
        let mut altered = state.clone().into_bytes();
        let last = altered.len() - 2;
        altered[last] = if altered[last] == b'A' { b'B' } else { b'A' };
        let altered = String::from_utf8(altered).unwrap();
        assert_refused(
            round(&connection, "two", None, Some(impact()), Some(&altered)).await,
            REFUSED_STATE,
        );
        // A round that only asked, sent again: with a store its handle was
        // used; without one it asks again.
        let asked = sealed_after_high(&connection, "two", None).await;
        let third = round(&connection, "two", None, Some(impact()), Some(&asked)).await;
        assert!(
            matches!(third, Ok(CallToolResponse::Complete(_))),
            "{third:?}"
        );
        let first = input_required(round(&connection, "two", None, None, None).await)
            .request_state
            .unwrap();
        let high = || json!({"triage": {"action": "accept", "content": {"severity": "high"}}});
        input_required(round(&connection, "two", None, Some(high()), Some(&first)).await);
        let replayed = round(&connection, "two", None, Some(high()), Some(&first)).await;
        if stored {
            let used = assert_refused(replayed, USED);
            assert_eq!(used.data, Some(json!({"requestState": "used"})));
        } else {
            input_required(replayed);
        }
    }
}

#[tokio::test]
async fn an_expired_state_is_refused() {
    let connection = connect(
        // Long enough for the two rounds that seal (every round that asks
        // seals a state, the first included), however loaded the machine.
        Desk::new(seal(KEY).with_ttl(Duration::from_secs(1))),
        Answerer::new(ProtocolVersion::V_2026_07_28),
    )
    .await;
    let state = sealed_after_high(&connection, "two", None).await;
    // Past the time to live of one second.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let impact = json!({"impact": {"action": "accept", "content": {"services": ["login"]}}});
    assert_refused(
        round(&connection, "two", None, Some(impact), Some(&state)).await,
        EXPIRED_STATE,
    );
}

#[tokio::test]
async fn a_client_of_a_revision_without_elicitation_gets_a_result_for_the_model() {
    let connection = connect(desk(), Answerer::new(ProtocolVersion::V_2025_03_26)).await;
    let result = connection
        .client
        .call_tool(CallToolRequestParams::new("two"))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text(&result),
        unasked_triage("it speaks MCP 2025-03-26, which has no elicitation")
    );
    assert_eq!(connection.seen(), Vec::<Value>::new());
}

#[test]
fn the_refusal_keeps_the_detail_for_the_server() {
    let error = ElicitError::RequestState(enum_schema::ask::RequestStateError::Expired);
    assert_eq!(error.to_string(), EXPIRED_STATE);
    assert_eq!(
        std::error::Error::source(&error).map(ToString::to_string),
        Some("older than its time to live".to_owned())
    );
    let wire = ErrorData::from(error);
    assert_eq!(wire.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(wire.data, Some(json!({"requestState": "expired"})));
}

/// Each error as the client receives it: code, message and `data`, and no
/// Rust item named anywhere.
#[test]
fn every_error_speaks_protocol() {
    let cases = [
        (
            ElicitError::Unsupported {
                method: "elicitation/create",
            },
            ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY,
            "the client did not declare the elicitation capability (form mode), so it cannot be sent elicitation/create",
            Some(json!({"requiredCapabilities": {"elicitation": {"form": {}}}})),
        ),
        (
            ElicitError::NoServerRequests {
                version: "2026-07-28".to_owned(),
            },
            ErrorCode::INVALID_REQUEST,
            "protocol version 2026-07-28 has no server-to-client requests, so elicitation/create \
             cannot be sent; the server has to ask inside the result (input_required)",
            None,
        ),
        (
            ElicitError::InputRequired(Box::new(
                enum_schema::ask::adapter::InputRequiredResult::new().with_request_state("s").unwrap(),
            )),
            ErrorCode::INTERNAL_ERROR,
            "the server needs the client's input, which this response cannot ask for",
            None,
        ),
        (
            ElicitError::Invalid(
                enum_schema::Error::from(enum_schema::ErrorKind::MissingField)
                    .in_field("reporter"),
            ),
            ErrorCode::INVALID_PARAMS,
            "the client's answer was rejected: field `reporter`: missing value for a required field",
            Some(json!({"errors": [{
                "field": "reporter",
                "message": "field `reporter`: missing value for a required field",
            }]})),
        ),
        (
            ElicitError::from(ErrorData::resource_not_found("no such incident", None)),
            ErrorCode::RESOURCE_NOT_FOUND,
            "no such incident",
            None,
        ),
    ];
    for (error, code, message, data) in cases {
        assert_eq!(error.to_string(), message);
        let wire = ErrorData::from(error);
        assert_eq!(wire.code, code, "{message}");
        assert_eq!(wire.message, message);
        assert_eq!(wire.data, data, "{message}");
        assert!(!message.contains("::") && !message.contains("enum_schema"));
    }
}

/// rmcp's own client against the example server's tools, on every revision
/// it speaks: the same answers and outcomes as the Python and TypeScript SDK
/// clients of `.ci/clients.sh`.
#[tokio::test]
async fn rmcp_client_against_the_example_server() {
    let valid = json!({
        "untitledSingle": "option2",
        "titledSingle": "value3",
        "legacyEnum": "opt1",
        "untitledMulti": ["option1", "option3"],
        "titledMulti": ["value2"],
    });
    let changed = |field: &str, value: Option<Value>| {
        let mut content = valid.clone();
        match value {
            Some(value) => content[field] = value,
            None => {
                content.as_object_mut().unwrap().remove(field);
            }
        }
        json!({"action": "accept", "content": content})
    };
    let cases = [
        (
            "valid answer",
            json!({"action": "accept", "content": valid}),
            Ok("Elicitation completed: action=accept, content={\"untitledSingle\":\"option2\",\"titledSingle\":\"value3\",\"legacyEnum\":\"opt1\",\"untitledMulti\":[\"option1\",\"option3\"],\"titledMulti\":[\"value2\"]}"),
        ),
        (
            "title instead of value",
            changed("titledSingle", Some(json!("First Option"))),
            Err(json!({"field": "titledSingle", "value": "First Option", "allowed": ["value1", "value2", "value3"]})),
        ),
        (
            "value not offered",
            changed("untitledSingle", Some(json!("option9"))),
            Err(json!({"field": "untitledSingle", "value": "option9", "allowed": ["option1", "option2", "option3"]})),
        ),
        (
            "string for a multi-select",
            changed("untitledMulti", Some(json!("option1"))),
            Err(json!({"field": "untitledMulti", "value": "option1", "type": "array"})),
        ),
        (
            "missing required field",
            changed("legacyEnum", None),
            Err(json!({"field": "legacyEnum"})),
        ),
        ("decline", json!({"action": "decline"}), Ok("Elicitation completed: action=decline, content={}")),
        ("cancel", json!({"action": "cancel"}), Ok("Elicitation completed: action=cancel, content={}")),
    ];
    let key = b"the example server's key, 32 bytes or more";
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(
            conformance_server::ConformanceServer::new(seal(key)),
            Answerer::new(version.clone()),
        )
        .await;
        for (name, answer, expected) in &cases {
            // Asked three times before a rejected answer ends the call
            // (never the same answer twice in a row, which ends it sooner).
            connection.answer(vec![answer.clone(), EMPTY.clone(), answer.clone()]);
            let result = connection
                .client
                .call_tool(CallToolRequestParams::new("test_elicitation_sep1330_enums"))
                .await
                .unwrap();
            let properties = &connection.seen()[0]["requestedSchema"]["properties"];
            assert_eq!(
                properties.as_object().unwrap().keys().collect::<Vec<_>>(),
                [
                    "untitledSingle",
                    "titledSingle",
                    "legacyEnum",
                    "untitledMulti",
                    "titledMulti"
                ],
                "{version} {name}"
            );
            let titles: Vec<_> = properties
                .as_object()
                .unwrap()
                .values()
                .map(|property| property["title"].as_str())
                .collect();
            assert_eq!(
                titles,
                [
                    Some("Pick one option"),
                    Some("Pick one titled option"),
                    Some("Pick one option (legacy list)"),
                    Some("Pick any options"),
                    Some("Pick any titled choices")
                ],
                "{version} {name}"
            );
            match expected {
                Ok(expected) => assert_eq!(text(&result), *expected, "{version} {name}"),
                Err(expected) => {
                    assert_eq!(result.is_error, Some(true), "{version} {name}");
                    let entry = &result.structured_content.as_ref().unwrap()["errors"][0];
                    for (key, value) in expected.as_object().unwrap() {
                        assert_eq!(&entry[key], value, "{version} {name} {key}");
                    }
                }
            }
        }
        connection.answer(vec![
            json!({"action": "accept", "content": {"severity": "high"}}),
            json!({"action": "accept", "content": {"services": ["search", "login"]}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("test_two_questions"))
            .await
            .unwrap();
        assert_eq!(
            text(&result),
            "Elicitation completed: action=accept, content={\"severity\":\"high\"}; \
             Elicitation completed: action=accept, content={\"services\":[\"search\",\"login\"]}",
            "{version}"
        );

        // The yes/no question: a titled select of two options, no default.
        for (answer, expected) in [
            ("yes", "confirmed: deploying billing to prod-eu"),
            ("no", "not confirmed: nothing deployed"),
        ] {
            connection.answer(vec![
                json!({"action": "accept", "content": {"confirm": answer}}),
            ]);
            let result = connection
                .client
                .call_tool(CallToolRequestParams::new("test_confirm"))
                .await
                .unwrap();
            assert_eq!(text(&result), expected, "{version} {answer}");
            assert_eq!(
                connection.seen()[0],
                json!({
                    "mode": "form",
                    "message": "Deploy billing to prod-eu?",
                    "requestedSchema": {
                        "type": "object",
                        "properties": {"confirm": {
                            "type": "string",
                            "oneOf": [{"const": "yes", "title": "Yes"}, {"const": "no", "title": "No"}],
                        }},
                        "required": ["confirm"],
                    },
                }),
                "{version} {answer}"
            );
        }
    }

    // 2025-06-18: the defaults form goes out without its defaults, and the
    // form with multi-selects is refused, naming the first one.
    let connection = connect(
        conformance_server::ConformanceServer::new(seal(key)),
        Answerer::new(ProtocolVersion::V_2025_06_18),
    )
    .await;
    connection.answer(vec![json!({"action": "accept", "content": {
        "name": "Ada", "age": 36, "score": 99.5, "status": "pending", "verified": false,
    }})]);
    let result = connection
        .client
        .call_tool(CallToolRequestParams::new(
            "test_elicitation_sep1034_defaults",
        ))
        .await
        .unwrap();
    assert_eq!(
        text(&result),
        "Elicitation completed: action=accept, content={\"name\":\"Ada\",\"age\":36,\"score\":99.5,\"status\":\"pending\",\"verified\":false}"
    );
    let status = &connection.seen()[0]["requestedSchema"]["properties"]["status"];
    assert_eq!(status.get("default"), None);
    // The yes/no question in 2025-06-18's one titled shape.
    connection.answer(vec![
        json!({"action": "accept", "content": {"confirm": "yes"}}),
    ]);
    let result = connection
        .client
        .call_tool(CallToolRequestParams::new("test_confirm"))
        .await
        .unwrap();
    assert_eq!(text(&result), "confirmed: deploying billing to prod-eu");
    assert_eq!(
        connection.seen()[0]["requestedSchema"]["properties"]["confirm"],
        json!({"type": "string", "enum": ["yes", "no"], "enumNames": ["Yes", "No"]}),
    );
    let error = connection
        .client
        .call_tool(CallToolRequestParams::new("test_elicitation_sep1330_enums"))
        .await
        .unwrap_err();
    let ServiceError::McpError(error) = error else {
        panic!("expected an error response, got {error:?}");
    };
    assert_eq!(error.code, ErrorCode::INVALID_REQUEST);
    assert_eq!(
        error.message,
        "property \"untitledMulti\": protocol version 2025-06-18 has no multi-select (array) properties; \
         they arrived in 2025-11-25 (SEP-1330): ask with a single-select, or one boolean per option"
    );
}
