//! The official JSON-Schema-Test-Suite (draft 2020-12) against the peer
//! reader's answer checker: the vectors in
//! `../shared/vectors/json-schema-test-suite` (the four formats MCP allows,
//! the keywords an elicitation property can carry, bignum and float
//! overflow) are read at run time, never copied into the project.
//!
//! For each group, the schema (without `$schema` and `$comment`) is read as
//! an elicitation property with `PrimitiveSchema::from_json`:
//! - read as it is: every test of the group is in scope, and checking its
//!   `data` as an answer must give the suite's `valid`;
//! - a schema without `type` (`{"format": "date"}`, `{"maximum": 3.0}`) is
//!   a JSON Schema that accepts any other type, which no elicitation
//!   property is: it is read with the one type its keywords apply to
//!   (`ADAPTED`), and its tests whose data is of that type are in scope;
//!   the others are out of scope, "another JSON type";
//! - refused by the reader: the group is out of scope, and `OUT_OF_SCOPE`
//!   lists it by file and description with why; the test fails if the
//!   reader refuses a group not listed, or reads one that is.
//!
//! The typed fields give the same verdicts where they apply: `StringField`
//! (lengths, formats), `NumberField<f64>` for `number`, `NumberField<i64>`
//! for `integer` (for data within `i64`: the Rust type's range is not the
//! schema's), `BooleanField`.
//!
//! The folder is `$ENUM_SCHEMA_VECTORS_DIR` if set, else
//! `<CARGO_MANIFEST_DIR>/../shared/vectors/json-schema-test-suite`; when it
//! is missing the test says so and passes, unless
//! `ENUM_SCHEMA_REQUIRE_SPEC=1` (CI), when it fails.

use std::path::PathBuf;

use enum_schema::{schema::PrimitiveSchema, BooleanField, NumberField, StringField};
use serde_json::{Map, Value};

/// Groups whose schema is not an elicitation property, by file and group
/// description, with why.
const OUT_OF_SCOPE: &[(&str, &str, &str)] = &[
    (
        "core/anyOf.json",
        "anyOf",
        "`anyOf` of arbitrary schemas: an elicitation property's `anyOf` lists options, in `items`",
    ),
    (
        "core/anyOf.json",
        "anyOf with base schema",
        "`anyOf` of arbitrary schemas on a string",
    ),
    (
        "core/anyOf.json",
        "anyOf with boolean schemas, all true",
        "boolean schemas are not elicitation properties",
    ),
    (
        "core/anyOf.json",
        "anyOf with boolean schemas, some true",
        "boolean schemas are not elicitation properties",
    ),
    (
        "core/anyOf.json",
        "anyOf with boolean schemas, all false",
        "boolean schemas are not elicitation properties",
    ),
    (
        "core/anyOf.json",
        "anyOf complex types",
        "object schemas are not elicitation properties (no nesting)",
    ),
    (
        "core/anyOf.json",
        "anyOf with one empty schema",
        "`anyOf` of arbitrary schemas",
    ),
    (
        "core/anyOf.json",
        "nested anyOf, to check validation semantics",
        "`null` is not an elicitation type",
    ),
    (
        "core/const.json",
        "const validation",
        "`const` on a property restricts answers in a way the model cannot carry",
    ),
    (
        "core/const.json",
        "const with object",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with array",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with null",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with false does not match 0",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with true does not match 1",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with [false] does not match [0]",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with [true] does not match [1]",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with {\"a\": false} does not match {\"a\": 0}",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with {\"a\": true} does not match {\"a\": 1}",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with 0 does not match other zero-like types",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with 1 does not match true",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "const with -2.0 matches integer and float types",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "float and integers are equal up to 64-bit representation limits",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "nul characters in strings",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "characters with the same visual representation but different codepoint",
        "`const` on a property",
    ),
    (
        "core/const.json",
        "characters with the same visual representation, but different number of codepoints",
        "`const` on a property",
    ),
    (
        "core/default.json",
        "invalid type for default",
        "an object schema (a property inside `properties`): not an elicitation property",
    ),
    (
        "core/default.json",
        "invalid string value for default",
        "an object schema: not an elicitation property",
    ),
    (
        "core/default.json",
        "the default keyword does not do anything if the property is missing",
        "an object schema: not an elicitation property",
    ),
    (
        "core/enum.json",
        "simple enum validation",
        "options are strings: an `enum` of numbers has no elicitation shape",
    ),
    (
        "core/enum.json",
        "heterogeneous enum validation",
        "options are strings",
    ),
    (
        "core/enum.json",
        "heterogeneous enum-with-null validation",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enums in properties",
        "an object schema: not an elicitation property",
    ),
    (
        "core/enum.json",
        "enum with false does not match 0",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enum with [false] does not match [0]",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enum with true does not match 1",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enum with [true] does not match [1]",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enum with 0 does not match false",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enum with [0] does not match [false]",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enum with 1 does not match true",
        "options are strings",
    ),
    (
        "core/enum.json",
        "enum with [1] does not match [true]",
        "options are strings",
    ),
    (
        "core/enum.json",
        "empty enum",
        "an enum schema with no option is refused (no answer could fit)",
    ),
    (
        "core/items.json",
        "a schema given for items",
        "a multi-select's items are string options",
    ),
    (
        "core/items.json",
        "items with boolean schema (true)",
        "a multi-select's items are string options",
    ),
    (
        "core/items.json",
        "items with boolean schema (false)",
        "a multi-select's items are string options",
    ),
    (
        "core/items.json",
        "items and subitems",
        "`$defs`, `prefixItems` and nested arrays are not elicitation properties",
    ),
    (
        "core/items.json",
        "nested items",
        "nested arrays are not elicitation properties",
    ),
    (
        "core/items.json",
        "prefixItems with no additional items allowed",
        "`prefixItems` is not an elicitation keyword",
    ),
    (
        "core/items.json",
        "items does not look in applicators, valid case",
        "`allOf` is not an elicitation keyword",
    ),
    (
        "core/items.json",
        "prefixItems validation adjusts the starting index for items",
        "`prefixItems` is not an elicitation keyword",
    ),
    (
        "core/items.json",
        "items with heterogeneous array",
        "`prefixItems` is not an elicitation keyword",
    ),
    (
        "core/items.json",
        "items with null instance elements",
        "`null` is not an elicitation type",
    ),
    (
        "core/maxItems.json",
        "maxItems validation",
        "an array without string options is not a multi-select",
    ),
    (
        "core/maxItems.json",
        "maxItems validation with a decimal",
        "an array without string options is not a multi-select",
    ),
    (
        "core/minItems.json",
        "minItems validation",
        "an array without string options is not a multi-select",
    ),
    (
        "core/minItems.json",
        "minItems validation with a decimal",
        "an array without string options is not a multi-select",
    ),
    (
        "core/oneOf.json",
        "oneOf",
        "`oneOf` of arbitrary schemas: an elicitation property's `oneOf` lists options",
    ),
    (
        "core/oneOf.json",
        "oneOf with base schema",
        "`oneOf` of arbitrary schemas on a string",
    ),
    (
        "core/oneOf.json",
        "oneOf with boolean schemas, all true",
        "boolean schemas are not elicitation properties",
    ),
    (
        "core/oneOf.json",
        "oneOf with boolean schemas, one true",
        "boolean schemas are not elicitation properties",
    ),
    (
        "core/oneOf.json",
        "oneOf with boolean schemas, more than one true",
        "boolean schemas are not elicitation properties",
    ),
    (
        "core/oneOf.json",
        "oneOf with boolean schemas, all false",
        "boolean schemas are not elicitation properties",
    ),
    (
        "core/oneOf.json",
        "oneOf complex types",
        "object schemas are not elicitation properties",
    ),
    (
        "core/oneOf.json",
        "oneOf with empty schema",
        "`oneOf` of arbitrary schemas",
    ),
    (
        "core/oneOf.json",
        "oneOf with required",
        "an object schema: not an elicitation property",
    ),
    (
        "core/oneOf.json",
        "oneOf with missing optional property",
        "object schemas are not elicitation properties",
    ),
    (
        "core/oneOf.json",
        "nested oneOf, to check validation semantics",
        "`null` is not an elicitation type",
    ),
    (
        "core/required.json",
        "required validation",
        "an object schema: not an elicitation property",
    ),
    (
        "core/required.json",
        "required default validation",
        "an object schema: not an elicitation property",
    ),
    (
        "core/required.json",
        "required with empty array",
        "an object schema: not an elicitation property",
    ),
    (
        "core/required.json",
        "required with escaped characters",
        "an object schema: not an elicitation property",
    ),
    (
        "core/required.json",
        "required properties whose names are Javascript object property names",
        "an object schema: not an elicitation property",
    ),
    (
        "core/type.json",
        "object type matches objects",
        "`object` is not an elicitation property type",
    ),
    (
        "core/type.json",
        "array type matches arrays",
        "an array without string options is not a multi-select",
    ),
    (
        "core/type.json",
        "null type matches only the null object",
        "`null` is not an elicitation type",
    ),
    (
        "core/type.json",
        "multiple types can be specified in an array",
        "a property has one type",
    ),
    (
        "core/type.json",
        "type as array with one item",
        "a property's `type` is a string",
    ),
    (
        "core/type.json",
        "type: array or object",
        "a property has one type",
    ),
    (
        "core/type.json",
        "type: array, object or null",
        "a property has one type",
    ),
    (
        "core/uniqueItems.json",
        "uniqueItems validation",
        "an array without string options is not a multi-select",
    ),
    (
        "core/uniqueItems.json",
        "uniqueItems with an array of items",
        "`prefixItems` is not an elicitation keyword",
    ),
    (
        "core/uniqueItems.json",
        "uniqueItems with an array of items and additionalItems=false",
        "`prefixItems` is not an elicitation keyword",
    ),
    (
        "core/uniqueItems.json",
        "uniqueItems=false validation",
        "an array without string options is not a multi-select",
    ),
    (
        "core/uniqueItems.json",
        "uniqueItems=false with an array of items",
        "`prefixItems` is not an elicitation keyword",
    ),
    (
        "core/uniqueItems.json",
        "uniqueItems=false with an array of items and additionalItems=false",
        "`prefixItems` is not an elicitation keyword",
    ),
    (
        "optional/bignum.json",
        "float comparison with high precision",
        "`exclusiveMaximum` is not an elicitation keyword",
    ),
    (
        "optional/bignum.json",
        "float comparison with high precision on negative numbers",
        "`exclusiveMinimum` is not an elicitation keyword",
    ),
    (
        "optional/float-overflow.json",
        "all integers are multiples of 0.5, if overflow is handled",
        "`multipleOf` is not an elicitation keyword",
    ),
];

/// Typeless groups read with the one type their keywords apply to.
const ADAPTED: &[(&str, &str, &str)] = &[
    ("core/enum.json", "enum with escaped characters", "string"),
    ("core/enum.json", "nul characters in strings", "string"),
    ("core/maxLength.json", "maxLength validation", "string"),
    (
        "core/maxLength.json",
        "maxLength validation with a decimal",
        "string",
    ),
    ("core/minLength.json", "minLength validation", "string"),
    (
        "core/minLength.json",
        "minLength validation with a decimal",
        "string",
    ),
    ("core/maximum.json", "maximum validation", "number"),
    (
        "core/maximum.json",
        "maximum validation with unsigned integer",
        "number",
    ),
    ("core/minimum.json", "minimum validation", "number"),
    (
        "core/minimum.json",
        "minimum validation with signed integer",
        "number",
    ),
    (
        "format/date-time.json",
        "validation of date-time strings",
        "string",
    ),
    ("format/date.json", "validation of date strings", "string"),
    (
        "format/email.json",
        "validation of e-mail addresses",
        "string",
    ),
    ("format/uri.json", "validation of URIs", "string"),
    (
        "optional/bignum.json",
        "maximum integer comparison",
        "number",
    ),
    (
        "optional/bignum.json",
        "minimum integer comparison",
        "number",
    ),
];

const FILES: &[&str] = &[
    "core/anyOf.json",
    "core/const.json",
    "core/default.json",
    "core/enum.json",
    "core/items.json",
    "core/maxItems.json",
    "core/maxLength.json",
    "core/maximum.json",
    "core/minItems.json",
    "core/minLength.json",
    "core/minimum.json",
    "core/oneOf.json",
    "core/required.json",
    "core/type.json",
    "core/uniqueItems.json",
    "format/date-time.json",
    "format/date.json",
    "format/email.json",
    "format/uri.json",
    "optional/bignum.json",
    "optional/float-overflow.json",
];

fn vectors_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("ENUM_SCHEMA_VECTORS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("CARGO_MANIFEST_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
            .join("../shared/vectors/json-schema-test-suite"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("ENUM_SCHEMA_REQUIRE_SPEC").as_deref() != Ok("1"),
        "JSON-Schema-Test-Suite vectors not found at {} but ENUM_SCHEMA_REQUIRE_SPEC=1 (set ENUM_SCHEMA_VECTORS_DIR)",
        dir.display()
    );
    eprintln!(
        "skipping: JSON-Schema-Test-Suite vectors not found at {} (set ENUM_SCHEMA_VECTORS_DIR)",
        dir.display()
    );
    None
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The verdict of the typed field for this schema and data, where one applies.
fn typed_verdict(schema: &PrimitiveSchema, data: &Value) -> Option<bool> {
    match schema {
        PrimitiveSchema::String(string) => {
            let mut field = StringField::new();
            if let Some(min) = string.min_length() {
                field = field.with_min_length(min);
            }
            if let Some(max) = string.max_length() {
                field = field.with_max_length(max);
            }
            if let Some(format) = string.format() {
                field = field.with_format(format);
            }
            Some(field.parse_value(data.clone()).is_ok())
        }
        PrimitiveSchema::Number(number) if number.is_integer() => {
            if number.minimum().is_some() || number.maximum().is_some() {
                return None;
            }
            // The i64 range is the Rust type's, not the schema's: only data
            // that is not an integer beyond it.
            let beyond = data.as_number().is_some_and(|n| {
                n.as_i64().is_none() && n.as_f64().is_some_and(|f| f.fract() == 0.0)
            });
            (!beyond).then(|| NumberField::<i64>::new().parse_value(data.clone()).is_ok())
        }
        PrimitiveSchema::Number(number) => {
            let mut field = NumberField::<f64>::new();
            // Bounds a double holds exactly.
            let exact = |bound: &serde_json::Number| {
                let double = bound.as_f64()?;
                (serde_json::Number::from_f64(double).as_ref() == Some(bound)
                    || bound.as_i64().is_some_and(|i| i.unsigned_abs() < 1 << 53))
                .then_some(double)
            };
            if let Some(minimum) = number.minimum() {
                field = field.with_minimum(exact(minimum)?);
            }
            if let Some(maximum) = number.maximum() {
                field = field.with_maximum(exact(maximum)?);
            }
            Some(field.parse_value(data.clone()).is_ok())
        }
        PrimitiveSchema::Boolean(_) => Some(BooleanField::new().parse_value(data.clone()).is_ok()),
        _ => None,
    }
}

#[test]
fn every_vector_in_scope_gives_the_suites_verdict() {
    let Some(dir) = vectors_dir() else { return };
    let mut total = 0;
    let mut in_scope = 0;
    let mut typed = 0;
    let mut out_of_scope = Vec::new();
    let mut disagreements = Vec::new();
    let mut listed_out = Vec::new();
    let mut listed_adapted = Vec::new();
    for file in FILES {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
        let groups: Vec<Value> = serde_json::from_str(&text).unwrap();
        for group in groups {
            let description = group["description"].as_str().unwrap().to_owned();
            let description = description.as_str();
            let mut schema: Map<String, Value> = match &group["schema"] {
                Value::Object(schema) => schema.clone(),
                other => panic!("{file}: {description}: schema {other}"),
            };
            schema.remove("$schema");
            schema.remove("$comment");
            let tests = group["tests"].as_array().unwrap();
            total += tests.len();
            let out = OUT_OF_SCOPE
                .iter()
                .find(|(f, d, _)| f == file && d == &description);
            let adapted = ADAPTED
                .iter()
                .find(|(f, d, _)| f == file && d == &description)
                .map(|(_, _, kind)| *kind);
            if let Some(kind) = adapted {
                assert!(
                    !schema.contains_key("type"),
                    "{file}: {description} has a type"
                );
                schema.insert("type".into(), Value::from(kind));
            }
            let read = PrimitiveSchema::from_json(&Value::Object(schema.clone()));
            match (read, out) {
                (Ok(_), Some(_)) => {
                    panic!("{file}: {description}: listed out of scope, but the reader reads {schema:?}")
                }
                (Err(error), None) => {
                    panic!("{file}: {description}: the reader refuses {schema:?} ({error}); list it in OUT_OF_SCOPE or ADAPTED")
                }
                (Err(_), Some((_, _, why))) => {
                    listed_out.push((*file, description.to_owned()));
                    for test in tests {
                        out_of_scope.push(format!(
                            "{file}: {description}: {}: {why}",
                            test["description"].as_str().unwrap()
                        ));
                    }
                }
                (Ok(read), None) => {
                    if adapted.is_some() {
                        listed_adapted.push((*file, description.to_owned()));
                    }
                    for test in tests {
                        let test_description = test["description"].as_str().unwrap();
                        let data = &test["data"];
                        if let Some(kind) = adapted {
                            let of_kind =
                                json_type(data) == kind || (kind == "number" && data.is_number());
                            if !of_kind {
                                out_of_scope.push(format!(
                                    "{file}: {description}: {test_description}: another JSON type ({}) than the property's ({kind})",
                                    json_type(data)
                                ));
                                continue;
                            }
                        }
                        in_scope += 1;
                        let valid = test["valid"].as_bool().unwrap();
                        let verdict = read.check(data.clone());
                        if verdict.is_ok() != valid {
                            disagreements.push(format!(
                                "{file}: {description}: {test_description}: {data} valid={valid}, checker says {verdict:?}"
                            ));
                        }
                        if let Some(typed_verdict) = typed_verdict(&read, data) {
                            typed += 1;
                            if typed_verdict != valid {
                                disagreements.push(format!(
                                    "{file}: {description}: {test_description}: {data} valid={valid}, the typed field says {typed_verdict}"
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    for line in &out_of_scope {
        eprintln!("out of scope: {line}");
    }
    eprintln!(
        "{total} vectors: {in_scope} in scope ({typed} through a typed field too), {} out of scope",
        out_of_scope.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    // Every listed group was met.
    assert_eq!(listed_out.len(), OUT_OF_SCOPE.len());
    assert_eq!(listed_adapted.len(), ADAPTED.len());
    assert_eq!(total, 595);
    assert_eq!(in_scope + out_of_scope.len(), total);
}
