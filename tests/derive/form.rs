//! Run-time behaviour of `#[derive(ElicitForm)]`: the `requestedSchema` a
//! struct derives into, and how an `ElicitResult` parses back into it.
//!
//! Every rejection is checked twice: the exact [`Error`] variant with all its
//! fields, and its exact `Display` message, since both are API (the first for
//! code, the second for the log line a server author reads).
//!
//! The rules come from the `ElicitForm` docs and MCP 2025-11-25
//! (`ElicitRequestFormParams.requestedSchema`, `ElicitResult`,
//! `StringSchema`, `NumberSchema`, `BooleanSchema`, SEP-1330 enum shapes).

// The whole `requestedSchema` of a 40-field form is one `json!` literal:
// hence `recursion_limit` in `main.rs` (a crate-level attribute).

use std::borrow::Cow;
use std::fmt::Debug;

use enum_schema::{
    error::JsonType,
    schema::{PrimitiveSchema, StringFormat},
    ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind,
};
use serde_json::{json, Number, Value};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The JSON that goes on the wire.
fn wire<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).expect("a schema always serializes")
}

/// `{"action":"accept","content":content}`.
fn accept(content: Value) -> Value {
    json!({"action": "accept", "content": content})
}

/// `base` with `key` set to `value`.
fn with(mut base: Value, key: &str, value: Value) -> Value {
    base[key] = value;
    base
}

/// `base` without `key`.
fn without(mut base: Value, key: &str) -> Value {
    base.as_object_mut().unwrap().remove(key);
    base
}

/// A JSON number, written as JSON.
fn num(value: Value) -> Number {
    match value {
        Value::Number(number) => number,
        other => panic!("{other} is not a number"),
    }
}

/// The accepted content of `F` for this `content`.
#[track_caller]
fn accepted<F: ElicitForm + Debug>(content: Value) -> F {
    match F::parse_result(accept(content.clone())) {
        Ok(ElicitAction::Accept(form)) => form,
        other => panic!("{content} did not parse as an accept: {other:?}"),
    }
}

/// The error `F` reports for an `accept` with this `content`.
#[track_caller]
fn rejected<F: ElicitForm + Debug>(content: Value) -> Error {
    match F::parse_result(accept(content.clone())) {
        Err(error) => error,
        Ok(parsed) => panic!("{content} was accepted: {parsed:?}"),
    }
}

/// `F` rejects `content` with exactly `expected`, displayed as `message`.
#[track_caller]
fn assert_rejected<F: ElicitForm + Debug>(content: Value, expected: Error, message: &str) {
    let error = rejected::<F>(content);
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

/// The property names of a requested schema, in order.
fn property_names(schema: &enum_schema::schema::RequestedSchema) -> Vec<&str> {
    schema
        .properties()
        .iter()
        .map(|(name, _)| name.as_ref())
        .collect()
}

// ---------------------------------------------------------------------------
// The enums the forms use
// ---------------------------------------------------------------------------

/// Pick a size.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Medium,
    Large,
}

/// How urgent it is.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(title = "Priority", default = Low)]
enum Priority {
    #[elicit(rename = "low", title = "Low: whenever")]
    Low,
    #[elicit(rename = "high", title = "High: right now", alias = "urgent")]
    High,
}

/// Colors to paint with.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(
    rename_all = "lowercase",
    title = "Colors",
    min_items = 1,
    max_items = 2,
    default_items = [Red]
)]
enum Color {
    Red,
    Green,
    Blue,
}

fn size_enum() -> Value {
    json!(["small", "medium", "large"])
}

fn priority_one_of() -> Value {
    json!([
        {"const": "low", "title": "Low: whenever"},
        {"const": "high", "title": "High: right now"}
    ])
}

fn color_items() -> Value {
    json!({"type": "string", "enum": ["red", "green", "blue"]})
}

// ---------------------------------------------------------------------------
// requestedSchema: every supported type
// ---------------------------------------------------------------------------

/// Struct docs are for Rust readers: the `requestedSchema` has no place for
/// them.
#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(message = "Tell us everything")]
struct Everything {
    /// Your full name.
    #[elicit(title = "Name", min_length = 2, max_length = 20)]
    name: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "uri")]
    homepage: String,
    #[elicit(format = "date")]
    birthday: String,
    #[elicit(format = "date-time", default = "2024-01-01T07:00:00Z")]
    wake_up: String,
    /// Escaped once: "quotes", a
    /// line break and 日本語.
    #[elicit(default = "Hello, \"world\"\n日本語")]
    greeting: String,
    #[elicit(default = true)]
    subscribed: bool,
    agreed: bool,
    int8: i8,
    int16: i16,
    int32: i32,
    int64: i64,
    int_size: isize,
    uint8: u8,
    uint16: u16,
    uint32: u32,
    uint64: u64,
    uint_size: usize,
    #[elicit(title = "Replicas", minimum = 1, maximum = 10, default = 2)]
    replicas: u8,
    #[elicit(minimum = -5)]
    above: i8,
    #[elicit(maximum = 1000)]
    below: u16,
    ratio: f32,
    real: f64,
    /// CPU cores.
    #[elicit(minimum = 0.25, maximum = 16.0, default = 1.5)]
    cpu: f64,
    #[elicit(minimum = -1.5, maximum = 2.5, default = 0.5)]
    gain: f32,
    /// When it must be done.
    #[elicit(title = "Urgency")]
    priority: Priority,
    plain_priority: Priority,
    /// Ignored: `description` wins over the doc comment.
    #[elicit(description = "Shirt size", default = Size::Large)]
    size: Size,
    #[elicit(default = "medium")]
    fav_size: Size,
    /// The colors you like.
    #[elicit(
        title = "Palette",
        min_items = 0,
        max_items = 3,
        default_items = ["green", "blue"]
    )]
    palette: Vec<Color>,
    colors: Vec<Color>,
    #[elicit(max_items = 2, default_items = [High, Low])]
    urgencies: Vec<Priority>,
    /// Anything else?
    #[elicit(max_length = 280)]
    note: Option<String>,
    #[elicit(format = "email")]
    backup_email: Option<String>,
    #[elicit(default = false)]
    maybe_flag: Option<bool>,
    maybe_count: Option<u16>,
    #[elicit(minimum = 0.0)]
    maybe_ratio: Option<f64>,
    maybe_size: Option<Size>,
    #[elicit(default = Priority::High)]
    maybe_priority: Option<Priority>,
    #[elicit(max_items = 1)]
    maybe_colors: Option<Vec<Color>>,
}

const EVERYTHING_NAMES: &[&str] = &[
    "name",
    "email",
    "homepage",
    "birthday",
    "wake_up",
    "greeting",
    "subscribed",
    "agreed",
    "int8",
    "int16",
    "int32",
    "int64",
    "int_size",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "uint_size",
    "replicas",
    "above",
    "below",
    "ratio",
    "real",
    "cpu",
    "gain",
    "priority",
    "plain_priority",
    "size",
    "fav_size",
    "palette",
    "colors",
    "urgencies",
    "note",
    "backup_email",
    "maybe_flag",
    "maybe_count",
    "maybe_ratio",
    "maybe_size",
    "maybe_priority",
    "maybe_colors",
];

fn everything_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {
                "type": "string",
                "title": "Name",
                "description": "Your full name.",
                "minLength": 2,
                "maxLength": 20
            },
            "email": {"type": "string", "format": "email"},
            "homepage": {"type": "string", "format": "uri"},
            "birthday": {"type": "string", "format": "date"},
            "wake_up": {"type": "string", "format": "date-time", "default": "2024-01-01T07:00:00Z"},
            "greeting": {
                "type": "string",
                "description": "Escaped once: \"quotes\", a line break and 日本語.",
                "default": "Hello, \"world\"\n日本語"
            },
            "subscribed": {"type": "boolean", "default": true},
            "agreed": {"type": "boolean"},
            "int8": {"type": "integer", "minimum": -128, "maximum": 127},
            "int16": {"type": "integer", "minimum": -32768, "maximum": 32767},
            "int32": {"type": "integer", "minimum": -2147483648_i64, "maximum": 2147483647},
            "int64": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
            "int_size": {"type": "integer", "minimum": isize::MIN, "maximum": isize::MAX},
            "uint8": {"type": "integer", "minimum": 0, "maximum": 255},
            "uint16": {"type": "integer", "minimum": 0, "maximum": 65535},
            "uint32": {"type": "integer", "minimum": 0, "maximum": 4294967295_u64},
            // Advertised within i64, the range every peer reads (C23); the
            // answer is still checked against the whole u64 range.
            "uint64": {"type": "integer", "minimum": 0, "maximum": i64::MAX},
            "uint_size": {"type": "integer", "minimum": 0, "maximum": i64::MAX},
            "replicas": {
                "type": "integer",
                "title": "Replicas",
                "minimum": 1,
                "maximum": 10,
                "default": 2
            },
            "above": {"type": "integer", "minimum": -5, "maximum": 127},
            "below": {"type": "integer", "minimum": 0, "maximum": 1000},
            "ratio": {"type": "number"},
            "real": {"type": "number"},
            "cpu": {
                "type": "number",
                "description": "CPU cores.",
                "minimum": 0.25,
                "maximum": 16.0,
                "default": 1.5
            },
            "gain": {"type": "number", "minimum": -1.5, "maximum": 2.5, "default": 0.5},
            "priority": {
                "type": "string",
                "title": "Urgency",
                "description": "When it must be done.",
                "oneOf": priority_one_of(),
                "default": "low"
            },
            "plain_priority": {
                "type": "string",
                "title": "Priority",
                "description": "How urgent it is.",
                "oneOf": priority_one_of(),
                "default": "low"
            },
            "size": {
                "type": "string",
                "description": "Shirt size",
                "enum": size_enum(),
                "default": "large"
            },
            "fav_size": {
                "type": "string",
                "description": "Pick a size.",
                "enum": size_enum(),
                "default": "medium"
            },
            "palette": {
                "type": "array",
                "title": "Palette",
                "description": "The colors you like.",
                "minItems": 0,
                "maxItems": 3,
                "items": color_items(),
                "default": ["green", "blue"]
            },
            "colors": {
                "type": "array",
                "title": "Colors",
                "description": "Colors to paint with.",
                "minItems": 1,
                "maxItems": 2,
                "items": color_items(),
                "default": ["red"]
            },
            "urgencies": {
                "type": "array",
                "title": "Priority",
                "description": "How urgent it is.",
                "maxItems": 2,
                "items": {"anyOf": priority_one_of()},
                "default": ["high", "low"]
            },
            "note": {"type": "string", "description": "Anything else?", "maxLength": 280},
            "backup_email": {"type": "string", "format": "email"},
            "maybe_flag": {"type": "boolean", "default": false},
            "maybe_count": {"type": "integer", "minimum": 0, "maximum": 65535},
            "maybe_ratio": {"type": "number", "minimum": 0.0},
            "maybe_size": {"type": "string", "description": "Pick a size.", "enum": size_enum()},
            "maybe_priority": {
                "type": "string",
                "title": "Priority",
                "description": "How urgent it is.",
                "oneOf": priority_one_of(),
                "default": "high"
            },
            "maybe_colors": {
                "type": "array",
                "title": "Colors",
                "description": "Colors to paint with.",
                "minItems": 1,
                "maxItems": 1,
                "items": color_items(),
                "default": ["red"]
            }
        },
        "required": [
            "name", "email", "homepage", "birthday", "wake_up", "greeting", "subscribed", "agreed",
            "int8", "int16", "int32", "int64", "int_size",
            "uint8", "uint16", "uint32", "uint64", "uint_size",
            "replicas", "above", "below", "ratio", "real", "cpu", "gain",
            "priority", "plain_priority", "size", "fav_size", "palette", "colors", "urgencies"
        ]
    })
}

#[test]
fn every_supported_type_derives_its_exact_property() {
    assert_eq!(wire(Everything::requested_schema()), everything_schema());
}

#[test]
fn properties_and_required_come_in_declaration_order() {
    let schema = Everything::requested_schema();
    assert_eq!(property_names(&schema), EVERYTHING_NAMES);
    let required: Vec<&str> = schema.required().iter().map(|name| name.as_ref()).collect();
    let expected: Vec<&str> = EVERYTHING_NAMES
        .iter()
        .copied()
        .filter(|name| {
            !matches!(
                *name,
                "note"
                    | "backup_email"
                    | "maybe_flag"
                    | "maybe_count"
                    | "maybe_ratio"
                    | "maybe_size"
                    | "maybe_priority"
                    | "maybe_colors"
            )
        })
        .collect();
    assert_eq!(required, expected);

    // and on the wire, in that order too
    let text = serde_json::to_string(&schema).unwrap();
    let positions: Vec<usize> = EVERYTHING_NAMES
        .iter()
        .map(|name| {
            text.find(&format!("\"{name}\":{{"))
                .unwrap_or_else(|| panic!("{name} in {text}"))
        })
        .collect();
    assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "{text}");
    // `type` leads every property, as in the spec's examples
    assert!(text.starts_with(r#"{"type":"object","properties":{"name":{"type":"string","#));
}

#[test]
fn each_field_kind_is_the_matching_primitive_schema() {
    let schema = Everything::requested_schema();
    for (name, property) in schema.properties() {
        let kind = match property {
            PrimitiveSchema::String(_) => "string",
            PrimitiveSchema::Number(number) if number.is_integer() => "integer",
            PrimitiveSchema::Number(_) => "number",
            PrimitiveSchema::Boolean(_) => "boolean",
            PrimitiveSchema::SingleSelect(_) => "single",
            PrimitiveSchema::MultiSelect(_) => "multi",
            other => panic!("{name}: unexpected {other:?}"),
        };
        let expected = match name.as_ref() {
            "name" | "email" | "homepage" | "birthday" | "wake_up" | "greeting" | "note"
            | "backup_email" => "string",
            "subscribed" | "agreed" | "maybe_flag" => "boolean",
            "ratio" | "real" | "cpu" | "gain" | "maybe_ratio" => "number",
            "priority" | "plain_priority" | "size" | "fav_size" | "maybe_size"
            | "maybe_priority" => "single",
            "palette" | "colors" | "urgencies" | "maybe_colors" => "multi",
            _ => "integer",
        };
        assert_eq!(kind, expected, "{name}");
    }
}

#[test]
fn message_sets_message_and_default_request() {
    assert_eq!(Everything::MESSAGE, Some("Tell us everything"));
    assert_eq!(
        wire(Everything::default_request()),
        json!({"message": "Tell us everything", "requestedSchema": everything_schema()})
    );
    let request = Everything::request("Something else");
    assert_eq!(request.message(), "Something else");
    assert_eq!(request.requested_schema(), &Everything::requested_schema());
    assert_eq!(
        wire(&request),
        json!({"message": "Something else", "requestedSchema": everything_schema()})
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
struct NoMessage {
    size: Size,
}

#[test]
fn without_message_the_default_request_has_an_empty_one() {
    assert_eq!(NoMessage::MESSAGE, None);
    assert_eq!(
        wire(NoMessage::default_request()),
        json!({
            "message": "",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "size": {"type": "string", "description": "Pick a size.", "enum": size_enum()}
                },
                "required": ["size"]
            }
        })
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
struct AllOptional {
    note: Option<String>,
}

#[test]
fn a_form_of_optional_fields_has_no_required_key() {
    assert_eq!(
        wire(AllOptional::requested_schema()),
        json!({"type": "object", "properties": {"note": {"type": "string"}}})
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Docs {
    /// First line
    ///    continues here.
    #[elicit(title = "Documented")]
    documented: bool,
    /// From the doc comment.
    #[elicit(description = "From the attribute")]
    overridden: bool,
    undocumented: Size,
    /// Field docs replace the enum's doc comment.
    documented_enum: Size,
}

#[test]
fn doc_comments_are_descriptions() {
    assert_eq!(
        wire(Docs::requested_schema())["properties"],
        json!({
            "documented": {
                "type": "boolean",
                "title": "Documented",
                "description": "First line continues here."
            },
            "overridden": {"type": "boolean", "description": "From the attribute"},
            "undocumented": {"type": "string", "description": "Pick a size.", "enum": size_enum()},
            "documented_enum": {
                "type": "string",
                "description": "Field docs replace the enum's doc comment.",
                "enum": size_enum()
            }
        })
    );
}

/// Two paragraphs
/// of enum docs.
///
/// The second one.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Paragraphs {
    Yes,
    No,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct ParagraphDocs {
    /// First paragraph,
    /// two lines.
    ///
    /// Second paragraph.
    field_docs: bool,
    enum_docs: Paragraphs,
    #[doc = "Written as\none attribute.\n\nWith two paragraphs."]
    doc_attribute: bool,
}

/// "Lines joined with spaces, paragraphs with a blank line" (the
/// `ElicitEnum` docs; the `ElicitForm` docs say the doc comment is the
/// default description): a `///` line with nothing on it separates
/// paragraphs.
#[test]
fn blank_doc_lines_separate_paragraphs() {
    assert_eq!(
        wire(ParagraphDocs::requested_schema())["properties"],
        json!({
            "field_docs": {
                "type": "boolean",
                "description": "First paragraph, two lines.\n\nSecond paragraph."
            },
            "enum_docs": {
                "type": "string",
                "description": "Two paragraphs of enum docs.\n\nThe second one.",
                "enum": ["yes", "no"]
            },
            "doc_attribute": {
                "type": "boolean",
                "description": "Written as one attribute.\n\nWith two paragraphs."
            }
        })
    );
}

#[test]
fn a_doc_attribute_with_a_blank_line_keeps_its_paragraphs() {
    assert_eq!(
        wire(ParagraphDocs::requested_schema())["properties"]["doc_attribute"],
        json!({
            "type": "boolean",
            "description": "Written as one attribute.\n\nWith two paragraphs."
        })
    );
}

// ---------------------------------------------------------------------------
// requestedSchema: property names
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct ElicitRenamed {
    item_count: u8,
    #[elicit(rename = "gift-note")]
    gift_note: Option<String>,
    r#type: Size,
    http_server_url: String,
}

#[test]
fn elicit_rename_all_and_rename_name_the_properties() {
    let schema = ElicitRenamed::requested_schema();
    assert_eq!(
        property_names(&schema),
        ["itemCount", "gift-note", "type", "httpServerUrl"]
    );
    assert_eq!(
        wire(&schema)["required"],
        json!(["itemCount", "type", "httpServerUrl"])
    );
    // and the content is read under those names
    let parsed: ElicitRenamed = accepted(json!({
        "itemCount": 3,
        "gift-note": "hi",
        "type": "small",
        "httpServerUrl": "x",
        // the Rust names are not properties
        "item_count": "ignored",
        "gift_note": 7
    }));
    assert_eq!(
        parsed,
        ElicitRenamed {
            item_count: 3,
            gift_note: Some("hi".into()),
            r#type: Size::Small,
            http_server_url: "x".into(),
        }
    );
    assert_rejected::<ElicitRenamed>(
        json!({"item_count": 3, "type": "small", "httpServerUrl": "x"}),
        Error::from(ErrorKind::MissingField).in_field("itemCount"),
        "field `itemCount`: missing value for a required field",
    );
}

/// A struct that serde and the form read alike: `$rule` on both, through
/// serde's attribute only.
macro_rules! serde_rule_form {
    ($name:ident, $rule:tt) => {
        #[derive(ElicitForm, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        #[serde(rename_all = $rule)]
        struct $name {
            item_count: u8,
            r#type: String,
            is_http2_ok: bool,
            #[serde(rename = "userID")]
            user_id: String,
            note: Option<String>,
        }

        impl $name {
            fn sample() -> Self {
                $name {
                    item_count: 7,
                    r#type: "t".into(),
                    is_http2_ok: true,
                    user_id: "u".into(),
                    note: Some("n".into()),
                }
            }
        }
    };
}

serde_rule_form!(SerdeLower, "lowercase");
serde_rule_form!(SerdeUpper, "UPPERCASE");
serde_rule_form!(SerdePascal, "PascalCase");
serde_rule_form!(SerdeCamel, "camelCase");
serde_rule_form!(SerdeSnake, "snake_case");
serde_rule_form!(SerdeScreamingSnake, "SCREAMING_SNAKE_CASE");
serde_rule_form!(SerdeKebab, "kebab-case");
serde_rule_form!(SerdeScreamingKebab, "SCREAMING-KEBAB-CASE");

/// The form's property names are serde's keys, in field order, and the
/// same content parses to the same struct through both.
#[track_caller]
fn assert_agrees_with_serde<F>(sample: F, expected: [&str; 5])
where
    F: ElicitForm + serde::Serialize + serde::de::DeserializeOwned + Debug + PartialEq,
{
    let schema = F::requested_schema();
    assert_eq!(property_names(&schema), expected);
    let content = wire(&sample);
    let mut serde_keys: Vec<&str> = content
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut names = property_names(&schema);
    serde_keys.sort_unstable();
    names.sort_unstable();
    assert_eq!(names, serde_keys);
    assert_eq!(accepted::<F>(content.clone()), sample);
    assert_eq!(serde_json::from_value::<F>(content).unwrap(), sample);
}

#[test]
fn serde_rename_all_and_rename_are_honoured_for_every_rule() {
    assert_agrees_with_serde(
        SerdeLower::sample(),
        ["item_count", "type", "is_http2_ok", "userID", "note"],
    );
    assert_agrees_with_serde(
        SerdeUpper::sample(),
        ["ITEM_COUNT", "TYPE", "IS_HTTP2_OK", "userID", "NOTE"],
    );
    assert_agrees_with_serde(
        SerdePascal::sample(),
        ["ItemCount", "Type", "IsHttp2Ok", "userID", "Note"],
    );
    assert_agrees_with_serde(
        SerdeCamel::sample(),
        ["itemCount", "type", "isHttp2Ok", "userID", "note"],
    );
    assert_agrees_with_serde(
        SerdeSnake::sample(),
        ["item_count", "type", "is_http2_ok", "userID", "note"],
    );
    assert_agrees_with_serde(
        SerdeScreamingSnake::sample(),
        ["ITEM_COUNT", "TYPE", "IS_HTTP2_OK", "userID", "NOTE"],
    );
    assert_agrees_with_serde(
        SerdeKebab::sample(),
        ["item-count", "type", "is-http2-ok", "userID", "note"],
    );
    assert_agrees_with_serde(
        SerdeScreamingKebab::sample(),
        ["ITEM-COUNT", "TYPE", "IS-HTTP2-OK", "userID", "NOTE"],
    );
}

/// Names that differ by direction: the form asks for what serde
/// *deserializes*, since that is what parses the answer.
#[derive(ElicitForm, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
#[serde(rename_all(serialize = "SCREAMING_SNAKE_CASE", deserialize = "camelCase"))]
struct ByDirection {
    item_count: u8,
    #[serde(rename(serialize = "OUT", deserialize = "inName"))]
    gift_note: String,
    #[serde(rename(serialize = "only_out"))]
    dry_run: bool,
}

#[test]
fn serde_deserialize_names_are_the_property_names() {
    assert_eq!(
        property_names(&ByDirection::requested_schema()),
        ["itemCount", "inName", "dryRun"]
    );
    let content = json!({"itemCount": 1, "inName": "x", "dryRun": true});
    let parsed: ByDirection = accepted(content.clone());
    assert_eq!(
        parsed,
        ByDirection {
            item_count: 1,
            gift_note: "x".into(),
            dry_run: true,
        }
    );
    assert_eq!(
        serde_json::from_value::<ByDirection>(content).unwrap(),
        parsed
    );
}

/// `#[elicit]` and `#[serde]` saying the same thing is allowed.
#[derive(ElicitForm, serde::Deserialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
#[elicit(rename_all = "kebab-case")]
struct BothAgree {
    #[serde(rename = "ID")]
    #[elicit(rename = "ID")]
    user_id: String,
    dry_run: bool,
}

#[test]
fn elicit_and_serde_may_both_name_a_field_when_they_agree() {
    assert_eq!(
        property_names(&BothAgree::requested_schema()),
        ["ID", "dry-run"]
    );
    let content = json!({"ID": "x", "dry-run": false});
    assert_eq!(
        accepted::<BothAgree>(content.clone()),
        serde_json::from_value::<BothAgree>(content).unwrap()
    );
}

// ---------------------------------------------------------------------------
// Multi-select overrides
// ---------------------------------------------------------------------------

/// An enum with its own multi-select bounds and default.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase", max_items = 1, default_items = [Red])]
enum Tight {
    Red,
    Green,
    Blue,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct WiderThanTheEnum {
    #[elicit(min_items = 2, max_items = 3, default_items = [Green, Blue])]
    colors: Vec<Tight>,
}

/// The field's `min_items`, `max_items` and `default_items` replace the
/// enum's together: the result (2..=3 items, default of 2) is consistent,
/// so it must not matter that the enum's own `max_items = 1` and
/// one-item default would not fit the field's `min_items = 2` on their own.
#[test]
fn field_multi_overrides_replace_the_enums_as_a_whole() {
    let schema = std::panic::catch_unwind(WiderThanTheEnum::requested_schema)
        .expect("a consistent set of field overrides must not panic");
    assert_eq!(
        wire(schema)["properties"]["colors"],
        json!({
            "type": "array",
            "description": "An enum with its own multi-select bounds and default.",
            "minItems": 2,
            "maxItems": 3,
            "items": {"type": "string", "enum": ["red", "green", "blue"]},
            "default": ["green", "blue"]
        })
    );
    assert_eq!(
        accepted::<WiderThanTheEnum>(json!({"colors": ["blue", "red"]})),
        WiderThanTheEnum {
            colors: vec![Tight::Blue, Tight::Red]
        }
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
struct WiderByValues {
    #[elicit(min_items = 2, max_items = 3, default_items = ["green", "blue"])]
    colors: Vec<Tight>,
}

/// The same with wire values, the path checked when the server compiles:
/// it compiles, and gives the same schema.
#[test]
fn field_multi_overrides_by_value_replace_the_enums_as_a_whole() {
    assert_eq!(
        wire(WiderByValues::requested_schema()),
        wire(WiderThanTheEnum::requested_schema())
    );
    assert_eq!(
        wire(WiderByValues::requested_schema())["properties"]["colors"]["default"],
        json!(["green", "blue"])
    );
}

// ---------------------------------------------------------------------------
// Constants in attributes
// ---------------------------------------------------------------------------

const MIN_REPLICAS: u8 = 1;
const MAX_REPLICAS: u8 = 9;
const DEFAULT_REPLICAS: u8 = 3;
const DEFAULT_NAME: &str = "anonymous";
const DEFAULT_ON: bool = true;

#[derive(ElicitForm, Debug, PartialEq)]
struct Named {
    #[elicit(minimum = MIN_REPLICAS, maximum = MAX_REPLICAS, default = DEFAULT_REPLICAS)]
    replicas: u8,
    #[elicit(default = DEFAULT_NAME)]
    name: String,
    #[elicit(default = DEFAULT_ON)]
    on: bool,
    #[elicit(default = Size::Medium)]
    size: Size,
}

#[test]
fn named_constants_and_variants_are_accepted_as_values() {
    assert_eq!(
        wire(Named::requested_schema())["properties"],
        json!({
            "replicas": {"type": "integer", "minimum": 1, "maximum": 9, "default": 3},
            "name": {"type": "string", "default": "anonymous"},
            "on": {"type": "boolean", "default": true},
            "size": {"type": "string", "description": "Pick a size.", "enum": size_enum(), "default": "medium"}
        })
    );
    assert_rejected::<Named>(
        json!({"replicas": 10, "name": "n", "on": false, "size": "small"}),
        Error::from(ErrorKind::OutOfRange {
            value: Number::from(10),
            minimum: Some(Number::from(1)),
            maximum: Some(Number::from(9)),
        })
        .in_field("replicas"),
        "field `replicas`: out of range: 10 is not between 1 and 9",
    );
}

// ---------------------------------------------------------------------------
// f32 bounds and defaults on the wire
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
struct Tenths {
    #[elicit(minimum = 0.1, maximum = 0.9, default = 0.3)]
    fraction: f32,
}

/// `0.1` written in the attribute of an `f32` field goes out as `0.1`, the
/// shortest decimal that is that `f32`, not as the `f64` widening of it
/// (`0.10000000149011612`), which is a different number to every client.
#[test]
fn f32_bounds_and_default_go_out_as_written() {
    assert_eq!(
        wire(Tenths::requested_schema())["properties"]["fraction"],
        json!({"type": "number", "minimum": 0.1, "maximum": 0.9, "default": 0.3})
    );
    assert_rejected::<Tenths>(
        json!({"fraction": 0.95}),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(0.95)),
            minimum: Some(num(json!(0.1))),
            maximum: Some(num(json!(0.9))),
        })
        .in_field("fraction"),
        "field `fraction`: out of range: 0.95 is not between 0.1 and 0.9",
    );
}

#[test]
fn f32_answers_written_as_the_bounds_are_accepted() {
    // whatever the wire shows, 0.1 and 0.9 themselves are in range
    assert_eq!(
        accepted::<Tenths>(json!({"fraction": 0.1})),
        Tenths { fraction: 0.1 }
    );
    assert_eq!(
        accepted::<Tenths>(json!({"fraction": 0.9})),
        Tenths { fraction: 0.9 }
    );
}

// ---------------------------------------------------------------------------
// Parsing: actions
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
struct Signup {
    #[elicit(min_length = 2, max_length = 8)]
    nick: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 18, maximum = 120)]
    age: u8,
    newsletter: bool,
    priority: Priority,
    colors: Vec<Color>,
    note: Option<String>,
}

fn signup_content() -> Value {
    json!({
        "nick": "ann",
        "email": "ann@example.com",
        "age": 30,
        "newsletter": true,
        "priority": "high",
        "colors": ["green", "red"],
        "note": "hi"
    })
}

fn signup() -> Signup {
    Signup {
        nick: "ann".into(),
        email: "ann@example.com".into(),
        age: 30,
        newsletter: true,
        priority: Priority::High,
        colors: vec![Color::Green, Color::Red],
        note: Some("hi".into()),
    }
}

#[test]
fn a_valid_accept_parses_into_the_struct() {
    assert_eq!(
        Signup::parse_result(accept(signup_content())),
        Ok(ElicitAction::Accept(signup()))
    );
    // the text form, and `_meta` alongside
    let text = r#"{"action":"accept","content":{"nick":"ann","email":"ann@example.com","age":30,"newsletter":true,"priority":"high","colors":["green","red"],"note":"hi"},"_meta":{"x":1}}"#;
    assert_eq!(
        Signup::parse_result_str(text),
        Ok(ElicitAction::Accept(signup()))
    );
    // from_content is the same without the envelope
    let Value::Object(content) = signup_content() else {
        unreachable!()
    };
    assert_eq!(Signup::from_content(content), Ok(signup()));
    // an alias is accepted, never offered
    assert_eq!(
        accepted::<Signup>(with(signup_content(), "priority", json!("urgent"))).priority,
        Priority::High
    );
}

#[test]
fn every_field_of_everything_parses() {
    let content = json!({
        "name": "Ann Smith",
        "email": "ann@example.com",
        "homepage": "https://example.com/ann",
        "birthday": "2000-02-29",
        "wake_up": "2024-01-01T07:00:00+01:00",
        "greeting": "Hello\n\"there\"",
        "subscribed": false,
        "agreed": true,
        "int8": -128,
        "int16": 32767,
        "int32": -2147483648_i64,
        "int64": i64::MIN,
        "int_size": isize::MAX,
        "uint8": 255,
        "uint16": 0,
        "uint32": 4294967295_u64,
        "uint64": u64::MAX,
        "uint_size": 12,
        "replicas": 10,
        "above": -5,
        "below": 1000,
        "ratio": -3.25,
        "real": 1e300,
        "cpu": 0.25,
        "gain": 2.5,
        "priority": "high",
        "plain_priority": "low",
        "size": "small",
        "fav_size": "large",
        "palette": [],
        "colors": ["blue", "green"],
        "urgencies": ["low"],
        "note": "",
        "maybe_count": 65535,
        "maybe_size": "medium",
        "maybe_colors": ["green"]
    });
    assert_eq!(
        accepted::<Everything>(content),
        Everything {
            name: "Ann Smith".into(),
            email: "ann@example.com".into(),
            homepage: "https://example.com/ann".into(),
            birthday: "2000-02-29".into(),
            wake_up: "2024-01-01T07:00:00+01:00".into(),
            greeting: "Hello\n\"there\"".into(),
            subscribed: false,
            agreed: true,
            int8: -128,
            int16: 32767,
            int32: i32::MIN,
            int64: i64::MIN,
            int_size: isize::MAX,
            uint8: 255,
            uint16: 0,
            uint32: u32::MAX,
            uint64: u64::MAX,
            uint_size: 12,
            replicas: 10,
            above: -5,
            below: 1000,
            ratio: -3.25,
            real: 1e300,
            cpu: 0.25,
            gain: 2.5,
            priority: Priority::High,
            plain_priority: Priority::Low,
            size: Size::Small,
            fav_size: Size::Large,
            palette: vec![],
            colors: vec![Color::Blue, Color::Green],
            urgencies: vec![Priority::Low],
            note: Some(String::new()),
            backup_email: None,
            maybe_flag: None,
            maybe_count: Some(65535),
            maybe_ratio: None,
            maybe_size: Some(Size::Medium),
            maybe_priority: None,
            maybe_colors: Some(vec![Color::Green]),
        }
    );
}

#[test]
fn decline_and_cancel_ignore_their_content() {
    for content in [
        json!({"nick": 5, "age": "old"}),
        json!("not even an object"),
        json!(null),
    ] {
        assert_eq!(
            Signup::parse_result(json!({"action": "decline", "content": content})),
            Ok(ElicitAction::Decline)
        );
        assert_eq!(
            Signup::parse_result(json!({"action": "cancel", "content": content})),
            Ok(ElicitAction::Cancel)
        );
    }
    assert_eq!(
        Signup::parse_result(json!({"action": "decline"})),
        Ok(ElicitAction::Decline)
    );
    assert_eq!(
        Signup::parse_result_str(r#"{"action":"cancel"}"#),
        Ok(ElicitAction::Cancel)
    );
}

fn all_signup_fields_missing() -> Error {
    Error::from(ErrorKind::Multiple(
        ["nick", "email", "age", "newsletter", "priority", "colors"]
            .into_iter()
            .map(|name| Error::from(ErrorKind::MissingField).in_field(name))
            .collect(),
    ))
}

const ALL_SIGNUP_FIELDS_MISSING: &str = "6 fields rejected: \
    field `nick`: missing value for a required field; \
    field `email`: missing value for a required field; \
    field `age`: missing value for a required field; \
    field `newsletter`: missing value for a required field; \
    field `priority`: missing value for a required field; \
    field `colors`: missing value for a required field";

#[test]
fn accept_without_content_misses_every_required_field_in_order() {
    let error = Signup::parse_result(json!({"action": "accept"})).unwrap_err();
    assert_eq!(error, all_signup_fields_missing());
    assert_eq!(error.to_string(), ALL_SIGNUP_FIELDS_MISSING);
    // `note` is optional: not reported
    assert!(error.iter().all(|error| error.field() != Some("note")));
}

#[test]
fn accept_with_empty_content_misses_every_required_field_in_order() {
    assert_rejected::<Signup>(
        json!({}),
        all_signup_fields_missing(),
        ALL_SIGNUP_FIELDS_MISSING,
    );
}

#[test]
fn one_missing_field_is_reported_alone() {
    assert_rejected::<Signup>(
        without(signup_content(), "age"),
        Error::from(ErrorKind::MissingField).in_field("age"),
        "field `age`: missing value for a required field",
    );
    let error = rejected::<Signup>(without(signup_content(), "age"));
    assert_eq!(error.field(), Some("age"));
    assert_eq!(error.iter().count(), 1);
}

#[test]
fn malformed_results_are_rejected() {
    assert_eq!(
        Signup::parse_result(json!(["accept"])),
        Err(Error::from(ErrorKind::MalformedResult {
            reason: Cow::Borrowed("an ElicitResult must be a JSON object"),
            found: Some(json!(["accept"])),
        }))
    );
    let error = Signup::parse_result(json!({"action": "accept", "content": ["x"]})).unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::MalformedResult {
            reason: Cow::Borrowed("`content` must be a JSON object"),
            found: Some(json!(["x"])),
        })
    );
    assert_eq!(
        error.to_string(),
        r#"malformed ElicitResult: `content` must be a JSON object (found ["x"])"#
    );
    let error = Signup::parse_result(json!({"content": {}})).unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::MissingAction {
            found: json!({"content": {}})
        })
    );
    assert_eq!(
        error.to_string(),
        r#"malformed ElicitResult: missing `action` (found {"content":{}})"#
    );
    let error = Signup::parse_result(json!({"action": "ACCEPT"})).unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::UnknownAction {
            action: json!("ACCEPT")
        })
    );
    assert_eq!(
        error.to_string(),
        r#"unknown action "ACCEPT": expected "accept", "decline" or "cancel""#
    );
    let error = Signup::parse_result_str("{\"action\":").unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::MalformedResult { found: None, reason } if reason.starts_with("not JSON: ")),
        "{error:?}"
    );
}

// ---------------------------------------------------------------------------
// Parsing: optional fields and extra properties
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
struct Optionals {
    text: Option<String>,
    flag: Option<bool>,
    count: Option<u8>,
    real: Option<f64>,
    size: Option<Size>,
    colors: Option<Vec<Color>>,
}

const NONE: Optionals = Optionals {
    text: None,
    flag: None,
    count: None,
    real: None,
    size: None,
    colors: None,
};

#[test]
fn absent_optional_fields_are_none() {
    assert_eq!(
        Optionals::parse_result(json!({"action": "accept"})),
        Ok(ElicitAction::Accept(NONE))
    );
    assert_eq!(accepted::<Optionals>(json!({})), NONE);
    assert_eq!(
        accepted::<Optionals>(json!({"count": 4, "colors": ["blue"]})),
        Optionals {
            count: Some(4),
            colors: Some(vec![Color::Blue]),
            ..NONE
        }
    );
    assert_eq!(
        accepted::<Optionals>(json!({
            "text": "t", "flag": false, "count": 0, "real": -0.5, "size": "large", "colors": ["red", "green"]
        })),
        Optionals {
            text: Some("t".into()),
            flag: Some(false),
            count: Some(0),
            real: Some(-0.5),
            size: Some(Size::Large),
            colors: Some(vec![Color::Red, Color::Green]),
        }
    );
    // an optional field still gets the required field's checks
    assert_rejected::<Optionals>(
        json!({"colors": []}),
        Error::from(ErrorKind::TooFewItems {
            min: 1,
            items: vec![],
        })
        .in_field("colors"),
        "field `colors`: too few items: selected 0, at least 1 required",
    );
}

/// A `null` is a blank optional field (the Python SDK's `ElicitResult`
/// allows it, form libraries send it): the field left out, `None`.
#[test]
fn null_is_absent_for_every_kind_of_optional_field() {
    for name in ["text", "flag", "count", "real", "size", "colors"] {
        assert_eq!(accepted::<Optionals>(json!({ name: null })), NONE, "{name}");
    }
    // all at once
    assert_eq!(
        accepted::<Optionals>(json!({
            "colors": null, "size": null, "real": null, "count": null, "flag": null, "text": null
        })),
        NONE
    );
    // beside values
    assert_eq!(
        accepted::<Optionals>(json!({"count": 4, "text": null, "colors": ["blue"]})),
        Optionals {
            count: Some(4),
            colors: Some(vec![Color::Blue]),
            ..NONE
        }
    );
}

#[test]
fn properties_not_in_the_form_are_ignored() {
    let content = with(
        with(signup_content(), "extra", json!({"nested": [1, 2]})),
        "Nick",
        json!(null),
    );
    assert_eq!(accepted::<Signup>(content), signup());
    assert_eq!(accepted::<Optionals>(json!({"unknown": null})), NONE);
}

// ---------------------------------------------------------------------------
// Parsing: numbers
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
struct Numbers {
    byte: u8,
    count: u32,
    #[elicit(minimum = 1, maximum = 10)]
    bounded: u8,
    delta: i64,
    big: u64,
    ratio: f32,
    #[elicit(minimum = -1.5, maximum = 2.5)]
    gain: f32,
    real: f64,
    #[elicit(minimum = 0.25, maximum = 16.0)]
    cpu: f64,
}

fn numbers_content() -> Value {
    json!({
        "byte": 1, "count": 2, "bounded": 3, "delta": -4, "big": 5,
        "ratio": 0.5, "gain": 1.0, "real": 2.5, "cpu": 4.0
    })
}

fn numbers() -> Numbers {
    Numbers {
        byte: 1,
        count: 2,
        bounded: 3,
        delta: -4,
        big: 5,
        ratio: 0.5,
        gain: 1.0,
        real: 2.5,
        cpu: 4.0,
    }
}

#[test]
fn an_integral_float_is_an_integer() {
    assert_eq!(
        accepted::<Numbers>(with(numbers_content(), "byte", json!(3.0))),
        Numbers {
            byte: 3,
            ..numbers()
        }
    );
    assert_eq!(
        accepted::<Numbers>(with(numbers_content(), "delta", json!(-2.0))),
        Numbers {
            delta: -2,
            ..numbers()
        }
    );
    assert_eq!(
        accepted::<Numbers>(with(numbers_content(), "count", json!(1e2))),
        Numbers {
            count: 100,
            ..numbers()
        }
    );
    // and an integer is a number
    assert_eq!(
        accepted::<Numbers>(with(numbers_content(), "cpu", json!(16))),
        Numbers {
            cpu: 16.0,
            ..numbers()
        }
    );
}

#[test]
fn a_fractional_number_is_not_an_integer() {
    assert_rejected::<Numbers>(
        with(numbers_content(), "byte", json!(3.5)),
        Error::from(ErrorKind::NotAnInteger {
            value: num(json!(3.5)),
        })
        .in_field("byte"),
        "field `byte`: not an integer: 3.5 has a fractional part",
    );
    // even outside the range: the fraction is the first thing wrong
    assert_rejected::<Numbers>(
        with(numbers_content(), "bounded", json!(-0.5)),
        Error::from(ErrorKind::NotAnInteger {
            value: num(json!(-0.5)),
        })
        .in_field("bounded"),
        "field `bounded`: not an integer: -0.5 has a fractional part",
    );
}

#[test]
fn out_of_the_rust_types_range() {
    assert_rejected::<Numbers>(
        with(numbers_content(), "byte", json!(300)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(300)),
            minimum: Some(Number::from(0)),
            maximum: Some(Number::from(255)),
        })
        .in_field("byte"),
        "field `byte`: out of range: 300 is not between 0 and 255",
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "count", json!(-1)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(-1)),
            minimum: Some(Number::from(0)),
            maximum: Some(Number::from(u32::MAX)),
        })
        .in_field("count"),
        "field `count`: out of range: -1 is not between 0 and 4294967295",
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "byte", json!(256.0)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(256.0)),
            minimum: Some(Number::from(0)),
            maximum: Some(Number::from(255)),
        })
        .in_field("byte"),
        "field `byte`: out of range: 256.0 is not between 0 and 255",
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "big", json!(1e20)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(1e20)),
            minimum: Some(Number::from(0)),
            maximum: Some(Number::from(u64::MAX)),
        })
        .in_field("big"),
        "field `big`: out of range: 100000000000000000000 is not between 0 and 18446744073709551615",
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "delta", json!(u64::MAX)),
        Error::from(ErrorKind::OutOfRange {
            value: Number::from(u64::MAX),
            minimum: Some(Number::from(i64::MIN)),
            maximum: Some(Number::from(i64::MAX)),
        }).in_field("delta"),
        "field `delta`: out of range: 18446744073709551615 is not between -9223372036854775808 and 9223372036854775807",
    );
    // the extremes themselves fit
    assert_eq!(
        accepted::<Numbers>(with(
            with(numbers_content(), "big", json!(u64::MAX)),
            "delta",
            json!(i64::MIN)
        )),
        Numbers {
            big: u64::MAX,
            delta: i64::MIN,
            ..numbers()
        }
    );
}

#[test]
fn outside_minimum_and_maximum() {
    for (value, text) in [(json!(0), "0"), (json!(11), "11"), (json!(255), "255")] {
        assert_rejected::<Numbers>(
            with(numbers_content(), "bounded", value.clone()),
            Error::from(ErrorKind::OutOfRange {
                value: num(value),
                minimum: Some(Number::from(1)),
                maximum: Some(Number::from(10)),
            })
            .in_field("bounded"),
            &format!("field `bounded`: out of range: {text} is not between 1 and 10"),
        );
    }
    assert_rejected::<Numbers>(
        with(numbers_content(), "cpu", json!(0.2)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(0.2)),
            minimum: Some(num(json!(0.25))),
            maximum: Some(num(json!(16.0))),
        })
        .in_field("cpu"),
        "field `cpu`: out of range: 0.2 is not between 0.25 and 16.0",
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "gain", json!(-2)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(-2)),
            minimum: Some(num(json!(-1.5))),
            maximum: Some(num(json!(2.5))),
        })
        .in_field("gain"),
        "field `gain`: out of range: -2 is not between -1.5 and 2.5",
    );
    // the bounds are inclusive
    let edges = with(
        with(
            with(numbers_content(), "bounded", json!(10)),
            "cpu",
            json!(0.25),
        ),
        "gain",
        json!(-1.5),
    );
    assert_eq!(
        accepted::<Numbers>(edges),
        Numbers {
            bounded: 10,
            cpu: 0.25,
            gain: -1.5,
            ..numbers()
        }
    );
}

#[test]
fn a_numeric_string_is_not_a_number() {
    assert_rejected::<Numbers>(
        with(numbers_content(), "byte", json!("3")),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Number,
            found: json!("3"),
        })
        .in_field("byte"),
        r#"field `byte`: wrong type: expected a number, found a string ("3")"#,
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "real", json!("2.5")),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Number,
            found: json!("2.5"),
        })
        .in_field("real"),
        r#"field `real`: wrong type: expected a number, found a string ("2.5")"#,
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "count", json!(true)),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Number,
            found: json!(true),
        })
        .in_field("count"),
        "field `count`: wrong type: expected a number, found a boolean (true)",
    );
}

#[test]
fn a_number_too_big_for_f32_overflows() {
    assert_rejected::<Numbers>(
        with(numbers_content(), "ratio", json!(1e39)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(1e39)),
            minimum: None,
            maximum: None,
        })
        .in_field("ratio"),
        "field `ratio`: out of range: 1e+39 is not representable in the field's type",
    );
    assert_rejected::<Numbers>(
        with(numbers_content(), "ratio", json!(-1e39)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(-1e39)),
            minimum: None,
            maximum: None,
        })
        .in_field("ratio"),
        "field `ratio`: out of range: -1e+39 is not representable in the field's type",
    );
    // with bounds, they are what the message gives
    assert_rejected::<Numbers>(
        with(numbers_content(), "gain", json!(1e39)),
        Error::from(ErrorKind::OutOfRange {
            value: num(json!(1e39)),
            minimum: Some(num(json!(-1.5))),
            maximum: Some(num(json!(2.5))),
        })
        .in_field("gain"),
        "field `gain`: out of range: 1e+39 is not between -1.5 and 2.5",
    );
    // f32::MAX itself fits, and f64 takes what f32 cannot
    assert_eq!(
        accepted::<Numbers>(with(
            with(numbers_content(), "ratio", json!(f32::MAX)),
            "real",
            json!(1e39)
        )),
        Numbers {
            ratio: f32::MAX,
            real: 1e39,
            ..numbers()
        }
    );
}

/// `3.4028235e38` is how `f32::MAX` is written in its shortest form (Rust's
/// and serde_json's `f32` output, and what the schema now sends for an
/// `f32` bound): as a JSON number it is a hair above `f32::MAX` as an
/// `f64`, but it rounds to `f32::MAX`, so it fits an `f32` field.
#[test]

fn the_shortest_form_of_f32_max_fits_an_f32() {
    assert_eq!(serde_json::to_string(&f32::MAX).unwrap(), "3.4028235e+38");
    let text = r#"{"action":"accept","content":{"byte":1,"count":2,"bounded":3,"delta":-4,"big":5,"ratio":3.4028235e38,"gain":1.0,"real":2.5,"cpu":4.0}}"#;
    assert_eq!(
        Numbers::parse_result_str(text),
        Ok(ElicitAction::Accept(Numbers {
            ratio: f32::MAX,
            ..numbers()
        }))
    );
    let text = text.replace("3.4028235e38", "-3.4028235e38");
    assert_eq!(
        Numbers::parse_result_str(&text),
        Ok(ElicitAction::Accept(Numbers {
            ratio: f32::MIN,
            ..numbers()
        }))
    );
}

// ---------------------------------------------------------------------------
// Parsing: strings
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
struct Word {
    #[elicit(min_length = 3, max_length = 5)]
    word: String,
}

#[test]
fn lengths_count_unicode_code_points() {
    // 5 code points, 15 bytes
    assert_eq!(
        accepted::<Word>(json!({"word": "日本語です"})).word,
        "日本語です"
    );
    // 3 code points, 12 bytes
    assert_eq!(accepted::<Word>(json!({"word": "👍👍👍"})).word, "👍👍👍");
    // "é" as e + combining accent: 2 code points
    assert_eq!(
        accepted::<Word>(json!({"word": "e\u{301}e"})).word,
        "e\u{301}e"
    );
    // "日本" has 2 code points (6 bytes): too short
    assert_rejected::<Word>(
        json!({"word": "日本"}),
        Error::from(ErrorKind::TooShort {
            value: "日本".into(),
            min_length: 3,
        })
        .in_field("word"),
        r#"field `word`: too short: "日本" has 2 characters, at least 3 required"#,
    );
    // 6 code points: too long
    assert_rejected::<Word>(
        json!({"word": "日本語ですよ"}),
        Error::from(ErrorKind::TooLong {
            value: "日本語ですよ".into(),
            max_length: 5,
        })
        .in_field("word"),
        "field `word`: too long: 6 characters, at most 5 allowed",
    );
    assert_rejected::<Word>(
        json!({"word": ""}),
        Error::from(ErrorKind::TooShort {
            value: String::new(),
            min_length: 3,
        })
        .in_field("word"),
        r#"field `word`: too short: "" has 0 characters, at least 3 required"#,
    );
    assert_rejected::<Word>(
        json!({"word": 12345}),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: json!(12345),
        })
        .in_field("word"),
        "field `word`: wrong type: expected a string, found a number (12345)",
    );
}

#[test]
fn too_short_by_one_character_reads_in_the_singular() {
    assert_rejected::<Signup>(
        with(signup_content(), "nick", json!("a")),
        Error::from(ErrorKind::TooShort {
            value: "a".into(),
            min_length: 2,
        })
        .in_field("nick"),
        r#"field `nick`: too short: "a" has 1 character, at least 2 required"#,
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Formats {
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(format = "uri")]
    uri: Option<String>,
    #[elicit(format = "date")]
    date: Option<String>,
    #[elicit(format = "date-time")]
    date_time: Option<String>,
}

#[track_caller]
fn assert_format(name: &'static str, format: StringFormat, valid: &[&str], invalid: &[&str]) {
    for value in valid {
        let parsed: Formats = accepted(json!({ name: value }));
        let got = match name {
            "email" => parsed.email,
            "uri" => parsed.uri,
            "date" => parsed.date,
            _ => parsed.date_time,
        };
        assert_eq!(got.as_deref(), Some(*value), "{name}: {value:?}");
    }
    for value in invalid {
        let error = rejected::<Formats>(json!({ name: value }));
        assert_eq!(
            error,
            Error::from(ErrorKind::InvalidFormat {
                value: (*value).to_owned(),
                format,
            })
            .in_field(name),
            "{name}: {value:?}"
        );
        // A refused `uri` says what is wrong after the base message (issue
        // 45; each detail is `tests/answers/formats.rs`'s).
        let base = format!("field `{name}`: invalid format: {value:?} is not a valid {format}");
        let message = error.to_string();
        assert!(
            message == base
                || (format == StringFormat::Uri && message.starts_with(&format!("{base}: "))),
            "{message}"
        );
    }
}

#[test]
fn email_format() {
    assert_format(
        "email",
        StringFormat::Email,
        // ASCII only (issue 45): `日本@例え.jp` is `idn-email`'s, refused
        // below with what to write.
        &["a@b", "ann.smith+tag@example.co.uk", "a@xn--9ca.org"],
        &[
            "",
            "not-an-email",
            "@example.com",
            "ann@",
            "ann@@example.com",
            "a@b@c",
            "ann smith@example.com",
            "ann@.example.com",
            "ann@example.com.",
            "ann@example.com\n",
        ],
    );
    #[derive(ElicitForm, Debug)]
    struct Signup {
        #[elicit(format = "email")]
        #[allow(dead_code)]
        email: String,
    }
    let error =
        Signup::parse_result(json!({"action": "accept", "content": {"email": "日本@例え.jp"}}))
            .unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"field `email`: invalid format: "日本@例え.jp" is not a valid email: an email address is ASCII, and its local part is not"#
    );
}

#[test]
fn uri_format() {
    assert_format(
        "uri",
        StringFormat::Uri,
        &[
            "https://example.com/a?b=c#d",
            "mailto:ann@example.com",
            "urn:isbn:0451450523",
            "git+ssh://host/repo",
        ],
        &[
            "",
            "example.com",
            "/relative/path",
            "//example.com",
            "1http://example.com",
            ":no-scheme",
            "ht_tp://example.com",
            "https://exa mple.com",
        ],
    );
}

#[test]
fn date_format() {
    assert_format(
        "date",
        StringFormat::Date,
        &[
            "2024-02-29",
            "2000-02-29",
            "2023-12-31",
            "1999-01-01",
            "2024-04-30",
        ],
        &[
            "2023-02-29",
            "1900-02-29",
            "2024-04-31",
            "2024-13-01",
            "2024-00-10",
            "2024-01-00",
            "2024-1-01",
            "24-01-01",
            "2024/01/01",
            "2024-01-01T00:00:00Z",
            "2024-01-01 ",
            "",
        ],
    );
}

#[test]
fn date_time_format() {
    assert_format(
        "date_time",
        StringFormat::DateTime,
        &[
            "2024-01-01T12:00:00Z",
            "2024-01-01T12:00:00+02:00",
            "2024-01-01T12:00:00-05:30",
            "2024-01-01T12:00:00.123Z",
            "2024-01-01T12:00:00.123456789+00:00",
            "2024-02-29T23:59:59z",
            "2024-01-01t12:00:00Z",
        ],
        &[
            "2024-01-01 12:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T12:60:00Z",
            "2024-01-01T12:00:61Z",
            "2023-02-29T12:00:00Z",
            "2024-01-01T12:00:00.Z",
            "2024-01-01T12:00:00+2:00",
            "2024-01-01T12:00:00+0200",
            "2024-01-01T12:00:00+24:00",
            "2024-01-01",
            "",
        ],
    );
    // Short of a part RFC 3339 requires: the message says which.
    let zone = "the time zone is missing, as in 2026-12-31T09:30:00Z (Z for UTC, or an offset \
                such as +01:00)";
    for (value, missing) in [
        ("2024-01-01T12:00:00", zone.to_owned()),
        (
            "2024-01-01T12:00Z",
            "the seconds are missing, as in 2026-12-31T09:30:00Z".to_owned(),
        ),
        (
            "2024-01-01T12:00",
            "the seconds and the time zone are missing, as in 2026-12-31T09:30:00Z (Z for UTC, \
             or an offset such as +01:00)"
                .to_owned(),
        ),
    ] {
        let error = rejected::<Formats>(json!({ "date_time": value }));
        assert_eq!(
            error,
            Error::from(ErrorKind::InvalidFormat {
                value: value.to_owned(),
                format: StringFormat::DateTime,
            })
            .in_field("date_time")
        );
        assert_eq!(
            error.to_string(),
            format!(
                "field `date_time`: invalid format: {value:?} is not a valid date-time: {missing}"
            ),
        );
    }
}

#[test]
fn a_long_invalid_string_is_cut_in_the_message() {
    let long = "x".repeat(200);
    let error = rejected::<Formats>(json!({ "email": long }));
    // the error keeps all of it
    assert_eq!(
        error,
        Error::from(ErrorKind::InvalidFormat {
            value: long.clone(),
            format: StringFormat::Email,
        })
        .in_field("email")
    );
    // the message quotes the first 80 characters
    assert_eq!(
        error.to_string(),
        format!(
            "field `email`: invalid format: \"{}\"… is not a valid email",
            "x".repeat(80)
        )
    );

    // counted in characters, never cut inside one
    let wide = "日".repeat(200);
    let error = rejected::<Signup>(with(signup_content(), "priority", json!(wide)));
    assert_eq!(
        error,
        Error::from(ErrorKind::InvalidValue {
            value: wide.clone(),
            allowed: Cow::Borrowed(Priority::OPTIONS),
        })
        .in_field("priority")
    );
    assert_eq!(
        error.to_string(),
        format!(
            "field `priority`: invalid value \"{}\"…: expected one of \"low\", \"high\"",
            "日".repeat(80)
        )
    );

    // exactly 80 characters: nothing to cut
    let eighty = "y".repeat(80);
    assert_eq!(
        rejected::<Formats>(json!({ "email": eighty })).to_string(),
        format!("field `email`: invalid format: \"{eighty}\" is not a valid email")
    );
}

// ---------------------------------------------------------------------------
// Parsing: booleans and enums
// ---------------------------------------------------------------------------

#[test]
fn a_string_is_not_a_boolean() {
    assert_rejected::<Signup>(
        with(signup_content(), "newsletter", json!("true")),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Boolean,
            found: json!("true"),
        })
        .in_field("newsletter"),
        r#"field `newsletter`: wrong type: expected a boolean, found a string ("true")"#,
    );
    assert_rejected::<Signup>(
        with(signup_content(), "newsletter", json!(1)),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Boolean,
            found: json!(1),
        })
        .in_field("newsletter"),
        "field `newsletter`: wrong type: expected a boolean, found a number (1)",
    );
}

#[test]
fn a_title_instead_of_a_value_is_named_as_such() {
    assert_rejected::<Signup>(
        with(signup_content(), "priority", json!("High: right now")),
        Error::from(ErrorKind::InvalidValue {
            value: "High: right now".into(),
            allowed: Cow::Borrowed(Priority::OPTIONS),
        })
        .in_field("priority"),
        r#"field `priority`: invalid value "High: right now": the client sent the title of option "high" instead of its value; expected one of "low", "high""#,
    );
    // a different case is not the value either
    assert_rejected::<Signup>(
        with(signup_content(), "priority", json!("HIGH")),
        Error::from(ErrorKind::InvalidValue {
            value: "HIGH".into(),
            allowed: Cow::Borrowed(Priority::OPTIONS),
        })
        .in_field("priority"),
        r#"field `priority`: invalid value "HIGH": expected one of "low", "high""#,
    );
    // nor an index
    assert_rejected::<Signup>(
        with(signup_content(), "priority", json!(1)),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: json!(1),
        })
        .in_field("priority"),
        "field `priority`: wrong type: expected a string, found a number (1)",
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Titles {
    urgencies: Vec<Priority>,
}

#[test]
fn a_title_in_a_multi_select_is_named_as_such() {
    let items = vec![json!("low"), json!("Low: whenever")];
    assert_rejected::<Titles>(
        json!({ "urgencies": items }),
        Error::from(ErrorKind::InvalidItem {
            index: 1,
            items,
            allowed: Cow::Borrowed(Priority::OPTIONS),
        })
        .in_field("urgencies"),
        r#"field `urgencies`: invalid item at index 1: "Low: whenever" is not an option; the client sent the title of option "low" instead of its value; expected one of "low", "high""#,
    );
}

#[test]
fn multi_select_bounds_and_duplicates() {
    // Color: min_items = 1, max_items = 2
    let three = vec![json!("red"), json!("green"), json!("blue")];
    assert_rejected::<Signup>(
        with(signup_content(), "colors", json!(three)),
        Error::from(ErrorKind::TooManyItems {
            max: 2,
            items: three,
        })
        .in_field("colors"),
        "field `colors`: too many items: selected 3, at most 2 allowed",
    );
    assert_rejected::<Signup>(
        with(signup_content(), "colors", json!([])),
        Error::from(ErrorKind::TooFewItems {
            min: 1,
            items: vec![],
        })
        .in_field("colors"),
        "field `colors`: too few items: selected 0, at least 1 required",
    );
    let twice = vec![json!("red"), json!("red")];
    assert_rejected::<Signup>(
        with(signup_content(), "colors", json!(twice)),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: twice,
        })
        .in_field("colors"),
        r#"field `colors`: duplicate item at index 1: "red" names an option that is already selected"#,
    );
    // a value and its alias name the same option
    let aliased = vec![json!("high"), json!("urgent")];
    assert_rejected::<Titles>(
        json!({ "urgencies": aliased }),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: aliased,
        })
        .in_field("urgencies"),
        r#"field `urgencies`: duplicate item at index 1: "urgent" names an option that is already selected"#,
    );
    let not_strings = vec![json!("red"), json!(2)];
    assert_rejected::<Signup>(
        with(signup_content(), "colors", json!(not_strings)),
        Error::from(ErrorKind::InvalidItem {
            index: 1,
            items: not_strings,
            allowed: Cow::Borrowed(Color::OPTIONS),
        })
        .in_field("colors"),
        r#"field `colors`: invalid item at index 1: expected a string, found a number (2); expected one of "red", "green", "blue""#,
    );
    assert_rejected::<Signup>(
        with(signup_content(), "colors", json!("red")),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Array,
            found: json!("red"),
        })
        .in_field("colors"),
        r#"field `colors`: wrong type: expected an array, found a string ("red"); a multi-select answer is an array of strings"#,
    );
    assert_rejected::<Signup>(
        with(signup_content(), "priority", json!(["high"])),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: json!(["high"]),
        })
        .in_field("priority"),
        r#"field `priority`: wrong type: expected a string, found an array (["high"]); a single-select answer is one string"#,
    );
}

// ---------------------------------------------------------------------------
// Parsing: several errors at once
// ---------------------------------------------------------------------------

#[test]
fn several_bad_fields_are_all_reported_in_field_order() {
    // written in the reverse order of the fields, to show that the order is
    // the form's
    let content = json!({
        "note": 5,
        "colors": ["red", "red"],
        "priority": "High: right now",
        "age": 17,
        "email": "nope",
        "nick": ""
    });
    let expected = Error::from(ErrorKind::Multiple(vec![
        Error::from(ErrorKind::TooShort {
            value: String::new(),
            min_length: 2,
        })
        .in_field("nick"),
        Error::from(ErrorKind::InvalidFormat {
            value: "nope".into(),
            format: StringFormat::Email,
        })
        .in_field("email"),
        Error::from(ErrorKind::OutOfRange {
            value: Number::from(17),
            minimum: Some(Number::from(18)),
            maximum: Some(Number::from(120)),
        })
        .in_field("age"),
        Error::from(ErrorKind::MissingField).in_field("newsletter"),
        Error::from(ErrorKind::InvalidValue {
            value: "High: right now".into(),
            allowed: Cow::Borrowed(Priority::OPTIONS),
        })
        .in_field("priority"),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: vec![json!("red"), json!("red")],
        })
        .in_field("colors"),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: json!(5),
        })
        .in_field("note"),
    ]));
    let message = concat!(
        "7 fields rejected: ",
        r#"field `nick`: too short: "" has 0 characters, at least 2 required; "#,
        r#"field `email`: invalid format: "nope" is not a valid email; "#,
        "field `age`: out of range: 17 is not between 18 and 120; ",
        "field `newsletter`: missing value for a required field; ",
        r#"field `priority`: invalid value "High: right now": the client sent the title of option "high" instead of its value; expected one of "low", "high"; "#,
        r#"field `colors`: duplicate item at index 1: "red" names an option that is already selected; "#,
        "field `note`: wrong type: expected a string, found a number (5)",
    );
    assert_rejected::<Signup>(content, expected, message);
}

#[test]
fn two_bad_fields_make_a_multiple_and_one_does_not() {
    let error = rejected::<Numbers>(with(
        with(numbers_content(), "ratio", json!("x")),
        "byte",
        json!(-1),
    ));
    let fields: Vec<&str> = error.iter().filter_map(Error::field).collect();
    assert_eq!(fields, ["byte", "ratio"]);
    assert_eq!(error.field(), None);
    assert_eq!(
        error.to_string(),
        r#"2 fields rejected: field `byte`: out of range: -1 is not between 0 and 255; field `ratio`: wrong type: expected a number, found a string ("x")"#
    );
}

// ---------------------------------------------------------------------------
// Hygiene: the generated code names everything by absolute path
// ---------------------------------------------------------------------------

#[no_implicit_prelude]
mod hygiene {
    //! Checked when this file compiles: `deny(warnings)` on the generated
    //! code, every prelude name shadowed.
    #![deny(warnings, unused_qualifications)]
    #![allow(dead_code, non_camel_case_types)]

    use ::enum_schema::{ElicitEnum, ElicitForm};

    struct Result;
    struct Option;
    struct Some;
    struct None;
    struct Ok;
    struct Err;
    struct String;
    struct Vec;
    struct Box;
    struct Default;
    struct Map;
    struct Value;
    mod core {}
    mod std {}
    mod enum_schema {}
    mod serde_json {}

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Choice {
        A,
        B,
    }

    /// Fields named like the derive's locals and parameters.
    #[derive(ElicitForm, Debug, PartialEq)]
    #[elicit(crate = "::enum_schema", message = "m")]
    pub struct Awkward {
        pub __content: ::std::string::String,
        pub __errors: bool,
        #[elicit(minimum = 1, default = 2)]
        pub __schema: u8,
        pub __field0: ::std::option::Option<Choice>,
        #[elicit(default_items = [A])]
        pub __descriptor: ::std::vec::Vec<Choice>,
        pub r#type: f64,
    }

    /// Fields whose options are given at run time, named like the derive's
    /// locals, its lifetime and its options struct's fields.
    #[derive(ElicitForm, Debug, PartialEq)]
    #[elicit(crate = "::enum_schema")]
    pub struct AwkwardRunTime {
        pub __elicit_options: ::enum_schema::OwnedChoice,
        pub __elicit: ::core::option::Option<::std::vec::Vec<::enum_schema::OwnedChoice>>,
        pub r#match: ::enum_schema::OwnedChoice,
        pub choice: Choice,
    }
}

#[test]
fn the_derive_is_hygienic() {
    use hygiene::{Awkward, Choice};
    let content = json!({
        "__content": "c",
        "__errors": true,
        "__schema": 3,
        "__descriptor": ["b"],
        "type": 0.5
    });
    assert_eq!(
        accepted::<Awkward>(content),
        Awkward {
            __content: "c".into(),
            __errors: true,
            __schema: 3,
            __field0: None,
            __descriptor: vec![Choice::B],
            r#type: 0.5,
        }
    );
    assert_eq!(
        wire(Awkward::default_request()),
        json!({
            "message": "m",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "__content": {"type": "string"},
                    "__errors": {"type": "boolean"},
                    "__schema": {"type": "integer", "minimum": 1, "maximum": 255, "default": 2},
                    "__field0": {"type": "string", "enum": ["a", "b"]},
                    "__descriptor": {
                        "type": "array",
                        "items": {"type": "string", "enum": ["a", "b"]},
                        "default": ["a"]
                    },
                    "type": {"type": "number"}
                },
                "required": ["__content", "__errors", "__schema", "__descriptor", "type"]
            }
        })
    );
}

#[test]
fn the_derive_is_hygienic_with_run_time_options() {
    use enum_schema::{
        schema::{MultiSelectSchema, SingleSelectSchema},
        ElicitFormWith,
    };
    use hygiene::{AwkwardRunTime, AwkwardRunTimeOptions, Choice};
    let options = AwkwardRunTimeOptions {
        __elicit_options: SingleSelectSchema::new(["x"]).unwrap(),
        __elicit: MultiSelectSchema::new(["y"]).unwrap(),
        r#match: SingleSelectSchema::new(["z"]).unwrap(),
    };
    assert_eq!(
        wire(AwkwardRunTime::requested_schema_with(&options)),
        json!({
            "type": "object",
            "properties": {
                "__elicit_options": {"type": "string", "enum": ["x"]},
                "__elicit": {"type": "array", "items": {"type": "string", "enum": ["y"]}},
                "match": {"type": "string", "enum": ["z"]},
                "choice": {"type": "string", "enum": ["a", "b"]},
            },
            "required": ["__elicit_options", "match", "choice"],
        })
    );
    let content = json!({"__elicit_options": "x", "__elicit": ["y"], "match": "z", "choice": "b"});
    let Ok(ElicitAction::Accept(parsed)) =
        AwkwardRunTime::parse_result_with(accept(content), &options)
    else {
        panic!()
    };
    assert_eq!(
        (
            parsed.__elicit_options.value(),
            parsed.__elicit.unwrap()[0].value(),
            parsed.r#match.value()
        ),
        ("x", "y", "z")
    );
    assert_eq!(parsed.choice, Choice::B);
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Shade {
    Light,
    Dark,
    Auto,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Theme {
    /// A bare variant name, as on the enum itself.
    #[elicit(default = Dark)]
    shade: Shade,
    /// Variant names and wire values mixed, as the attribute table shows.
    #[elicit(default_items = [Light, "auto"])]
    allowed: Vec<Shade>,
}

#[test]
fn defaults_name_variants_bare_and_mix_names_with_values() {
    assert_eq!(
        wire(Theme::requested_schema()),
        json!({
            "type": "object",
            "properties": {
                "shade": {
                    "type": "string",
                    "description": "A bare variant name, as on the enum itself.",
                    "enum": ["light", "dark", "auto"],
                    "default": "dark"
                },
                "allowed": {
                    "type": "array",
                    "description": "Variant names and wire values mixed, as the attribute table shows.",
                    "items": {"type": "string", "enum": ["light", "dark", "auto"]},
                    "default": ["light", "auto"]
                }
            },
            "required": ["shade", "allowed"]
        })
    );
}

/// A form field's `default` and `default_items` may name an option by an
/// alias (`#[elicit(alias)]` or serde's), as the enum's own `default` may:
/// the request carries the option's wire value.
mod alias_defaults {
    use enum_schema::{ElicitEnum, ElicitForm};
    use serde_json::json;

    #[derive(ElicitEnum, serde::Deserialize, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Tier {
        #[elicit(alias = "std")]
        Standard,
        #[serde(alias = "pro")]
        Premium,
        Free,
    }

    #[derive(ElicitForm, Debug, PartialEq)]
    pub struct Plan {
        #[elicit(default = "pro")]
        pub tier: Tier,
        #[elicit(default_items = ["std", Free])]
        pub trials: Vec<Tier>,
    }

    #[test]
    fn an_alias_names_its_option() {
        let schema = serde_json::to_value(Plan::requested_schema()).unwrap();
        assert_eq!(schema["properties"]["tier"]["default"], json!("premium"));
        assert_eq!(
            schema["properties"]["trials"]["default"],
            json!(["standard", "free"])
        );
        // The enum's own default reads an alias the same way.
        assert_eq!(Region::SINGLE_SELECT.default_value(), Some("eu-west"));
        assert_eq!(Region::MULTI_SELECT.default_values(), Some(vec!["eu-west"]));
    }

    #[derive(ElicitEnum)]
    #[elicit(rename_all = "kebab-case", default = "eu", default_items = ["eu"])]
    pub enum Region {
        #[elicit(alias = "eu")]
        EuWest,
        UsEast,
    }
}

/// Fields whose options are given when the request is built (`OwnedChoice`,
/// `Vec<OwnedChoice>`, and `Option`s of them): one derived form asks them
/// beside derived enums and primitives, through `ElicitFormWith` and the
/// options struct the derive generates.
mod run_time {
    use std::borrow::Cow;

    use enum_schema::{
        error::JsonType,
        schema::{EnumOption, MultiSelectSchema, SingleSelectSchema},
        ElicitAction, ElicitEnum, ElicitForm, ElicitFormWith, Error, ErrorKind, OwnedChoice,
        ProtocolVersion, VersionError,
    };
    use serde_json::{json, Value};

    use super::{accept, wire};

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "kebab-case")]
    pub enum Region {
        EuWest,
        UsEast,
    }

    #[derive(ElicitForm, Debug, PartialEq)]
    #[elicit(rename_all = "camelCase")]
    pub struct Deploy {
        /// Where to deploy.
        pub environment: OwnedChoice,
        /// Regions, from a derived enum.
        #[elicit(min_items = 1)]
        pub regions: Vec<Region>,
        #[elicit(minimum = 0, maximum = 100, default = 10)]
        pub canary_percent: u8,
        #[elicit(title = "Reviewers", description = false)]
        pub reviewers: Vec<OwnedChoice>,
        #[elicit(rename = "backup")]
        pub fallback: Option<OwnedChoice>,
        pub watchers: Option<Vec<OwnedChoice>>,
    }

    fn deploy_options() -> DeployOptions {
        DeployOptions {
            environment: SingleSelectSchema::new([("stg", "Staging"), ("prod", "Production")])
                .unwrap()
                .with_title("Environment")
                .with_description("replaced by the field's doc comment")
                .with_default_value("stg")
                .unwrap(),
            reviewers: MultiSelectSchema::new(["ada", "grace", "linus"])
                .unwrap()
                .with_description("dropped by description = false")
                .with_items(Some(1), Some(2))
                .unwrap(),
            fallback: SingleSelectSchema::new(["stg"]).unwrap(),
            watchers: MultiSelectSchema::new([("ops", "Ops team")]).unwrap(),
        }
    }

    fn content() -> Value {
        json!({
            "environment": "prod",
            "regions": ["us-east"],
            "canaryPercent": 5,
            "reviewers": ["linus", "ada"],
        })
    }

    #[track_caller]
    fn rejected(content: Value) -> Error {
        match Deploy::parse_result_with(accept(content.clone()), &deploy_options()) {
            Err(error) => error,
            Ok(parsed) => panic!("{content} was accepted: {parsed:?}"),
        }
    }

    #[track_caller]
    fn assert_rejected(content: Value, expected: Error, message: &str) {
        let error = rejected(content);
        assert_eq!(error, expected);
        assert_eq!(error.to_string(), message);
    }

    #[test]
    fn the_request_carries_the_options_given_with_the_fields_attributes_over_them() {
        assert_eq!(
            wire(Deploy::request_with("Deploy v2?", &deploy_options())),
            json!({
                "message": "Deploy v2?",
                "requestedSchema": {
                    "type": "object",
                    "properties": {
                        "environment": {
                            "type": "string",
                            "title": "Environment",
                            "description": "Where to deploy.",
                            "oneOf": [
                                {"const": "stg", "title": "Staging"},
                                {"const": "prod", "title": "Production"},
                            ],
                            "default": "stg",
                        },
                        "regions": {
                            "type": "array",
                            "description": "Regions, from a derived enum.",
                            "minItems": 1,
                            "items": {"type": "string", "enum": ["eu-west", "us-east"]},
                        },
                        "canaryPercent": {"type": "integer", "minimum": 0, "maximum": 100, "default": 10},
                        "reviewers": {
                            "type": "array",
                            "title": "Reviewers",
                            "minItems": 1,
                            "maxItems": 2,
                            "items": {"type": "string", "enum": ["ada", "grace", "linus"]},
                        },
                        "backup": {"type": "string", "enum": ["stg"]},
                        "watchers": {
                            "type": "array",
                            "items": {"anyOf": [{"const": "ops", "title": "Ops team"}]},
                        },
                    },
                    "required": ["environment", "regions", "canaryPercent", "reviewers"],
                },
            })
        );
        assert_eq!(
            Deploy::requested_schema_with(&deploy_options()),
            *Deploy::request_with("", &deploy_options()).requested_schema()
        );
    }

    #[test]
    fn the_answer_comes_back_typed_and_owned() {
        let options = deploy_options();
        let parsed = Deploy::parse_result_with(accept(content()), &options).unwrap();
        drop(options);
        let ElicitAction::Accept(deploy) = parsed else {
            panic!("{parsed:?}")
        };
        assert_eq!(
            (
                deploy.environment.index(),
                deploy.environment.value(),
                deploy.environment.title()
            ),
            (1, "prod", Some("Production"))
        );
        assert_eq!(
            deploy.environment.option(),
            &EnumOption::titled("prod", "Production")
        );
        assert_eq!(deploy.regions, vec![Region::UsEast]);
        assert_eq!(deploy.canary_percent, 5);
        // The client's order, each with its position in the options.
        assert_eq!(
            deploy
                .reviewers
                .iter()
                .map(|choice| (choice.index(), choice.value(), choice.title()))
                .collect::<Vec<_>>(),
            vec![(2, "linus", None), (0, "ada", None)]
        );
        assert_eq!((deploy.fallback, deploy.watchers), (None, None));

        let both = json!({"backup": "stg", "watchers": ["ops"]});
        let mut answer = content();
        answer
            .as_object_mut()
            .unwrap()
            .extend(both.as_object().unwrap().clone());
        let Ok(ElicitAction::Accept(deploy)) =
            Deploy::parse_result_with(accept(answer), &deploy_options())
        else {
            panic!()
        };
        assert_eq!(
            deploy.fallback.as_ref().map(OwnedChoice::value),
            Some("stg")
        );
        let watchers = deploy.watchers.unwrap();
        assert_eq!(
            (watchers.len(), watchers[0].value(), watchers[0].title()),
            (1, "ops", Some("Ops team"))
        );
    }

    #[test]
    fn decline_and_cancel_need_no_content() {
        for (action, expected) in [
            ("decline", ElicitAction::Decline),
            ("cancel", ElicitAction::Cancel),
        ] {
            assert_eq!(
                Deploy::parse_result_with(
                    json!({"action": action, "content": 1}),
                    &deploy_options()
                ),
                Ok(expected)
            );
        }
    }

    #[test]
    fn an_answer_outside_the_options_given_is_refused() {
        let environments = SingleSelectSchema::new([("stg", "Staging"), ("prod", "Production")])
            .unwrap()
            .options()
            .to_vec();
        let mut answer = content();
        answer["environment"] = json!("Production");
        assert_rejected(
            answer,
            Error::from(ErrorKind::InvalidValue {
                value: "Production".into(),
                allowed: Cow::Owned(environments.clone()),
            })
            .in_field("environment"),
            r#"field `environment`: invalid value "Production": the client sent the title of option "prod" instead of its value; expected one of "stg", "prod""#,
        );
        let mut answer = content();
        answer["environment"] = json!("dev");
        assert_rejected(
            answer,
            Error::from(ErrorKind::InvalidValue {
                value: "dev".into(),
                allowed: Cow::Owned(environments),
            })
            .in_field("environment"),
            r#"field `environment`: invalid value "dev": expected one of "stg", "prod""#,
        );
    }

    #[test]
    fn a_multi_answer_is_checked_against_the_bounds_and_options_given() {
        let reviewers = || {
            MultiSelectSchema::new(["ada", "grace", "linus"])
                .unwrap()
                .options()
                .to_vec()
        };
        let mut answer = content();
        answer["reviewers"] = json!(["ada", "grace", "linus"]);
        assert_rejected(
            answer,
            Error::from(ErrorKind::TooManyItems {
                max: 2,
                items: vec![json!("ada"), json!("grace"), json!("linus")],
            })
            .in_field("reviewers"),
            "field `reviewers`: too many items: selected 3, at most 2 allowed",
        );
        let mut answer = content();
        answer["reviewers"] = json!(["ada", "ada"]);
        assert_rejected(
            answer,
            Error::from(ErrorKind::DuplicateItem {
                index: 1,
                items: vec![json!("ada"), json!("ada")],
            })
            .in_field("reviewers"),
            r#"field `reviewers`: duplicate item at index 1: "ada" names an option that is already selected"#,
        );
        let mut answer = content();
        answer["reviewers"] = json!(["bob"]);
        assert_rejected(
            answer,
            Error::from(ErrorKind::InvalidItem {
                index: 0,
                items: vec![json!("bob")],
                allowed: Cow::Owned(reviewers()),
            })
            .in_field("reviewers"),
            r#"field `reviewers`: invalid item at index 0: "bob" is not an option; expected one of "ada", "grace", "linus""#,
        );
    }

    #[test]
    fn missing_null_and_several_wrong_fields_are_reported_as_for_any_field() {
        let mut answer = content();
        answer.as_object_mut().unwrap().remove("environment");
        assert_rejected(
            answer,
            Error::from(ErrorKind::MissingField).in_field("environment"),
            "field `environment`: missing value for a required field",
        );
        // An optional run-time field's `null` is the field left out.
        let mut answer = content();
        answer["backup"] = Value::Null;
        answer["watchers"] = Value::Null;
        let Ok(ElicitAction::Accept(deploy)) =
            Deploy::parse_result_with(accept(answer), &deploy_options())
        else {
            panic!("a blank optional field was refused")
        };
        assert_eq!((deploy.fallback, deploy.watchers), (None, None));
        // A required field's `null` is a type mismatch, as before.
        let mut answer = content();
        answer["environment"] = Value::Null;
        assert_rejected(
            answer,
            Error::from(ErrorKind::TypeMismatch {
                expected: JsonType::String,
                found: Value::Null,
            })
            .in_field("environment"),
            "field `environment`: wrong type: expected a string, found null",
        );
        let error = rejected(json!({"environment": 1, "regions": ["eu-west"], "canaryPercent": 1}));
        let ErrorKind::Multiple(errors) = error.kind() else {
            panic!("{error:?}")
        };
        assert_eq!(
            errors,
            &vec![
                Error::from(ErrorKind::TypeMismatch {
                    expected: JsonType::String,
                    found: json!(1),
                })
                .in_field("environment"),
                Error::from(ErrorKind::MissingField).in_field("reviewers"),
            ]
        );
    }

    #[test]
    fn the_request_is_shaped_per_revision_like_any_other() {
        #[derive(ElicitForm, Debug)]
        struct Pick {
            #[allow(dead_code)]
            file: OwnedChoice,
        }
        let options = PickOptions {
            file: SingleSelectSchema::new([("a.md", "A"), ("b.md", "B")]).unwrap(),
        };
        let legacy = Pick::request_with("Which?", &options)
            .for_version(ProtocolVersion::V2025_06_18)
            .unwrap();
        assert_eq!(
            wire(legacy.requested_schema())["properties"]["file"],
            json!({"type": "string", "enum": ["a.md", "b.md"], "enumNames": ["A", "B"]})
        );
        assert_eq!(
            Deploy::request_with("m", &deploy_options()).for_version(ProtocolVersion::V2025_06_18),
            Err(VersionError::NoMultiSelect {
                version: ProtocolVersion::V2025_06_18,
                property: Some("regions".into()),
            })
        );
    }

    #[test]
    fn an_answer_in_json_text_naming_a_key_twice_is_refused() {
        let text = r#"{"action":"accept","content":{"environment":"stg","environment":"prod"}}"#;
        let error = Deploy::parse_result_str_with(text, &deploy_options()).unwrap_err();
        assert_eq!(
            error,
            Error::from(ErrorKind::MalformedResult {
                reason: Cow::Owned(
                    r#"not JSON: the key "environment" appears twice in one object at line 1 column 63"#
                        .to_owned()
                ),
                found: None,
            })
        );
        assert_eq!(
            error.to_string(),
            r#"malformed ElicitResult: not JSON: the key "environment" appears twice in one object at line 1 column 63"#
        );
        let text = serde_json::to_string(&accept(content())).unwrap();
        assert!(matches!(
            Deploy::parse_result_str_with(&text, &deploy_options()),
            Ok(ElicitAction::Accept(_))
        ));
    }

    /// A form without such fields is the same form with `()` options.
    #[test]
    fn every_elicit_form_takes_unit_options() {
        #[derive(ElicitForm, Debug, PartialEq)]
        struct Confirm {
            sure: bool,
        }
        assert_eq!(
            Confirm::request_with("Sure?", &()),
            Confirm::request("Sure?")
        );
        let answer = accept(json!({"sure": true}));
        assert_eq!(
            Confirm::parse_result_with(answer.clone(), &()),
            Confirm::parse_result(answer)
        );
        fn takes_unit<F: ElicitFormWith<Options = ()>>() {}
        takes_unit::<Confirm>();
    }

    mod named {
        use enum_schema::{schema::SingleSelectSchema, ElicitForm, OwnedChoice};

        /// `options = ".."` names the struct; it has the form's visibility.
        #[derive(ElicitForm, Debug)]
        #[elicit(options = "Choices")]
        pub(crate) struct Pick {
            pub(crate) file: OwnedChoice,
        }

        pub(crate) fn choices() -> Choices {
            Choices {
                file: SingleSelectSchema::new(["x"]).unwrap(),
            }
        }
    }

    #[test]
    fn the_options_struct_may_be_named() {
        let choices = named::choices();
        let copy = choices.clone();
        assert_eq!(copy.file, choices.file);
        assert_eq!(
            format!("{choices:?}"),
            format!("Choices {{ file: {:?} }}", choices.file)
        );
        let answer = accept(json!({"file": "x"}));
        let Ok(ElicitAction::Accept(pick)) = named::Pick::parse_result_with(answer, &choices)
        else {
            panic!()
        };
        assert_eq!(pick.file.value(), "x");
    }
}
