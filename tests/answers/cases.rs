//! The real-world failure cases of `shared/cases/` (see its README.md), one
//! module per case, named for what it reproduces (the case id and title
//! head it), adapted to this crate's API but keeping their meaning.
//!
//! The case folders are the reference: their enums are copied here and their
//! expected JSON is written inline; nothing is read from them at run time.
//!
//! Adaptations (the cases' README allows renaming the API):
//! - `T::SINGLE_SELECT` returns a typed `SingleSelectField<T>`; it is
//!   compared through `serde_json::to_value`, the JSON that goes on the wire.
//! - `enum_schema::multi::<T>().with_min_items(n).with_max_items(m)` is
//!   `T::MULTI_SELECT.with_min_items(n).with_max_items(m)`.
//! - The response cases parse whole `ElicitResult`s through `Form`: the
//!   outcome names `Accepted`/`Declined`/`Cancelled` are
//!   `ElicitAction::Accept`/`Decline`/`Cancel`, and an accepted content is a
//!   tuple with one element per form field.
//! - C07's `InvalidValue { value: "purple" }` for an element of a
//!   multi-select answer is `ErrorKind::InvalidItem { index: 1, items, .. }`: the
//!   error keeps the whole array the client sent, and the index points at
//!   `"purple"`. C07's `got: 3` / `got: 0` are `items.len()`.
//!
//! Not here: the compile-fail inputs (C05 `input_bad.rs`, C14
//! `input_bad_tuple.rs` / `input_bad_struct.rs` / `input_bad_generic.rs`, and
//! both C16 inputs) are covered by the trybuild UI suite (`tests/compiletest.rs`
//! with `tests/ui/`). C11 lives in `tests/derive/deprecated.rs`, because it
//! needs `#![deny(warnings)]` on a whole module. C21 and C22 live in
//! `tests/derive/macro_rules.rs`, with the rest of the macro matrix; C29 is
//! two UI cases.

use enum_schema::{ElicitAction, ElicitEnum, Error, ErrorKind, Form, Optional};
use serde_json::{json, Value};

/// The JSON that goes on the wire for a schema.
fn wire<T: serde::Serialize>(schema: T) -> Value {
    serde_json::to_value(schema).expect("a schema always serializes")
}

/// Every object key at any depth, with its JSON pointer.
fn all_keys(value: &Value) -> Vec<(String, String)> {
    fn walk(value: &Value, path: &str, out: &mut Vec<(String, String)>) {
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    let child_path = format!("{path}/{key}");
                    out.push((key.clone(), child_path.clone()));
                    walk(child, &child_path, out);
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    walk(child, &format!("{path}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(value, "", &mut out);
    out
}

/// No key starting with `$` (`$ref`, `$defs`, `$schema`, `$id`, ..) and no
/// `definitions`, at any depth.
fn assert_self_contained(value: &Value) {
    for (key, path) in all_keys(value) {
        assert!(!key.starts_with('$'), "key {key:?} at {path} in {value}");
        assert_ne!(key, "definitions", "`definitions` at {path} in {value}");
    }
}

/// None of `forbidden` is a key at any depth.
fn assert_no_keys(value: &Value, forbidden: &[&str]) {
    for (key, path) in all_keys(value) {
        assert!(
            !forbidden.contains(&key.as_str()),
            "forbidden key {key:?} at {path} in {value}"
        );
    }
}

/// The string values of a JSON array.
fn strings(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|item| {
            item.as_str()
                .unwrap_or_else(|| panic!("not a string: {item}"))
        })
        .collect()
}

// ---------------------------------------------------------------------------
// C01 — Titled single-select must carry "type": "string"
// ---------------------------------------------------------------------------
mod titled_select_carries_type {
    use super::*;

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Priority {
        #[elicit(title = "Low Priority")]
        Low,
        #[elicit(title = "High Priority")]
        High,
    }

    #[test]
    fn titled_single_select_is_exact_and_typed() {
        let schema = wire(Priority::SINGLE_SELECT);
        assert_eq!(
            schema,
            json!({
                "type": "string",
                "oneOf": [
                    {"const": "low", "title": "Low Priority"},
                    {"const": "high", "title": "High Priority"}
                ]
            })
        );
        // must: "type" == "string" next to "oneOf"
        assert_eq!(schema["type"], json!("string"));
        assert!(schema["oneOf"].is_array());
        // must-not: enum, enumNames, anyOf, items anywhere
        assert_no_keys(&schema, &["enum", "enumNames", "anyOf", "items"]);
        assert_self_contained(&schema);
        // SINGLE_SELECT and schema() are the same thing
        assert_eq!(wire(Priority::SINGLE_SELECT), schema);
    }
}

// ---------------------------------------------------------------------------
// C02 — Enum schema must be inline (no $ref / $defs / $schema)
// ---------------------------------------------------------------------------
mod schema_is_inline {
    use super::*;

    // As in the case README: no doc comment.
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Priority {
        Low,
        Medium,
        High,
    }

    /// Used as a field of an elicitation form; the property schema must be self-contained.
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum DocumentedPriority {
        Low,
        Medium,
        High,
    }

    fn assert_c02_must_nots(schema: &Value) {
        assert_self_contained(schema);
        // no implicit title equal to the Rust type name
        assert_eq!(schema.get("title"), None, "implicit title in {schema}");
        for (key, path) in all_keys(schema) {
            if key == "title" {
                panic!("title at {path} in {schema}");
            }
        }
        assert!(!schema.to_string().contains("Priority"), "{schema}");
    }

    #[test]
    fn untitled_single_select_is_exact_and_inline() {
        let schema = wire(Priority::SINGLE_SELECT);
        assert_eq!(
            schema,
            json!({"type": "string", "enum": ["low", "medium", "high"]})
        );
        assert_c02_must_nots(&schema);
    }

    /// C02/input.rs carries a doc comment on the enum while expected.json has
    /// no `description`; by C12's rule (the enum's doc comment is the
    /// natural description) the doc comment shows up as `description`. The
    /// point of C02 (inline, no `$`-keys, no implicit title) holds either way.
    #[test]
    fn input_rs_with_doc_comment_is_inline_too() {
        let schema = wire(DocumentedPriority::SINGLE_SELECT);
        assert_eq!(
            schema,
            json!({
                "type": "string",
                "description": "Used as a field of an elicitation form; the property schema must be self-contained.",
                "enum": ["low", "medium", "high"]
            })
        );
        assert_c02_must_nots(&schema);
    }

    #[test]
    fn inline_in_a_whole_request() {
        let form = Form::new((
            ("priority", Priority::SINGLE_SELECT),
            ("priorities", Priority::MULTI_SELECT),
        ));
        let request = wire(form.request("Pick"));
        assert_eq!(
            request,
            json!({
                "message": "Pick",
                "requestedSchema": {
                    "type": "object",
                    "properties": {
                        "priority": {"type": "string", "enum": ["low", "medium", "high"]},
                        "priorities": {
                            "type": "array",
                            "items": {"type": "string", "enum": ["low", "medium", "high"]}
                        }
                    },
                    "required": ["priority", "priorities"]
                }
            })
        );
        assert_self_contained(&request);
    }
}

// ---------------------------------------------------------------------------
// C05 — Legacy enumNames must line up with enum (non-ASCII titles)
// (input_bad.rs is a compile-fail UI test, covered by tests/ui/.)
// ---------------------------------------------------------------------------
mod legacy_enum_names_line_up {
    use super::*;

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(legacy, title = "Language")] // opt-in to the deprecated enum + enumNames form
    pub enum Language {
        #[elicit(rename = "en", title = "English")]
        English,
        #[elicit(rename = "es", title = "Español")]
        Spanish,
        #[elicit(rename = "fr", title = "Français")]
        French,
        #[elicit(rename = "de", title = "Deutsch")]
        German,
        #[elicit(rename = "ja", title = "日本語")]
        Japanese,
    }

    // The same enum without `legacy` (a plain comment: a doc comment would be its description).
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(title = "Language")]
    pub enum ModernLanguage {
        #[elicit(rename = "en", title = "English")]
        English,
        #[elicit(rename = "es", title = "Español")]
        Spanish,
        #[elicit(rename = "fr", title = "Français")]
        French,
        #[elicit(rename = "de", title = "Deutsch")]
        German,
        #[elicit(rename = "ja", title = "日本語")]
        Japanese,
    }

    fn modern_expected() -> Value {
        json!({
            "type": "string",
            "title": "Language",
            "oneOf": [
                {"const": "en", "title": "English"},
                {"const": "es", "title": "Español"},
                {"const": "fr", "title": "Français"},
                {"const": "de", "title": "Deutsch"},
                {"const": "ja", "title": "日本語"}
            ]
        })
    }

    #[test]
    fn legacy_schema_is_exact() {
        let schema = wire(Language::SINGLE_SELECT);
        assert_eq!(
            schema,
            json!({
                "type": "string",
                "title": "Language",
                "enum": ["en", "es", "fr", "de", "ja"],
                "enumNames": ["English", "Español", "Français", "Deutsch", "日本語"]
            })
        );
        assert_no_keys(&schema, &["oneOf", "anyOf", "items", "const"]);
        assert_self_contained(&schema);
    }

    #[test]
    fn enum_names_line_up_with_enum() {
        let schema = wire(Language::SINGLE_SELECT);
        let values = strings(&schema["enum"]);
        let names = strings(&schema["enumNames"]);
        assert_eq!(values.len(), names.len());
        // index i of both describes the same variant
        let variants = [
            Language::English,
            Language::Spanish,
            Language::French,
            Language::German,
            Language::Japanese,
        ];
        assert_eq!(values.len(), variants.len());
        for ((value, name), variant) in values.iter().zip(&names).zip(variants) {
            let option = &Language::OPTIONS[variant.option_index().unwrap()];
            assert_eq!(option.value(), *value);
            assert_eq!(option.title(), Some(*name));
            assert_eq!(Language::parse(value), Ok(variant));
        }
    }

    #[test]
    fn unicode_titles_round_trip_through_text() {
        // compare parsed JSON, not bytes
        let text = serde_json::to_string(&Language::SINGLE_SELECT).unwrap();
        let parsed: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            strings(&parsed["enumNames"]),
            ["English", "Español", "Français", "Deutsch", "日本語"]
        );
        assert_eq!(
            parsed["enumNames"][4].as_str(),
            Some("\u{65E5}\u{672C}\u{8A9E}")
        );
        assert_eq!(parsed["enumNames"][1].as_str(), Some("Espa\u{F1}ol"));
    }

    #[test]
    fn without_legacy_the_same_enum_is_one_of() {
        // the same enum, the legacy choice turned off with the builder
        let schema = wire(Language::SINGLE_SELECT.with_legacy(false));
        assert_eq!(schema, modern_expected());
        assert_no_keys(&schema, &["enum", "enumNames", "anyOf", "items"]);
        // and the same enum derived without `legacy`
        let schema = wire(ModernLanguage::SINGLE_SELECT);
        assert_eq!(schema, modern_expected());
        assert_no_keys(&schema, &["enum", "enumNames", "anyOf", "items"]);
    }
}

// ---------------------------------------------------------------------------
// C07 — Multi-select response: order, bounds, unknown member
// ---------------------------------------------------------------------------
mod multi_select_answers {
    use super::*;
    use enum_schema::MultiSelectField;

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Color {
        Red,
        Green,
        Blue,
    }

    // The same options, with the bounds given on the enum (a plain comment, not a description).
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase", min_items = 1, max_items = 2)]
    pub enum BoundedColor {
        Red,
        Green,
        Blue,
    }

    // form field "colors": multi-select of Color with min_items = 1, max_items = 2
    const COLORS: MultiSelectField<Color> = Color::MULTI_SELECT.with_min_items(1).with_max_items(2);

    fn form() -> Form<((&'static str, MultiSelectField<Color>),)> {
        Form::new((("colors", COLORS),))
    }

    fn expected_schema() -> Value {
        json!({
            "type": "array",
            "minItems": 1,
            "maxItems": 2,
            "items": {"type": "string", "enum": ["red", "green", "blue"]}
        })
    }

    #[test]
    fn field_schema_is_exact() {
        assert_eq!(wire(COLORS), expected_schema());
        assert_eq!(wire(BoundedColor::MULTI_SELECT), expected_schema());
        assert_eq!(
            wire(form().requested_schema()),
            json!({
                "type": "object",
                "properties": {"colors": expected_schema()},
                "required": ["colors"]
            })
        );
        assert_self_contained(&wire(COLORS));
    }

    #[test]
    fn response_ok_keeps_the_order_sent() {
        let response = json!({"action": "accept", "content": {"colors": ["blue", "red"]}});
        assert_eq!(
            form().parse_result(response),
            Ok(ElicitAction::Accept((vec![Color::Blue, Color::Red],)))
        );
    }

    #[test]
    fn response_too_many() {
        let response = json!({"action": "accept", "content": {"colors": ["red", "green", "blue"]}});
        let error = form().parse_result(response).unwrap_err();
        assert_eq!(
            error,
            Error::from(ErrorKind::TooManyItems {
                max: 2,
                items: vec![json!("red"), json!("green"), json!("blue")],
            })
            .in_field("colors")
        );
        assert_eq!(
            error.to_string(),
            "field `colors`: too many items: selected 3, at most 2 allowed"
        );
        assert_eq!(error.field(), Some("colors"));
    }

    #[test]
    fn response_empty() {
        let response = json!({"action": "accept", "content": {"colors": []}});
        let error = form().parse_result(response).unwrap_err();
        assert_eq!(
            error,
            Error::from(ErrorKind::TooFewItems {
                min: 1,
                items: vec![],
            })
            .in_field("colors")
        );
        assert_eq!(
            error.to_string(),
            "field `colors`: too few items: selected 0, at least 1 required"
        );
    }

    #[test]
    fn response_unknown() {
        let response = json!({"action": "accept", "content": {"colors": ["red", "purple"]}});
        let error = form().parse_result(response).unwrap_err();
        assert_eq!(
            error,
            Error::from(ErrorKind::InvalidItem {
                index: 1,
                items: vec![json!("red"), json!("purple")],
                allowed: Color::OPTIONS.into(),
            })
            .in_field("colors")
        );
        assert_eq!(
            error.to_string(),
            r#"field `colors`: invalid item at index 1: "purple" is not an option; expected one of "red", "green", "blue""#
        );
    }

    #[test]
    fn bounds_from_enum_attributes_parse_the_same() {
        let form = Form::new((("colors", BoundedColor::MULTI_SELECT),));
        let too_many = json!({"action": "accept", "content": {"colors": ["red", "green", "blue"]}});
        assert_eq!(
            form.parse_result(too_many),
            Err(Error::from(ErrorKind::TooManyItems {
                max: 2,
                items: vec![json!("red"), json!("green"), json!("blue")],
            })
            .in_field("colors"))
        );
        let ok = json!({"action": "accept", "content": {"colors": ["green"]}});
        assert_eq!(
            form.parse_result(ok),
            Ok(ElicitAction::Accept((vec![BoundedColor::Green],)))
        );
    }
}

// ---------------------------------------------------------------------------
// C08 — Raw identifiers must not leak r#
// ---------------------------------------------------------------------------
mod raw_identifiers {
    use super::*;

    #[allow(non_camel_case_types)]
    #[derive(ElicitEnum, Debug, PartialEq)]
    pub enum Keyword {
        r#type,
        r#match,
        r#async,
        normal,
    }

    #[allow(non_camel_case_types)]
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "UPPERCASE")]
    pub enum UpperKeyword {
        r#type,
        r#match,
        r#async,
        normal,
    }

    #[test]
    fn raw_identifiers_lose_their_prefix() {
        let schema = wire(Keyword::SINGLE_SELECT);
        assert_eq!(
            schema,
            json!({"type": "string", "enum": ["type", "match", "async", "normal"]})
        );
        assert!(!schema.to_string().contains("r#"), "{schema}");
        assert_eq!(Keyword::r#type.value(), "type");
    }

    #[test]
    fn raw_identifiers_parse() {
        assert_eq!(Keyword::parse("type"), Ok(Keyword::r#type));
        assert_eq!(Keyword::parse("match"), Ok(Keyword::r#match));
        assert_eq!(Keyword::parse("async"), Ok(Keyword::r#async));
        assert_eq!(Keyword::parse("normal"), Ok(Keyword::normal));
        let error = Keyword::parse("r#type").unwrap_err();
        assert_eq!(
            Error::from(error),
            Error::from(ErrorKind::InvalidValue {
                value: "r#type".into(),
                allowed: Keyword::OPTIONS.into(),
            })
        );
        assert_eq!(
            error.to_string(),
            r##"invalid value "r#type": expected one of "type", "match", "async", "normal""##
        );
    }

    #[test]
    fn raw_identifiers_under_uppercase() {
        let schema = wire(UpperKeyword::SINGLE_SELECT);
        assert_eq!(
            schema,
            json!({"type": "string", "enum": ["TYPE", "MATCH", "ASYNC", "NORMAL"]})
        );
        assert!(!schema.to_string().contains("R#"), "{schema}");
        assert_eq!(UpperKeyword::parse("TYPE"), Ok(UpperKeyword::r#type));
    }
}

// ---------------------------------------------------------------------------
// C11 — #[deprecated] variants must not break -D warnings: see
// tests/derive/deprecated.rs
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// C12 — Doc comments: enum doc becomes description; variant docs don't change the shape
// ---------------------------------------------------------------------------
mod doc_comments {
    use super::*;

    /// How urgent the task is.
    #[derive(ElicitEnum)]
    #[elicit(rename_all = "lowercase")]
    pub enum Priority {
        /// Can wait until next sprint.
        Low,
        /// Should be done this sprint.
        Medium,
        /// Drop everything.
        High,
    }

    /// How urgent the task is.
    #[derive(ElicitEnum)]
    #[elicit(
        rename_all = "lowercase",
        description = "Urgency, as the user sees it."
    )]
    pub enum OverriddenPriority {
        /// Can wait until next sprint.
        Low,
        /// Drop everything.
        High,
    }

    #[test]
    fn enum_doc_is_the_description_and_variant_docs_change_nothing() {
        let schema = wire(Priority::SINGLE_SELECT);
        assert_eq!(
            schema,
            json!({
                "type": "string",
                "description": "How urgent the task is.",
                "enum": ["low", "medium", "high"]
            })
        );
        // still "enum": no oneOf, no per-variant objects, variant docs not used as titles
        assert_no_keys(&schema, &["oneOf", "anyOf", "const", "title", "enumNames"]);
        let text = schema.to_string();
        for doc in ["Can wait", "this sprint", "Drop everything"] {
            assert!(
                !text.contains(doc),
                "variant doc {doc:?} leaked into {text}"
            );
        }
        assert!(Priority::OPTIONS
            .iter()
            .all(|option| option.title().is_none()));
    }

    #[test]
    fn multi_select_also_keeps_the_untitled_shape() {
        assert_eq!(
            wire(Priority::MULTI_SELECT),
            json!({
                "type": "array",
                "description": "How urgent the task is.",
                "items": {"type": "string", "enum": ["low", "medium", "high"]}
            })
        );
    }

    #[test]
    fn description_attribute_overrides_the_doc_comment() {
        assert_eq!(
            wire(OverriddenPriority::SINGLE_SELECT),
            json!({
                "type": "string",
                "description": "Urgency, as the user sees it.",
                "enum": ["low", "high"]
            })
        );
    }
}

// ---------------------------------------------------------------------------
// C13 — Quotes, backslashes, newlines; non-ASCII identifiers
// ---------------------------------------------------------------------------
mod escapes_and_non_ascii_names {
    use super::*;

    // serde's derives on the same enum cross-check the wire values: the
    // schema must offer exactly what serde parses.
    #[derive(ElicitEnum, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "lowercase")]
    #[elicit(rename_all = "lowercase", description = "Pick a \"size\"\nfor the box")]
    pub enum Size {
        #[elicit(title = "Klein – 6\" box")]
        Klein,
        #[elicit(title = r"Groß \ big")]
        Groß,
        #[elicit(title = "Ärger 🚀\t(tab)")]
        Ärger,
    }

    #[test]
    fn schema_is_exact() {
        assert_eq!(
            wire(Size::SINGLE_SELECT),
            json!({
                "type": "string",
                "description": "Pick a \"size\"\nfor the box",
                "oneOf": [
                    {"const": "klein", "title": "Klein – 6\" box"},
                    {"const": "groß", "title": "Groß \\ big"},
                    {"const": "Ärger", "title": "Ärger 🚀\t(tab)"}
                ]
            })
        );
    }

    #[test]
    fn parsed_strings_equal_the_rust_literals() {
        // through the text a client receives, then parsed back
        let text = serde_json::to_string(&Size::SINGLE_SELECT).unwrap();
        let parsed: Value = serde_json::from_str(&text).unwrap();

        let description = parsed["description"].as_str().unwrap();
        assert_eq!(description, "Pick a \"size\"\nfor the box");
        assert_eq!(description.matches('"').count(), 2); // one quote on each side of size
        assert_eq!(description.matches('\n').count(), 1); // a real newline
        assert!(
            !description.contains('\\'),
            "escaped twice: {description:?}"
        );

        let titles: Vec<&str> = parsed["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| option["title"].as_str().unwrap())
            .collect();
        assert_eq!(
            titles,
            ["Klein – 6\" box", r"Groß \ big", "Ärger 🚀\t(tab)"]
        );
        assert_eq!(titles[0].matches('"').count(), 1); // one quote
        assert_eq!(titles[1].matches('\\').count(), 1); // one backslash
        assert_eq!(titles[2].matches('\t').count(), 1); // a real tab
        assert!(!titles[2].contains("\\t"));

        // the text itself escapes each character once, the JSON way
        assert!(text.contains(r#""Pick a \"size\"\nfor the box""#), "{text}");
        assert!(text.contains(r#""Klein – 6\" box""#), "{text}");
        assert!(text.contains(r#""Groß \\ big""#), "{text}");
        assert!(text.contains(r#""Ärger 🚀\t(tab)""#), "{text}");
    }

    #[test]
    fn lowercase_changes_ascii_only_as_serde_does() {
        assert_eq!(Size::Klein.value(), "klein");
        assert_eq!(Size::Groß.value(), "groß");
        assert_eq!(Size::Ärger.value(), "Ärger");
        assert_eq!(Size::parse("groß"), Ok(Size::Groß));
        assert_eq!(Size::parse("Ärger"), Ok(Size::Ärger));
        let error = Size::parse("ärger").unwrap_err();
        assert_eq!(
            Error::from(error),
            Error::from(ErrorKind::InvalidValue {
                value: "ärger".into(),
                allowed: Size::OPTIONS.into(),
            })
        );
        assert_eq!(
            error.to_string(),
            r#"invalid value "ärger": expected one of "klein", "groß", "Ärger""#
        );
        // serde agrees, both ways
        for variant in [Size::Klein, Size::Groß, Size::Ärger] {
            assert_eq!(
                serde_json::to_value(&variant).unwrap(),
                json!(variant.value())
            );
            assert_eq!(
                serde_json::from_value::<Size>(json!(variant.value())).unwrap(),
                variant
            );
        }
    }
}

// ---------------------------------------------------------------------------
// C14 — Explicit discriminants. (The tuple/struct/generic inputs are
// compile-fail UI tests, covered by tests/ui/.)
// ---------------------------------------------------------------------------
mod explicit_discriminants {
    use super::*;

    #[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
    #[repr(u8)]
    pub enum Level {
        Low = 1,
        High = 2,
    }

    #[test]
    fn discriminants_are_ignored_values_are_strings() {
        let schema = wire(Level::SINGLE_SELECT);
        assert_eq!(schema, json!({"type": "string", "enum": ["Low", "High"]}));
        for value in schema["enum"].as_array().unwrap() {
            assert!(value.is_string(), "{value}");
        }
        assert_eq!(
            wire(Level::MULTI_SELECT),
            json!({"type": "array", "items": {"type": "string", "enum": ["Low", "High"]}})
        );
        // the discriminants themselves are untouched
        assert_eq!(Level::Low as u8, 1);
        assert_eq!(Level::High as u8, 2);
        // and never accepted as answers
        assert_eq!(Level::parse("High"), Ok(Level::High));
        let error = Level::SINGLE_SELECT.parse_value(json!(2)).unwrap_err();
        assert_eq!(
            error,
            Error::from(ErrorKind::TypeMismatch {
                expected: enum_schema::error::JsonType::String,
                found: json!(2),
            })
        );
        assert_eq!(
            error.to_string(),
            "wrong type: expected a string, found a number (2)"
        );
        let error = Level::parse("2").unwrap_err();
        assert_eq!(
            Error::from(error),
            Error::from(ErrorKind::InvalidValue {
                value: "2".into(),
                allowed: Level::OPTIONS.into(),
            })
        );
        assert_eq!(
            error.to_string(),
            r#"invalid value "2": expected one of "Low", "High""#
        );
    }
}

// ---------------------------------------------------------------------------
// C15 — #[cfg] / #[cfg_attr] on variants
// ---------------------------------------------------------------------------
mod cfg_on_variants {
    use super::*;

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Backend {
        #[elicit(title = "Local disk")]
        Local,
        #[cfg(any())] // always off
        #[elicit(title = "Cloud")]
        Cloud,
        #[cfg_attr(all(), elicit(title = "Hybrid (local + cloud)"))] // always on
        Hybrid,
    }

    #[test]
    fn schema_honours_cfg_and_cfg_attr() {
        assert_eq!(
            wire(Backend::SINGLE_SELECT),
            json!({
                "type": "string",
                "oneOf": [
                    {"const": "local", "title": "Local disk"},
                    {"const": "hybrid", "title": "Hybrid (local + cloud)"}
                ]
            })
        );
        assert_eq!(Backend::OPTIONS.len(), 2);
    }

    #[test]
    fn cfgd_out_value_is_rejected() {
        let form = Form::new((("backend", Backend::SINGLE_SELECT),));
        let response = json!({"action": "accept", "content": {"backend": "cloud"}});
        let error = form.parse_result(response).unwrap_err();
        assert_eq!(
            error,
            Error::from(ErrorKind::InvalidValue {
                value: "cloud".into(),
                allowed: Backend::OPTIONS.into(),
            })
            .in_field("backend")
        );
        assert_eq!(
            error.to_string(),
            r#"field `backend`: invalid value "cloud": expected one of "local", "hybrid""#
        );
        let ok = json!({"action": "accept", "content": {"backend": "hybrid"}});
        assert_eq!(
            form.parse_result(ok),
            Ok(ElicitAction::Accept((Backend::Hybrid,)))
        );
    }
}

// ---------------------------------------------------------------------------
// C16 — Empty enums: both inputs are compile-fail UI tests, covered by tests/ui/.
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// C17 — Client returns the label or the index instead of the value
// ---------------------------------------------------------------------------
mod label_or_index_for_a_value {
    use super::*;
    use enum_schema::SingleSelectField;

    #[derive(ElicitEnum, Debug, PartialEq)]
    pub enum Pet {
        #[elicit(rename = "pet-1", title = "Cats")]
        Cats,
        #[elicit(rename = "pet-2", title = "Dogs")]
        Dogs,
        #[elicit(rename = "pet-3", title = "Birds")]
        Birds,
    }

    // form field "pet": Pet
    fn form() -> Form<((&'static str, SingleSelectField<Pet>),)> {
        Form::new((("pet", Pet::SINGLE_SELECT),))
    }

    fn answer(pet: &str) -> Value {
        json!({"action": "accept", "content": {"pet": pet}})
    }

    fn invalid(value: &str) -> Error {
        Error::from(ErrorKind::InvalidValue {
            value: value.into(),
            allowed: Pet::OPTIONS.into(),
        })
        .in_field("pet")
    }

    #[test]
    fn schema() {
        assert_eq!(
            wire(Pet::SINGLE_SELECT),
            json!({
                "type": "string",
                "oneOf": [
                    {"const": "pet-1", "title": "Cats"},
                    {"const": "pet-2", "title": "Dogs"},
                    {"const": "pet-3", "title": "Birds"}
                ]
            })
        );
    }

    #[test]
    fn label_is_rejected_and_the_message_says_so() {
        let error = form().parse_result(answer("Dogs")).unwrap_err();
        assert_eq!(error, invalid("Dogs"));
        assert_eq!(
            error.to_string(),
            r#"field `pet`: invalid value "Dogs": the client sent the title of option "pet-2" instead of its value; expected one of "pet-1", "pet-2", "pet-3""#
        );
    }

    #[test]
    fn index_is_rejected() {
        let error = form().parse_result(answer("1")).unwrap_err();
        assert_eq!(error, invalid("1"));
        assert_eq!(
            error.to_string(),
            r#"field `pet`: invalid value "1": expected one of "pet-1", "pet-2", "pet-3""#
        );
    }

    #[test]
    fn other_case_is_rejected() {
        let error = form().parse_result(answer("PET-2")).unwrap_err();
        assert_eq!(error, invalid("PET-2"));
        assert_eq!(
            error.to_string(),
            r#"field `pet`: invalid value "PET-2": expected one of "pet-1", "pet-2", "pet-3""#
        );
    }

    #[test]
    fn value_is_accepted() {
        assert_eq!(
            form().parse_result(answer("pet-2")),
            Ok(ElicitAction::Accept((Pet::Dogs,)))
        );
    }
}

// ---------------------------------------------------------------------------
// C20 — Action versus content
// ---------------------------------------------------------------------------
mod action_versus_content {
    use super::*;

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Priority {
        Low,
        Medium,
        High,
    }

    fn cancel_with_content() -> Value {
        json!({"action": "cancel", "content": {"priority": "bogus"}})
    }
    fn decline() -> Value {
        json!({"action": "decline"})
    }
    fn accept_no_content() -> Value {
        json!({"action": "accept"})
    }
    fn accept_empty() -> Value {
        json!({"action": "accept", "content": {}})
    }
    fn accept_extra() -> Value {
        json!({"action": "accept", "content": {"priority": "high", "note": "asap"}})
    }

    #[test]
    fn cancel_with_junk_content_is_cancel() {
        let required = Form::new((("priority", Priority::SINGLE_SELECT),));
        assert_eq!(
            required.parse_result(cancel_with_content()),
            Ok(ElicitAction::Cancel)
        );
        let optional = Form::new((("priority", Optional::new(Priority::SINGLE_SELECT)),));
        assert_eq!(
            optional.parse_result(cancel_with_content()),
            Ok(ElicitAction::Cancel)
        );
    }

    #[test]
    fn decline_is_decline_for_required_and_optional_fields() {
        let required = Form::new((("priority", Priority::SINGLE_SELECT),));
        assert_eq!(required.parse_result(decline()), Ok(ElicitAction::Decline));
        let optional = Form::new((("priority", Optional::new(Priority::SINGLE_SELECT)),));
        assert_eq!(optional.parse_result(decline()), Ok(ElicitAction::Decline));
    }

    #[test]
    fn accept_without_content_misses_a_required_field() {
        let required = Form::new((("priority", Priority::SINGLE_SELECT),));
        for response in [accept_no_content(), accept_empty()] {
            let error = required.parse_result(response).unwrap_err();
            assert_eq!(
                error,
                Error::from(ErrorKind::MissingField).in_field("priority")
            );
            assert_eq!(
                error.to_string(),
                "field `priority`: missing value for a required field"
            );
        }
    }

    #[test]
    fn accept_without_content_is_none_for_an_optional_field() {
        let optional = Form::new((("priority", Optional::new(Priority::SINGLE_SELECT)),));
        assert_eq!(
            optional.parse_result(accept_no_content()),
            Ok(ElicitAction::Accept((None,)))
        );
        assert_eq!(
            optional.parse_result(accept_empty()),
            Ok(ElicitAction::Accept((None,)))
        );
        // and the optional field is not in `required`
        assert_eq!(
            wire(optional.requested_schema()),
            json!({
                "type": "object",
                "properties": {
                    "priority": {"type": "string", "enum": ["low", "medium", "high"]}
                }
            })
        );
    }

    #[test]
    fn extra_keys_are_ignored() {
        let required = Form::new((("priority", Priority::SINGLE_SELECT),));
        assert_eq!(
            required.parse_result(accept_extra()),
            Ok(ElicitAction::Accept((Priority::High,)))
        );
        let optional = Form::new((("priority", Optional::new(Priority::SINGLE_SELECT)),));
        assert_eq!(
            optional.parse_result(accept_extra()),
            Ok(ElicitAction::Accept((Some(Priority::High),)))
        );
    }
}

// ---------------------------------------------------------------------------
// C21, C22 — Forms written by `macro_rules!`: in tests/derive/macro_rules.rs,
// with the rest of the macro matrix.
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// C25 — Block doc comments (`/** … */`) as descriptions
// ---------------------------------------------------------------------------
mod block_doc_comments {
    use super::*;
    use enum_schema::ElicitForm;

    /**
     * How bad is it?
     * Pick the closest match.
     */
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Severity {
        Low,
        High,
    }

    #[derive(ElicitForm, Debug, PartialEq)]
    pub struct Triage {
        /**
         * The incident's severity.
         *
         * Second paragraph.
         */
        severity: Severity,
        /** One line, block style. */
        note: Option<String>,
    }

    #[test]
    fn block_doc_comment_on_an_enum() {
        assert_eq!(
            wire(Severity::SINGLE_SELECT),
            json!({"type": "string", "description": "How bad is it? Pick the closest match.", "enum": ["low", "high"]})
        );
        // The same text in the canonical JSON written when the server compiles.
        assert_eq!(
            serde_json::to_string(&Severity::SINGLE_SELECT).unwrap(),
            r#"{"type":"string","description":"How bad is it? Pick the closest match.","enum":["low","high"]}"#
        );
    }

    #[test]
    fn block_doc_comments_on_fields() {
        assert_eq!(
            wire(Triage::requested_schema()),
            json!({"type": "object",
                   "properties": {"severity": {"type": "string", "description": "The incident's severity.\n\nSecond paragraph.", "enum": ["low", "high"]},
                                  "note": {"type": "string", "description": "One line, block style."}},
                   "required": ["severity"]})
        );
        assert_eq!(
            Triage::parse_result(json!({"action": "accept", "content": {"severity": "low"}})),
            Ok(ElicitAction::Accept(Triage {
                severity: Severity::Low,
                note: None
            }))
        );
    }
}

// ---------------------------------------------------------------------------
// C29 — Empty wire value / empty property name: compile errors, in
// tests/ui/values/empty_rename.rs and tests/ui/form/name/empty_rename.rs.
// ---------------------------------------------------------------------------

/// A doc comment written with a macro (`concat!`, `include_str!`) is kept,
/// read by the same rule as one written out (lines joined with spaces,
/// paragraphs with a blank line), each macro's text as one line, the whole
/// trimmed; never silently dropped.
mod doc_macros {
    use enum_schema::{ElicitEnum, ElicitForm};
    use serde_json::json;

    #[doc = concat!("How ", "urgent.")]
    /// Pick one.
    #[derive(ElicitEnum)]
    #[elicit(rename_all = "lowercase")]
    pub enum Urgency {
        Low,
        High,
    }

    #[derive(ElicitForm)]
    #[allow(dead_code)] // only its schema is looked at
    pub struct Ask {
        #[doc = concat!("When", "?")]
        pub when: String,
    }

    #[test]
    fn descriptions_from_macros() {
        assert_eq!(
            serde_json::to_value(Urgency::SINGLE_SELECT).unwrap(),
            json!({"type": "string", "description": "How urgent. Pick one.", "enum": ["low", "high"]})
        );
        assert_eq!(
            serde_json::to_value(Ask::requested_schema()).unwrap()["properties"]["when"],
            json!({"type": "string", "description": "When?"})
        );
    }

    /// First paragraph.
    ///
    /// Second paragraph.
    #[doc = concat!("Third", ".")]
    #[derive(ElicitEnum)]
    pub enum Paragraphs {
        A,
    }

    /// First paragraph.
    ///
    /// Second paragraph.
    #[doc = "Third."]
    #[derive(ElicitEnum)]
    pub enum ParagraphsWritten {
        A,
    }

    #[doc = concat!("\n  padded, as a file read with include_str!  \n")]
    #[derive(ElicitEnum)]
    pub enum Padded {
        A,
    }

    #[allow(clippy::empty_docs)] // the case itself
    #[doc = concat!("", " ")]
    #[derive(ElicitEnum)]
    pub enum Blank {
        A,
    }

    #[derive(ElicitForm)]
    #[allow(dead_code)] // only its schema is looked at
    pub struct Fields {
        /// Field doc.
        ///
        /// Second.
        #[doc = concat!("Third.")]
        pub from_macro: Option<String>,
        /// Field doc.
        ///
        /// Second.
        #[doc = "Third."]
        pub written: Option<String>,
        #[doc = include_str!("../../examples/data/accept.json")]
        pub from_file: Option<String>,
        #[allow(clippy::empty_docs)] // the case itself
        #[doc = concat!(" ")]
        pub blank: Option<String>,
    }

    #[test]
    fn macro_lines_follow_the_rule() {
        assert_eq!(
            Paragraphs::SINGLE_SELECT.to_json(),
            r#"{"type":"string","description":"First paragraph.\n\nSecond paragraph. Third.","enum":["A"]}"#
        );
        assert_eq!(
            Paragraphs::SINGLE_SELECT.to_json(),
            ParagraphsWritten::SINGLE_SELECT.to_json()
        );
        assert_eq!(
            Padded::SINGLE_SELECT.description(),
            Some("padded, as a file read with include_str!")
        );
        assert_eq!(Blank::SINGLE_SELECT.description(), None);
        assert_eq!(
            Blank::SINGLE_SELECT.to_json(),
            r#"{"type":"string","enum":["A"]}"#
        );
        assert_eq!(Blank::MULTI_SELECT.description(), None);

        let schema = serde_json::to_value(Fields::requested_schema()).unwrap();
        assert_eq!(
            schema["properties"]["written"]["description"],
            json!("Field doc.\n\nSecond. Third.")
        );
        assert_eq!(
            schema["properties"]["from_macro"]["description"],
            schema["properties"]["written"]["description"]
        );
        // The file's own text, its last newline trimmed.
        let file = include_str!("../../examples/data/accept.json");
        assert!(file.ends_with('\n'));
        assert_eq!(
            schema["properties"]["from_file"]["description"],
            json!(file.trim_end())
        );
        assert_eq!(schema["properties"]["blank"], json!({"type": "string"}));
    }
}
