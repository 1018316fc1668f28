//! A tool run as a task of the MCP tasks extension (SEP-2663, rmcp's
//! `TaskManager`) asks through the task, with rmcp's own client polling
//! `tasks/get` and answering with `tasks/update`, on 2025-11-25 and
//! 2026-07-28 (issue 38, item 4): creating the task is no cancellation, a
//! question asked again goes out under a key of its own, and the task
//! completes with the body's result.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use enum_schema::ElicitAction;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, ClientCapabilities,
    ContentBlock, CreateTaskResult, GetTaskParams, GetTaskResult, ProtocolVersion,
    ServerCapabilities, ServerConfig, TaskPayload, UpdateTaskParams,
};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskExit, TaskManager, TaskOptions};
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Map, Value};
use tokio::sync::Notify;

use crate::connection::{connect, seal, Answerer, Connection, KEY};
use crate::fixtures::{Impact, Triage};

#[derive(Clone)]
struct Tasks {
    seal: RequestStateSeal,
    tasks: TaskManager,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Tasks {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Tasks {
    #[tool(description = "Triage, then the services hit, as a task")]
    async fn triage(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        let options = TaskOptions::new().with_poll_interval_ms(5);
        ask.tool_as_task(&self.tasks, options, |ask| async move {
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            let impact = match triage {
                ElicitAction::Accept(_) => Some(ask.form::<Impact>("impact", "Which?").await?),
                _ => None,
            };
            let text = format!("{triage:?}; {impact:?}");
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Tasks {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tasks()
                .build(),
        )
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        Ok(GetTaskResult::new(self.tasks.get_task(&request.task_id)?))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks
            .update_task(&request.task_id, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks.cancel_task(&request.task_id)
    }
}

async fn connected(version: ProtocolVersion, tasks: bool) -> Connection {
    let server = Tasks {
        seal: seal(KEY),
        tasks: TaskManager::new(),
        tool_router: Tasks::tool_router(),
    };
    let mut capabilities = ClientCapabilities::builder().enable_elicitation().build();
    if tasks {
        capabilities = ClientCapabilities::builder()
            .enable_elicitation()
            .enable_tasks()
            .build();
    }
    connect(
        server,
        Answerer::new(version).with_capabilities(capabilities),
    )
    .await
}

/// What the client saw of the task until it ended: the key and message of
/// each request it answered, and the task's final payload.
struct Seen {
    asked: Vec<(String, String)>,
    end: TaskPayload,
}

/// Calls `triage`, which answers with a task; polls it, answering each
/// request in turn with the next of `answers`, until it ends (or, with
/// `cancel`, cancels it at its first request).
async fn run_task(connection: &Connection, mut answers: Vec<Value>, cancel: bool) -> Seen {
    let client = &connection.client;
    let response = client
        .call_tool_once(CallToolRequestParams::new("triage"))
        .await
        .unwrap();
    let CallToolResponse::Task(created) = response else {
        panic!("expected a task, got {response:?}")
    };
    let id = created.task.task_id.clone();
    let mut asked = Vec::new();
    for _ in 0..400 {
        let task = client
            .get_task(GetTaskParams::new(id.clone()))
            .await
            .unwrap()
            .task;
        match task.payload {
            TaskPayload::Working => tokio::time::sleep(Duration::from_millis(5)).await,
            TaskPayload::InputRequired { input_requests } => {
                if cancel {
                    client
                        .peer()
                        .cancel_task(CancelTaskParams::new(id.clone()))
                        .await
                        .unwrap();
                    continue;
                }
                let mut responses = Map::new();
                for (key, request) in serde_json::to_value(input_requests)
                    .unwrap()
                    .as_object()
                    .unwrap()
                {
                    let message = request["params"]["message"].as_str().unwrap().to_owned();
                    asked.push((key.clone(), message));
                    responses.insert(key.clone(), answers.remove(0));
                }
                let responses = serde_json::from_value(Value::Object(responses)).unwrap();
                client
                    .update_task(UpdateTaskParams::new(id.clone(), responses))
                    .await
                    .unwrap();
            }
            end => return Seen { asked, end },
        }
    }
    panic!("the task did not end")
}

fn completed_text(end: &TaskPayload) -> String {
    match end {
        TaskPayload::Completed { result } => {
            result["content"][0]["text"].as_str().unwrap().to_owned()
        }
        other => panic!("expected a completed task, got {other:?}"),
    }
}

#[tokio::test]
async fn a_task_asks_through_itself_and_completes_on_both_revisions() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connected(version.clone(), true).await;
        let seen = run_task(
            &connection,
            vec![
                json!({"action": "accept", "content": {"severity": "high"}}),
                json!({"action": "accept", "content": {"services": ["login"]}}),
            ],
            false,
        )
        .await;
        assert_eq!(
            seen.asked,
            [
                ("triage".to_owned(), "How bad is it?".to_owned()),
                ("impact".to_owned(), "Which?".to_owned()),
            ],
            "{version}"
        );
        assert_eq!(
            completed_text(&seen.end),
            "Accept(Triage { severity: High }); Some(Accept(Impact { services: [Login] }))",
            "{version}"
        );
    }
}

/// A wrong answer is asked again through the task, under a key of its own
/// (a task's keys are used once), with the reason.
#[tokio::test]
async fn a_wrong_answer_is_asked_again_under_a_key_of_its_own() {
    let connection = connected(ProtocolVersion::V_2026_07_28, true).await;
    let seen = run_task(
        &connection,
        vec![
            json!({"action": "accept", "content": {"severity": "urgent"}}),
            json!({"action": "decline"}),
        ],
        false,
    )
    .await;
    assert_eq!(
        seen.asked,
        [
            ("triage".to_owned(), "How bad is it?".to_owned()),
            (
                "triage#2".to_owned(),
                "How bad is it?\n\nseverity: “urgent” is not one of the choices; choose “Low: no user impact” or “High: users are affected”.".to_owned()
            ),
        ]
    );
    assert_eq!(completed_text(&seen.end), "Decline; None");
}

/// `tasks/cancel` while a question waits: the task ends cancelled.
#[tokio::test]
async fn a_cancelled_task_ends_cancelled() {
    let connection = connected(ProtocolVersion::V_2025_11_25, true).await;
    let seen = run_task(&connection, Vec::new(), true).await;
    assert!(matches!(seen.end, TaskPayload::Cancelled), "{:?}", seen.end);
}

/// A client without the tasks extension is asked inside the call, as
/// `Ask::tool` asks.
#[tokio::test]
async fn without_the_extension_the_call_asks_itself() {
    let connection = connected(ProtocolVersion::V_2025_11_25, false).await;
    connection.answer(vec![json!({"action": "decline"})]);
    let result = connection
        .client
        .call_tool(CallToolRequestParams::new("triage"))
        .await
        .unwrap();
    assert_eq!(crate::connection::text(&result), "Decline; None");
}

// ---------------------------------------------------------------------------
// Issue 45: a cancelled task never acts, and a body run as a task the
// plain way is told to ask through the task.

/// A deploy run as a task whose body waits, where the test says, for the
/// test to go on: before its first question, or between its two.
#[derive(Clone)]
struct Gated {
    seal: RequestStateSeal,
    tasks: TaskManager,
    /// The body reached a gate.
    reached: Arc<Notify>,
    /// The test lets it go on.
    release: Arc<Notify>,
    deploys: Arc<AtomicUsize>,
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
            seal: seal(KEY),
            tasks: TaskManager::new(),
            reached: Arc::default(),
            release: Arc::default(),
            deploys: Arc::default(),
            tool_router: Self::tool_router(),
        }
    }

    /// Runs the deploy as a task: a gate before the first question if
    /// `before`, one between the two if `between`; the deploy after both.
    async fn deploy(
        &self,
        ask: Ask,
        before: bool,
        between: bool,
    ) -> Result<CallToolResponse, ErrorData> {
        let (reached, release, deploys) = (
            Arc::clone(&self.reached),
            Arc::clone(&self.release),
            Arc::clone(&self.deploys),
        );
        let options = TaskOptions::new().with_poll_interval_ms(5);
        ask.tool_as_task(&self.tasks, options, move |ask| async move {
            if before {
                reached.notify_one();
                release.notified().await;
            }
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            if between {
                reached.notify_one();
                release.notified().await;
            }
            let impact = ask.form::<Impact>("impact", "Which?").await?;
            deploys.fetch_add(1, Ordering::SeqCst);
            let text = format!("deployed: {triage:?}; {impact:?}");
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_router]
impl Gated {
    #[tool(description = "Deploy, waiting before its first question")]
    async fn deploy_before(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        self.deploy(ask, true, false).await
    }

    #[tool(description = "Deploy, waiting between its questions")]
    async fn deploy_between(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        self.deploy(ask, false, true).await
    }

    #[tool(description = "Deploy, as soon as it is answered")]
    async fn deploy_at_once(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        let deploys = Arc::clone(&self.deploys);
        let options = TaskOptions::new().with_poll_interval_ms(5);
        ask.tool_as_task(&self.tasks, options, move |ask| async move {
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            deploys.fetch_add(1, Ordering::SeqCst);
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "deployed: {triage:?}"
            ))]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Gated {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tasks()
                .build(),
        )
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        Ok(GetTaskResult::new(self.tasks.get_task(&request.task_id)?))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks
            .update_task(&request.task_id, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        _: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks.cancel_task(&request.task_id)
    }
}

fn tasks_client(version: ProtocolVersion) -> Answerer {
    Answerer::new(version).with_capabilities(
        ClientCapabilities::builder()
            .enable_elicitation()
            .enable_tasks()
            .build(),
    )
}

/// Calls `tool`, which answers with a task; its id.
async fn start<C: rmcp::ClientHandler>(connection: &Connection<C>, tool: &'static str) -> String {
    let response = connection
        .client
        .call_tool_once(CallToolRequestParams::new(tool))
        .await
        .unwrap();
    let CallToolResponse::Task(created) = response else {
        panic!("expected a task, got {response:?}")
    };
    created.task.task_id.clone()
}

/// The task's payload once it is `input_required` or has ended, polling.
async fn settled<C: rmcp::ClientHandler>(connection: &Connection<C>, id: &str) -> TaskPayload {
    for _ in 0..2_000 {
        let task = connection
            .client
            .get_task(GetTaskParams::new(id.to_owned()))
            .await
            .unwrap()
            .task;
        match task.payload {
            TaskPayload::Working => tokio::time::sleep(Duration::from_millis(5)).await,
            other => return other,
        }
    }
    panic!("the task neither asked nor ended")
}

async fn cancel<C: rmcp::ClientHandler>(connection: &Connection<C>, id: &str) {
    connection
        .client
        .peer()
        .cancel_task(CancelTaskParams::new(id.to_owned()))
        .await
        .unwrap();
}

/// Answers the task's only request with `answer`.
async fn answer<C: rmcp::ClientHandler>(
    connection: &Connection<C>,
    id: &str,
    requests: &rmcp::model::InputRequests,
    answer: Value,
) {
    let key = requests.keys().next().unwrap().clone();
    let responses = serde_json::from_value(json!({ key: answer })).unwrap();
    connection
        .client
        .update_task(UpdateTaskParams::new(id.to_owned(), responses))
        .await
        .unwrap();
}

/// `tasks/cancel` before the body reaches its first question: rmcp parks a
/// request whatever the cancel said, and the task sat `input_required`;
/// now the question is never asked, and the task ends `cancelled`.
#[tokio::test]
async fn a_task_cancelled_before_its_first_question_asks_nothing_and_acts_on_nothing() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let server = Gated::new();
        let connection = connect(server.clone(), tasks_client(version.clone())).await;
        let id = start(&connection, "deploy_before").await;
        server.reached.notified().await;
        cancel(&connection, &id).await;
        server.release.notify_one();
        let end = settled(&connection, &id).await;
        assert!(matches!(end, TaskPayload::Cancelled), "{version}: {end:?}");
        assert_eq!(server.deploys.load(Ordering::SeqCst), 0, "{version}");
    }
}

/// `tasks/cancel` between an answer and the next question: the next
/// question is not asked, and nothing is done.
#[tokio::test]
async fn a_task_cancelled_between_an_answer_and_the_next_question_acts_on_nothing() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let server = Gated::new();
        let connection = connect(server.clone(), tasks_client(version.clone())).await;
        let id = start(&connection, "deploy_between").await;
        let TaskPayload::InputRequired { input_requests } = settled(&connection, &id).await else {
            panic!("{version}: the first question was not asked")
        };
        answer(
            &connection,
            &id,
            &input_requests,
            json!({"action": "accept", "content": {"severity": "high"}}),
        )
        .await;
        server.reached.notified().await;
        cancel(&connection, &id).await;
        server.release.notify_one();
        let end = settled(&connection, &id).await;
        assert!(matches!(end, TaskPayload::Cancelled), "{version}: {end:?}");
        assert_eq!(server.deploys.load(Ordering::SeqCst), 0, "{version}");
    }
}

/// An answer and `tasks/cancel` that reach the server together, before the
/// body resumes: the answer is not acted on.
#[tokio::test]
async fn an_answer_that_comes_with_the_cancel_is_not_acted_on() {
    let server = Gated::new();
    let connection = connect(server.clone(), tasks_client(ProtocolVersion::V_2026_07_28)).await;
    let id = start(&connection, "deploy_at_once").await;
    let TaskPayload::InputRequired { input_requests } = settled(&connection, &id).await else {
        panic!("the question was not asked")
    };
    let key = input_requests.keys().next().unwrap().clone();
    // Both at once, as the server's handlers would run them one after the
    // other before the body's task is polled again.
    server
        .tasks
        .update_task(
            &id,
            [(
                key,
                json!({"action": "accept", "content": {"severity": "high"}}),
            )],
        )
        .unwrap();
    server.tasks.cancel_task(&id).unwrap();
    let end = settled(&connection, &id).await;
    assert!(matches!(end, TaskPayload::Cancelled), "{end:?}");
    assert_eq!(server.deploys.load(Ordering::SeqCst), 0);
}

/// A server that runs a tool as a task the way rmcp's own task example
/// does: the tool router's call inside `TaskManager::spawn`, the body
/// written with `ask.tool`, not `tool_as_task`.
#[derive(Clone)]
struct PlainInTask {
    seal: RequestStateSeal,
    tasks: TaskManager,
    deploys: Arc<AtomicUsize>,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for PlainInTask {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl PlainInTask {
    #[tool(description = "Deploys after a triage")]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        let deploys = Arc::clone(&self.deploys);
        ask.tool(|ask| async move {
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            deploys.fetch_add(1, Ordering::SeqCst);
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "deployed: {triage:?}"
            ))]))
        })
        .await
    }
}

impl ServerHandler for PlainInTask {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let supports_tasks = context
            .client_capabilities()
            .is_some_and(|capabilities| capabilities.supports_tasks());
        if !supports_tasks {
            let call = rmcp::handler::server::tool::ToolCallContext::new(self, request, context);
            return self.tool_router.call(call).await;
        }
        let this = self.clone();
        let task = self.tasks.spawn(TaskOptions::new(), move |_| {
            Box::pin(async move {
                let call =
                    rmcp::handler::server::tool::ToolCallContext::new(&this, request, context);
                match this.tool_router.call(call).await {
                    Ok(CallToolResponse::Complete(result)) => Ok(result),
                    Ok(_) => Err(TaskExit::Error(ErrorData::internal_error(
                        "the tool's response is no result a task holds",
                        None,
                    ))),
                    Err(error) => Err(TaskExit::Error(error)),
                }
            })
        });
        Ok(CallToolResponse::Task(CreateTaskResult::new(task)))
    }

    async fn list_tools(
        &self,
        _: Option<rmcp::model::PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListToolsResult, ErrorData> {
        Ok(rmcp::model::ListToolsResult::with_all_items(
            self.tool_router.list_all(),
        ))
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        Ok(GetTaskResult::new(self.tasks.get_task(&request.task_id)?))
    }

    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tasks()
                .build(),
        )
    }
}

/// Issue 45: `ask.tool` in a body run as a task failed with nothing that
/// names tasks (on 2026-07-28 an `input_required` the task cannot hold, on
/// 2025-11-25 "the request was cancelled" though nobody cancelled). The
/// task now fails with an error that names `tool_as_task`, asks the person
/// nothing, and does nothing.
#[tokio::test]
async fn a_body_run_as_a_task_with_ask_tool_is_told_to_use_tool_as_task() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let server = PlainInTask {
            seal: seal(KEY),
            tasks: TaskManager::new(),
            deploys: Arc::default(),
            tool_router: PlainInTask::tool_router(),
        };
        let connection = connect(server.clone(), tasks_client(version.clone())).await;
        let id = start(&connection, "deploy").await;
        let end = settled(&connection, &id).await;
        let TaskPayload::Failed { error } = end else {
            panic!("{version}: expected a failed task, got {end:?}")
        };
        assert_eq!(error["code"], -32603, "{version}: {error:?}");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains("`tool_as_task`"), "{version}: {message}");
        assert_eq!(server.deploys.load(Ordering::SeqCst), 0, "{version}");
        assert_eq!(connection.seen(), Vec::<Value>::new(), "{version}");
    }
}
