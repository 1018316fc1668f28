//! The host form model (`enum_schema::host`, feature `host`): a server's
//! request read into fields, in its order, each shape with its labels,
//! bounds, defaults and hint, and every [`ReadError`]. The other host_*
//! modules, which the helpers here serve: lenient reading, rule by rule
//! (`host_lenient.rs`); what a person types (`host_text.rs`,
//! `host_choices.rs`); a widget host's draft (`host_draft.rs`); the
//! 2026-07-28 `input_required` envelope (`host_input.rs`); the real-world
//! cases of `shared/cases/`, end to end with derived servers
//! (`host_cases.rs`); hostile schemas (`host_hostile.rs`).
//!
//! Each request is written as JSON text, so that the order of its
//! properties is the one written whatever serde_json's features.

use enum_schema::host::{Field, Kind, Note, ReadError, Request};
use enum_schema::schema::{PrimitiveSchema, RequestedSchema, SchemaError};
use enum_schema::{ElicitAction, Error, ErrorKind};
use serde_json::{json, Map, Value};

// ---------------------------------------------------------------------------
// Helpers shared by the host_* modules
// ---------------------------------------------------------------------------

/// The params of an `elicitation/create` with `properties` (JSON text of
/// the object's members, without braces) and `required`.
pub fn params(properties: &str, required: &[&str]) -> String {
    format!(
        r#"{{"message": "Fill in", "requestedSchema": {{"type": "object", "properties": {{{properties}}}, "required": {}}}}}"#,
        json!(required)
    )
}

/// A request read from [`params`]; panics if it cannot be read.
#[track_caller]
pub fn request(properties: &str, required: &[&str]) -> Request {
    let text = params(properties, required);
    Request::from_params_str(&text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// One property `f`, optional, and what the server makes of it.
pub struct One {
    /// The property's schema as JSON text.
    pub schema: String,
    /// The host's reading of a request holding it.
    pub request: Request,
    /// The server's (strict) reading of it.
    pub server: PrimitiveSchema,
    required: bool,
}

/// `f: schema`, optional; the schema must be one the strict reader reads.
#[track_caller]
pub fn one(schema: &str) -> One {
    one_with(schema, false)
}

/// `f: schema`, required.
#[track_caller]
pub fn required(schema: &str) -> One {
    one_with(schema, true)
}

#[track_caller]
fn one_with(schema: &str, required: bool) -> One {
    let names: &[&str] = if required { &["f"] } else { &[] };
    let request = request(&format!(r#""f": {schema}"#), names);
    let server = PrimitiveSchema::from_json_str(schema)
        .unwrap_or_else(|error| panic!("the server cannot read {schema}: {error}"));
    assert!(
        request.fields()[0].notes().is_empty(),
        "{schema}: {:?}",
        request.fields()[0].notes()
    );
    One {
        schema: schema.to_owned(),
        request,
        server,
        required,
    }
}

impl One {
    pub fn field(&self) -> &Field {
        &self.request.fields()[0]
    }

    /// The server's whole `requestedSchema`.
    pub fn requested(&self) -> RequestedSchema {
        let required = if self.required { r#"["f"]"# } else { "[]" };
        let text = format!(
            r#"{{"type": "object", "properties": {{"f": {}}}, "required": {required}}}"#,
            self.schema
        );
        RequestedSchema::from_json_str(&text).unwrap()
    }

    /// `text` reads as `value`, which the server accepts as it is, from
    /// the value and from the accept's JSON text.
    #[track_caller]
    pub fn reads(&self, text: &str, value: Value) {
        let read = self.field().parse_text(text);
        assert_eq!(read, Ok(Some(value.clone())), "{text:?} in {}", self.schema);
        assert_eq!(self.server.check(value.clone()), Ok(value.clone()));
        let accept = json!({"action": "accept", "content": {"f": value.clone()}});
        let mut content = Map::new();
        content.insert("f".to_owned(), value);
        let wire: Value = serde_json::from_str(&accept.to_string()).unwrap();
        assert_eq!(
            self.requested().parse_result(wire),
            Ok(ElicitAction::Accept(content))
        );
    }

    /// `text` is a blank answer.
    #[track_caller]
    pub fn blank(&self, text: &str) {
        assert_eq!(self.field().parse_text(text), Ok(None), "{text:?}");
    }

    /// `text` is refused with `kind` (naming `f`) and `reason`; when the
    /// kind is the server's check of a value, the server refuses that
    /// value with the same error.
    #[track_caller]
    pub fn refuses(&self, text: &str, kind: ErrorKind, reason: &str) {
        let refusal = self
            .field()
            .parse_text(text)
            .expect_err(&format!("{text:?} in {}", self.schema));
        assert_eq!(
            refusal.error(),
            &Error::from(kind.clone()).in_field("f"),
            "{text:?}"
        );
        assert_eq!(refusal.reason(), reason, "{text:?}");
        assert_eq!(refusal.to_string(), reason);
        if let Some(sent) = sent(&kind) {
            assert_eq!(
                self.server.check(sent),
                Err(Error::from(kind)),
                "the server, {text:?}"
            );
        }
    }
}

/// The value a check error was about, as it was sent; `None` for errors
/// that no sent value has (`Unreadable`, `MissingField`).
pub fn sent(kind: &ErrorKind) -> Option<Value> {
    Some(match kind {
        ErrorKind::InvalidValue { value, .. } => Value::from(value.as_str()),
        ErrorKind::InvalidItem { items, .. }
        | ErrorKind::DuplicateItem { items, .. }
        | ErrorKind::TooFewItems { items, .. }
        | ErrorKind::TooManyItems { items, .. } => Value::Array(items.clone()),
        ErrorKind::TypeMismatch { found, .. } => found.clone(),
        ErrorKind::TooShort { value, .. }
        | ErrorKind::TooLong { value, .. }
        | ErrorKind::InvalidFormat { value, .. } => Value::from(value.as_str()),
        ErrorKind::NotAnInteger { value } | ErrorKind::OutOfRange { value, .. } => {
            Value::Number(value.clone())
        }
        _ => return None,
    })
}

/// The kind of a field, by name, for assertions.
pub fn kind_name(field: &Field) -> &'static str {
    match field.kind() {
        Kind::Text(_) => "text",
        Kind::Integer(_) => "integer",
        Kind::Number(_) => "number",
        Kind::Boolean(_) => "boolean",
        Kind::SingleSelect(_) => "single-select",
        Kind::MultiSelect(_) => "multi-select",
        Kind::Unsupported(_) => "unsupported",
        _ => "new kind",
    }
}

/// The field's unsupported reason; panics for a supported one.
#[track_caller]
pub fn unsupported(field: &Field) -> &SchemaError {
    match field.kind() {
        Kind::Unsupported(error) => error,
        _ => panic!("{} is supported: {:?}", field.key(), field.schema()),
    }
}

// ---------------------------------------------------------------------------
// A request read: fields in the server's order, each shape, labels, defaults
// ---------------------------------------------------------------------------

/// Every shape a server sends, in the order written (not sorted): the
/// five enum shapes of SEP-1330, the legacy one, and each primitive.
#[test]
fn every_shape_in_the_order_written() {
    let request = request(
        r#"
        "zeta": {"type": "string", "title": "Name", "description": "Who you are", "minLength": 1, "maxLength": 20, "default": "Ada"},
        "mail": {"type": "string", "format": "email"},
        "age": {"type": "integer", "minimum": 0, "maximum": 150, "default": 30},
        "ratio": {"type": "number", "minimum": 0.5, "default": 0.75},
        "ok": {"type": "boolean", "default": false},
        "plain": {"type": "string", "enum": ["a", "b"], "default": "b"},
        "titled": {"type": "string", "oneOf": [{"const": "a", "title": "Alpha"}, {"const": "b", "title": "Beta"}]},
        "legacy": {"type": "string", "enum": ["en", "ja"], "enumNames": ["English", "日本語"]},
        "many": {"type": "array", "items": {"type": "string", "enum": ["x", "y", "z"]}, "minItems": 1, "maxItems": 2, "default": ["y"]},
        "tagged": {"type": "array", "items": {"anyOf": [{"const": "x", "title": "Ex"}, {"const": "y", "title": "Why"}]}}
        "#,
        &["age", "zeta"],
    );
    assert_eq!(request.message(), "Fill in");
    assert!(request.notes().is_empty());
    assert!(request.can_accept());
    let keys: Vec<&str> = request.fields().iter().map(Field::key).collect();
    assert_eq!(
        keys,
        ["zeta", "mail", "age", "ratio", "ok", "plain", "titled", "legacy", "many", "tagged"]
    );
    let kinds: Vec<&str> = request.fields().iter().map(kind_name).collect();
    assert_eq!(
        kinds,
        [
            "text",
            "text",
            "integer",
            "number",
            "boolean",
            "single-select",
            "single-select",
            "single-select",
            "multi-select",
            "multi-select"
        ]
    );
    let zeta = request.field("zeta").unwrap();
    assert_eq!(
        (
            zeta.label(),
            zeta.title(),
            zeta.description(),
            zeta.is_required()
        ),
        ("Name", Some("Name"), Some("Who you are"), true)
    );
    let mail = request.field("mail").unwrap();
    assert_eq!(
        (mail.label(), mail.title(), mail.is_required()),
        ("mail", None, false)
    );
    let defaults: Vec<Option<&Value>> = request.fields().iter().map(Field::default_value).collect();
    assert_eq!(
        defaults,
        [
            Some(&json!("Ada")),
            None,
            Some(&json!(30)),
            Some(&json!(0.75)),
            Some(&json!(false)),
            Some(&json!("b")),
            None,
            None,
            Some(&json!(["y"])),
            None
        ]
    );
    let labels = |key: &str| -> Vec<(String, String)> {
        let field = request.field(key).unwrap();
        field
            .options()
            .iter()
            .map(|option| (option.value().to_owned(), option.label().to_owned()))
            .collect()
    };
    let pairs = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(v, l)| ((*v).to_owned(), (*l).to_owned()))
            .collect()
    };
    assert_eq!(labels("plain"), pairs(&[("a", "a"), ("b", "b")]));
    assert_eq!(labels("titled"), pairs(&[("a", "Alpha"), ("b", "Beta")]));
    assert_eq!(
        labels("legacy"),
        pairs(&[("en", "English"), ("ja", "日本語")])
    );
    assert_eq!(labels("tagged"), pairs(&[("x", "Ex"), ("y", "Why")]));
    assert!(request.field("age").unwrap().options().is_empty());
    let Kind::MultiSelect(many) = request.field("many").unwrap().kind() else {
        unreachable!()
    };
    assert_eq!((many.min_items(), many.max_items()), (Some(1), Some(2)));
    let Kind::SingleSelect(legacy) = request.field("legacy").unwrap().kind() else {
        unreachable!()
    };
    assert!(legacy.is_legacy());
    // Each field's schema is what the server's strict reader makes of it.
    for field in request.fields() {
        assert!(field.is_supported());
        assert!(field.notes().is_empty(), "{}", field.key());
    }
    assert_eq!(request.field("nothing"), None);
}

/// `from_params` reads a `Value` as `from_params_str` reads its text.
#[test]
fn a_value_reads_as_its_text() {
    let text = params(
        r#""a": {"type": "integer", "maximum": 3}, "b": {"type": "string", "format": "uuid"}"#,
        &["a", "ghost"],
    );
    let value: Value = serde_json::from_str(&text).unwrap();
    let from_value = Request::from_params(&value).unwrap();
    let from_text = Request::from_params_str(&text).unwrap();
    assert_eq!(from_value, from_text);
    assert_eq!(
        from_text.notes(),
        [Note::UnknownRequired {
            name: "ghost".into()
        }]
    );
}

/// `"mode": "form"` is a form; the field's `hint` says what to type.
#[test]
fn mode_form_and_hints() {
    let text = r#"{"mode": "form", "message": "Hi", "requestedSchema": {"properties": {
        "t": {"type": "string"},
        "l": {"type": "string", "minLength": 2, "maxLength": 2},
        "e": {"type": "string", "format": "email", "maxLength": 50},
        "d": {"type": "string", "format": "date"},
        "u": {"type": "string", "format": "uri", "minLength": 12},
        "dt": {"type": "string", "format": "date-time"},
        "i": {"type": "integer", "minimum": 1.5, "maximum": 9.5},
        "n": {"type": "number", "maximum": 2.5},
        "n2": {"type": "number", "minimum": -1},
        "b": {"type": "boolean"},
        "s": {"type": "string", "enum": ["a"]},
        "m": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"enum": ["a", "b", "c"]}},
        "m2": {"type": "array", "minItems": 1, "items": {"enum": ["a, b", "c"]}},
        "m3": {"type": "array", "items": {"enum": ["a"]}},
        "x": {"type": "object"}
    }}}"#;
    let request = Request::from_params_str(text).unwrap();
    let hints: Vec<String> = request.fields().iter().map(Field::hint).collect();
    assert_eq!(
        hints,
        [
            "text",
            "text, exactly 2 characters",
            "an email address, such as name@example.com; at most 50 characters",
            "a date, such as 2026-12-31",
            "a full address, such as https://example.com/page; at least 12 characters",
            "a date and time, such as 2026-12-31T09:30:00Z",
            "a whole number from 2 to 9",
            "a number of at most 2.5",
            "a number of at least -1",
            "yes or no",
            "one of the choices: its number or its name",
            "pick 2: numbers or names, separated by commas",
            "pick at least 1: as a JSON array of names, such as [\"a\", \"b\"]",
            "pick any: numbers or names, separated by commas",
            "",
        ]
    );
}

// ---------------------------------------------------------------------------
// What cannot be read at all: ReadError
// ---------------------------------------------------------------------------

#[track_caller]
fn read_error(text: &str, expected: ReadError, display: &str) {
    let error = Request::from_params_str(text).unwrap_err();
    assert_eq!(error, expected, "{text}");
    assert_eq!(error.to_string(), display);
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        assert_eq!(
            Request::from_params(&value).unwrap_err(),
            expected,
            "{text}"
        );
    }
}

fn member(member: &'static str, expected: &'static str, found: Option<Value>) -> ReadError {
    ReadError::InvalidMember {
        member,
        expected,
        found,
    }
}

#[test]
fn every_read_error() {
    read_error(
        "{",
        ReadError::InvalidJson {
            message: "EOF while parsing an object at line 1 column 1".into(),
        },
        "not JSON: EOF while parsing an object at line 1 column 1",
    );
    read_error(
        r#"{"message": "m"} x"#,
        ReadError::InvalidJson {
            message: "trailing characters at line 1 column 18".into(),
        },
        "not JSON: trailing characters at line 1 column 18",
    );
    read_error(
        "[]",
        member("params", "an object", Some(json!([]))),
        "`params` must be an object, found []",
    );
    read_error(
        r#"{"mode": "url", "message": "Sign in", "url": "https://example.com", "elicitationId": "1"}"#,
        ReadError::NotAForm { mode: "url".into() },
        r#"the elicitation is in "url" mode, not a form: there is nothing to fill in"#,
    );
    read_error(
        r#"{"mode": "file", "message": "m", "requestedSchema": {"properties": {}}}"#,
        ReadError::NotAForm {
            mode: "file".into(),
        },
        r#"the elicitation is in "file" mode, not a form: there is nothing to fill in"#,
    );
    read_error(
        r#"{"mode": 1, "message": "m", "requestedSchema": {"properties": {}}}"#,
        member("mode", "\"form\"", Some(json!(1))),
        r#"`mode` must be "form", found 1"#,
    );
    read_error(
        r#"{"requestedSchema": {"properties": {}}}"#,
        member("message", "a string", None),
        "`message` is missing; it must be a string",
    );
    read_error(
        r#"{"message": ["m"], "requestedSchema": {"properties": {}}}"#,
        member("message", "a string", Some(json!(["m"]))),
        r#"`message` must be a string, found ["m"]"#,
    );
    read_error(
        r#"{"message": "m"}"#,
        member("requestedSchema", "an object", None),
        "`requestedSchema` is missing; it must be an object",
    );
    read_error(
        r#"{"message": "m", "requestedSchema": "{}"}"#,
        member("requestedSchema", "an object", Some(json!("{}"))),
        r#"`requestedSchema` must be an object, found "{}""#,
    );
    read_error(
        r#"{"message": "m", "requestedSchema": {"type": "array", "properties": {}}}"#,
        member("requestedSchema.type", "\"object\"", Some(json!("array"))),
        r#"`requestedSchema.type` must be "object", found "array""#,
    );
    read_error(
        r#"{"message": "m", "requestedSchema": {"type": "object"}}"#,
        member("requestedSchema.properties", "an object", None),
        "`requestedSchema.properties` is missing; it must be an object",
    );
    read_error(
        r#"{"message": "m", "requestedSchema": {"type": "object", "properties": [{"type": "string"}]}}"#,
        member(
            "requestedSchema.properties",
            "an object",
            Some(json!([{"type": "string"}])),
        ),
        r#"`requestedSchema.properties` must be an object, found [{"type":"string"}]"#,
    );
    let fields: Vec<String> = (0..1001)
        .map(|i| format!(r#""f{i}": {{"type": "boolean"}}"#))
        .collect();
    read_error(
        &params(&fields.join(","), &[]),
        ReadError::TooManyFields {
            fields: 1001,
            limit: 1000,
        },
        "the form has 1001 fields, more than the 1000 a person can be asked at once",
    );
    assert_eq!(enum_schema::host::MAX_FIELDS, 1000);
    // At the limit, read.
    assert_eq!(request(&fields[..1000].join(","), &[]).fields().len(), 1000);
    // No field at all: a form with nothing to fill in, which can be accepted.
    let empty = request("", &[]);
    assert_eq!((empty.fields().len(), empty.can_accept()), (0, true));
    // A member of the envelope named twice: peers would show different
    // messages (serde_json keeps the last, others the first). Only the
    // text shows it; a `Value` has kept one of the two.
    for (text, key) in [
        (
            r#"{"message": "Deploy to staging?", "message": "Deploy to prod?",
                "requestedSchema": {"type": "object", "properties": {}}}"#,
            "message",
        ),
        (
            r#"{"message": "Hi", "requestedSchema": {"type": "object", "properties": {},
                "required": [], "required": ["a"]}}"#,
            "required",
        ),
    ] {
        let error = Request::from_params_str(text).unwrap_err();
        assert_eq!(error, ReadError::DuplicateKey { key: key.into() });
        assert_eq!(
            error.to_string(),
            format!(
                "the key \"{key}\" appears twice in one object; peers disagree on which one counts"
            )
        );
    }
}

/// The same request, mode spelled out or not, read the same.
#[test]
fn mode_form_is_the_default() {
    let with = Request::from_params_str(
        r#"{"mode": "form", "message": "m", "requestedSchema": {"properties": {"a": {"type": "boolean"}}}}"#,
    )
    .unwrap();
    let without = Request::from_params_str(
        r#"{"message": "m", "requestedSchema": {"properties": {"a": {"type": "boolean"}}}}"#,
    )
    .unwrap();
    assert_eq!(with, without);
}
