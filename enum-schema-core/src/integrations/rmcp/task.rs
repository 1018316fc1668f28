//! A tool's body run as a task of the MCP tasks extension (SEP-2663) on
//! rmcp's `TaskManager`: the call is answered with the task, and the
//! body's questions reach the client through it.

use std::future::Future;
use std::pin::Pin;

use ::rmcp::model::{CallToolResponse, CreateTaskResult};
use ::rmcp::task_manager::{TaskContext, TaskExit, TaskManager, TaskOptions};
use ::rmcp::ErrorData;
use serde_json::Value;

use super::ask::{sdk_error, sdk_input_request, Ask, Rmcp};
use crate::ask::adapter::{respond, unless_cancelled, InputChannel, InputRequest, Sdk};
use crate::ask::ElicitError;

/// A task's way to ask: a request under a key of the task, which the
/// client sees in the task's `inputRequests` (status `input_required`)
/// and answers with `tasks/update`.
struct Through(TaskContext);

impl InputChannel for Through {
    /// The request in the task's `inputRequests`, unless the task was
    /// cancelled: before it is parked (rmcp parks a request whatever
    /// `tasks/cancel` said), while it waits, or as its answer comes.
    fn request(
        &self,
        key: String,
        request: InputRequest,
    ) -> Pin<Box<dyn Future<Output = Result<Value, ElicitError>> + Send + '_>> {
        Box::pin(async move {
            if self.0.is_cancel_requested() {
                return Err(ElicitError::Cancelled);
            }
            let request = sdk_input_request(&request)?;
            let answered = unless_cancelled(self.0.request_input(key, request), self.0.cancelled())
                .await
                .ok_or(ElicitError::Cancelled)?;
            let answer = answered.map_err(|exit| match exit {
                TaskExit::Cancelled => ElicitError::Cancelled,
                TaskExit::Error(error) => ElicitError::Service(sdk_error(error)),
            })?;
            // An answer that came with the cancellation is not acted on.
            if self.0.is_cancel_requested() {
                return Err(ElicitError::Cancelled);
            }
            Ok(answer)
        })
    }

    fn waiting(&self, message: &str) {
        self.0.set_status_message(message);
    }

    fn cancelled(&self) -> bool {
        self.0.is_cancel_requested()
    }
}

impl Ask {
    /// Runs a tool's body as a task of the MCP tasks extension (SEP-2663),
    /// on `tasks` (the server's rmcp `TaskManager`, whose `get_task`,
    /// `update_task` and `cancel_task` the server's `ServerHandler`
    /// answers with), where the client declared the extension
    /// ([`tasks_supported`](crate::ask::Ask::tasks_supported)); elsewhere,
    /// as [`tool`](crate::ask::Ask::tool) runs it.
    ///
    /// The call is answered at once with the task
    /// (`{"resultType":"task","task":{"taskId":..,"status":"working",..}}`),
    /// and the body runs apart from it. Its questions reach the client
    /// through the task, in turn, on every revision: while one waits, the
    /// task is `input_required` with the request in its `inputRequests`
    /// (a question asked again goes out under a key of its own: `key#2`,
    /// `key#3`), and the client answers with `tasks/update`; the task's
    /// status message says what it waits for ([`Messages::waiting`](crate::ask::Messages::waiting)).
    /// Every answer is re-validated as in a call. The body's result is the
    /// task's `completed` result; a rejected answer or the result for the
    /// model its result with `isError: true` (as [`tool`](crate::ask::Ask::tool)
    /// answers them); `tasks/cancel` at any point before the body acts
    /// (before its first question, while a question waits, between an
    /// answer and the next question) ends the question with
    /// [`ElicitError::Cancelled`], so that a body that `?`s it does nothing,
    /// and the task `cancelled`; any other error the task's `failed` error.
    /// Creating the task is not a cancellation of the body (rmcp cancels the
    /// call's own request once it is answered).
    ///
    /// A body run as a task another way (inside rmcp's `TaskManager`
    /// through the tool router, with [`tool`](crate::ask::Ask::tool)) cannot
    /// ask: its call was answered with the task. Its questions fail with
    /// [`ElicitError::Detached`], whose message names this method, where
    /// that can be told (the client declared the tasks extension, and the
    /// call was answered by the time the body asks, or its round ends).
    ///
    /// # Errors
    ///
    /// As [`tool`](crate::ask::Ask::tool), for a client without the
    /// extension.
    pub async fn tool_as_task<R, Fut>(
        self,
        tasks: &TaskManager,
        options: TaskOptions,
        body: impl FnOnce(Ask) -> Fut + Send + 'static,
    ) -> Result<CallToolResponse, ErrorData>
    where
        R: Into<CallToolResponse> + Send,
        Fut: Future<Output = Result<R, ElicitError>> + Send + 'static,
    {
        if !self.tasks_supported() {
            return self.tool(body).await;
        }
        let task = tasks.spawn(options, move |context| {
            let ask = self.through(Through(context));
            Box::pin(async move {
                let ended = ask.run(body).await;
                let cancelled = matches!(ended, Err(ElicitError::Cancelled));
                match respond::<Rmcp, CallToolResponse, R>(ended, Some(Rmcp::tool_error)) {
                    Ok(CallToolResponse::Complete(result)) => Ok(result),
                    _ if cancelled => Err(TaskExit::Cancelled),
                    Ok(_) => Err(TaskExit::Error(ErrorData::internal_error(
                        "the task's body ended with a result a task cannot hold",
                        None,
                    ))),
                    Err(error) => Err(TaskExit::Error(error)),
                }
            })
        });
        Ok(CallToolResponse::Task(CreateTaskResult::new(task)))
    }
}
