//! A tool author's first hour (issue 48), through rmcp's own client on
//! every revision it speaks: the guide's `refund` tool (ordinary
//! arguments read by `ask.arguments()`, one derived enum asked on its own
//! with `Question::choice`, which its argument may answer, then a
//! `Confirm` naming the option's title), the same enum as a multi-select,
//! and the extractor order: `Parameters` listed before `Ask` is refused
//! with a message that blames no one, and logged for the server's author,
//! once, naming both types and the fix.

use std::sync::{Arc, Mutex, OnceLock};

use enum_schema::ask::{ElicitError, Question, RequestStateSeal};
use enum_schema::rmcp::Ask;
use enum_schema::{Confirm, ElicitAction, ElicitEnum};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::schema_for_type;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ErrorCode, InputResponses, JsonObject, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::ServiceError;
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use serde_json::{json, Value};

use super::connection::{connect, seal, text, Answerer, Connection, KEY, SPOKEN};

/// Why is the order refunded?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "snake_case", title = "Reason")]
enum Reason {
    #[elicit(title = "Arrived late")]
    Late,
    #[elicit(title = "Arrived damaged")]
    Damaged,
    #[elicit(title = "Not as described")]
    NotAsDescribed,
    #[elicit(title = "Changed their mind")]
    ChangedMind,
}

/// The tool's ordinary arguments.
#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct Refund {
    /// The order to refund.
    order: String,
    /// The amount to refund, in euros.
    amount: f64,
}

/// Arguments that are all optional.
#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct Note {
    /// A note to leave.
    note: Option<String>,
}

/// The guide's question, which the argument `reason` may answer.
fn reason_question() -> Question<'static, Reason> {
    Question::choice::<Reason>("reason", "Why is the order refunded?").with_argument()
}

fn refund_input() -> JsonObject {
    reason_question().input_schema_with(&schema_for_type::<Refund>())
}

#[derive(Clone)]
struct Shop {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Shop {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

/// The guide's body, on arguments however read.
async fn refund_body(ask: Ask, order: String, amount: f64) -> Result<CallToolResult, ElicitError> {
    let not_refunded = || CallToolResult::success(vec![ContentBlock::text("not refunded")]);
    let ElicitAction::Accept(reason) = ask.question(reason_question()).await? else {
        return Ok(not_refunded());
    };
    let label = reason.label();
    let question = format!("Refund €{amount:.2} for order {order} ({label})?");
    if !ask
        .form::<Confirm>("confirm", question)
        .await?
        .is_confirmed()
    {
        return Ok(not_refunded());
    }
    let text = format!(
        "refunded €{amount:.2} for order {order}: {}",
        reason.value()
    );
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
}

#[tool_router]
impl Shop {
    fn new() -> Self {
        Shop {
            seal: seal(KEY),
            tool_router: Self::tool_router(),
        }
    }

    /// The guide's tool: `Ask` alone reads the arguments.
    #[tool(description = "Refund an order", input_schema = refund_input())]
    async fn refund(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let Refund { order, amount } = ask.arguments()?;
            refund_body(ask, order, amount).await
        })
        .await
    }

    /// `Ask` first, then rmcp's `Parameters`: the order that works.
    #[tool(description = "Refund an order", input_schema = refund_input())]
    async fn refund_ask_first(
        &self,
        ask: Ask,
        Parameters(Refund { order, amount }): Parameters<Refund>,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| refund_body(ask, order, amount)).await
    }

    /// The first hour's mistake: `Parameters` takes the arguments first.
    #[tool(description = "Refund an order", input_schema = refund_input())]
    async fn refund_parameters_first(
        &self,
        Parameters(Refund { order, amount }): Parameters<Refund>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| refund_body(ask, order, amount)).await
    }

    /// The same mistake with arguments that are all optional.
    #[tool(description = "Leave a note")]
    async fn note_parameters_first(
        &self,
        Parameters(_): Parameters<Note>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let Note { note } = ask.arguments()?;
            Ok(CallToolResult::success(vec![ContentBlock::text(
                note.unwrap_or_default(),
            )]))
        })
        .await
    }

    /// One enum, several options: `Vec<Reason>`.
    #[tool(description = "Which reasons apply?")]
    async fn reasons(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let reasons = ask
                .choice::<Vec<Reason>>("reasons", "Which reasons apply?")
                .await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{reasons:?}"
            ))]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Shop {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

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

/// One request of a call, no retry driven by the client.
async fn round(
    connection: &Connection,
    tool: &'static str,
    arguments: Value,
    responses: Option<Value>,
    state: Option<&str>,
) -> Result<CallToolResponse, ServiceError> {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object")
    };
    let mut params = CallToolRequestParams::new(tool).with_arguments(arguments);
    if let Some(responses) = responses {
        let responses: InputResponses = serde_json::from_value(responses).unwrap();
        params = params.with_input_responses(responses);
    }
    if let Some(state) = state {
        params = params.with_request_state(state);
    }
    connection.client.call_tool_once(params).await
}

fn without_forms(version: ProtocolVersion) -> Answerer {
    Answerer::new(version).with_capabilities(ClientCapabilities::default())
}

const ARGUMENTS: fn() -> Value = || json!({"order": "A-1", "amount": 42.5});

/// The select of `Reason`, as the revision shapes it.
fn reason_select(version: &ProtocolVersion) -> Value {
    if *version == ProtocolVersion::V_2025_06_18 {
        json!({
            "type": "string",
            "title": "Reason",
            "description": "Why is the order refunded?",
            "enum": ["late", "damaged", "not_as_described", "changed_mind"],
            "enumNames": ["Arrived late", "Arrived damaged", "Not as described", "Changed their mind"],
        })
    } else {
        json!({
            "type": "string",
            "title": "Reason",
            "description": "Why is the order refunded?",
            "oneOf": [
                {"const": "late", "title": "Arrived late"},
                {"const": "damaged", "title": "Arrived damaged"},
                {"const": "not_as_described", "title": "Not as described"},
                {"const": "changed_mind", "title": "Changed their mind"},
            ],
        })
    }
}

/// The one enum is asked on its own, a form of one field named by the
/// key; the answer is typed, and its title is what the confirmation
/// shows, on every revision.
#[tokio::test]
async fn one_enum_is_asked_on_its_own_and_its_title_is_at_hand() {
    for version in SPOKEN {
        let connection = connect(Shop::new(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"reason": "damaged"}}),
            json!({"action": "accept", "content": {"confirm": "yes"}}),
        ]);
        let result = call(&connection, "refund", ARGUMENTS()).await;
        assert_eq!(
            text(&result),
            "refunded €42.50 for order A-1: damaged",
            "{version}"
        );
        let seen = connection.seen();
        assert_eq!(seen.len(), 2, "{version}");
        assert_eq!(seen[0]["message"], "Why is the order refunded?");
        assert_eq!(
            seen[0]["requestedSchema"],
            json!({
                "type": "object",
                "properties": {"reason": reason_select(&version)},
                "required": ["reason"],
            }),
            "{version}"
        );
        assert_eq!(
            seen[1]["message"], "Refund €42.50 for order A-1 (Arrived damaged)?",
            "{version}"
        );
    }
}

/// A person's mistake (a title sent for the value) is asked again with the
/// reason and the option pre-filled, as in any form; a decline is an
/// answer.
#[tokio::test]
async fn one_enum_is_asked_again_and_declined_as_a_form_is() {
    for version in SPOKEN {
        let connection = connect(Shop::new(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"reason": "Arrived late"}}),
            json!({"action": "accept", "content": {"reason": "late"}}),
            json!({"action": "decline"}),
        ]);
        let result = call(&connection, "refund", ARGUMENTS()).await;
        assert_eq!(text(&result), "not refunded", "{version}");
        let seen = connection.seen();
        assert_eq!(seen.len(), 3, "{version}");
        let again = seen[1]["message"].as_str().unwrap();
        assert!(
            again.starts_with("Why is the order refunded?\n\n"),
            "{version}: {again}"
        );
        assert!(again.contains("Arrived late"), "{version}: {again}");
        // 2025-06-18 has no default on a select.
        if version != ProtocolVersion::V_2025_06_18 {
            assert_eq!(
                seen[1]["requestedSchema"]["properties"]["reason"]["default"], "late",
                "{version}"
            );
        }
        assert_eq!(
            seen[2]["message"],
            "Refund €42.50 for order A-1 (Arrived late)?"
        );
    }
}

/// `Vec<Reason>` is the multi-select of the same enum; 2025-06-18 has
/// none, and says so before anything is asked.
#[tokio::test]
async fn several_options_of_one_enum_are_a_vec() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(Shop::new(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"reasons": ["late", "damaged"]}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("reasons"))
            .await
            .unwrap();
        assert_eq!(text(&result), "Accept([Late, Damaged])", "{version}");
        let seen = connection.seen();
        assert_eq!(seen[0]["requestedSchema"]["required"], json!(["reasons"]));
        let property = &seen[0]["requestedSchema"]["properties"]["reasons"];
        assert_eq!(property["type"], "array", "{version}");
        assert_eq!(property["items"]["anyOf"][3]["const"], "changed_mind");
    }
    let connection = connect(Shop::new(), Answerer::new(ProtocolVersion::V_2025_06_18)).await;
    let refused = connection
        .client
        .call_tool(CallToolRequestParams::new("reasons"))
        .await
        .unwrap_err();
    assert!(refused.to_string().contains("2025-06-18"), "{refused}");
    assert_eq!(connection.seen(), Vec::<Value>::new());
}

/// The argument that answers a choice is the value itself, declared beside
/// the tool's ordinary arguments with its message as description.
#[tokio::test]
async fn the_choice_is_declared_beside_the_ordinary_arguments() {
    let connection = connect(Shop::new(), Answerer::new(ProtocolVersion::V_2025_11_25)).await;
    let tools = connection.client.list_all_tools().await.unwrap();
    let refund = tools.iter().find(|tool| tool.name == "refund").unwrap();
    let schema = Value::Object((*refund.input_schema).clone());
    assert_eq!(schema["type"], "object");
    assert_eq!(schema["required"], json!(["order", "amount"]));
    assert_eq!(schema["properties"]["order"]["type"], "string");
    assert_eq!(schema["properties"]["amount"]["type"], "number");
    assert_eq!(
        schema["properties"]["reason"],
        reason_select(&ProtocolVersion::V_2025_11_25)
    );
}

/// The model's argument answers without a round; a refused one is asked
/// of the person with the reason, where the client shows forms.
#[tokio::test]
async fn the_models_argument_answers_the_choice() {
    for version in SPOKEN {
        let connection = connect(Shop::new(), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"confirm": "yes"}}),
        ]);
        let arguments = json!({"order": "A-1", "amount": 42.5, "reason": "late"});
        let result = call(&connection, "refund", arguments).await;
        assert_eq!(text(&result), "refunded €42.50 for order A-1: late");
        assert_eq!(
            connection.messages(),
            [json!("Refund €42.50 for order A-1 (Arrived late)?")],
            "{version}: only the confirmation is asked"
        );

        connection.answer(vec![
            json!({"action": "accept", "content": {"reason": "damaged"}}),
            json!({"action": "accept", "content": {"confirm": "yes"}}),
        ]);
        let arguments = json!({"order": "A-1", "amount": 42.5, "reason": "urgent"});
        let result = call(&connection, "refund", arguments).await;
        assert_eq!(text(&result), "refunded €42.50 for order A-1: damaged");
        let first = connection.messages()[0].as_str().unwrap().to_owned();
        assert!(
            first.starts_with("Why is the order refunded?\n\n") && first.contains("urgent"),
            "{version}: {first}"
        );
    }
}

/// A client that shows no forms: the result for the model names the
/// argument and its options; a refused argument, of a wrong value or of
/// the wrong type, is "the argument `reason`", never a field; with the
/// argument, the call reaches the confirmation, which only a person can
/// answer.
#[tokio::test]
async fn a_client_without_forms_is_told_the_argument() {
    for version in SPOKEN {
        let connection = connect(Shop::new(), without_forms(version.clone())).await;
        let result = call(&connection, "refund", ARGUMENTS()).await;
        assert_eq!(result.is_error, Some(true));
        assert_eq!(
            text(&result),
            "This client cannot show the person a form (it did not declare form elicitation), \
             so these questions were not asked:\n\n\
             - \"Why is the order refunded?\"\n  \
             Ask the person, then call the tool `refund` again with the argument `reason`: \
             \"Reason\", one of \"late\" (Arrived late), \"damaged\" (Arrived damaged), \"not_as_described\" \
             (Not as described), \"changed_mind\" (Changed their mind) (Why is the order \
             refunded?)\n\n\
             Send each answer exactly as its value is written here.",
            "{version}"
        );
        let data = result.structured_content.unwrap();
        assert_eq!(data["unasked"][0]["argument"], "reason");

        for (sent, refused) in [
            (
                json!("urgent"),
                "invalid value \"urgent\": expected one of \"late\", \"damaged\", \
                 \"not_as_described\", \"changed_mind\"",
            ),
            (
                json!(5),
                "wrong type: expected a string, found a number (5)",
            ),
        ] {
            let arguments = json!({"order": "A-1", "amount": 42.5, "reason": sent});
            let result = call(&connection, "refund", arguments).await;
            let text = text(&result);
            assert!(
                text.contains(&format!("The argument `reason` was refused: {refused}.")),
                "{version}: {text}"
            );
            assert!(!text.contains("field `reason`"), "{version}: {text}");
            let data = result.structured_content.unwrap();
            assert_eq!(
                data["unasked"][0]["refused"],
                format!("the argument `reason`: {refused}"),
                "{version}"
            );
        }

        let arguments = json!({"order": "A-1", "amount": 42.5, "reason": "late"});
        let result = call(&connection, "refund", arguments).await;
        assert_eq!(result.is_error, Some(true));
        assert!(
            text(&result).contains(
                "- \"Refund €42.50 for order A-1 (Arrived late)?\": only a person can answer this"
            ),
            "{version}: {}",
            text(&result)
        );
    }
}

/// Arguments that are not what the tool reads (`ask.arguments()`): a tool
/// result with `isError: true` that says which, for the model to correct,
/// before anything is asked.
#[tokio::test]
async fn wrong_arguments_are_an_error_result_the_model_can_correct() {
    for version in SPOKEN {
        let connection = connect(Shop::new(), Answerer::new(version.clone())).await;
        for (arguments, why) in [
            (
                json!({"order": "A-1"}),
                "the argument `amount` is required, and missing",
            ),
            (
                json!({"order": "A-1", "amount": "lots"}),
                "the argument `amount` should be a number, not the string \"lots\"",
            ),
        ] {
            let result = call(&connection, "refund", arguments).await;
            assert_eq!(result.is_error, Some(true), "{version}");
            assert_eq!(
                text(&result),
                format!("invalid arguments for tool \"refund\": {why}"),
                "{version}"
            );
        }
        assert_eq!(connection.seen(), Vec::<Value>::new());
    }
}

/// On 2026-07-28 the sealed answers are bound to the arguments `Ask` read:
/// the "yes" to €42.50 is no "yes" to €4,250.
#[tokio::test]
async fn the_arguments_ask_reads_are_the_ones_the_answers_are_bound_to() {
    for tool in ["refund", "refund_ask_first"] {
        let connection = connect(Shop::new(), Answerer::new(ProtocolVersion::V_2026_07_28)).await;
        let asked = |response: Result<CallToolResponse, ServiceError>| match response {
            Ok(CallToolResponse::InputRequired(result)) => result,
            other => panic!("{tool}: expected input_required, got {other:?}"),
        };
        let first = asked(round(&connection, tool, ARGUMENTS(), None, None).await);
        let reason = json!({"reason": {"action": "accept", "content": {"reason": "late"}}});
        let second = asked(
            round(
                &connection,
                tool,
                ARGUMENTS(),
                Some(reason),
                first.request_state.as_deref(),
            )
            .await,
        );
        let state = second.request_state.unwrap();
        let yes = json!({"confirm": {"action": "accept", "content": {"confirm": "yes"}}});
        let more = json!({"order": "A-1", "amount": 4250.0});
        match round(&connection, tool, more, Some(yes.clone()), Some(&state)).await {
            Err(ServiceError::McpError(error)) => {
                assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{tool}");
            }
            other => panic!("{tool}: expected the state refused, got {other:?}"),
        }
        match round(&connection, tool, ARGUMENTS(), Some(yes), Some(&state)).await {
            Ok(CallToolResponse::Complete(result)) => {
                assert_eq!(
                    text(&result),
                    "refunded €42.50 for order A-1: late",
                    "{tool}"
                );
            }
            other => panic!("{tool}: expected the result, got {other:?}"),
        }
    }
}

/// Each event of the server's log: its level and message.
type Log = Arc<Mutex<Vec<(tracing::Level, String)>>>;

/// What the server's log received, by level: the events of this crate
/// (target `enum_schema`), recorded by a global `tracing` subscriber.
fn server_log() -> &'static Mutex<Vec<(tracing::Level, String)>> {
    static LOG: OnceLock<Log> = OnceLock::new();
    LOG.get_or_init(|| {
        let log = Arc::new(Mutex::new(Vec::new()));
        let recorder = Recorder(Arc::clone(&log));
        // The binary's one subscriber: set once, by this test alone.
        tracing::subscriber::set_global_default(recorder).expect("no other subscriber");
        log
    })
}

/// A `tracing` subscriber that keeps each event's level and message.
struct Recorder(Log);

impl tracing::Subscriber for Recorder {
    fn enabled(&self, metadata: &tracing::Metadata<'_>) -> bool {
        metadata.target().starts_with("enum_schema")
    }

    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(1)
    }

    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}

    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}

    fn event(&self, event: &tracing::Event<'_>) {
        struct Message(String);
        impl tracing::field::Visit for Message {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                if field.name() == "message" {
                    self.0 = format!("{value:?}");
                }
            }
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        let level = *event.metadata().level();
        self.0.lock().unwrap().push((level, message.0));
    }

    fn enter(&self, _: &tracing::span::Id) {}

    fn exit(&self, _: &tracing::span::Id) {}
}

/// `Parameters` before `Ask`: every call from any client is refused before
/// anything is asked, with a message that blames neither side (the client
/// cannot tell why); the server's log says it at the first call, once,
/// naming the tool, both types and the fix.
#[tokio::test]
async fn parameters_before_ask_is_logged_for_the_server_with_the_fix() {
    let log = server_log();
    for version in SPOKEN {
        let connection = connect(Shop::new(), Answerer::new(version.clone())).await;
        let refused = match round(
            &connection,
            "refund_parameters_first",
            ARGUMENTS(),
            None,
            None,
        )
        .await
        {
            Err(ServiceError::McpError(error)) => error,
            other => panic!("{version}: expected the call refused, got {other:?}"),
        };
        assert_eq!(refused.code, ErrorCode::INVALID_PARAMS);
        assert_eq!(
            refused.message,
            "tool \"refund_parameters_first\" declares arguments, and the server found none \
             where it binds its questions to them, so nothing was asked: either this request \
             has no `arguments` (send them, `{}` to leave out every optional one), or the \
             server reads them too early, which its log names",
            "{version}"
        );
        assert_eq!(connection.seen(), Vec::<Value>::new(), "{version}");
    }
    // Logged once per tool.
    assert_eq!(
        logged_for(log, "refund_parameters_first"),
        [(
            tracing::Level::ERROR,
            format!(
                "enum-schema: tool `refund_parameters_first`: `Ask` found no arguments, though \
                 the tool's input schema declares some, so the call was refused (-32602) before \
                 anything was asked. {FIX}"
            )
        )]
    );
}

/// The fix every log line of an extractor listed too late says.
const FIX: &str = "If the method takes `Parameters<..>` (or `JsonObject`) before `Ask`, that \
                   extractor took them first: list `ask: Ask` before it, or drop it and read \
                   them in the body with `ask.arguments::<T>()`. If the client sent no \
                   `arguments`, the server is right: the client must send them (`{}` to leave \
                   out every optional one). Logged once per tool (and once more if a later \
                   call is refused).";

/// What the server logged of `tool`, level and message, in order.
fn logged_for(
    log: &Mutex<Vec<(tracing::Level, String)>>,
    tool: &str,
) -> Vec<(tracing::Level, String)> {
    let named = format!("`{tool}`");
    log.lock()
        .unwrap()
        .iter()
        .filter(|(_, message)| message.contains(&named))
        .cloned()
        .collect()
}

/// The same mistake with arguments that are all optional: on 2025-06-18
/// and 2025-11-25, where no state binds them, the call runs until
/// `ask.arguments()` refuses it, and the log says so at `warn`; the first
/// call refused before it runs (2026-07-28, from a client that shows
/// forms) is logged once more, at `error`.
#[tokio::test]
async fn optional_parameters_before_ask_are_logged_when_the_call_is_refused_too() {
    let log = server_log();
    for version in SPOKEN {
        let connection = connect(Shop::new(), Answerer::new(version.clone())).await;
        let arguments = json!({"note": "hello"});
        let refused = match round(&connection, "note_parameters_first", arguments, None, None).await
        {
            Err(ServiceError::McpError(error)) => error,
            other => panic!("{version}: expected the call refused, got {other:?}"),
        };
        assert_eq!(refused.code, ErrorCode::INVALID_PARAMS, "{version}");
        assert!(
            refused.message.starts_with(
                "tool \"note_parameters_first\" declares arguments, and the server found none"
            ),
            "{version}: {}",
            refused.message
        );
    }
    assert_eq!(
        logged_for(log, "note_parameters_first"),
        [
            (
                tracing::Level::WARN,
                format!(
                    "enum-schema: tool `note_parameters_first`: `Ask` found no arguments, though \
                     the tool's input schema declares some, so a question that an argument may \
                     answer cannot see it, and `ask.arguments()` refuses the call (-32602). {FIX}"
                )
            ),
            (
                tracing::Level::ERROR,
                format!(
                    "enum-schema: tool `note_parameters_first`: `Ask` found no arguments, though \
                     the tool's input schema declares some, so the call was refused (-32602) \
                     before anything was asked. {FIX}"
                )
            ),
        ]
    );
}
