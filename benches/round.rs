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
//! canned response, the deploy tool and the two hand-written twins (below).
//! Every request goes through the same service and the same eight-tool
//! router (rmcp builds the handler anew for each stateless request, the
//! router with it: its cost grows with the tools, and is in every round
//! alike), so the rounds differ only in what the tool does.
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
//! The hand-written twins (`examples/conformance/by_hand.rs`): the same
//! tools written on rmcp's own MRTR API (`InputRequiredResult`,
//! `RequestStateCodec`), serde_json and checks written out, served by the
//! same router: `by_hand_two_questions` beside `test_two_questions`, and
//! `by_hand_deploy` beside `deploy` (`examples/conformance/deploy.rs`: a
//! select of environments built at run time, a derived form, a `Confirm`
//! naming the plan). Their rounds:
//!
//! - `by_hand_first`, `by_hand_seals`, `by_hand_opens`: the three rounds of
//!   `test_two_questions`, by hand;
//! - `deploy_first` (asks the environment), `deploy_target` (opens, reads
//!   the environment, seals it, asks the rollout), `deploy_rollout` (opens,
//!   reads the rollout, seals both, asks the confirmation naming the plan),
//!   `deploy_confirm` (opens, reads the confirmation, completes); and
//!   `by_hand_deploy_*`, the same by hand.
//!
//! Each round kind's ratio is the `Ask` round over its twin. Each twin
//! follows its own chain of states, so the requests differ only in the
//! tool's name and the `requestState` text.
//!
//! A call completes once (`Ask`, and the bound twins below): without a
//! store, a process refuses any round of a call that completed. So every
//! timed round that presents a state presents one of a call that has not
//! completed: the rounds before it run anew for every iteration, untimed
//! (divan's `with_inputs`), as in the store path below, `Ask` and twins
//! alike; `benches/round_instructions.sh` counts only inside [`built`]
//! (the request built from its params) and [`timed`] (the round served).
//! A first round presents no state, and the references send their
//! requests to tools that open none: their request is the same every
//! iteration.
//!
//! The bound twins (`by_hand::States::bound`), to measure `Ask` like
//! for like: the same twins giving `Ask`'s guarantees that an answer counts
//! only for the question as it was shown (each state carries the digest of
//! every question answered or asked, and every round digests them again)
//! and that a call completes once (each state carries the call's id, and
//! without a store the process remembers the calls completed), served under the same names by a service of their own
//! ([`bound_server`], the same eight tools, so that the router costs the
//! same): `bound_first`, `bound_seals`, `bound_opens` and `bound_deploy_first`,
//! `bound_deploy_target`, `bound_deploy_rollout`, `bound_deploy_confirm`.
//!
//! Every response is checked at start-up (so a bench never times an error
//! it did not mean to), and each timed response's length against it. The
//! twins are checked at start-up to answer, for the same answers, the same
//! bytes as their `Ask` versions except the `requestState` text (which holds
//! an expiry and a MAC, and a payload of each one's own layout), on the
//! rounds timed and on refused, declined and malformed answers (see
//! [`check_twins`]); the states are compared by what they must carry, once
//! opened: the answers accepted so far, the question the round asked, the
//! rejected attempts, and for the bound twins which questions have a
//! digest and the call each state belongs to (the first of the chain, or
//! another). For the bound twins (and with a store) the chains include
//! rounds sent again: the round that completed a call and other states of
//! that call, refused alike, and a round that only asks, which asks again.
//! A deploy whose environments change between rounds
//! ([`check_changed_question`]) checks what `Ask` asks when a question
//! changed since it was shown (an answer still valid kept, one no longer
//! valid asked again with the reason, a confirmation of a changed plan
//! asked again) and that the bound twin does the same.
//!
//! The store path (feature `store`, the module `store`:
//! `cargo bench --features bench,store --bench round -- store`): the same
//! rounds of both tools, `Ask` with `MemoryStore`
//! (`RequestStateSeal::with_store`) against the twins keeping their state
//! in their own map of the process (`by_hand::States::memory`), the
//! `requestState` of each sealing only a single-use handle. A handle is
//! taken once, so each timed round presents a fresh state: the rounds
//! before it run anew for every iteration, untimed. At start-up the same
//! chains as above run on both, and the responses must be the same bytes
//! but the `requestState` text (a state used twice included: with a store,
//! a state is taken once, a round that only asks included); the states
//! hold only handles, so what they carry is not compared. The same with
//! the bound twins keeping their state in their map: `store::bound_first`
//! and so on, and the deploy whose environments change between rounds.

use std::sync::{Arc, Mutex, OnceLock};

use axum::body::{to_bytes, Body, Bytes};
use axum::http;
use divan::Bencher;
use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::{InputResponses, RequestState};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, JsonObject, RequestStateCodec};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use serde_json::{json, Value};

/// The example server's forms, and its `test_two_questions`.
#[allow(dead_code)]
#[path = "../examples/conformance/forms.rs"]
mod forms;

/// The deploy shape asked with `Ask`.
#[path = "../examples/conformance/deploy.rs"]
mod deploy;

/// The hand-written twins (their Redis keeper, feature `redis`, serves
/// `twin_server.rs` only).
#[cfg_attr(feature = "redis", allow(dead_code))]
#[path = "../examples/conformance/by_hand.rs"]
mod by_hand;

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
    /// The twins' states: sealed with the same key by rmcp's codec itself
    /// (with the questions' digests, in [`bound_server`]).
    states: Arc<by_hand::States>,
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
    fn new(seal: RequestStateSeal, states: Arc<by_hand::States>) -> Self {
        RoundServer {
            seal,
            states,
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

    #[tool(description = "Deploys checkout-api: where, how, then a confirmation of the plan")]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let text = deploy::deploy(&ask, deploy::environments()).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "test_two_questions, by hand")]
    async fn by_hand_two_questions(
        &self,
        RequestState(state): RequestState,
        InputResponses(responses): InputResponses,
        arguments: JsonObject,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = "by_hand_two_questions";
        by_hand::two_questions(&self.states, tool, &arguments, state.as_deref(), responses).await
    }

    #[tool(description = "deploy, by hand")]
    async fn by_hand_deploy(
        &self,
        RequestState(state): RequestState,
        InputResponses(responses): InputResponses,
        arguments: JsonObject,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = "by_hand_deploy";
        let environments = by_hand::environments();
        let (state, states) = (state.as_deref(), &self.states);
        by_hand::deploy(states, &environments, tool, &arguments, state, responses).await
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

fn codec() -> RequestStateCodec {
    RequestStateCodec::try_new(KEY).expect("a 32-byte key")
}

fn server() -> Server {
    service(
        RequestStateSeal::new(codec()),
        by_hand::States::sealed(codec()),
    )
}

/// The same service, the twins bound to the questions shown
/// (`by_hand::States::bound`): the same eight tools, so that the
/// router costs what it costs in [`server`].
fn bound_server() -> Server {
    service(
        RequestStateSeal::new(codec()),
        by_hand::States::sealed(codec()).bound(),
    )
}

/// The service of the eight tools, `Ask` sealing with `seal` and the twins
/// keeping their state in `states`.
fn service(seal: RequestStateSeal, states: by_hand::States) -> Server {
    let states = Arc::new(states);
    StreamableHttpService::new(
        move || Ok(RoundServer::new(seal.clone(), Arc::clone(&states))),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    )
}

/// The same service, `Ask` keeping the answers in a `MemoryStore` and the
/// twins their state in their map (`bound` to the questions shown, or
/// not).
#[cfg(feature = "store")]
fn store_server(bound: bool) -> Server {
    let states = by_hand::States::memory(codec());
    service(
        RequestStateSeal::new(codec()).with_store(enum_schema::ask::MemoryStore::new()),
        if bound { states.bound() } else { states },
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
async fn round<H: ServerHandler>(
    server: &StreamableHttpService<H, LocalSessionManager>,
    request: http::Request<Body>,
) -> Bytes {
    let response = server.handle(request).await;
    to_bytes(Body::new(response.into_body()), usize::MAX)
        .await
        .expect("a body")
}

/// One round of `tool` with `extra` in its params, on a runtime of its
/// own: the whole response body, as text.
fn round_text<H: ServerHandler>(
    runtime: &tokio::runtime::Runtime,
    server: &StreamableHttpService<H, LocalSessionManager>,
    tool: &str,
    extra: &Value,
) -> String {
    let body = runtime.block_on(round(server, request(tool, extra.clone())));
    String::from_utf8(body.to_vec()).expect("UTF-8")
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

/// The four requests of the references, each built from the previous
/// round's real response: the floor's, and the three rounds of
/// `test_two_questions` (whose states the references do not open).
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
        // The call completed: the round that completed it, sent again, is
        // refused, and so is any other round of the call.
        for extra in [&opens, &seals] {
            let again = send("test_two_questions", extra);
            let message = again["error"]["message"].as_str().unwrap_or_default();
            assert!(message.starts_with(COMPLETED), "{again}");
        }

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

        // The twins answer the same bytes as the `Ask` versions.
        let send_text = |tool: &str, extra: &Value| round_text(&runtime, &server, tool, extra);
        check_twins(&send_text, true, false);
        let bound = bound_server();
        let send_bound = |tool: &str, extra: &Value| round_text(&runtime, &bound, tool, extra);
        check_twins(&send_bound, true, true);
        check_changed_question(false);
        Rounds {
            floor,
            first,
            seals,
            opens,
        }
    })
}

/// How the error of a round of a call that completed begins
/// (`RequestStateError::Completed`).
const COMPLETED: &str = "the call this requestState belongs to already completed";

/// Times a request of `tool` that is the same every iteration, `extra` in
/// its params, on [`server`] (or with the twins `bound`, on
/// [`bound_server`]): the references' and the first rounds', which present
/// no state to be opened. Each response is read whole and its size checked
/// against the first one's (a round that errs answers otherwise).
fn bench_round(bencher: Bencher, tool: &'static str, extra: &'static Value, bound: bool) {
    let runtime = runtime();
    let server = if bound { bound_server() } else { server() };
    let expected = timed(&runtime, &server, built(tool, extra)).len();
    bencher
        .with_inputs(|| built(tool, extra))
        .bench_local_values(|request| {
            let body = timed(&runtime, &server, request);
            assert_eq!(body.len(), expected);
            body
        });
}

/// Times round `index` of `steps` on `tool`, as [`bench_round`] does, on a
/// state of a call that has not completed: the rounds before it run anew
/// (untimed, not counted) for every iteration.
fn bench_chain_round(bencher: Bencher, tool: &str, steps: &[Step], index: usize, bound: bool) {
    rounds();
    let runtime = runtime();
    let server = if bound { bound_server() } else { server() };
    let send = |tool: &str, extra: &Value| round_text(&runtime, &server, tool, extra);
    let next = || built(tool, &fresh(&send, tool, steps, index));
    let expected = timed(&runtime, &server, next());
    let text = String::from_utf8_lossy(&expected);
    assert!(!text.contains(r#""error""#), "{text}");
    if index + 1 == steps.len() {
        assert!(!text.contains("input_required"), "{text}");
    }
    bencher.with_inputs(next).bench_local_values(|request| {
        let body = timed(&runtime, &server, request);
        assert_eq!(body.len(), expected.len());
        body
    });
}

/// The params of round `index` of `steps` on `tool`: its `inputResponses`,
/// and the state that the round before it sealed in a chain of the rounds
/// before it, run anew.
fn fresh(send: &dyn Fn(&str, &Value) -> String, tool: &str, steps: &[Step], index: usize) -> Value {
    let (responses, _) = &steps[index];
    let mut extra = json!({});
    if !responses.is_null() {
        extra["inputResponses"] = responses.clone();
    }
    if index > 0 {
        let before = chain(send, tool, &steps[..index]);
        let state = &message(before[index - 1].1.as_bytes())["result"]["requestState"];
        assert!(state.is_string(), "{}", before[index - 1].1);
        extra["requestState"] = state.clone();
    }
    extra
}

/// The timed request built from its params, `extra` cloned into it: a
/// function of its own so that `benches/round_instructions.sh` counts it
/// with the round (as it always counted the request built), though divan
/// builds it outside the timed section.
#[inline(never)]
fn built(tool: &str, extra: &Value) -> http::Request<Body> {
    request(tool, extra.clone())
}

/// The timed round alone: a function of its own so that
/// `benches/round_instructions.sh` counts it and not the untimed rounds
/// that make its state. The round served and its whole body read (divan
/// drops it outside the timed section).
#[inline(never)]
fn timed(
    runtime: &tokio::runtime::Runtime,
    server: &Server,
    request: http::Request<Body>,
) -> Bytes {
    runtime.block_on(round(server, request))
}

/// One divan bench per line: `name => tool, the request (a field of
/// [`Rounds`]), whether the twins are bound` ([`bench_round`]).
macro_rules! benches {
    ($($name:ident => $tool:literal, $extra:expr, $bound:literal;)*) => {$(
        #[divan::bench]
        fn $name(bencher: Bencher) {
            bench_round(bencher, $tool, $extra, $bound);
        }
    )*};
}

benches! {
    floor => "no_such_tool", &rounds().floor, false;
    floor_seals => "no_such_tool", &rounds().seals, false;
    floor_opens => "no_such_tool", &rounds().opens, false;
    any_tool => "any_tool", &rounds().floor, false;
    first => "test_two_questions", &rounds().first, false;
    canned_first => "canned_first", &rounds().first, false;
    canned_seals => "canned_seals", &rounds().seals, false;
    canned_opens => "canned_opens", &rounds().opens, false;
    by_hand_first => "by_hand_two_questions", &rounds().first, false;
    deploy_first => "deploy", &rounds().first, false;
    by_hand_deploy_first => "by_hand_deploy", &rounds().first, false;
    bound_first => "by_hand_two_questions", &rounds().first, true;
    bound_deploy_first => "by_hand_deploy", &rounds().first, true;
}

/// One divan bench per line: `name => tool, its rounds, the index of the
/// one timed, whether the twins are bound` ([`bench_chain_round`]).
macro_rules! chain_benches {
    ($($name:ident => $tool:literal, $rounds:ident, $index:literal, $bound:literal;)*) => {$(
        #[divan::bench]
        fn $name(bencher: Bencher) {
            bench_chain_round(bencher, $tool, &$rounds(), $index, $bound);
        }
    )*};
}

chain_benches! {
    seals => "test_two_questions", two_questions_rounds, 1, false;
    opens => "test_two_questions", two_questions_rounds, 2, false;
    by_hand_seals => "by_hand_two_questions", two_questions_rounds, 1, false;
    by_hand_opens => "by_hand_two_questions", two_questions_rounds, 2, false;
    deploy_target => "deploy", deploy_rounds, 1, false;
    by_hand_deploy_target => "by_hand_deploy", deploy_rounds, 1, false;
    deploy_rollout => "deploy", deploy_rounds, 2, false;
    by_hand_deploy_rollout => "by_hand_deploy", deploy_rounds, 2, false;
    deploy_confirm => "deploy", deploy_rounds, 3, false;
    by_hand_deploy_confirm => "by_hand_deploy", deploy_rounds, 3, false;
    bound_seals => "by_hand_two_questions", two_questions_rounds, 1, true;
    bound_opens => "by_hand_two_questions", two_questions_rounds, 2, true;
    bound_deploy_target => "by_hand_deploy", deploy_rounds, 1, true;
    bound_deploy_rollout => "by_hand_deploy", deploy_rounds, 2, true;
    bound_deploy_confirm => "by_hand_deploy", deploy_rounds, 3, true;
}

// ---------------------------------------------------------------------------
// The twins against their `Ask` versions
// ---------------------------------------------------------------------------

/// The state one request of a chain carries.
#[derive(Clone, Copy)]
enum With {
    /// None.
    Nothing,
    /// The last one a response of the chain sealed.
    Last,
    /// The one response `n` of the chain sealed.
    Of(usize),
    /// The last one, altered.
    Tampered,
}

/// One request of a chain: its `inputResponses` (`null`: none) and state.
type Step = (Value, With);

fn accept(key: &str, content: Value) -> Value {
    json!({key: {"action": "accept", "content": content}})
}

/// The rounds of `test_two_questions` that the bench times.
fn two_questions_rounds() -> Vec<Step> {
    vec![
        (Value::Null, With::Nothing),
        (accept("triage", json!({"severity": "high"})), With::Last),
        (accept("impact", json!({"services": ["login"]})), With::Last),
    ]
}

/// The rounds of `deploy` that the bench times.
fn deploy_rounds() -> Vec<Step> {
    vec![
        (Value::Null, With::Nothing),
        (
            accept("target", json!({"environment": "prod-eu"})),
            With::Last,
        ),
        (accept("rollout", rollout()), With::Last),
        (accept("confirm", json!({"confirm": "yes"})), With::Last),
    ]
}

fn rollout() -> Value {
    json!({
        "replicas": 3,
        "regions": ["eu-central-1", "us-east-1"],
        "canaryFirst": true,
        "notes": "after the freeze",
    })
}

/// Sends `steps` to `tool` in turn, each request with the state its step
/// names: each request's params (as `request` takes them) and response.
fn chain(
    send: &dyn Fn(&str, &Value) -> String,
    tool: &str,
    steps: &[Step],
) -> Vec<(Value, String)> {
    let mut states: Vec<Option<String>> = Vec::new();
    let mut out = Vec::new();
    for (responses, with) in steps {
        let last = || states.iter().rev().flatten().next().cloned();
        let state = match with {
            With::Nothing => None,
            With::Last => last(),
            With::Of(index) => states[*index].clone(),
            With::Tampered => last().map(|state| state.replacen('.', ".A", 1)),
        };
        let mut extra = json!({});
        if !responses.is_null() {
            extra["inputResponses"] = responses.clone();
        }
        if let Some(state) = state {
            extra["requestState"] = Value::from(state);
        }
        let body = send(tool, &extra);
        let state = message(body.as_bytes())["result"]["requestState"]
            .as_str()
            .map(str::to_owned);
        states.push(state);
        out.push((extra, body));
    }
    out
}

/// A response body with its `requestState` text left out.
fn masked(body: &str) -> String {
    const KEY: &str = r#""requestState":""#;
    match body.find(KEY) {
        Some(start) => {
            let from = start + KEY.len();
            let end = from + body[from..].find('"').expect("a closed string");
            format!("{}…{}", &body[..from], &body[end..])
        }
        None => body.to_owned(),
    }
}

/// What a sealed state carries, once opened with `binding`: the call's id
/// (none for an unbound twin), the answers accepted so far (their
/// content), the questions the round asked, the rejected attempts, and the
/// keys of the questions whose digest it carries (none for an unbound
/// twin). The digests themselves differ: rmcp writes a form's JSON with
/// its `mode`, `Ask` hashes the core's. The call's id is checked to be 32
/// lowercase hex digits, where `Ask` writes it (after `v` and `exp`) and
/// first in a twin's state.
fn carried(state: &str, binding: &[u8], by_hand: bool) -> Value {
    let payload = codec()
        .open_with(state, binding)
        .unwrap_or_else(|error| panic!("{error}: {state}"));
    let payload: Value = serde_json::from_slice(&payload).expect("JSON");
    let object = payload.as_object().expect("an object");
    let call = object.get("call").cloned().unwrap_or(Value::Null);
    if !call.is_null() {
        let position = object.keys().position(|key| key == "call");
        assert_eq!(position, Some(if by_hand { 0 } else { 2 }), "{payload}");
        let hex = call.as_str().unwrap_or_default();
        assert!(
            hex.len() == 32
                && hex
                    .bytes()
                    .all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f')),
            "{payload}"
        );
    }
    if !by_hand {
        // {"v":2,"exp":..,"call":..,"answers":{KEY:{"action":..,"content":..}},"attempts":{..},"questions":{KEY:digest}}
        let answers: serde_json::Map<String, Value> = payload["answers"]
            .as_object()
            .expect("answers")
            .iter()
            .map(|(key, answer)| (key.clone(), answer["content"].clone()))
            .collect();
        let asked: Vec<&String> = payload["questions"]
            .as_object()
            .expect("questions")
            .keys()
            .filter(|key| !answers.contains_key(*key))
            .collect();
        let attempts = payload.get("attempts").cloned().unwrap_or(json!({}));
        let digested = digested(&payload);
        return json!({"call": call, "answers": answers, "asked": asked, "attempts": attempts, "digested": digested});
    }
    // {"call":..,"asked":KEY,"attempts":n,..the answers, typed}
    let asked = payload["asked"].as_str().expect("asked");
    let mut answers = serde_json::Map::new();
    if let Some(severity) = payload.get("severity") {
        answers.insert("triage".to_owned(), json!({"severity": severity}));
    }
    if let Some(environment) = payload.get("environment") {
        answers.insert("target".to_owned(), json!({"environment": environment}));
    }
    if let Some(rollout) = payload.get("rollout") {
        answers.insert("rollout".to_owned(), rollout.clone());
    }
    let attempts = match payload.get("attempts") {
        Some(count) => json!({asked: count}),
        None => json!({}),
    };
    let digested = digested(&payload);
    json!({"call": call, "answers": answers, "asked": [asked], "attempts": attempts, "digested": digested})
}

/// The call id `carried` holds, replaced by its number among the ids of a
/// chain (`seen`, in the order first seen): the same number in every state
/// of the chain's calls on both sides, when each side draws a call's id
/// once and carries it in every later state.
fn number_call(carried: &mut Value, seen: &mut Vec<Value>) {
    let call = carried["call"].take();
    if call.is_null() {
        return;
    }
    let number = match seen.iter().position(|id| *id == call) {
        Some(number) => number,
        None => {
            seen.push(call);
            seen.len() - 1
        }
    };
    carried["call"] = Value::from(number);
}

/// The keys of a payload's `questions`, in order.
fn digested(payload: &Value) -> Vec<String> {
    let questions = payload.get("questions").and_then(Value::as_object);
    let mut keys: Vec<String> = questions
        .into_iter()
        .flat_map(|q| q.keys().cloned())
        .collect();
    keys.sort();
    keys
}

/// Runs each chain on the `Ask` tool and on its twin, through `send` (to
/// a service whose twins are `bound`, or not), and panics unless every
/// response is the same bytes but for the `requestState` text, and, when
/// the states are `sealed` (not handles of a store), every state carries
/// the same.
fn check_twins(send: &dyn Fn(&str, &Value) -> String, sealed: bool, bound: bool) {
    let two = |steps: Vec<Step>| ("test_two_questions", "by_hand_two_questions", steps);
    let deploy = |steps: Vec<Step>| ("deploy", "by_hand_deploy", steps);
    let (first, last) = ((Value::Null, With::Nothing), With::Last);
    let triage = |severity: Value| (accept("triage", json!({"severity": severity})), last);
    let impact = |services: Value| (accept("impact", json!({"services": services})), last);
    let high = triage(json!("high"));
    let answer = |key: &str, answer: Value| (json!({key: answer}), last);
    let target = |environment: &str| (accept("target", json!({"environment": environment})), last);
    let rollout_of = |content: Value| (accept("rollout", content), last);
    let confirm = |value: Value| (accept("confirm", json!({"confirm": value})), last);
    let chains = [
        two(two_questions_rounds()),
        two(vec![first.clone(), triage(json!("low"))]),
        two(vec![
            first.clone(),
            answer("triage", json!({"action": "decline"})),
        ]),
        two(vec![
            first.clone(),
            answer("triage", json!({"action": "cancel"})),
        ]),
        two(vec![
            first.clone(),
            triage(json!("medium")),
            triage(json!("High: users are affected")),
            high.clone(),
            impact(json!(["login", "search", "checkout"])),
            impact(json!(["login", "nope"])),
            impact(json!(["login", "login"])),
        ]),
        two(vec![
            first.clone(),
            triage(json!("m0")),
            triage(json!("m1")),
            triage(json!("m2")),
        ]),
        two(vec![
            first.clone(),
            answer("triage", json!({"action": "accept"})),
            triage(json!(3)),
            triage(Value::Null),
        ]),
        two(vec![first.clone(), answer("triage", json!("accept"))]),
        two(vec![
            first.clone(),
            answer("triage", json!({"action": "maybe"})),
        ]),
        two(vec![
            first.clone(),
            answer("triage", json!({"content": {}})),
        ]),
        two(vec![
            first.clone(),
            answer("triage", json!({"action": "accept", "content": "high"})),
        ]),
        two(vec![
            first.clone(),
            (
                accept("triage", json!({"severity": "low", "extra": 1})),
                last,
            ),
        ]),
        two(vec![
            first.clone(),
            high.clone(),
            answer("impact", json!({"action": "decline"})),
        ]),
        // (The answer of the wrong type first: the empty list completes
        // the call, and a call that completed takes no other answer.)
        two(vec![
            first.clone(),
            high.clone(),
            impact(json!("login")),
            impact(json!([])),
        ]),
        two(vec![first.clone(), high.clone(), impact(json!([]))]),
        // An answer before its question, answers without a state, an
        // altered state.
        two(vec![
            first.clone(),
            (
                json!({
                    "triage": {"action": "accept", "content": {"severity": "high"}},
                    "impact": {"action": "accept", "content": {"services": ["login"]}},
                }),
                last,
            ),
        ]),
        two(vec![(
            accept("triage", json!({"severity": "high"})),
            With::Nothing,
        )]),
        two(vec![
            first.clone(),
            high.clone(),
            (
                accept("impact", json!({"services": ["login"]})),
                With::Tampered,
            ),
        ]),
        deploy(deploy_rounds()),
        deploy(vec![
            first.clone(),
            answer("target", json!({"action": "decline"})),
        ]),
        deploy(vec![
            first.clone(),
            target("prod-eu"),
            answer("rollout", json!({"action": "cancel"})),
        ]),
        deploy(vec![
            first.clone(),
            target("prod-eu"),
            rollout_of(rollout()),
            confirm(json!("no")),
        ]),
        deploy(vec![
            first.clone(),
            target("prod-eu"),
            rollout_of(rollout()),
            answer("confirm", json!({"action": "decline"})),
        ]),
        deploy(vec![
            first.clone(),
            target("prod"),
            target("Production (EU)"),
            target("prod-us"),
            rollout_of(
                json!({"replicas": 30, "regions": ["eu-central-1", "mars"], "canaryFirst": "yes", "notes": "x"}),
            ),
            rollout_of(json!({"replicas": 2.5, "regions": [], "notes": null})),
            rollout_of(json!({})),
        ]),
        deploy(vec![
            first.clone(),
            target("staging"),
            rollout_of(json!({
                "replicas": 3.0,
                "regions": ["eu-central-1", "us-east-1", "ap-northeast-1"],
                "canaryFirst": true,
                "notes": "y".repeat(300),
            })),
            rollout_of(
                json!({"replicas": "3", "regions": "eu-central-1", "canaryFirst": true, "notes": 5}),
            ),
            rollout_of(json!({"replicas": 1, "regions": ["ap-northeast-1"], "canaryFirst": false})),
            confirm(json!("Yes")),
            confirm(json!(true)),
            confirm(json!("yes")),
        ]),
        deploy(vec![
            first.clone(),
            target("prod-eu"),
            rollout_of(
                json!({"replicas": 20, "regions": ["us-east-1", "us-east-1"], "canaryFirst": false, "notes": "z"}),
            ),
            rollout_of(json!({"replicas": 0, "regions": [7], "canaryFirst": null})),
            rollout_of(
                json!({"replicas": 1, "regions": ["Tokyo (ap-northeast-1)"], "canaryFirst": true}),
            ),
        ]),
        // A confirmation sent with the state of the round before it asked.
        deploy(vec![
            first.clone(),
            target("prod-eu"),
            rollout_of(rollout()),
            (accept("confirm", json!({"confirm": "yes"})), With::Of(1)),
        ]),
        deploy(vec![
            first.clone(),
            (
                accept("target", json!({"environment": "prod-eu"})),
                With::Tampered,
            ),
        ]),
    ];
    // Rounds sent again, where the twins give `Ask`'s guarantee that a
    // call completes once (bound), or a store takes each state once: a
    // round that only asks asks again (sealed); once the call completed,
    // its round that completed it and any other of its states are
    // refused; a call that ended with an answer refused too often ended
    // too, and its last round is refused as well; a new call asks again.
    let login = || accept("impact", json!({"services": ["login"]}));
    let replays = [
        two(vec![
            first.clone(),
            high.clone(),
            (accept("triage", json!({"severity": "high"})), With::Of(0)),
            (login(), With::Of(1)),
            (login(), With::Of(1)),
            (login(), With::Of(2)),
            (accept("triage", json!({"severity": "high"})), With::Of(0)),
            first.clone(),
            high.clone(),
        ]),
        two(vec![
            first.clone(),
            triage(json!("m0")),
            triage(json!("m1")),
            triage(json!("m2")),
            (accept("triage", json!({"severity": "m2"})), With::Of(2)),
            (accept("triage", json!({"severity": "high"})), With::Of(2)),
        ]),
        deploy(vec![
            first.clone(),
            target("prod-eu"),
            (
                accept("target", json!({"environment": "prod-eu"})),
                With::Of(0),
            ),
            rollout_of(rollout()),
            confirm(json!("yes")),
            (accept("confirm", json!({"confirm": "yes"})), With::Of(3)),
            (accept("rollout", rollout()), With::Of(1)),
        ]),
        deploy(vec![
            first.clone(),
            answer("target", json!({"action": "decline"})),
            (
                accept("target", json!({"environment": "prod-eu"})),
                With::Of(0),
            ),
            first.clone(),
        ]),
    ];
    let replays = if bound || !sealed { &replays[..] } else { &[] };
    for (with_ask, by_hand, steps) in chains.iter().chain(replays) {
        let asked = chain(send, with_ask, steps);
        let written = chain(send, by_hand, steps);
        compare(with_ask, &asked, by_hand, &written, sealed, bound);
    }
}

/// What `Ask`'s state for a call of `tool` without arguments is bound to.
fn ask_binding(tool: &str) -> Vec<u8> {
    format!("enum-schema requestState 1\0tools/call\0{tool}\0").into_bytes()
}

/// What a twin's state for a call of `tool` without arguments is bound to.
fn hand_binding(tool: &str) -> Vec<u8> {
    format!("tools/call\0{tool}\0").into_bytes()
}

/// Panics unless the responses of a chain on the `Ask` tool and on its twin
/// are the same bytes but for the `requestState` text, and, when the states
/// are `sealed`, unless they carry the same (which questions have a digest,
/// and which call each state belongs to, too, when the twin is `bound`).
fn compare(
    with_ask: &str,
    asked: &[(Value, String)],
    by_hand: &str,
    written: &[(Value, String)],
    sealed: bool,
    bound: bool,
) {
    assert_eq!(asked.len(), written.len());
    let (mut ask_calls, mut hand_calls) = (Vec::new(), Vec::new());
    for ((extra, ask), (_, hand)) in asked.iter().zip(written) {
        assert_eq!(
            masked(ask),
            masked(hand),
            "{with_ask} and {by_hand} differ on {extra}"
        );
        let (ask, hand) = (message(ask.as_bytes()), message(hand.as_bytes()));
        if !sealed {
            continue;
        }
        if let (Some(ask), Some(hand)) = (
            ask["result"]["requestState"].as_str(),
            hand["result"]["requestState"].as_str(),
        ) {
            let mut ask = carried(ask, &ask_binding(with_ask), false);
            let mut hand = carried(hand, &hand_binding(by_hand), true);
            if !bound {
                ask["digested"] = json!([]);
                ask["call"] = Value::Null;
            }
            number_call(&mut ask, &mut ask_calls);
            number_call(&mut hand, &mut hand_calls);
            assert_eq!(
                ask, hand,
                "{with_ask} and {by_hand} seal different states on {extra}",
            );
        }
    }
}

// ---------------------------------------------------------------------------
// A question that changes between rounds
// ---------------------------------------------------------------------------

/// The environments that [`ChangingServer`]'s tools offer, switched between
/// the rounds of [`check_changed_question`].
static ENVIRONMENTS: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

fn environments_now() -> Vec<(String, String)> {
    ENVIRONMENTS.lock().expect("no panic while locked").clone()
}

/// `deploy` and its bound twin, offering [`ENVIRONMENTS`] as they are at
/// each round.
#[derive(Clone)]
struct ChangingServer {
    seal: RequestStateSeal,
    bound: Arc<by_hand::States>,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for ChangingServer {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl ChangingServer {
    #[tool(description = "deploy, among the environments of the moment")]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let text = deploy::deploy(&ask, environments_now()).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "deploy, by hand, bound, among the environments of the moment")]
    async fn by_hand_bound_deploy(
        &self,
        RequestState(state): RequestState,
        InputResponses(responses): InputResponses,
        arguments: JsonObject,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = "by_hand_bound_deploy";
        let environments = environments_now();
        let (state, states) = (state.as_deref(), &self.bound);
        by_hand::deploy(states, &environments, tool, &arguments, state, responses).await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for ChangingServer {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(
            rmcp::model::ServerCapabilities::builder()
                .enable_tools()
                .build(),
        )
    }
}

/// What a round of [`check_changed_question`] must answer.
enum Expect {
    /// The question asked under this key, with this whole message (reasons
    /// and all), and the answers refused so far that its state counts for
    /// it.
    Asks(&'static str, String, u32),
    /// The call's end: how its text begins.
    Ends(&'static str),
}

/// Runs deploy with `Ask` and its bound twin while the environments change
/// between rounds, sealed or (`store`) kept in a store, and panics unless
/// each round asks what `Ask` must and the twin answers as `Ask` does: the
/// same bytes but the `requestState` text, and sealed, the same state
/// carried.
///
/// What `Ask` must ask: an answer to a question that changed since it was
/// shown, carried or sent to the round that asked it, counts while the
/// question as it is now takes it (an option added in front of the
/// environment chosen; a rollout whose message names the environment's new
/// title); refused, the question is asked again with the reason and no
/// attempt counted (the environment chosen retired: "no longer one of the
/// choices"; a title sent instead of a value: "please choose … again"); a
/// confirmation whose plan changed (the environment's title renamed) is a
/// new question, the "yes" to the old plan counting for nothing.
fn check_changed_question(store: bool) {
    let list = |environments: &[(&str, &str)]| -> Vec<(String, String)> {
        environments
            .iter()
            .map(|(value, title)| ((*value).to_owned(), (*title).to_owned()))
            .collect()
    };
    let (staging, ap) = (("staging", "Staging"), ("prod-ap", "Production (AP)"));
    let (eu, us) = (
        ("prod-eu", "Production (EU)"),
        ("prod-us", "Production (US)"),
    );
    let base = by_hand::environments();
    assert_eq!(base, list(&[staging, eu, us]));
    // Production (AP) added in front of the environment chosen, which is
    // renamed, then retired; then the one chosen instead, renamed twice.
    let added = list(&[staging, ap, eu, us]);
    let frankfurt = list(&[staging, ap, ("prod-eu", "Production (Frankfurt)"), us]);
    let retired = list(&[staging, ap, us]);
    let virginia = list(&[staging, ap, ("prod-us", "Production (Virginia)")]);
    let ashburn = list(&[staging, ap, ("prod-us", "Production (Ashburn)")]);

    let target = |environment: &str| accept("target", json!({"environment": environment}));
    let yes = accept("confirm", json!({"confirm": "yes"}));
    let mars = json!({
        "replicas": 3,
        "regions": ["eu-central-1", "mars"],
        "canaryFirst": true,
        "notes": "after the freeze",
    });
    let which = |reason: &str| format!("{}{reason}", deploy::TARGET_MESSAGE);
    let how =
        |title: &str, reason: &str| format!("Deploy {} to {title}: how?{reason}", deploy::SERVICE);
    let plan = |title: &str| {
        format!(
            "Deploy {} to {title} (prod-us): 3 replicas in eu-central-1, us-east-1, canary first?",
            deploy::SERVICE
        )
    };
    let regions = "“Frankfurt (eu-central-1)”, “Virginia (us-east-1)” or “Tokyo (ap-northeast-1)”";
    let rounds = [
        (&base, Value::Null, Expect::Asks("target", which(""), 0)),
        // The response to the select as it was shown: prod-eu is still
        // one of the choices, so it counts.
        (
            &added,
            target("prod-eu"),
            Expect::Asks("rollout", how("Production (EU)", ""), 0),
        ),
        // The environment kept; the rollout's message names its new title,
        // and the response is checked against the form as it is now:
        // refused, asked again, no attempt counted. (`Ask` names any value
        // not offered "no longer" one of the choices once the question
        // changed, though the regions did not.)
        (
            &frankfurt,
            accept("rollout", mars),
            Expect::Asks(
                "rollout",
                how(
                    "Production (Frankfurt)",
                    &format!("\n\nRegions: “mars” is no longer one of the choices; choose from {regions}."),
                ),
                0,
            ),
        ),
        (
            &frankfurt,
            accept("rollout", rollout()),
            Expect::Asks(
                "confirm",
                format!(
                    "Deploy {} to Production (Frankfurt) (prod-eu): 3 replicas in eu-central-1, us-east-1, canary first?",
                    deploy::SERVICE
                ),
                0,
            ),
        ),
        // prod-eu retired: the environment carried is asked again, no
        // attempt counted, the rollout still carried; the "yes" to its
        // plan counts for nothing.
        (
            &retired,
            yes.clone(),
            Expect::Asks(
                "target",
                which("\n\nEnvironment: “prod-eu” is no longer one of the choices; choose “Staging”, “Production (AP)” or “Production (US)”."),
                0,
            ),
        ),
        // The same select: refused as any answer is, an attempt counted.
        (
            &retired,
            target("prod-eu"),
            Expect::Asks(
                "target",
                which("\n\nEnvironment: “prod-eu” is not one of the choices; choose “Staging”, “Production (AP)” or “Production (US)”."),
                1,
            ),
        ),
        // prod-us renamed: a title sent for its value to the select as it
        // was shown is asked to be chosen again; no value the change took
        // away, so it counts, beside the attempt before the change.
        (
            &virginia,
            target("Production (AP)"),
            Expect::Asks(
                "target",
                which("\n\nEnvironment: please choose “Production (AP)” again from the list."),
                2,
            ),
        ),
        // The rollout carried answers the form that names Production
        // (Virginia): kept, and the new plan is asked.
        (
            &virginia,
            target("prod-us"),
            Expect::Asks("confirm", plan("Production (Virginia)"), 0),
        ),
        // prod-us renamed again: the environment and the rollout kept; the
        // plan changed, so the "yes" to the old one counts for nothing.
        (
            &ashburn,
            yes.clone(),
            Expect::Asks("confirm", plan("Production (Ashburn)"), 0),
        ),
        (
            &ashburn,
            yes,
            Expect::Ends("deploying checkout-api v2.14.0 to Production (Ashburn) (prod-us)"),
        ),
    ];
    let runtime = runtime();
    let (seal, states) = (
        RequestStateSeal::new(codec()),
        by_hand::States::sealed(codec()),
    );
    #[cfg(feature = "store")]
    let (seal, states) = if store {
        let seal = seal.with_store(enum_schema::ask::MemoryStore::new());
        (seal, by_hand::States::memory(codec()))
    } else {
        (seal, states)
    };
    let bound = Arc::new(states.bound());
    let server: StreamableHttpService<ChangingServer, LocalSessionManager> =
        StreamableHttpService::new(
            move || {
                Ok(ChangingServer {
                    seal: seal.clone(),
                    bound: Arc::clone(&bound),
                    tool_router: ChangingServer::tool_router(),
                })
            },
            Arc::new(LocalSessionManager::default()),
            StreamableHttpServerConfig::default(),
        );
    let run = |tool: &str| {
        let mut state = Value::Null;
        let mut out = Vec::new();
        for (environments, responses, _) in &rounds {
            (*environments).clone_into(&mut ENVIRONMENTS.lock().expect("no panic while locked"));
            let mut extra = json!({});
            if !responses.is_null() {
                extra["inputResponses"] = responses.clone();
            }
            if state.is_string() {
                extra["requestState"] = state;
            }
            let body = round_text(&runtime, &server, tool, &extra);
            state = message(body.as_bytes())["result"]["requestState"].clone();
            out.push((extra, body));
        }
        out
    };
    let asked = run("deploy");
    for ((_, _, expected), (extra, body)) in rounds.iter().zip(&asked) {
        let result = &message(body.as_bytes())["result"];
        match expected {
            Expect::Asks(key, text, attempts) => {
                let requests = result["inputRequests"].as_object();
                let keys: Vec<&str> = requests
                    .into_iter()
                    .flat_map(|requests| requests.keys().map(String::as_str))
                    .collect();
                assert_eq!(keys, [*key], "{key} on {extra}: {body}");
                let message = &result["inputRequests"][key]["params"]["message"];
                assert_eq!(message, text, "{key} on {extra}: {body}");
                if store {
                    continue;
                }
                let state = result["requestState"].as_str().expect("a state");
                let carried = carried(state, &ask_binding("deploy"), false);
                let key: &str = key;
                let counted = if *attempts == 0 {
                    json!({})
                } else {
                    json!({key: attempts})
                };
                assert_eq!(carried["attempts"], counted, "{key} on {extra}: {carried}");
            }
            Expect::Ends(text) => {
                let done = result["content"][0]["text"].as_str().unwrap_or_default();
                assert!(done.starts_with(text), "{text} on {extra}: {body}");
            }
        }
    }
    let written = run("by_hand_bound_deploy");
    compare(
        "deploy",
        &asked,
        "by_hand_bound_deploy",
        &written,
        !store,
        true,
    );
}

// ---------------------------------------------------------------------------
// The store path
// ---------------------------------------------------------------------------

/// The rounds with `MemoryStore` against the twins' map: each tool's rounds
/// as above, each timed on a fresh state.
#[cfg(feature = "store")]
mod store {
    use super::*;

    /// Checks the twins against `Ask`, both with a store, once.
    fn checked() {
        static CHECKED: OnceLock<()> = OnceLock::new();
        CHECKED.get_or_init(|| {
            let runtime = runtime();
            for bound in [false, true] {
                let server = store_server(bound);
                let send = |tool: &str, extra: &Value| round_text(&runtime, &server, tool, extra);
                check_twins(&send, false, bound);
            }
            check_changed_question(true);
        });
    }

    /// Times round `index` of `steps` on `tool`: each request carries the
    /// state of a chain of the rounds before it, run anew (untimed) for
    /// every iteration, since a state is taken once.
    fn bench_store_round(bencher: Bencher, tool: &str, steps: &[Step], index: usize, bound: bool) {
        checked();
        let runtime = runtime();
        let server = store_server(bound);
        let send = |tool: &str, extra: &Value| round_text(&runtime, &server, tool, extra);
        // The request built outside what is counted, as it always was here.
        let next = || request(tool, fresh(&send, tool, steps, index));
        let expected = runtime.block_on(round(&server, next()));
        let text = String::from_utf8_lossy(&expected);
        assert!(!text.contains(r#""error""#), "{text}");
        if index + 1 == steps.len() {
            assert!(!text.contains("input_required"), "{text}");
        }
        bencher.with_inputs(next).bench_local_values(|request| {
            let body = timed(&runtime, &server, request);
            assert_eq!(body.len(), expected.len());
            body
        });
    }

    /// One divan bench per line: `name => tool, its rounds, the index of
    /// the one timed, whether the twins are bound` ([`bench_store_round`]).
    macro_rules! store_benches {
        ($($name:ident => $tool:literal, $rounds:ident, $index:literal, $bound:literal;)*) => {$(
            #[divan::bench]
            fn $name(bencher: Bencher) {
                bench_store_round(bencher, $tool, &$rounds(), $index, $bound);
            }
        )*};
    }

    store_benches! {
        first => "test_two_questions", two_questions_rounds, 0, false;
        by_hand_first => "by_hand_two_questions", two_questions_rounds, 0, false;
        seals => "test_two_questions", two_questions_rounds, 1, false;
        by_hand_seals => "by_hand_two_questions", two_questions_rounds, 1, false;
        opens => "test_two_questions", two_questions_rounds, 2, false;
        by_hand_opens => "by_hand_two_questions", two_questions_rounds, 2, false;
        deploy_first => "deploy", deploy_rounds, 0, false;
        by_hand_deploy_first => "by_hand_deploy", deploy_rounds, 0, false;
        deploy_target => "deploy", deploy_rounds, 1, false;
        by_hand_deploy_target => "by_hand_deploy", deploy_rounds, 1, false;
        deploy_rollout => "deploy", deploy_rounds, 2, false;
        by_hand_deploy_rollout => "by_hand_deploy", deploy_rounds, 2, false;
        deploy_confirm => "deploy", deploy_rounds, 3, false;
        by_hand_deploy_confirm => "by_hand_deploy", deploy_rounds, 3, false;
        bound_first => "by_hand_two_questions", two_questions_rounds, 0, true;
        bound_seals => "by_hand_two_questions", two_questions_rounds, 1, true;
        bound_opens => "by_hand_two_questions", two_questions_rounds, 2, true;
        bound_deploy_first => "by_hand_deploy", deploy_rounds, 0, true;
        bound_deploy_target => "by_hand_deploy", deploy_rounds, 1, true;
        bound_deploy_rollout => "by_hand_deploy", deploy_rounds, 2, true;
        bound_deploy_confirm => "by_hand_deploy", deploy_rounds, 3, true;
    }
}
