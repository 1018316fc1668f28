//! Confirmed once, done once (issue 38), attacked over HTTP with rmcp's own
//! client: a deploy server (this binary again, with `--serve`, on rmcp's
//! streamable HTTP transport) asks how bad it is and for a confirmation,
//! then deploys, writing each deployment and the idempotency key it saw to
//! a log. The round that deploys is sent again twice, and a fresh call's
//! sent ten times at once:
//!
//! - one process, the default configuration (the state sealed, no store):
//!   one deployment each time, every other copy refused with
//!   `RequestStateError::Completed`'s message and `data`
//!   (`{"requestState":"completed"}`);
//! - two processes sharing a real `redis-server` (`RequestStateSeal::with_store`):
//!   one deployment each time; a copy sent after the round that deployed
//!   ended is refused as `Completed` too, whichever process it reaches
//!   (the store remembers the round, issue 45), and one that races it as
//!   `Completed` on the process that runs it (it waits for it) or as
//!   `Consumed` (`"used"`) on the other, which finds the handle taken
//!   before the round has ended;
//! - two processes with neither, sharing only the key: one deployment per
//!   process the round reaches, each with the same idempotency key, which
//!   the API that deploys deduplicates on.
//!
//! No test harness (`harness = false`): each scenario runs in turn and
//! prints its line. Without `redis-server` the Redis scenario is skipped,
//! unless `ENUM_SCHEMA_REQUIRE_REDIS=1` (as in `.ci/run`).

#[path = "common/redis_server.rs"]
mod redis_server;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;

use enum_schema::ask::{RedisStore, RequestStateSeal};
use enum_schema::rmcp::Ask;
use enum_schema::{Confirm, ElicitAction, ElicitEnum, ElicitForm};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, Implementation, InputRequiredResult, InputResponses, ProtocolVersion,
    RequestStateCodec, ServerCapabilities, ServerConfig,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, RoleClient, RunningService, ServiceError,
};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{tool, tool_handler, tool_router, ClientHandler, ErrorData, ServerHandler};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use redis_server::RedisServer;

/// How bad is it?
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase")]
enum Severity {
    Low,
    High,
}

#[derive(ElicitForm, Debug)]
struct Triage {
    severity: Severity,
}

#[derive(Clone)]
struct Deployer {
    seal: RequestStateSeal,
    log: PathBuf,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Deployer {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Deployer {
    #[tool(description = "Deploys, once the person confirms")]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        let log = self.log.clone();
        ask.tool(|ask| async move {
            let ElicitAction::Accept(triage) = ask.form::<Triage>("triage", "How bad?").await?
            else {
                return Ok(CallToolResult::success(vec![ContentBlock::text("no")]));
            };
            if !ask
                .form::<Confirm>("confirm", "Deploy?")
                .await?
                .is_confirmed()
            {
                return Ok(CallToolResult::success(vec![ContentBlock::text("no")]));
            }
            // What the API that deploys would receive.
            let key = ask.idempotency_key()?;
            let line = format!("{key} {} {:?}\n", std::process::id(), triage.severity);
            append(&log, &line);
            Ok(CallToolResult::success(vec![ContentBlock::text(
                "deployed",
            )]))
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

fn append(log: &Path, line: &str) {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .unwrap();
    file.write_all(line.as_bytes()).unwrap();
}

/// The child: one deploy server on a free port, which it prints; its key
/// from `REQUEST_STATE_KEY`, its store `REDIS_URL` if set, its log
/// `DEPLOY_LOG`.
async fn serve() {
    let key = std::env::var("REQUEST_STATE_KEY").unwrap();
    let mut seal = RequestStateSeal::new(RequestStateCodec::try_new(key.into_bytes()).unwrap());
    if let Ok(url) = std::env::var("REDIS_URL") {
        seal = seal.with_store(RedisStore::connect(&url).await.unwrap());
    }
    let log = PathBuf::from(std::env::var("DEPLOY_LOG").unwrap());
    let service: StreamableHttpService<Deployer, LocalSessionManager> = StreamableHttpService::new(
        move || {
            Ok(Deployer {
                seal: seal.clone(),
                log: log.clone(),
                tool_router: Deployer::tool_router(),
            })
        },
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    println!("{}", listener.local_addr().unwrap().port());
    axum::serve(listener, router).await.unwrap();
}

/// A server process and a client of it.
struct Server {
    child: Child,
    client: RunningService<RoleClient, Client>,
}

/// Starts a server process; the same `key` on every process of one
/// deployment.
async fn start(key: &str, redis: Option<&str>, log: &Path) -> Server {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .arg("--serve")
        .env("REQUEST_STATE_KEY", key)
        .env("DEPLOY_LOG", log)
        .stdout(Stdio::piped())
        .kill_on_drop(true);
    if let Some(url) = redis {
        command.env("REDIS_URL", url);
    }
    let mut child = command.spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let port = lines.next_line().await.unwrap().expect("the server's port");
    let url = format!("http://127.0.0.1:{port}/mcp");
    // 2026-07-28 has no `initialize`: rmcp's client discovers the server.
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    let client = Client
        .serve_with_lifecycle(StreamableHttpClientTransport::from_uri(url), lifecycle)
        .await
        .unwrap();
    Server { child, client }
}

/// The client: it declares form elicitation, speaks 2026-07-28, and
/// sends each round by hand.
#[derive(Clone)]
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("replays-test", "0.0.0"),
        )
        .with_protocol_version(ProtocolVersion::V_2026_07_28)
    }
}

/// One round of `deploy` on `server`.
async fn round(
    server: &Server,
    responses: Value,
    state: Option<&str>,
) -> Result<CallToolResponse, ServiceError> {
    let mut params = CallToolRequestParams::new("deploy");
    if !responses.is_null() {
        let responses: InputResponses = serde_json::from_value(responses).unwrap();
        params = params.with_input_responses(responses);
    }
    if let Some(state) = state {
        params = params.with_request_state(state);
    }
    server.client.call_tool_once(params).await
}

fn asked(response: Result<CallToolResponse, ServiceError>) -> InputRequiredResult {
    match response {
        Ok(CallToolResponse::InputRequired(result)) => result,
        other => panic!("expected input_required, got {other:?}"),
    }
}

/// The state of the round that deploys: the call asked (on `first`) and
/// triaged (on `second`), the confirmation asked.
async fn confirming(first: &Server, second: &Server) -> String {
    let state = asked(round(first, Value::Null, None).await)
        .request_state
        .unwrap();
    let triage = json!({"triage": {"action": "accept", "content": {"severity": "high"}}});
    asked(round(second, triage, Some(&state)).await)
        .request_state
        .unwrap()
}

fn yes() -> Value {
    json!({"confirm": {"action": "accept", "content": {"confirm": "yes"}}})
}

/// What a copy of the round that deploys got: `Ok(())` for the
/// deployment's result, else the JSON-RPC error's message.
fn outcome(response: Result<CallToolResponse, ServiceError>) -> Result<(), String> {
    match response {
        Ok(CallToolResponse::Complete(result)) => {
            assert_eq!(result.content[0].as_text().unwrap().text, "deployed");
            Ok(())
        }
        Err(ServiceError::McpError(error)) => {
            assert_eq!(error.code.0, -32602, "{error:?}");
            // The reason, without the English (issue 45).
            let reason = match error.message.as_ref() {
                COMPLETED => "completed",
                _ => "used",
            };
            assert_eq!(
                error.data,
                Some(serde_json::json!({"requestState": reason})),
                "{error:?}"
            );
            Err(error.message.into_owned())
        }
        other => panic!("expected the result or a JSON-RPC error, got {other:?}"),
    }
}

/// Sends the round that deploys to each of `servers` in turn, then ten
/// copies of a fresh call's at once, spread over `servers`; returns the
/// outcomes of each.
async fn attack(servers: &[&Server]) -> (Vec<Result<(), String>>, Vec<Result<(), String>>) {
    let state = confirming(servers[0], servers[servers.len() - 1]).await;
    let mut replayed = Vec::new();
    for server in servers.iter().cycle().take(3) {
        replayed.push(outcome(round(server, yes(), Some(&state)).await));
    }
    let state = confirming(servers[0], servers[servers.len() - 1]).await;
    let copies = (0..10).map(|index| {
        let server = servers[index % servers.len()];
        let state = state.clone();
        async move { outcome(round(server, yes(), Some(&state)).await) }
    });
    let raced = futures_join_all(copies).await;
    (replayed, raced)
}

/// Every future, polled together.
async fn futures_join_all<F: std::future::Future>(
    futures: impl Iterator<Item = F>,
) -> Vec<F::Output> {
    let handles: Vec<_> = futures.map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = handles.iter().map(|_| None).collect();
    let mut handles: Vec<Option<_>> = handles.into_iter().map(Some).collect();
    std::future::poll_fn(|context| {
        let mut pending = false;
        for (handle, output) in handles.iter_mut().zip(outputs.iter_mut()) {
            if let Some(future) = handle {
                match future.as_mut().poll(context) {
                    std::task::Poll::Ready(value) => {
                        *output = Some(value);
                        *handle = None;
                    }
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    outputs.into_iter().map(Option::unwrap).collect()
}

/// The deployments logged: the idempotency key and the process of each.
fn deployments(log: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|line| {
            let mut parts = line.split(' ');
            (
                parts.next().unwrap().to_owned(),
                parts.next().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The one outcome that deployed, and the message every other copy got.
fn once_and_refused(outcomes: &[Result<(), String>], message: &str) {
    assert_eq!(
        outcomes.iter().filter(|outcome| outcome.is_ok()).count(),
        1,
        "{outcomes:?}"
    );
    for outcome in outcomes.iter().filter(|outcome| outcome.is_err()) {
        assert_eq!(outcome.as_ref().unwrap_err(), message);
    }
}

/// As [`once_and_refused`], each copy refused with `one` or `other`.
fn once_and_refused_as_either(outcomes: &[Result<(), String>], one: &str, other: &str) {
    assert_eq!(
        outcomes.iter().filter(|outcome| outcome.is_ok()).count(),
        1,
        "{outcomes:?}"
    );
    for outcome in outcomes.iter().filter(|outcome| outcome.is_err()) {
        let message = outcome.as_ref().unwrap_err();
        assert!(message == one || message == other, "{message}");
    }
}

const KEY: &str = "a key the deploy servers share, 32 bytes or more";

const COMPLETED: &str = "the call this requestState belongs to already completed (or is \
     completing): what it did is done once, and not again, and its result is not sent twice; do \
     not send this request again";

const CONSUMED: &str = "requestState was already used, or the answers it stands for are no \
     longer held by the server; a requestState is accepted once: continue from the response to \
     the request that used it, or send the request again without requestState and \
     inputResponses, which asks the person again";

fn log_file(name: &str) -> PathBuf {
    let log = std::env::temp_dir().join(format!("enum-schema-{name}-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    log
}

async fn one_process_by_default() {
    let log = log_file("replays-one");
    let server = start(KEY, None, &log).await;
    let (replayed, raced) = attack(&[&server]).await;
    once_and_refused(&replayed, COMPLETED);
    once_and_refused(&raced, COMPLETED);
    let deployed = deployments(&log);
    assert_eq!(deployed.len(), 2, "{deployed:?}");
    assert_ne!(deployed[0].0, deployed[1].0, "two calls, two keys");
    stop(server).await;
}

async fn two_processes_sharing_redis() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let log = log_file("replays-redis");
    let first = start(KEY, Some(&redis.url()), &log).await;
    let second = start(KEY, Some(&redis.url()), &log).await;
    let (replayed, raced) = attack(&[&first, &second]).await;
    once_and_refused(&replayed, COMPLETED);
    once_and_refused_as_either(&raced, COMPLETED, CONSUMED);
    assert_eq!(deployments(&log).len(), 2);
    stop(first).await;
    stop(second).await;
}

/// Neither a store nor one process: each process completes the call once,
/// so the round reaching both deploys twice, with the same key.
async fn two_processes_with_neither() {
    let log = log_file("replays-neither");
    let first = start(KEY, None, &log).await;
    let second = start(KEY, None, &log).await;
    let (replayed, raced) = attack(&[&first, &second]).await;
    assert_eq!(
        replayed.iter().filter(|outcome| outcome.is_ok()).count(),
        2,
        "{replayed:?}"
    );
    assert_eq!(
        raced.iter().filter(|outcome| outcome.is_ok()).count(),
        2,
        "{raced:?}"
    );
    for outcome in replayed
        .iter()
        .chain(&raced)
        .filter(|outcome| outcome.is_err())
    {
        assert_eq!(outcome.as_ref().unwrap_err(), COMPLETED);
    }
    let deployed = deployments(&log);
    assert_eq!(deployed.len(), 4, "{deployed:?}");
    // Each call: one deployment per process, both with the call's key.
    assert_eq!(deployed[0].0, deployed[1].0);
    assert_ne!(deployed[0].1, deployed[1].1);
    assert_eq!(deployed[2].0, deployed[3].0);
    assert_ne!(deployed[0].0, deployed[2].0);
    stop(first).await;
    stop(second).await;
}

async fn stop(mut server: Server) {
    let _ = server.client.cancel().await;
    let _ = server.child.kill().await;
}

#[tokio::main]
async fn main() {
    if std::env::args().any(|arg| arg == "--serve") {
        serve().await;
        return;
    }
    let tests = [
        "one_process_by_default",
        "two_processes_sharing_redis",
        "two_processes_with_neither",
    ];
    if std::env::args().any(|arg| arg == "--list") {
        for test in tests {
            println!("{test}: test");
        }
        return;
    }
    one_process_by_default().await;
    println!("test one_process_by_default ... ok");
    two_processes_sharing_redis().await;
    println!("test two_processes_sharing_redis ... ok");
    two_processes_with_neither().await;
    println!("test two_processes_with_neither ... ok");
}
