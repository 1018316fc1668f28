//! What the property tests of the host form model (`host_properties.rs`,
//! `host_forms.rs`) generate: property schemas of every shape a server
//! sends (the five enum shapes of SEP-1330, the legacy one and a peer's
//! spellings of them, strings with lengths and formats, integers and
//! numbers with bounds down to the edges of i64, u64 and a double,
//! booleans, each with and without a default), each one the server's
//! strict reader reads; the JSON values an answer might carry for each;
//! and what a person might type for each.

use std::collections::HashSet;

use enum_schema::schema::{EnumOption, PrimitiveSchema};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Number, Value};

/// The cases per property, unless `PROPTEST_CASES` says otherwise.
pub const CASES: u32 = 256;

pub fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------

/// Option values a person might type or mistake: numbers, case twins,
/// commas, spaces, an empty value, other scripts, a bidi mark, words that
/// read as yes or no.
const VALUES: &[&str] = &[
    "a",
    "b",
    "A",
    "tea",
    "Tea",
    "1",
    "2",
    "10",
    "x, y",
    "",
    " sp",
    "日本語",
    "é",
    "\u{202e}z",
    "true",
    "no",
];

/// Titles, as many alike.
const TITLES: &[&str] = &[
    "Tea",
    "TEA",
    "tea",
    "1",
    "One",
    "x, y",
    "A",
    "Ärger",
    "two words",
    "",
];

/// Bounds and number defaults: small, fractional, and the edges of a
/// double's integers, i64 and u64, written as peers write them.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "3",
    "10",
    "0.5",
    "-1.5",
    "2.25",
    "100",
    "1e3",
    "1.5e1",
    "9007199254740992",
    "9007199254740993",
    "-9223372036854775808",
    "9223372036854775807",
    "18446744073709551615",
    "1e20",
];

pub const FORMATS: &[&str] = &["email", "uri", "date", "date-time"];

/// Strings for text fields and their defaults: each format's edges,
/// lengths in code points, controls.
pub const STRINGS: &[&str] = &[
    "name@example.com",
    "a@b",
    "no-at",
    "x@[127.0.0.1]",
    "\"q\"@example.com",
    "é@example.com",
    "https://example.com/a?b#c",
    "example.com",
    "urn:isbn:0451450523",
    "http://[::1]/",
    "https://exa mple.com",
    "2026-12-31",
    "2026-02-29",
    "2028-02-29",
    "2026-12-31T09:30:00Z",
    "2026-12-31t09:30:00z",
    "2026-12-31T09:30:00",
    "2026-12-31T23:59:60Z",
    "2026-12-31T09:30:00.5+01:00",
    "😀😀",
    "👍🏽",
    "e\u{301}",
    "",
    " ",
    "abcdefghij",
    "\u{0}",
];

pub fn number(text: &str) -> Number {
    serde_json::from_str(text).unwrap()
}

pub fn f64_of(number: &Number) -> f64 {
    number.as_f64().unwrap()
}

/// Distinct option values with optional titles.
fn options() -> impl Strategy<Value = Vec<(String, Option<String>)>> {
    let value = prop_oneof![3 => select(VALUES).prop_map(String::from), 1 => "[a-z]{1,4}"];
    let title = prop_oneof![3 => select(TITLES).prop_map(String::from), 1 => "\\PC{1,5}"];
    prop::collection::vec((value, prop::option::of(title)), 1..7).prop_map(|options| {
        let mut seen = HashSet::new();
        options
            .into_iter()
            .filter(|(value, _)| seen.insert(value.clone()))
            .collect()
    })
}

/// Removes what makes the strict reader refuse a generated schema (a
/// default that breaks a bound, integer bounds with no integer between
/// them), so that the server can send it.
fn readable(mut schema: Value) -> Value {
    for keyword in ["default", "minimum"] {
        if PrimitiveSchema::from_json(&schema).is_ok() {
            break;
        }
        schema.as_object_mut().unwrap().remove(keyword);
    }
    if let Err(error) = PrimitiveSchema::from_json(&schema) {
        panic!("generated {schema} unreadable: {error}");
    }
    schema
}

/// A property schema a server sends: every shape, with a title, bounds,
/// formats and defaults.
pub fn property() -> impl Strategy<Value = Value> {
    let single = (
        options(),
        0..5u8,
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(options, shape, pick, with_default)| {
            let values: Vec<&String> = options.iter().map(|(value, _)| value).collect();
            let consts: Vec<Value> = options
                .iter()
                .map(|(value, title)| match title {
                    Some(title) => json!({"const": value, "title": title}),
                    None => json!({"const": value}),
                })
                .collect();
            let names: Vec<&String> = options
                .iter()
                .map(|(value, title)| title.as_ref().unwrap_or(value))
                .collect();
            let mut schema = match shape {
                0 => json!({"type": "string", "enum": values}),
                1 => json!({"type": "string", "title": "Pick", "oneOf": consts}),
                // A peer's spelling: `anyOf` for a single-select.
                2 => json!({"type": "string", "anyOf": consts}),
                3 => json!({"type": "string", "enum": values, "enumNames": names}),
                _ => json!({"type": "string", "description": "d", "enum": values}),
            };
            if with_default {
                schema["default"] = json!(values[pick.index(values.len())]);
            }
            schema
        });
    let multi = (
        options(),
        0..4u8,
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        0..3u8,
        any::<bool>(),
    )
        .prop_map(|(options, shape, low, high, bounds, with_default)| {
            let values: Vec<&String> = options.iter().map(|(value, _)| value).collect();
            let consts: Vec<Value> = options
                .iter()
                .map(|(value, title)| match title {
                    Some(title) => json!({"const": value, "title": title}),
                    None => json!({"const": value}),
                })
                .collect();
            let items = match shape {
                0 => json!({"type": "string", "enum": values}),
                1 => json!({"enum": values}),
                2 => json!({"anyOf": consts}),
                // A peer's spelling: `items.oneOf`.
                _ => json!({"oneOf": consts}),
            };
            let mut schema = json!({"type": "array", "title": "Several", "items": items});
            let n = values.len();
            let min = low.index(n + 1);
            let max = min + high.index(n + 1 - min);
            if bounds & 1 == 1 {
                schema["minItems"] = json!(min);
            }
            if bounds & 2 == 2 {
                schema["maxItems"] = json!(max);
            }
            if with_default {
                schema["default"] = json!(values[..min].to_vec());
            }
            schema
        });
    let strings = (
        prop::option::of(0usize..4),
        prop::option::of(0usize..8),
        prop::option::of(select(FORMATS)),
        prop::option::of(prop_oneof![
            select(TITLES).prop_map(String::from),
            "\\PC{1,6}"
        ]),
        prop::option::of(select(STRINGS)),
    )
        .prop_map(|(min, extra, format, title, default)| {
            let mut schema = json!({"type": "string"});
            if let Some(min) = min {
                schema["minLength"] = json!(min);
            }
            if let Some(extra) = extra {
                schema["maxLength"] = json!(min.unwrap_or(0) + extra);
            }
            if let Some(format) = format {
                schema["format"] = json!(format);
                let max = extra.map(|extra| min.unwrap_or(0) + extra);
                if enum_schema::__private::rules::format_length(format, min, max).is_err() {
                    let object = schema.as_object_mut().unwrap();
                    object.remove("minLength");
                    object.remove("maxLength");
                }
            }
            if let Some(title) = title {
                schema["title"] = json!(title);
            }
            if let Some(default) = default {
                schema["default"] = json!(default);
            }
            readable(schema)
        });
    let numbers = (
        any::<bool>(),
        prop::option::of(select(NUMBERS)),
        prop::option::of(select(NUMBERS)),
        prop::option::of(select(NUMBERS)),
    )
        .prop_map(|(integer, low, high, default)| {
            let kind = if integer { "integer" } else { "number" };
            let mut schema = json!({"type": kind, "title": "Amount"});
            let (mut low, mut high) = (low.map(number), high.map(number));
            if let (Some(a), Some(b)) = (&low, &high) {
                if f64_of(a) > f64_of(b) {
                    std::mem::swap(&mut low, &mut high);
                }
            }
            if let Some(low) = low {
                schema["minimum"] = Value::Number(low);
            }
            if let Some(high) = high {
                schema["maximum"] = Value::Number(high);
            }
            if let Some(default) = default {
                schema["default"] = Value::Number(number(default));
            }
            readable(schema)
        });
    let booleans = prop::option::of(any::<bool>()).prop_map(|default| match default {
        Some(default) => json!({"type": "boolean", "default": default}),
        None => json!({"type": "boolean"}),
    });
    prop_oneof![3 => single, 3 => multi, 2 => strings, 3 => numbers, 1 => booleans]
}

/// The option values and labels of a schema (none for other kinds).
fn values_and_labels(schema: &Value) -> (Vec<String>, Vec<String>) {
    let options: Vec<EnumOption> = match PrimitiveSchema::from_json(schema) {
        Ok(PrimitiveSchema::SingleSelect(select)) => select.options().to_vec(),
        Ok(PrimitiveSchema::MultiSelect(select)) => select.options().to_vec(),
        _ => Vec::new(),
    };
    (
        options.iter().map(|o| o.value().to_owned()).collect(),
        options.iter().map(|o| o.label().to_owned()).collect(),
    )
}

/// A schema and a JSON value an answer might carry for it: its options,
/// several of them (with repeats and strangers), numbers at the edges,
/// strings for each format, and every other JSON type.
pub fn schema_and_value() -> impl Strategy<Value = (Value, Value)> {
    property().prop_flat_map(|schema| {
        let (values, labels) = values_and_labels(&schema);
        let mut names: Vec<Value> = values.iter().chain(&labels).map(|v| json!(v)).collect();
        names.push(json!("stranger"));
        let numbers: Vec<Value> = NUMBERS
            .iter()
            .chain(&[
                "1.5",
                "-0.5",
                "1e300",
                "-9223372036854775809",
                "18446744073709551616",
                "9007199254740993.0",
                "4",
            ])
            .map(|text| Value::Number(number(text)))
            .collect();
        let value = prop_oneof![
            3 => select(names.clone()),
            3 => prop::collection::vec(select(names), 0..5).prop_map(Value::Array),
            3 => select(numbers),
            2 => any::<f64>().prop_filter("finite", |x| x.is_finite()).prop_map(|x| json!(x)),
            1 => any::<i64>().prop_map(|x| json!(x)),
            3 => select(STRINGS).prop_map(|s| json!(s)),
            1 => "\\PC{0,12}".prop_map(|s| json!(s)),
            1 => any::<bool>().prop_map(Value::Bool),
            1 => Just(Value::Null),
            1 => Just(json!({"const": "a"})),
            1 => Just(json!([1, true])),
        ];
        (Just(schema), value)
    })
}

/// A schema and what a person might type for it: options by value, label
/// (in another case, padded) or number, several joined by commas or in a
/// JSON array, decimals of every spelling, yes and no, and anything.
pub fn schema_and_text() -> impl Strategy<Value = (Value, String)> {
    property().prop_flat_map(|schema| {
        let (values, labels) = values_and_labels(&schema);
        let mut names: Vec<String> = values.iter().chain(&labels).cloned().collect();
        names.extend((0..=values.len() + 1).map(|n| n.to_string()));
        let one = select(names.clone());
        let changed = (select(names.clone()), 0..4u8).prop_map(|(name, how)| match how {
            0 => name.to_uppercase(),
            1 => name.to_lowercase(),
            2 => format!("  {name}\t"),
            _ => format!("{name}\n"),
        });
        let several = prop::collection::vec(select(names.clone()), 0..5);
        let joined = several.clone().prop_map(|names| names.join(", "));
        let array = several.prop_map(|names| json!(names).to_string());
        let numbers = prop::collection::vec(0..values.len() + 2, 0..4)
            .prop_map(|numbers| json!(numbers).to_string());
        let decimal = "[+-]?[0-9]{0,21}(\\.[0-9]{0,4})?([eE][+-]?[0-9]{1,3})?";
        let spelled = select(vec![
            "-12",
            "+3",
            ".5",
            "5.",
            "1e3",
            "10.0",
            "1e1",
            "9007199254740993",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "1.5",
            "0x10",
            "Infinity",
            "NaN",
            "1_000",
            "1,5",
            "1e400",
            "1e-400",
            "-0",
            " 42 ",
            "9007199254740993.5",
            "1e-320",
            "0.1",
            "yes",
            "NO",
            "y",
            "True",
            "0",
            "on",
            "",
        ]);
        let text = prop_oneof![
            3 => one,
            2 => changed,
            2 => joined,
            1 => array,
            1 => numbers,
            3 => decimal,
            3 => spelled.prop_map(String::from),
            2 => select(STRINGS).prop_map(String::from),
            1 => "\\PC{0,12}",
            1 => Just("  ".to_owned()),
        ];
        (Just(schema), text)
    })
}
