//! Server CPU of one MCP 2026-07-28 round on tower-mcp 0.25 and on
//! rust-mcp-sdk 2.0, in process: `test_two_questions` written with `Ask`
//! (the example's body, `examples/conformance/forms.rs`) against the same
//! tool written by hand on each SDK's own MRTR API (below: the SDK's
//! `RequestStateCodec` and `input_required` result, the forms as JSON,
//! every check written out).
//!
//! - tower-mcp: both tools in one `McpRouter`, each request through
//!   tower-mcp's `JsonRpcService` (what its transports run);
//! - rust-mcp-sdk: the tool function the server's
//!   `handle_call_tool_request_mrtr` calls, given the `tools/call` params
//!   read from JSON, its `ServerResult` written back as JSON.
//!
//! `cargo bench --features bench,tower-mcp,rust-mcp-sdk --bench round_sdks`;
//! see BENCHMARKS.md. The rounds: `first` (no answers yet: the severity is
//! asked), `seals` (a high severity: the services are asked, the severity
//! sealed), `opens` (the services: the call completes); `by_hand_*` the
//! same by hand; `tower_*` and `rust_mcp_sdk_*` by SDK. At start-up both
//! tools of each SDK are sent the same answers and must answer the same
//! JSON but the `requestState` text; each timed response's length is
//! checked against it.
//!
//! `Ask` completes a call once: without a store, a process refuses any
//! round of a call that completed. So `seals` and `opens` present, every
//! iteration, a state of a call that has not completed: the rounds before
//! them run anew (untimed, on another server of the same SDK and key, as
//! another process would), `Ask` and twins alike, and
//! `benches/round_instructions.sh` counts only inside [`timed`]. The twins
//! here are as they were: they do not remember completed calls (a replay
//! of their `opens` completes again), like the rmcp twins that are not
//! bound (BENCHMARKS.md).
//!
//! What the twins do as `Ask` does: the same forms and texts on the rounds
//! timed (a refused answer is asked again in words of their own); an
//! `ElicitResult` that is no object or has no known `action` refused with
//! a JSON-RPC error; the severity one of its options, the services a list
//! of its options, at most two, no duplicates; a refused answer asked
//! again with the reason, at most three times in all; the earlier answer
//! and the question asked sealed in `requestState`, bound to the tool and
//! its arguments, expiring. What they do not: the question digests, the
//! refused-answer digest, the call's id and the calls completed, the other
//! revisions, arguments, translations (what `Ask`'s extra buys, as on
//! rmcp: BENCHMARKS.md).

use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use divan::Bencher;
use enum_schema::ask::RequestStateSeal;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

/// The example server's forms, and its `test_two_questions`.
#[allow(dead_code)]
#[path = "../examples/conformance/forms.rs"]
mod forms;

fn main() {
    divan::main();
}

/// The key every tool seals with.
const KEY: [u8; 32] = [7; 32];
const TTL: Duration = Duration::from_secs(600);
const MAX_ATTEMPTS: u32 = 3;

const STATE_REFUSED: &str = "requestState was not issued by this server for this request; send the request again without requestState and inputResponses";

const EXPECTED: &str = "Elicitation completed: action=accept, content={\"severity\":\"high\"}; \
                        Elicitation completed: action=accept, content={\"services\":[\"login\"]}";

// ---------------------------------------------------------------------------
// The hand-written twin: what is the same on both SDKs
// ---------------------------------------------------------------------------

/// What the twin's state carries: the question asked (0 the severity, 1
/// the services), the rejected answers to it, the severity answered, and
/// (where the SDK's codec has no time to live) when it expires.
#[derive(Serialize, Deserialize, Default)]
struct State {
    asked: u8,
    attempts: u32,
    severity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    exp: Option<u64>,
}

/// What a round of the twin does, for the SDK's glue to write.
enum Step {
    /// Ask `message` with the one required field `name` under `key`,
    /// `state` sealed.
    Ask {
        key: &'static str,
        message: String,
        name: &'static str,
        property: Value,
        state: State,
    },
    /// Complete with this text.
    Done(String),
    /// Complete with this error text (`isError`).
    Failed(String),
    /// A JSON-RPC invalid-params error with this message.
    Invalid(String),
}

/// The digest a state is bound to: the tool and its arguments, in hex.
fn subject(tool: &str, arguments: Option<&Map<String, Value>>) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"tools/call\0");
    hasher.update(tool.as_bytes());
    hasher.update(b"\0");
    if let Some(arguments) = arguments.filter(|arguments| !arguments.is_empty()) {
        hasher.update(Value::Object(arguments.clone()).to_string().as_bytes());
    }
    hasher
        .finalize()
        .iter()
        .fold(String::with_capacity(64), |mut hex, byte| {
            const DIGITS: &[u8; 16] = b"0123456789abcdef";
            hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
            hex.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
            hex
        })
}

fn severity_question(reasons: &str, state: State) -> Step {
    Step::Ask {
        key: "triage",
        message: format!("How bad is it?{reasons}"),
        name: "severity",
        property: json!({
            "type": "string",
            "title": "Severity",
            "description": "How bad it is for the users of the service.",
            "oneOf": [
                {"const": "low", "title": "Low: no user impact"},
                {"const": "high", "title": "High: users are affected"},
            ],
        }),
        state,
    }
}

fn services_question(reasons: &str, state: State) -> Step {
    Step::Ask {
        key: "impact",
        message: format!("Which services are affected?{reasons}"),
        name: "services",
        property: json!({
            "type": "array",
            "title": "Affected services",
            "description": "Every service that shows errors, at most two.",
            "maxItems": 2,
            "items": {"type": "string", "enum": ["checkout", "search", "login"]},
        }),
        state,
    }
}

fn completed(action: &str, content: &str) -> String {
    format!("Elicitation completed: action={action}, content={content}")
}

/// An `ElicitResult`, read: `Ok(content)` for an accept, `Err(action)` for
/// a decline or cancel, or the JSON-RPC error's message.
fn read(answer: Value) -> Result<Result<Map<String, Value>, &'static str>, String> {
    let Value::Object(mut answer) = answer else {
        return Err(format!(
            "the client's answer was rejected: malformed ElicitResult: an ElicitResult must be a JSON object (found {answer})"
        ));
    };
    match answer.get("action").and_then(Value::as_str) {
        Some("accept") => match answer.remove("content") {
            None => Ok(Ok(Map::new())),
            Some(Value::Object(content)) => Ok(Ok(content)),
            Some(found) => Err(format!(
                "the client's answer was rejected: malformed ElicitResult: `content` must be a JSON object (found {found})"
            )),
        },
        Some("decline") => Ok(Err("decline")),
        Some("cancel") => Ok(Err("cancel")),
        _ => Err(format!(
            "the client's answer was rejected: malformed ElicitResult: unknown action (found {})",
            Value::Object(answer)
        )),
    }
}

/// The severity in `content`, or why it is refused.
fn severity(content: &Map<String, Value>) -> Result<&'static str, String> {
    match content.get("severity") {
        None | Some(Value::Null) => Err("Severity: this answer is required.".to_owned()),
        Some(Value::String(value)) => match value.as_str() {
            "low" => Ok("low"),
            "high" => Ok("high"),
            other => Err(format!("Severity: “{other}” is not one of the options.")),
        },
        Some(_) => Err("Severity: the answer must be one of the options.".to_owned()),
    }
}

/// The services in `content`, or why they are refused.
fn services(content: &Map<String, Value>) -> Result<Vec<&'static str>, String> {
    const OPTIONS: [&str; 3] = ["checkout", "search", "login"];
    let Some(Value::Array(items)) = content.get("services") else {
        return Err("Affected services: this answer is required.".to_owned());
    };
    if items.len() > 2 {
        return Err(format!(
            "Affected services: pick at most 2; you picked {}.",
            items.len()
        ));
    }
    let mut picked = Vec::with_capacity(items.len());
    for item in items {
        let option = item
            .as_str()
            .and_then(|value| OPTIONS.into_iter().find(|option| *option == value))
            .ok_or_else(|| format!("Affected services: {item} is not one of the options."))?;
        if picked.contains(&option) {
            return Err(format!("Affected services: “{option}” is picked twice."));
        }
        picked.push(option);
    }
    Ok(picked)
}

/// A refused answer: asked again with `reason`, or the end of the call
/// when its attempts are spent.
fn again(mut state: State, reason: String, question: fn(&str, State) -> Step) -> Step {
    state.attempts += 1;
    if state.attempts >= MAX_ATTEMPTS {
        return Step::Failed(reason);
    }
    question(&format!("\n\n{reason}"), state)
}

/// `test_two_questions`, by hand: `state` the opened state (`None` on the
/// first call), `answer` the `inputResponses` entry under a key.
fn two_questions(state: Option<State>, answer: impl FnOnce(&str) -> Option<Value>) -> Step {
    let Some(state) = state else {
        return severity_question("", State::default());
    };
    if state.asked == 0 {
        let Some(answer) = answer("triage") else {
            return severity_question("", state);
        };
        let content = match read(answer) {
            Ok(Ok(content)) => content,
            Ok(Err(action)) => return Step::Done(completed(action, "{}")),
            Err(message) => return Step::Invalid(message),
        };
        match severity(&content) {
            Ok(severity) => {
                let report = completed("accept", &format!(r#"{{"severity":"{severity}"}}"#));
                if severity != "high" {
                    return Step::Done(report);
                }
                let state = State {
                    asked: 1,
                    attempts: 0,
                    severity: Some(severity.to_owned()),
                    exp: None,
                };
                services_question("", state)
            }
            Err(reason) => again(state, reason, severity_question),
        }
    } else {
        if state.severity.as_deref() != Some("high") {
            return Step::Invalid(STATE_REFUSED.to_owned());
        }
        let Some(answer) = answer("impact") else {
            return services_question("", state);
        };
        let triage = completed("accept", r#"{"severity":"high"}"#);
        let content = match read(answer) {
            Ok(Ok(content)) => content,
            Ok(Err(action)) => return Step::Done(format!("{triage}; {}", completed(action, "{}"))),
            Err(message) => return Step::Invalid(message),
        };
        match services(&content) {
            Ok(services) => {
                let services = serde_json::to_string(&services).expect("strings serialize");
                let impact = completed("accept", &format!(r#"{{"services":{services}}}"#));
                Step::Done(format!("{triage}; {impact}"))
            }
            Err(reason) => again(state, reason, services_question),
        }
    }
}

/// Milliseconds since the Unix epoch.
fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

/// The `tools/call` params of `tool` on 2026-07-28, with `extra` in them.
fn params(tool: &str, extra: &Value) -> Value {
    let mut params = json!({
        "name": tool,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"},
        },
    });
    if let (Some(params), Some(extra)) = (params.as_object_mut(), extra.as_object()) {
        params.extend(extra.clone());
    }
    params
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

// ---------------------------------------------------------------------------
// tower-mcp
// ---------------------------------------------------------------------------

mod tower {
    use super::*;
    use enum_schema::tower_mcp::Ask;
    use tower_mcp::protocol::{
        ElicitFormParams, ElicitFormSchema, ElicitMode, ElicitRequestParams,
    };
    use tower_mcp::{
        CallToolResult, Error, InputRequest, InputRequests, JsonRpcError, JsonRpcRequest,
        JsonRpcResponse, JsonRpcService, McpRouter, RequestContext, RequestOutcome,
        RequestStateCodec, ToolBuilder,
    };

    fn codec() -> RequestStateCodec {
        RequestStateCodec::new(KEY, TTL).expect("a 32-byte key")
    }

    fn invalid_params(message: String) -> Error {
        Error::JsonRpc(JsonRpcError {
            code: -32602,
            message,
            data: None,
        })
    }

    /// The twin on tower-mcp: the state opened with its codec, the step
    /// written as its `RequestOutcome`.
    fn by_hand(
        codec: &RequestStateCodec,
        ctx: &RequestContext,
        arguments: &Value,
    ) -> Result<RequestOutcome<CallToolResult>, Error> {
        let subject = subject("by_hand_two_questions", arguments.as_object());
        let state = match ctx.request_state() {
            None => None,
            Some(token) => Some(
                codec
                    .decode_for::<State>(token, &subject)
                    .map_err(|_| invalid_params(STATE_REFUSED.to_owned()))?,
            ),
        };
        let answer = |key: &str| {
            ctx.input_responses()
                .and_then(|responses| responses.get(key))
                .and_then(|answer| serde_json::to_value(answer).ok())
        };
        match two_questions(state, answer) {
            Step::Ask {
                key,
                message,
                name,
                property,
                state,
            } => {
                let sealed = codec
                    .encode_for(subject, &state)
                    .map_err(|error| Error::Internal(error.to_string()))?;
                let mut schema = ElicitFormSchema::new().raw_field(name, property, false);
                schema.required = vec![name.to_owned()];
                let form = ElicitFormParams {
                    mode: Some(ElicitMode::Form),
                    message,
                    requested_schema: schema,
                    meta: None,
                };
                let mut requests = InputRequests::new();
                requests.insert(
                    key.to_owned(),
                    InputRequest::Elicit(ElicitRequestParams::Form(form)),
                );
                let mut result = tower_mcp::InputRequiredResult::with_requests(requests);
                result.request_state = Some(sealed);
                Ok(RequestOutcome::InputRequired(result))
            }
            Step::Done(text) => Ok(RequestOutcome::Complete(CallToolResult::text(text))),
            Step::Failed(text) => Ok(RequestOutcome::Complete(CallToolResult::error(text))),
            Step::Invalid(message) => Err(invalid_params(message)),
        }
    }

    fn router() -> McpRouter {
        let seal = RequestStateSeal::new(codec());
        let with_ask = ToolBuilder::new("test_two_questions")
            .description("Asks how bad it is, then, if it is bad, which services are affected")
            .mrtr_handler(move |ctx: RequestContext, input: Value| {
                let seal = seal.clone();
                async move {
                    Ask::for_tool(&ctx, "test_two_questions", &input, &seal)?
                        .tool(|ask| async move {
                            let text = forms::two_questions(&ask).await?;
                            Ok(CallToolResult::text(text))
                        })
                        .await
                }
            })
            .build();
        let codec = Arc::new(codec());
        let twin = ToolBuilder::new("by_hand_two_questions")
            .description("test_two_questions, by hand")
            .mrtr_handler(move |ctx: RequestContext, input: Value| {
                let codec = Arc::clone(&codec);
                async move { by_hand(&codec, &ctx, &input) }
            })
            .build();
        McpRouter::new()
            .server_info("round_sdks", "1.0.0")
            .tool(with_ask)
            .tool(twin)
    }

    pub struct Server(JsonRpcService<McpRouter>);

    impl Server {
        pub fn new() -> Server {
            static ROUTER: OnceLock<McpRouter> = OnceLock::new();
            Server(JsonRpcService::new(ROUTER.get_or_init(router).clone()))
        }

        /// One round: the request through the service, the response as
        /// JSON text.
        pub async fn round(&mut self, tool: &str, extra: &Value) -> String {
            let request = JsonRpcRequest::new(1, "tools/call").with_params(params(tool, extra));
            match self.0.call_single(request).await {
                Ok(JsonRpcResponse::Result(response)) => {
                    serde_json::to_string(&response.result).expect("JSON")
                }
                Ok(JsonRpcResponse::Error(response)) => {
                    serde_json::to_string(&json!({"error": response.error})).expect("JSON")
                }
                other => panic!("not a response to one request: {other:?}"),
            }
        }
    }
}

// ---------------------------------------------------------------------------
// rust-mcp-sdk
// ---------------------------------------------------------------------------

mod rust_mcp_sdk {
    use super::*;
    use ::rust_mcp_sdk::mcp_server::RequestStateCodec;
    use ::rust_mcp_sdk::schema::{
        self, CallToolRequestParams, CallToolResult, RpcError, ServerResult, TextContent,
    };
    use enum_schema::rust_mcp_sdk::Ask;

    fn codec() -> RequestStateCodec {
        RequestStateCodec::with_key(KEY)
    }

    fn refused(message: String) -> RpcError {
        RpcError::invalid_params().with_message(message)
    }

    /// The twin on rust-mcp-sdk: its codec seals bytes (no time to live:
    /// the state carries its expiry), bound here by the subject written
    /// before the state; the step written as the SDK's generic result, the
    /// JSON in the order it is written (the typed result sorts it).
    fn by_hand(
        codec: &RequestStateCodec,
        request: &CallToolRequestParams,
    ) -> Result<ServerResult, RpcError> {
        let subject = subject("by_hand_two_questions", request.arguments.as_ref());
        let state = match request.request_state.as_deref() {
            None => None,
            Some(token) => {
                let opened = codec
                    .decode_str(token)
                    .and_then(|text| {
                        let (bound, state) = text.split_once('\n')?;
                        (bound == subject).then(|| serde_json::from_str::<State>(state).ok())?
                    })
                    .filter(|state| state.exp.is_some_and(|exp| now() <= exp));
                Some(opened.ok_or_else(|| refused(STATE_REFUSED.to_owned()))?)
            }
        };
        let answer = |key: &str| {
            request
                .input_responses
                .as_ref()
                .and_then(|responses| responses.0.get(key))
                .and_then(|answer| serde_json::to_value(answer).ok())
        };
        match two_questions(state, answer) {
            Step::Ask {
                key,
                message,
                name,
                property,
                mut state,
            } => {
                state.exp = Some(now() + u64::try_from(TTL.as_millis()).unwrap_or(u64::MAX));
                let state = serde_json::to_string(&state).expect("a state serializes");
                let sealed = codec.encode_str(&format!("{subject}\n{state}"));
                let form = json!({
                    "method": "elicitation/create",
                    "params": {
                        "message": message,
                        "requestedSchema": {
                            "type": "object",
                            "properties": {name: property},
                            "required": [name],
                        },
                    },
                });
                let mut fields = Map::new();
                fields.insert("inputRequests".to_owned(), json!({key: form}));
                fields.insert("requestState".to_owned(), Value::from(sealed));
                Ok(ServerResult::Result(schema::Result {
                    meta: None,
                    result_type: "input_required".to_owned(),
                    extra: Some(fields),
                }))
            }
            Step::Done(text) => {
                Ok(CallToolResult::text_content(vec![TextContent::from(text)]).into())
            }
            Step::Failed(text) => {
                let mut result = CallToolResult::text_content(vec![TextContent::from(text)]);
                result.is_error = Some(true);
                Ok(result.into())
            }
            Step::Invalid(message) => Err(refused(message)),
        }
    }

    pub struct Server {
        seal: RequestStateSeal,
        codec: RequestStateCodec,
    }

    impl Server {
        pub fn new() -> Server {
            Server {
                seal: RequestStateSeal::new(codec()),
                codec: codec(),
            }
        }

        /// One round: the params read from JSON as the SDK reads them, the
        /// tool run, its `ServerResult` (or error) written as JSON text.
        pub async fn round(&mut self, tool: &str, extra: &Value) -> String {
            let request: CallToolRequestParams =
                serde_json::from_value(params(tool, extra)).expect("tools/call params");
            let result = if tool == "test_two_questions" {
                match Ask::for_tool(&request, &self.seal) {
                    Ok(ask) => {
                        ask.tool(|ask| async move {
                            let text = forms::two_questions(&ask).await?;
                            Ok(CallToolResult::text_content(vec![TextContent::from(text)]))
                        })
                        .await
                    }
                    Err(error) => Err(error.into()),
                }
            } else {
                by_hand(&self.codec, &request)
            };
            match result {
                Ok(result) => serde_json::to_string(&result).expect("JSON"),
                Err(error) => serde_json::to_string(&json!({"error": error})).expect("JSON"),
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The rounds
// ---------------------------------------------------------------------------

/// One SDK's server, as the rounds drive it.
trait Round {
    fn new() -> Self;
    async fn round(&mut self, tool: &str, extra: &Value) -> String;
}

impl Round for tower::Server {
    fn new() -> Self {
        tower::Server::new()
    }
    async fn round(&mut self, tool: &str, extra: &Value) -> String {
        tower::Server::round(self, tool, extra).await
    }
}

impl Round for rust_mcp_sdk::Server {
    fn new() -> Self {
        rust_mcp_sdk::Server::new()
    }
    async fn round(&mut self, tool: &str, extra: &Value) -> String {
        rust_mcp_sdk::Server::round(self, tool, extra).await
    }
}

/// The answers of `seals` and `opens`, in turn.
fn answers() -> [Value; 2] {
    [
        json!({"triage": {"action": "accept", "content": {"severity": "high"}}}),
        json!({"impact": {"action": "accept", "content": {"services": ["login"]}}}),
    ]
}

/// The params of round `index` (0 `first`, 1 `seals`, 2 `opens`) of
/// `tool`: its answer, and the state the round before it sealed in a chain
/// of the rounds before it, run anew on `server`.
fn fresh<S: Round>(
    runtime: &tokio::runtime::Runtime,
    server: &mut S,
    tool: &str,
    index: usize,
) -> Value {
    let answers = answers();
    let mut extra = json!({});
    for answer in &answers[..index] {
        let text = runtime.block_on(server.round(tool, &extra));
        let response: Value = serde_json::from_str(&text).expect("JSON");
        let state = response["requestState"].clone();
        assert!(state.is_string(), "{tool}: {response}");
        extra = json!({"inputResponses": answer, "requestState": state});
    }
    extra
}

/// Checks once, for `S`, that both tools, sent the same answers, answer
/// the same JSON but the `requestState` text, each round on a state the
/// one before sealed; and that `Ask` refuses the round that completed its
/// call, sent again.
fn check<S: Round>() {
    let runtime = runtime();
    let chain = |tool: &str| {
        let mut server = S::new();
        let mut responses: Vec<Value> = Vec::new();
        let mut extra = json!({});
        for index in 0..3 {
            let text = runtime.block_on(server.round(tool, &extra));
            let response: Value = serde_json::from_str(&text).expect("JSON");
            if let Some(answer) = answers().get(index) {
                let state = response["requestState"].clone();
                assert!(state.is_string(), "{tool}: {response}");
                extra = json!({"inputResponses": answer, "requestState": state});
            }
            responses.push(response);
        }
        let again = runtime.block_on(server.round(tool, &extra));
        (
            responses,
            serde_json::from_str::<Value>(&again).expect("JSON"),
        )
    };
    let (ask_responses, again) = chain("test_two_questions");
    let message = again["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("the call this requestState belongs to already completed"),
        "{again}"
    );
    let (hand_responses, _) = chain("by_hand_two_questions");
    for (index, (ours, theirs)) in ask_responses.iter().zip(&hand_responses).enumerate() {
        let mut ours = ours.clone();
        let mut theirs = theirs.clone();
        for response in [&mut ours, &mut theirs] {
            if let Some(state) = response.get_mut("requestState") {
                *state = Value::from("..");
            }
        }
        assert_eq!(ours, theirs, "round {}", index + 1);
    }
    assert_eq!(ask_responses[2]["content"][0]["text"], EXPECTED);
}

fn tower_checked() {
    static CHECKED: OnceLock<()> = OnceLock::new();
    CHECKED.get_or_init(check::<tower::Server>);
}

fn rust_mcp_sdk_checked() {
    static CHECKED: OnceLock<()> = OnceLock::new();
    CHECKED.get_or_init(check::<rust_mcp_sdk::Server>);
}

/// Times round `index` of `tool` on `S`, each iteration on a state of a
/// call that has not completed (made by another server of `S`, untimed);
/// each response's length is checked.
fn bench_round<S: Round>(bencher: Bencher, tool: &'static str, index: usize) {
    let runtime = runtime();
    let (mut server, mut maker) = (S::new(), S::new());
    let expected = timed(
        &runtime,
        &mut server,
        tool,
        &fresh(&runtime, &mut maker, tool, index),
    );
    assert!(!expected.contains(r#""error""#), "{expected}");
    bencher
        .with_inputs(|| fresh(&runtime, &mut maker, tool, index))
        .bench_local_refs(|extra| {
            let text = timed(&runtime, &mut server, tool, extra);
            assert_eq!(text.len(), expected.len());
            text
        });
}

/// The timed round alone: a function of its own so that
/// `benches/round_instructions.sh` counts it and not the untimed rounds
/// that make its state. The round as before: the request built from its
/// params, served, and its response written as text.
#[inline(never)]
fn timed<S: Round>(
    runtime: &tokio::runtime::Runtime,
    server: &mut S,
    tool: &str,
    extra: &Value,
) -> String {
    runtime.block_on(server.round(tool, extra))
}

const ASK: &str = "test_two_questions";
const HAND: &str = "by_hand_two_questions";

/// One divan bench per line: `name => the SDK's server, its check, the
/// tool, the index of the round`.
macro_rules! benches {
    ($($name:ident => $server:ty, $checked:ident, $tool:ident, $index:literal;)*) => {$(
        #[divan::bench]
        fn $name(bencher: Bencher) {
            $checked();
            bench_round::<$server>(bencher, $tool, $index);
        }
    )*};
}

benches! {
    tower_first => tower::Server, tower_checked, ASK, 0;
    tower_seals => tower::Server, tower_checked, ASK, 1;
    tower_opens => tower::Server, tower_checked, ASK, 2;
    tower_by_hand_first => tower::Server, tower_checked, HAND, 0;
    tower_by_hand_seals => tower::Server, tower_checked, HAND, 1;
    tower_by_hand_opens => tower::Server, tower_checked, HAND, 2;
    rust_mcp_sdk_first => rust_mcp_sdk::Server, rust_mcp_sdk_checked, ASK, 0;
    rust_mcp_sdk_seals => rust_mcp_sdk::Server, rust_mcp_sdk_checked, ASK, 1;
    rust_mcp_sdk_opens => rust_mcp_sdk::Server, rust_mcp_sdk_checked, ASK, 2;
    rust_mcp_sdk_by_hand_first => rust_mcp_sdk::Server, rust_mcp_sdk_checked, HAND, 0;
    rust_mcp_sdk_by_hand_seals => rust_mcp_sdk::Server, rust_mcp_sdk_checked, HAND, 1;
    rust_mcp_sdk_by_hand_opens => rust_mcp_sdk::Server, rust_mcp_sdk_checked, HAND, 2;
}
