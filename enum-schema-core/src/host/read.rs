//! Reading what a server sent, leniently: an `elicitation/create`'s
//! params into a [`Request`], a 2026-07-28 `input_required` result into
//! an [`InputRequired`]. The strict reader (`schema/read.rs`) stays the
//! judge of every field: lenient reading only sets aside what would make
//! it refuse a field (advice it cannot check, a default or `enumNames`
//! that break the schema's own rules) and notes it, and a field it still
//! refuses is kept, unsupported, so that one field never degrades the
//! form.

use std::collections::HashSet;
use std::fmt;

use serde_json::{Map, Value};

use crate::error::quote::Quoted;
use crate::schema::PrimitiveSchema;
use crate::schema::SchemaError;

use super::field::{strictest, Field, Note};
use super::json::Tree;

/// The most fields a [`Request`] holds: more than a person fills in, far
/// below what a transport carries. A request with more is refused whole
/// ([`ReadError::TooManyFields`]), before any field is read.
pub const MAX_FIELDS: usize = 1_000;

/// The most options one select may list to be shown: ten thousand, the
/// longest list a server on this crate sends (`Ask::choose` narrows a
/// longer one by a search first). A select with more is
/// [`Kind::Unsupported`](super::Kind::Unsupported)
/// ([`SchemaError::TooManyOptions`]); the rest of the form is not.
pub const MAX_OPTIONS: usize = 10_000;

/// Why a request or result could not be read at all. A field that cannot
/// be shown is no such error: it is a [`Kind::Unsupported`](super::Kind::Unsupported)
/// field of a request that can be read.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ReadError {
    /// Text that is not JSON, or nested deeper than 128 levels.
    InvalidJson {
        /// serde_json's message.
        message: String,
    },
    /// A member of the params or the result that is missing or of the
    /// wrong kind: `message` not a string, `requestedSchema` without
    /// `properties`, `inputRequests` not an object, ..
    InvalidMember {
        /// The member, as a JSON path from the params or result
        /// (`requestedSchema.properties`).
        member: &'static str,
        /// What it should be.
        expected: &'static str,
        /// What was found; `None` when it is missing.
        found: Option<Value>,
    },
    /// An elicitation that is not a form (`"mode": "url"`, or a mode newer
    /// than this crate knows): there is nothing to fill in.
    NotAForm {
        /// The `mode` the request carries.
        mode: String,
    },
    /// A member of the params or the result, or of the `requestedSchema`,
    /// `inputRequests` or one input request inside it (not of a property:
    /// a property with a key twice is an unsupported field), named twice. JSON readers
    /// disagree on which one counts (serde_json keeps the last, others
    /// the first), so a host could show a person another `message` than a
    /// proxy or a log sees.
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// More fields than [`MAX_FIELDS`].
    TooManyFields {
        /// How many the request has.
        fields: usize,
        /// [`MAX_FIELDS`].
        limit: usize,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ReadError::InvalidJson { message } => write!(f, "not JSON: {message}"),
            ReadError::InvalidMember {
                member,
                expected,
                found: Some(found),
            } => write!(f, "`{member}` must be {expected}, found {}", Quoted(found)),
            ReadError::InvalidMember {
                member,
                expected,
                found: None,
            } => write!(f, "`{member}` is missing; it must be {expected}"),
            ReadError::NotAForm { mode } => write!(
                f,
                "the elicitation is in {} mode, not a form: there is nothing to fill in",
                crate::error::quote::QuotedStr(mode)
            ),
            ReadError::DuplicateKey { key } => write!(
                f,
                "the key {} appears twice in one object; peers disagree on which one counts",
                crate::error::quote::QuotedStr(key)
            ),
            ReadError::TooManyFields { fields, limit } => write!(
                f,
                "the form has {fields} fields, more than the {limit} a person can be asked at once"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// An elicitation request in form mode as a host shows it: the message
/// and the fields, in the order the server wrote them, each read
/// leniently ([`Field`], [`Note`]).
///
/// Read from the params of `elicitation/create` (MCP 2025-06-18 and
/// 2025-11-25, `ElicitRequestFormParams`: `{"mode"?: "form", "message":
/// "..", "requestedSchema": {"type": "object", "properties": {..},
/// "required": [..]}}`), which is also what each elicitation of a
/// 2026-07-28 `input_required` result carries ([`InputRequired`]).
///
/// ```
/// use enum_schema::host::{Kind, Request};
///
/// let request = Request::from_params_str(r#"{
///     "message": "Where to?",
///     "requestedSchema": {
///         "type": "object",
///         "properties": {
///             "city": {"type": "string", "title": "City", "enum": ["ams", "ber"],
///                      "enumNames": ["Amsterdam", "Berlin"], "default": "ber"},
///             "nights": {"type": "integer", "minimum": 1, "maximum": 14},
///             "code": {"type": "string", "format": "uuid"}
///         },
///         "required": ["city", "nights"]
///     }
/// }"#)?;
/// assert_eq!(request.message(), "Where to?");
/// let [city, nights, code] = request.fields() else { unreachable!() };
/// assert_eq!((city.label(), city.is_required()), ("City", true));
/// let Kind::SingleSelect(select) = city.kind() else { unreachable!() };
/// assert_eq!(select.options()[1].label(), "Berlin");
/// assert_eq!(city.default_value(), Some(&serde_json::json!("ber")));
/// assert_eq!(nights.label(), "nights");
/// assert!(matches!(nights.kind(), Kind::Integer(_)));
/// // An unknown format is kept as advice; the field is plain text.
/// assert!(matches!(code.kind(), Kind::Text(_)));
/// assert_eq!(code.notes()[0].to_string(), r#"`format` ("uuid") is advice: shown, not checked before sending"#);
/// # Ok::<(), enum_schema::host::ReadError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub(super) message: String,
    pub(super) fields: Vec<Field>,
    pub(super) notes: Vec<Note>,
}

impl Request {
    /// Reads the params of an `elicitation/create` request from JSON text,
    /// keeping the order of the properties.
    ///
    /// # Errors
    ///
    /// [`ReadError::InvalidJson`]; [`ReadError::NotAForm`] for a
    /// `mode` other than `"form"`; [`ReadError::InvalidMember`] for params
    /// that are no object, a `message` that is no string, or a
    /// `requestedSchema` that is no object with an object of
    /// `properties` (or whose `type` is not `"object"`);
    /// [`ReadError::TooManyFields`].
    pub fn from_params_str(json: &str) -> Result<Request, ReadError> {
        let tree = Tree::from_str(json).map_err(|error| ReadError::InvalidJson {
            message: error.to_string(),
        })?;
        read_params(tree)
    }

    /// Reads the params of an `elicitation/create` request from a JSON
    /// value: as [`from_params_str`](Self::from_params_str), the
    /// properties in the order the `Value` keeps (which is sorted, unless
    /// serde_json's `preserve_order` feature is on: read the text where
    /// you have it).
    ///
    /// # Errors
    ///
    /// As [`from_params_str`](Self::from_params_str);
    /// [`ReadError::InvalidJson`] only for a value nested deeper than
    /// JSON text may be (a `Value` built in memory).
    pub fn from_params(params: &Value) -> Result<Request, ReadError> {
        read_params(tree_of(params)?)
    }

    /// The message to show above the fields.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The fields, in the order the server wrote them.
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The field with this key.
    pub fn field(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|field| field.key() == key)
    }

    /// What lenient reading changed about the form as a whole (a
    /// `required` name that is no property, a property defined twice);
    /// each field has its own [`Field::notes`].
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// Whether the form can be accepted at all: no required field is
    /// unsupported. When it cannot, a host offers decline and cancel.
    pub fn can_accept(&self) -> bool {
        self.fields
            .iter()
            .all(|field| field.is_supported() || !field.is_required())
    }
}

/// Advisory keywords a host shows and does not check: removed from what
/// the strict reader sees.
const ADVISORY: [&str; 4] = [
    "pattern",
    "multipleOf",
    "exclusiveMinimum",
    "exclusiveMaximum",
];

/// The formats the model checks; another is advice.
const FORMATS: &[&str] = &["email", "uri", "date", "date-time"];

/// The tree of a `Value` that nests no deeper than serde_json reads JSON
/// text (127 arrays or objects, one in another): a `Value` built in
/// memory may nest deeper, and reading it would recurse as deep as it
/// does. Checked without recursion.
fn tree_of(value: &Value) -> Result<Tree, ReadError> {
    let mut stack = vec![(value, 1)];
    while let Some((value, depth)) = stack.pop() {
        let inner: Box<dyn Iterator<Item = &Value>> = match value {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(members) => Box::new(members.values()),
            _ => continue,
        };
        if depth > 127 {
            return Err(ReadError::InvalidJson {
                message: "recursion limit exceeded".to_owned(),
            });
        }
        stack.extend(inner.map(|value| (value, depth + 1)));
    }
    Ok(Tree::from_value(value))
}

fn member_error(member: &'static str, expected: &'static str, found: Option<&Tree>) -> ReadError {
    ReadError::InvalidMember {
        member,
        expected,
        found: found.map(Tree::to_value),
    }
}

fn read_params(mut params: Tree) -> Result<Request, ReadError> {
    if params.members().is_none() {
        return Err(member_error("params", "an object", Some(&params)));
    }
    let twice = params
        .twice()
        .or_else(|| params.get("requestedSchema").and_then(Tree::twice));
    if let Some(key) = twice {
        return Err(ReadError::DuplicateKey {
            key: key.to_owned(),
        });
    }
    match params.get("mode") {
        None => {}
        Some(mode) if mode.as_str() == Some("form") => {}
        Some(Tree::Leaf(Value::String(mode))) => {
            return Err(ReadError::NotAForm { mode: mode.clone() })
        }
        Some(found) => return Err(member_error("mode", "\"form\"", Some(found))),
    }
    let message = match params.get("message") {
        Some(Tree::Leaf(Value::String(message))) => message.clone(),
        found => return Err(member_error("message", "a string", found)),
    };
    let schema = params.get("requestedSchema");
    let Some(schema) = schema.filter(|schema| schema.members().is_some()) else {
        return Err(member_error("requestedSchema", "an object", schema));
    };
    match schema.get("type") {
        None => {}
        Some(kind) if kind.as_str() == Some("object") => {}
        Some(found) => {
            return Err(member_error(
                "requestedSchema.type",
                "\"object\"",
                Some(found),
            ))
        }
    }
    let properties = schema.get("properties");
    let Some(properties) = properties.and_then(Tree::members) else {
        return Err(member_error(
            "requestedSchema.properties",
            "an object",
            properties,
        ));
    };
    if properties.len() > MAX_FIELDS {
        return Err(ReadError::TooManyFields {
            fields: properties.len(),
            limit: MAX_FIELDS,
        });
    }
    // Each property moves into the `Value` the strict reader reads
    // (`lenient`), its strings not copied.
    let properties = params.take_members(&["requestedSchema", "properties"]);
    let schema = params.get("requestedSchema");
    let mut notes = Vec::new();
    let required = required_names(schema.and_then(|schema| schema.get("required")), &mut notes);
    // Sets: `required` may list many more names than there are fields.
    let wanted: HashSet<&str> = required.iter().copied().collect();
    let mut fields: Vec<Field> = Vec::with_capacity(properties.len());
    for (key, property) in properties {
        if let Some(first) = fields.iter_mut().find(|field| field.key == key) {
            // Peers disagree on which definition counts: show neither.
            if first.schema.is_ok() {
                first.schema = Err(SchemaError::DuplicateProperty { name: key.clone() });
                // The default went with the definition: none is sent.
                first.default = None;
                notes.push(Note::DuplicateProperty { name: key.clone() });
            }
            continue;
        }
        let required = wanted.contains(key.as_str());
        fields.push(read_field(key, property, required));
    }
    let keys: HashSet<&str> = fields.iter().map(|field| field.key.as_str()).collect();
    for name in required {
        if !keys.contains(name) {
            notes.push(Note::UnknownRequired {
                name: name.to_owned(),
            });
        }
    }
    Ok(Request {
        message,
        fields,
        notes,
    })
}

/// The names `required` lists; anything else in it is noted and left out.
fn required_names<'t>(required: Option<&'t Tree>, notes: &mut Vec<Note>) -> Vec<&'t str> {
    let Some(required) = required else {
        return Vec::new();
    };
    let Tree::Array(items) = required else {
        notes.push(Note::Dropped {
            keyword: "required".to_owned(),
            value: required.to_value(),
            error: SchemaError::InvalidKeyword {
                keyword: "required",
                expected: "an array of strings",
                found: required.to_value(),
            },
        });
        return Vec::new();
    };
    let mut names = Vec::with_capacity(items.len());
    for item in items {
        match item.as_str() {
            Some(name) => names.push(name),
            None => notes.push(Note::Dropped {
                keyword: "required".to_owned(),
                value: item.to_value(),
                error: SchemaError::InvalidKeyword {
                    keyword: "required",
                    expected: "a string",
                    found: item.to_value(),
                },
            }),
        }
    }
    names
}

/// Reads one property leniently (see the module docs).
fn read_field(key: String, property: Tree, required: bool) -> Field {
    let text = |name: &str| property.get(name).and_then(Tree::as_str).map(str::to_owned);
    let mut field = Field {
        key,
        title: text("title"),
        description: text("description"),
        required,
        schema: Err(SchemaError::NoOptions),
        default: None,
        notes: Vec::new(),
    };
    field.schema = lenient(property, &mut field.notes);
    field.default = field
        .schema
        .as_ref()
        .ok()
        .and_then(PrimitiveSchema::default_answer);
    // A default the host's own check refuses (an integer's whole double
    // beyond 2^53, which a typed server refuses too) is not pre-filled;
    // one it takes is as it would be sent (an integer's `15.0` as `15`).
    if let (Ok(schema), Some(default)) = (&field.schema, &field.default) {
        match strictest(schema, default.clone()) {
            Ok(sent) => field.default = Some(sent),
            Err(error) => {
                field.notes.push(Note::Dropped {
                    keyword: "default".to_owned(),
                    value: default.clone(),
                    error: SchemaError::InvalidDefault { error },
                });
                field.default = None;
                clear_default(schema_mut(&mut field.schema));
            }
        }
    }
    field
}

fn schema_mut(schema: &mut Result<PrimitiveSchema, SchemaError>) -> Option<&mut PrimitiveSchema> {
    schema.as_mut().ok()
}

/// Leaves the schema's `default` out, so that the field's kind does not
/// show a default the field no longer has.
fn clear_default(schema: Option<&mut PrimitiveSchema>) {
    match schema {
        Some(PrimitiveSchema::String(schema)) => schema.default = None,
        Some(PrimitiveSchema::Number(schema)) => schema.default = None,
        Some(PrimitiveSchema::Boolean(schema)) => schema.default = None,
        Some(PrimitiveSchema::SingleSelect(schema)) => schema.default = None,
        Some(PrimitiveSchema::MultiSelect(schema)) => schema.default = None,
        None => {}
    }
}

fn lenient(property: Tree, notes: &mut Vec<Note>) -> Result<PrimitiveSchema, SchemaError> {
    if let Some(key) = property.duplicate_key() {
        return Err(SchemaError::DuplicateKey {
            key: key.to_owned(),
        });
    }
    // Keywords are looked for in the tree, where no key is twice (above):
    // with serde_json's `preserve_order`, each lookup in a `Map` hashes.
    if let Some(options) = option_count(&property).filter(|count| *count > MAX_OPTIONS) {
        return Err(SchemaError::TooManyOptions {
            options,
            limit: MAX_OPTIONS,
        });
    }
    let advisory = ADVISORY.map(|keyword| property.get(keyword).is_some());
    let known_format = match property.get("format") {
        None => true,
        Some(format) => format
            .as_str()
            .is_some_and(|format| FORMATS.contains(&format)),
    };
    let mut object = match property.into_value() {
        Value::Object(object) => object,
        found => return Err(SchemaError::NotAnObject { found }),
    };
    for (keyword, value) in &object {
        if keyword.starts_with("x-") {
            notes.push(Note::Advisory {
                keyword: keyword.clone(),
                value: value.clone(),
            });
        }
    }
    for (keyword, present) in ADVISORY.iter().zip(advisory) {
        if !present {
            continue;
        }
        if let Some(value) = object.remove(*keyword) {
            notes.push(Note::Advisory {
                keyword: (*keyword).to_owned(),
                value,
            });
        }
    }
    if !known_format {
        if let Some(value) = object.remove("format") {
            notes.push(Note::Advisory {
                keyword: "format".to_owned(),
                value,
            });
        }
    }
    // Each pass sets aside at most one keyword; a schema has few to set
    // aside, so the loop ends.
    let mut schema = Value::Object(object);
    loop {
        let error = match PrimitiveSchema::from_json(&schema) {
            Ok(read) => return Ok(read),
            Err(error) => error,
        };
        let Value::Object(object) = &mut schema else {
            return Err(error);
        };
        let Some(keyword) = set_aside(&error, object) else {
            return Err(error);
        };
        if let Some(value) = object.remove(keyword) {
            notes.push(Note::Dropped {
                keyword: keyword.to_owned(),
                value,
                error,
            });
        }
    }
}

/// The keyword to set aside so that a schema the strict reader refused
/// with `error` can still be shown: one that only describes the field or
/// pre-fills it, or one that means nothing where it stands. `None`: the
/// field cannot be shown.
fn set_aside(error: &SchemaError, object: &Map<String, Value>) -> Option<&'static str> {
    let keyword = match error {
        SchemaError::InvalidDefault { .. }
        | SchemaError::DefaultNotAnOption { .. }
        | SchemaError::DuplicateDefault { .. }
        | SchemaError::DefaultCount { .. } => "default",
        SchemaError::EnumNamesLength { .. } => "enumNames",
        SchemaError::InvalidKeyword { keyword, .. }
            if ["default", "enumNames", "title", "description"].contains(keyword) =>
        {
            keyword
        }
        // `minItems`/`maxItems` on a single-select, and a string's
        // constraints on one: they mean nothing there.
        SchemaError::ItemBoundsOnSingleSelect => ["minItems", "maxItems"]
            .into_iter()
            .find(|k| object.contains_key(*k))?,
        SchemaError::UnsupportedKeyword { keyword }
            if ["minLength", "maxLength", "format"].contains(keyword)
                && ["enum", "oneOf", "anyOf"]
                    .iter()
                    .any(|k| object.contains_key(*k)) =>
        {
            keyword
        }
        _ => return None,
    };
    object.contains_key(keyword).then_some(keyword)
}

/// How many options a select lists (`enum`, `oneOf` or `anyOf`, or those
/// of its `items`), for the limit.
fn option_count(object: &Tree) -> Option<usize> {
    let count = |object: &Tree| {
        ["enum", "oneOf", "anyOf"]
            .iter()
            .filter_map(|key| match object.get(key)? {
                Tree::Array(items) => Some(items.len()),
                _ => None,
            })
            .max()
    };
    let items = object
        .get("items")
        .filter(|items| items.members().is_some());
    count(object).max(items.and_then(count))
}

/// A 2026-07-28 `input_required` result as a client reads it: each input
/// request under its key, in the order the server wrote them, and the
/// `requestState` to send back unchanged (MCP 2026-07-28, SEP-2322:
/// `{"resultType": "input_required", "inputRequests": {KEY: {"method":
/// "elicitation/create", "params": {..}}, ..}, "requestState": ".."}`).
///
/// The client answers each request (an elicitation through
/// [`Request`] and [`Draft`](super::Draft), a sampling or roots request
/// as it does outside a form) and calls again with
/// [`retry_params`](Self::retry_params).
///
/// ```
/// use enum_schema::host::{InputRequest, InputRequired, Response};
/// use serde_json::json;
///
/// let result = InputRequired::from_result_str(r#"{
///     "resultType": "input_required",
///     "inputRequests": {"confirm": {"method": "elicitation/create", "params": {
///         "message": "Deploy?",
///         "requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}
///     }}},
///     "requestState": "opaque"
/// }"#)?;
/// let (key, InputRequest::Elicitation(Ok(request))) = &result.requests()[0] else { unreachable!() };
/// let mut draft = request.draft(Default::default());
/// draft.set_text("ok", "yes").unwrap();
/// let answer = draft.finish().unwrap();
///
/// let call = json!({"name": "deploy", "arguments": {}});
/// let retry = result.retry_params(call, [(key.clone(), answer)]);
/// assert_eq!(retry, json!({
///     "name": "deploy",
///     "arguments": {},
///     "inputResponses": {"confirm": {"action": "accept", "content": {"ok": true}}},
///     "requestState": "opaque",
/// }));
/// # Ok::<(), enum_schema::host::ReadError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct InputRequired {
    requests: Vec<(String, InputRequest)>,
    request_state: Option<String>,
}

/// One request of an [`InputRequired`] result.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum InputRequest {
    /// `elicitation/create`: the form, or why it cannot be shown (a URL
    /// elicitation, params that cannot be read); answer one that cannot
    /// with [`Response::Decline`](super::Response::Decline).
    Elicitation(Result<Request, ReadError>),
    /// Any other method (`sampling/createMessage`, `roots/list`, ..), with
    /// its params as sent.
    Other {
        /// The method.
        method: String,
        /// Its params (`null` when there are none).
        params: Value,
    },
}

impl InputRequired {
    /// Reads an `input_required` result from JSON text.
    ///
    /// # Errors
    ///
    /// [`ReadError::InvalidJson`]; [`ReadError::InvalidMember`] for a
    /// result that is no object, a `resultType` other than
    /// `"input_required"`, `inputRequests` that is no object of objects
    /// with a string `method`, or a `requestState` that is no string.
    /// A request that is an elicitation but cannot be read is no error
    /// here: it is an [`InputRequest::Elicitation`] holding its error. A
    /// result without `inputRequests` (a round that carries only a
    /// `requestState`) has no requests.
    pub fn from_result_str(json: &str) -> Result<InputRequired, ReadError> {
        let tree = Tree::from_str(json).map_err(|error| ReadError::InvalidJson {
            message: error.to_string(),
        })?;
        read_input_required(&tree)
    }

    /// Reads an `input_required` result from a JSON value, as
    /// [`from_result_str`](Self::from_result_str); the order of the
    /// requests and of each form's properties is the order the `Value`
    /// keeps.
    ///
    /// # Errors
    ///
    /// As [`from_result_str`](Self::from_result_str);
    /// [`ReadError::InvalidJson`] only for a value nested deeper than
    /// JSON text may be (a `Value` built in memory).
    pub fn from_result(result: &Value) -> Result<InputRequired, ReadError> {
        read_input_required(&tree_of(result)?)
    }

    /// The requests, each under its key, in the order the server wrote
    /// them.
    pub fn requests(&self) -> &[(String, InputRequest)] {
        &self.requests
    }

    /// The `requestState` to send back unchanged, if the server sent one.
    pub fn request_state(&self) -> Option<&str> {
        self.request_state.as_deref()
    }

    /// The params of the call sent again: `call` (the params the call was
    /// first sent with) with `inputResponses` set to `responses` and
    /// `requestState` set to this result's, unchanged, or left out when it
    /// had none (any `inputResponses` or `requestState` of an earlier
    /// round is replaced). A [`Response`](super::Response) turns into the
    /// `ElicitResult` JSON it stands for; any other response (a
    /// `CreateMessageResult`, a `ListRootsResult`) is a `Value`. A `call`
    /// that is no object (no MCP call's params are) is taken as `{}`.
    pub fn retry_params<R: Into<Value>>(
        &self,
        call: Value,
        responses: impl IntoIterator<Item = (String, R)>,
    ) -> Value {
        let mut params = match call {
            Value::Object(params) => params,
            _ => Map::new(),
        };
        let responses: Map<String, Value> = responses
            .into_iter()
            .map(|(key, response)| (key, response.into()))
            .collect();
        params.insert("inputResponses".to_owned(), Value::Object(responses));
        match &self.request_state {
            Some(state) => params.insert("requestState".to_owned(), Value::from(state.as_str())),
            None => params.remove("requestState"),
        };
        Value::Object(params)
    }
}

fn read_input_required(result: &Tree) -> Result<InputRequired, ReadError> {
    if result.members().is_none() {
        return Err(member_error("result", "an object", Some(result)));
    }
    let twice = result
        .twice()
        .or_else(|| result.get("inputRequests").and_then(Tree::twice));
    if let Some(key) = twice {
        return Err(ReadError::DuplicateKey {
            key: key.to_owned(),
        });
    }
    match result.get("resultType") {
        Some(kind) if kind.as_str() == Some("input_required") => {}
        found => return Err(member_error("resultType", "\"input_required\"", found)),
    }
    // Optional (MCP 2026-07-28): a round may carry only a `requestState`,
    // to be sent back with no answers.
    let requests = match result.get("inputRequests") {
        None => &[][..],
        Some(requests) => match requests.members() {
            Some(members) => members,
            None => return Err(member_error("inputRequests", "an object", Some(requests))),
        },
    };
    let mut read = Vec::with_capacity(requests.len());
    for (key, request) in requests {
        if let Some(twice) = request.twice() {
            return Err(ReadError::DuplicateKey {
                key: twice.to_owned(),
            });
        }
        let method = match request.get("method").and_then(Tree::as_str) {
            Some(method) => method,
            None => {
                return Err(member_error(
                    "inputRequests.*.method",
                    "a string",
                    request.get("method").or(Some(request)),
                ))
            }
        };
        let params = request.get("params");
        let request = if method == "elicitation/create" {
            InputRequest::Elicitation(match params {
                // `read_params` moves the properties out of its tree.
                Some(params) => read_params(params.clone()),
                None => Err(member_error("params", "an object", None)),
            })
        } else {
            InputRequest::Other {
                method: method.to_owned(),
                params: params.map_or(Value::Null, Tree::to_value),
            }
        };
        read.push((key.clone(), request));
    }
    let request_state = match result.get("requestState") {
        None => None,
        Some(Tree::Leaf(Value::String(state))) => Some(state.clone()),
        Some(found) => return Err(member_error("requestState", "a string", Some(found))),
    };
    Ok(InputRequired {
        requests: read,
        request_state,
    })
}
