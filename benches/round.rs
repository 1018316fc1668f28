//! Server CPU of one MCP 2026-07-28 round, in process: the example server's
//! `test_two_questions` served by rmcp's own `StreamableHttpService`, called
//! as the tower service it is (`handle`, which its `Service::call` runs), with an HTTP request made in memory and its
//! whole response body read (no socket, no hyper). Item 1 of the
//! performance issue.
//!
//! `cargo bench --features bench --bench round`; see BENCHMARKS.md.
//!
//! The rounds, each against the same service:
//!
//! - `floor`: a `tools/call` of a tool the server does not have. rmcp reads
//!   the request, routes it and answers an error: what any call costs on
//!   this SDK, the floor our rounds are measured against.
//! - `first`: the call with no answers yet; the tool asks its first
//!   question and the round answers `input_required`, with a `requestState`
//!   that holds no answer.
//! - `seals`: the first answer (a high severity) and that state; the tool
//!   opens the state, reads the answer, asks the second question and seals
//!   the first answer into the new `requestState`.
//! - `opens`: the second answer and that state; the tool opens it, reads
//!   both answers and completes.
//!
//! Every response is checked once at start-up (so a bench never times an
//! error it did not mean to), and the responses of the timed rounds are
//! counted, never trusted: a round that answered otherwise panics the
//! bench.

use std::sync::Arc;

use axum::body::{to_bytes, Body, Bytes};
use axum::http;
use divan::Bencher;
use enum_schema::rmcp::RequestStateSeal;
use rmcp::model::RequestStateCodec;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{json, Value};

/// The example server itself, tool code and all.
#[allow(dead_code)]
#[path = "../examples/conformance_server.rs"]
mod conformance_server;

type Server = StreamableHttpService<conformance_server::ConformanceServer, LocalSessionManager>;

fn main() {
    divan::main();
}

/// The key every round's state is sealed with.
const KEY: &[u8] = b"the round benchmark's key, 32 bytes or more";

fn server() -> Server {
    let seal = RequestStateSeal::new(RequestStateCodec::try_new(KEY).expect("a 32-byte key"));
    StreamableHttpService::new(
        move || Ok(conformance_server::ConformanceServer::new(seal.clone())),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    )
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// The `tools/call` request of `tool`, with `extra` in its params.
fn request(tool: &str, extra: Value) -> http::Request<Body> {
    let mut params = json!({
        "name": tool,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        },
    });
    if let (Some(params), Value::Object(extra)) = (params.as_object_mut(), extra) {
        params.extend(extra);
    }
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    http::Request::post("http://127.0.0.1/mcp")
        .header("host", "127.0.0.1")
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-method", "tools/call")
        .header("mcp-name", tool)
        .header("mcp-protocol-version", "2026-07-28")
        .body(Body::from(body.to_string()))
        .expect("a request")
}

/// One round: the request through the service, the whole body read.
async fn round(server: &Server, request: http::Request<Body>) -> Bytes {
    let response = server.handle(request).await;
    to_bytes(Body::new(response.into_body()), usize::MAX)
        .await
        .expect("a body")
}

/// The JSON-RPC message in a response body, plain JSON or the first event
/// of a stream.
fn message(body: &[u8]) -> Value {
    let text = std::str::from_utf8(body).expect("UTF-8");
    let json = match text.find("data:") {
        Some(start) => text[start + "data:".len()..].lines().next().unwrap_or(""),
        None => text,
    };
    serde_json::from_str(json.trim()).unwrap_or_else(|error| panic!("{error}: {text}"))
}

/// The four requests, each built from the previous round's real response,
/// and what each round's response must contain.
struct Rounds {
    floor: Value,
    first: Value,
    seals: Value,
    opens: Value,
}

fn rounds() -> &'static Rounds {
    static ROUNDS: std::sync::OnceLock<Rounds> = std::sync::OnceLock::new();
    ROUNDS.get_or_init(|| {
        let runtime = runtime();
        let server = server();
        let send = |tool: &str, extra: &Value| {
            message(&runtime.block_on(round(&server, request(tool, extra.clone()))))
        };
        let floor = json!({});
        let answer = send("no_such_tool", &floor);
        assert!(answer["error"]["message"].is_string(), "{answer}");

        let first = json!({});
        let one = send("test_two_questions", &first);
        assert_eq!(one["result"]["resultType"], "input_required", "{one}");
        let seals = json!({
            "inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}},
            "requestState": one["result"]["requestState"],
        });
        let two = send("test_two_questions", &seals);
        assert_eq!(two["result"]["resultType"], "input_required", "{two}");
        assert!(
            two["result"]["inputRequests"]["impact"].is_object(),
            "{two}"
        );
        let opens = json!({
            "inputResponses": {"impact": {"action": "accept", "content": {"services": ["login"]}}},
            "requestState": two["result"]["requestState"],
        });
        let three = send("test_two_questions", &opens);
        let text = three["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        assert!(text.contains("login"), "{three}");
        // The same round twice gives the same answer: nothing in a round
        // depends on the one before it.
        assert_eq!(send("test_two_questions", &opens), three);
        Rounds {
            floor,
            first,
            seals,
            opens,
        }
    })
}

/// Times one kind of round; each response is read whole and its size
/// checked against the first one's (a round that errs answers otherwise).
fn bench_round(bencher: Bencher, tool: &'static str, extra: &'static Value) {
    let runtime = runtime();
    let server = server();
    let expected = runtime
        .block_on(round(&server, request(tool, extra.clone())))
        .len();
    bencher
        .with_inputs(|| request(tool, extra.clone()))
        .bench_local_values(|request| {
            let body = runtime.block_on(round(&server, request));
            assert_eq!(body.len(), expected);
            body
        });
}

#[divan::bench]
fn floor(bencher: Bencher) {
    bench_round(bencher, "no_such_tool", &rounds().floor);
}

#[divan::bench]
fn first(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().first);
}

#[divan::bench]
fn seals(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().seals);
}

#[divan::bench]
fn opens(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().opens);
}
