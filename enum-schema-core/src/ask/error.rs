//! [`ElicitError`]: why an [`Ask`](super::Ask) gave no typed answer, with
//! one `Display`, one `data()` and one JSON-RPC code for every SDK.

use std::any::Any;
use std::borrow::Cow;
use std::fmt;

use serde_json::Value;

use crate::error::quote::{Named, QuotedStr};
use crate::error::Error;
use crate::input::InputRequiredResult;
use crate::version::VersionError;

use super::rejection::rejection_data;
use super::unasked::Unasked;

/// JSON-RPC `-32600`: invalid request.
pub(crate) const INVALID_REQUEST: i32 = -32600;
/// JSON-RPC `-32602`: invalid params.
pub(crate) const INVALID_PARAMS: i32 = -32602;
/// JSON-RPC `-32603`: internal error.
pub(crate) const INTERNAL_ERROR: i32 = -32603;
/// MCP `-32021`: missing required client capability (MCP 2026-07-28).
pub(crate) const MISSING_REQUIRED_CLIENT_CAPABILITY: i32 = -32021;

/// Why [`Ask`](super::Ask) (or an SDK's lower-level elicitation call) gave
/// no typed answer: the same type on every SDK.
///
/// Its `Display`, [`data`](Self::data) and [`code`](Self::code) are what a
/// client receives, and they speak protocol: they name fields, values,
/// methods and revisions, never Rust items.
///
/// | variant | JSON-RPC error ([`code`](Self::code)) |
/// |---|---|
/// | `Invalid` (a rejected answer) | `-32602` invalid params, `data` naming each field, value and what was allowed |
/// | `RequestState` | `-32602` invalid params, `data` the reason, `{"requestState":"completed"}` (do not send it again), `"used"`, `"expired"` or `"invalid"` (see [`RequestStateError::reason`]) |
/// | `NoArguments`, `InvalidArguments` | `-32602` invalid params |
/// | `Store` | `-32603` internal error |
/// | `Cancelled` | `-32603` internal error, if the SDK answers a cancelled request at all (MCP says it should not; neither rmcp nor tower-mcp does); a task ends `cancelled` |
/// | `Detached` | `-32603` internal error (a task that runs the body fails with it) |
/// | `Unsupported`, `UnsupportedParam` | `-32021` missing required client capability, `data.requiredCapabilities` |
/// | `Unasked` | `-32021`, `data` the questions (see [`Unasked`]) and `requiredCapabilities` |
/// | `Version`, `NoServerRequests` | `-32600` invalid request |
/// | `Service`, `Handler` | the SDK error's own code, message and `data`, passed on as they came |
/// | anything else | `-32603` internal error |
///
/// Inside [`Ask::tool`](super::Ask::tool), a rejected answer, `Unasked`
/// and `InvalidArguments` are a tool result with `isError: true` instead,
/// and `InputRequired` is the `input_required` result.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client did not declare the capability that `method` needs
    /// (`elicitation` with form mode for `elicitation/create`, `sampling`
    /// for `sampling/createMessage`, `roots` for `roots/list`), so MCP
    /// forbids sending it.
    Unsupported {
        /// The request's method.
        method: &'static str,
    },
    /// The client declared the capability `method` needs, but not the one
    /// that a member of its params needs, so MCP forbids sending it (MCP
    /// 2025-11-25 on): `sampling.tools` for `tools` or `toolChoice` in a
    /// `sampling/createMessage` (which the client must refuse), and
    /// `sampling.context` for an `includeContext` other than `"none"`
    /// (which the server should not send). Refused before anything is
    /// sent, as [`Unsupported`](Self::Unsupported) is; a body that can do
    /// without asks again without the member.
    UnsupportedParam {
        /// The request's method: `"sampling/createMessage"`.
        method: &'static str,
        /// The member of its params: `"tools"`, `"toolChoice"` or
        /// `"includeContext"`.
        param: &'static str,
        /// The capability it needs, as MCP's `ClientCapabilities` nests
        /// it: `"sampling.tools"` or `"sampling.context"`.
        capability: &'static str,
    },
    /// [`Ask`](super::Ask)'s questions that a client without form
    /// elicitation could not ask, and that no argument of the call answered
    /// (see [`Unasked`]). Inside [`Ask::tool`](super::Ask::tool), a tool
    /// result for the model (`isError: true`), which says what to ask the
    /// person in the chat and the argument to send when calling again.
    Unasked(Box<Unasked>),
    /// The protocol revision cannot carry this form: no elicitation before
    /// 2025-06-18, no multi-select in 2025-06-18.
    Version(VersionError),
    /// Not a failure: on MCP 2026-07-28 an answer is not there yet (or has
    /// to be given again), and this `input_required` result asks for it.
    /// [`Ask::tool`](super::Ask::tool), [`Ask::prompt`](super::Ask::prompt)
    /// and [`Ask::resource`](super::Ask::resource) return it as the
    /// response.
    InputRequired(Box<InputRequiredResult>),
    /// `elicitation/create` on a revision (2026-07-28 or later) that has no
    /// server-to-client requests; [`Ask`](super::Ask) asks inside the result
    /// instead.
    NoServerRequests {
        /// The negotiated revision.
        version: String,
    },
    /// The request's `requestState` was refused: the call it belongs to
    /// already completed ([`RequestStateError::Completed`]); with an
    /// `AnswerStore` (feature `store`), already used; expired; or not
    /// sealed by this server for this request (altered, sealed with an
    /// unknown key or for another request). The client gets a message and
    /// a `data` per reason ([`RequestStateError::reason`]), the same with
    /// a store and without, on every SDK that passes an error's `data` on
    /// (pmcp 2.23 drops it; its text still says it): a client or proxy that retries
    /// tells "already done, do not send it again" from "start the call
    /// over" without reading English. The rest of the detail (which check
    /// failed, the codec's words) is for the server's logs.
    RequestState(RequestStateError),
    /// The `requestState` this round would send is longer than
    /// [`MAX_REQUEST_STATE_LENGTH`](crate::input::MAX_REQUEST_STATE_LENGTH)
    /// characters: the forms asked in one request hold more than a state
    /// may carry (see [`RequestStateSeal`](super::RequestStateSeal) for the
    /// sizing). A server bug, refused before anything is sent.
    StateTooLarge {
        /// The length the state would have had, in characters.
        length: usize,
    },
    /// The `AnswerStore` (feature `store`) that keeps the answers of
    /// earlier rounds (MCP 2026-07-28, `RequestStateSeal::with_store`)
    /// failed: unreachable, timed out, or refused the command. The round
    /// fails and nothing is accepted; the detail ([`StoreError`]) is for
    /// the server's logs.
    Store(StoreError),
    /// The SDK could not complete a request to the client
    /// (`elicitation/create`, `sampling/createMessage`, `roots/list`, before
    /// 2026-07-28): the client answered with an error (a client that will
    /// not sample, say), the transport closed, or the time to wait for the
    /// answer ran out.
    Service(SdkError),
    /// The client's answer failed re-validation, and the question was asked
    /// as often as allowed (see [`Ask`](super::Ask), "A second chance");
    /// the error keeps what it sent.
    Invalid(Error),
    /// Any other error of the tool, prompt or resource handler: the SDK's
    /// own JSON-RPC error, for `?` inside an [`Ask`](super::Ask) body;
    /// passed on as it is.
    Handler(SdkError),
    /// A server bug, refused on every revision so that it shows on the
    /// first test whatever the client: a question asked outside the body of
    /// [`Ask::tool`](super::Ask::tool), [`Ask::prompt`](super::Ask::prompt)
    /// or [`Ask::resource`](super::Ask::resource), which alone can carry
    /// the `input_required` result of 2026-07-28.
    OutsideHandler,
    /// A server bug, refused on every revision: two questions of one
    /// request under the same key (on 2026-07-28 the second would read the
    /// first one's answer).
    KeyReused {
        /// The key.
        key: String,
    },
    /// A tool whose input schema declares arguments has none where it asks
    /// for input and a `requestState` would be bound to them (for a tool
    /// whose arguments are all optional: a request that carries one, and
    /// 2026-07-28 from a client that shows forms; for one that requires an
    /// argument: every call), so a `requestState` of one call would be
    /// accepted in a call with other arguments: the request sent none (send
    /// `"arguments": {}` to leave every optional one out), or, a server bug,
    /// another extractor took them first (on rmcp, `Parameters<..>` listed
    /// before `Ask`: list `Ask` first, or read the arguments with
    /// [`Ask::arguments`](super::Ask::arguments); the rmcp adapter logs
    /// which). Refused before anything is asked. The client cannot tell
    /// the two apart either, so the message it gets blames neither.
    NoArguments {
        /// The tool.
        tool: String,
    },
    /// The call's arguments are not what the handler reads them as
    /// ([`Ask::arguments`](super::Ask::arguments)): a required one missing,
    /// one of the wrong type, one the type does not take. Inside
    /// [`Ask::tool`](super::Ask::tool), a tool result with `isError: true`,
    /// as MCP asks of a tool's input errors, so that the model can correct
    /// its call; elsewhere `-32602`. The message names the argument and
    /// says what it should be in JSON's terms, not Rust's: `invalid
    /// arguments for tool "refund": the argument `amount` should be a
    /// number, not the string "lots"`; `the argument `order` is required,
    /// and missing`; an integer type's range (`should be an integer from 0
    /// to 255, not the number 300`).
    InvalidArguments {
        /// The request's method: `"tools/call"`, `"prompts/get"` or
        /// `"resources/read"`.
        method: String,
        /// The tool's (prompt's, resource's) name.
        name: String,
        /// The argument at fault (a top-level key of `arguments`), where
        /// serde refused one: `None` for a refusal of the whole (a custom
        /// check of the type's own, a flattened field).
        argument: Option<String>,
        /// What is wrong with it, in JSON's terms, worded to follow "the
        /// argument `amount`": `is required, and missing`, `is not one this
        /// takes (expected `order`)`, `should be a number, not the string
        /// "lots"`; for a refusal of the whole, serde's own text.
        reason: String,
        /// What serde refused, as serde worded it (its `Display` names
        /// Rust types: not what the client is sent).
        error: serde_json::Error,
    },
    /// The client cancelled the request (`notifications/cancelled`, MCP
    /// 2025-06-18 and 2025-11-25, or the SDK's cancellation of it), or the
    /// task the body runs as (`tasks/cancel`, SEP-2663): before a question,
    /// while the server waited for its answer, or between an answer and
    /// the next question. The wait ends at once, every later question of
    /// the call fails the same way, and an answer that comes with or after
    /// the cancellation is dropped, so a body that `?`s its questions does
    /// nothing more (a task ends `cancelled`).
    Cancelled,
    /// A server bug: the body asked after its call was answered apart from
    /// it, as when the server runs a tool's body as a task (MCP tasks,
    /// SEP-2663) through the SDK's plain tool call (`ask.tool` inside
    /// rmcp's `TaskManager`, as rmcp's own task example runs a tool) and
    /// answers the call with the task: such a body cannot ask inside its
    /// call, which was answered, and must ask through the task (rmcp's
    /// `Ask::tool_as_task`). Detected for a client that declared the tasks
    /// extension, when the body's question finds its call answered (before
    /// 2026-07-28, where the wait would end as if cancelled) or its round
    /// ends by asking after it was (2026-07-28); a task that runs such a
    /// body fails with this error.
    Detached,
}

impl ElicitError {
    /// The JSON-RPC error code a client receives with this error (see the
    /// table on [`ElicitError`]).
    pub fn code(&self) -> i32 {
        match self {
            ElicitError::Invalid(_)
            | ElicitError::RequestState(_)
            | ElicitError::NoArguments { .. }
            | ElicitError::InvalidArguments { .. } => INVALID_PARAMS,
            ElicitError::Unsupported { .. }
            | ElicitError::UnsupportedParam { .. }
            | ElicitError::Unasked(_) => MISSING_REQUIRED_CLIENT_CAPABILITY,
            ElicitError::Version(_) | ElicitError::NoServerRequests { .. } => INVALID_REQUEST,
            ElicitError::Service(error) | ElicitError::Handler(error) => error.code(),
            ElicitError::InputRequired(_)
            | ElicitError::StateTooLarge { .. }
            | ElicitError::Store(_)
            | ElicitError::OutsideHandler
            | ElicitError::KeyReused { .. }
            | ElicitError::Cancelled
            | ElicitError::Detached => INTERNAL_ERROR,
        }
    }

    /// The JSON-RPC error `data` a client receives with this error, if any:
    ///
    /// - [`Invalid`](Self::Invalid):
    ///   `{"errors":[{"field":"severity","value":"urgent","allowed":["low","high"],"message":".."}]}`,
    ///   one entry per rejected field. Each entry has `field` (`null` for
    ///   the result as a whole) and `message` (the error's `Display`), and
    ///   as the error calls for:
    ///   - `value`: what the client sent (a multi-select's whole array);
    ///   - `index`: the position in that array of the item that is not an
    ///     option, or that is chosen twice;
    ///   - `allowed`: the options' values, for a value or item that is not
    ///     one of them;
    ///   - the bound that was broken: `minItems`/`maxItems`,
    ///     `minLength`/`maxLength`, `minimum`/`maximum`, `format`, `type`;
    ///   - `matches` and `limit`, for a search of a long list that matched
    ///     too many options;
    ///   - `truncated: true`, when `value` was cut: it is quoted with at
    ///     most 256 characters per string (and per object key), 256 items
    ///     per array or object, and 4,096 characters and items in all;
    /// - [`Unsupported`](Self::Unsupported):
    ///   `{"requiredCapabilities":{"elicitation":{"form":{}}}}` for
    ///   `elicitation/create`, `{"requiredCapabilities":{"sampling":{}}}`,
    ///   `{"requiredCapabilities":{"roots":{}}}`;
    /// - [`UnsupportedParam`](Self::UnsupportedParam): the capability
    ///   nested as MCP's `ClientCapabilities` has it,
    ///   `{"requiredCapabilities":{"sampling":{"tools":{}}}}` or
    ///   `{"requiredCapabilities":{"sampling":{"context":{}}}}`;
    /// - [`Unasked`](Self::Unasked): the same, and
    ///   `"unasked":[{"key":..,"message":..,"argument":KEY|null,"refused":..|null,"requestedSchema":{..}}]`
    ///   (at most 20 options per field, `"moreOptions":N` for the rest;
    ///   after a refused argument, the options that contain its text, with
    ///   `"matching":[TEXT]`);
    /// - [`Version`](Self::Version) for a multi-select on 2025-06-18:
    ///   `{"protocolVersion":"2025-06-18","field":..}`;
    /// - [`Service`](Self::Service), [`Handler`](Self::Handler): the SDK
    ///   error's own `data`;
    /// - [`RequestState`](Self::RequestState): `{"requestState":REASON}`,
    ///   the reason of [`RequestStateError::reason`]: `"completed"` (the
    ///   call this state belongs to completed, or is completing: what it
    ///   did is done once, and this request must not be sent again),
    ///   `"used"` (with an answer store, the state was taken by an earlier
    ///   round), `"expired"`, `"invalid"` (altered, sealed with another key
    ///   or for another request, or not a state); after any but
    ///   `"completed"`, the call is started over by sending the request
    ///   without `requestState` and `inputResponses`, which asks the person
    ///   again.
    pub fn data(&self) -> Option<Value> {
        match self {
            ElicitError::Invalid(error) => Some(rejection_data(error)),
            ElicitError::RequestState(error) => {
                Some(object([("requestState", Value::from(error.reason()))]))
            }
            ElicitError::Unsupported { method } => {
                let name = capability(method);
                let settings = match name {
                    "elicitation" => object([("form", object([]))]),
                    _ => object([]),
                };
                Some(object([(
                    "requiredCapabilities",
                    object([(name, settings)]),
                )]))
            }
            ElicitError::UnsupportedParam { capability, .. } => {
                // `sampling.tools` is `{"sampling":{"tools":{}}}`.
                let nested = capability
                    .rsplit('.')
                    .fold(object([]), |inner, name| object([(name, inner)]));
                Some(object([("requiredCapabilities", nested)]))
            }
            ElicitError::Unasked(unasked) => {
                let mut data = unasked.data();
                if let Value::Object(data) = &mut data {
                    data.insert(
                        "requiredCapabilities".to_owned(),
                        object([("elicitation", object([("form", object([]))]))]),
                    );
                }
                Some(data)
            }
            ElicitError::Version(VersionError::NoMultiSelect { version, property }) => {
                Some(object([
                    ("protocolVersion", Value::from(version.as_str())),
                    (
                        "field",
                        property.as_deref().map_or(Value::Null, Value::from),
                    ),
                ]))
            }
            ElicitError::Service(error) | ElicitError::Handler(error) => error.data().cloned(),
            _ => None,
        }
    }

    /// The SDK's JSON-RPC error `E` for this error: the SDK's own error
    /// inside [`Service`](Self::Service) or [`Handler`](Self::Handler) as it
    /// came, else `build(self.code(), self.to_string(), self.data())`. What
    /// an adapter's [`Sdk::error`](super::adapter::Sdk::error) returns.
    pub fn into_json_rpc<E: Any>(self, build: impl FnOnce(i32, String, Option<Value>) -> E) -> E {
        self.into_sdk_error::<E>()
            .unwrap_or_else(|error| build(error.code(), error.to_string(), error.data()))
    }

    /// The SDK's own error inside [`Service`](Self::Service) or
    /// [`Handler`](Self::Handler), if it is an `E`: what an SDK adapter
    /// passes on unchanged.
    ///
    /// # Errors
    ///
    /// Gives the error back when it holds no `E`.
    pub fn into_sdk_error<E: Any>(self) -> Result<E, ElicitError> {
        match self {
            ElicitError::Service(error) => error.downcast().map_err(ElicitError::Service),
            ElicitError::Handler(error) => error.downcast().map_err(ElicitError::Handler),
            other => Err(other),
        }
    }
}

/// The client capability that allows a request of `method`, as MCP names
/// it: `sampling` for `sampling/createMessage`, `roots` for `roots/list`,
/// `elicitation` for `elicitation/create`.
fn capability(method: &str) -> &'static str {
    match method {
        "sampling/createMessage" => "sampling",
        "roots/list" => "roots",
        _ => "elicitation",
    }
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ElicitError::Unsupported { method } => {
                let mode = match capability(method) {
                    "elicitation" => " (form mode)",
                    _ => "",
                };
                write!(
                    f,
                    "the client did not declare the {} capability{mode}, so it cannot be sent {method}",
                    capability(method)
                )
            }
            ElicitError::UnsupportedParam {
                method,
                param,
                capability,
            } => {
                write!(
                    f,
                    "the client did not declare the {capability} capability, so it cannot be sent \
                     {method} with "
                )?;
                match *param {
                    "includeContext" => f.write_str(r#"an `includeContext` other than "none""#),
                    param => write!(f, "`{param}`"),
                }
            }
            ElicitError::Unasked(unasked) => unasked.fmt(f),
            ElicitError::Version(error) => error.fmt(f),
            ElicitError::InputRequired(_) => f.write_str(
                "the server needs the client's input, which this response cannot ask for",
            ),
            ElicitError::NoServerRequests { version } => write!(
                f,
                "protocol version {version} has no server-to-client requests, so elicitation/create \
                 cannot be sent; the server has to ask inside the result (input_required)"
            ),
            ElicitError::RequestState(RequestStateError::Consumed) => f.write_str(
                "requestState was already used, or the answers it stands for are no longer held \
                 by the server; a requestState is accepted once: continue from the response to \
                 the request that used it, or send the request again without requestState and \
                 inputResponses, which asks the person again",
            ),
            ElicitError::RequestState(RequestStateError::Completed) => f.write_str(
                "the call this requestState belongs to already completed (or is completing): \
                 what it did is done once, and not again, and its result is not sent twice; \
                 do not send this request again",
            ),
            ElicitError::RequestState(RequestStateError::Expired) => f.write_str(
                "requestState has expired; send the request again without requestState and \
                 inputResponses",
            ),
            ElicitError::RequestState(_) => f.write_str(
                "requestState was not issued by this server for this request; send the request \
                 again without requestState and inputResponses",
            ),
            ElicitError::StateTooLarge { length } => write!(
                f,
                "the server's questions need a requestState of {length} characters, more than the \
                 {} a request may carry",
                crate::input::MAX_REQUEST_STATE_LENGTH
            ),
            ElicitError::Store(error) if error.is_full() => f.write_str(
                "the server holds as many unfinished requests as it may, or these answers are \
                 larger than it keeps; nothing was accepted: send the request again later \
                 without requestState and inputResponses",
            ),
            ElicitError::Store(_) => f.write_str(
                "the server could not reach the store that keeps the answers of earlier rounds \
                 (requestState); nothing was accepted, and those answers may be gone: send the \
                 request again later without requestState and inputResponses",
            ),
            ElicitError::Service(error) => {
                write!(f, "the request to the client failed: {}", error.message())
            }
            ElicitError::Invalid(error) => write!(f, "the client's answer was rejected: {error}"),
            ElicitError::Handler(error) => f.write_str(error.message()),
            ElicitError::OutsideHandler => f.write_str(
                "the server asked for input where its response cannot carry the request",
            ),
            ElicitError::KeyReused { key } => write!(
                f,
                "the server asked two questions under the key {} in one request",
                QuotedStr(key)
            ),
            ElicitError::NoArguments { tool } => write!(
                f,
                "tool {} declares arguments, and the server found none where it binds its \
                 questions to them, so nothing was asked: either this request has no \
                 `arguments` (send them, `{{}}` to leave out every optional one), or the server \
                 reads them too early, which its log names",
                QuotedStr(tool)
            ),
            ElicitError::InvalidArguments {
                method,
                name,
                argument,
                reason,
                ..
            } => {
                let kind = match method.as_str() {
                    "tools/call" => "tool",
                    "prompts/get" => "prompt",
                    _ => "resource",
                };
                write!(f, "invalid arguments for {kind} {}: ", QuotedStr(name))?;
                match argument {
                    Some(argument) => write!(f, "the argument {} {reason}", Named(argument)),
                    None => f.write_str(reason),
                }
            }
            ElicitError::Cancelled => f.write_str(
                "the request was cancelled before the server acted on an answer; nothing more \
                 was done",
            ),
            ElicitError::Detached => f.write_str(
                "the tool asked for input after its call was answered apart from it, as a tool \
                 run as a task (SEP-2663) is; nothing more was done: a tool run as a task asks \
                 through the task (the server's `tool_as_task`), not inside its call",
            ),
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Version(error) => Some(error),
            ElicitError::RequestState(error) => Some(error),
            ElicitError::Invalid(error) => Some(error),
            ElicitError::Store(error) => Some(error),
            ElicitError::InvalidArguments { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// `?` on the errors of the contracts beneath a call, each into the
/// variant that carries it.
macro_rules! from_errors {
    ($($error:ty => $variant:ident),*) => {$(
        impl From<$error> for ElicitError {
            fn from(error: $error) -> Self {
                ElicitError::$variant(error)
            }
        }
    )*};
}

from_errors!(RequestStateError => RequestState, StoreError => Store);

/// Why a `requestState` was refused. The detail is for the server's logs;
/// the client gets one message for all of them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RequestStateError {
    /// The SDK's codec did not verify it: altered, sealed with a key this
    /// server does not hold, or not a sealed state at all; the codec's own
    /// words, if it gave any.
    Unverified(Cow<'static, str>),
    /// Verified, but older than the time to live.
    Expired,
    /// Verified, but not the JSON this crate seals, or longer than any
    /// state this crate seals.
    Malformed,
    /// Verified, but sealed for another request (method, name, arguments).
    OtherRequest,
    /// Verified, but the `AnswerStore` (feature `store`) holds no
    /// answers under its handle: an earlier round took them (the state was
    /// sent again: a replay), or they expired or were lost in the store (a
    /// store restarted without persistence). A handle is taken once. A
    /// replay of a call that completed is [`Completed`](Self::Completed)
    /// instead, once the round that completed it has ended.
    Consumed,
    /// Verified, but the call it belongs to already ran to completion from
    /// one of its states (or is running from one now): what the person
    /// confirmed was done once, and is not done again. Without an answer
    /// store, a process remembers the calls it completed until their states
    /// expire (a restarted process forgets them); with one, the store
    /// remembers them for every process that shares it. A round that only
    /// asked may be sent again (without a store).
    Completed,
}

impl RequestStateError {
    /// The reason a client reads in the error's `data`
    /// (`{"requestState":REASON}`), stable across releases and the same on
    /// every SDK, with an answer store and without:
    ///
    /// | reason | errors | what the client does |
    /// |---|---|---|
    /// | `"completed"` | [`Completed`](Self::Completed) | nothing: the call completed (or is completing), what it did is done once; sending the request again, or a new call, does not bring its result back |
    /// | `"used"` | [`Consumed`](Self::Consumed) | with an answer store, the state was taken by an earlier round: continue from that round's response, or start the call over (the request without `requestState` and `inputResponses`), which asks the person again |
    /// | `"expired"` | [`Expired`](Self::Expired) | start the call over |
    /// | `"invalid"` | [`Unverified`](Self::Unverified), [`Malformed`](Self::Malformed), [`OtherRequest`](Self::OtherRequest) | start the call over; the state was altered, sealed with a key this server does not hold or for another request, or is no state |
    ///
    /// A reason this crate adds later is none of these: a client treats
    /// it as `"invalid"`.
    pub fn reason(&self) -> &'static str {
        match self {
            RequestStateError::Completed => "completed",
            RequestStateError::Consumed => "used",
            RequestStateError::Expired => "expired",
            RequestStateError::Unverified(_)
            | RequestStateError::Malformed
            | RequestStateError::OtherRequest => "invalid",
        }
    }
}

impl fmt::Display for RequestStateError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            RequestStateError::Unverified(detail) if detail.is_empty() => {
                f.write_str("the seal does not verify: altered, another key, or not a state")
            }
            RequestStateError::Unverified(detail) => {
                write!(f, "the seal does not verify: {detail}")
            }
            RequestStateError::Expired => f.write_str("older than its time to live"),
            RequestStateError::Malformed => {
                f.write_str("the payload is not a sealed set of answers")
            }
            RequestStateError::OtherRequest => f.write_str("sealed for another request"),
            RequestStateError::Consumed => f.write_str(
                "the store holds no answers under its handle: already taken by an earlier round \
                 (a replay), expired, or lost",
            ),
            RequestStateError::Completed => {
                f.write_str("the call it belongs to already completed, or is completing")
            }
        }
    }
}

impl std::error::Error for RequestStateError {}

/// Why an `AnswerStore` (feature `store`) could not keep or give back
/// the answers of a request (MCP 2026-07-28): the store was unreachable,
/// timed out, or refused the command. What a client receives is
/// [`ElicitError::Store`]'s message (`-32603`); this one, and its
/// [`source`](std::error::Error::source), are for the server's logs.
#[derive(Debug)]
pub struct StoreError {
    message: Cow<'static, str>,
    full: bool,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl StoreError {
    /// A store error that says `message` (for the logs: "Redis: connection
    /// refused").
    pub fn new(message: impl Into<Cow<'static, str>>) -> Self {
        StoreError {
            message: message.into(),
            full: false,
            source: None,
        }
    }

    /// A store that refuses to keep more: at its limit of requests or
    /// bytes, or an answer larger than it keeps (`message` says which, for
    /// the logs). The client is told the server is busy and to send the
    /// request again later.
    pub fn full(message: impl Into<Cow<'static, str>>) -> Self {
        StoreError {
            full: true,
            ..StoreError::new(message)
        }
    }

    /// Whether the store refused for its limits ([`full`](Self::full))
    /// rather than failed.
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// The same error, caused by `source` (the store client's own error).
    #[must_use]
    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.source = Some(Box::new(source));
        self
    }

    /// What went wrong, in the store's words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "the answer store failed: {}", self.message)
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|source| source as &(dyn std::error::Error + 'static))
    }
}

/// An SDK's own error, carried through [`ElicitError::Service`] and
/// [`ElicitError::Handler`]: the error itself, for the SDK adapter to pass
/// on unchanged ([`ElicitError::into_sdk_error`]), and the JSON-RPC code,
/// message and `data` it stands for, for everything else.
pub struct SdkError(Box<SdkErrorImpl>);

/// One pointer, so that an [`ElicitError`] stays small.
struct SdkErrorImpl {
    code: i32,
    message: String,
    data: Option<Value>,
    error: Box<dyn Any + Send + Sync>,
}

impl SdkError {
    /// `error`, which a client would receive as the JSON-RPC error
    /// `{"code":code,"message":message,"data":data}`.
    pub fn new<E: Any + Send + Sync>(
        error: E,
        code: i32,
        message: impl Into<String>,
        data: Option<Value>,
    ) -> Self {
        SdkError(Box::new(SdkErrorImpl {
            code,
            message: message.into(),
            data,
            error: Box::new(error),
        }))
    }

    /// The JSON-RPC error code.
    pub fn code(&self) -> i32 {
        self.0.code
    }

    /// The JSON-RPC error message.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The JSON-RPC error `data`.
    pub fn data(&self) -> Option<&Value> {
        self.0.data.as_ref()
    }

    /// The SDK's error, if it is an `E`.
    ///
    /// # Errors
    ///
    /// Gives `self` back when it holds no `E`.
    pub fn downcast<E: Any>(self) -> Result<E, SdkError> {
        let SdkError(mut inner) = self;
        if !inner.error.is::<E>() {
            return Err(SdkError(inner));
        }
        let error = std::mem::replace(&mut inner.error, Box::new(()));
        error
            .downcast::<E>()
            .map(|error| *error)
            .map_err(|_| SdkError(inner))
    }
}

impl fmt::Debug for SdkError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("SdkError")
            .field("code", &self.0.code)
            .field("message", &self.0.message)
            .field("data", &self.0.data)
            .finish_non_exhaustive()
    }
}

fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(
        entries
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value))
            .collect(),
    )
}
