//! [rust-mcp-sdk](https://docs.rs/rust-mcp-sdk) 2.0 (feature `rust-mcp-sdk`,
//! tested with rust-mcp-sdk 2.0.0 and rust-mcp-schema 2.0.0).
//!
//! One derived choice is one call, as on rmcp: [`Ask::form`] returns the
//! client's answer as an [`ElicitAction`] of the derived type, re-validated,
//! and `?` ends the tool with the `input_required` result that asks for it
//! when the answer is not there yet.
//!
//! ```no_run
//! use enum_schema::rust_mcp_sdk::{Ask, RequestStateSeal};
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use rust_mcp_sdk::schema::{
//!     CallToolRequestParams, CallToolResult, RpcError, ServerResult, TextContent,
//! };
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! // In `ServerHandler::handle_call_tool_request_mrtr`; `seal` holds the
//! // server's `RequestStateCodec`.
//! async fn triage(params: &CallToolRequestParams, seal: &RequestStateSeal)
//!     -> Result<ServerResult, RpcError>
//! {
//!     Ask::for_tool(params, seal)?.tool(|ask| async move {
//!         let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
//!             ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!             ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!         };
//!         Ok(CallToolResult::text_content(vec![TextContent::from(text)]))
//!     })
//!     .await
//! }
//! ```
//!
//! # What happens on the wire
//!
//! rust-mcp-sdk 2.0 speaks MCP 2026-07-28 only, where a server sends no
//! requests to the client: the first `tools/call` ends at the first
//! question with `{"resultType":"input_required","inputRequests":{KEY:{"method":"elicitation/create","params":{..}}},"requestState":".."}`,
//! and the client calls the tool again with `inputResponses: {KEY: ElicitResult}`
//! and the `requestState` unchanged. The tool runs again from the start;
//! [`Ask::form`] now finds the answer under its key and returns it. A tool
//! that asks several questions (the second may depend on the first answer)
//! takes one round per question. The names and the behaviour are those of
//! `enum_schema::rmcp::Ask`, so a tool reads the same on both SDKs.
//!
//! # `requestState`: sealed, stateless
//!
//! Earlier answers travel in `requestState`, so that the retry may reach any
//! server process that holds the same key (nothing is kept in memory between
//! calls). The state is the JSON `{"binding":..,"answers":{KEY: ElicitResult,..}}`
//! signed with the SDK's own [`RequestStateCodec`] (HMAC-SHA256, base64url),
//! with a time to live ([`RequestStateSeal`], ten minutes unless set). On
//! the retry, a state that the key does not verify (altered, signed by
//! another key, or expired), or that was sealed for another tool, prompt,
//! resource or other arguments, is an [`ElicitError::RequestState`]; a retry
//! that answers an already sealed question differently is
//! [`ElicitError::AnswerChanged`]. Stored answers are re-validated on every
//! round. Limits:
//! - the state grows with the answers (one `ElicitResult` per question, in
//!   clear text: the codec signs, it does not encrypt, so do not ask for
//!   secrets this way);
//! - every process must hold the same 32-byte key; the SDK's codec holds one
//!   key, so rotating it refuses the states signed with the old one (the
//!   client has to call the tool anew);
//! - within its time to live and for the same request, a state can be
//!   presented again; it only carries answers the same client gave.
//!
//! # A rejected answer
//!
//! An answer that fails re-validation (a value not offered, a title instead
//! of a value, a string where an array belongs, a missing required field)
//! ends a tool with a result with `isError: true`: the reason as text, and as
//! `structuredContent` `{"errors":[{"field":..,"value":..,"allowed":[..],"message":..}]}`
//! ([`ElicitError::data`]); the model can read it and call the tool again,
//! which asks again. A prompt or resource, which has no error result, ends
//! with the JSON-RPC error `-32602` with the same `data`.
//!
//! # What rust-mcp-sdk 2.0 makes impossible
//!
//! - **MCP 2025-06-18 and 2025-11-25**: the SDK's server runtime answers
//!   only 2026-07-28 requests: there is no `initialize` handshake, every
//!   request must carry the `_meta` keys `io.modelcontextprotocol/protocolVersion`
//!   and `io.modelcontextprotocol/clientCapabilities`, and its `McpServer`
//!   cannot send a request such as `elicitation/create` to the client.
//!   Clients on the older revisions cannot reach a rust-mcp-sdk 2.0 server
//!   at all, elicitation or not: the Python SDK's legacy mode, the
//!   TypeScript SDK 1.x, and the official conformance scenarios
//!   `elicitation-sep1330-enums` and `elicitation-sep1034-defaults`
//!   (conformance 0.1.16) all get `-32602` "Invalid params: missing _meta
//!   keys" on their first request.
//! - **Numbers written as floats in answers**: rust-mcp-schema types answer
//!   `content` values as string, integer (`i64`), boolean or array of
//!   strings, so a `tools/call` whose `inputResponses` hold `95.5` (or
//!   `95.0`, as Python writes a float) does not parse as a `tools/call` in
//!   the SDK, which answers `-32601` "No handler is implemented for custom
//!   requests." before the tool runs. Integers (`95`) pass.
//! - **Field order, through the typed model**: rust-mcp-schema keeps
//!   `properties` in a `BTreeMap`, so its typed `InputRequiredResult` sorts
//!   the fields. [`Ask`] therefore writes the request as this crate's own
//!   JSON through the SDK's generic result, and this feature turns on
//!   serde_json's `preserve_order` (as the `rmcp` feature does), so the
//!   fields reach the client in declaration order.
//! - **rmcp's client**: rmcp 3.11's client does not put the `_meta` keys
//!   that rust-mcp-sdk 2.0 requires on every request, so the two SDKs do
//!   not talk to each other yet (the server answers `-32602`).
//!
//! # Conversions
//!
//! Every wire-model type converts into its rust-mcp-schema counterpart with
//! `From`: [`SingleSelectSchema`] into [`EnumSchema`] (and
//! [`SingleSelectEnumSchema`] for the two SEP-1330 shapes),
//! [`MultiSelectSchema`] into [`MultiSelectEnumSchema`] and [`EnumSchema`],
//! [`PrimitiveSchema`] into [`PrimitiveSchemaDefinition`], [`RequestedSchema`]
//! into [`ElicitRequestFormParamsRequestedSchema`] and
//! [`ElicitRequestFormParams`] into rust-mcp-schema's form
//! [`ElicitRequestParams`](schema::ElicitRequestParams). The JSON is the
//! same but for what rust-mcp-schema's types cannot hold: number bounds and
//! defaults are `f64` there, so an integer schema's `"minimum":0` comes out
//! as `"minimum":0.0` (and integers beyond 2^53 round); lengths and item
//! counts beyond `i64` are clamped; the properties are sorted by name.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ::rust_mcp_schema as schema;
use ::rust_mcp_schema::{
    BooleanSchema as SdkBoolean, CallToolRequestParams, CallToolResult,
    ElicitRequestFormParamsRequestedSchema, EnumSchema, GetPromptRequestParams, GetPromptResult,
    InputResponses, LegacyTitledEnumSchema, MultiSelectEnumSchema, NumberSchema as SdkNumber,
    NumberSchemaType, PrimitiveSchemaDefinition, ReadResourceRequestParams, ReadResourceResult,
    RequestMetaObject, RpcError, ServerResult, SingleSelectEnumSchema, StringSchema as SdkString,
    StringSchemaFormat, TextContent, TitledMultiSelectEnumSchema, TitledMultiSelectEnumSchemaItems,
    TitledMultiSelectEnumSchemaItemsAnyOfItem, TitledSingleSelectEnumSchema,
    TitledSingleSelectEnumSchemaOneOfItem, UntitledMultiSelectEnumSchema,
    UntitledMultiSelectEnumSchemaItems, UntitledSingleSelectEnumSchema,
};
pub use ::rust_mcp_sdk::mcp_server::RequestStateCodec;
use serde_json::{Map, Value};

use super::common::{self, Misuse, Questions};
use crate::{
    BooleanSchema, ElicitAction, ElicitForm, ElicitRequestFormParams, EnumOption, Error, Form,
    FormFields, InputRequiredResult, MultiSelectSchema, NumberSchema, PrimitiveSchema,
    RequestedSchema, SingleSelectSchema, StringFormat, StringSchema,
};

fn values(options: &[EnumOption]) -> Vec<String> {
    options
        .iter()
        .map(|option| option.value().to_owned())
        .collect()
}

fn text(value: &Option<Cow<'static, str>>) -> Option<String> {
    value.as_ref().map(|value| value.to_string())
}

fn count(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

/// A single-select schema as rust-mcp-schema's `EnumSchema`, to the same
/// JSON: `UntitledSingleSelectEnumSchema` for `{"type":"string","enum":[..]}`,
/// `TitledSingleSelectEnumSchema` for `{"type":"string","oneOf":[..]}`,
/// `LegacyTitledEnumSchema` for `{"type":"string","enum":[..],"enumNames":[..]}`.
impl From<&SingleSelectSchema> for EnumSchema {
    fn from(schema: &SingleSelectSchema) -> Self {
        if schema.legacy {
            let names = if schema.is_titled() {
                schema
                    .options
                    .iter()
                    .map(|option| option.label().to_owned())
                    .collect()
            } else {
                Vec::new()
            };
            return EnumSchema::LegacyTitledEnumSchema(LegacyTitledEnumSchema::new(
                values(&schema.options),
                names,
                text(&schema.default),
                text(&schema.description),
                text(&schema.title),
            ));
        }
        match SingleSelectEnumSchema::from(schema) {
            SingleSelectEnumSchema::UntitledSingleSelectEnumSchema(untitled) => {
                EnumSchema::UntitledSingleSelectEnumSchema(untitled)
            }
            SingleSelectEnumSchema::TitledSingleSelectEnumSchema(titled) => {
                EnumSchema::TitledSingleSelectEnumSchema(titled)
            }
        }
    }
}

impl From<SingleSelectSchema> for EnumSchema {
    fn from(schema: SingleSelectSchema) -> Self {
        EnumSchema::from(&schema)
    }
}

/// A single-select schema as one of rust-mcp-schema's two SEP-1330
/// single-select shapes. That type has no legacy shape: a legacy schema
/// (`enumNames`) becomes the titled `oneOf` shape with the same values and
/// titles (use the `EnumSchema` conversion to keep `enumNames`).
impl From<&SingleSelectSchema> for SingleSelectEnumSchema {
    fn from(schema: &SingleSelectSchema) -> Self {
        if schema.is_titled() {
            let one_of = schema
                .options
                .iter()
                .map(|option| TitledSingleSelectEnumSchemaOneOfItem {
                    const_: option.value().to_owned(),
                    title: option.label().to_owned(),
                })
                .collect();
            return SingleSelectEnumSchema::TitledSingleSelectEnumSchema(
                TitledSingleSelectEnumSchema::new(
                    one_of,
                    text(&schema.default),
                    text(&schema.description),
                    text(&schema.title),
                ),
            );
        }
        SingleSelectEnumSchema::UntitledSingleSelectEnumSchema(UntitledSingleSelectEnumSchema::new(
            values(&schema.options),
            text(&schema.default),
            text(&schema.description),
            text(&schema.title),
        ))
    }
}

/// A multi-select schema as rust-mcp-schema's `MultiSelectEnumSchema`, to
/// the same JSON: `UntitledMultiSelectEnumSchema` for
/// `{"type":"array","items":{"type":"string","enum":[..]}}`,
/// `TitledMultiSelectEnumSchema` for `{"type":"array","items":{"anyOf":[..]}}`.
impl From<&MultiSelectSchema> for MultiSelectEnumSchema {
    fn from(schema: &MultiSelectSchema) -> Self {
        let default: Vec<String> = schema
            .default
            .iter()
            .flatten()
            .map(|value| value.to_string())
            .collect();
        let min_items = schema.min_items.map(count);
        let max_items = schema.max_items.map(count);
        if schema.is_titled() {
            let any_of = schema
                .options
                .iter()
                .map(|option| TitledMultiSelectEnumSchemaItemsAnyOfItem {
                    const_: option.value().to_owned(),
                    title: option.label().to_owned(),
                })
                .collect();
            return MultiSelectEnumSchema::TitledMultiSelectEnumSchema(
                TitledMultiSelectEnumSchema::new(
                    default,
                    TitledMultiSelectEnumSchemaItems { any_of },
                    text(&schema.description),
                    max_items,
                    min_items,
                    text(&schema.title),
                ),
            );
        }
        MultiSelectEnumSchema::UntitledMultiSelectEnumSchema(UntitledMultiSelectEnumSchema::new(
            default,
            UntitledMultiSelectEnumSchemaItems::new(values(&schema.options)),
            text(&schema.description),
            max_items,
            min_items,
            text(&schema.title),
        ))
    }
}

impl From<MultiSelectSchema> for MultiSelectEnumSchema {
    fn from(schema: MultiSelectSchema) -> Self {
        MultiSelectEnumSchema::from(&schema)
    }
}

/// A multi-select schema as rust-mcp-schema's `EnumSchema`.
impl From<&MultiSelectSchema> for EnumSchema {
    fn from(schema: &MultiSelectSchema) -> Self {
        match MultiSelectEnumSchema::from(schema) {
            MultiSelectEnumSchema::UntitledMultiSelectEnumSchema(untitled) => {
                EnumSchema::UntitledMultiSelectEnumSchema(untitled)
            }
            MultiSelectEnumSchema::TitledMultiSelectEnumSchema(titled) => {
                EnumSchema::TitledMultiSelectEnumSchema(titled)
            }
        }
    }
}

impl From<MultiSelectSchema> for EnumSchema {
    fn from(schema: MultiSelectSchema) -> Self {
        EnumSchema::from(&schema)
    }
}

fn sdk_format(format: StringFormat) -> StringSchemaFormat {
    match format {
        StringFormat::Email => StringSchemaFormat::Email,
        StringFormat::Uri => StringSchemaFormat::Uri,
        StringFormat::Date => StringSchemaFormat::Date,
        StringFormat::DateTime => StringSchemaFormat::DateTime,
    }
}

/// `{"type":"string",..}` as rust-mcp-schema's `StringSchema`.
impl From<&StringSchema> for SdkString {
    fn from(schema: &StringSchema) -> Self {
        SdkString::new(
            text(&schema.default),
            text(&schema.description),
            schema.format.map(sdk_format),
            schema.max_length.map(count),
            schema.min_length.map(count),
            text(&schema.title),
        )
    }
}

/// `{"type":"number",..}` or `{"type":"integer",..}` as rust-mcp-schema's
/// `NumberSchema`, whose bounds and default are `f64` (see the
/// [module docs](self)).
impl From<&NumberSchema> for SdkNumber {
    fn from(schema: &NumberSchema) -> Self {
        SdkNumber {
            default: schema.default.as_ref().and_then(serde_json::Number::as_f64),
            description: text(&schema.description),
            maximum: schema.maximum.as_ref().and_then(serde_json::Number::as_f64),
            minimum: schema.minimum.as_ref().and_then(serde_json::Number::as_f64),
            title: text(&schema.title),
            type_: if schema.integer {
                NumberSchemaType::Integer
            } else {
                NumberSchemaType::Number
            },
        }
    }
}

/// `{"type":"boolean",..}` as rust-mcp-schema's `BooleanSchema`.
impl From<&BooleanSchema> for SdkBoolean {
    fn from(schema: &BooleanSchema) -> Self {
        SdkBoolean::new(
            schema.default,
            text(&schema.description),
            text(&schema.title),
        )
    }
}

/// One property as rust-mcp-schema's `PrimitiveSchemaDefinition`, the
/// variant named for its shape.
impl From<&PrimitiveSchema> for PrimitiveSchemaDefinition {
    fn from(schema: &PrimitiveSchema) -> Self {
        match schema {
            PrimitiveSchema::String(string) => {
                PrimitiveSchemaDefinition::StringSchema(string.into())
            }
            PrimitiveSchema::Number(number) => {
                PrimitiveSchemaDefinition::NumberSchema(number.into())
            }
            PrimitiveSchema::Boolean(boolean) => {
                PrimitiveSchemaDefinition::BooleanSchema(boolean.into())
            }
            PrimitiveSchema::SingleSelect(single) => match EnumSchema::from(single) {
                EnumSchema::UntitledSingleSelectEnumSchema(untitled) => {
                    PrimitiveSchemaDefinition::UntitledSingleSelectEnumSchema(untitled)
                }
                EnumSchema::TitledSingleSelectEnumSchema(titled) => {
                    PrimitiveSchemaDefinition::TitledSingleSelectEnumSchema(titled)
                }
                EnumSchema::LegacyTitledEnumSchema(legacy) => {
                    PrimitiveSchemaDefinition::LegacyTitledEnumSchema(legacy)
                }
                EnumSchema::UntitledMultiSelectEnumSchema(untitled) => {
                    PrimitiveSchemaDefinition::UntitledMultiSelectEnumSchema(untitled)
                }
                EnumSchema::TitledMultiSelectEnumSchema(titled) => {
                    PrimitiveSchemaDefinition::TitledMultiSelectEnumSchema(titled)
                }
            },
            PrimitiveSchema::MultiSelect(multi) => match MultiSelectEnumSchema::from(multi) {
                MultiSelectEnumSchema::UntitledMultiSelectEnumSchema(untitled) => {
                    PrimitiveSchemaDefinition::UntitledMultiSelectEnumSchema(untitled)
                }
                MultiSelectEnumSchema::TitledMultiSelectEnumSchema(titled) => {
                    PrimitiveSchemaDefinition::TitledMultiSelectEnumSchema(titled)
                }
            },
        }
    }
}

impl From<PrimitiveSchema> for PrimitiveSchemaDefinition {
    fn from(schema: PrimitiveSchema) -> Self {
        PrimitiveSchemaDefinition::from(&schema)
    }
}

/// A `requestedSchema` as rust-mcp-schema's
/// `ElicitRequestFormParamsRequestedSchema`:
/// `{"type":"object","properties":{..},"required":[..]}`, `required` left
/// out when empty, the properties sorted by name (a `BTreeMap` there).
impl From<&RequestedSchema> for ElicitRequestFormParamsRequestedSchema {
    fn from(schema: &RequestedSchema) -> Self {
        let properties: BTreeMap<String, PrimitiveSchemaDefinition> = schema
            .properties
            .iter()
            .map(|(name, property)| (name.to_string(), property.into()))
            .collect();
        let required = schema
            .required
            .iter()
            .map(|name| name.to_string())
            .collect();
        ElicitRequestFormParamsRequestedSchema::new(properties, required, None)
    }
}

impl From<RequestedSchema> for ElicitRequestFormParamsRequestedSchema {
    fn from(schema: RequestedSchema) -> Self {
        ElicitRequestFormParamsRequestedSchema::from(&schema)
    }
}

/// Form-mode params as rust-mcp-schema's `ElicitRequestFormParams`:
/// `{"message":"..","mode":"form","requestedSchema":{..}}` (rust-mcp-schema
/// always writes the optional `mode`).
impl From<&ElicitRequestFormParams> for schema::ElicitRequestFormParams {
    fn from(params: &ElicitRequestFormParams) -> Self {
        schema::ElicitRequestFormParams::new(
            params.message.to_string(),
            (&params.requested_schema).into(),
        )
    }
}

impl From<ElicitRequestFormParams> for schema::ElicitRequestFormParams {
    fn from(params: ElicitRequestFormParams) -> Self {
        schema::ElicitRequestFormParams::from(&params)
    }
}

/// Form-mode params as rust-mcp-schema's `ElicitRequestParams::FormParams`.
impl From<&ElicitRequestFormParams> for schema::ElicitRequestParams {
    fn from(params: &ElicitRequestFormParams) -> Self {
        schema::ElicitRequestParams::FormParams(params.into())
    }
}

impl From<ElicitRequestFormParams> for schema::ElicitRequestParams {
    fn from(params: ElicitRequestFormParams) -> Self {
        schema::ElicitRequestParams::from(&params)
    }
}

/// How a server seals the `requestState` that carries earlier answers from
/// one round of a request to the next: rust-mcp-sdk's [`RequestStateCodec`]
/// (HMAC-SHA256) and a time to live (the codec's `with_max_age`).
///
/// Every server process that may receive a retry needs the same key; nothing
/// else is shared. What is sealed: the earlier answers' `ElicitResult` JSON,
/// bound to the method, the tool, prompt or resource, and its arguments.
/// See the [module docs](self) for size, confidentiality, rotation and
/// replay.
#[derive(Clone, Debug)]
pub struct RequestStateSeal {
    codec: RequestStateCodec,
    ttl: Duration,
}

impl RequestStateSeal {
    /// The time to live of a sealed state unless [`with_ttl`](Self::with_ttl)
    /// says otherwise: ten minutes, for a user to fill in a form.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(600);

    /// Seals with `codec` (build it with `RequestStateCodec::with_key` or
    /// `from_base64_key`, the same 32-byte key on every server process),
    /// states expiring after [`DEFAULT_TTL`](Self::DEFAULT_TTL).
    pub fn new(codec: RequestStateCodec) -> Self {
        RequestStateSeal {
            codec: codec.with_max_age(Self::DEFAULT_TTL),
            ttl: Self::DEFAULT_TTL,
        }
    }

    /// The same seal with another time to live (whole seconds count: the
    /// codec stores seconds).
    #[must_use]
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.codec = self.codec.with_max_age(ttl);
        self.ttl = ttl;
        self
    }

    /// The codec.
    pub fn codec(&self) -> &RequestStateCodec {
        &self.codec
    }

    /// The time to live of a sealed state.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }
}

/// Why a `requestState` was refused. The detail is for the server's logs;
/// the client gets one message for all of them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RequestStateError {
    /// The codec did not verify it: altered, signed with another key, or
    /// older than the time to live (rust-mcp-sdk's codec does not say which).
    Unverified,
    /// Verified, but not the JSON this crate seals.
    Malformed,
    /// Verified, but sealed for another request (method, name, arguments).
    OtherRequest,
}

impl fmt::Display for RequestStateError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            RequestStateError::Unverified => {
                "the signature does not verify: altered, another key, or expired"
            }
            RequestStateError::Malformed => "the payload is not a sealed set of answers",
            RequestStateError::OtherRequest => "sealed for another request",
        })
    }
}

impl std::error::Error for RequestStateError {}

/// Why [`Ask`] gave no typed answer.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client did not declare form elicitation in this request's `_meta`
    /// capabilities, so the spec forbids asking it.
    Unsupported,
    /// Not a failure: the answer is not there yet, and this `input_required`
    /// result (the question, and the sealed `requestState` with the answers
    /// so far) asks for it. [`Ask::tool`], [`Ask::prompt`] and
    /// [`Ask::resource`] return it as the response.
    InputRequired(Box<InputRequiredResult>),
    /// The request's `requestState` was not sealed by this server for this
    /// request, or it has expired.
    RequestState(RequestStateError),
    /// A retry's `inputResponses` answers a question that an earlier round
    /// already answered (sealed in `requestState`), differently.
    AnswerChanged {
        /// The question's key.
        key: String,
    },
    /// The client's answer failed re-validation; the error keeps what it
    /// sent.
    Invalid(Error),
    /// Any other error of the handler, for `?` on rust-mcp-sdk's `RpcError`
    /// inside an [`Ask`] body; passed on as it is.
    Handler(RpcError),
    /// A server bug: [`Ask::form`] or [`Ask::fields`] called outside the
    /// body of [`Ask::tool`], [`Ask::prompt`] or [`Ask::resource`], which
    /// alone can carry the `input_required` result.
    OutsideHandler,
    /// A server bug: two questions of one request under the same key (the
    /// second would read the first one's answer).
    KeyReused {
        /// The key.
        key: String,
    },
}

impl ElicitError {
    /// The JSON-RPC error `data` a client receives with this error, if any:
    /// for [`Invalid`](Self::Invalid),
    /// `{"errors":[{"field":"severity","value":"urgent","allowed":["low","high"],"message":".."}]}`,
    /// one entry per rejected field, with the bound instead of `allowed` where
    /// a bound was broken (`minimum`/`maximum`, `minItems`/`maxItems`,
    /// `minLength`/`maxLength`, `format`, `type`);
    /// `{"requiredCapabilities":{"elicitation":{"form":{}}}}` for
    /// [`Unsupported`](Self::Unsupported); `{"key":..}` for
    /// [`AnswerChanged`](Self::AnswerChanged).
    pub fn data(&self) -> Option<Value> {
        match self {
            ElicitError::Invalid(error) => Some(common::rejection_data(error)),
            ElicitError::Unsupported => Some(serde_json::json!({
                "requiredCapabilities": {"elicitation": {"form": {}}}
            })),
            ElicitError::AnswerChanged { key } => Some(serde_json::json!({ "key": key })),
            ElicitError::Handler(error) => error.data.clone(),
            ElicitError::InputRequired(_)
            | ElicitError::RequestState(_)
            | ElicitError::OutsideHandler
            | ElicitError::KeyReused { .. } => None,
        }
    }
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ElicitError::Unsupported => f.write_str(
                "the client did not declare the elicitation capability (form mode), so it cannot be asked",
            ),
            ElicitError::InputRequired(_) => f.write_str(
                "the server needs the client's input, which this response cannot ask for",
            ),
            ElicitError::RequestState(_) => f.write_str(
                "requestState was not issued by this server for this request, or it has expired; \
                 call again without it",
            ),
            ElicitError::AnswerChanged { key } => write!(
                f,
                "inputResponses answers {key:?} differently from the answer sealed in requestState"
            ),
            ElicitError::Invalid(error) => write!(f, "the client's answer was rejected: {error}"),
            ElicitError::Handler(error) => f.write_str(&error.message),
            ElicitError::OutsideHandler => f.write_str(
                "the server asked for input where its response cannot carry the request",
            ),
            ElicitError::KeyReused { key } => write!(
                f,
                "the server asked two questions under the key {key:?} in one request"
            ),
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Invalid(error) => Some(error),
            ElicitError::RequestState(error) => Some(error),
            _ => None,
        }
    }
}

impl From<RpcError> for ElicitError {
    fn from(error: RpcError) -> Self {
        ElicitError::Handler(error)
    }
}

/// The JSON-RPC error for an outcome that is not a result: `-32602`
/// (invalid params) for a rejected answer, a refused `requestState` or a
/// changed answer; `-32021` (missing required client capability) for a
/// client that cannot be asked; a handler's own error as it is. The message
/// is the error's `Display`, the `data` is [`ElicitError::data`].
impl From<ElicitError> for RpcError {
    fn from(error: ElicitError) -> Self {
        let message = error.to_string();
        let data = error.data();
        match error {
            ElicitError::Handler(error) => error,
            ElicitError::Unsupported => RpcError {
                code: schema::MISSING_REQUIRED_CLIENT_CAPABILITY,
                data,
                message,
            },
            ElicitError::InputRequired(_)
            | ElicitError::OutsideHandler
            | ElicitError::KeyReused { .. } => RpcError::internal_error().with_message(message),
            ElicitError::Invalid(_)
            | ElicitError::RequestState(_)
            | ElicitError::AnswerChanged { .. } => RpcError::invalid_params()
                .with_message(message)
                .with_data(data),
        }
    }
}

/// The `input_required` result as the SDK's generic result, carrying this
/// crate's JSON as written (integer bounds stay integers; property order as
/// the server's serde_json keeps it).
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

/// Asks the client for a form from inside a tool, prompt or resource read on
/// rust-mcp-sdk 2.0: one call per question, the typed answer back. See the
/// [module docs](self) for what happens underneath.
///
/// Build one per request ([`for_tool`](Self::for_tool),
/// [`for_prompt`](Self::for_prompt), [`for_resource`](Self::for_resource)),
/// run the handler's body through [`tool`](Self::tool) (or
/// [`prompt`](Self::prompt), [`resource`](Self::resource)), and ask with
/// [`form`](Self::form). `key` names the question inside
/// `inputRequests`/`inputResponses`: a different key for each question of
/// one call, the same key for the same question on every round. The code
/// before the last question runs once per round: keep side effects after
/// the questions.
#[derive(Clone)]
pub struct Ask {
    inner: Arc<Inner>,
}

struct Inner {
    seal: RequestStateSeal,
    binding: Vec<u8>,
    form_supported: bool,
    responses: Map<String, Value>,
    /// Sealed answers of earlier rounds, and the answers read in this one.
    answers: Mutex<Map<String, Value>>,
    /// The two server bugs refused on every revision.
    questions: Questions,
}

impl fmt::Debug for Ask {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Ask")
            .field("form_supported", &self.inner.form_supported)
            .field("responses", &self.inner.responses)
            .finish_non_exhaustive()
    }
}

fn form_supported(meta: &RequestMetaObject) -> bool {
    // `"elicitation": {}` means form mode (MCP 2025-11-25 on).
    meta.client_capabilities
        .elicitation
        .as_ref()
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none())
}

impl Ask {
    fn open(
        seal: &RequestStateSeal,
        binding: Vec<u8>,
        meta: &RequestMetaObject,
        responses: Option<&InputResponses>,
        request_state: Option<&str>,
    ) -> Result<Ask, ElicitError> {
        let responses = match responses.map(serde_json::to_value) {
            Some(Ok(Value::Object(responses))) => responses,
            _ => Map::new(),
        };
        let mut answers = Map::new();
        if let Some(state) = request_state {
            let payload = seal
                .codec
                .decode(state)
                .ok_or(ElicitError::RequestState(RequestStateError::Unverified))?;
            let malformed = ElicitError::RequestState(RequestStateError::Malformed);
            let Ok(Value::Object(mut opened)) = serde_json::from_slice::<Value>(&payload) else {
                return Err(malformed);
            };
            let (Some(Value::String(sealed_for)), Some(Value::Object(sealed))) =
                (opened.remove("binding"), opened.remove("answers"))
            else {
                return Err(malformed);
            };
            if sealed_for.as_bytes() != binding_text(&binding).as_bytes() {
                return Err(ElicitError::RequestState(RequestStateError::OtherRequest));
            }
            for (key, answer) in &sealed {
                if responses.get(key).is_some_and(|sent| sent != answer) {
                    return Err(ElicitError::AnswerChanged { key: key.clone() });
                }
            }
            answers = sealed;
        }
        Ok(Ask {
            inner: Arc::new(Inner {
                seal: seal.clone(),
                binding,
                form_supported: form_supported(meta),
                responses,
                answers: Mutex::new(answers),
                questions: Questions::default(),
            }),
        })
    }

    /// An `Ask` for a `tools/call`, in `ServerHandler::handle_call_tool_request_mrtr`;
    /// run the tool's body with [`tool`](Self::tool).
    ///
    /// # Errors
    ///
    /// [`ElicitError::RequestState`] if the request carries a `requestState`
    /// that this server did not seal for this tool and these arguments, or
    /// that expired; [`ElicitError::AnswerChanged`] if `inputResponses`
    /// answers a sealed question differently.
    pub fn for_tool(
        request: &CallToolRequestParams,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let arguments = request.arguments.clone().map(Value::Object);
        Ask::open(
            seal,
            common::binding("tools/call", &request.name, arguments.as_ref()),
            &request.meta,
            request.input_responses.as_ref(),
            request.request_state.as_deref(),
        )
    }

    /// An `Ask` for a `prompts/get`, in `ServerHandler::handle_get_prompt_request`;
    /// run the body with [`prompt`](Self::prompt).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_prompt(
        request: &GetPromptRequestParams,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        let arguments = request.arguments.as_ref().map(|arguments| {
            Value::Object(
                arguments
                    .iter()
                    .map(|(name, value)| (name.clone(), Value::String(value.clone())))
                    .collect(),
            )
        });
        Ask::open(
            seal,
            common::binding("prompts/get", &request.name, arguments.as_ref()),
            &request.meta,
            request.input_responses.as_ref(),
            request.request_state.as_deref(),
        )
    }

    /// An `Ask` for a `resources/read`, in `ServerHandler::handle_read_resource_request`;
    /// run the body with [`resource`](Self::resource).
    ///
    /// # Errors
    ///
    /// As [`for_tool`](Self::for_tool).
    pub fn for_resource(
        request: &ReadResourceRequestParams,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        Ask::open(
            seal,
            common::binding("resources/read", &request.uri, None),
            &request.meta,
            request.input_responses.as_ref(),
            request.request_state.as_deref(),
        )
    }

    /// Asks for `F`'s form under `key` with `message`, and returns the typed
    /// answer: accept (re-validated), decline or cancel. `async` so that the
    /// call reads as on rmcp; on rust-mcp-sdk it never waits.
    ///
    /// # Errors
    ///
    /// - [`ElicitError::InputRequired`] when the answer is not there yet: not
    ///   a failure, `?` it to [`tool`](Self::tool) (or [`prompt`](Self::prompt),
    ///   [`resource`](Self::resource)), which asks.
    /// - [`ElicitError::Unsupported`]: the client did not declare form
    ///   elicitation.
    /// - [`ElicitError::Invalid`]: the answer failed re-validation.
    /// - [`ElicitError::OutsideHandler`], [`ElicitError::KeyReused`]: server
    ///   bugs, refused on every revision (asked outside the body of `tool`,
    ///   `prompt` or `resource`; a key used twice in one request).
    pub async fn form<F: ElicitForm>(
        &self,
        key: &str,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitAction<F>, ElicitError> {
        self.ask(key, F::request(message), F::parse_result)
    }

    /// Asks for a run-time [`Form`] under `key` with `message`, and returns
    /// the tuple of its typed answers.
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form).
    pub async fn fields<F: FormFields>(
        &self,
        key: &str,
        form: &Form<F>,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitAction<F::Output>, ElicitError> {
        self.ask(key, form.request(message), |answer| {
            form.parse_result(answer)
        })
    }

    fn ask<T>(
        &self,
        key: &str,
        params: ElicitRequestFormParams,
        parse: impl Fn(Value) -> Result<ElicitAction<T>, Error>,
    ) -> Result<ElicitAction<T>, ElicitError> {
        let inner = &*self.inner;
        inner.questions.ask(key).map_err(|misuse| match misuse {
            Misuse::OutsideHandler => ElicitError::OutsideHandler,
            Misuse::KeyReused => ElicitError::KeyReused {
                key: key.to_owned(),
            },
        })?;
        if !inner.form_supported {
            return Err(ElicitError::Unsupported);
        }
        let mut answers = inner.answers.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(answer) = answers
            .get(key)
            .or_else(|| inner.responses.get(key))
            .cloned()
        {
            let action = parse(answer.clone()).map_err(ElicitError::Invalid)?;
            answers.insert(key.to_owned(), answer);
            return Ok(action);
        }
        let mut result = InputRequiredResult::new().elicit(key.to_owned(), params);
        if !answers.is_empty() {
            let payload = serde_json::json!({
                "binding": binding_text(&inner.binding),
                "answers": *answers,
            });
            result =
                result.with_request_state(inner.seal.codec.encode(payload.to_string().as_bytes()));
        }
        Err(ElicitError::InputRequired(Box::new(result)))
    }

    /// Runs a tool's body, which asks with [`form`](Self::form), and turns
    /// its outcome into the handler's response:
    ///
    /// - `Ok(result)`: the result.
    /// - [`ElicitError::InputRequired`]: the `input_required` result that
    ///   asks the client.
    /// - [`ElicitError::Invalid`], a rejected answer: a tool result with
    ///   `isError: true`, the reason as text, and as `structuredContent` the
    ///   `{"errors":[..]}` of [`ElicitError::data`]. The call ends there,
    ///   but as a tool result, which the model sees and can act on (call the
    ///   tool again, which asks again, or tell the user).
    /// - anything else: the JSON-RPC error of
    ///   [`From<ElicitError> for RpcError`](ElicitError#impl-From<ElicitError>-for-RpcError).
    ///
    /// # Errors
    ///
    /// The JSON-RPC error above.
    pub async fn tool<Body, Fut>(self, body: Body) -> Result<ServerResult, RpcError>
    where
        Body: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<CallToolResult, ElicitError>>,
    {
        self.inner.questions.start();
        match body(self).await {
            Ok(result) => Ok(result.into()),
            Err(ElicitError::InputRequired(result)) => input_required(&result),
            Err(error @ ElicitError::Invalid(_)) => {
                let mut result =
                    CallToolResult::text_content(vec![TextContent::from(error.to_string())]);
                result.is_error = Some(true);
                result.structured_content = error.data();
                Ok(result.into())
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Runs a `prompts/get` handler's body, as [`tool`](Self::tool) does; a
    /// prompt has no error result, so a rejected answer is the JSON-RPC
    /// error `-32602` with its `data`.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error of `From<ElicitError> for RpcError`.
    pub async fn prompt<Body, Fut>(self, body: Body) -> Result<ServerResult, RpcError>
    where
        Body: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<GetPromptResult, ElicitError>>,
    {
        self.inner.questions.start();
        match body(self).await {
            Ok(result) => Ok(result.into()),
            Err(ElicitError::InputRequired(result)) => input_required(&result),
            Err(error) => Err(error.into()),
        }
    }

    /// Runs a `resources/read` handler's body, as [`prompt`](Self::prompt)
    /// does.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error of `From<ElicitError> for RpcError`.
    pub async fn resource<Body, Fut>(self, body: Body) -> Result<ServerResult, RpcError>
    where
        Body: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<ReadResourceResult, ElicitError>>,
    {
        self.inner.questions.start();
        match body(self).await {
            Ok(result) => Ok(result.into()),
            Err(ElicitError::InputRequired(result)) => input_required(&result),
            Err(error) => Err(error.into()),
        }
    }
}

/// The binding as text for the sealed JSON (its bytes are UTF-8 with NUL
/// separators, which JSON escapes).
fn binding_text(binding: &[u8]) -> String {
    String::from_utf8_lossy(binding).into_owned()
}
