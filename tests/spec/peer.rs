//! The wire model for peers: reading the schemas another server (or a
//! proxy) sends, serializing them back canonically, and checking answers
//! against them without a derive.
//!
//! The corpus is `tests/data/peer/`:
//! - `valid/<name>.json`: one schema as a peer may write it, with
//!   `valid/<name>.canonical.json`, the exact JSON it must serialize back to;
//!   files named `requested-*` are whole `requestedSchema` objects, read with
//!   [`RequestedSchema::from_json_str`] (property order kept), the others are
//!   single properties, read with [`PrimitiveSchema::from_json`];
//! - `invalid/<name>.json`: one schema that must be rejected, with the exact
//!   [`SchemaError`] listed in [`invalid_cases`].
//!
//! Canonical files are also validated against the definition they are
//! meant to be in every SEP-1330 revision of the MCP spec (located as in
//! `tests/common/mod.rs`: `$ENUM_SCHEMA_SPEC_DIR`, else `../shared/spec`; skipped
//! when missing unless `ENUM_SCHEMA_REQUIRE_SPEC=1`).

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::path::PathBuf;

use enum_schema::{
    error::JsonType,
    schema::{EnumOption, PrimitiveSchema, RequestedSchema, SchemaError, StringFormat},
    ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind,
};
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::{json, Map, Number, Value};

use crate::common::{for_each_sep1330_spec, wire};

// ---------------------------------------------------------------------------
// The corpus
// ---------------------------------------------------------------------------

fn corpus_dir(kind: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/peer")
        .join(kind)
}

/// Every `<name>.json` of a corpus folder (canonical files left out), by
/// name, with its text.
fn corpus(kind: &str) -> Vec<(String, String)> {
    let dir = corpus_dir(kind);
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|file| !file.ends_with(".canonical.json"))
        .map(|file| {
            let name = file
                .strip_suffix(".json")
                .unwrap_or_else(|| panic!("{}: not a .json file: {file}", dir.display()))
                .to_owned();
            let text = std::fs::read_to_string(dir.join(&file)).unwrap();
            (name, text)
        })
        .collect();
    files.sort();
    files
}

fn canonical_text(name: &str) -> String {
    let path = corpus_dir("valid").join(format!("{name}.canonical.json"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("corpus files are JSON")
}

/// What a `requestedSchema` is validated as.
const REQUESTED: &str = "requestedSchema";

/// Every valid file and the spec definition its canonical form is meant to
/// be.
const VALID: &[(&str, &str)] = &[
    ("boolean", "BooleanSchema"),
    ("boolean-bare", "BooleanSchema"),
    ("integer", "NumberSchema"),
    ("legacy-titled-2025-06-18", "LegacyTitledEnumSchema"),
    ("legacy-without-enumnames", "UntitledSingleSelectEnumSchema"),
    ("multi-bounds-as-floats", "UntitledMultiSelectEnumSchema"),
    (
        "multi-min-zero-empty-default",
        "UntitledMultiSelectEnumSchema",
    ),
    ("number", "NumberSchema"),
    ("requested-empty", REQUESTED),
    ("requested-form", REQUESTED),
    ("sep-legacy-titled", "LegacyTitledEnumSchema"),
    ("sep-titled-multi", "TitledMultiSelectEnumSchema"),
    ("sep-titled-single", "TitledSingleSelectEnumSchema"),
    ("sep-untitled-multi", "UntitledMultiSelectEnumSchema"),
    ("sep-untitled-single", "UntitledSingleSelectEnumSchema"),
    ("string-bare", "StringSchema"),
    ("string-date", "StringSchema"),
    ("string-full", "StringSchema"),
    ("titled-multi-bare", "TitledMultiSelectEnumSchema"),
    ("titled-multi-items-oneof", "TitledMultiSelectEnumSchema"),
    ("titled-single-anyof", "TitledSingleSelectEnumSchema"),
    ("titled-single-bare", "TitledSingleSelectEnumSchema"),
    (
        "titled-single-partly-titled",
        "TitledSingleSelectEnumSchema",
    ),
    ("unicode-and-escapes", "TitledSingleSelectEnumSchema"),
    ("untitled-multi-bare", "UntitledMultiSelectEnumSchema"),
    (
        "untitled-multi-without-items-type",
        "UntitledMultiSelectEnumSchema",
    ),
    ("untitled-single-bare", "UntitledSingleSelectEnumSchema"),
];

/// The spec definition a read property is, judged from the wire model
/// (not from its JSON).
fn definition_of(schema: &PrimitiveSchema) -> &'static str {
    match schema {
        PrimitiveSchema::SingleSelect(select) if select.is_legacy() => "LegacyTitledEnumSchema",
        PrimitiveSchema::SingleSelect(select) if select.is_titled() => {
            "TitledSingleSelectEnumSchema"
        }
        PrimitiveSchema::SingleSelect(_) => "UntitledSingleSelectEnumSchema",
        PrimitiveSchema::MultiSelect(select) if select.is_titled() => "TitledMultiSelectEnumSchema",
        PrimitiveSchema::MultiSelect(_) => "UntitledMultiSelectEnumSchema",
        PrimitiveSchema::String(_) => "StringSchema",
        PrimitiveSchema::Number(_) => "NumberSchema",
        PrimitiveSchema::Boolean(_) => "BooleanSchema",
        other => panic!("a new PrimitiveSchema variant: {other:?}"),
    }
}

/// The keys of the `properties` object of a JSON object, in the order of
/// the text (serde_json's `Value` sorts them).
fn property_order(text: &str) -> Vec<String> {
    struct Keys(Vec<String>);
    impl<'de> Deserialize<'de> for Keys {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct KeysVisitor;
            impl<'de> Visitor<'de> for KeysVisitor {
                type Value = Keys;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
                    let mut keys = Vec::new();
                    while let Some((key, IgnoredAny)) = map.next_entry::<String, IgnoredAny>()? {
                        keys.push(key);
                    }
                    Ok(Keys(keys))
                }
            }
            deserializer.deserialize_map(KeysVisitor)
        }
    }
    struct Top(Vec<String>);
    impl<'de> Deserialize<'de> for Top {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct TopVisitor;
            impl<'de> Visitor<'de> for TopVisitor {
                type Value = Top;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("an object with `properties`")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
                    let mut properties = None;
                    while let Some(key) = map.next_key::<String>()? {
                        if key == "properties" {
                            properties = Some(map.next_value::<Keys>()?.0);
                        } else {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                    properties
                        .map(Top)
                        .ok_or_else(|| serde::de::Error::missing_field("properties"))
                }
            }
            deserializer.deserialize_map(TopVisitor)
        }
    }
    serde_json::from_str::<Top>(text).unwrap().0
}

fn names(schema: &RequestedSchema) -> Vec<String> {
    schema
        .properties()
        .iter()
        .map(|(name, _)| name.to_string())
        .collect()
}

#[test]
fn the_valid_corpus_is_the_listed_one() {
    let files: BTreeSet<String> = corpus("valid").into_iter().map(|(name, _)| name).collect();
    let listed: BTreeSet<String> = VALID.iter().map(|(name, _)| name.to_string()).collect();
    assert_eq!(files, listed);
    // every file has its canonical twin, and no canonical file is orphaned
    let canonical: BTreeSet<String> = std::fs::read_dir(corpus_dir("valid"))
        .unwrap()
        .filter_map(|entry| {
            let file = entry.unwrap().file_name().into_string().unwrap();
            file.strip_suffix(".canonical.json").map(str::to_owned)
        })
        .collect();
    assert_eq!(canonical, listed);
    assert_eq!(listed.len(), 27);
}

#[test]
fn valid_properties_read_and_serialize_canonically() {
    let mut checked = 0;
    for (name, text) in corpus("valid") {
        if name.starts_with("requested-") {
            continue;
        }
        let peer = parse(&text);
        let canonical = parse(&canonical_text(&name));
        let schema = PrimitiveSchema::from_json(&peer)
            .unwrap_or_else(|error| panic!("{name}: rejected: {error}"));
        assert_eq!(wire(&schema), canonical, "{name}: canonical JSON");
        // the same through serde
        let via_serde: PrimitiveSchema = serde_json::from_str(&text)
            .unwrap_or_else(|error| panic!("{name}: serde rejected: {error}"));
        assert_eq!(via_serde, schema, "{name}: serde_json::from_str");
        let via_value: PrimitiveSchema = serde_json::from_value(peer.clone()).unwrap();
        assert_eq!(via_value, schema, "{name}: serde_json::from_value");
        // the canonical form reads back and is a fixpoint (the wire model
        // may differ: an option without a title reads back titled with its
        // value, which is what went on the wire)
        let again = PrimitiveSchema::from_json(&canonical)
            .unwrap_or_else(|error| panic!("{name}: canonical rejected: {error}"));
        assert_eq!(wire(&again), canonical, "{name}: canonical is a fixpoint");
        assert_eq!(definition_of(&again), definition_of(&schema), "{name}");
        // the shape read is the one intended
        let intended = VALID.iter().find(|(n, _)| *n == name).unwrap().1;
        assert_eq!(definition_of(&schema), intended, "{name}: shape");
        checked += 1;
    }
    assert_eq!(checked, 25);
}

#[test]
fn valid_requested_schemas_read_in_order_and_serialize_canonically() {
    let mut checked = 0;
    for (name, text) in corpus("valid") {
        if !name.starts_with("requested-") {
            continue;
        }
        let canonical_text = canonical_text(&name);
        let canonical = parse(&canonical_text);
        let schema = RequestedSchema::from_json_str(&text)
            .unwrap_or_else(|error| panic!("{name}: rejected: {error}"));
        assert_eq!(wire(&schema), canonical, "{name}: canonical JSON");
        // property order: as in the peer's text, in the canonical text and
        // in what goes back on the wire
        let order = property_order(&text);
        assert_eq!(names(&schema), order, "{name}: order kept");
        assert_eq!(
            property_order(&canonical_text),
            order,
            "{name}: canonical order"
        );
        let out = serde_json::to_string(&schema).unwrap();
        assert_eq!(property_order(&out), order, "{name}: order written");
        // through serde, the same
        let via_serde: RequestedSchema = serde_json::from_str(&text).unwrap();
        assert_eq!(via_serde, schema, "{name}: serde_json::from_str");
        // from a Value (keys sorted) the same JSON
        let from_parsed = RequestedSchema::from_json(&parse(&text)).unwrap();
        assert_eq!(wire(&from_parsed), canonical, "{name}: from_json");
        // canonical reads back the same
        assert_eq!(
            RequestedSchema::from_json_str(&canonical_text),
            Ok(schema.clone()),
            "{name}: canonical reads back the same"
        );
        checked += 1;
    }
    assert_eq!(checked, 2);
}

#[test]
fn the_peer_form_keeps_its_order_and_required() {
    let text = std::fs::read_to_string(corpus_dir("valid").join("requested-form.json")).unwrap();
    let schema = RequestedSchema::from_json_str(&text).unwrap();
    assert_eq!(
        names(&schema),
        ["zone", "colors", "accent", "name", "age", "agree"]
    );
    let required: Vec<&str> = schema.required().iter().map(|name| name.as_ref()).collect();
    assert_eq!(required, ["zone", "colors", "age"]);
    let kinds: Vec<&str> = schema
        .properties()
        .iter()
        .map(|(_, property)| definition_of(property))
        .collect();
    assert_eq!(
        kinds,
        [
            "TitledSingleSelectEnumSchema",
            "UntitledMultiSelectEnumSchema",
            "LegacyTitledEnumSchema",
            "StringSchema",
            "NumberSchema",
            "BooleanSchema"
        ]
    );
}

#[test]
fn canonical_files_validate_as_their_intended_definition() {
    for_each_sep1330_spec(|spec| {
        for (name, intended) in VALID {
            let canonical = parse(&canonical_text(name));
            if *intended == REQUESTED {
                let params = json!({"message": "m", "requestedSchema": canonical});
                spec.assert_valid("ElicitRequestFormParams", &params);
                spec.assert_keys_declared("ElicitRequestFormParams", &params);
                for (property, schema) in canonical["properties"].as_object().unwrap() {
                    let schema = PrimitiveSchema::from_json(schema).unwrap();
                    let definition = definition_of(&schema);
                    let schema = wire(&schema);
                    eprintln!("{}: {name}/{property}", spec.version);
                    spec.assert_valid(definition, &schema);
                    spec.assert_keys_declared(definition, &schema);
                }
            } else {
                eprintln!("{}: {name}", spec.version);
                spec.assert_valid(intended, &canonical);
                spec.assert_keys_declared(intended, &canonical);
                spec.assert_valid("PrimitiveSchemaDefinition", &canonical);
            }
        }
    });
}

// ---------------------------------------------------------------------------
// Invalid schemas
// ---------------------------------------------------------------------------

fn invalid_keyword(keyword: &'static str, expected: &'static str, found: Value) -> SchemaError {
    SchemaError::InvalidKeyword {
        keyword,
        expected,
        found,
    }
}

const NON_NEGATIVE: &str = "a non-negative integer";

/// Every invalid file and its exact error.
fn invalid_cases() -> Vec<(&'static str, SchemaError)> {
    vec![
        ("ambiguous-options", SchemaError::AmbiguousOptions),
        (
            "boolean-default-a-string",
            invalid_keyword("default", "a boolean", json!("true")),
        ),
        (
            "default-not-a-string",
            invalid_keyword("default", "a string", json!(["a"])),
        ),
        (
            "default-not-an-option",
            SchemaError::DefaultNotAnOption {
                default: "Green".into(),
            },
        ),
        (
            "duplicate-enum-values",
            SchemaError::DuplicateValue { value: "a".into() },
        ),
        (
            "duplicate-multi-values",
            SchemaError::DuplicateValue { value: "y".into() },
        ),
        (
            "duplicate-oneof-values",
            SchemaError::DuplicateValue { value: "a".into() },
        ),
        ("empty-enum", SchemaError::NoOptions),
        ("empty-multi-anyof", SchemaError::NoOptions),
        ("empty-oneof", SchemaError::NoOptions),
        (
            "enum-not-strings",
            invalid_keyword("enum", "an array of strings", json!([1, 2])),
        ),
        (
            "enumnames-length-mismatch",
            SchemaError::EnumNamesLength {
                values: 3,
                names: 2,
            },
        ),
        (
            "enumnames-too-long",
            SchemaError::EnumNamesLength {
                values: 1,
                names: 2,
            },
        ),
        (
            "max-items-a-string",
            invalid_keyword("maxItems", NON_NEGATIVE, json!("2")),
        ),
        (
            "max-items-on-titled-single-select",
            SchemaError::ItemBoundsOnSingleSelect,
        ),
        (
            "min-items-above-max-items",
            SchemaError::BoundsInverted {
                keyword: "minItems",
            },
        ),
        (
            "min-items-fractional",
            invalid_keyword("minItems", NON_NEGATIVE, json!(1.5)),
        ),
        (
            "min-items-negative",
            invalid_keyword("minItems", NON_NEGATIVE, json!(-1)),
        ),
        (
            "min-items-on-single-select",
            SchemaError::ItemBoundsOnSingleSelect,
        ),
        ("min-items-on-string", SchemaError::ItemBoundsOnSingleSelect),
        (
            "min-length-above-max-length",
            SchemaError::BoundsInverted {
                keyword: "minLength",
            },
        ),
        (
            "minimum-above-maximum",
            SchemaError::BoundsInverted { keyword: "minimum" },
        ),
        (
            "multi-default-above-max-items",
            SchemaError::DefaultCount {
                count: 3,
                min_items: Some(1),
                max_items: Some(2),
            },
        ),
        (
            "multi-default-below-min-items",
            SchemaError::DefaultCount {
                count: 0,
                min_items: Some(1),
                max_items: None,
            },
        ),
        (
            "multi-default-duplicate",
            SchemaError::DuplicateDefault { value: "a".into() },
        ),
        (
            "multi-default-not-an-array",
            invalid_keyword("default", "an array of strings", json!("a")),
        ),
        (
            "multi-default-not-an-option",
            SchemaError::DefaultNotAnOption {
                default: "Green".into(),
            },
        ),
        (
            "multi-items-not-an-object",
            invalid_keyword(
                "items",
                "an object with `enum` or `anyOf`",
                json!([{"type": "string", "enum": ["a"]}]),
            ),
        ),
        (
            "multi-items-without-options",
            SchemaError::MissingKeyword { keyword: "enum" },
        ),
        (
            "multi-without-items",
            SchemaError::MissingKeyword { keyword: "items" },
        ),
        (
            "not-an-object-array",
            SchemaError::NotAnObject {
                found: json!([{"type": "string"}]),
            },
        ),
        (
            "not-an-object-string",
            SchemaError::NotAnObject {
                found: json!("red"),
            },
        ),
        (
            "number-default-a-string",
            invalid_keyword("default", "a number", json!("3")),
        ),
        (
            "oneof-not-an-array",
            invalid_keyword(
                "oneOf",
                r#"an array of {"const", "title"} objects"#,
                json!({"const": "a", "title": "A"}),
            ),
        ),
        (
            "option-const-not-a-string",
            SchemaError::OptionWithoutConst { index: 0 },
        ),
        (
            "option-not-an-object",
            SchemaError::OptionWithoutConst { index: 1 },
        ),
        (
            "option-title-not-a-string",
            invalid_keyword("title", "a string", json!(5)),
        ),
        (
            "option-without-const",
            SchemaError::OptionWithoutConst { index: 1 },
        ),
        (
            "requested-array-of-objects",
            SchemaError::Property {
                name: "people".into(),
                error: Box::new(SchemaError::InvalidKeyword {
                    keyword: "items.type",
                    expected: r#""string": multi-select options are strings"#,
                    found: json!("object"),
                }),
            },
        ),
        (
            "requested-bad-property",
            SchemaError::Property {
                name: "colors".into(),
                error: Box::new(SchemaError::DefaultCount {
                    count: 2,
                    min_items: None,
                    max_items: Some(1),
                }),
            },
        ),
        (
            "requested-nested-object",
            SchemaError::Property {
                name: "address".into(),
                error: Box::new(SchemaError::UnknownType {
                    found: json!("object"),
                }),
            },
        ),
        (
            "requested-required-not-strings",
            invalid_keyword("required", "an array of strings", json!("a")),
        ),
        (
            "requested-type-array",
            SchemaError::UnknownType {
                found: json!("array"),
            },
        ),
        (
            "requested-type-missing",
            SchemaError::MissingKeyword { keyword: "type" },
        ),
        (
            "requested-unknown-required",
            SchemaError::UnknownRequired {
                name: "email".into(),
            },
        ),
        (
            "requested-without-properties",
            SchemaError::MissingKeyword {
                keyword: "properties",
            },
        ),
        (
            "title-not-a-string",
            invalid_keyword("title", "a string", json!(5)),
        ),
        (
            "type-a-list",
            SchemaError::UnknownType {
                found: json!(["string", "null"]),
            },
        ),
        (
            "type-missing",
            SchemaError::MissingKeyword { keyword: "type" },
        ),
        (
            "unknown-format",
            invalid_keyword(
                "format",
                r#""email", "uri", "date" or "date-time""#,
                json!("phone"),
            ),
        ),
        (
            "unknown-type-null",
            SchemaError::UnknownType {
                found: json!("null"),
            },
        ),
        (
            "unknown-type-object",
            SchemaError::UnknownType {
                found: json!("object"),
            },
        ),
    ]
}

#[test]
fn the_invalid_corpus_is_the_listed_one() {
    let files: BTreeSet<String> = corpus("invalid")
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let listed: BTreeSet<String> = invalid_cases()
        .into_iter()
        .map(|(name, _)| name.to_owned())
        .collect();
    assert_eq!(files, listed);
    assert_eq!(listed.len(), 52);
}

#[test]
fn invalid_schemas_are_rejected_with_the_exact_error() {
    let cases: HashMap<&str, SchemaError> = invalid_cases().into_iter().collect();
    let mut checked = 0;
    for (name, text) in corpus("invalid") {
        let expected = &cases[name.as_str()];
        let value = parse(&text);
        if name.starts_with("requested-") {
            assert_eq!(
                RequestedSchema::from_json(&value).as_ref(),
                Err(expected),
                "{name}: from_json"
            );
            assert_eq!(
                RequestedSchema::from_json_str(&text).as_ref(),
                Err(expected),
                "{name}: from_json_str"
            );
            let error = serde_json::from_str::<RequestedSchema>(&text).unwrap_err();
            assert_eq!(error.to_string(), expected.to_string(), "{name}: serde");
        } else {
            assert_eq!(
                PrimitiveSchema::from_json(&value).as_ref(),
                Err(expected),
                "{name}: from_json"
            );
            let error = serde_json::from_str::<PrimitiveSchema>(&text).unwrap_err();
            assert_eq!(error.to_string(), expected.to_string(), "{name}: serde");
            // as a property of a requestedSchema, the same error, named
            let requested = json!({"type": "object", "properties": {"field": value}});
            assert_eq!(
                RequestedSchema::from_json(&requested),
                Err(SchemaError::Property {
                    name: "field".into(),
                    error: Box::new(expected.clone()),
                }),
                "{name}: as a property"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 52);
}

#[test]
fn schema_error_messages() {
    let cases: HashMap<&str, SchemaError> = invalid_cases().into_iter().collect();
    let messages = [
        (
            "enumnames-length-mismatch",
            "`enumNames` has 2 entries but `enum` has 3; clients pair them by index",
        ),
        ("empty-oneof", "the enum schema has no option"),
        ("option-without-const", "option 1 has no string `const`"),
        ("duplicate-enum-values", r#"two options have the value "a""#),
        (
            "default-not-an-option",
            r#"the default "Green" is not one of the options' values"#,
        ),
        ("multi-default-duplicate", r#"the default names "a" twice"#),
        (
            "multi-default-above-max-items",
            "the default has 3 items, outside minItems 1 ..= maxItems 2",
        ),
        (
            "multi-default-below-min-items",
            "the default has 0 items, outside minItems 1",
        ),
        (
            "min-items-above-max-items",
            "`minItems` is greater than its upper bound",
        ),
        (
            "min-items-on-string",
            "`minItems`/`maxItems` on a single-select schema mean nothing; a multi-select has `\"type\": \"array\"`",
        ),
        (
            "min-items-fractional",
            "`minItems` must be a non-negative integer, found 1.5",
        ),
        (
            "min-items-negative",
            "`minItems` must be a non-negative integer, found -1",
        ),
        (
            "unknown-type-object",
            r#"`type` "object" is not an elicitation property type; expected "string", "number", "integer", "boolean" or "array""#,
        ),
        ("type-missing", "the schema has no `type`"),
        (
            "not-an-object-string",
            r#"a schema must be a JSON object, found "red""#,
        ),
        (
            "ambiguous-options",
            "the schema lists its options twice (`enum` and `oneOf`/`anyOf`)",
        ),
        (
            "requested-unknown-required",
            r#"`required` names "email", which is not a property"#,
        ),
        (
            "requested-nested-object",
            r#"property "address": `type` "object" is not an elicitation property type; expected "string", "number", "integer", "boolean" or "array""#,
        ),
        (
            "requested-bad-property",
            r#"property "colors": the default has 2 items, outside maxItems 1"#,
        ),
    ];
    for (name, message) in messages {
        assert_eq!(cases[name].to_string(), message, "{name}");
    }
}

#[test]
fn serde_reads_schemas_and_reports_the_schema_error() {
    // one property
    let schema: PrimitiveSchema =
        serde_json::from_str(r#"{"type": "string", "anyOf": [{"const": "a", "title": "A"}]}"#)
            .unwrap();
    assert_eq!(
        wire(&schema),
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}]})
    );
    let error = serde_json::from_str::<PrimitiveSchema>(
        r#"{"type": "string", "enum": ["a", "b"], "enumNames": ["A"]}"#,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "`enumNames` has 1 entries but `enum` has 2; clients pair them by index"
    );
    let error = serde_json::from_value::<PrimitiveSchema>(json!({"type": "object"})).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"`type` "object" is not an elicitation property type; expected "string", "number", "integer", "boolean" or "array""#
    );
    // a whole requestedSchema
    let schema: RequestedSchema = serde_json::from_str(
        r#"{"type": "object", "properties": {"b": {"type": "boolean"}, "a": {"type": "string"}}, "required": ["a"]}"#,
    )
    .unwrap();
    assert_eq!(names(&schema), ["b", "a"]);
    let error = serde_json::from_str::<RequestedSchema>(
        r#"{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}"#,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"`required` names "b", which is not a property"#
    );
    let error = serde_json::from_str::<RequestedSchema>(r#"{"type": "object"}"#).unwrap_err();
    assert_eq!(error.to_string(), "the schema has no `properties`");
}

/// The params of an `elicitation/create` request, as a client or proxy
/// would declare them: the schema error surfaces through serde, with its
/// position.
#[test]
fn serde_reads_schemas_inside_a_peers_request() {
    #[derive(Deserialize, Debug)]
    #[serde(rename_all = "camelCase")]
    struct Params {
        message: String,
        requested_schema: RequestedSchema,
    }
    let params: Params = serde_json::from_str(
        r#"{"message": "Pick", "requestedSchema": {"type": "object", "properties": {"size": {"type": "string", "enum": ["s", "m"]}}}}"#,
    )
    .unwrap();
    assert_eq!(params.message, "Pick");
    assert_eq!(names(&params.requested_schema), ["size"]);

    let text = r#"{"message": "Pick", "requestedSchema": {"type": "object", "properties": {"size": {"type": "string", "enum": []}}}}"#;
    let error = serde_json::from_str::<Params>(text).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"property "size": the enum schema has no option at line 1 column 114"#
    );
}

/// `from_json_str` and `from_json` must agree on what they reject: the
/// text path reports the same `SchemaError` as the value path.
#[test]

fn from_json_str_reports_the_same_errors_as_from_json() {
    for text in [
        r#"{"type": "object", "properties": []}"#,
        r#"{"type": "object", "properties": "a"}"#,
        r#"["type", "object"]"#,
        r#""requestedSchema""#,
    ] {
        let value = parse(text);
        let expected = RequestedSchema::from_json(&value);
        assert!(expected.is_err(), "{text}");
        assert_eq!(RequestedSchema::from_json_str(text), expected, "{text}");
    }
    // and serde, which goes the same way, says what is wrong with the schema
    let error = serde_json::from_str::<RequestedSchema>(r#"{"type": "object", "properties": []}"#)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "`properties` must be an object, found []"
    );
}

/// The value path is right, at least.
#[test]
fn from_json_rejects_a_properties_that_is_not_an_object() {
    assert_eq!(
        RequestedSchema::from_json(&json!({"type": "object", "properties": []})),
        Err(invalid_keyword("properties", "an object", json!([])))
    );
    assert_eq!(
        RequestedSchema::from_json(&json!(["type", "object"])),
        Err(SchemaError::NotAnObject {
            found: json!(["type", "object"])
        })
    );
    // text that is not JSON at all keeps serde_json's message
    assert_eq!(
        RequestedSchema::from_json_str("{\"type\": "),
        Err(SchemaError::InvalidJson {
            message: "EOF while parsing a value at line 1 column 9".into()
        })
    );
}

/// A peer's text that names a property twice: the schema read must not
/// hold two properties of one name (it would go back on the wire as an
/// object with a duplicate key), and text and value must agree.
#[test]

fn a_property_named_twice_is_not_kept_twice() {
    let text =
        r#"{"type": "object", "properties": {"a": {"type": "string"}, "a": {"type": "boolean"}}}"#;
    let from_parsed = RequestedSchema::from_json(&parse(text)).unwrap();
    assert_eq!(names(&from_parsed), ["a"]);
    // rejecting it is as good as keeping the last one, as a `Value` does
    if let Ok(schema) = RequestedSchema::from_json_str(text) {
        assert_eq!(schema, from_parsed);
        assert_eq!(
            serde_json::to_string(&schema).unwrap(),
            r#"{"type":"object","properties":{"a":{"type":"boolean"}}}"#
        );
    }
}

// ---------------------------------------------------------------------------
// Checking answers without a derive: the same errors as the derive
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(
    rename_all = "kebab-case",
    title = "Fruit",
    default = Banana,
    min_items = 1,
    max_items = 2,
    default_items = [Apple]
)]
enum Fruit {
    #[elicit(title = "Red apple")]
    Apple,
    #[elicit(title = "Banana")]
    Banana,
    #[elicit(title = "Sour cherry")]
    SourCherry,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Medium,
    Large,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy, description = "Tone of voice")]
enum Tone {
    #[elicit(rename = "f", title = "Formal")]
    Formal,
    #[elicit(rename = "c", title = "Casual")]
    Casual,
}

/// What a proxy sees: the derived schema, on the wire, read back.
fn read_back<T: serde::Serialize>(schema: T) -> PrimitiveSchema {
    PrimitiveSchema::from_json(&wire(schema)).expect("a derived schema reads back")
}

fn long_string() -> String {
    "x".repeat(200)
}

/// Answers a hostile client may send for a single-select.
fn hostile_single_answers() -> Vec<Value> {
    vec![
        json!("Red apple"),
        json!("Banana"),
        json!("Formal"),
        json!("APPLE"),
        json!("apple "),
        json!(""),
        json!("0"),
        json!(0),
        json!(2.5),
        json!(true),
        Value::Null,
        json!(["apple"]),
        json!({"const": "apple"}),
        json!(long_string()),
        // and good ones
        json!("apple"),
        json!("sour-cherry"),
        json!("medium"),
        json!("c"),
    ]
}

/// Answers a hostile client may send for a multi-select.
fn hostile_multi_answers() -> Vec<Value> {
    vec![
        json!(["Red apple"]),
        json!(["apple", "Sour cherry"]),
        json!(["Casual"]),
        json!([]),
        json!(["apple", "banana", "sour-cherry"]),
        json!(["apple", "apple"]),
        json!(["small", "small"]),
        json!(["apple", 1]),
        json!([null]),
        json!([["apple"]]),
        json!("apple"),
        json!(1),
        Value::Null,
        json!({"0": "apple"}),
        json!([long_string()]),
        // and good ones
        json!(["banana", "apple"]),
        json!(["large", "small", "medium"]),
        json!(["c", "f"]),
    ]
}

#[test]
fn single_select_checks_like_the_derive() {
    fn compare<T: ElicitEnum + fmt::Debug>(derived: enum_schema::SingleSelectField<T>) {
        let read = read_back(derived);
        let PrimitiveSchema::SingleSelect(select) = &read else {
            panic!("not a single-select: {read:?}");
        };
        for answer in hostile_single_answers() {
            let typed = derived
                .parse_value(answer.clone())
                .map(|variant| Value::String(variant.value().to_owned()));
            assert_eq!(read.check(answer.clone()), typed, "{answer}");
            assert_eq!(
                select.check(answer.clone()).map(Value::String),
                typed,
                "{answer}"
            );
            if let Err(error) = &typed {
                assert_eq!(
                    read.check(answer.clone()).unwrap_err().to_string(),
                    error.to_string()
                );
            }
        }
    }
    compare(Fruit::SINGLE_SELECT);
    compare(Size::SINGLE_SELECT);
    compare(Tone::SINGLE_SELECT);
}

#[test]
fn multi_select_checks_like_the_derive() {
    fn compare<T: ElicitEnum + fmt::Debug>(derived: enum_schema::MultiSelectField<T>) {
        let read = read_back(derived);
        let PrimitiveSchema::MultiSelect(select) = &read else {
            panic!("not a multi-select: {read:?}");
        };
        for answer in hostile_multi_answers() {
            let typed = derived.parse_value(answer.clone()).map(|variants| {
                Value::Array(
                    variants
                        .iter()
                        .map(|variant| Value::String(variant.value().to_owned()))
                        .collect(),
                )
            });
            assert_eq!(read.check(answer.clone()), typed, "{answer}");
            assert_eq!(
                select
                    .check(answer.clone())
                    .map(|values| Value::Array(values.into_iter().map(Value::String).collect())),
                typed,
                "{answer}"
            );
            if let Err(error) = &typed {
                assert_eq!(
                    read.check(answer.clone()).unwrap_err().to_string(),
                    error.to_string()
                );
            }
        }
    }
    compare(Fruit::MULTI_SELECT);
    compare(Size::MULTI_SELECT);
    compare(Size::MULTI_SELECT.with_min_items(2).with_max_items(2));
    compare(Tone::MULTI_SELECT);
}

/// A few of the comparisons above, spelled out, so that "the same" is not
/// "the same wrong thing".
#[test]
fn checking_without_a_derive_gives_exact_errors() {
    let fruit = read_back(Fruit::SINGLE_SELECT);
    let allowed: Vec<EnumOption> = Fruit::OPTIONS.to_vec();
    assert_eq!(
        allowed,
        [
            EnumOption::titled("apple", "Red apple"),
            EnumOption::titled("banana", "Banana"),
            EnumOption::titled("sour-cherry", "Sour cherry"),
        ]
    );
    let error = fruit.check(json!("Red apple")).unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::InvalidValue {
            value: "Red apple".into(),
            allowed: allowed.clone().into(),
        })
    );
    assert_eq!(
        error.to_string(),
        r#"invalid value "Red apple": the client sent the title of option "apple" instead of its value; expected one of "apple", "banana", "sour-cherry""#
    );
    assert_eq!(
        fruit.check(json!(2.5)),
        Err(Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: json!(2.5),
        }))
    );
    assert_eq!(fruit.check(json!("banana")), Ok(json!("banana")));

    let fruits = read_back(Fruit::MULTI_SELECT);
    let error = fruits
        .check(json!(["apple", "banana", "sour-cherry"]))
        .unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::TooManyItems {
            max: 2,
            items: vec![json!("apple"), json!("banana"), json!("sour-cherry")],
        })
    );
    assert_eq!(
        error.to_string(),
        "too many items: selected 3, at most 2 allowed"
    );
    let error = fruits.check(json!(["banana", "banana"])).unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: vec![json!("banana"), json!("banana")],
        })
    );
    assert_eq!(
        error.to_string(),
        r#"duplicate item at index 1: "banana" names an option that is already selected"#
    );
    let error = fruits.check(json!(["Sour cherry"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"invalid item at index 0: "Sour cherry" is not an option; the client sent the title of option "sour-cherry" instead of its value; expected one of "apple", "banana", "sour-cherry""#
    );
    assert_eq!(
        fruits.check(json!("apple")).unwrap_err().to_string(),
        r#"wrong type: expected an array, found a string ("apple"); a multi-select answer is an array of strings"#
    );
    assert_eq!(
        fruits.check(json!(["sour-cherry", "apple"])),
        Ok(json!(["sour-cherry", "apple"]))
    );

    // the legacy form's enumNames are titles too
    let tone = read_back(Tone::SINGLE_SELECT);
    assert_eq!(
        tone.check(json!("Casual")).unwrap_err().to_string(),
        r#"invalid value "Casual": the client sent the title of option "c" instead of its value; expected one of "f", "c""#
    );
}

#[test]
fn primitive_checks_give_exact_errors() {
    let string = PrimitiveSchema::from_json(
        &json!({"type": "string", "minLength": 2, "maxLength": 4, "format": "email"}),
    )
    .unwrap();
    assert_eq!(string.check(json!("a@b")), Ok(json!("a@b")));
    assert_eq!(
        string.check(json!("a")),
        Err(Error::from(ErrorKind::TooShort {
            value: "a".into(),
            min_length: 2,
        }))
    );
    assert_eq!(
        string.check(json!("a@b.cd")).unwrap_err().to_string(),
        "too long: 6 characters, at most 4 allowed"
    );
    assert_eq!(
        string.check(json!("ab c")).unwrap_err().to_string(),
        r#"invalid format: "ab c" is not a valid email"#
    );
    // code points, not bytes: 3, within `maxLength` (7 bytes are not), so
    // refused by the format alone (an email address is ASCII, issue 45)
    assert_eq!(
        string.check(json!("é@日")),
        Err(Error::from(ErrorKind::InvalidFormat {
            value: "é@日".to_owned(),
            format: StringFormat::Email,
        }))
    );

    let integer =
        PrimitiveSchema::from_json(&json!({"type": "integer", "minimum": 1, "maximum": 10}))
            .unwrap();
    assert_eq!(integer.check(json!(3)), Ok(json!(3)));
    assert_eq!(integer.check(json!(3.0)), Ok(json!(3.0)));
    assert_eq!(
        integer.check(json!(3.5)),
        Err(Error::from(ErrorKind::NotAnInteger {
            value: Number::from_f64(3.5).unwrap(),
        }))
    );
    assert_eq!(
        integer.check(json!(11)),
        Err(Error::from(ErrorKind::OutOfRange {
            value: 11.into(),
            minimum: Some(1.into()),
            maximum: Some(10.into()),
        }))
    );
    assert_eq!(
        integer.check(json!(0)).unwrap_err().to_string(),
        "out of range: 0 is not between 1 and 10"
    );
    assert_eq!(
        integer.check(json!("3")).unwrap_err().to_string(),
        r#"wrong type: expected a number, found a string ("3")"#
    );
    let number = PrimitiveSchema::from_json(&json!({"type": "number", "maximum": 0.5})).unwrap();
    assert_eq!(number.check(json!(-7.25)), Ok(json!(-7.25)));
    assert_eq!(
        number.check(json!(0.75)).unwrap_err().to_string(),
        "out of range: 0.75 is not at most 0.5"
    );

    let boolean = PrimitiveSchema::from_json(&json!({"type": "boolean"})).unwrap();
    assert_eq!(boolean.check(json!(false)), Ok(json!(false)));
    assert_eq!(
        boolean.check(json!("true")),
        Err(Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Boolean,
            found: json!("true"),
        }))
    );
}

/// Integer bounds compared exactly, not through `f64`: a derived `i64`
/// field rejects 2^63, and so must its schema read back.
#[test]

fn integer_bounds_are_exact() {
    #[derive(ElicitForm, Debug)]
    struct Big {
        n: i64,
    }
    let read =
        RequestedSchema::from_json_str(&serde_json::to_string(&Big::requested_schema()).unwrap())
            .unwrap();
    let max = json!({"n": i64::MAX});
    assert_eq!(
        Big::from_content(max.as_object().unwrap().clone()).map(|big| big.n),
        Ok(i64::MAX)
    );
    assert_eq!(
        read.check_content(max.as_object().unwrap().clone()),
        Ok(max.as_object().unwrap().clone())
    );
    let past = json!({"n": 9_223_372_036_854_775_808_u64});
    let derived = Big::from_content(past.as_object().unwrap().clone()).unwrap_err();
    assert_eq!(
        derived,
        Error::from(ErrorKind::OutOfRange {
            value: 9_223_372_036_854_775_808_u64.into(),
            minimum: Some(i64::MIN.into()),
            maximum: Some(i64::MAX.into()),
        })
        .in_field("n")
    );
    assert_eq!(
        read.check_content(past.as_object().unwrap().clone()),
        Err(derived)
    );

    let schema = PrimitiveSchema::from_json(
        &json!({"type": "integer", "maximum": 9_007_199_254_740_992_u64}),
    )
    .unwrap();
    assert_eq!(
        schema.check(json!(9_007_199_254_740_993_u64)),
        Err(Error::from(ErrorKind::OutOfRange {
            value: 9_007_199_254_740_993_u64.into(),
            minimum: None,
            maximum: Some(9_007_199_254_740_992_u64.into()),
        }))
    );
}

// ---------------------------------------------------------------------------
// Whole forms: RequestedSchema::check_content / parse_result
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Order {
    fruit: Fruit,
    #[elicit(min_items = 1, max_items = 2)]
    sizes: Vec<Size>,
    tone: Option<Tone>,
    #[elicit(min_length = 2, max_length = 5)]
    nick_name: String,
    #[elicit(minimum = 1, maximum = 10)]
    count: u8,
    ratio: f64,
    agree: bool,
    note: Option<String>,
}

/// The derived form's schema as a peer reads it (from text, so in order).
fn order_read() -> RequestedSchema {
    RequestedSchema::from_json_str(&serde_json::to_string(&Order::requested_schema()).unwrap())
        .unwrap()
}

fn good_content() -> Value {
    json!({
        "fruit": "apple",
        "sizes": ["large"],
        "nickName": "Bo",
        "count": 3,
        "ratio": 0.5,
        "agree": true
    })
}

fn with(changes: Value) -> Value {
    let mut content = good_content();
    for (key, value) in changes.as_object().unwrap() {
        if value == &json!("<absent>") {
            content.as_object_mut().unwrap().remove(key);
        } else {
            content[key] = value.clone();
        }
    }
    content
}

/// `ElicitResult`s a hostile or buggy client may send for [`Order`].
fn hostile_results() -> Vec<Value> {
    let accept = |content: Value| json!({"action": "accept", "content": content});
    vec![
        accept(good_content()),
        accept(with(json!({"tone": "c", "note": "hi", "extra": [1, 2]}))),
        accept(json!({})),
        json!({"action": "accept"}),
        accept(with(json!({"fruit": "<absent>", "count": "<absent>"}))),
        accept(with(json!({"fruit": "Banana"}))),
        accept(with(json!({"sizes": "small"}))),
        accept(with(json!({"sizes": ["small", "small"]}))),
        accept(with(json!({"sizes": ["small", "medium", "large"]}))),
        accept(with(json!({"sizes": []}))),
        accept(with(json!({"tone": "Formal"}))),
        accept(with(json!({"tone": null}))),
        accept(with(json!({"nickName": "B"}))),
        accept(with(json!({"nickName": "Bobby!"}))),
        accept(with(json!({"count": 3.5}))),
        accept(with(json!({"count": 11}))),
        accept(with(json!({"count": 300}))),
        accept(with(json!({"count": -1}))),
        accept(with(json!({"count": 3.0}))),
        accept(with(json!({"ratio": "0.5"}))),
        accept(with(json!({"agree": "true"}))),
        accept(with(json!({"note": 5}))),
        accept(with(
            json!({"fruit": 1, "sizes": [2], "agree": null, "note": false}),
        )),
        accept(json!([])),
        json!({"action": "decline", "content": {"fruit": "nope"}}),
        json!({"action": "cancel"}),
        json!({"action": "ACCEPT"}),
        json!({"content": {}}),
        json!("accept"),
    ]
}

fn action<T>(action: &ElicitAction<T>) -> &'static str {
    match action {
        ElicitAction::Accept(_) => "accept",
        ElicitAction::Decline => "decline",
        ElicitAction::Cancel => "cancel",
    }
}

#[test]
fn requested_schema_parses_results_like_the_derive() {
    let read = order_read();
    let names: Vec<&str> = read
        .properties()
        .iter()
        .map(|(name, _)| name.as_ref())
        .collect();
    assert_eq!(
        names,
        ["fruit", "sizes", "tone", "nickName", "count", "ratio", "agree", "note"]
    );
    for result in hostile_results() {
        let typed = Order::parse_result(result.clone());
        let checked = read.parse_result(result.clone());
        match (&typed, &checked) {
            (Ok(typed), Ok(checked)) => {
                // same action; the checked content is what was sent, minus
                // extras and optional properties left blank (`null`)
                assert_eq!(action(typed), action(checked), "{result}");
                if let ElicitAction::Accept(content) = checked {
                    let mut expected = result["content"].as_object().unwrap().clone();
                    expected.remove("extra");
                    expected.retain(|_, value| !value.is_null());
                    assert_eq!(content, &expected, "{result}");
                }
            }
            (Err(typed), Err(checked)) => {
                assert_eq!(checked, typed, "{result}");
                assert_eq!(checked.to_string(), typed.to_string(), "{result}");
            }
            _ => panic!("{result}: derived {typed:?}, read {checked:?}"),
        }
    }
}

#[test]
fn requested_schema_results_exactly() {
    let read = order_read();
    // extra fields are left out of the checked content
    let result = json!({"action": "accept", "content": with(json!({"extra": "x", "tone": "f"}))});
    let mut expected = good_content().as_object().unwrap().clone();
    expected.insert("tone".into(), json!("f"));
    assert_eq!(
        read.parse_result(result),
        Ok(ElicitAction::Accept(expected))
    );

    // missing required fields, in form order; optional ones may be absent
    let error = read.check_content(Map::new()).unwrap_err();
    let missing = |field: &'static str| Error::from(ErrorKind::MissingField).in_field(field);
    assert_eq!(
        error,
        Error::from(ErrorKind::Multiple(vec![
            missing("fruit"),
            missing("sizes"),
            missing("nickName"),
            missing("count"),
            missing("ratio"),
            missing("agree"),
        ]))
    );
    assert!(error
        .to_string()
        .starts_with("6 fields rejected: field `fruit`: missing value for a required field; "));

    // wrong values, each naming its field
    let content = with(json!({"fruit": "Sour cherry", "count": 11, "extra": 1}));
    let error = read
        .check_content(content.as_object().unwrap().clone())
        .unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::Multiple(vec![
            Error::from(ErrorKind::InvalidValue {
                value: "Sour cherry".into(),
                allowed: Fruit::OPTIONS.into(),
            })
            .in_field("fruit"),
            Error::from(ErrorKind::OutOfRange {
                value: 11.into(),
                minimum: Some(1.into()),
                maximum: Some(10.into()),
            })
            .in_field("count"),
        ]))
    );
    assert_eq!(
        error.to_string(),
        r#"2 fields rejected: field `fruit`: invalid value "Sour cherry": the client sent the title of option "sour-cherry" instead of its value; expected one of "apple", "banana", "sour-cherry"; field `count`: out of range: 11 is not between 1 and 10"#
    );

    // An optional property's null is the property left out (a blank
    // optional field, as form libraries send it).
    let content = with(json!({"tone": null}));
    assert_eq!(
        read.check_content(content.as_object().unwrap().clone()),
        Ok(good_content().as_object().unwrap().clone())
    );
    // one wrong value alone is not wrapped: a required property's null is
    // a plain type mismatch, since leaving it out would not do.
    let content = with(json!({"fruit": null}));
    assert_eq!(
        read.check_content(content.as_object().unwrap().clone()),
        Err(Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: Value::Null,
        })
        .in_field("fruit"))
    );
    assert_eq!(
        read.check_content(content.as_object().unwrap().clone())
            .unwrap_err()
            .to_string(),
        "field `fruit`: wrong type: expected a string, found null",
    );
    assert_eq!(
        read.parse_result(json!({"action": "decline"})),
        Ok(ElicitAction::Decline)
    );
    assert_eq!(
        read.parse_result(json!({"action": "cancel", "content": 5})),
        Ok(ElicitAction::Cancel)
    );
    assert_eq!(
        read.parse_result(json!({"action": "maybe"}))
            .unwrap_err()
            .to_string(),
        r#"unknown action "maybe": expected "accept", "decline" or "cancel""#
    );
}

/// The corpus form, read from a peer's text: errors come in the peer's
/// property order, not alphabetically.
#[test]
fn the_peer_form_checks_answers_in_its_order() {
    let text = std::fs::read_to_string(corpus_dir("valid").join("requested-form.json")).unwrap();
    let schema = RequestedSchema::from_json_str(&text).unwrap();
    let content = json!({
        "zone": "EU West",
        "colors": ["red", "red"],
        "accent": "Red",
        "name": "a name far longer than twenty",
        "age": 151,
        "agree": "yes",
        "extra": true
    });
    let error = schema
        .check_content(content.as_object().unwrap().clone())
        .unwrap_err();
    let fields: Vec<Option<&str>> = error.iter().map(Error::field).collect();
    assert_eq!(
        fields,
        [
            Some("zone"),
            Some("colors"),
            Some("accent"),
            Some("name"),
            Some("age"),
            Some("agree")
        ]
    );
    assert_eq!(
        error.iter().next().unwrap().to_string(),
        r#"field `zone`: invalid value "EU West": the client sent the title of option "eu-west" instead of its value; expected one of "eu-west", "us-east""#
    );
    // a good answer: required ones only
    let content = json!({"zone": "us-east", "colors": ["green"], "age": 40});
    assert_eq!(
        schema.check_content(content.as_object().unwrap().clone()),
        Ok(content.as_object().unwrap().clone())
    );
    // missing required ones
    assert_eq!(
        schema.parse_result(json!({"action": "accept", "content": {"colors": ["red"]}})),
        Err(Error::from(ErrorKind::Multiple(vec![
            Error::from(ErrorKind::MissingField).in_field("zone"),
            Error::from(ErrorKind::MissingField).in_field("age"),
        ])))
    );
}

// ---------------------------------------------------------------------------
// Size: 500 options, a 1,000,000-element answer
// ---------------------------------------------------------------------------

fn many_values() -> Vec<String> {
    (0..500).map(|i| format!("opt-{i:03}")).collect()
}

fn many_titled() -> Value {
    Value::Array(
        many_values()
            .iter()
            .enumerate()
            .map(|(i, value)| json!({"const": value, "title": format!("Option {i}")}))
            .collect(),
    )
}

fn many_titles() -> Vec<String> {
    (0..500).map(|i| format!("Option {i}")).collect()
}

const MANY_ALLOWED: &str = r#"expected one of "opt-000", "opt-001", "opt-002", "opt-003", "opt-004", "opt-005", "opt-006", "opt-007", "opt-008", "opt-009", "opt-010", "opt-011" and 488 more"#;

#[test]
fn five_hundred_options_read_serialize_and_check() {
    let schemas = [
        json!({"type": "string", "enum": many_values(), "default": "opt-250"}),
        json!({"type": "string", "oneOf": many_titled(), "default": "opt-499"}),
        json!({"type": "string", "enum": many_values(), "enumNames": many_titles()}),
        json!({"type": "array", "items": {"type": "string", "enum": many_values()}}),
        json!({"type": "array", "minItems": 1, "maxItems": 500, "items": {"anyOf": many_titled()}, "default": many_values()}),
    ];
    for peer in &schemas {
        let schema = PrimitiveSchema::from_json(peer).unwrap();
        assert_eq!(&wire(&schema), peer, "canonical");
        let text = serde_json::to_string(peer).unwrap();
        assert_eq!(
            serde_json::from_str::<PrimitiveSchema>(&text).unwrap(),
            schema
        );
        match &schema {
            PrimitiveSchema::SingleSelect(select) => {
                assert_eq!(select.options().len(), 500);
                assert_eq!(schema.check(json!("opt-499")), Ok(json!("opt-499")));
                assert_eq!(schema.check(json!("opt-000")), Ok(json!("opt-000")));
                let error = schema.check(json!("Option 499")).unwrap_err();
                let hint = if select.is_titled() {
                    r#"the client sent the title of option "opt-499" instead of its value; "#
                } else {
                    ""
                };
                assert_eq!(
                    error.to_string(),
                    format!(r#"invalid value "Option 499": {hint}{MANY_ALLOWED}"#)
                );
                assert_eq!(
                    schema.check(json!("opt-500")).unwrap_err().to_string(),
                    format!(r#"invalid value "opt-500": {MANY_ALLOWED}"#)
                );
            }
            PrimitiveSchema::MultiSelect(select) => {
                assert_eq!(select.options().len(), 500);
                // all of them, in reverse
                let all: Vec<Value> = many_values().into_iter().rev().map(Value::String).collect();
                assert_eq!(
                    schema.check(Value::Array(all.clone())),
                    Ok(Value::Array(all.clone()))
                );
                // one too many: a duplicate, refused before the count
                let mut too_many = all.clone();
                too_many.push(json!("opt-000"));
                let expected = Error::from(ErrorKind::DuplicateItem {
                    index: 500,
                    items: too_many.clone(),
                });
                assert_eq!(schema.check(Value::Array(too_many)), Err(expected));
            }
            other => panic!("{other:?}"),
        }
    }
}

/// A client sends an array of a million elements: rejected, with the whole
/// array kept in the error. (The work is bounded by the option count; this
/// test checks the result, not the time.)
#[test]
fn a_million_element_answer_is_rejected() {
    const N: usize = 1_000_000;
    let values = many_values();
    let million = || -> Vec<Value> {
        (0..N)
            .map(|i| Value::String(values[i % values.len()].clone()))
            .collect()
    };

    // no maxItems: the 501st element repeats the first
    let unbounded = PrimitiveSchema::from_json(
        &json!({"type": "array", "items": {"type": "string", "enum": many_values()}}),
    )
    .unwrap();
    let error = unbounded.check(Value::Array(million())).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"duplicate item at index 500: "opt-000" names an option that is already selected"#
    );
    assert_eq!(
        error,
        Error::from(ErrorKind::DuplicateItem {
            index: 500,
            items: million(),
        })
    );

    // with maxItems: the same repeat, found before the count (duplicates
    // first); the 500 options, each once, are too many
    let bounded = PrimitiveSchema::from_json(
        &json!({"type": "array", "maxItems": 3, "items": {"anyOf": many_titled()}}),
    )
    .unwrap();
    let error = bounded.check(Value::Array(million())).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"duplicate item at index 500: "opt-000" names an option that is already selected"#
    );
    let ErrorKind::DuplicateItem { index: 500, items } = error.kind() else {
        panic!("{error:?}");
    };
    assert_eq!(items.len(), N);
    let error = bounded
        .check(Value::Array(million()[..500].to_vec()))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "too many items: selected 500, at most 3 allowed"
    );

    // a million non-strings: the first one is reported
    let error = unbounded
        .check(Value::Array(vec![json!(0); N]))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("invalid item at index 0: expected a string, found a number (0); {MANY_ALLOWED}")
    );

    // inside a form, through check_content, the field is named
    let form = RequestedSchema::from_json(&json!({
        "type": "object",
        "properties": {"opts": {"type": "array", "items": {"type": "string", "enum": many_values()}}},
        "required": ["opts"]
    }))
    .unwrap();
    let mut content = Map::new();
    content.insert("opts".into(), Value::Array(million()));
    let error = form.check_content(content).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"field `opts`: duplicate item at index 500: "opt-000" names an option that is already selected"#
    );
}

/// Constraints the model cannot carry are refused, not dropped: the schema
/// read would otherwise accept answers the peer's refuses.
#[test]
fn constraints_that_cannot_be_kept_are_refused() {
    for (schema, keyword) in [
        (json!({"type": "string", "pattern": "^a"}), "pattern"),
        (json!({"type": "string", "const": "a"}), "const"),
        (json!({"type": "string", "$ref": "#/$defs/X"}), "$ref"),
        (
            json!({"type": "integer", "exclusiveMinimum": 0}),
            "exclusiveMinimum",
        ),
        (json!({"type": "number", "multipleOf": 2}), "multipleOf"),
        (
            json!({"type": "string", "enum": ["a"], "maxLength": 1}),
            "maxLength",
        ),
        (
            json!({"type": "string", "enum": ["a"], "format": "email"}),
            "format",
        ),
    ] {
        assert_eq!(
            PrimitiveSchema::from_json(&schema),
            Err(SchemaError::UnsupportedKeyword { keyword }),
            "{schema}"
        );
    }
    assert_eq!(
        PrimitiveSchema::from_json(&json!({"type": "string", "pattern": "^a"}))
            .unwrap_err()
            .to_string(),
        "`pattern` restricts answers in a way an elicitation schema cannot carry here"
    );
    assert_eq!(
        PrimitiveSchema::from_json(&json!({"type": "boolean", "enum": [true]})),
        Err(SchemaError::NonStringOptions)
    );
    assert_eq!(
        PrimitiveSchema::from_json(
            &json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "anyOf": [{"const": "b", "title": "B"}]})
        ),
        Err(SchemaError::AmbiguousOptions)
    );
    assert_eq!(
        PrimitiveSchema::from_json(
            &json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}], "enumNames": ["X"]})
        ),
        Err(SchemaError::AmbiguousOptions)
    );
    assert_eq!(
        PrimitiveSchema::from_json(
            &json!({"type": "array", "minItems": 2, "items": {"enum": ["a"]}})
        ),
        Err(SchemaError::MinItemsAboveOptions {
            min_items: 2,
            options: 1
        })
    );
}

/// A default the schema's own constraints refuse is an error, with the
/// reason an answer would get.
#[test]
fn defaults_are_checked_against_their_own_schema() {
    let error = PrimitiveSchema::from_json(
        &json!({"type": "integer", "minimum": 0, "maximum": 10, "default": 99}),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the default does not satisfy the schema: out of range: 99 is not between 0 and 10"
    );
    let error =
        PrimitiveSchema::from_json(&json!({"type": "integer", "default": 1.5})).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the default does not satisfy the schema: not an integer: 1.5 has a fractional part"
    );
    let error = PrimitiveSchema::from_json(
        &json!({"type": "string", "format": "email", "default": "nope"}),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"the default does not satisfy the schema: invalid format: "nope" is not a valid email"#
    );
}

/// Integral floats compare exactly against integer bounds.
#[test]
fn integral_floats_compare_exactly_with_integer_bounds() {
    let schema =
        PrimitiveSchema::from_json(&json!({"type": "integer", "minimum": 9007199254740993_u64}))
            .unwrap();
    assert!(schema.check(json!(9007199254740992.0)).is_err());
    assert!(schema.check(json!(9007199254740993_u64)).is_ok());
}

/// Peer-chosen names cannot inject line breaks or terminal escapes into a
/// log line, and a cleared `items` does not make `Display` panic.
#[test]
fn messages_escape_peer_names_and_survive_edited_errors() {
    let error =
        Error::from(ErrorKind::MissingField).in_field("x\n[INFO] all good\u{1b}[2J".to_string());
    assert_eq!(
        error.to_string(),
        "field `x\\n[INFO] all good\\u{1b}[2J`: missing value for a required field"
    );
    let error = PrimitiveSchema::from_json(&json!({"type": "array", "items": {"enum": ["a"]}}))
        .unwrap()
        .check(json!([1]))
        .unwrap_err();
    let ErrorKind::InvalidItem {
        mut items,
        index,
        allowed,
    } = error.into_kind()
    else {
        panic!("an invalid item");
    };
    items.clear();
    let error = Error::from(ErrorKind::InvalidItem {
        index,
        items,
        allowed,
    });
    assert_eq!(
        error.to_string(),
        r#"invalid item at index 0: expected a string, found null; expected one of "a""#
    );
}

/// The five shapes, read from a peer, give one view: options in order,
/// single or multi, bounds, default.
#[test]
fn one_view_over_the_five_shapes() {
    let shapes = [
        (
            json!({"type": "string", "enum": ["a", "b"], "default": "b"}),
            false,
            vec![None, None],
            Some(vec!["b"]),
        ),
        (
            json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}),
            false,
            vec![Some("A"), Some("B")],
            None,
        ),
        (
            json!({"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"]}),
            false,
            vec![Some("A"), Some("B")],
            None,
        ),
        (
            json!({"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string", "enum": ["a", "b"]}, "default": ["a"]}),
            true,
            vec![None, None],
            Some(vec!["a"]),
        ),
        (
            json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}}),
            true,
            vec![Some("A"), Some("B")],
            None,
        ),
    ];
    for (json, multi, titles, default) in shapes {
        let schema = PrimitiveSchema::from_json(&json).unwrap();
        let view = schema.as_enum().unwrap();
        assert_eq!(view.is_multi(), multi, "{json}");
        let values: Vec<_> = view.options().iter().map(|option| option.value()).collect();
        assert_eq!(values, ["a", "b"], "{json}");
        let read_titles: Vec<_> = view.options().iter().map(|option| option.title()).collect();
        assert_eq!(read_titles, titles, "{json}");
        assert_eq!(view.default_values(), default, "{json}");
        if multi && view.min_items().is_some() {
            assert_eq!((view.min_items(), view.max_items()), (Some(1), Some(2)));
        }
    }
    assert!(PrimitiveSchema::from_json(&json!({"type": "boolean"}))
        .unwrap()
        .as_enum()
        .is_none());
}

/// `"$schema": {"type": "string"}` (MCP 2025-11-25 on): a `$schema` of
/// another JSON type is refused as a `required` that is not an array is; a
/// string is read.
#[test]
fn a_schema_keyword_that_is_not_a_string_is_refused() {
    let with = |schema: Value| {
        RequestedSchema::from_json(&json!({
            "$schema": schema, "type": "object",
            "properties": {"a": {"type": "string"}},
        }))
    };
    let error = with(json!(5)).unwrap_err();
    assert_eq!(error, invalid_keyword("$schema", "a string", json!(5)));
    assert_eq!(error.to_string(), "`$schema` must be a string, found 5");
    assert!(with(json!("https://json-schema.org/draft/2020-12/schema")).is_ok());
    let text = r#"{"$schema": null, "type": "object", "properties": {}}"#;
    assert_eq!(
        RequestedSchema::from_json_str(text).unwrap_err(),
        invalid_keyword("$schema", "a string", Value::Null)
    );
}
