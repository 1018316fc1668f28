//! MCP 2026-07-28 is for stateless servers: the retry of a call may reach
//! another server process. This test runs three server processes (this
//! binary again, with `--serve`, speaking MCP on stdio): two that share
//! nothing but the `requestState` key, and one with another key. A call with
//! two questions starts on the first, its retry goes to the second, the
//! retry after that back to the first, and the answer of the first round,
//! sealed in `requestState` by one process and opened by the other, is in
//! the result. The process with another key refuses the state.
//!
//! No test harness (`harness = false`): the child's stdout is the MCP
//! transport, which libtest's output would corrupt.

use std::process::Stdio;

use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ErrorCode, Implementation, InitializeRequestParams, InitializeResult,
    InputRequiredResult, InputResponses, ProtocolVersion, RequestStateCodec, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{serve_directly, RoleClient, RunningService, ServiceError};
use rmcp::{tool, tool_handler, tool_router, ClientHandler, ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Value};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// How bad is it?
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase")]
enum Severity {
    Low,
    High,
}

#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase")]
enum Service {
    Checkout,
    Search,
}

#[derive(ElicitForm, Debug)]
struct Triage {
    severity: Severity,
}

#[derive(ElicitForm, Debug)]
struct Impact {
    services: Vec<Service>,
}

#[derive(Clone)]
struct Desk {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Desk {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Desk {
    #[tool(description = "Asks how bad it is, then which services, if it is bad")]
    async fn two(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            let mut text = format!("{triage:?}");
            if let ElicitAction::Accept(Triage {
                severity: Severity::High,
            }) = triage
            {
                let services = match ask.form::<Impact>("impact", "Which services?").await? {
                    ElicitAction::Accept(Impact { services }) => format!("{services:?}"),
                    other => format!("{other:?}"),
                };
                text = format!(
                    "{text}; {services} (asked by process {})",
                    std::process::id()
                );
            }
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Desk {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

fn client_info() -> ClientConfig {
    InitializeRequestParams::new(
        ClientCapabilities::builder().enable_elicitation().build(),
        Implementation::new("two-process-test", "0.0.0"),
    )
    .with_protocol_version(ProtocolVersion::V_2026_07_28)
}

/// The child: one server on stdio, its key from `REQUEST_STATE_KEY`.
async fn serve() {
    let key = std::env::var("REQUEST_STATE_KEY").expect("REQUEST_STATE_KEY is set");
    let desk = Desk {
        seal: RequestStateSeal::new(RequestStateCodec::try_new(key.into_bytes()).unwrap()),
        tool_router: Desk::tool_router(),
    };
    let running = serve_directly::<RoleServer, _, _, _, _>(
        desk,
        (tokio::io::stdin(), tokio::io::stdout()),
        Some(client_info()),
    );
    let _ = running.waiting().await;
}

/// The client: it declares elicitation; each round is driven by hand.
#[derive(Clone)]
struct Client;

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        client_info()
    }
}

struct Process {
    child: Child,
    client: RunningService<RoleClient, Client>,
}

fn spawn(key: &str) -> Process {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .arg("--serve")
        .env("REQUEST_STATE_KEY", key)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the server process starts");
    let stdout: ChildStdout = child.stdout.take().unwrap();
    let stdin: ChildStdin = child.stdin.take().unwrap();
    let mut server_info =
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build());
    server_info.protocol_version = ProtocolVersion::V_2026_07_28;
    let client =
        serve_directly::<RoleClient, _, _, _, _>(Client, (stdout, stdin), Some(server_info.into()));
    Process { child, client }
}

async fn round(
    process: &Process,
    responses: Option<Value>,
    state: Option<&str>,
) -> Result<CallToolResponse, ServiceError> {
    let mut params = CallToolRequestParams::new("two");
    if let Some(responses) = responses {
        let responses: InputResponses = serde_json::from_value(responses).unwrap();
        params = params.with_input_responses(responses);
    }
    if let Some(state) = state {
        params = params.with_request_state(state);
    }
    process.client.call_tool_once(params).await
}

fn input_required(response: Result<CallToolResponse, ServiceError>) -> InputRequiredResult {
    match response {
        Ok(CallToolResponse::InputRequired(result)) => result,
        other => panic!("expected input_required, got {other:?}"),
    }
}

async fn two_processes_share_only_a_key() {
    let key = "a key the two server processes share, 32 bytes+";
    let first = spawn(key);
    let second = spawn(key);
    let stranger = spawn("another key, of another deployment, 32 bytes+");

    let asked = input_required(round(&first, None, None).await);
    assert_eq!(
        asked.input_requests.unwrap().keys().collect::<Vec<_>>(),
        ["triage"]
    );
    // Every round that asks seals a state: the answer counts only with it.
    let state = asked
        .request_state
        .expect("the round that asks seals its question");

    let asked = input_required(
        round(
            &second,
            Some(json!({"triage": {"action": "accept", "content": {"severity": "high"}}})),
            Some(&state),
        )
        .await,
    );
    assert_eq!(
        asked.input_requests.unwrap().keys().collect::<Vec<_>>(),
        ["impact"]
    );
    let state = asked.request_state.expect("the first answer is sealed");

    let impact = json!({"impact": {"action": "accept", "content": {"services": ["search"]}}});
    match round(&first, Some(impact.clone()), Some(&state)).await {
        Ok(CallToolResponse::Complete(result)) => assert_eq!(
            result.content[0].as_text().unwrap().text,
            format!(
                "Accept(Triage {{ severity: High }}); [Search] (asked by process {})",
                first.child.id().unwrap()
            ),
        ),
        other => panic!("expected the result, got {other:?}"),
    }

    match round(&stranger, Some(impact), Some(&state)).await {
        Err(ServiceError::McpError(error)) => {
            assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
            assert_eq!(
                error.message,
                "requestState was not issued by this server for this request; send the request \
                 again without requestState and inputResponses"
            );
            assert_eq!(error.data, Some(json!({"requestState": "invalid"})));
        }
        other => panic!("expected a refusal, got {other:?}"),
    }

    for mut process in [first, second, stranger] {
        let _ = process.client.cancel().await;
        let _ = process.child.kill().await;
    }
}

#[tokio::main]
async fn main() {
    if std::env::args().any(|arg| arg == "--serve") {
        serve().await;
        return;
    }
    // `cargo test -- --list` and filters: this file has one test.
    if std::env::args().any(|arg| arg == "--list") {
        println!("two_processes_share_only_a_key: test");
        return;
    }
    two_processes_share_only_a_key().await;
    println!("test two_processes_share_only_a_key ... ok");
}
