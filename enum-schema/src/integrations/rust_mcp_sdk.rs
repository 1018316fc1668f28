//! [rust-mcp-sdk](https://docs.rs/rust-mcp-sdk) 2.0 (feature `rust-mcp-sdk`,
//! tested with rust-mcp-sdk 2.0.0 and rust-mcp-schema 2.0.0).
//!
//! One derived choice is one call, as on rmcp: [`Ask::form`] returns the
//! client's answer as an [`ElicitAction`] of the derived type, re-validated,
//! and `?` ends the tool with the `input_required` result that asks for it
//! when the answer is not there yet.
//!
//! ```no_run
//! use enum_schema::rust_mcp_sdk::{server_result, Ask, AskError};
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use rust_mcp_sdk::mcp_server::RequestStateCodec;
//! use rust_mcp_sdk::schema::{CallToolRequestParams, CallToolResult, RpcError, ServerResult};
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! async fn triage(codec: &RequestStateCodec, params: &CallToolRequestParams)
//!     -> Result<CallToolResult, AskError>
//! {
//!     let mut ask = Ask::tool_call(codec, params)?;
//!     let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
//!         ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!         ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!     };
//!     Ok(CallToolResult::text_content(vec![text.into()]))
//! }
//!
//! // In `ServerHandler::handle_call_tool_request_mrtr`:
//! async fn call(codec: &RequestStateCodec, params: CallToolRequestParams)
//!     -> Result<ServerResult, RpcError>
//! {
//!     server_result(triage(codec, &params).await)
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
//! takes one round per question.
//!
//! # `requestState`: sealed, stateless
//!
//! Earlier answers travel in `requestState`, so that the retry may reach any
//! server process that shares the key (nothing is kept in memory between
//! calls). The state is the JSON `{"scope":..,"arguments":..,"answers":{KEY: ElicitResult,..}}`
//! signed with the SDK's own [`RequestStateCodec`] (HMAC-SHA256, base64url).
//! On the retry, a state that the key does not verify (tampered, signed by
//! another key, or older than the codec's `with_max_age`) is an
//! [`AskError::InvalidState`]; a state minted for another tool, prompt or
//! resource, or for other arguments, is [`AskError::ForeignState`]. Stored
//! answers are re-validated when read. Limits:
//! - the state grows with the answers (one `ElicitResult` per question, in
//!   clear text: the codec signs, it does not encrypt, so do not ask for
//!   secrets this way);
//! - every process must hold the same 32-byte key; rotating it refuses the
//!   states signed with the old key (the client has to call the tool anew);
//! - without `with_max_age` a state never expires, and within its age a state
//!   can be replayed for the same tool and arguments (it then gives the same
//!   answers back, nothing more).
//!
//! # A rejected answer
//!
//! An answer that fails re-validation (a value not offered, a title instead
//! of a value, a string where an array belongs, a missing required field)
//! is a JSON-RPC error `-32602` whose message says which field and value,
//! with `data` `{"key":..,"errors":[{"field":..,"message":..},..]}`; the tool
//! does not ask again (a client that sends invalid answers would likely
//! send them again).
//!
//! # What rust-mcp-sdk 2.0 makes impossible
//!
//! - **MCP 2025-06-18 and 2025-11-25**: the SDK's server runtime answers
//!   only 2026-07-28 requests (no `initialize` handshake, and its `McpServer`
//!   has no way to send a request such as `elicitation/create` to the
//!   client). Clients on the older revisions (the TypeScript SDK 1.x, the
//!   Python SDK in legacy mode, the official conformance scenarios) cannot
//!   reach a rust-mcp-sdk 2.0 server at all, elicitation or not.
//! - **Fractional numbers in answers**: rust-mcp-schema types answer
//!   `content` values as string, integer, boolean or array of strings, so a
//!   `tools/call` whose `inputResponses` hold `95.5` fails to parse in the
//!   SDK before the tool runs.
//! - **Field order**: rust-mcp-schema keeps `properties` in a `BTreeMap`,
//!   and so does `serde_json::Value` without serde_json's `preserve_order`
//!   feature, so the fields reach the client in alphabetical order.
//!   [`server_result`] writes the request as this crate's own JSON (through
//!   the SDK's generic result, not its typed `InputRequiredResult`), so the
//!   order is kept when serde_json's `preserve_order` is on in the server's
//!   build.
//!
//! # Conversions
//!
//! Every wire-model type converts into its rust-mcp-schema counterpart with
//! `From`: [`SingleSelectSchema`] into [`EnumSchema`] (and
//! [`SingleSelectEnumSchema`] for the two SEP-1330 shapes),
//! [`MultiSelectSchema`] into [`MultiSelectEnumSchema`] and [`EnumSchema`],
//! [`PrimitiveSchema`] into [`PrimitiveSchemaDefinition`], [`RequestedSchema`]
//! into [`ElicitRequestFormParamsRequestedSchema`] and
//! [`ElicitRequestParams`] into rust-mcp-schema's form
//! [`ElicitRequestParams`](schema::ElicitRequestParams). The JSON is the
//! same but for what rust-mcp-schema's types cannot hold: number bounds and
//! defaults are `f64` there, so an integer schema's `"minimum":0` comes out
//! as `"minimum":0.0` (and integers beyond 2^53 round); lengths and item
//! counts beyond `i64` are clamped; the properties are sorted by name.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use ::rust_mcp_schema as schema;
use ::rust_mcp_schema::{
    BooleanSchema as SdkBoolean, CallToolRequestParams, ElicitRequestFormParams,
    ElicitRequestFormParamsRequestedSchema, EnumSchema, GetPromptRequestParams, InputResponses,
    LegacyTitledEnumSchema, MultiSelectEnumSchema, NumberSchema as SdkNumber, NumberSchemaType,
    PrimitiveSchemaDefinition, ReadResourceRequestParams, RequestMetaObject, RpcError,
    ServerResult, SingleSelectEnumSchema, StringSchema as SdkString, StringSchemaFormat,
    TitledMultiSelectEnumSchema, TitledMultiSelectEnumSchemaItems,
    TitledMultiSelectEnumSchemaItemsAnyOfItem, TitledSingleSelectEnumSchema,
    TitledSingleSelectEnumSchemaOneOfItem, UntitledMultiSelectEnumSchema,
    UntitledMultiSelectEnumSchemaItems, UntitledSingleSelectEnumSchema,
};
pub use ::rust_mcp_sdk::mcp_server::RequestStateCodec;
use serde_json::{Map, Value};

use crate::{
    BooleanSchema, ElicitAction, ElicitForm, ElicitRequestParams, EnumOption, Error, Form,
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
impl From<&ElicitRequestParams> for ElicitRequestFormParams {
    fn from(params: &ElicitRequestParams) -> Self {
        ElicitRequestFormParams::new(
            params.message.to_string(),
            (&params.requested_schema).into(),
        )
    }
}

impl From<ElicitRequestParams> for ElicitRequestFormParams {
    fn from(params: ElicitRequestParams) -> Self {
        ElicitRequestFormParams::from(&params)
    }
}

/// Form-mode params as rust-mcp-schema's `ElicitRequestParams::FormParams`.
impl From<&ElicitRequestParams> for schema::ElicitRequestParams {
    fn from(params: &ElicitRequestParams) -> Self {
        schema::ElicitRequestParams::FormParams(params.into())
    }
}

impl From<ElicitRequestParams> for schema::ElicitRequestParams {
    fn from(params: ElicitRequestParams) -> Self {
        schema::ElicitRequestParams::from(&params)
    }
}

/// Why [`Ask`] gave no typed answer. Every variant but
/// [`InputRequired`](Self::InputRequired) is a failure;
/// [`server_result`] turns each into what goes back to the client.
#[derive(Debug)]
#[non_exhaustive]
pub enum AskError {
    /// Not a failure: the answer is not there yet. The tool ends here, and
    /// [`server_result`] sends this `input_required` result (the question,
    /// and the sealed `requestState` holding the answers so far); the
    /// client's retry runs the tool again.
    InputRequired(InputRequiredResult),
    /// The client did not declare form elicitation in this request's
    /// `_meta` capabilities (`io.modelcontextprotocol/clientCapabilities`),
    /// so the spec forbids asking it.
    Unsupported,
    /// The `requestState` was not signed by this server's key, was changed,
    /// or has expired (the codec's `with_max_age`).
    InvalidState,
    /// The `requestState` is genuine but was issued for another call: the
    /// `scope` (method and tool, prompt or resource) or the arguments
    /// differ.
    ForeignState {
        /// What the state was issued for, e.g. `tools/call triage`.
        issued_for: String,
        /// What it came back with.
        used_for: String,
    },
    /// The client's answer under `key` failed re-validation; the error keeps
    /// what it sent.
    Invalid {
        /// The key of the question.
        key: String,
        /// Why the answer was rejected.
        error: Error,
    },
}

impl fmt::Display for AskError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            AskError::InputRequired(_) => {
                f.write_str("the client has not answered yet: input is required")
            }
            AskError::Unsupported => f.write_str(
                "the client did not declare form elicitation in its capabilities, so it cannot be asked",
            ),
            AskError::InvalidState => f.write_str(
                "the requestState was not issued by this server, was changed, or has expired; call again without it",
            ),
            AskError::ForeignState {
                issued_for,
                used_for,
            } => write!(
                f,
                "the requestState was issued for {issued_for}, not for {used_for}"
            ),
            AskError::Invalid { key, error } => {
                write!(f, "the answer to {key:?} was rejected: {error}")
            }
        }
    }
}

impl std::error::Error for AskError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AskError::Invalid { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// `{"field":..,"message":..}` for each failing field of a rejected answer.
fn error_data(key: &str, error: &Error) -> Value {
    let errors: Vec<Value> = error
        .iter()
        .map(|error| {
            let mut entry = Map::new();
            if let Some(field) = error.field() {
                entry.insert("field".to_owned(), Value::String(field.to_owned()));
            }
            entry.insert("message".to_owned(), Value::String(error.to_string()));
            Value::Object(entry)
        })
        .collect();
    serde_json::json!({ "key": key, "errors": errors })
}

impl AskError {
    /// What goes back to the client for this outcome: the `input_required`
    /// result for [`InputRequired`](Self::InputRequired), else a JSON-RPC
    /// error: `-32602` (invalid params) for a rejected answer or a bad
    /// `requestState`, `-32600` (invalid request) for a client that cannot
    /// be asked. Messages speak protocol, never Rust.
    pub fn into_server_result(self) -> Result<ServerResult, RpcError> {
        let message = self.to_string();
        match self {
            AskError::InputRequired(result) => {
                let Value::Object(mut fields) = serde_json::to_value(&result)
                    .map_err(|error| RpcError::internal_error().with_message(error.to_string()))?
                else {
                    return Err(RpcError::internal_error()
                        .with_message("an input_required result is a JSON object"));
                };
                let result_type = match fields.remove("resultType") {
                    Some(Value::String(kind)) => kind,
                    _ => "input_required".to_owned(),
                };
                // The generic result carries this crate's JSON as written
                // (integer bounds stay integers, property order as the
                // server's serde_json keeps it).
                Ok(ServerResult::Result(schema::Result {
                    meta: None,
                    result_type,
                    extra: Some(fields),
                }))
            }
            AskError::Invalid { key, error } => Err(RpcError::invalid_params()
                .with_message(message)
                .with_data(Some(error_data(&key, &error)))),
            AskError::InvalidState | AskError::ForeignState { .. } => {
                Err(RpcError::invalid_params().with_message(message))
            }
            AskError::Unsupported => Err(RpcError::invalid_request().with_message(message)),
        }
    }
}

/// The outcome of a tool (or prompt, or resource read) that asks with
/// [`Ask`], as what a rust-mcp-sdk 2.0 handler returns
/// (`ServerHandler::handle_call_tool_request_mrtr`,
/// `handle_get_prompt_request`, `handle_read_resource_request`): the
/// result itself, the `input_required` result, or a JSON-RPC error (see
/// [`AskError::into_server_result`]).
pub fn server_result<T: Into<ServerResult>>(
    outcome: Result<T, AskError>,
) -> Result<ServerResult, RpcError> {
    match outcome {
        Ok(result) => Ok(result.into()),
        Err(error) => error.into_server_result(),
    }
}

/// Asks the client from inside a tool, prompt or resource read on
/// rust-mcp-sdk 2.0 (MCP 2026-07-28): one call per question, the typed
/// answer back. See the [module docs](self) for what happens underneath.
///
/// Build one per request, from its params, with the codec that seals
/// `requestState` ([`tool_call`](Self::tool_call),
/// [`get_prompt`](Self::get_prompt), [`read_resource`](Self::read_resource)).
pub struct Ask<'a> {
    codec: &'a RequestStateCodec,
    scope: String,
    arguments: Value,
    form_supported: bool,
    answers: Map<String, Value>,
    responses: Value,
}

impl fmt::Debug for Ask<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Ask")
            .field("scope", &self.scope)
            .field("answered", &self.answers.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// The scope, arguments and answers of a sealed `requestState`
/// (`{"scope":..,"arguments":..,"answers":{..}}`), if the codec verifies it.
fn open(codec: &RequestStateCodec, sealed: &str) -> Option<(String, Value, Map<String, Value>)> {
    let payload = codec.decode(sealed)?;
    let Value::Object(mut state) = serde_json::from_slice(&payload).ok()? else {
        return None;
    };
    let Some(Value::String(scope)) = state.remove("scope") else {
        return None;
    };
    let arguments = state.remove("arguments")?;
    let Some(Value::Object(answers)) = state.remove("answers") else {
        return None;
    };
    Some((scope, arguments, answers))
}

fn form_supported(meta: &RequestMetaObject) -> bool {
    // `"elicitation": {}` means form mode (MCP 2025-11-25 on).
    meta.client_capabilities
        .elicitation
        .as_ref()
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none())
}

impl<'a> Ask<'a> {
    /// For a `tools/call`: its `inputResponses` and `requestState`, the
    /// state bound to the tool's name and arguments.
    ///
    /// # Errors
    ///
    /// [`AskError::InvalidState`] or [`AskError::ForeignState`] for a
    /// `requestState` this server cannot accept.
    pub fn tool_call(
        codec: &'a RequestStateCodec,
        params: &CallToolRequestParams,
    ) -> Result<Self, AskError> {
        let arguments = params.arguments.clone().map_or(Value::Null, Value::Object);
        Ask::new(
            codec,
            format!("tools/call {}", params.name),
            arguments,
            &params.meta,
            params.input_responses.as_ref(),
            params.request_state.as_deref(),
        )
    }

    /// For a `prompts/get`, the state bound to the prompt's name and
    /// arguments.
    ///
    /// # Errors
    ///
    /// As [`tool_call`](Self::tool_call).
    pub fn get_prompt(
        codec: &'a RequestStateCodec,
        params: &GetPromptRequestParams,
    ) -> Result<Self, AskError> {
        let arguments = serde_json::to_value(&params.arguments).unwrap_or(Value::Null);
        Ask::new(
            codec,
            format!("prompts/get {}", params.name),
            arguments,
            &params.meta,
            params.input_responses.as_ref(),
            params.request_state.as_deref(),
        )
    }

    /// For a `resources/read`, the state bound to the resource's URI.
    ///
    /// # Errors
    ///
    /// As [`tool_call`](Self::tool_call).
    pub fn read_resource(
        codec: &'a RequestStateCodec,
        params: &ReadResourceRequestParams,
    ) -> Result<Self, AskError> {
        Ask::new(
            codec,
            format!("resources/read {}", params.uri),
            Value::Null,
            &params.meta,
            params.input_responses.as_ref(),
            params.request_state.as_deref(),
        )
    }

    fn new(
        codec: &'a RequestStateCodec,
        scope: String,
        arguments: Value,
        meta: &RequestMetaObject,
        input_responses: Option<&InputResponses>,
        request_state: Option<&str>,
    ) -> Result<Self, AskError> {
        let answers = match request_state {
            None => Map::new(),
            Some(sealed) => {
                let (issued_scope, issued_arguments, answers) =
                    open(codec, sealed).ok_or(AskError::InvalidState)?;
                if issued_scope != scope || issued_arguments != arguments {
                    let describe = |scope: &str, arguments: &Value| match arguments {
                        Value::Null => scope.to_owned(),
                        arguments => format!("{scope} with arguments {arguments}"),
                    };
                    return Err(AskError::ForeignState {
                        issued_for: describe(&issued_scope, &issued_arguments),
                        used_for: describe(&scope, &arguments),
                    });
                }
                answers
            }
        };
        let responses = match input_responses {
            None => Value::Object(Map::new()),
            Some(responses) => {
                serde_json::to_value(responses).unwrap_or_else(|_| Value::Object(Map::new()))
            }
        };
        Ok(Ask {
            codec,
            scope,
            arguments,
            form_supported: form_supported(meta),
            answers,
            responses,
        })
    }

    /// Asks for `F`'s form under `key` (unique within the tool) with
    /// `message`, and returns the typed answer: accept (re-validated),
    /// decline or cancel.
    ///
    /// The answer comes from the sealed `requestState` when an earlier
    /// round got it, else from this call's `inputResponses`; without one,
    /// the error is [`AskError::InputRequired`] carrying the request, which
    /// `?` passes up to [`server_result`]. `async` so that the call reads as
    /// on rmcp; it never waits.
    ///
    /// # Errors
    ///
    /// [`AskError::InputRequired`] (ask, then run again),
    /// [`AskError::Unsupported`], or [`AskError::Invalid`] naming every
    /// failing field.
    pub async fn form<F: ElicitForm>(
        &mut self,
        key: &str,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitAction<F>, AskError> {
        self.ask(key, F::request(message), F::parse_result)
    }

    /// As [`form`](Self::form), for a run-time [`Form`]: the tuple of its
    /// typed answers.
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form).
    pub async fn fields<F: FormFields>(
        &mut self,
        form: &Form<F>,
        key: &str,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitAction<F::Output>, AskError> {
        self.ask(key, form.request(message), |result| form.parse_result(result))
    }

    fn ask<T>(
        &mut self,
        key: &str,
        params: ElicitRequestParams,
        parse: impl Fn(Value) -> Result<ElicitAction<T>, Error>,
    ) -> Result<ElicitAction<T>, AskError> {
        let invalid = |error| AskError::Invalid {
            key: key.to_owned(),
            error,
        };
        if let Some(result) = self.answers.get(key) {
            return parse(result.clone()).map_err(invalid);
        }
        let has_response = self
            .responses
            .as_object()
            .is_some_and(|responses| responses.contains_key(key));
        if has_response {
            let result = crate::take_input_response(&mut self.responses, key).map_err(invalid)?;
            let action = parse(result.clone()).map_err(invalid)?;
            self.answers.insert(key.to_owned(), result);
            return Ok(action);
        }
        if !self.form_supported {
            return Err(AskError::Unsupported);
        }
        Err(AskError::InputRequired(
            InputRequiredResult::new()
                .elicit(key.to_owned(), params)
                .request_state(self.seal()),
        ))
    }

    /// The sealed `requestState` holding the answers so far.
    fn seal(&self) -> String {
        let state = serde_json::json!({
            "scope": self.scope,
            "arguments": self.arguments,
            "answers": self.answers,
        });
        self.codec.encode(state.to_string().as_bytes())
    }
}
