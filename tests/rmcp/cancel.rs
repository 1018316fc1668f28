//! A cancelled call does nothing (issue 29): on 2025-11-25 a person closes
//! the form and the client sends `notifications/cancelled` for the
//! `tools/call` while `Ask` waits for the `elicitation/create` answer. The
//! wait ends at once, the body goes no further, the answer that comes late
//! confirms nothing, and no response is sent for the cancelled call. And
//! (issue 45) a cancel before the body's first question, or between an
//! answer and the next question, asks nothing more and does nothing.
//! rmcp's own client and server, in process.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use enum_schema::ask::{ElicitError, RequestStateSeal};
use enum_schema::rmcp::Ask;
use enum_schema::Confirm;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities,
    ClientConfig, ClientRequest, ContentBlock, ElicitRequestParams, ElicitResult, Implementation,
    InitializeRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{PeerRequestOptions, RequestContext, RoleClient};
use rmcp::{tool, tool_handler, tool_router, ClientHandler, ErrorData, RoleServer, ServerHandler};
use serde_json::json;
use tokio::sync::Notify;

use super::connection::{connect, seal, KEY};

/// The server: `deploy` asks for a confirmation, then deploys.
#[derive(Clone)]
struct Deployer {
    deploys: Arc<AtomicUsize>,
    /// How the body's question ended.
    asked: Arc<Mutex<Option<String>>>,
    ended: Arc<Notify>,
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Deployer {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Deployer {
    fn new() -> Self {
        Deployer {
            deploys: Arc::default(),
            asked: Arc::default(),
            ended: Arc::default(),
            seal: seal(KEY),
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Deploys billing after a confirmation")]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        let (deploys, asked, ended) = (
            Arc::clone(&self.deploys),
            Arc::clone(&self.asked),
            Arc::clone(&self.ended),
        );
        ask.tool(|ask| async move {
            let confirmed = ask
                .form::<Confirm>("confirm", "Deploy billing v1 to production?")
                .await;
            *asked.lock().unwrap() = Some(match &confirmed {
                Ok(action) => format!("{action:?}"),
                Err(error) => format!("{error:?}: {error}"),
            });
            ended.notify_one();
            if confirmed?.is_confirmed() {
                deploys.fetch_add(1, Ordering::SeqCst);
            }
            Ok(CallToolResult::success(vec![ContentBlock::text("done")]))
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

/// The client: shows the form (says so), and answers "yes" only when the
/// test lets it, after the call was cancelled.
#[derive(Clone)]
struct Person {
    shown: Arc<Notify>,
    release: Arc<Notify>,
    answered: Arc<Notify>,
}

impl ClientHandler for Person {
    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.shown.notify_one();
        self.release.notified().await;
        self.answered.notify_one();
        Ok(
            serde_json::from_value(json!({"action": "accept", "content": {"confirm": "yes"}}))
                .unwrap(),
        )
    }

    fn get_info(&self) -> ClientConfig {
        InitializeRequestParams::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("cancelling-client", "0.0.0"),
        )
        .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }
}

#[tokio::test]
async fn a_call_cancelled_while_the_form_is_shown_does_nothing() {
    let server = Deployer::new();
    let person = Person {
        shown: Arc::default(),
        release: Arc::default(),
        answered: Arc::default(),
    };
    let connection = connect(server.clone(), person.clone()).await;
    let running = &connection.client;
    let call =
        ClientRequest::CallToolRequest(CallToolRequest::new(CallToolRequestParams::new("deploy")));
    let handle = running
        .send_cancellable_request(call, PeerRequestOptions::no_options())
        .await
        .unwrap();
    let call_id = serde_json::to_value(&handle.id).unwrap();

    // The form is on the person's screen; they close it, and the client
    // cancels the call.
    person.shown.notified().await;
    handle
        .cancel(Some("the person closed the form".to_owned()))
        .await
        .unwrap();
    server.ended.notified().await;
    assert_eq!(server.asked.lock().unwrap().as_deref(), Some(CANCELLED));

    // The answer comes late: nothing is waiting for it any more.
    person.release.notify_one();
    person.answered.notified().await;
    // A call after it shows the server went on reading its input.
    let tools = running.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(server.deploys.load(Ordering::SeqCst), 0);
    // rmcp's service sends no response for the cancelled call: the
    // handler's error (`Cancelled`, -32603) is dropped.
    let sent = connection.sent();
    let answered: Vec<&serde_json::Value> = sent
        .iter()
        .filter(|message| message.get("method").is_none())
        .map(|message| &message["id"])
        .collect();
    assert_eq!(call_id, 1);
    assert_eq!(answered, [&json!(0), &json!(2)], "{sent:?}");
}

#[test]
fn a_cancelled_wait_is_an_internal_error_that_names_no_rust() {
    let error = ElicitError::Cancelled;
    assert_eq!(error.code(), -32603);
    assert_eq!(error.data(), None);
    assert_eq!(
        error.to_string(),
        "the request was cancelled before the server acted on an answer; nothing more was done"
    );
}

// ---------------------------------------------------------------------------
// Issue 45: a cancel at any point before the body acts ends it with
// nothing done: before its first question, and between an answer and the
// next question, as while it waits (above).

/// `deploy` with a gate where the test says: the body waits there for the
/// test, which cancels the call first.
#[derive(Clone)]
struct Gated {
    deploys: Arc<AtomicUsize>,
    asked: Arc<Mutex<Option<String>>>,
    ended: Arc<Notify>,
    reached: Arc<Notify>,
    cancel_seen: Arc<Notify>,
    release: Arc<Notify>,
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Gated {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

impl Gated {
    fn new() -> Self {
        Gated {
            deploys: Arc::default(),
            asked: Arc::default(),
            ended: Arc::default(),
            reached: Arc::default(),
            cancel_seen: Arc::default(),
            release: Arc::default(),
            seal: seal(KEY),
            tool_router: Self::tool_router(),
        }
    }

    async fn deploy(
        &self,
        context: RequestContext<RoleServer>,
        ask: Ask,
        before: bool,
    ) -> Result<CallToolResponse, ErrorData> {
        // Says when the server has taken the client's cancellation.
        let seen = Arc::clone(&self.cancel_seen);
        let ct = context.ct.clone();
        tokio::spawn(async move {
            ct.cancelled().await;
            seen.notify_one();
        });
        let server = self.clone();
        ask.tool(|ask| async move {
            let gate = || async {
                server.reached.notify_one();
                server.release.notified().await;
            };
            if before {
                gate().await;
            }
            let outcome = async {
                let severity = ask
                    .form::<super::fixtures::Triage>("triage", "How bad?")
                    .await?;
                if !before {
                    gate().await;
                }
                let confirmed = ask.form::<Confirm>("confirm", "Deploy?").await?;
                Ok::<_, ElicitError>((severity, confirmed))
            }
            .await;
            *server.asked.lock().unwrap() = Some(match &outcome {
                Ok(answers) => format!("{answers:?}"),
                Err(error) => format!("{error:?}: {error}"),
            });
            server.ended.notify_one();
            if outcome?.1.is_confirmed() {
                server.deploys.fetch_add(1, Ordering::SeqCst);
            }
            Ok(CallToolResult::success(vec![ContentBlock::text("done")]))
        })
        .await
    }
}

#[tool_router]
impl Gated {
    #[tool(description = "Deploys, after a wait before its first question")]
    async fn deploy_before(
        &self,
        context: RequestContext<RoleServer>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        self.deploy(context, ask, true).await
    }

    #[tool(description = "Deploys, after a wait between its questions")]
    async fn deploy_between(
        &self,
        context: RequestContext<RoleServer>,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        self.deploy(context, ask, false).await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Gated {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

const CANCELLED: &str = "Cancelled: the request was cancelled before the server acted on an \
     answer; nothing more was done";

/// Calls `tool`, cancels it once its body reaches its gate and the server
/// has taken the cancellation, then lets the body go on.
async fn cancelled_at_the_gate(
    server: &Gated,
    tool: &'static str,
) -> super::connection::Connection {
    let connection = connect(
        server.clone(),
        super::connection::Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![
            json!({"action": "accept", "content": {"severity": "high"}}),
            json!({"action": "accept", "content": {"confirm": "yes"}}),
        ]),
    )
    .await;
    let call =
        ClientRequest::CallToolRequest(CallToolRequest::new(CallToolRequestParams::new(tool)));
    let handle = connection
        .client
        .send_cancellable_request(call, PeerRequestOptions::no_options())
        .await
        .unwrap();
    server.reached.notified().await;
    handle
        .cancel(Some("the person closed the form".to_owned()))
        .await
        .unwrap();
    server.cancel_seen.notified().await;
    server.release.notify_one();
    server.ended.notified().await;
    connection
}

#[tokio::test]
async fn a_call_cancelled_before_its_first_question_asks_nothing_and_does_nothing() {
    let server = Gated::new();
    let connection = cancelled_at_the_gate(&server, "deploy_before").await;
    assert_eq!(server.asked.lock().unwrap().as_deref(), Some(CANCELLED));
    assert_eq!(server.deploys.load(Ordering::SeqCst), 0);
    // No form was sent: the person is asked nothing for a cancelled call.
    assert_eq!(connection.seen(), Vec::<serde_json::Value>::new());
}

#[tokio::test]
async fn a_call_cancelled_between_an_answer_and_the_next_question_does_nothing() {
    let server = Gated::new();
    let connection = cancelled_at_the_gate(&server, "deploy_between").await;
    assert_eq!(server.asked.lock().unwrap().as_deref(), Some(CANCELLED));
    assert_eq!(server.deploys.load(Ordering::SeqCst), 0);
    // The first form only.
    assert_eq!(connection.seen().len(), 1);
}
