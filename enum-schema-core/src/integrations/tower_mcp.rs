//! [tower-mcp](https://docs.rs/tower-mcp) 0.25 (feature `tower-mcp`, tested
//! with tower-mcp 0.25.0).
//!
//! [`Ask`] is [`enum_schema::ask::Ask`](crate::ask::Ask) on tower-mcp: in a
//! tool registered with `ToolBuilder::mrtr_handler`, one call,
//! `ask.form::<T>(key, message).await?`, returns the client's answer as an
//! [`ElicitAction`](crate::ElicitAction) of the derived type, re-validated,
//! on every revision tower-mcp serves. Prompts (`PromptBuilder::mrtr_handler`)
//! and resources (`ResourceBuilder::mrtr_handler`) ask the same way, with
//! [`Ask::for_prompt`] and [`Ask::for_resource`].
//!
//! ```
//! use enum_schema::ask::RequestStateSeal;
//! use enum_schema::tower_mcp::Ask;
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use tower_mcp::{
//!     CallToolResult, McpRouter, NoParams, RequestContext, RequestStateCodec, ToolBuilder,
//! };
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! let key = [7; 32]; // the same key on every server process
//! let codec = RequestStateCodec::new(key, RequestStateSeal::DEFAULT_TTL).unwrap();
//! let seal = RequestStateSeal::new(codec);
//! let tool = ToolBuilder::new("triage")
//!     .mrtr_handler(move |ctx: RequestContext, _: NoParams| {
//!         let seal = seal.clone();
//!         async move {
//!             Ask::for_tool(&ctx, "triage", &(), &seal)?
//!                 .tool(|ask| async move {
//!                     let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
//!                         ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!                         ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!                     };
//!                     Ok(CallToolResult::text(text))
//!                 })
//!                 .await
//!         }
//!     })
//!     .build();
//! let router = McpRouter::new().server_info("triage", "1.0.0").tool(tool);
//!
//! // A 2026-07-28 call, through the JSON-RPC service that tower-mcp's
//! // transports run: the first round asks.
//! use tower_mcp::{JsonRpcRequest, JsonRpcResponse, JsonRpcService};
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//! let meta = serde_json::json!({
//!     "io.modelcontextprotocol/protocolVersion": "2026-07-28",
//!     "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
//! });
//! let call = JsonRpcRequest::new(1, "tools/call")
//!     .with_params(serde_json::json!({"name": "triage", "_meta": meta}));
//! let Ok(JsonRpcResponse::Result(response)) = JsonRpcService::new(router).call_single(call).await
//! else { panic!("no result") };
//! assert_eq!(response.result["resultType"], "input_required");
//! assert_eq!(response.result["inputRequests"]["triage"]["params"]["message"], "How bad is it?");
//! # });
//! ```
//!
//! # What happens on the wire
//!
//! - **2026-07-28** (no session; `_meta` on every request): the first
//!   `tools/call` ends at the first question with
//!   `{"resultType":"input_required","inputRequests":{KEY:{"method":"elicitation/create","params":{..}}},"requestState":".."}`;
//!   the client calls again with `inputResponses: {KEY: ElicitResult}` and
//!   the `requestState` unchanged, and the body runs again from the top.
//!   Earlier answers travel in the `requestState`, sealed with tower-mcp's
//!   [`RequestStateCodec`] (HMAC-SHA256; build it with the same key, of at
//!   least 32 bytes, on every process: any of them can take the retry; it
//!   keeps retired keys for rotation, `with_verification_key`). The state
//!   is bound to the tool, prompt or resource and its arguments by a
//!   SHA-256 digest, which the codec checks as its subject.
//! - **2025-11-25 and 2025-06-18** (an `initialize` session): each question
//!   is an `elicitation/create` request on the POST's SSE stream, shaped
//!   for the revision; the HTTP transport sends requests to the client
//!   only with `HttpTransport::with_sampling()` (despite its name, for
//!   elicitation too). Without it the call fails with
//!   [`ElicitError::Service`].
//!
//! The rounds, asking again after a rejected answer, several questions in
//! one round, and the errors are the core's: see
//! [`enum_schema::ask::Ask`](crate::ask::Ask). A rejected answer ends a tool
//! with a result with `isError: true` and `structuredContent`
//! `{"errors":[..]}`; everything else is a JSON-RPC error
//! ([`tower_mcp::Error::JsonRpc`] with the error's code, message and `data`).
//!
//! # Limits of tower-mcp 0.25
//!
//! - **Numbers in answers pass through `f64`**: tower-mcp parses
//!   `inputResponses` (and the answer of `elicitation/create`) into its
//!   typed `ElicitResult`, whose values try `f64` before `i64`. `30`
//!   reaches this crate as `30.0`, which the adapter turns back into `30`
//!   (a whole number below 2^53, where `f64` is exact); integers beyond
//!   2^53 are rounded before they are checked, and a client's `30.0`
//!   cannot be told from `30`.
//! - **An answer value of no spec type** (an object, `null`) fails the
//!   parse of the whole `tools/call` in the SDK, before the tool runs: the
//!   client gets tower-mcp's `-32602` ("data did not match any variant of
//!   untagged enum InputResponse"), not this crate's error naming the field.
//! - **Arguments bind as the handler re-serializes them**: the state is
//!   bound to `arguments` as given to [`Ask::for_tool`] (the typed input
//!   serialized again), so a field the input type drops is not part of the
//!   binding.
//! - **The revision of a 2025 session** reaches the handler on tower-mcp's
//!   HTTP transport (the negotiated revision in the request's extensions),
//!   not on its other transports (stdio, WebSocket): there the form goes
//!   out as for 2025-11-25, so a 2025-06-18 client would get the SEP-1330
//!   shapes instead of the legacy ones.
//! - **Two times to live**: the codec's (set in `RequestStateCodec::new`)
//!   and the seal's ([`RequestStateSeal::with_ttl`](crate::ask::RequestStateSeal::with_ttl));
//!   the shorter wins. Give both the same.
//! - **Signed, not encrypted**: the client can read its own answers in the
//!   state; do not ask for secrets this way.
//! - **tower-mcp's own client** (0.25) reads each requested property into
//!   its typed schemas, which drop what they do not model: a titled
//!   single-select (`oneOf`) arrives as a plain string field, a
//!   multi-select without its `maxItems`. The server sends them intact
//!   (the Python SDK client and the conformance scenarios see them); a
//!   client app on tower-mcp shows free text instead of the options.
//!
//! # A host's side: the form model (feature `host`)
//!
//! With the `host` feature, tower-mcp's client types convert to and from
//! the host form model, [`crate::host`]: `Request::try_from(&params)`
//! reads the `ElicitRequestParams` that tower-mcp's client hands to
//! `ClientHandler::handle_elicit` (through its JSON text; a URL
//! elicitation is [`ReadError::NotAForm`](crate::host::ReadError::NotAForm)),
//! and `ElicitResult::try_from(response)` is the answer (a whole number as
//! its `Integer`; a value its `ElicitFieldValue` cannot carry is a
//! [`FieldValueError`]). The client calls the one handler for a 2025
//! request and for each elicitation of a 2026-07-28 `input_required` round
//! that its `call_tool` drives.
//!
//! ```
//! # // `enum_schema::host` needs the `host` feature.
//! # #[cfg(feature = "host")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use enum_schema::host::{Defaults, Request};
//! use serde_json::json;
//! use tower_mcp::protocol::{ElicitRequestParams, ElicitResult};
//!
//! // As tower-mcp hands it to `handle_elicit`.
//! let params: ElicitRequestParams = serde_json::from_value(json!({
//!     "message": "How many?",
//!     "requestedSchema": {"type": "object", "properties": {
//!         "replicas": {"type": "integer", "title": "Replicas", "minimum": 1, "maximum": 10},
//!         "zone": {"type": "string", "enum": ["eu", "us"]},
//!     }, "required": ["replicas"]},
//! }))?;
//! let form = Request::try_from(&params)?;
//! let mut draft = form.draft(Defaults::Prefill);
//! assert_eq!(
//!     draft.set_text("replicas", "12").unwrap_err().reason(),
//!     "Replicas: enter a number from 1 to 10; you entered “12”.",
//! );
//! draft.set_text("replicas", "3").unwrap();
//! draft.set_text("zone", "2").unwrap(); // the second option
//! let result = ElicitResult::try_from(draft.finish().unwrap())?;
//! assert_eq!(
//!     serde_json::to_value(&result)?,
//!     json!({"action": "accept", "content": {"replicas": 3, "zone": "us"}}),
//! );
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "host"))]
//! # fn main() {}
//! ```
//!
//! What tower-mcp 0.25's `ElicitRequestParams` loses before the host model
//! sees a form (read in tower-mcp-types' `protocol.rs`, which reads each
//! property by its `type` and whether it has an `enum`; each pinned in
//! `tests/tower_mcp/host.rs` and `host_e2e.rs`, so that a fix shows):
//!
//! - **A titled single-select** (`oneOf`, no `enum`) reads as a plain
//!   string: the options are gone, the host model shows free text, and a
//!   person who types an option's title sends the title (which the server
//!   refuses, and asks again).
//! - **A titled multi-select** (`items.anyOf`) fails the whole request:
//!   tower-mcp's `items` must have an `enum`. On 2025-11-25 its client
//!   answers `-32602` and the handler never runs; on 2026-07-28 the
//!   `input_required` result does not read, and `call_tool` fails ("data
//!   did not match any variant of untagged enum
//!   TaskAwareCallToolOutcome"). Ask a client on tower-mcp for several
//!   options untitled.
//! - **Legacy `enumNames`** are dropped: the options show their values.
//! - **`minItems` and `maxItems`** are not modelled: the host model cannot
//!   refuse a count before it is sent (the server does, and asks again).
//! - **An integer bound or default that is no `i64`** (`"minimum": 1.0`)
//!   fails the whole request; a `number`'s pass through `f64`.
//! - **Keywords it does not model** (`x-*`, `multipleOf`, ..) are dropped;
//!   `format` and `pattern` it keeps. A property named twice keeps its
//!   last definition.
//! - What it cannot type (a nested object) it keeps whole: the host model
//!   shows it as a field it cannot answer.

#[cfg(feature = "host")]
mod host;

#[cfg(feature = "host")]
#[cfg_attr(docsrs, doc(cfg(feature = "host")))]
pub use self::host::FieldValueError;

use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use tower_mcp::inspection::McpProtocolRevision;
use tower_mcp::protocol::{
    ClientCapabilities, ElicitFormParams, ElicitFormSchema, ElicitMode, ElicitRequestParams,
    ListRootsParams,
};
use tower_mcp::RequestStateCodec;
use tower_mcp::{
    CallToolResult, Error, GetPromptResult, InputRequest, InputRequests, JsonRpcError,
    ReadResourceResult, RequestContext, RequestOutcome,
};

use crate::ask::adapter::{
    self as input, unless_cancelled, InputRequiredResult, Reply, Request, Sdk, SdkError, StateCodec,
};
use crate::ask::{ElicitError, RequestStateError, RequestStateSeal};
use crate::schema::ElicitRequestFormParams;

/// tower-mcp 0.25 as [`enum_schema::ask`](crate::ask) sees it: the [`Sdk`]
/// that makes [`Ask`] a tower-mcp `Ask`.
#[derive(Debug)]
pub enum TowerMcp {}

/// Asks the client for forms from inside a tower-mcp MRTR handler:
/// [`enum_schema::ask::Ask`](crate::ask::Ask) on this SDK. Build one per
/// request ([`for_tool`](Ask::for_tool), [`for_prompt`](Ask::for_prompt),
/// [`for_resource`](Ask::for_resource)) and run the body through
/// [`tool`](crate::ask::Ask::tool) (or [`prompt`](crate::ask::Ask::prompt),
/// [`resource`](crate::ask::Ask::resource)).
pub type Ask = crate::ask::Ask<TowerMcp>;

/// The codec's subject: the binding's SHA-256, in hex (never the binding,
/// which holds the arguments).
fn subject(binding: &[u8]) -> String {
    crate::ask::hex(&Sha256::digest(binding))
}

/// tower-mcp's codec as the [`StateCodec`] of a [`RequestStateSeal`]
/// (HMAC-SHA256, bound to a subject: the hex digest of the binding; build it
/// with the same key, of at least 32 bytes, on every server process).
impl StateCodec for RequestStateCodec {
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError> {
        // The payload's JSON as it is, written into the token unparsed.
        let payload = std::str::from_utf8(payload)
            .ok()
            .and_then(|payload| RawValue::from_string(payload.to_owned()).ok())
            .ok_or(RequestStateError::Malformed)?;
        // No size limit here: the core refuses a state that is too long,
        // with the error that says so.
        self.clone()
            .with_max_token_bytes(usize::MAX)
            .encode_for(subject(binding), &payload)
            .map_err(|error| RequestStateError::Unverified(error.to_string().into()))
    }

    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError> {
        use tower_mcp::RequestStateError as Refused;
        match self.decode_for::<Box<RawValue>>(state, &subject(binding)) {
            Ok(payload) => Ok(payload.get().as_bytes().to_vec()),
            Err(Refused::Expired) => Err(RequestStateError::Expired),
            Err(Refused::SubjectMismatch) => Err(RequestStateError::OtherRequest),
            Err(Refused::Decode(_)) => Err(RequestStateError::Malformed),
            Err(error) => Err(RequestStateError::Unverified(error.to_string().into())),
        }
    }
}

impl Sdk for TowerMcp {
    /// The request's context, which sends `elicitation/create` on a 2025
    /// session.
    type Peer = RequestContext;
    type Error = Error;
    type Tool = CallToolResult;
    type Prompt = GetPromptResult;
    type Resource = ReadResourceResult;

    fn send(
        ctx: &RequestContext,
        request: input::InputRequest,
        timeout: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        let ctx = ctx.clone();
        async move {
            let method = request.method();
            let asked = async {
                match request {
                    input::InputRequest::Elicitation(params) => {
                        let answer = ctx.elicit_form(form_params(&params)).await?;
                        serde_json::to_value(answer).map_err(Error::from)
                    }
                    // The client's result as it came, for the core to check.
                    input::InputRequest::CreateMessage(params) => {
                        ctx.request_raw(method, Value::Object(params.as_json().clone()))
                            .await
                    }
                    input::InputRequest::ListRoots => {
                        ctx.request_raw(method, Value::Object(Map::new())).await
                    }
                }
            };
            let asked = tokio::time::timeout(timeout, asked);
            // A cancelled call (`notifications/cancelled`) stops waiting at
            // once; tower-mcp sends no response for it.
            let asked = unless_cancelled(asked, ctx.cancelled())
                .await
                .ok_or(ElicitError::Cancelled)?;
            let answer = match asked {
                Ok(answer) => answer.map_err(service)?,
                Err(_) => {
                    let error = Error::Transport(format!(
                        "no answer to {method} within {} s",
                        timeout.as_secs()
                    ));
                    return Err(service(error));
                }
            };
            let mut answer = answer;
            restore_integers(&mut answer);
            Ok(answer)
        }
    }

    /// `notifications/progress` with the call's `progressToken`, if it has
    /// one (tower-mcp's `report_progress`).
    // The trait's signature, `Send` spelled out.
    #[allow(clippy::manual_async_fn)]
    fn progress(
        ctx: &RequestContext,
        progress: u64,
        message: &str,
    ) -> impl Future<Output = bool> + Send {
        async move {
            if ctx.progress_token().is_none() {
                return false;
            }
            // `progress` is a JSON number: exact as an f64 up to 2^53.
            #[allow(clippy::cast_precision_loss)]
            ctx.report_progress(progress as f64, None, Some(message))
                .await;
            true
        }
    }

    fn sleep(duration: Duration) -> impl Future<Output = ()> + Send {
        tokio::time::sleep(duration)
    }

    /// The request's cancellation (`notifications/cancelled`), as
    /// tower-mcp's context holds it.
    fn cancelled(ctx: &RequestContext) -> bool {
        ctx.is_cancelled()
    }

    fn tool_error(error: &ElicitError) -> CallToolResult {
        let mut result = CallToolResult::error(error.to_string());
        result.structured_content = error.data();
        result
    }

    fn error(error: ElicitError) -> Error {
        error.into()
    }
}

/// `params` as tower-mcp's form params, each property this crate's own
/// JSON (`raw_field`): its typed schemas would read a titled single-select
/// as a plain string and drop the options.
fn form_params(params: &ElicitRequestFormParams) -> ElicitFormParams {
    let schema = params.requested_schema();
    let mut form = ElicitFormSchema::new();
    for (name, property) in schema.properties() {
        form = form.raw_field(
            name,
            serde_json::to_value(property).unwrap_or_default(),
            false,
        );
    }
    form.required = crate::schema::owned::required(schema);
    ElicitFormParams {
        mode: Some(ElicitMode::Form),
        message: params.message().to_owned(),
        requested_schema: form,
        meta: None,
    }
}

/// The `input_required` outcome, in tower-mcp's types.
fn input_required<T>(result: &InputRequiredResult) -> Result<RequestOutcome<T>, Error> {
    let requests: InputRequests = result
        .input_requests()
        .map(|(key, request)| {
            let request = match request {
                input::InputRequest::Elicitation(params) => {
                    InputRequest::Elicit(ElicitRequestParams::Form(form_params(params)))
                }
                input::InputRequest::CreateMessage(params) => InputRequest::CreateMessage(
                    serde_json::from_value(Value::Object(params.as_json().clone())).map_err(
                        |error| {
                            Error::Internal(format!(
                                "sampling/createMessage params tower-mcp cannot carry: {error}"
                            ))
                        },
                    )?,
                ),
                input::InputRequest::ListRoots => {
                    InputRequest::ListRoots(ListRootsParams::default())
                }
            };
            Ok((key.to_owned(), request))
        })
        .collect::<Result<_, Error>>()?;
    let mut sdk = tower_mcp::InputRequiredResult::with_requests(requests);
    sdk.request_state = result.request_state().map(str::to_owned);
    Ok(RequestOutcome::InputRequired(sdk))
}

/// A tool, prompt or resource result, as tower-mcp's `RequestOutcome`:
/// one impl per result type, so that no blanket impl reaches every type.
macro_rules! reply {
    ($($result:ty),*) => {$(
        impl Reply<TowerMcp> for $result {
            type Response = RequestOutcome<$result>;

            fn complete(self) -> RequestOutcome<$result> {
                RequestOutcome::Complete(self)
            }

            fn input_required(
                result: InputRequiredResult,
            ) -> Result<RequestOutcome<$result>, Error> {
                self::input_required(&result)
            }
        }
    )*};
}

reply!(CallToolResult, GetPromptResult, ReadResourceResult);

/// A tower-mcp error as the core carries it: its JSON-RPC code, message
/// and `data` (`-32603` and its text when it has none).
fn sdk_error(error: Error) -> SdkError {
    let (code, message, data) = match &error {
        Error::JsonRpc(rpc) => (rpc.code, rpc.message.clone(), rpc.data.clone()),
        other => (crate::ask::INTERNAL_ERROR, other.to_string(), None),
    };
    SdkError::new(error, code, message, data)
}

fn service(error: Error) -> ElicitError {
    ElicitError::Service(sdk_error(error))
}

/// For `?` on tower-mcp's errors inside an [`Ask`] body: passed on as it is.
impl From<Error> for ElicitError {
    fn from(error: Error) -> Self {
        ElicitError::Handler(sdk_error(error))
    }
}

/// What a client receives (see the table on [`ElicitError`]): the
/// handler's own tower-mcp error as it came, else [`Error::JsonRpc`] with
/// the error's code, its `Display` as the message and [`ElicitError::data`].
impl From<ElicitError> for Error {
    fn from(error: ElicitError) -> Self {
        error.into_json_rpc(|code, message, data| {
            Error::JsonRpc(JsonRpcError {
                code,
                message,
                data,
            })
        })
    }
}

/// The numbers of an answer's `content` as the client most likely wrote
/// them: tower-mcp reads every number as `f64`, so `151` arrives as
/// `151.0`; a whole number below 2^53 (where `f64` is exact) is an integer
/// again, so that a reason quotes "151", not "151.0".
fn restore_integers(answer: &mut Value) {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let Some(Value::Object(content)) = answer.get_mut("content") else {
        return;
    };
    for value in content.values_mut() {
        let Value::Number(number) = value else {
            continue;
        };
        if let Some(float) = number.as_f64().filter(|_| number.is_f64()) {
            if float.fract() == 0.0 && float.abs() < EXACT {
                // Exact: a whole f64 below 2^53 fits an i64.
                *value = Value::from(float as i64);
            }
        }
    }
}

/// The request as the core reads it, from the context tower-mcp gives the
/// handler: the revision and capabilities from `_meta` (2026-07-28) or
/// from the session (`initialize`), and the retry fields.
fn request<'a>(ctx: &'a RequestContext, method: &'a str, name: &'a str) -> Request<'a> {
    let meta = ctx.per_request_meta();
    let version = match meta.and_then(|meta| meta.protocol_version.as_deref()) {
        Some(version) => Some(version),
        None => ctx
            .extension::<McpProtocolRevision>()
            .map(|revision| revision.as_str()),
    };
    let capabilities = match meta.and_then(|meta| meta.client_capabilities.clone()) {
        Some(capabilities) => Some(capabilities),
        None => ctx
            .session()
            .and_then(|session| session.get::<ClientCapabilities>()),
    };
    let capabilities = serde_json::to_value(capabilities).unwrap_or_default();
    let mut responses = match ctx.input_responses().map(serde_json::to_value) {
        Some(Ok(Value::Object(responses))) => responses,
        _ => Map::new(),
    };
    responses.values_mut().for_each(restore_integers);
    Request::new(method, name)
        .with_protocol_version(version)
        .with_client_capabilities(&capabilities)
        .with_input_responses(responses)
        .with_request_state(ctx.request_state())
}

impl Ask {
    /// An `Ask` for a `tools/call`, in the tool's `mrtr_handler`: `name`
    /// is the tool's, `arguments` its input as the handler got it (a typed
    /// input or a `serde_json::Value`; `&()` for tower-mcp's `NoParams`,
    /// which does not serialize); run the body with
    /// [`tool`](crate::ask::Ask::tool).
    ///
    /// # Errors
    ///
    /// [`ElicitError::RequestState`] if the request carries a
    /// `requestState` that this server did not seal for this tool and
    /// these arguments, or that expired; [`ElicitError::Handler`] if
    /// `arguments` do not serialize.
    pub fn for_tool(
        ctx: &RequestContext,
        name: &str,
        arguments: &impl Serialize,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let arguments = match serde_json::to_value(arguments).map_err(Error::from)? {
            Value::Object(arguments) => Some(arguments),
            _ => None,
        };
        let read = request(ctx, "tools/call", name).with_arguments(arguments.as_ref());
        Ask::open(ctx.clone(), seal.clone(), read)
    }

    /// An `Ask` for a `prompts/get`, in the prompt's `mrtr_handler` (which
    /// gets the `arguments`); run the body with
    /// [`prompt`](crate::ask::Ask::prompt).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_prompt(
        ctx: &RequestContext,
        name: &str,
        arguments: &HashMap<String, String>,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let arguments = super::prompt_arguments(arguments);
        let read = request(ctx, "prompts/get", name).with_arguments(Some(&arguments));
        Ask::open(ctx.clone(), seal.clone(), read)
    }

    /// An `Ask` for a `resources/read` of `uri`, in the resource's
    /// `mrtr_handler`; run the body with
    /// [`resource`](crate::ask::Ask::resource).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_resource(
        ctx: &RequestContext,
        uri: &str,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        Ask::open(
            ctx.clone(),
            seal.clone(),
            request(ctx, "resources/read", uri),
        )
    }
}
