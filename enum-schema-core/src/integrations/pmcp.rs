//! [pmcp](https://docs.rs/pmcp) 2.23 (feature `pmcp`, tested with pmcp
//! 2.23.0; pmcp needs Rust 1.91).
//!
//! [`Ask`] is [`enum_schema::ask::Ask`](crate::ask::Ask) on pmcp: in a
//! tool's `ToolHandler::handle_output`, one call,
//! `ask.form::<T>(key, message).await?`, returns the client's answer as an
//! [`ElicitAction`](crate::ElicitAction) of the derived type, re-validated,
//! on every revision pmcp serves. Prompts (`PromptHandler::handle`) and
//! resources (`ResourceHandler::read`) ask the same way, with
//! [`Ask::for_prompt`] and [`Ask::for_resource`].
//!
//! ```
//! use enum_schema::ask::RequestStateSeal;
//! use enum_schema::pmcp::Ask;
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use pmcp::types::{CallToolResult, Content};
//! use pmcp::{RequestHandlerExtra, ToolHandler, ToolOutput};
//! use serde_json::Value;
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! struct TriageTool {
//!     seal: RequestStateSeal,
//! }
//!
//! #[pmcp::async_trait]
//! impl ToolHandler for TriageTool {
//!     async fn handle(&self, _: Value, _: RequestHandlerExtra) -> pmcp::Result<Value> {
//!         unreachable!("handle_output answers")
//!     }
//!
//!     async fn handle_output(
//!         &self,
//!         arguments: Value,
//!         extra: RequestHandlerExtra,
//!     ) -> pmcp::Result<ToolOutput> {
//!         Ask::for_tool(&extra, "triage", &arguments, &self.seal)?
//!             .tool(|ask| async move {
//!                 let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
//!                     ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!                     ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!                 };
//!                 Ok(CallToolResult::new(vec![Content::text(text)]))
//!             })
//!             .await
//!     }
//! }
//!
//! // The answers of earlier rounds in this process's memory, pmcp's
//! // continuation carrying only their handle (see "The state" below).
//! let server = pmcp::Server::builder()
//!     .name("triage")
//!     .version("1.0.0")
//!     .with_supported_protocol_versions([
//!         pmcp::types::ProtocolVersion("2025-11-25".into()),
//!         pmcp::types::ProtocolVersion("2026-07-28".into()),
//!     ])
//!     .with_request_state_key([7; 32]) // the same key on every server process
//!     .tool("triage", TriageTool { seal: enum_schema::pmcp::seal() })
//!     .build()
//!     .unwrap();
//! # let _ = server;
//! ```
//!
//! # What happens on the wire
//!
//! - **2026-07-28** (pmcp's streamable HTTP server; `_meta` on every
//!   request): the first `tools/call` ends at the first question with
//!   `{"resultType":"input_required","inputRequests":{KEY:{"method":"elicitation/create","params":{..}}},"requestState":".."}`;
//!   the client calls again with `inputResponses: {KEY: ElicitResult}` and
//!   the `requestState` unchanged, and the body runs again from the top.
//!   pmcp writes the `requestState` itself: the handler returns an MRTR
//!   signal (`_meta["dev.pmcp/mrtr"]`, [`MrtrSignal`]) whose
//!   `continuation` pmcp encrypts (ChaCha20-Poly1305 under
//!   `ServerBuilder::with_request_state_key`; the same key on every
//!   process), binds to the caller, the method, the name and the
//!   arguments, and gives an expiry. This crate's state rides inside that
//!   continuation, sealed by [`Continuation`]. The server needs
//!   `with_supported_protocol_versions` listing 2026-07-28: pmcp accepts
//!   only 2025 revisions by default.
//! - **2025-11-25 and 2025-06-18** (an `initialize` session): each question
//!   is an `elicitation/create` (`sampling/createMessage`, `roots/list`)
//!   request through the handler's peer (`RequestHandlerExtra::peer`), and
//!   the call waits for the answer. On pmcp's streamable HTTP server the
//!   request goes out on the session's GET stream, which the client opens
//!   after `initialize` (the official Python and TypeScript SDK clients
//!   do; a call that comes first waits up to 2 seconds for it); on
//!   `Server::run` (stdio, any `Transport`) on the connection itself. A
//!   stateless HTTP server gives no peer, and the call fails with
//!   [`ElicitError::Service`]. Set `enable_json_response` in pmcp's
//!   `StreamableHttpServerConfig`: in its default SSE mode pmcp answers a
//!   2025 session's POST with `202 Accepted` and sends the response on the
//!   GET stream, which the official Python SDK client refuses. Serve it
//!   with `StreamableHttpServer::with_config_concurrent` (an
//!   `Arc<Server>`): pmcp's other constructors (`new`, `with_config`, an
//!   `Arc<Mutex<Server>>`) run one request at a time, so while one 2025
//!   call waits for its person every other client waits too, up to pmcp's
//!   30 seconds. pmcp's 2025 sessions on that server need its `v1-compat`
//!   feature besides `streamable-http`. `examples/pmcp_server.rs` serves
//!   both revisions this way.
//!
//! The rounds, asking again after a rejected answer, several questions in
//! one round, and the errors are the core's: see
//! [`enum_schema::ask::Ask`](crate::ask::Ask). Cancellation
//! (`notifications/cancelled`) ends a wait at once, and nothing more is
//! asked (pmcp still answers the cancelled call, with `-32603` naming the
//! cancellation, where MCP says no answer is sent); progress
//! (`notifications/progress`, through `RequestHandlerExtra::report_progress`)
//! is sent while a call waits, when the call has a `progressToken`.
//!
//! # The state and pmcp's 8,192 characters
//!
//! pmcp refuses a `requestState` token longer than 8,192 characters; the
//! token is base64 of 37 bytes and of the JSON pmcp encrypts
//! (`{"state":..,"exp":..,"round":..,"kinds":{..}}`, the state being this
//! crate's). [`seal`] keeps the answers of earlier rounds in
//! a [`MemoryStore`] (this process's memory): pmcp's continuation then
//! carries `{"b":..,"p":{"v":2,"exp":..,"handle":".."}}`, and the token is
//! 339 characters on every round that asks one question (a further
//! question of the same round adds its key and its kind, a few dozen
//! characters), however long the answers and however many the rounds. Several server processes share a store
//! (`RequestStateSeal::new(Continuation).with_store(..)`, a `RedisStore`
//! with the `redis` feature) and pmcp's key (`with_request_state_key`).
//!
//! Without a store (`RequestStateSeal::new(Continuation)`), the answers
//! ride in the token: 472 characters on the first round of one question,
//! and each answer adds about 4/3 of its JSON plus 90 characters. Three
//! notes of 1,000 plain characters give 472, 1,971 and 3,471; one of 1,000
//! characters that JSON escapes (control characters, 6 bytes each) needs
//! 8,640, and the round fails with a JSON-RPC error that says so (`-32603`,
//! counted before pmcp would fail it, at most 3 characters above pmcp's own
//! count). So without a store, give free text a short `max_length`, or keep
//! the answers in a store. The tests measure each of these numbers
//! (tests/pmcp/state.rs).
//!
//! # Limits of pmcp 2.23
//!
//! - **Errors lose their code**: pmcp answers every error a handler
//!   returns with `-32603` and the error's text
//!   (`"Protocol error: -32602 - .."`), without `data`. A tool's rejected
//!   answer and the result for the model are tool results (`isError:
//!   true`, `structuredContent`), as on every SDK; a timeout too (below).
//!   So a client that did not declare what a prompt asks gets `-32603`
//!   naming `-32021`. pmcp's own check of its token keeps its code: a
//!   `requestState` altered or sent with other arguments is `-32602`
//!   before the tool runs.
//! - **pmcp waits a fixed time** for the client's answer before
//!   2026-07-28: 30 seconds on its HTTP server, 60 on `Server::run`, with
//!   no setting. A person who takes longer ends the call with a tool result
//!   (`isError: true`) that says so and what to do (call the tool again);
//!   a prompt or resource, with an error that says the same. 2026-07-28
//!   has no such wait: the person answers between two requests.
//! - **A client's error is lost**: when the client answers
//!   `elicitation/create` with a JSON-RPC error (a client that will not
//!   sample), pmcp reads the error as a result that does not parse, and
//!   the call fails with pmcp's `"Invalid elicit response"`, not the
//!   client's code. A malformed answer (`{"action":"maybe"}`) ends the
//!   call the same way, with the text of pmcp's parser after it; on
//!   2026-07-28 the same answer is the core's `-32602`, which names the
//!   result it is not.
//! - **Answers pass through pmcp's types**: an `ElicitResult`'s `_meta`,
//!   a sampling result's `role` (pmcp drops it: the adapter gives back
//!   `assistant`, the only role a model's answer has in practice) and all
//!   but one of its content blocks are not seen; a sampling answer of
//!   several blocks or a tool call is refused by pmcp (`-32602`) before
//!   the tool runs. Numbers reach the check as the client wrote them.
//! - **The revision of a 2025 session** is the first 2025 revision of the
//!   server's list (`with_supported_protocol_versions`), not the one the
//!   client negotiated: a 2025-06-18 client gets the SEP-1330 shapes of
//!   2025-11-25 instead of the legacy ones.
//! - **2026-07-28 needs the HTTP server**: pmcp reads a retry's
//!   `inputResponses` and `requestState` only on its streamable HTTP
//!   server; on `Server::run` (stdio) every retry is a first call.
//! - **Two times to live**: pmcp's token lives 300 seconds unless
//!   `ServerBuilder::with_request_state_ttl` says otherwise, the seal's
//!   [`RequestStateSeal::ttl`]; the shorter wins, and an expired token
//!   reaches the tool as a first call, which asks again.
//!   [`seal`] uses pmcp's 300.
//! - **pmcp's own client** (2.23) answers no request a tool sends over a
//!   2025 HTTP session (its GET stream gets it, and the tool waits out the
//!   30 seconds); on `Server::run` it does, but reads nothing else while
//!   its elicitation handler runs. On 2026-07-28 it never sends a decline
//!   or a cancel back (it returns the `input_required` result instead).
//!
//! # A host's side: the form model (feature `host`)
//!
//! With the `host` feature, pmcp's client types convert to and from the
//! host form model, [`crate::host`]: `Request::try_from(&params)` reads
//! the `ElicitRequestParams` that pmcp's client hands to a
//! `HostElicitationHandler` (through its JSON text; a URL elicitation is
//! [`ReadError::NotAForm`](crate::host::ReadError::NotAForm)), and
//! `ElicitResult::from(response)` (or `.into()`) is the answer. pmcp's
//! client calls the one handler for a 2025 request and for each
//! elicitation of a 2026-07-28 `input_required` round.
//!
//! ```
//! # // `enum_schema::host` needs the `host` feature.
//! # #[cfg(feature = "host")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use enum_schema::host::{Defaults, Request};
//! use pmcp::types::elicitation::{ElicitRequestParams, ElicitResult};
//! use serde_json::json;
//!
//! // As pmcp hands it to `handle_elicitation`.
//! let params: ElicitRequestParams = serde_json::from_value(json!({
//!     "message": "How bad is it?",
//!     "requestedSchema": {"type": "object", "properties": {
//!         "severity": {"type": "string", "title": "Severity", "oneOf": [
//!             {"const": "low", "title": "Low: no user impact"},
//!             {"const": "high", "title": "High: users are affected"}]},
//!     }, "required": ["severity"]},
//! }))?;
//! let form = Request::try_from(&params)?;
//! let mut draft = form.draft(Defaults::Prefill);
//! draft.set_text("severity", "2").unwrap(); // the second option
//! let result = ElicitResult::from(draft.finish().unwrap());
//! assert_eq!(
//!     serde_json::to_value(&result)?,
//!     json!({"action": "accept", "content": {"severity": "high"}}),
//! );
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "host"))]
//! # fn main() {}
//! ```
//!
//! pmcp 2.23's types lose little first (read in its
//! `types/elicitation.rs`; `tests/pmcp/host.rs` tests it): the
//! `requestedSchema` stays JSON (a `serde_json::Value`), so every keyword
//! reaches the host model, in the server's order (the `pmcp` feature turns
//! serde_json's `preserve_order` on). A property named twice keeps only
//! its last definition, with no
//! [`Note::DuplicateProperty`](crate::host::Note::DuplicateProperty). On
//! 2026-07-28 pmcp's client does not send a decline or a cancel back: the
//! call fails with `-32603` ("the server requires more input, and no
//! registered handler could supply it"), the `input_required` result in
//! the error's `data`.

#[cfg(feature = "host")]
mod host;

use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;

use pmcp::types::content::Content;
use pmcp::types::mrtr::{InputRequest, InputRequestKind, InputResponse, MrtrSignal};
use pmcp::types::{CallToolResult, GetPromptResult, ReadResourceResult};
use pmcp::{Error, ErrorCode, PeerHandle, RequestHandlerExtra, ToolOutput};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::ask::adapter::{
    self as input, unless_cancelled, InputRequiredResult, Reply, Request, Sdk, SdkError, StateCodec,
};
use crate::ask::{ElicitError, MemoryStore, RequestStateError, RequestStateSeal};

/// pmcp 2.23 as [`enum_schema::ask`](crate::ask) sees it: the [`Sdk`] that
/// makes [`Ask`] a pmcp `Ask`.
#[derive(Debug)]
pub enum Pmcp {}

/// Asks the client for forms from inside a pmcp handler:
/// [`enum_schema::ask::Ask`](crate::ask::Ask) on this SDK. Build one per
/// request ([`for_tool`](Ask::for_tool), [`for_prompt`](Ask::for_prompt),
/// [`for_resource`](Ask::for_resource)) and run the body through
/// [`tool`](crate::ask::Ask::tool) (or [`prompt`](crate::ask::Ask::prompt),
/// [`resource`](crate::ask::Ask::resource)).
pub type Ask = crate::ask::Ask<Pmcp>;

/// The longest `requestState` token pmcp sends or accepts, in characters
/// (pmcp's `MAX_REQUEST_STATE_LEN`, src/types/mrtr.rs:983, not public).
pub const MAX_REQUEST_STATE_LENGTH: usize = 8_192;

/// The time to live of pmcp's token unless
/// `ServerBuilder::with_request_state_ttl` says otherwise (pmcp's
/// `DEFAULT_TTL_SECS`): 300 seconds.
pub const DEFAULT_TTL: Duration = Duration::from_secs(300);

/// The [`StateCodec`] of a pmcp [`Ask`]: this crate's state as JSON inside
/// pmcp's continuation, which pmcp encrypts and binds to the request. It
/// seals nothing itself: `{"b":"<SHA-256 of the binding, hex>","p":<the state>}`,
/// and opening checks `b`. Safe only because pmcp's own seal wraps it (a
/// state that reaches the tool was sealed by pmcp with the server's key);
/// never use it with another SDK.
#[derive(Clone, Copy, Debug, Default)]
pub struct Continuation;

/// The seal of a pmcp [`Ask`]: [`Continuation`], the answers of earlier
/// rounds kept in this process's memory ([`MemoryStore`]), so that pmcp's
/// token stays 339 characters (one question a round) whatever the
/// answers, and states living as long as pmcp's token, [`DEFAULT_TTL`]. A
/// retry must reach this process: several processes share a store of
/// their own (`RequestStateSeal::new(Continuation).with_store(..)`, a
/// `RedisStore`).
pub fn seal() -> RequestStateSeal {
    RequestStateSeal::new(Continuation)
        .with_store(MemoryStore::new())
        .with_ttl(DEFAULT_TTL)
}

impl StateCodec for Continuation {
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError> {
        let payload: Value =
            serde_json::from_slice(payload).map_err(|_| RequestStateError::Malformed)?;
        let mut sealed = Map::new();
        sealed.insert("b".to_owned(), Value::from(digest(binding)));
        sealed.insert("p".to_owned(), payload);
        Ok(Value::Object(sealed).to_string())
    }

    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError> {
        let Ok(Value::Object(mut sealed)) = serde_json::from_str(state) else {
            return Err(RequestStateError::Malformed);
        };
        match (sealed.remove("b"), sealed.remove("p")) {
            (Some(Value::String(bound)), Some(payload)) if bound == digest(binding) => {
                Ok(payload.to_string().into_bytes())
            }
            (Some(Value::String(_)), Some(_)) => Err(RequestStateError::OtherRequest),
            _ => Err(RequestStateError::Malformed),
        }
    }
}

/// The binding's SHA-256, in hex (never the binding, which holds the
/// arguments).
fn digest(binding: &[u8]) -> String {
    crate::ask::hex(&Sha256::digest(binding))
}

impl Sdk for Pmcp {
    /// The request's extra, whose peer sends the requests of a 2025
    /// session, and which carries the cancellation and progress.
    type Peer = RequestHandlerExtra;
    type Error = Error;
    type Tool = CallToolResult;
    type Prompt = GetPromptResult;
    type Resource = ReadResourceResult;

    fn send(
        extra: &RequestHandlerExtra,
        request: input::InputRequest,
        timeout: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        let extra = extra.clone();
        async move {
            let method = request.method();
            let Some(peer) = extra.peer().cloned() else {
                let error = Error::internal(format!(
                    "pmcp gives this request no way to send {method}: a stateless HTTP \
                     server, or no MCP 2025 session"
                ));
                return Err(service(error));
            };
            let request = sdk_request(&request).map_err(service)?;
            let asked = async {
                // A client opens its GET stream after `initialize`, and a
                // call may come first: pmcp then fails the request at once.
                let mut waited = Duration::ZERO;
                loop {
                    match ask(&*peer, &request).await {
                        Err(error) if no_stream(&error) && waited < STREAM_WAIT => {
                            tokio::time::sleep(STREAM_POLL).await;
                            waited += STREAM_POLL;
                        }
                        Err(error) if no_stream(&error) => {
                            return Err(Error::internal(format!(
                                "pmcp has no stream to send {method} on: the client opened \
                                 no GET stream for its MCP 2025 session within {} s",
                                STREAM_WAIT.as_secs()
                            )))
                        }
                        asked => return asked,
                    }
                }
            };
            let asked = tokio::time::timeout(timeout, asked);
            // A cancelled call (`notifications/cancelled`) stops waiting at
            // once.
            let asked = unless_cancelled(asked, extra.cancelled())
                .await
                .ok_or(ElicitError::Cancelled)?;
            match asked {
                Ok(Ok(answer)) => Ok(answer),
                Ok(Err(error)) if !timed_out(&error) => Err(service(error)),
                Ok(Err(_)) | Err(_) => Err(service(no_answer_in_time(method))),
            }
        }
    }

    /// `notifications/progress` with the call's `progressToken`, if it has
    /// one (pmcp's `report_progress`).
    // The trait's signature, `Send` spelled out.
    #[allow(clippy::manual_async_fn)]
    fn progress(
        extra: &RequestHandlerExtra,
        progress: u64,
        message: &str,
    ) -> impl Future<Output = bool> + Send {
        async move {
            if extra.progress_reporter.is_none() {
                return false;
            }
            // `progress` is a JSON number: exact as an f64 up to 2^53.
            #[allow(clippy::cast_precision_loss)]
            let sent = extra
                .report_progress(progress as f64, None, Some(message.to_owned()))
                .await;
            sent.is_ok()
        }
    }

    fn sleep(duration: Duration) -> impl Future<Output = ()> + Send {
        tokio::time::sleep(duration)
    }

    /// The request's cancellation (`notifications/cancelled`), as pmcp's
    /// extra holds it.
    fn cancelled(extra: &RequestHandlerExtra) -> bool {
        extra.is_cancelled()
    }

    fn tool_error(error: &ElicitError) -> CallToolResult {
        let mut result = CallToolResult::error(vec![Content::text(error.to_string())]);
        result.structured_content = error.data();
        result
    }

    /// The handler's own pmcp error as it came, else [`Error::Protocol`]
    /// with the error's code, its `Display` and its `data` (which pmcp
    /// sends as `-32603` with `"Protocol error: CODE - MESSAGE"`).
    fn error(error: ElicitError) -> Error {
        error.into()
    }
}

/// How long a request waits for the client's GET stream of a 2025 HTTP
/// session, where pmcp sends it, and how often it looks.
const STREAM_WAIT: Duration = Duration::from_secs(2);
const STREAM_POLL: Duration = Duration::from_millis(50);

/// Sends `request` through `peer`, and returns the client's result as JSON.
async fn ask(peer: &dyn PeerHandle, request: &InputRequest) -> Result<Value, Error> {
    match request {
        InputRequest::Elicitation(params) => answer(peer.elicit((**params).clone()).await?),
        // With `role`, which pmcp's plain `sample` drops.
        InputRequest::Sampling(params) => answer(peer.sample_with_tools((**params).clone()).await?),
        InputRequest::ListRoots => answer(peer.list_roots().await?),
    }
}

/// Whether pmcp failed a request because no stream to the client was open
/// (src/server/server_request_dispatcher.rs:211-218).
fn no_stream(error: &Error) -> bool {
    matches!(error, Error::Protocol { code, message, .. }
        if *code == ErrorCode::INTERNAL_ERROR && message == "Dispatch oneshot channel closed")
}

/// A result of pmcp's peer as JSON, for the core to check.
fn answer(result: impl serde::Serialize) -> Result<Value, Error> {
    Ok(serde_json::to_value(result)?)
}

/// `request` in pmcp's types, through its JSON (`{"method":..,"params":..}`,
/// which both write alike but for `roots/list`).
fn sdk_request(request: &input::InputRequest) -> Result<InputRequest, Error> {
    // pmcp's `roots/list` takes no params, not `{}`.
    if let input::InputRequest::ListRoots = request {
        return Ok(InputRequest::ListRoots);
    }
    let json = serde_json::to_value(request)?;
    serde_json::from_value(json).map_err(|error| {
        Error::internal(format!(
            "{} params pmcp cannot carry: {error}",
            request.method()
        ))
    })
}

/// Whether `error` is pmcp's own time limit on a request to the client
/// (`"Server request dispatch-N timed out"`).
fn timed_out(error: &Error) -> bool {
    match error {
        Error::Protocol { code, .. } => *code == ErrorCode::REQUEST_TIMEOUT,
        Error::Timeout(_) => true,
        _ => false,
    }
}

/// The error of a request to the client that got no answer in time: pmcp's
/// `ToolRejected`, which a tool answers with a result (`isError: true`)
/// whose text says what happened and what to do.
fn no_answer_in_time(method: &str) -> Error {
    Error::ToolRejected {
        message: format!(
            "no answer to {method} in time: pmcp waits at most 30 seconds (60 on stdio) for \
             the client before MCP 2026-07-28, and nothing was done; call the tool again when \
             the person is ready to answer at once (a client of MCP 2026-07-28 has no such \
             limit)"
        ),
        details: Some(serde_json::json!({"timedOut": method})),
    }
}

fn sdk_error(error: Error) -> SdkError {
    let (code, message, data) = match &error {
        Error::Protocol {
            code,
            message,
            data,
        } => (code.0, message.clone(), data.clone()),
        Error::ToolRejected { message, details } => {
            (crate::ask::INTERNAL_ERROR, message.clone(), details.clone())
        }
        other => (
            other
                .error_code()
                .map_or(crate::ask::INTERNAL_ERROR, |code| code.0),
            other.to_string(),
            None,
        ),
    };
    SdkError::new(error, code, message, data)
}

fn service(error: Error) -> ElicitError {
    ElicitError::Service(sdk_error(error))
}

/// For `?` on pmcp's errors inside an [`Ask`] body: passed on as it is.
impl From<Error> for ElicitError {
    fn from(error: Error) -> Self {
        ElicitError::Handler(sdk_error(error))
    }
}

/// What a client receives (see the table on [`ElicitError`]): the
/// handler's own pmcp error as it came, else [`Error::Protocol`] with the
/// error's code, its `Display` as the message and [`ElicitError::data`].
impl From<ElicitError> for Error {
    fn from(error: ElicitError) -> Self {
        error.into_json_rpc(|code, message, data| Error::Protocol {
            code: ErrorCode(code),
            message,
            data,
        })
    }
}

/// The `_meta` that asks: pmcp's MRTR signal, whose `inputRequests` pmcp
/// writes into the result and whose continuation (this crate's state) it
/// seals as the `requestState`.
fn signal(result: &InputRequiredResult) -> Result<Map<String, Value>, Error> {
    let input_requests = result
        .input_requests()
        .map(|(key, request)| Ok((key.to_owned(), sdk_request(request)?)))
        .collect::<Result<_, Error>>()?;
    let continuation = result.request_state().map_or(Value::Null, continuation);
    let length = token_length(&continuation, &input_requests);
    if length > MAX_REQUEST_STATE_LENGTH {
        return Err(Error::Protocol {
            code: ErrorCode::INTERNAL_ERROR,
            message: format!(
                "the server's questions need a requestState of {length} characters, more than \
                 the {MAX_REQUEST_STATE_LENGTH} pmcp carries"
            ),
            data: None,
        });
    }
    let (key, value) = MrtrSignal {
        input_requests,
        continuation,
    }
    .into_meta_entry()?;
    Ok(Map::from_iter([(key, value)]))
}

/// The state as pmcp's continuation: the JSON itself when the state is
/// JSON that reads back to the same text (as [`Continuation`]'s is), so
/// that it is not escaped into a string; else the text as a string.
fn continuation(state: &str) -> Value {
    match serde_json::from_str::<Value>(state) {
        // The text the JSON writes back, not `Value == str` (which only a
        // JSON string equals).
        Ok(json @ Value::Object(_))
            if serde_json::to_string(&json).ok().as_deref() == Some(state) =>
        {
            json
        }
        _ => Value::from(state),
    }
}

/// The state as the continuation of a retry carries it, back to its text.
fn state_text(continuation: &Value) -> Option<String> {
    match continuation {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        json => Some(json.to_string()),
    }
}

/// The most characters pmcp's token for `continuation` may have: base64 of
/// 37 bytes (version, key id, nonce, tag) and of the JSON
/// `{"state":..,"exp":..,"round":..,"kinds":{KEY:KIND,..}}` it encrypts
/// (src/server/request_state.rs:505, :765-823), with the longest `exp` (10
/// digits until 2286) and `round` (3 digits) it may hold.
fn token_length(continuation: &Value, requests: &pmcp::types::mrtr::InputRequests) -> usize {
    let kinds: Map<String, Value> = requests
        .iter()
        .map(|(key, request)| {
            let kind: InputRequestKind = request.kind();
            let kind = serde_json::to_value(kind).unwrap_or_default();
            (key.clone(), kind)
        })
        .collect();
    let plaintext = serde_json::json!({
        "state": continuation,
        "exp": 9_999_999_999_i64,
        "round": 255,
        "kinds": kinds,
    });
    let bytes = 37 + plaintext.to_string().len();
    (bytes * 4).div_ceil(3)
}

/// A tool, prompt or resource result with the signal in its `_meta`, as
/// each carries it.
trait WithMeta: Default {
    fn with_signal(meta: Map<String, Value>) -> Self;
}

impl WithMeta for CallToolResult {
    fn with_signal(meta: Map<String, Value>) -> Self {
        let mut result = CallToolResult::new(Vec::new());
        result._meta = Some(meta);
        result
    }
}

impl WithMeta for GetPromptResult {
    fn with_signal(meta: Map<String, Value>) -> Self {
        GetPromptResult::new(Vec::new(), None).with_meta(meta)
    }
}

impl WithMeta for ReadResourceResult {
    fn with_signal(meta: Map<String, Value>) -> Self {
        let mut result = ReadResourceResult::new(Vec::new());
        result._meta = Some(Value::Object(meta));
        result
    }
}

/// A tool's result as pmcp's `ToolOutput::Result`, sent as it is.
impl Reply<Pmcp> for CallToolResult {
    type Response = ToolOutput;

    fn complete(self) -> ToolOutput {
        ToolOutput::Result(self)
    }

    fn input_required(result: InputRequiredResult) -> Result<ToolOutput, Error> {
        Ok(ToolOutput::Result(CallToolResult::with_signal(signal(
            &result,
        )?)))
    }
}

/// A prompt's or a resource's result, as its handler returns it.
macro_rules! reply {
    ($($result:ty),*) => {$(
        impl Reply<Pmcp> for $result {
            type Response = $result;

            fn complete(self) -> $result {
                self
            }

            fn input_required(result: InputRequiredResult) -> Result<$result, Error> {
                Ok(<$result>::with_signal(signal(&result)?))
            }
        }
    )*};
}

reply!(GetPromptResult, ReadResourceResult);

/// The request as the core reads it, from the extra pmcp gives the
/// handler: the revision, the capabilities (from `_meta` as the client
/// wrote them on 2026-07-28, else the session's), and on a retry the
/// answers and the state pmcp opened.
fn request<'a>(
    extra: &'a RequestHandlerExtra,
    method: &'a str,
    name: &'a str,
    state: Option<&'a str>,
) -> Request<'a> {
    let meta_capabilities = extra
        .request_meta
        .as_ref()
        .and_then(|meta| meta.get("io.modelcontextprotocol/clientCapabilities"));
    let capabilities = match meta_capabilities {
        Some(capabilities) => capabilities.clone(),
        None => serde_json::to_value(extra.client_capabilities()).unwrap_or_default(),
    };
    let responses = extra
        .input_responses()
        .into_iter()
        .flatten()
        .map(|(key, response)| {
            let mut json = serde_json::to_value(response).unwrap_or_default();
            // pmcp's `CreateMessageResult` has no `role`: a model's answer
            // is the assistant's.
            if let (InputResponse::Sampling(_), Value::Object(result)) = (response, &mut json) {
                result
                    .entry("role")
                    .or_insert_with(|| Value::from("assistant"));
            }
            (key.clone(), json)
        })
        .collect();
    Request::new(method, name)
        .with_protocol_version(extra.protocol_version().map(|version| version.0.as_str()))
        .with_client_capabilities(&capabilities)
        .with_input_responses(responses)
        .with_request_state(state)
}

impl Ask {
    /// An `Ask` for a `tools/call`, in the tool's `handle_output`: `name`
    /// is the tool's (pmcp does not tell a handler its name), `arguments`
    /// the `Value` the handler got (what the state is bound to, as pmcp
    /// binds its own); run the body with [`tool`](crate::ask::Ask::tool).
    ///
    /// # Errors
    ///
    /// [`ElicitError::RequestState`] if the continuation pmcp opened holds
    /// a state that this server did not seal for this tool and these
    /// arguments, or that expired. [`ElicitError::Handler`], pmcp's
    /// invalid params (`-32602` in the text of pmcp's `-32603`), if
    /// `arguments` is neither an object nor `null`: MCP's
    /// `CallToolRequest` takes an object, and pmcp passes on whatever was
    /// sent.
    pub fn for_tool(
        extra: &RequestHandlerExtra,
        name: &str,
        arguments: &Value,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        if !(arguments.is_object() || arguments.is_null()) {
            let found = match arguments {
                Value::Array(_) => "an array",
                Value::String(_) => "a string",
                Value::Number(_) => "a number",
                _ => "true or false",
            };
            let message = format!("`arguments` is {found}; a tools/call takes an object");
            return Err(Error::invalid_params(message).into());
        }
        let state = extra.mrtr_continuation().and_then(state_text);
        let read = request(extra, "tools/call", name, state.as_deref())
            .with_arguments(arguments.as_object());
        Ask::open(extra.clone(), seal.clone(), read)
    }

    /// An `Ask` for a `prompts/get`, in the prompt's `PromptHandler::handle`
    /// (which gets the `arguments`); run the body with
    /// [`prompt`](crate::ask::Ask::prompt).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_prompt(
        extra: &RequestHandlerExtra,
        name: &str,
        arguments: &HashMap<String, String>,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let arguments = super::prompt_arguments(arguments);
        let state = extra.mrtr_continuation().and_then(state_text);
        let read =
            request(extra, "prompts/get", name, state.as_deref()).with_arguments(Some(&arguments));
        Ask::open(extra.clone(), seal.clone(), read)
    }

    /// An `Ask` for a `resources/read` of `uri`, in the
    /// `ResourceHandler::read`; run the body with
    /// [`resource`](crate::ask::Ask::resource).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_resource(
        extra: &RequestHandlerExtra,
        uri: &str,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let state = extra.mrtr_continuation().and_then(state_text);
        Ask::open(
            extra.clone(),
            seal.clone(),
            request(extra, "resources/read", uri, state.as_deref()),
        )
    }
}
