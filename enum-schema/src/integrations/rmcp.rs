//! [rmcp](https://docs.rs/rmcp), the official Rust MCP SDK (feature `rmcp`,
//! tested with rmcp 3.11.0).
//!
//! # One call, every revision: [`Ask`]
//!
//! A tool asks for a derived form with one call, [`Ask::form`], and gets an
//! [`ElicitAction`] of the derived type, whichever revision the client
//! picked. The server type holds a [`RequestStateSeal`] (it implements
//! `AsRef<RequestStateSeal>`), and the tool takes [`Ask`] as an argument:
//!
//! ```no_run
//! use enum_schema::rmcp::{Ask, RequestStateSeal};
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, RequestStateCodec};
//! use rmcp::ErrorData;
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! #[derive(Clone)]
//! struct Server { seal: RequestStateSeal /* , tool_router: ToolRouter<Self> */ }
//!
//! impl AsRef<RequestStateSeal> for Server {
//!     fn as_ref(&self) -> &RequestStateSeal { &self.seal }
//! }
//!
//! // #[tool_router]
//! impl Server {
//!     fn new(key: Vec<u8>) -> Self {
//!         // The same key on every process behind the load balancer.
//!         let codec = RequestStateCodec::try_new(key).expect("a key of 32 bytes or more");
//!         Server { seal: RequestStateSeal::new(codec) }
//!     }
//!
//!     // #[tool(description = "Triage an incident")]
//!     async fn triage(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
//!         ask.tool(|ask| async move {
//!             let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
//!                 ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!                 ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!             };
//!             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
//!         })
//!         .await
//!     }
//! }
//! ```
//!
//! - **2025-06-18, 2025-11-25**: `form` sends `elicitation/create`, shaped
//!   for the revision (legacy `enumNames`, no defaults but booleans', and no
//!   multi-select for 2025-06-18: asking one is refused with a JSON-RPC
//!   error naming the field), and awaits the answer.
//! - **2026-07-28**: servers send no requests. `form` reads the answer from
//!   the call's `inputResponses`; without one, `?` ends the body and
//!   [`Ask::tool`] answers with rmcp's `InputRequiredResult`
//!   (`CallToolResponse::InputRequired`). The client asks the user and
//!   retries the call; the tool runs again from the top and gets past the
//!   question. Several questions, a later one depending on an earlier
//!   answer, work the same way: the answers of earlier rounds travel in
//!   `requestState`, sealed with rmcp's `RequestStateCodec` and bound to the
//!   tool and its arguments, so the retry may reach any server process that
//!   has the key (see [`RequestStateSeal`] for size, key rotation, expiry
//!   and replay). A state that was altered, forged, sealed for another
//!   request or with another key, or that expired, is refused.
//!
//! Prompts and resources ask the same way, in rmcp's `get_prompt` and
//! `read_resource`: [`Ask::for_prompt`] with [`Ask::prompt`], and
//! [`Ask::for_resource`] with [`Ask::resource`].
//!
//! # What the client gets back
//!
//! Nothing sent to a client names a Rust item: messages and `data` speak of
//! fields, values, methods and revisions ([`ElicitError`] has the table).
//! A rejected answer (a value not offered, a title instead of a value, a
//! string for a multi-select, a missing required field, a bound broken) is,
//! inside [`Ask::tool`], a tool result with `isError: true`, its message as
//! text and `{"errors":[{"field":..,"value":..,"allowed":[..],"message":..}]}`
//! as `structuredContent`; in a prompt or resource, which have no error
//! result, the JSON-RPC error `-32602` with that `data`. A tool result,
//! because the model sees it and can act on it (call the tool again, which
//! asks the user again, or explain), where a JSON-RPC error mostly stops at
//! the client. The tool does not re-ask by itself: the client already broke
//! the schema it was given once, and asking it the same question again in
//! the same call would most likely repeat the fault. A client that did not
//! declare form elicitation gets `-32021` (missing required client
//! capability) with `data.requiredCapabilities`.
//!
//! The answer reaches this crate as JSON that rmcp has already parsed (its
//! `ElicitResult` before 2026-07-28, its `inputResponses` on it), so the
//! duplicate-key check of [`ElicitForm::parse_result_str`] cannot apply: a
//! key the client wrote twice has already been reduced to its last value.
//! Before 2026-07-28, `"content": null` also reads as no content (an
//! `accept` without content answers a form of optional fields only).
//!
//! # Declaration order on the wire, and serde_json's `preserve_order`
//!
//! Clients render a form's fields in the order of its `properties`. rmcp
//! writes every request's `params` through a `serde_json::Value`, whose map
//! is sorted unless serde_json's `preserve_order` feature is on, and there
//! is no way around that `Value` for `elicitation/create`. So the `rmcp`
//! feature turns `preserve_order` on. Cargo unifies features across a build:
//! in a program that enables `rmcp`, every `serde_json::Map` (and
//! `Value::Object`) keeps insertion order instead of sorting its keys. That
//! changes what `to_string` of a `Value` built from several keys prints and
//! the order in which maps iterate; equality of maps does not depend on
//! order either way. The keys inside each property follow rmcp's model,
//! which is the order this crate writes them in.
//!
//! # Troubleshooting
//!
//! - **`the trait bound (Tool, fn(&Server, Ask) -> ..): IntoToolRoute<Server, _>
//!   is not satisfied`**, on `#[tool_router]`: an argument of that tool cannot
//!   be taken from the call. For [`Ask`], the server type lacks
//!   `impl AsRef<RequestStateSeal>` (the [`SealProvider`] bound). rmcp's
//!   router tries several handler shapes for each method, so the compiler
//!   names rmcp's trait, not the impl that is missing underneath; where the
//!   bound is checked directly (`Ask::from_context_part` in a hand-written
//!   route), the error says so itself.
//!
//! # Lower level
//!
//! [`PeerElicitExt::elicit_form`] sends one `elicitation/create` on rmcp's
//! server [`Peer`] (revisions before 2026-07-28 only); [`input_required`]
//! and [`input_response`] build and read the 2026-07-28 envelope by hand.
//!
//! # Conversions
//!
//! Every wire-model type converts into its rmcp counterpart with `From`, to
//! the same JSON: [`SingleSelectSchema`] and [`MultiSelectSchema`] into
//! [`EnumSchema`], [`PrimitiveSchema`] into [`PrimitiveSchemaDefinition`],
//! [`RequestedSchema`] into [`ElicitationSchema`] (properties in order), and
//! [`ElicitRequestFormParams`] into rmcp's form
//! [`ElicitRequestParams`](model::ElicitRequestParams). The one place where
//! rmcp's model is narrower: its `integer` schema holds `i64` bounds. The
//! crate's own JSON already keeps to that: the bounds and default are the
//! ones [`NumberSchema::advertised_minimum`] and its siblings give (an
//! integer bound beyond `i64`, the `u64` range, clamped to `i64`; an
//! integer default beyond it left out); the answer is still checked
//! against the real bounds when it comes back. rmcp's
//! [`ElicitResult`](model::ElicitResult) goes the other way with
//! [`parse_result`] and [`parse_form_result`].

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::time::Duration;

use ::rmcp::model::{
    self, BooleanSchema as RmcpBoolean, ConstTitle, ElicitationSchema, EnumSchema,
    IntegerSchema as RmcpInteger, LegacyEnumSchema, MultiSelectEnumSchema,
    NumberSchema as RmcpNumber, PrimitiveSchemaDefinition, SingleSelectEnumSchema,
    StringFormat as RmcpFormat, StringSchema as RmcpString, TitledItems,
    TitledMultiSelectEnumSchema, TitledSingleSelectEnumSchema,
};
use ::rmcp::service::{ElicitationMode, ServiceError};
use ::rmcp::{ErrorData, Peer, RoleServer};
use serde_json::{Map, Number, Value};

use super::common::{json_object, rejection_data};

mod ask;

pub use ask::{Ask, RequestStateSeal, SealProvider};

/// The client side: read a received elicitation, check the answer.
pub use super::rmcp_client::{accept, read_request, ClientError};

use crate::{
    BooleanSchema, ElicitAction, ElicitEnum, ElicitForm, ElicitRequestFormParams, EnumOption,
    Error, ErrorKind, Form, FormFields, MultiSelectField, MultiSelectSchema, NumberSchema,
    PrimitiveSchema, ProtocolVersion, RequestedSchema, SingleSelectField, SingleSelectSchema,
    StringFormat, StringSchema, VersionError,
};

fn values(options: &[EnumOption]) -> Vec<String> {
    options
        .iter()
        .map(|option| option.value().to_owned())
        .collect()
}

fn consts(options: &[EnumOption]) -> Vec<ConstTitle> {
    options
        .iter()
        .map(|option| ConstTitle::new(option.value(), option.label()))
        .collect()
}

/// A single-select schema as rmcp's `EnumSchema`, to the same JSON:
/// `EnumSchema::Single(Untitled)` for `{"type":"string","enum":[..]}`,
/// `EnumSchema::Single(Titled)` for `{"type":"string","oneOf":[..]}`,
/// `EnumSchema::Legacy` for `{"type":"string","enum":[..],"enumNames":[..]}`.
impl From<&SingleSelectSchema> for EnumSchema {
    fn from(schema: &SingleSelectSchema) -> Self {
        let title = schema.title.clone();
        let description = schema.description.clone();
        let default = schema.default.as_ref().map(|value| value.to_string());
        if schema.legacy {
            let mut legacy = LegacyEnumSchema::new(values(&schema.options));
            legacy.title = title;
            legacy.description = description;
            legacy.enum_names = schema.is_titled().then(|| {
                schema
                    .options
                    .iter()
                    .map(|option| option.label().to_owned())
                    .collect()
            });
            legacy.default = default;
            return EnumSchema::Legacy(legacy);
        }
        if schema.is_titled() {
            let mut titled = TitledSingleSelectEnumSchema::new(consts(&schema.options));
            titled.title = title;
            titled.description = description;
            titled.default = default;
            return EnumSchema::Single(SingleSelectEnumSchema::Titled(titled));
        }
        // rmcp has no constructor for the untitled shape but its builder.
        let mut built = EnumSchema::builder(values(&schema.options)).build();
        if let EnumSchema::Single(SingleSelectEnumSchema::Untitled(untitled)) = &mut built {
            untitled.title = title;
            untitled.description = description;
            untitled.default = default;
        }
        built
    }
}

impl From<SingleSelectSchema> for EnumSchema {
    fn from(schema: SingleSelectSchema) -> Self {
        EnumSchema::from(&schema)
    }
}

/// A multi-select schema as rmcp's `EnumSchema::Multi`, to the same JSON:
/// `Untitled` for `{"type":"array","items":{"type":"string","enum":[..]}}`,
/// `Titled` for `{"type":"array","items":{"anyOf":[..]}}`.
impl From<&MultiSelectSchema> for EnumSchema {
    fn from(schema: &MultiSelectSchema) -> Self {
        let title = schema.title.clone();
        let description = schema.description.clone();
        let min_items = schema.min_items.map(|min| min as u64);
        let max_items = schema.max_items.map(|max| max as u64);
        let default = schema
            .default
            .as_ref()
            .map(|values| values.iter().map(|value| value.to_string()).collect());
        if schema.is_titled() {
            let mut titled =
                TitledMultiSelectEnumSchema::new(TitledItems::new(consts(&schema.options)));
            titled.title = title;
            titled.description = description;
            titled.min_items = min_items;
            titled.max_items = max_items;
            titled.default = default;
            return EnumSchema::Multi(MultiSelectEnumSchema::Titled(titled));
        }
        let mut built = EnumSchema::builder(values(&schema.options))
            .multiselect()
            .build();
        if let EnumSchema::Multi(MultiSelectEnumSchema::Untitled(untitled)) = &mut built {
            untitled.title = title;
            untitled.description = description;
            untitled.min_items = min_items;
            untitled.max_items = max_items;
            untitled.default = default;
        }
        built
    }
}

impl From<MultiSelectSchema> for EnumSchema {
    fn from(schema: MultiSelectSchema) -> Self {
        EnumSchema::from(&schema)
    }
}

/// `T::SCHEMA` (or a variation of it) as rmcp's `EnumSchema`, for rmcp's
/// own `ElicitationSchema::builder().required_enum_schema(..)`.
impl<T: ElicitEnum> From<SingleSelectField<T>> for EnumSchema {
    fn from(schema: SingleSelectField<T>) -> Self {
        EnumSchema::from(&schema.to_schema())
    }
}

/// `T::MULTI_SCHEMA` (or a variation of it) as rmcp's `EnumSchema`.
impl<T: ElicitEnum> From<MultiSelectField<T>> for EnumSchema {
    fn from(schema: MultiSelectField<T>) -> Self {
        EnumSchema::from(&schema.to_schema())
    }
}

fn rmcp_format(format: StringFormat) -> RmcpFormat {
    match format {
        StringFormat::Email => RmcpFormat::Email,
        StringFormat::Uri => RmcpFormat::Uri,
        StringFormat::Date => RmcpFormat::Date,
        StringFormat::DateTime => RmcpFormat::DateTime,
    }
}

/// `{"type":"string",..}` as rmcp's `StringSchema`; lengths beyond `u32`
/// (rmcp's type) are clamped.
impl From<&StringSchema> for RmcpString {
    fn from(schema: &StringSchema) -> Self {
        let length = |length: usize| u32::try_from(length).unwrap_or(u32::MAX);
        let mut string = RmcpString::new();
        string.title = schema.title.clone();
        string.description = schema.description.clone();
        string.min_length = schema.min_length.map(length);
        string.max_length = schema.max_length.map(length);
        string.format = schema.format.map(rmcp_format);
        string.default = schema.default.as_ref().map(|value| value.to_string());
        string
    }
}

/// `{"type":"boolean",..}` as rmcp's `BooleanSchema`.
impl From<&BooleanSchema> for RmcpBoolean {
    fn from(schema: &BooleanSchema) -> Self {
        let mut boolean = RmcpBoolean::new();
        boolean.title = schema.title.clone();
        boolean.description = schema.description.clone();
        boolean.default = schema.default;
        boolean
    }
}

/// A number property as rmcp's `PrimitiveSchemaDefinition`:
/// `Integer` for `"type":"integer"`, `Number` for `"type":"number"`.
fn number_definition(schema: &NumberSchema) -> PrimitiveSchemaDefinition {
    if schema.integer {
        let mut integer = RmcpInteger::new();
        integer.title = schema.title.clone();
        integer.description = schema.description.clone();
        // The same readable bounds as the JSON the crate sends: integers
        // within i64.
        let integer_of = |number: Option<Number>| number.as_ref().and_then(Number::as_i64);
        integer.minimum = integer_of(schema.advertised_minimum());
        integer.maximum = integer_of(schema.advertised_maximum());
        integer.default = integer_of(schema.advertised_default());
        PrimitiveSchemaDefinition::Integer(integer)
    } else {
        let mut number = RmcpNumber::new();
        number.title = schema.title.clone();
        number.description = schema.description.clone();
        let float_of = |number: Option<Number>| number.as_ref().and_then(Number::as_f64);
        number.minimum = float_of(schema.advertised_minimum());
        number.maximum = float_of(schema.advertised_maximum());
        number.default = float_of(schema.advertised_default());
        PrimitiveSchemaDefinition::Number(number)
    }
}

/// One property as rmcp's `PrimitiveSchemaDefinition`, to the same JSON
/// (integer bounds as [`NumberSchema::advertised_minimum`] sends them).
impl From<&PrimitiveSchema> for PrimitiveSchemaDefinition {
    fn from(schema: &PrimitiveSchema) -> Self {
        match schema {
            PrimitiveSchema::String(string) => PrimitiveSchemaDefinition::String(string.into()),
            PrimitiveSchema::Number(number) => number_definition(number),
            PrimitiveSchema::Boolean(boolean) => PrimitiveSchemaDefinition::Boolean(boolean.into()),
            PrimitiveSchema::SingleSelect(single) => PrimitiveSchemaDefinition::Enum(single.into()),
            PrimitiveSchema::MultiSelect(multi) => PrimitiveSchemaDefinition::Enum(multi.into()),
        }
    }
}

impl From<PrimitiveSchema> for PrimitiveSchemaDefinition {
    fn from(schema: PrimitiveSchema) -> Self {
        PrimitiveSchemaDefinition::from(&schema)
    }
}

/// A `requestedSchema` as rmcp's `ElicitationSchema`:
/// `{"type":"object","properties":{..},"required":[..]}`, the properties in
/// the same order (rmcp keeps it in `property_order`), `required` left out
/// when empty.
impl From<&RequestedSchema> for ElicitationSchema {
    fn from(schema: &RequestedSchema) -> Self {
        let properties: BTreeMap<String, PrimitiveSchemaDefinition> = schema
            .properties
            .iter()
            .map(|(name, property)| (name.to_string(), property.into()))
            .collect();
        let mut elicitation = ElicitationSchema::new(properties);
        elicitation.property_order = Some(
            schema
                .properties
                .iter()
                .map(|(name, _)| name.to_string())
                .collect(),
        );
        if !schema.required.is_empty() {
            elicitation.required = Some(
                schema
                    .required
                    .iter()
                    .map(|name| name.to_string())
                    .collect(),
            );
        }
        elicitation
    }
}

impl From<RequestedSchema> for ElicitationSchema {
    fn from(schema: RequestedSchema) -> Self {
        ElicitationSchema::from(&schema)
    }
}

/// Form-mode params as rmcp's `ElicitRequestParams::FormElicitationParams`:
/// `{"mode":"form","message":"..","requestedSchema":{..}}` (rmcp always
/// writes the optional `mode`).
impl From<&ElicitRequestFormParams> for model::ElicitRequestParams {
    fn from(params: &ElicitRequestFormParams) -> Self {
        model::ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: params.message.to_string(),
            requested_schema: (&params.requested_schema).into(),
        }
    }
}

impl From<ElicitRequestFormParams> for model::ElicitRequestParams {
    fn from(params: ElicitRequestFormParams) -> Self {
        model::ElicitRequestParams::from(&params)
    }
}

/// rmcp's `ElicitResult` as the JSON the client sent:
/// `{"action":..,"content":..}`.
pub(crate) fn result_json(result: &model::ElicitResult) -> Result<Value, Error> {
    serde_json::to_value(result).map_err(|error| {
        Error::from(ErrorKind::MalformedResult {
            reason: Cow::Owned(format!("the ElicitResult does not serialize: {error}")),
            found: None,
        })
    })
}

/// Parses rmcp's `ElicitResult` into a derived form: accept (the struct,
/// re-validated), decline or cancel.
///
/// # Errors
///
/// As [`ElicitForm::parse_result`]: [`ErrorKind::MalformedResult`] if `content`
/// is not an object, then every failing field.
pub fn parse_result<F: ElicitForm>(result: &model::ElicitResult) -> Result<ElicitAction<F>, Error> {
    F::parse_result(result_json(result)?)
}

/// Parses rmcp's `ElicitResult` into the tuple of a run-time [`Form`]'s
/// answers.
///
/// # Errors
///
/// As [`Form::parse_result`].
pub fn parse_form_result<F: FormFields>(
    form: &Form<F>,
    result: &model::ElicitResult,
) -> Result<ElicitAction<F::Output>, Error> {
    form.parse_result(result_json(result)?)
}

/// Why [`Ask`] or [`PeerElicitExt`] got no typed answer.
///
/// Its `Display` and its conversion into rmcp's `ErrorData` (what a client
/// receives) speak protocol: they name fields, values, methods and
/// revisions, never Rust items.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client did not declare form elicitation in its capabilities, so
    /// the spec forbids asking it.
    Unsupported,
    /// The negotiated protocol revision cannot carry this form: no
    /// elicitation before 2025-06-18, no multi-select in 2025-06-18.
    Version(VersionError),
    /// Not a failure: on MCP 2026-07-28 the answer is not there yet, and
    /// this `input_required` result asks for it. [`Ask::tool`],
    /// [`Ask::prompt`] and [`Ask::resource`] return it as the response.
    InputRequired(Box<model::InputRequiredResult>),
    /// [`PeerElicitExt`] on a revision (2026-07-28 or later) that has no
    /// server-to-client requests; [`Ask`] asks inside the result instead.
    NoServerRequests {
        /// The negotiated revision.
        version: String,
    },
    /// The request's `requestState` was not sealed by this server for this
    /// request: altered, sealed with an unknown key or for another request,
    /// or expired. The detail is for the server's logs; the client gets one
    /// message for all of them, as rmcp's `RequestStateCodec` asks.
    RequestState(model::RequestStateError),
    /// A retry's `inputResponses` answers a question that an earlier round
    /// already answered (sealed in `requestState`), differently.
    AnswerChanged {
        /// The question's key.
        key: String,
    },
    /// rmcp could not complete the request: the client answered with an
    /// error, the transport closed, or the timeout expired.
    Service(ServiceError),
    /// The client's answer failed re-validation; the error keeps what it
    /// sent.
    Invalid(Error),
    /// Any other error of the tool, prompt or resource handler, for `?` on
    /// rmcp's `ErrorData` inside an [`Ask`] body; passed on as it is.
    Handler(ErrorData),
    /// A server bug, refused on every revision so that it shows on the first
    /// test whatever the client: [`Ask::form`] or [`Ask::fields`] called
    /// outside the body of [`Ask::tool`], [`Ask::prompt`] or
    /// [`Ask::resource`], which alone can carry the `input_required` result
    /// of 2026-07-28.
    OutsideHandler,
    /// A server bug, refused on every revision: two questions of one request
    /// under the same key (on 2026-07-28 the second would read the first
    /// one's answer).
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
    /// `minLength`/`maxLength`, `format`, `type`).
    pub fn data(&self) -> Option<Value> {
        match self {
            ElicitError::Invalid(error) => Some(rejection_data(error)),
            ElicitError::Unsupported => Some(required_capability()),
            ElicitError::AnswerChanged { key } => {
                Some(json_object([("key", Value::from(key.as_str()))]))
            }
            ElicitError::Version(VersionError::NoMultiSelect { version, property }) => {
                Some(json_object([
                    ("protocolVersion", Value::from(version.as_str())),
                    (
                        "field",
                        property.as_deref().map_or(Value::Null, Value::from),
                    ),
                ]))
            }
            _ => None,
        }
    }
}

/// `{"requiredCapabilities":{"elicitation":{"form":{}}}}`, as rmcp's
/// `ErrorData::missing_required_client_capability` writes it.
fn required_capability() -> Value {
    let mut form = model::ElicitationCapability::default();
    form.form = Some(Default::default());
    let mut capabilities = model::ClientCapabilities::default();
    capabilities.elicitation = Some(form);
    json_object([(
        "requiredCapabilities",
        serde_json::to_value(capabilities).unwrap_or(Value::Null),
    )])
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ElicitError::Unsupported => f.write_str(
                "the client did not declare the elicitation capability (form mode), so it cannot be asked",
            ),
            ElicitError::Version(error) => error.fmt(f),
            ElicitError::InputRequired(_) => f.write_str(
                "the server needs the client's input, which this response cannot ask for",
            ),
            ElicitError::NoServerRequests { version } => write!(
                f,
                "protocol version {version} has no server-to-client requests, so elicitation/create \
                 cannot be sent; the server has to ask inside the result (input_required)"
            ),
            ElicitError::RequestState(_) => f.write_str(
                "requestState was not issued by this server for this request, or it has expired; \
                 send the request again without requestState and inputResponses",
            ),
            ElicitError::AnswerChanged { key } => write!(
                f,
                "inputResponses answers {key:?} differently from the answer already given in an \
                 earlier round (sealed in requestState)"
            ),
            ElicitError::Service(error) => write!(f, "the elicitation request failed: {error}"),
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
            ElicitError::Version(error) => Some(error),
            ElicitError::RequestState(error) => Some(error),
            ElicitError::Service(error) => Some(error),
            ElicitError::Invalid(error) => Some(error),
            _ => None,
        }
    }
}

impl From<ErrorData> for ElicitError {
    fn from(error: ErrorData) -> Self {
        ElicitError::Handler(error)
    }
}

/// What a client receives, so that `?` works in a handler returning
/// `Result<_, ErrorData>` (the message is the error's `Display`, the `data`
/// is [`ElicitError::data`]):
///
/// | error | JSON-RPC error |
/// |---|---|
/// | `Invalid` (a rejected answer) | `-32602` invalid params, `data` naming each field, value and what was allowed |
/// | `RequestState`, `AnswerChanged` | `-32602` invalid params |
/// | `Unsupported` | `-32021` missing required client capability, `data.requiredCapabilities` |
/// | `Version`, `NoServerRequests` | `-32600` invalid request |
/// | `Service` with the client's own error | that error, as it came |
/// | `Handler` | that error, as it is |
/// | anything else | `-32603` internal error |
///
/// Inside [`Ask::tool`], a rejected answer is a tool result with
/// `isError: true` instead, and `InputRequired` is the `input_required`
/// result.
impl From<ElicitError> for ErrorData {
    fn from(error: ElicitError) -> Self {
        let message = error.to_string();
        let data = error.data();
        match error {
            ElicitError::Service(ServiceError::McpError(error)) | ElicitError::Handler(error) => {
                error
            }
            ElicitError::Invalid(_)
            | ElicitError::RequestState(_)
            | ElicitError::AnswerChanged { .. } => ErrorData::invalid_params(message, data),
            ElicitError::Unsupported => ErrorData::new(
                model::ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY,
                message,
                data,
            ),
            ElicitError::Version(_) | ElicitError::NoServerRequests { .. } => {
                ErrorData::invalid_request(message, data)
            }
            ElicitError::InputRequired(_)
            | ElicitError::Service(_)
            | ElicitError::OutsideHandler
            | ElicitError::KeyReused { .. } => ErrorData::internal_error(message, data),
        }
    }
}

/// Asking the client with derived types, on rmcp's server [`Peer`], with
/// `elicitation/create`: revisions before 2026-07-28 only (on 2026-07-28 it
/// is [`ElicitError::NoServerRequests`]); [`Ask`] works on every revision.
///
/// Each method checks that the client declared form elicitation, shapes
/// the request for the negotiated revision
/// ([`ElicitRequestFormParams::for_version`]), sends it with rmcp's
/// `create_elicitation`, and parses the answer: an accept is re-validated
/// field by field, so a value outside the options, a title sent instead of
/// a value, a string where an array belongs or too many items is an
/// [`ElicitError::Invalid`], never a panic and never a silently wrong value.
pub trait PeerElicitExt {
    /// Sends `F`'s form with `message` and returns the typed answer.
    ///
    /// # Errors
    ///
    /// See [`ElicitError`].
    fn elicit_form<F>(
        &self,
        message: impl Into<Cow<'static, str>>,
    ) -> impl Future<Output = Result<ElicitAction<F>, ElicitError>> + Send
    where
        F: ElicitForm + Send;

    /// As [`elicit_form`](Self::elicit_form), giving up after `timeout`
    /// (`None`: rmcp's default).
    ///
    /// # Errors
    ///
    /// See [`ElicitError`]; an expired timeout is
    /// `ElicitError::Service(ServiceError::Timeout { .. })`.
    fn elicit_form_with_timeout<F>(
        &self,
        message: impl Into<Cow<'static, str>>,
        timeout: Option<Duration>,
    ) -> impl Future<Output = Result<ElicitAction<F>, ElicitError>> + Send
    where
        F: ElicitForm + Send;

    /// Sends a run-time [`Form`] with `message` and returns the tuple of its
    /// typed answers.
    ///
    /// # Errors
    ///
    /// See [`ElicitError`].
    fn elicit_fields<F>(
        &self,
        form: &Form<F>,
        message: impl Into<Cow<'static, str>>,
    ) -> impl Future<Output = Result<ElicitAction<F::Output>, ElicitError>> + Send
    where
        F: FormFields + Sync,
        F::Output: Send;
}

/// The peer's negotiated revision, as sent and as this crate knows it.
fn negotiated(peer: &Peer<RoleServer>) -> Option<(String, Option<ProtocolVersion>)> {
    let info = peer.peer_info()?;
    let version = info.protocol_version.as_str().to_owned();
    let known = version.parse().ok();
    Some((version, known))
}

/// Checks that `peer` can be asked, shapes `params` for `version` and sends
/// them as `elicitation/create`.
pub(crate) async fn send(
    peer: &Peer<RoleServer>,
    params: ElicitRequestFormParams,
    version: Option<ProtocolVersion>,
    timeout: Option<Duration>,
) -> Result<model::ElicitResult, ElicitError> {
    let params = match version {
        Some(version) if version.uses_input_required() => {
            return Err(ElicitError::NoServerRequests {
                version: version.as_str().to_owned(),
            })
        }
        Some(version) => params.for_version(version).map_err(ElicitError::Version)?,
        // No handshake (rmcp then decides): the newest shapes.
        None => params,
    };
    if !peer
        .supported_elicitation_modes()
        .contains(&ElicitationMode::Form)
    {
        return Err(ElicitError::Unsupported);
    }
    peer.create_elicitation_with_timeout((&params).into(), timeout)
        .await
        .map_err(ElicitError::Service)
}

/// [`send`] with the revision of the peer's handshake.
async fn send_negotiated(
    peer: &Peer<RoleServer>,
    params: ElicitRequestFormParams,
    timeout: Option<Duration>,
) -> Result<model::ElicitResult, ElicitError> {
    let version = match negotiated(peer) {
        Some((_, Some(known))) => Some(known),
        // A revision newer than this crate knows has no requests either.
        Some((version, None)) => return Err(ElicitError::NoServerRequests { version }),
        None => None,
    };
    send(peer, params, version, timeout).await
}

impl PeerElicitExt for Peer<RoleServer> {
    fn elicit_form<F>(
        &self,
        message: impl Into<Cow<'static, str>>,
    ) -> impl Future<Output = Result<ElicitAction<F>, ElicitError>> + Send
    where
        F: ElicitForm + Send,
    {
        self.elicit_form_with_timeout(message, None)
    }

    fn elicit_form_with_timeout<F>(
        &self,
        message: impl Into<Cow<'static, str>>,
        timeout: Option<Duration>,
    ) -> impl Future<Output = Result<ElicitAction<F>, ElicitError>> + Send
    where
        F: ElicitForm + Send,
    {
        let params = F::request(message);
        async move {
            let result = send_negotiated(self, params, timeout).await?;
            parse_result::<F>(&result).map_err(ElicitError::Invalid)
        }
    }

    fn elicit_fields<F>(
        &self,
        form: &Form<F>,
        message: impl Into<Cow<'static, str>>,
    ) -> impl Future<Output = Result<ElicitAction<F::Output>, ElicitError>> + Send
    where
        F: FormFields + Sync,
        F::Output: Send,
    {
        let params = form.request(message);
        async move {
            let result = send_negotiated(self, params, None).await?;
            parse_form_result(form, &result).map_err(ElicitError::Invalid)
        }
    }
}

/// Params as an entry of rmcp's `InputRequests` (MCP 2026-07-28):
/// `{"method":"elicitation/create","params":{..}}`.
pub fn input_request(params: &ElicitRequestFormParams) -> model::InputRequest {
    model::InputRequest::Elicitation(model::ElicitRequest::new(params.into()))
}

/// The `input_required` result that asks for `F`'s form under `key` (MCP
/// 2026-07-28): `{"resultType":"input_required","inputRequests":{key:{"method":"elicitation/create","params":{"mode":"form","message":..,"requestedSchema":{..}}}}}`.
/// Return it from the tool; the client calls the tool again with the
/// answer in `inputResponses`, which [`input_response`] reads. Set
/// `request_state` on it to carry state to the retried call.
///
/// ```
/// use enum_schema::rmcp::{input_required, input_response};
/// use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
/// use serde_json::json;
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// enum Plan { Free, Pro }
///
/// #[derive(ElicitForm, Debug, PartialEq)]
/// struct Upgrade { plan: Plan }
///
/// // First call: no answer yet, so ask.
/// assert_eq!(input_response::<Upgrade>(None, "upgrade"), Ok(None));
/// let result = input_required::<Upgrade>("upgrade", "Which plan?");
/// let json = serde_json::to_value(&result).unwrap();
/// assert_eq!(json["inputRequests"]["upgrade"]["params"]["requestedSchema"]["properties"]["plan"],
///            json!({"type": "string", "enum": ["Free", "Pro"]}));
///
/// // Retried call: the answer under the same key.
/// let responses = [("upgrade".to_owned(), json!({"action": "accept", "content": {"plan": "Pro"}}))]
///     .into_iter()
///     .collect();
/// assert_eq!(
///     input_response::<Upgrade>(Some(&responses), "upgrade"),
///     Ok(Some(ElicitAction::Accept(Upgrade { plan: Plan::Pro }))),
/// );
/// ```
pub fn input_required<F: ElicitForm>(
    key: impl Into<String>,
    message: impl Into<Cow<'static, str>>,
) -> model::InputRequiredResult {
    let mut requests = model::InputRequests::new();
    requests.insert(key.into(), input_request(&F::request(message)));
    model::InputRequiredResult::from_input_requests(requests)
}

/// The typed answer under `key` in a retried call's `inputResponses` (MCP
/// 2026-07-28), or `None` when there is none yet (the first call, or a
/// client that answered other keys only).
///
/// # Errors
///
/// [`ErrorKind::MalformedInputResponse`] if the entry is not an elicitation
/// answer (no `action`), then as [`ElicitForm::parse_result`].
pub fn input_response<F: ElicitForm>(
    input_responses: Option<&model::InputResponses>,
    key: &str,
) -> Result<Option<ElicitAction<F>>, Error> {
    let Some(response) = input_responses.and_then(|responses| responses.get(key)) else {
        return Ok(None);
    };
    let mut entry = Map::new();
    entry.insert(key.to_owned(), response.clone());
    crate::parse_input_response::<F>(Value::Object(entry), key).map(Some)
}
