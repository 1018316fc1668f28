//! [rmcp](https://docs.rs/rmcp), the official Rust MCP SDK (feature `rmcp`,
//! tested with rmcp 3.11.0).
//!
//! On a server that already runs on rmcp, one derived choice is one call:
//! [`PeerElicitExt::elicit_form`] sends the derived form as an
//! `elicitation/create` request and returns the client's answer as an
//! [`ElicitAction`] of the derived type, re-validated.
//!
//! ```no_run
//! use enum_schema::rmcp::PeerElicitExt;
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use rmcp::model::{CallToolResult, ContentBlock};
//! use rmcp::{ErrorData, Peer, RoleServer};
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! // In a tool: `peer` is an argument of any `#[tool]` method, or `context.peer`.
//! async fn triage(peer: Peer<RoleServer>) -> Result<CallToolResult, ErrorData> {
//!     let text = match peer.elicit_form::<Triage>("How bad is it?").await? {
//!         ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!         ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!     };
//!     Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
//! }
//! ```
//!
//! The request is shaped for the protocol revision the client negotiated
//! (legacy `enumNames` for 2025-06-18, see [`ElicitRequestParams::for_version`]),
//! and the client must have declared form elicitation, as the spec requires.
//!
//! # Protocol 2026-07-28: input inside the tool result
//!
//! From 2026-07-28 on, a server no longer sends requests to the client: the
//! tool returns an `input_required` result, and the client calls the tool
//! again with the answers. [`input_required`] builds rmcp's
//! [`InputRequiredResult`](model::InputRequiredResult) from a derived form,
//! and [`input_response`] reads the typed answer from the retried call.
//!
//! # Conversions
//!
//! Every wire-model type converts into its rmcp counterpart with `From`, to
//! the same JSON: [`SingleSelectSchema`] and [`MultiSelectSchema`] into
//! [`EnumSchema`], [`PrimitiveSchema`] into [`PrimitiveSchemaDefinition`],
//! [`RequestedSchema`] into [`ElicitationSchema`] (properties in order), and
//! [`ElicitRequestParams`] into rmcp's form
//! [`ElicitRequestParams`](model::ElicitRequestParams). The one place where
//! rmcp's model is narrower: its `integer` schema holds `i64` bounds, so an
//! integer bound beyond `i64` (the `u64` range) is clamped to `i64`, and an
//! integer default beyond it is left out; the answer is still checked
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

/// The client side: read a received elicitation, check the answer.
pub use super::rmcp_client::{accept, read_request, ClientError};
use crate::{
    BooleanSchema, ElicitAction, ElicitEnum, ElicitForm, ElicitRequestParams, EnumOption, Error,
    Form, FormFields, MultiSelect, MultiSelectSchema, NumberSchema, PrimitiveSchema,
    ProtocolVersion, RequestedSchema, SingleSelect, SingleSelectSchema, StringFormat, StringSchema,
    VersionError,
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
impl<T: ElicitEnum> From<SingleSelect<T>> for EnumSchema {
    fn from(schema: SingleSelect<T>) -> Self {
        EnumSchema::from(&schema.to_schema())
    }
}

/// `T::MULTI_SCHEMA` (or a variation of it) as rmcp's `EnumSchema`.
impl<T: ElicitEnum> From<MultiSelect<T>> for EnumSchema {
    fn from(schema: MultiSelect<T>) -> Self {
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

/// An integer bound as an `i64`: a fractional bound rounded inwards (the
/// same integers pass), a bound beyond `i64` clamped to it.
fn integer_bound(bound: &Number, lower: bool) -> i64 {
    if let Some(bound) = bound.as_i64() {
        return bound;
    }
    if bound.as_u64().is_some() {
        return i64::MAX;
    }
    let bound = bound.as_f64().unwrap_or(0.0);
    // `as` saturates at the ends of `i64`.
    if lower {
        bound.ceil() as i64
    } else {
        bound.floor() as i64
    }
}

/// An integer default as an `i64`, if it is one.
fn integer_default(default: &Number) -> Option<i64> {
    default.as_i64().or_else(|| {
        let value = default.as_f64()?;
        let fits = value.fract() == 0.0
            && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&value);
        fits.then_some(value as i64)
    })
}

/// A number property as rmcp's `PrimitiveSchemaDefinition`:
/// `Integer` for `"type":"integer"`, `Number` for `"type":"number"`.
fn number_definition(schema: &NumberSchema) -> PrimitiveSchemaDefinition {
    if schema.integer {
        let mut integer = RmcpInteger::new();
        integer.title = schema.title.clone();
        integer.description = schema.description.clone();
        integer.minimum = schema
            .minimum
            .as_ref()
            .map(|bound| integer_bound(bound, true));
        integer.maximum = schema
            .maximum
            .as_ref()
            .map(|bound| integer_bound(bound, false));
        integer.default = schema.default.as_ref().and_then(integer_default);
        PrimitiveSchemaDefinition::Integer(integer)
    } else {
        let mut number = RmcpNumber::new();
        number.title = schema.title.clone();
        number.description = schema.description.clone();
        number.minimum = schema.minimum.as_ref().and_then(Number::as_f64);
        number.maximum = schema.maximum.as_ref().and_then(Number::as_f64);
        number.default = schema.default.as_ref().and_then(Number::as_f64);
        PrimitiveSchemaDefinition::Number(number)
    }
}

/// One property as rmcp's `PrimitiveSchemaDefinition`, to the same JSON
/// (but for integer bounds beyond `i64`, see the [module docs](self)).
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
impl From<&ElicitRequestParams> for model::ElicitRequestParams {
    fn from(params: &ElicitRequestParams) -> Self {
        model::ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: params.message.to_string(),
            requested_schema: (&params.requested_schema).into(),
        }
    }
}

impl From<ElicitRequestParams> for model::ElicitRequestParams {
    fn from(params: ElicitRequestParams) -> Self {
        model::ElicitRequestParams::from(&params)
    }
}

/// rmcp's `ElicitResult` as the JSON the client sent:
/// `{"action":..,"content":..}`.
fn result_json(result: &model::ElicitResult) -> Result<Value, Error> {
    serde_json::to_value(result).map_err(|error| Error::MalformedResult {
        reason: Cow::Owned(format!("the ElicitResult does not serialize: {error}")),
        found: None,
    })
}

/// Parses rmcp's `ElicitResult` into a derived form: accept (the struct,
/// re-validated), decline or cancel.
///
/// # Errors
///
/// As [`ElicitForm::parse_result`]: [`Error::MalformedResult`] if `content`
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

/// Why [`PeerElicitExt`] got no typed answer.
#[derive(Debug)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client did not declare form elicitation in its `initialize`
    /// capabilities, so the spec forbids asking it.
    Unsupported,
    /// The negotiated protocol revision cannot carry this form: no
    /// elicitation before 2025-06-18, no multi-select in 2025-06-18.
    Version(VersionError),
    /// The negotiated protocol revision (2026-07-28 or later) has no
    /// server-to-client requests: return [`input_required`] from the tool
    /// instead, and read the answer with [`input_response`].
    InputRequired {
        /// The negotiated revision.
        version: String,
    },
    /// rmcp could not complete the request: the client answered with an
    /// error, the transport closed, or the timeout expired.
    Service(ServiceError),
    /// The client's answer failed re-validation; the error keeps what it
    /// sent.
    Invalid(Error),
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ElicitError::Unsupported => f.write_str(
                "the client did not declare form elicitation in its capabilities, so it cannot be asked",
            ),
            ElicitError::Version(error) => error.fmt(f),
            ElicitError::InputRequired { version } => write!(
                f,
                "protocol version {version} has no server-to-client requests; return \
                 enum_schema::rmcp::input_required(..) from the tool and read the answer with \
                 enum_schema::rmcp::input_response(..)"
            ),
            ElicitError::Service(error) => write!(f, "the elicitation request failed: {error}"),
            ElicitError::Invalid(error) => write!(f, "the client's answer was rejected: {error}"),
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Version(error) => Some(error),
            ElicitError::Service(error) => Some(error),
            ElicitError::Invalid(error) => Some(error),
            ElicitError::Unsupported | ElicitError::InputRequired { .. } => None,
        }
    }
}

/// So that `?` works in a tool returning `Result<_, ErrorData>`: an error
/// response from the client is passed on as it came, a rejected answer is
/// `invalid_params`, a client or revision that cannot be asked is
/// `invalid_request`, anything else `internal_error`. The message is the
/// error's `Display`.
impl From<ElicitError> for ErrorData {
    fn from(error: ElicitError) -> Self {
        let message = error.to_string();
        match error {
            ElicitError::Service(ServiceError::McpError(error)) => error,
            ElicitError::Invalid(_) => ErrorData::invalid_params(message, None),
            ElicitError::Unsupported
            | ElicitError::Version(_)
            | ElicitError::InputRequired { .. } => ErrorData::invalid_request(message, None),
            ElicitError::Service(_) => ErrorData::internal_error(message, None),
        }
    }
}

/// Asking the client with derived types, on rmcp's server [`Peer`].
///
/// Each method checks that the client declared form elicitation, shapes
/// the request for the negotiated revision
/// ([`ElicitRequestParams::for_version`]), sends it with rmcp's
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

/// The peer's negotiated revision, if it is one this crate knows.
fn negotiated(peer: &Peer<RoleServer>) -> Option<(String, Option<ProtocolVersion>)> {
    let info = peer.peer_info()?;
    let version = info.protocol_version.as_str().to_owned();
    let known = version.parse().ok();
    Some((version, known))
}

/// Checks that `peer` can be asked, shapes `params` for it and sends them.
async fn send(
    peer: &Peer<RoleServer>,
    params: ElicitRequestParams,
    timeout: Option<Duration>,
) -> Result<model::ElicitResult, ElicitError> {
    let params = match negotiated(peer) {
        Some((version, Some(known))) if known.uses_input_required() => {
            return Err(ElicitError::InputRequired { version })
        }
        Some((_, Some(known))) => params.for_version(known).map_err(ElicitError::Version)?,
        // A revision newer than this crate knows, or no handshake (rmcp then
        // decides): the newest shapes.
        _ => params,
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
            let result = send(self, params, timeout).await?;
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
            let result = send(self, params, None).await?;
            parse_form_result(form, &result).map_err(ElicitError::Invalid)
        }
    }
}

/// Params as an entry of rmcp's `InputRequests` (MCP 2026-07-28):
/// `{"method":"elicitation/create","params":{..}}`.
pub fn input_request(params: &ElicitRequestParams) -> model::InputRequest {
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
/// [`Error::MalformedInputResponse`] if the entry is not an elicitation
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
