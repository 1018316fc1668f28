//! rust-mcp-sdk as the elicitation core sees it: the [`Sdk`] impl behind
//! [`Ask`], and `Ask`'s constructors for each kind of request.

use std::future::Future;
use std::time::Duration;

use ::rust_mcp_schema as schema;
use ::rust_mcp_schema::{
    CallToolRequestParams, CallToolResult, GetPromptRequestParams, GetPromptResult, InputResponses,
    ReadResourceRequestParams, ReadResourceResult, RequestMetaObject, RpcError, ServerResult,
    TextContent,
};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::RequestStateCodec;
use crate::ask::adapter::{
    InputRequest, InputRequiredResult, Reply, Request, Sdk, SdkError, StateCodec,
};
use crate::ask::{ElicitError, RequestStateError};
use crate::version::ProtocolVersion;

/// rust-mcp-sdk 2.0 as [`enum_schema::ask`](crate::ask) sees it: the
/// [`Sdk`] that makes [`Ask`] a rust-mcp-sdk `Ask`.
#[derive(Debug)]
pub enum RustMcpSdk {}

/// Asks the client for forms from inside a tool, prompt or resource read on
/// rust-mcp-sdk 2.0: [`enum_schema::ask::Ask`](crate::ask::Ask) on this SDK
/// (its docs have the rounds, the second chance after a rejected answer,
/// several questions in one round, and the errors). See the
/// [module docs](super) for what happens on the wire.
///
/// Build one per request ([`for_tool`](Ask::for_tool),
/// [`for_prompt`](Ask::for_prompt), [`for_resource`](Ask::for_resource)),
/// run the handler's body through [`tool`](crate::ask::Ask::tool) (or
/// [`prompt`](crate::ask::Ask::prompt), [`resource`](crate::ask::Ask::resource)),
/// and ask with [`form`](crate::ask::Ask::form). The code before the last
/// question runs once per round: keep side effects after the questions.
pub type Ask = crate::ask::Ask<RustMcpSdk>;

// One seal type for every SDK; this SDK's codec is a `StateCodec`.
use crate::ask::RequestStateSeal;

/// The length of the digest that binds a state to its request.
const DIGEST: usize = 32;

/// rust-mcp-sdk's codec as the [`StateCodec`] of a [`RequestStateSeal`]
/// (HMAC-SHA256; build it with `RequestStateCodec::with_key` or
/// `from_base64_key`, the same 32-byte key on every server process). It has
/// no associated data: it signs `sha256(binding) || payload`, and the digest
/// keeps the state's size independent of the arguments.
impl StateCodec for RequestStateCodec {
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError> {
        let mut signed = Sha256::digest(binding).to_vec();
        signed.extend_from_slice(payload);
        Ok(self.encode(&signed))
    }

    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError> {
        let mut signed = self
            .decode(state)
            .ok_or(RequestStateError::Unverified("".into()))?;
        if signed.len() < DIGEST {
            return Err(RequestStateError::Malformed);
        }
        if signed[..DIGEST] != Sha256::digest(binding)[..] {
            return Err(RequestStateError::OtherRequest);
        }
        Ok(signed.split_off(DIGEST))
    }
}

impl Sdk for RustMcpSdk {
    /// rust-mcp-sdk 2.0 sends no requests to the client.
    type Peer = ();
    type Error = RpcError;
    type Tool = CallToolResult;
    type Prompt = GetPromptResult;
    type Resource = ReadResourceResult;

    fn send(
        _: &(),
        _: InputRequest,
        _: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        std::future::ready(Err(ElicitError::NoServerRequests {
            version: ProtocolVersion::V2026_07_28.as_str().to_owned(),
        }))
    }

    fn tool_error(error: &ElicitError) -> CallToolResult {
        let mut result = CallToolResult::text_content(vec![TextContent::from(error.to_string())]);
        result.is_error = Some(true);
        result.structured_content = error.data();
        result
    }

    fn error(error: ElicitError) -> RpcError {
        error.into()
    }
}

/// The `input_required` result as the SDK's generic result, carrying this
/// crate's JSON as written (integer bounds stay integers; property order as
/// the server's serde_json keeps it, where rust-mcp-schema's typed result
/// would sort it).
fn input_required(result: &InputRequiredResult) -> Result<ServerResult, RpcError> {
    let Ok(Value::Object(mut fields)) = serde_json::to_value(result) else {
        return Err(
            RpcError::internal_error().with_message("the input_required result does not serialize")
        );
    };
    let result_type = match fields.remove("resultType") {
        Some(Value::String(kind)) => kind,
        _ => "input_required".to_owned(),
    };
    Ok(ServerResult::Result(schema::Result {
        meta: None,
        result_type,
        extra: Some(fields),
    }))
}

/// A tool, prompt or resource result: each is one of the SDK's
/// `ServerResult`s.
impl<T: Into<ServerResult>> Reply<RustMcpSdk> for T {
    type Response = ServerResult;

    fn complete(self) -> ServerResult {
        self.into()
    }

    fn input_required(result: InputRequiredResult) -> Result<ServerResult, RpcError> {
        self::input_required(&result)
    }
}

/// For `?` on rust-mcp-sdk's `RpcError` inside an [`Ask`] body: passed on
/// as it is.
impl From<RpcError> for ElicitError {
    fn from(error: RpcError) -> Self {
        let (code, message, data) = (
            i32::try_from(error.code).unwrap_or(crate::ask::INTERNAL_ERROR),
            error.message.clone(),
            error.data.clone(),
        );
        ElicitError::Handler(SdkError::new(error, code, message, data))
    }
}

/// What a client receives (see the table on [`ElicitError`]): the
/// handler's own `RpcError` as it came, else the error's code, its
/// `Display` as the message and [`ElicitError::data`].
impl From<ElicitError> for RpcError {
    fn from(error: ElicitError) -> Self {
        error.into_json_rpc(|code, message, data| RpcError {
            code: code.into(),
            message,
            data,
        })
    }
}

/// What the core reads of a request besides its method and name: the same
/// fields on each of rust-mcp-schema's request parameters.
trait Retried {
    fn meta(&self) -> &RequestMetaObject;
    fn input_responses(&self) -> Option<&InputResponses>;
    fn request_state(&self) -> Option<&str>;
}

macro_rules! retried {
    ($($params:ty),*) => {$(
        impl Retried for $params {
            fn meta(&self) -> &RequestMetaObject {
                &self.meta
            }
            fn input_responses(&self) -> Option<&InputResponses> {
                self.input_responses.as_ref()
            }
            fn request_state(&self) -> Option<&str> {
                self.request_state.as_deref()
            }
        }
    )*};
}

retried!(
    CallToolRequestParams,
    GetPromptRequestParams,
    ReadResourceRequestParams
);

/// The request as the core reads it: the client's capabilities from the
/// request's `_meta`, and the retry fields.
fn request<'a>(method: &'a str, name: &'a str, params: &'a impl Retried) -> Request<'a> {
    let capabilities = serde_json::to_value(&params.meta().client_capabilities).unwrap_or_default();
    let responses = match params.input_responses().map(serde_json::to_value) {
        Some(Ok(Value::Object(responses))) => responses,
        _ => Map::new(),
    };
    // The SDK's runtime serves 2026-07-28 requests only.
    Request::new(method, name)
        .with_protocol_version(Some(ProtocolVersion::V2026_07_28.as_str()))
        .with_client_capabilities(&capabilities)
        .with_input_responses(responses)
        .with_request_state(params.request_state())
}

impl Ask {
    /// An `Ask` for a `tools/call`, in `ServerHandler::handle_call_tool_request_mrtr`;
    /// run the tool's body with [`tool`](crate::ask::Ask::tool).
    ///
    /// # Errors
    ///
    /// [`ElicitError::RequestState`] if the request carries a `requestState`
    /// that this server did not seal for this tool and these arguments, or
    /// that expired.
    pub fn for_tool(
        request: &CallToolRequestParams,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let read = self::request("tools/call", &request.name, request)
            .with_arguments(request.arguments.as_ref());
        Ask::open((), seal.clone(), read)
    }

    /// An `Ask` for a `prompts/get`, in `ServerHandler::handle_get_prompt_request`;
    /// run the body with [`prompt`](crate::ask::Ask::prompt).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_prompt(
        request: &GetPromptRequestParams,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let arguments: Option<Map<String, Value>> = request.arguments.as_ref().map(|arguments| {
            arguments
                .iter()
                .map(|(name, value)| (name.clone(), Value::String(value.clone())))
                .collect()
        });
        let read =
            self::request("prompts/get", &request.name, request).with_arguments(arguments.as_ref());
        Ask::open((), seal.clone(), read)
    }

    /// An `Ask` for a `resources/read`, in `ServerHandler::handle_read_resource_request`;
    /// run the body with [`resource`](crate::ask::Ask::resource).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_resource(
        request: &ReadResourceRequestParams,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let read = self::request("resources/read", &request.uri, request);
        Ask::open((), seal.clone(), read)
    }
}
