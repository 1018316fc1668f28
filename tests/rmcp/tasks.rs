//! A tool run as a task of the MCP tasks extension (SEP-2663, rmcp's
//! `TaskManager`) asks through the task, with rmcp's own client polling
//! `tasks/get` and answering with `tasks/update`, on 2025-11-25 and
//! 2026-07-28 (issue 38, item 4): creating the task is no cancellation, a
//! question asked again goes out under a key of its own, and the task
//! completes with the body's result.

use std::time::Duration;

use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use enum_schema::ElicitAction;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, ClientCapabilities,
    ContentBlock, GetTaskParams, GetTaskResult, ProtocolVersion, ServerCapabilities, ServerConfig,
    TaskPayload, UpdateTaskParams,
};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskManager, TaskOptions};
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Map, Value};

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
