//! rmcp as the elicitation core sees it: the [`Sdk`] impl behind
//! [`Ask`], and `Ask` as an rmcp extractor.

use std::future::Future;
use std::time::Duration;

use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::model::{
    self, CallToolResponse, CallToolResult, ContentBlock, ErrorCode, GetPromptRequestParams,
    GetPromptResponse, InputRequests, ReadResourceRequestParams, ReadResourceResponse,
    RequestStateCodec, SealOptions,
};
use ::rmcp::service::{PeerRequestOptions, RequestContext, ServiceError};
use ::rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value};

use super::convert::result_json;
use crate::ask::adapter::{
    unless_cancelled, InputRequest, InputRequiredResult, Reply, Request, Sdk, SdkError, StateCodec,
};
use crate::ask::{ElicitError, RequestStateError};

/// rmcp, the official Rust MCP SDK, as [`enum_schema::ask`](crate::ask)
/// sees it: the [`Sdk`] that makes [`Ask`] an rmcp `Ask`.
#[derive(Debug)]
pub enum Rmcp {}

/// Asks the client for forms from an rmcp tool, prompt or resource, the
/// same way on every protocol revision: [`enum_schema::ask::Ask`](crate::ask::Ask)
/// on rmcp (its docs have the rounds, the second chance after a rejected
/// answer, several questions in one round, and the errors).
///
/// A tool takes `Ask` as an argument (it is an rmcp extractor; the server
/// type must implement `AsRef<`[`RequestStateSeal`]`>`), runs its body
/// through [`tool`](crate::ask::Ask::tool), reads its arguments with
/// [`arguments`](crate::ask::Ask::arguments) (or, with rmcp's
/// `Parameters<..>`, lists `Ask` first: `Parameters` takes the arguments
/// that the sealed state is bound to), and asks with
/// [`form`](crate::ask::Ask::form) or [`choice`](crate::ask::Ask::choice):
///
/// ```no_run
/// use enum_schema::rmcp::Ask;
/// use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::ErrorData;
///
/// #[derive(ElicitEnum, Debug)]
/// #[elicit(rename_all = "lowercase")]
/// enum Severity { Low, High }
///
/// #[derive(ElicitForm, Debug)]
/// struct Triage { severity: Severity }
///
/// // In a `#[tool]` method of a server that implements `AsRef<RequestStateSeal>`:
/// async fn triage(ask: Ask) -> Result<CallToolResponse, ErrorData> {
///     ask.tool(|ask| async move {
///         let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
///             ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
///             ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
///         };
///         Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
///     })
///     .await
/// }
/// ```
///
/// Prompts and resources build theirs with [`Ask::for_prompt`] and
/// [`Ask::for_resource`] in rmcp's `get_prompt` and `read_resource`.
pub type Ask = crate::ask::Ask<Rmcp>;

// One seal type for every SDK; this SDK's codec is a `StateCodec`.
use crate::ask::RequestStateSeal;

/// [`ElicitError::Service`] for an rmcp request that failed: the client's
/// own JSON-RPC error passed on as it came, anything else (timeout, closed
/// transport) an internal error (`-32603`) whose message is rmcp's.
impl From<ServiceError> for ElicitError {
    fn from(error: ServiceError) -> Self {
        let sdk = match error {
            ServiceError::McpError(error) => sdk_error(error),
            other => {
                let message = other.to_string();
                SdkError::new(other, crate::ask::INTERNAL_ERROR, message, None)
            }
        };
        ElicitError::Service(sdk)
    }
}

pub(super) fn sdk_error(error: ErrorData) -> SdkError {
    let (code, message, data) = (error.code.0, error.message.to_string(), error.data.clone());
    SdkError::new(error, code, message, data)
}

/// rmcp's codec as the [`StateCodec`] of a [`RequestStateSeal`]
/// (HMAC-SHA256, the binding to the request as its associated data).
///
/// Build it with [`RequestStateCodec::try_new`] from at least 32 bytes of
/// secret key, the same on every server process; rotate keys with
/// [`RequestStateCodec::new_with_keyring`], keeping the old key in the ring
/// until every state it sealed has expired.
impl StateCodec for RequestStateCodec {
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError> {
        Ok(self.seal_with(payload, &SealOptions::new().associated_data(binding)))
    }

    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError> {
        self.open_with(state, binding)
            .map_err(|error| RequestStateError::Unverified(error.to_string().into()))
    }
}

impl Sdk for Rmcp {
    /// The request's context, its peer, cancellation token and
    /// `progressToken` only: the peer sends `elicitation/create` (MCP
    /// 2025-06-18 and 2025-11-25) and `notifications/progress` while the
    /// call waits, and the token ends the wait when the client cancels the
    /// call.
    type Peer = RequestContext<RoleServer>;
    type Error = ErrorData;
    type Tool = CallToolResponse;
    type Prompt = GetPromptResponse;
    type Resource = ReadResourceResponse;

    // The trait's signature, `Send` spelled out.
    #[allow(clippy::manual_async_fn)]
    fn send(
        context: &RequestContext<RoleServer>,
        request: InputRequest,
        timeout: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        async move {
            let request = server_request(&request)?;
            let mut options = PeerRequestOptions::no_options();
            options.timeout = Some(timeout);
            let asked = async {
                context
                    .peer
                    .send_request_with_option(request, options)
                    .await?
                    .await_response()
                    .await
            };
            let result = unless_cancelled(asked, context.ct.cancelled())
                .await
                .ok_or(ElicitError::Cancelled)?
                .map_err(ElicitError::from)?;
            match result {
                model::ClientResult::ElicitResult(result) => {
                    result_json(&result).map_err(ElicitError::Invalid)
                }
                // Checked by the core, as an answer from `inputResponses` is.
                model::ClientResult::CreateMessageResult(result) => {
                    Ok(serde_json::to_value(&*result).unwrap_or_default())
                }
                model::ClientResult::ListRootsResult(result) => {
                    Ok(serde_json::to_value(&result).unwrap_or_default())
                }
                // A result none of rmcp's types reads (a `CreateMessageResult`
                // without `model`, a root whose `uri` is no string): checked
                // by the core as it came, which names what is wrong (`-32602`),
                // as for the same answer in `inputResponses`.
                model::ClientResult::CustomResult(result) => Ok(result.0),
                model::ClientResult::EmptyResult(_) => Ok(Value::Object(Map::new())),
                _ => Err(ElicitError::from(ServiceError::UnexpectedResponse)),
            }
        }
    }

    /// `notifications/progress` with the call's `progressToken`, if it has
    /// one.
    // The trait's signature, `Send` spelled out.
    #[allow(clippy::manual_async_fn)]
    fn progress(
        context: &RequestContext<RoleServer>,
        progress: u64,
        message: &str,
    ) -> impl Future<Output = bool> + Send {
        async move {
            let Some(token) = context.meta.get_progress_token() else {
                return false;
            };
            // `progress` is a JSON number: exact as an f64 up to 2^53.
            #[allow(clippy::cast_precision_loss)]
            let mut params = model::ProgressNotificationParam::new(token, progress as f64);
            params.message = Some(message.to_owned());
            context.peer.notify_progress(params).await.is_ok()
        }
    }

    fn sleep(duration: Duration) -> impl Future<Output = ()> + Send {
        tokio::time::sleep(duration)
    }

    /// The request's cancellation token: rmcp cancels it on
    /// `notifications/cancelled`, and once the call's response is sent.
    fn cancelled(context: &RequestContext<RoleServer>) -> bool {
        context.ct.is_cancelled()
    }

    /// The call's response sent while the body runs (a task made of a
    /// plain tool call: rmcp cancels the call's token once the task is
    /// sent). rmcp's service task sends it: the body's task yields once,
    /// so that it runs first where it is ready to.
    // The trait's signature, `Send` spelled out.
    #[allow(clippy::manual_async_fn)]
    fn detached(context: &RequestContext<RoleServer>) -> impl Future<Output = bool> + Send {
        let token = context.ct.clone();
        async move {
            if !token.is_cancelled() {
                tokio::task::yield_now().await;
            }
            token.is_cancelled()
        }
    }

    fn tool_error(error: &ElicitError) -> CallToolResponse {
        let mut result = CallToolResult::error(vec![ContentBlock::text(error.to_string())]);
        result.structured_content = error.data();
        result.into()
    }

    fn error(error: ElicitError) -> ErrorData {
        error.into()
    }
}

/// rmcp's `InputRequiredResult` for the core's.
fn input_required(result: &InputRequiredResult) -> Result<model::InputRequiredResult, ElicitError> {
    // Inserted one by one: a `collect` into a `BTreeMap` sorts and builds
    // in bulk, code of its own that every round that asks would run once.
    let mut requests = InputRequests::new();
    for (key, request) in result.input_requests() {
        requests.insert(key.to_owned(), sdk_input_request(request)?);
    }
    Ok(model::InputRequiredResult::new(
        (!requests.is_empty()).then_some(requests),
        result.request_state().map(str::to_owned),
    ))
}

/// The core's request as rmcp's, in the envelope whose constructor for
/// each kind is given: an `inputRequests` entry (MCP 2026-07-28) or a
/// request of the server's own (before).
// Sampling and roots are in MCP 2026-07-28; rmcp marks them deprecated
// for SEP-2577, which would take them out of a later revision.
#[allow(deprecated)]
fn sent<T>(
    request: &InputRequest,
    elicit: fn(model::ElicitRequest) -> T,
    sample: fn(model::CreateMessageRequest) -> T,
    roots: fn(model::ListRootsRequest) -> T,
) -> Result<T, ElicitError> {
    Ok(match request {
        InputRequest::Elicitation(params) => elicit(model::ElicitRequest::new(params.into())),
        InputRequest::CreateMessage(params) => {
            sample(model::CreateMessageRequest::new(sampling_params(params)?))
        }
        InputRequest::ListRoots => roots(model::ListRootsRequest::default()),
    })
}

/// rmcp's `inputRequests` entry for the core's request (MCP 2026-07-28).
pub(super) fn sdk_input_request(
    request: &InputRequest,
) -> Result<model::InputRequest, ElicitError> {
    use model::InputRequest::{CreateMessage, Elicitation, ListRoots};
    sent(request, Elicitation, CreateMessage, ListRoots)
}

/// rmcp's request for the core's, to send before 2026-07-28.
fn server_request(request: &InputRequest) -> Result<model::ServerRequest, ElicitError> {
    use model::ServerRequest::{CreateMessageRequest, ElicitRequest, ListRootsRequest};
    sent(
        request,
        ElicitRequest,
        CreateMessageRequest,
        ListRootsRequest,
    )
}

/// rmcp's `CreateMessageRequestParams` for the core's: a server bug
/// (params rmcp cannot read, such as a `maxTokens` that is not a number)
/// is refused before anything is sent.
#[allow(deprecated)]
fn sampling_params(
    params: &crate::ask::CreateMessageParams,
) -> Result<model::CreateMessageRequestParams, ElicitError> {
    serde_json::from_value(Value::Object(params.as_json().clone())).map_err(|error| {
        let message = format!("sampling/createMessage params rmcp cannot carry: {error}");
        ElicitError::Service(SdkError::new(
            error,
            crate::ask::INTERNAL_ERROR,
            message,
            None,
        ))
    })
}

/// A tool, prompt or resource response: rmcp's three response types each
/// hold a result or an `InputRequiredResult`.
impl<T: From<model::InputRequiredResult>> Reply<Rmcp> for T {
    type Response = T;

    fn complete(self) -> T {
        self
    }

    fn input_required(result: InputRequiredResult) -> Result<T, ErrorData> {
        Ok(self::input_required(&result)?.into())
    }
}

/// For `?` on rmcp's `ErrorData` inside an [`Ask`] body: passed on as it
/// is.
impl From<ErrorData> for ElicitError {
    fn from(error: ErrorData) -> Self {
        ElicitError::Handler(sdk_error(error))
    }
}

/// What a client receives (see the table on [`ElicitError`]), so that `?`
/// works in a handler returning `Result<_, ErrorData>`: rmcp's own error
/// inside `Service` or `Handler` as it came, else the error's code, its
/// `Display` as the message and [`ElicitError::data`].
impl From<ElicitError> for ErrorData {
    fn from(error: ElicitError) -> Self {
        error.into_json_rpc(|code, message, data| ErrorData::new(ErrorCode(code), message, data))
    }
}

/// What [`Sdk::send`] needs of a request's context, and no more: its peer
/// and its cancellation token, without the request's `_meta` and
/// extensions, which every round would otherwise copy.
fn sender(context: &RequestContext<RoleServer>) -> RequestContext<RoleServer> {
    let mut sender = RequestContext::new(context.id.clone(), context.peer.clone());
    sender.ct = context.ct.clone();
    if let Some(token) = context.meta.get_progress_token() {
        sender.meta.set_progress_token(token);
    }
    sender
}

/// Where a request's `_meta` carries the client's capabilities (MCP
/// 2026-07-28).
const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";

/// The request as the core reads it: the revision and the client's
/// capabilities (the request's `_meta` on 2026-07-28, else the session's
/// `initialize`) and the retry fields, from rmcp's context.
fn request<'a>(
    context: &RequestContext<RoleServer>,
    method: &'a str,
    name: &'a str,
    responses: Option<model::InputResponses>,
    state: Option<&'a str>,
) -> Request<'a> {
    let version = context.protocol_version();
    // As the request's `_meta` carries them (MCP 2026-07-28), read where
    // they are; else the session's (`initialize`), as rmcp keeps them.
    let from_session;
    let capabilities = match context.meta.0.get(CLIENT_CAPABILITIES) {
        Some(declared) => declared,
        None => {
            from_session = serde_json::to_value(context.client_capabilities()).unwrap_or_default();
            &from_session
        }
    };
    // Inserted one by one: a `collect` into a `Map` is code of its own,
    // which every round would run once (and `insert` is the JSON reader's).
    let mut answers = Map::new();
    for (key, answer) in responses.unwrap_or_default() {
        answers.insert(key, answer);
    }
    Request::new(method, name)
        .with_protocol_version(version.as_ref().map(|version| version.as_str()))
        .with_client_capabilities(capabilities)
        .with_input_responses(answers)
        .with_request_state(state)
}

/// The retry fields of a prompt's or a resource's request parameters.
trait Retried {
    fn retry(&self) -> (Option<model::InputResponses>, Option<&str>);
}

macro_rules! retried {
    ($($params:ty),*) => {$(
        impl Retried for $params {
            fn retry(&self) -> (Option<model::InputResponses>, Option<&str>) {
                (self.input_responses.clone(), self.request_state.as_deref())
            }
        }
    )*};
}

retried!(GetPromptRequestParams, ReadResourceRequestParams);

/// [`request`] for a prompt's or a resource's parameters.
fn retried<'a>(
    context: &RequestContext<RoleServer>,
    method: &'a str,
    name: &'a str,
    params: &'a impl Retried,
) -> Request<'a> {
    let (responses, state) = params.retry();
    request(context, method, name, responses, state)
}

impl Ask {
    /// An `Ask` for a `prompts/get` request, in rmcp's
    /// `ServerHandler::get_prompt`; run the handler's body with
    /// [`prompt`](crate::ask::Ask::prompt).
    ///
    /// # Errors
    ///
    /// [`ElicitError::RequestState`] if the request carries a `requestState`
    /// that this server did not seal for this prompt and these arguments, or
    /// that expired.
    pub fn for_prompt(
        request: &GetPromptRequestParams,
        context: &RequestContext<RoleServer>,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let read = retried(context, "prompts/get", &request.name, request)
            .with_arguments(request.arguments.as_ref());
        Ask::open(sender(context), seal.clone(), read)
    }

    /// An `Ask` for a `resources/read` request, in rmcp's
    /// `ServerHandler::read_resource`; run the handler's body with
    /// [`resource`](crate::ask::Ask::resource).
    ///
    /// # Errors
    ///
    /// As [`for_prompt`](Self::for_prompt).
    pub fn for_resource(
        request: &ReadResourceRequestParams,
        context: &RequestContext<RoleServer>,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let read = retried(context, "resources/read", &request.uri, request);
        Ask::open(sender(context), seal.clone(), read)
    }
}

/// A server type whose tools can take [`Ask`]: one that says where its
/// [`RequestStateSeal`] is, by implementing `AsRef<RequestStateSeal>`.
/// Every such type has this trait (a blanket impl); implement `AsRef`, not
/// this.
///
/// It is the bound of `Ask`'s rmcp extractor, so that a server without the
/// `AsRef` impl gets an error that names `Ask` and the seal where the
/// compiler checks that bound directly (`Ask::from_context_part` in a
/// hand-written route). In a `#[tool]` method the compiler reports rmcp's
/// `IntoToolRoute` instead: see [the module docs](crate::rmcp#troubleshooting).
#[diagnostic::on_unimplemented(
    message = "`{Self}` holds no `RequestStateSeal`, so its tools cannot take `Ask`",
    label = "no `impl AsRef<RequestStateSeal> for {Self}`",
    note = "`Ask` seals the answers a client echoes back with the server's `RequestStateSeal`, and finds it through `AsRef`",
    note = "give `{Self}` a `seal: RequestStateSeal` field and `impl AsRef<enum_schema::ask::RequestStateSeal> for {Self}`, returning `&self.seal`"
)]
pub trait SealProvider {
    /// The seal: `self.as_ref()`.
    fn request_state_seal(&self) -> &RequestStateSeal;
}

// Not recommended in errors, so that the compiler names `SealProvider`
// (and its message) rather than the `AsRef` bound underneath.
#[diagnostic::do_not_recommend]
impl<S: AsRef<RequestStateSeal>> SealProvider for S {
    fn request_state_seal(&self) -> &RequestStateSeal {
        self.as_ref()
    }
}

/// `Ask` as an argument of a `#[tool]` method: the server type provides the
/// seal. The state is bound to the tool's name and to its arguments as they
/// are when `Ask` is extracted, so list `Ask` before `Parameters<..>` (which
/// takes the arguments away).
///
/// rmcp cannot tell arguments an earlier extractor (`Parameters`,
/// `JsonObject`) took from arguments the client left out, so a call where
/// `Ask` finds none fails with [`ElicitError::NoArguments`] (`-32602`),
/// before anything is asked, when the tool's input schema
/// (`ServerHandler::get_tool`, which `#[tool_handler]` writes):
///
/// - requires an argument: on every call;
/// - declares only optional ones: where a `requestState` would be bound to
///   the arguments, that is in a request that carries one (or
///   `inputResponses`), and on 2026-07-28 from a client that can show forms.
///   Elsewhere (2025-06-18 and 2025-11-25, or a client that shows no forms)
///   every question is asked and answered inside the call, and nothing
///   outlives it to be replayed.
///
/// So the wrong order fails on the first call that could replay, and a
/// client that leaves out every optional argument sends `"arguments": {}`
/// (which binds the same as none). A tool that declares no property, and a
/// hand-written `ServerHandler` without `get_tool` (rmcp's default says
/// nothing of the schema), bind to the arguments `Ask` finds, none included.
///
/// A call where `Ask` finds no arguments of a tool that declares some is
/// logged, once per tool, outcome and process, for the server's author: the tool,
/// `Parameters<..>` and `Ask` named, and the fix (through `tracing`, as
/// rmcp logs, at `error` where the call is refused and `warn` where it
/// runs; on standard error where no `tracing` subscriber is set).
impl<S: SealProvider + ServerHandler> FromContextPart<ToolCallContext<'_, S>> for Ask {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        let state = context.request_state.take();
        let tool = match context.arguments {
            None => context.service.get_tool(&context.name),
            Some(_) => None,
        };
        let input_schema = tool.as_ref().map(|tool| &*tool.input_schema);
        let unseen = context.arguments.is_none() && crate::ask::declares_arguments(input_schema);
        let mut read = request(
            &context.request_context,
            "tools/call",
            &context.name,
            context.input_responses.take(),
            state.as_deref(),
        )
        .with_arguments(context.arguments.as_ref());
        if context.arguments.is_none() {
            // An earlier extractor may have taken them.
            read = read.with_arguments_unseen(tool.as_ref().map(|tool| &*tool.input_schema));
        }
        let opened = Ask::open(
            sender(&context.request_context),
            context.service.request_state_seal().clone(),
            read,
        );
        if unseen {
            let refused = matches!(opened, Err(ElicitError::NoArguments { .. }));
            no_arguments_seen(&context.name, refused);
        }
        opened.map_err(ErrorData::from)
    }
}

/// Tells the server's author, once per tool, outcome and process, that
/// `Ask` found no arguments of `tool`, which declares some (`refused`: and
/// the call was refused for it; otherwise it runs, and only its arguments
/// are out of reach). The client cannot tell why, and its message blames
/// no one: this says what to fix. A tool first logged as running is logged
/// again, at `error`, the first time a call of it is refused.
fn no_arguments_seen(tool: &str, refused: bool) {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock, PoisonError};

    static LOGGED: OnceLock<Mutex<HashSet<(String, bool)>>> = OnceLock::new();
    let first = LOGGED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert((tool.to_owned(), refused));
    if !first {
        return;
    }
    let outcome = if refused {
        "so the call was refused (-32602) before anything was asked"
    } else {
        "so a question that an argument may answer cannot see it, and `ask.arguments()` \
         refuses the call (-32602)"
    };
    let message = format!(
        "enum-schema: tool `{tool}`: `Ask` found no arguments, though the tool's input schema \
         declares some, {outcome}. If the method takes `Parameters<..>` (or `JsonObject`) \
         before `Ask`, that extractor took them first: list `ask: Ask` before it, or drop it \
         and read them in the body with `ask.arguments::<T>()`. If the client sent no \
         `arguments`, the server is right: the client must send them (`{{}}` to leave out \
         every optional one). Logged once per tool (and once more if a later call is refused)."
    );
    if !tracing::dispatcher::has_been_set() {
        eprintln!("{message}");
    } else if refused {
        tracing::error!(target: "enum_schema::rmcp", tool, "{message}");
    } else {
        tracing::warn!(target: "enum_schema::rmcp", tool, "{message}");
    }
}
