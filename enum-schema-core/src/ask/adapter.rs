//! What an SDK adapter needs, and a tool author does not: the [`Sdk`]
//! trait an adapter implements, the [`Reply`] of each kind of handler,
//! the [`Request`] it reads a call into, the [`StateCodec`] its SDK's
//! `requestState` codec implements, and the requests and results that
//! cross the seam ([`InputRequest`], [`InputRequiredResult`]).
//!
//! `enum_schema::rmcp`, `enum_schema::rust_mcp_sdk` and
//! `enum_schema::tower_mcp` are adapters written on this module alone; an
//! adapter of another SDK is a marker type with an [`Sdk`] impl, a
//! [`Reply`] per handler kind, and a way to build a [`Request`] from the
//! SDK's handler context, then `pub type Ask = enum_schema::ask::Ask<MySdk>;`.
//! Every rule about what a client declared or sent is applied in
//! `enum_schema::ask`, once for every SDK: an adapter hands over what the
//! protocol carries, as it carries it.

use std::future::Future;
use std::time::Duration;

use serde_json::Value;

use super::error::ElicitError;
pub use super::error::SdkError;
use super::reask;
pub use super::request::Request;
pub use super::state::StateCodec;
pub use crate::input::{
    InputRequest, InputRequiredResult, RequestStateTooLong, MAX_REQUEST_STATE_LENGTH,
};

/// An MCP SDK, as [`Ask`](super::Ask) needs it: the few things that differ
/// from one SDK to the next. Everything else (reading answers from
/// `inputResponses` or the sealed state, asking again after a rejected
/// answer, several questions in one round, the misuse checks, the one
/// [`ElicitError`]) is written once, in [`Ask`](super::Ask).
///
/// rmcp, rust-mcp-sdk and tower-mcp are implemented in this crate
/// (features `rmcp`, `rust-mcp-sdk` and `tower-mcp`); implement it for
/// another SDK with a marker type: `pub type Ask = enum_schema::ask::Ask<MySdk>;`.
pub trait Sdk: Sized + Send + Sync + 'static {
    /// What `elicitation/create`, `sampling/createMessage` and `roots/list`
    /// are sent through on revisions before 2026-07-28 (rmcp's server
    /// `Peer`); `()` for an SDK that cannot send requests to the client.
    type Peer: Send + Sync + 'static;
    /// The SDK's JSON-RPC error.
    type Error;
    /// What a tool's body returns (rmcp's `CallToolResponse`).
    type Tool: Reply<Self>;
    /// What a prompt's body returns.
    type Prompt: Reply<Self>;
    /// What a resource read's body returns.
    type Resource: Reply<Self>;

    /// Sends `request` (`elicitation/create` with params already shaped for
    /// the revision, `sampling/createMessage` or `roots/list`) as the SDK's
    /// own request, and returns the client's result (`ElicitResult`,
    /// `CreateMessageResult`, `ListRootsResult`) as JSON, unchecked (the
    /// core checks it), waiting at most `timeout`.
    ///
    /// # Errors
    ///
    /// [`ElicitError::Service`] when the request fails;
    /// [`ElicitError::NoServerRequests`] for an SDK that cannot send it.
    fn send(
        peer: &Self::Peer,
        request: InputRequest,
        timeout: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send;

    /// Sends `notifications/progress` for the request `peer` serves, with
    /// the request's `progressToken`, `progress` (1, 2, .. within the
    /// request) and `message`, while the server waits for an
    /// `elicitation/create` answer (see
    /// [`RequestStateSeal::with_progress_interval`](super::RequestStateSeal::with_progress_interval)).
    /// Returns `false` when nothing can be sent (the request has no
    /// `progressToken`, or the SDK cannot notify): no more is tried for the
    /// request. By default, `false`.
    fn progress(
        peer: &Self::Peer,
        progress: u64,
        message: &str,
    ) -> impl Future<Output = bool> + Send {
        let _ = (peer, progress, message);
        std::future::ready(false)
    }

    /// Whether the request `peer` serves was cancelled, or its response
    /// already sent (the SDK's cancellation of it: MCP 2025's
    /// `notifications/cancelled`, or a response the server sent while the
    /// body still runs): [`Ask`](super::Ask) asks nothing more then, and
    /// hands the body no answer to act on ([`ElicitError::Cancelled`]).
    /// By default, `false` (an SDK that cannot tell).
    fn cancelled(peer: &Self::Peer) -> bool {
        let _ = peer;
        false
    }

    /// Whether the call `peer` serves was answered apart from this body,
    /// which still runs: as when a server runs a tool's body as a task of
    /// its own (MCP tasks, SEP-2663) through the SDK's plain tool call, and
    /// answers the call with the task. Asked when the body of a call whose
    /// client declared the tasks extension ends by asking (MCP
    /// 2026-07-28), which such a body cannot do: the call then fails with
    /// [`ElicitError::Detached`], which names the way that asks through
    /// the task. The SDK may let its runtime run first (the response to
    /// the call is sent by another task). By default, [`cancelled`](Self::cancelled).
    fn detached(peer: &Self::Peer) -> impl Future<Output = bool> + Send {
        std::future::ready(Self::cancelled(peer))
    }

    /// A future that completes after `duration`, on the SDK's runtime
    /// (tokio's `sleep`): the timer between two
    /// [`progress`](Self::progress) notifications. By default, one that
    /// never completes (no progress is sent).
    fn sleep(duration: Duration) -> impl Future<Output = ()> + Send {
        let _ = duration;
        std::future::pending()
    }

    /// A tool's result with `isError: true` for an answer rejected as often
    /// as its question may be asked: the error's `Display` as its text, the
    /// error's [`data`](ElicitError::data) as `structuredContent`, which the
    /// model sees and can act on.
    fn tool_error(error: &ElicitError) -> Self::Tool;

    /// The SDK's JSON-RPC error for `error`: the SDK's own error inside
    /// [`ElicitError::Service`] or [`ElicitError::Handler`] as it came
    /// ([`ElicitError::into_sdk_error`]), else
    /// `{"code":error.code(),"message":error.to_string(),"data":error.data()}`.
    fn error(error: ElicitError) -> Self::Error;
}

/// Another way to ask than the call's own: one request at a time, each
/// under a key of its own, its answer awaited. What an adapter hands
/// [`Ask::through`](super::Ask::through) when the call's body runs apart
/// from its request, as a task of the MCP tasks extension (SEP-2663) does:
/// the request was answered with the task, so a question reaches the client
/// through the task (its `input_required` status, `inputRequests`) and its
/// answer comes back through `tasks/update`, on every revision that has
/// tasks. A question asked again goes out under a key of its own (`key`,
/// then `key#2`, `key#3`, ..): a task's keys are used once.
pub trait InputChannel: Send + Sync + 'static {
    /// Sends `request` (shaped for the revision) under `key`, and returns
    /// the client's answer as JSON, unchecked (the core checks it).
    ///
    /// # Errors
    ///
    /// [`ElicitError::Cancelled`] when the task was cancelled, another
    /// error when the request cannot be sent.
    fn request(
        &self,
        key: String,
        request: InputRequest,
    ) -> std::pin::Pin<Box<dyn Future<Output = Result<Value, ElicitError>> + Send + '_>>;

    /// The words a person reads while the call waits for the answer
    /// ([`Messages::waiting`](super::Messages::waiting)), once per request:
    /// a task's status message. By default, nothing.
    fn waiting(&self, message: &str) {
        let _ = message;
    }

    /// Whether the task was cancelled (`tasks/cancel`): nothing more is
    /// asked, and the body gets no answer to act on
    /// ([`ElicitError::Cancelled`]), before a question, while it waits, or
    /// between an answer and the next question. By default, `false`.
    fn cancelled(&self) -> bool {
        false
    }
}

/// `work`, unless `cancelled` completes first: then `None`, and `work` is
/// dropped (an `elicitation/create` whose answer comes late finds no one
/// waiting). What an adapter's [`Sdk::send`] wraps its request in when the
/// SDK exposes the request's cancellation, returning
/// [`ElicitError::Cancelled`] for `None`.
///
/// ```
/// use enum_schema::ask::adapter::unless_cancelled;
/// # fn block_on<F: std::future::Future>(future: F) -> F::Output {
/// #     let mut future = std::pin::pin!(future);
/// #     let mut context = std::task::Context::from_waker(std::task::Waker::noop());
/// #     loop {
/// #         if let std::task::Poll::Ready(output) = future.as_mut().poll(&mut context) {
/// #             return output;
/// #         }
/// #     }
/// # }
/// let answer = std::future::ready("yes");
/// assert_eq!(block_on(unless_cancelled(answer, std::future::pending())), Some("yes"));
/// let never = std::future::pending::<&str>();
/// assert_eq!(block_on(unless_cancelled(never, std::future::ready(()))), None);
/// ```
pub async fn unless_cancelled<T>(
    work: impl Future<Output = T>,
    cancelled: impl Future<Output = ()>,
) -> Option<T> {
    let mut work = std::pin::pin!(work);
    let mut cancelled = std::pin::pin!(cancelled);
    std::future::poll_fn(|context| {
        if cancelled.as_mut().poll(context).is_ready() {
            return std::task::Poll::Ready(None);
        }
        work.as_mut().poll(context).map(Some)
    })
    .await
}

/// How a handler of one kind (tool, prompt, resource) answers, on one SDK:
/// what [`Ask::tool`](super::Ask::tool), [`Ask::prompt`](super::Ask::prompt)
/// and [`Ask::resource`](super::Ask::resource) return. An SDK whose three
/// result types answer the same way implements it once, for all of them.
pub trait Reply<S: Sdk>: Sized {
    /// The handler's response (rmcp's `Result<CallToolResponse, ErrorData>`
    /// is `Result<Self::Response, S::Error>`).
    type Response;

    /// The response for the body's own result (or a tool's error result).
    fn complete(self) -> Self::Response;

    /// The response that asks the client (MCP 2026-07-28):
    /// `{"resultType":"input_required","inputRequests":{..},"requestState":..}`.
    ///
    /// # Errors
    ///
    /// The SDK's JSON-RPC error if it cannot carry the result.
    fn input_required(result: InputRequiredResult) -> Result<Self::Response, S::Error>;
}

/// What a handler that ran its body through [`Ask`](super::Ask) returns:
/// the response of the handler's kind `T` on SDK `S`, or the SDK's
/// JSON-RPC error.
pub type Handled<S, T> = Result<<T as Reply<S>>::Response, <S as Sdk>::Error>;

/// The response for how a body ended, classified once for every SDK: its
/// result; the `input_required` result that asks; for a tool (which has
/// `tool_error`), a rejected answer, the result for the model and invalid
/// arguments as an error result; else the JSON-RPC error.
pub(crate) fn respond<S: Sdk, T: Reply<S>, R: Into<T>>(
    ended: Result<R, ElicitError>,
    tool_error: Option<fn(&ElicitError) -> T>,
) -> Handled<S, T> {
    match ended {
        Ok(result) => Ok(result.into().complete()),
        Err(ElicitError::InputRequired(result)) => T::input_required(*result),
        // A malformed result (an entry of `inputResponses` that is no
        // `ElicitResult`, a `CreateMessageResult` without `model`) is the
        // client's protocol error, not a person's answer: a JSON-RPC error.
        Err(ElicitError::Invalid(error)) if !reask::is_the_persons(&error) => {
            Err(S::error(ElicitError::Invalid(error)))
        }
        Err(
            error @ (ElicitError::Invalid(_)
            | ElicitError::Unasked(_)
            | ElicitError::InvalidArguments { .. }),
        ) => match tool_error {
            Some(build) => Ok(build(&error).complete()),
            None => Err(S::error(error)),
        },
        Err(error) => Err(S::error(error)),
    }
}
