//! Server CPU of one MCP 2026-07-28 round, in process: the example server's
//! `test_two_questions` served by rmcp's own `StreamableHttpService`, called
//! as the tower service it is (`handle`, which its `Service::call` runs), with an HTTP request made in memory and its
//! whole response body read (no socket, no hyper). Item 1 of the
//! performance issue.
//!
//! `cargo bench --features bench --bench round`; see BENCHMARKS.md.
//!
//! The server is this file's: the example server's `test_two_questions`,
//! its body and forms as they are there, beside three tools that answer a
//! canned response. Every request goes through the same service and the
//! same five-tool router (rmcp builds the handler anew for each stateless
//! request), so the rounds differ only in what the tool does.
//!
//! The rounds of `test_two_questions`:
//!
//! - `first`: the call with no answers yet; the tool asks its first
//!   question and the round answers `input_required`, with a `requestState`
//!   that holds no answer, only the digest of the question it asks.
//! - `seals`: the first answer (a high severity) and that state; the tool
//!   opens the state, reads the answer, asks the second question and seals
//!   the first answer into the new `requestState`.
//! - `opens`: the second answer and that state; the tool opens it, reads
//!   both answers and completes.
//!
//! What each is measured against:
//!
//! - `floor`: a `tools/call` of a tool the server does not have. rmcp reads
//!   the request, routes it and answers an error: what any call costs on
//!   this SDK (the performance issue's floor). `floor_seals` and
//!   `floor_opens` send that tool the request of their round
//!   (`inputResponses`, `requestState` and all; the first round's is the
//!   floor's own): rmcp reads the same bytes, then refuses.
//! - `any_tool`: the floor's request to a tool that answers one word: what
//!   a call costs that reaches a tool, on this SDK, whatever the tool.
//! - `canned_first`, `canned_seals`, `canned_opens`: the same request
//!   (`inputResponses`, `requestState` and all) to a tool that answers, as
//!   it is, the response the real round gave, kept from start-up. rmcp reads
//!   the same bytes and writes the same bytes: the protocol's own cost of
//!   that round on this SDK, with no work in the tool. A round's excess over
//!   its canned twin is the library's work (and the example's few lines).
//!
//! Every response is checked at start-up (so a bench never times an error
//! it did not mean to), and each timed response's length against it.

use std::sync::{Arc, OnceLock};

use axum::body::{to_bytes, Body, Bytes};
use axum::http;
use divan::Bencher;
use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, RequestStateCodec};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use serde_json::{json, Value};

/// The example server's forms, and its `test_two_questions`.
#[allow(dead_code)]
#[path = "../examples/conformance/forms.rs"]
mod forms;

/// The load drivers' `tools/call` params.
#[allow(dead_code)]
#[path = "load/http.rs"]
mod load;

type Server = StreamableHttpService<RoundServer, LocalSessionManager>;

fn main() {
    divan::main();
}

/// The responses the canned tools answer: the real rounds' own.
static CANNED: OnceLock<[CallToolResponse; 3]> = OnceLock::new();

#[derive(Clone)]
struct RoundServer {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for RoundServer {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

fn canned(index: usize) -> Result<CallToolResponse, ErrorData> {
    let canned = CANNED
        .get()
        .ok_or_else(|| ErrorData::internal_error("no canned response yet", None))?;
    Ok(canned[index].clone())
}

#[tool_router]
impl RoundServer {
    fn new(seal: RequestStateSeal) -> Self {
        RoundServer {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    /// As in examples/conformance_server.rs: the shared body.
    #[tool(description = "Asks how bad it is, then, if it is bad, which services are affected")]
    async fn test_two_questions(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let text = forms::two_questions(&ask).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "Answers one word")]
    async fn any_tool(&self) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![ContentBlock::text("done")]))
    }

    #[tool(description = "The first round's response, canned")]
    async fn canned_first(&self) -> Result<CallToolResponse, ErrorData> {
        canned(0)
    }

    #[tool(description = "The round that seals, its response canned")]
    async fn canned_seals(&self) -> Result<CallToolResponse, ErrorData> {
        canned(1)
    }

    #[tool(description = "The round that opens, its response canned")]
    async fn canned_opens(&self) -> Result<CallToolResponse, ErrorData> {
        canned(2)
    }
}

/// As the example server: the router built with the handler, once a request.
#[tool_handler(router = self.tool_router)]
impl ServerHandler for RoundServer {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(
            rmcp::model::ServerCapabilities::builder()
                .enable_tools()
                .build(),
        )
    }
}

/// The key every round's state is sealed with.
const KEY: &[u8] = b"the round benchmark's key, 32 bytes or more";

fn server() -> Server {
    let seal = RequestStateSeal::new(RequestStateCodec::try_new(KEY).expect("a 32-byte key"));
    StreamableHttpService::new(
        move || Ok(RoundServer::new(seal.clone())),
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
    let params = load::params_of(tool, extra);
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
    static ROUNDS: OnceLock<Rounds> = OnceLock::new();
    ROUNDS.get_or_init(|| {
        let runtime = runtime();
        let server = server();
        let send = |tool: &str, extra: &Value| {
            message(&runtime.block_on(round(&server, request(tool, extra.clone()))))
        };
        let floor = json!({});
        let answer = send("no_such_tool", &floor);
        assert!(answer["error"]["message"].is_string(), "{answer}");
        let done = send("any_tool", &floor);
        assert_eq!(done["result"]["content"][0]["text"], "done", "{done}");

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

        // The canned twins answer each round's own response, byte for byte
        // the same JSON-RPC message.
        let read = |message: &Value| {
            let result = message["result"].clone();
            let response = match result["resultType"].as_str() {
                Some("input_required") => {
                    serde_json::from_value(result).map(CallToolResponse::InputRequired)
                }
                _ => serde_json::from_value(result).map(CallToolResponse::Complete),
            };
            response.unwrap_or_else(|error| panic!("{error}: {message}"))
        };
        let responses = [&one, &two, &three].map(read);
        assert!(CANNED.set(responses).is_ok(), "canned twice");
        for (tool, extra, real) in [
            ("canned_first", &first, &one),
            ("canned_seals", &seals, &two),
            ("canned_opens", &opens, &three),
        ] {
            assert_eq!(&send(tool, extra), real, "{tool}");
        }
        for extra in [&seals, &opens] {
            let refused = send("no_such_tool", extra);
            assert_eq!(refused["error"], answer["error"], "{refused}");
        }
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
fn floor_seals(bencher: Bencher) {
    bench_round(bencher, "no_such_tool", &rounds().seals);
}

#[divan::bench]
fn floor_opens(bencher: Bencher) {
    bench_round(bencher, "no_such_tool", &rounds().opens);
}

#[divan::bench]
fn any_tool(bencher: Bencher) {
    bench_round(bencher, "any_tool", &rounds().floor);
}

#[divan::bench]
fn first(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().first);
}

#[divan::bench]
fn canned_first(bencher: Bencher) {
    bench_round(bencher, "canned_first", &rounds().first);
}

#[divan::bench]
fn seals(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().seals);
}

#[divan::bench]
fn canned_seals(bencher: Bencher) {
    bench_round(bencher, "canned_seals", &rounds().seals);
}

#[divan::bench]
fn opens(bencher: Bencher) {
    bench_round(bencher, "test_two_questions", &rounds().opens);
}

#[divan::bench]
fn canned_opens(bencher: Bencher) {
    bench_round(bencher, "canned_opens", &rounds().opens);
}
