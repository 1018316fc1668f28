//! Server CPU of one MCP 2026-07-28 round on tower-mcp 0.25, in process:
//! `test_two_questions` written with `Ask` (the example's body,
//! `examples/conformance/forms.rs`) against the same tool written by hand
//! on tower-mcp's own MRTR API (below: `InputRequiredResult`, its
//! `RequestStateCodec`, the forms as JSON, every check written out), both
//! in one `McpRouter`, each request through tower-mcp's `JsonRpcService`
//! (what its transports run), the response read as JSON.
//!
//! `cargo bench --features bench,tower-mcp --bench round_tower`; see
//! BENCHMARKS.md. The rounds: `first` (no answers yet: the severity is
//! asked), `seals` (a high severity: the services are asked, the severity
//! sealed), `opens` (the services: the call completes); `by_hand_*` the
//! same by hand. At start-up both tools are sent the same answers and must
//! answer the same JSON but the `requestState` text; each timed response's
//! length is checked against it.
//!
//! What the twin does as `Ask` does: the same forms and texts on the
//! rounds timed (a refused answer is asked again in words of its own); an
//! `ElicitResult` that is no object or has no known `action` refused with
//! a JSON-RPC error; the severity one of its options, the services a list
//! of its options, at most two, no duplicates; a refused answer asked again
//! with the reason, at most three times in all; the earlier answer and the
//! question asked sealed in `requestState`, bound to the tool and its
//! arguments. What it does not: the question digests, the refused-answer
//! digest, the other revisions, arguments, translations (what `Ask`'s extra
//! buys, as on rmcp: BENCHMARKS.md).

use std::sync::OnceLock;
use std::time::Duration;

use divan::Bencher;
use enum_schema::ask::RequestStateSeal;
use enum_schema::tower_mcp::Ask;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use tower_mcp::protocol::{ElicitFormParams, ElicitFormSchema, ElicitMode, ElicitRequestParams};
use tower_mcp::{
    CallToolResult, Error, InputRequest, InputRequests, JsonRpcError, JsonRpcRequest,
    JsonRpcResponse, JsonRpcService, McpRouter, RequestContext, RequestOutcome, RequestStateCodec,
    ToolBuilder,
};

/// The example server's forms, and its `test_two_questions`.
#[allow(dead_code)]
#[path = "../examples/conformance/forms.rs"]
mod forms;

fn main() {
    divan::main();
}

/// The key both tools seal with.
const KEY: [u8; 32] = [7; 32];
const TTL: Duration = Duration::from_secs(600);
const MAX_ATTEMPTS: u32 = 3;

fn codec() -> RequestStateCodec {
    RequestStateCodec::new(KEY, TTL).expect("a 32-byte key")
}

// ---------------------------------------------------------------------------
// The hand-written twin
// ---------------------------------------------------------------------------

/// What the twin's state carries: the question asked (0 the severity, 1
/// the services), the rejected answers to it, the severity answered.
#[derive(Serialize, Deserialize, Default)]
struct State {
    asked: u8,
    attempts: u32,
    severity: Option<String>,
}

type Outcome = Result<RequestOutcome<CallToolResult>, Error>;

fn invalid_params(message: String) -> Error {
    Error::JsonRpc(JsonRpcError {
        code: -32602,
        message,
        data: None,
    })
}

const STATE_REFUSED: &str = "requestState was not issued by this server for this request, or it has expired; send the request again without requestState and inputResponses";

/// The codec's subject: the tool and its arguments, digested.
fn subject(tool: &str, arguments: &Value) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"tools/call\0");
    hasher.update(tool.as_bytes());
    hasher.update(b"\0");
    if arguments
        .as_object()
        .is_some_and(|arguments| !arguments.is_empty())
    {
        hasher.update(arguments.to_string().as_bytes());
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

fn form(message: String, name: &str, property: Value) -> ElicitFormParams {
    let mut schema = ElicitFormSchema::new().raw_field(name, property, false);
    schema.required = vec![name.to_owned()];
    ElicitFormParams {
        mode: Some(ElicitMode::Form),
        message,
        requested_schema: schema,
        meta: None,
    }
}

fn severity_form(reasons: &str, default: Option<&str>) -> ElicitFormParams {
    let mut severity = json!({
        "type": "string",
        "title": "Severity",
        "description": "How bad it is for the users of the service.",
        "oneOf": [
            {"const": "low", "title": "Low: no user impact"},
            {"const": "high", "title": "High: users are affected"},
        ],
    });
    if let Some(default) = default {
        severity["default"] = Value::from(default);
    }
    form(format!("How bad is it?{reasons}"), "severity", severity)
}

fn services_form(reasons: &str) -> ElicitFormParams {
    let services = json!({
        "type": "array",
        "title": "Affected services",
        "description": "Every service that shows errors, at most two.",
        "maxItems": 2,
        "items": {"type": "string", "enum": ["checkout", "search", "login"]},
    });
    form(
        format!("Which services are affected?{reasons}"),
        "services",
        services,
    )
}

/// The result that asks `params` under `key`, with `state` sealed.
fn ask(
    codec: &RequestStateCodec,
    subject: &str,
    state: &State,
    key: &str,
    params: ElicitFormParams,
) -> Outcome {
    let sealed = codec
        .encode_for(subject, state)
        .map_err(|error| Error::Internal(error.to_string()))?;
    let mut requests = InputRequests::new();
    requests.insert(
        key.to_owned(),
        InputRequest::Elicit(ElicitRequestParams::Form(params)),
    );
    let mut result = tower_mcp::InputRequiredResult::with_requests(requests);
    result.request_state = Some(sealed);
    Ok(RequestOutcome::InputRequired(result))
}

fn done(text: String) -> Outcome {
    Ok(RequestOutcome::Complete(CallToolResult::text(text)))
}

fn completed(action: &str, content: &str) -> String {
    format!("Elicitation completed: action={action}, content={content}")
}

/// An `ElicitResult`, read: `Some(content)` for an accept, `None` for a
/// decline or cancel (with its action), or the JSON-RPC error.
fn read(answer: Value) -> Result<Result<Map<String, Value>, &'static str>, Error> {
    let Value::Object(mut answer) = answer else {
        return Err(invalid_params(format!(
            "the client's answer was rejected: malformed ElicitResult: an ElicitResult must be a JSON object (found {answer})"
        )));
    };
    match answer.get("action").and_then(Value::as_str) {
        Some("accept") => match answer.remove("content") {
            None => Ok(Ok(Map::new())),
            Some(Value::Object(content)) => Ok(Ok(content)),
            Some(found) => Err(invalid_params(format!(
                "the client's answer was rejected: malformed ElicitResult: `content` must be a JSON object (found {found})"
            ))),
        },
        Some("decline") => Ok(Err("decline")),
        Some("cancel") => Ok(Err("cancel")),
        _ => Err(invalid_params(format!(
            "the client's answer was rejected: malformed ElicitResult: unknown action (found {})",
            Value::Object(answer)
        ))),
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

/// `test_two_questions`, by hand on tower-mcp.
fn by_hand(codec: &RequestStateCodec, ctx: &RequestContext, arguments: &Value) -> Outcome {
    let subject = subject("by_hand_two_questions", arguments);
    let Some(token) = ctx.request_state() else {
        return ask(
            codec,
            &subject,
            &State::default(),
            "triage",
            severity_form("", None),
        );
    };
    let mut state: State = codec
        .decode_for(token, &subject)
        .map_err(|_| invalid_params(STATE_REFUSED.to_owned()))?;
    let key = if state.asked == 0 { "triage" } else { "impact" };
    let answer = ctx
        .input_responses()
        .and_then(|responses| responses.get(key))
        .map(serde_json::to_value)
        .transpose()
        .map_err(|error| Error::Internal(error.to_string()))?;
    let reask = |state: &mut State, reason: String, params: fn(&str) -> ElicitFormParams| {
        state.attempts += 1;
        if state.attempts >= MAX_ATTEMPTS {
            return Ok(RequestOutcome::Complete(CallToolResult::error(reason)));
        }
        ask(
            codec,
            &subject,
            state,
            key,
            params(&format!("\n\n{reason}")),
        )
    };
    if state.asked == 0 {
        let Some(answer) = answer else {
            return ask(codec, &subject, &state, "triage", severity_form("", None));
        };
        let content = match read(answer)? {
            Ok(content) => content,
            Err(action) => return done(completed(action, "{}")),
        };
        match severity(&content) {
            Ok(severity) => {
                let report = completed("accept", &format!(r#"{{"severity":"{severity}"}}"#));
                if severity != "high" {
                    return done(report);
                }
                let state = State {
                    asked: 1,
                    attempts: 0,
                    severity: Some(severity.to_owned()),
                };
                ask(codec, &subject, &state, "impact", services_form(""))
            }
            Err(reason) => reask(&mut state, reason, |reasons| severity_form(reasons, None)),
        }
    } else {
        if state.severity.as_deref() != Some("high") {
            return Err(invalid_params(STATE_REFUSED.to_owned()));
        }
        let Some(answer) = answer else {
            return ask(codec, &subject, &state, "impact", services_form(""));
        };
        let triage = completed("accept", r#"{"severity":"high"}"#);
        let content = match read(answer)? {
            Ok(content) => content,
            Err(action) => return done(format!("{triage}; {}", completed(action, "{}"))),
        };
        match services(&content) {
            Ok(services) => {
                let services = serde_json::to_string(&services).expect("strings serialize");
                let impact = completed("accept", &format!(r#"{{"services":{services}}}"#));
                done(format!("{triage}; {impact}"))
            }
            Err(reason) => reask(&mut state, reason, services_form),
        }
    }
}

// ---------------------------------------------------------------------------
// The server and the rounds
// ---------------------------------------------------------------------------

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
    let codec = std::sync::Arc::new(codec());
    let twin = ToolBuilder::new("by_hand_two_questions")
        .description("test_two_questions, by hand")
        .mrtr_handler(move |ctx: RequestContext, input: Value| {
            let codec = std::sync::Arc::clone(&codec);
            async move { by_hand(&codec, &ctx, &input) }
        })
        .build();
    McpRouter::new()
        .server_info("round_tower", "1.0.0")
        .tool(with_ask)
        .tool(twin)
}

fn service() -> JsonRpcService<McpRouter> {
    static ROUTER: OnceLock<McpRouter> = OnceLock::new();
    JsonRpcService::new(ROUTER.get_or_init(router).clone())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// The `tools/call` request of `tool`, with `extra` in its params.
fn request(tool: &str, extra: &Value) -> JsonRpcRequest {
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
    JsonRpcRequest::new(1, "tools/call").with_params(params)
}

/// One round: the request through the service, the response as JSON text.
async fn round(service: &mut JsonRpcService<McpRouter>, request: JsonRpcRequest) -> String {
    match service.call_single(request).await {
        Ok(JsonRpcResponse::Result(response)) => {
            serde_json::to_string(&response.result).expect("JSON")
        }
        Ok(JsonRpcResponse::Error(response)) => {
            serde_json::to_string(&json!({"error": response.error})).expect("JSON")
        }
        other => panic!("not a response to one request: {other:?}"),
    }
}

/// Each tool's three requests (`first`, `seals`, `opens`), each built from
/// its own previous response.
struct Rounds {
    with_ask: [Value; 3],
    by_hand: [Value; 3],
}

fn rounds() -> &'static Rounds {
    static ROUNDS: OnceLock<Rounds> = OnceLock::new();
    ROUNDS.get_or_init(|| {
        let runtime = runtime();
        let answers = [
            json!({"triage": {"action": "accept", "content": {"severity": "high"}}}),
            json!({"impact": {"action": "accept", "content": {"services": ["login"]}}}),
        ];
        let chain = |tool: &str| {
            let mut service = service();
            let mut extras = vec![json!({})];
            let mut responses = Vec::new();
            for answer in &answers {
                let response: Value = serde_json::from_str(&runtime.block_on(round(
                    &mut service,
                    request(tool, extras.last().expect("a request")),
                )))
                .expect("JSON");
                let state = response["requestState"].clone();
                assert!(state.is_string(), "{tool}: {response}");
                extras.push(json!({"inputResponses": answer, "requestState": state}));
                responses.push(response);
            }
            let last: Value = serde_json::from_str(&runtime.block_on(round(
                &mut service,
                request(tool, extras.last().expect("a request")),
            )))
            .expect("JSON");
            responses.push(last);
            (extras, responses)
        };
        let (with_ask, ask_responses) = chain("test_two_questions");
        let (by_hand, hand_responses) = chain("by_hand_two_questions");
        // The same responses but the requestState text.
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
        assert_eq!(
            ask_responses[2]["content"][0]["text"],
            "Elicitation completed: action=accept, content={\"severity\":\"high\"}; \
             Elicitation completed: action=accept, content={\"services\":[\"login\"]}"
        );
        let three = |extras: Vec<Value>| -> [Value; 3] {
            extras.try_into().unwrap_or_else(|_| panic!("three rounds"))
        };
        Rounds {
            with_ask: three(with_ask),
            by_hand: three(by_hand),
        }
    })
}

/// Times one round of `tool`; each response's length is checked.
fn bench_round(bencher: Bencher, tool: &'static str, extra: &'static Value) {
    let runtime = runtime();
    let mut service = service();
    let expected = runtime
        .block_on(round(&mut service, request(tool, extra)))
        .len();
    bencher
        .with_inputs(|| request(tool, extra))
        .bench_local_values(|request| {
            let text = runtime.block_on(round(&mut service, request));
            assert_eq!(text.len(), expected);
            text
        });
}

#[divan::bench]
fn first(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().with_ask[0]);
}

#[divan::bench]
fn seals(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().with_ask[1]);
}

#[divan::bench]
fn opens(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().with_ask[2]);
}

#[divan::bench]
fn by_hand_first(bencher: Bencher) {
    bench_round(bencher, "by_hand_two_questions", &rounds().by_hand[0]);
}

#[divan::bench]
fn by_hand_seals(bencher: Bencher) {
    bench_round(bencher, "by_hand_two_questions", &rounds().by_hand[1]);
}

#[divan::bench]
fn by_hand_opens(bencher: Bencher) {
    bench_round(bencher, "by_hand_two_questions", &rounds().by_hand[2]);
}
