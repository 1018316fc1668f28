//! The peer reader refuses schema text in which an object names a key
//! twice, as answers with a key given twice already are: JSON parsers
//! disagree on which of the two counts, so a proxy and a client could each
//! see a different schema. A `serde_json::Value` has
//! already kept one of the two, so the refusal is on the text entry points:
//! `RequestedSchema::from_json_str`, `PrimitiveSchema::from_json_str`, and
//! serde's `Deserialize` for both.

use enum_schema::schema::{PrimitiveSchema, RequestedSchema, SchemaError};

/// Reads `text` through every text entry point of `RequestedSchema` and
/// checks that each refuses it with `expected` (and serde's error carries
/// its message).
#[track_caller]
fn refused(text: &str, expected: SchemaError, message: &str) {
    assert_eq!(RequestedSchema::from_json_str(text), Err(expected.clone()));
    assert_eq!(expected.to_string(), message);
    let serde = serde_json::from_str::<RequestedSchema>(text).unwrap_err();
    assert!(
        serde.to_string().starts_with(message),
        "serde's error {serde:?} does not start with {message:?}"
    );
}

#[test]
fn a_property_named_twice_is_refused() {
    refused(
        r#"{"type": "object", "properties": {
            "tone": {"type": "string", "enum": ["formal", "casual"]},
            "note": {"type": "string"},
            "tone": {"type": "string"}
        }, "required": ["tone"]}"#,
        SchemaError::DuplicateProperty {
            name: "tone".into(),
        },
        r#"property "tone" is defined twice; peers disagree on which definition counts"#,
    );
    // The same schema text with distinct names reads.
    let read = RequestedSchema::from_json_str(
        r#"{"type": "object", "properties": {
            "tone": {"type": "string", "enum": ["formal", "casual"]},
            "note": {"type": "string"}
        }, "required": ["tone"]}"#,
    )
    .unwrap();
    assert_eq!(read.properties().len(), 2);
}

#[test]
fn a_keyword_given_twice_in_a_property_is_refused_naming_the_property() {
    for (text, key) in [
        (r#"{"type": "string", "type": "number"}"#, "type"),
        (
            r#"{"type": "string", "enum": ["a"], "enum": ["a", "b"]}"#,
            "enum",
        ),
        (
            r#"{"type": "string", "oneOf": [{"const": "a", "title": "A", "const": "b"}]}"#,
            "const",
        ),
        (
            r#"{"type": "array", "items": {"type": "string", "enum": ["a"], "enum": ["b"]}}"#,
            "enum",
        ),
        (
            r#"{"type": "integer", "maximum": 10, "maximum": 1000}"#,
            "maximum",
        ),
        (
            r#"{"type": "string", "default": "a", "default": "b"}"#,
            "default",
        ),
    ] {
        let schema = format!(r#"{{"type": "object", "properties": {{"p": {text}}}}}"#);
        refused(
            &schema,
            SchemaError::Property {
                name: "p".into(),
                error: Box::new(SchemaError::DuplicateKey { key: key.into() }),
            },
            &format!(
                r#"property "p": the key "{key}" appears twice in one object; peers disagree on which one counts"#
            ),
        );
        // One property on its own, through both of its text entry points.
        let expected = SchemaError::DuplicateKey { key: key.into() };
        assert_eq!(
            PrimitiveSchema::from_json_str(text),
            Err(expected.clone()),
            "{text}"
        );
        let serde = serde_json::from_str::<PrimitiveSchema>(text).unwrap_err();
        assert!(
            serde.to_string().starts_with(&expected.to_string()),
            "{serde}"
        );
    }
}

#[test]
fn a_top_level_key_given_twice_is_refused() {
    for (text, key) in [
        (
            r#"{"type": "object", "properties": {"a": {"type": "string"}}, "required": [], "required": ["a"]}"#,
            "required",
        ),
        (
            r#"{"type": "object", "properties": {"a": {"type": "string"}}, "properties": {"b": {"type": "string"}}}"#,
            "properties",
        ),
        (
            r#"{"type": "object", "type": "object", "properties": {}}"#,
            "type",
        ),
        // In an unknown keyword's value too: it is an object of the schema.
        (
            r#"{"type": "object", "properties": {}, "x-extra": {"k": 1, "k": 2}}"#,
            "k",
        ),
    ] {
        refused(
            text,
            SchemaError::DuplicateKey { key: key.into() },
            &format!(
                r#"the key "{key}" appears twice in one object; peers disagree on which one counts"#
            ),
        );
    }
}

#[test]
fn the_first_duplicate_in_text_order_is_reported() {
    refused(
        r#"{"type": "object", "properties": {
            "a": {"type": "string", "title": "A", "title": "B"},
            "a": {"type": "string"}
        }, "type": "object"}"#,
        SchemaError::Property {
            name: "a".into(),
            error: Box::new(SchemaError::DuplicateKey {
                key: "title".into(),
            }),
        },
        r#"property "a": the key "title" appears twice in one object; peers disagree on which one counts"#,
    );
}

#[test]
fn text_that_is_not_json_is_still_invalid_json() {
    assert!(matches!(
        PrimitiveSchema::from_json_str(r#"{"type": "string""#),
        Err(SchemaError::InvalidJson { .. })
    ));
}
