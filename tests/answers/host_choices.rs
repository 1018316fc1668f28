//! `Field::parse_text` for the selects: an option by its value, its
//! label or its number, several by commas, numbers or a JSON array, with
//! the exact error and the exact reason for each refusal, checked against
//! the server as in `host_text.rs`; and a refusal as a value, in English
//! and in another language.

use std::borrow::Cow;

use enum_schema::host::Field;
use enum_schema::schema::EnumOption;
use enum_schema::{Error, ErrorKind};
use serde_json::{json, Value};

use crate::host::{one, required};

fn allowed(field: &Field) -> Cow<'static, [EnumOption]> {
    Cow::Owned(field.options().to_vec())
}

fn strings(items: &[&str]) -> Vec<Value> {
    items.iter().map(|item| json!(item)).collect()
}

// ---------------------------------------------------------------------------
// Single-select
// ---------------------------------------------------------------------------

/// By value, else label, else a label ignoring case when only one option
/// has it, else its number; otherwise the server's own `InvalidValue`.
#[test]
fn single_select_by_value_label_and_number() {
    let f = one(r#"{"type": "string", "title": "Colour", "oneOf": [
            {"const": "r1", "title": "Red"}, {"const": "r2", "title": "RED"}, {"const": "b", "title": "Blue"}]}"#);
    f.reads("b", json!("b"));
    f.reads("Blue", json!("b"));
    f.reads("blue", json!("b"));
    f.reads("  BLUE ", json!("b"));
    f.reads("Red", json!("r1"));
    f.reads("RED", json!("r2"));
    f.reads("1", json!("r1"));
    f.reads("3", json!("b"));
    let invalid = |value: &str| ErrorKind::InvalidValue {
        value: value.into(),
        allowed: allowed(f.field()),
    };
    // Two labels match ignoring case: neither is guessed.
    f.refuses(
        "red",
        invalid("red"),
        "Colour: “red” is not one of the choices; choose “Red”, “RED” or “Blue”.",
    );
    f.refuses(
        "0",
        invalid("0"),
        "Colour: “0” is not one of the choices; choose “Red”, “RED” or “Blue”.",
    );
    f.refuses(
        "4",
        invalid("4"),
        "Colour: “4” is not one of the choices; choose “Red”, “RED” or “Blue”.",
    );
    f.refuses(
        "green",
        invalid("green"),
        "Colour: “green” is not one of the choices; choose “Red”, “RED” or “Blue”.",
    );
    f.blank("");
    required(r#"{"type": "string", "enum": ["a"]}"#).refuses(
        " ",
        ErrorKind::MissingField,
        "f: this answer is required.",
    );
}

/// A value wins over a label and a number: options valued "1" and "2"
/// titled the other way round.
#[test]
fn a_value_wins_over_a_label_and_a_number() {
    let f = one(
        r#"{"type": "string", "oneOf": [{"const": "2", "title": "1"}, {"const": "1", "title": "2"}]}"#,
    );
    f.reads("1", json!("1"));
    f.reads("2", json!("2"));
    let f = one(
        r#"{"type": "string", "oneOf": [{"const": "x", "title": "2"}, {"const": "y", "title": "Why"}]}"#,
    );
    // A label wins over a number.
    f.reads("2", json!("x"));
    f.reads("1", json!("x"));
}

#[test]
fn untitled_and_legacy_selects() {
    let plain = one(r#"{"type": "string", "enum": ["small", "large"]}"#);
    plain.reads("large", json!("large"));
    plain.reads("LARGE", json!("large"));
    plain.reads("2", json!("large"));
    let legacy = one(
        r#"{"type": "string", "title": "Language", "enum": ["en", "ja"], "enumNames": ["English", "日本語"]}"#,
    );
    legacy.reads("日本語", json!("ja"));
    legacy.reads("english", json!("en"));
    legacy.reads("ja", json!("ja"));
    legacy.refuses(
        "Japanese",
        ErrorKind::InvalidValue {
            value: "Japanese".into(),
            allowed: allowed(legacy.field()),
        },
        "Language: “Japanese” is not one of the choices; choose “English” or “日本語”.",
    );
}

/// More than eight options: the reason lists eight and says there are
/// more.
#[test]
fn a_long_list_is_cut_in_the_reason() {
    let values: Vec<String> = (1..=12).map(|i| format!("o{i}")).collect();
    let f = one(&json!({"type": "string", "enum": values}).to_string());
    f.reads("12", json!("o12"));
    f.refuses(
        "13",
        ErrorKind::InvalidValue { value: "13".into(), allowed: allowed(f.field()) },
        "f: “13” is not one of the choices; choose “o1”, “o2”, “o3”, “o4”, “o5”, “o6”, “o7”, “o8”, ….",
    );
}

// ---------------------------------------------------------------------------
// Multi-select
// ---------------------------------------------------------------------------

fn tea() -> crate::host::One {
    one(
        r#"{"type": "array", "title": "Extras", "minItems": 1, "maxItems": 2, "items": {"anyOf": [
            {"const": "tea", "title": "Tea"}, {"const": "cake", "title": "Cake"}, {"const": "wifi", "title": "Wi-Fi"}]}}"#,
    )
}

#[test]
fn multi_select_by_commas_numbers_and_json() {
    let f = tea();
    f.reads("tea, cake", json!(["tea", "cake"]));
    f.reads("cake,tea", json!(["cake", "tea"]));
    f.reads("1, 3", json!(["tea", "wifi"]));
    f.reads("Wi-Fi", json!(["wifi"]));
    f.reads("wi-fi , 2", json!(["wifi", "cake"]));
    f.reads("tea,", json!(["tea"]));
    f.reads(r#"["tea", "cake"]"#, json!(["tea", "cake"]));
    f.reads("[1, 2]", json!(["tea", "cake"]));
    f.reads(r#"["Tea", 3]"#, json!(["tea", "wifi"]));
    f.reads(r#" ["cake"] "#, json!(["cake"]));
    f.blank("");
    f.blank("  ");
    // Commas with no choice between them name none: blank, not `[]`.
    f.blank(",");
    f.blank(" , ,");
}

/// A short list is scanned and a long one indexed (beyond 16 options):
/// both read the same text as the same choices, a value before a label,
/// a label ignoring case only when one option has it, then a number.
#[test]
fn a_long_list_reads_as_a_short_one() {
    let typed = [
        "Red, blue",
        "RED,1",
        "2, b",
        "r2, Blue",
        "red",
        "BLUE, r1",
        "3, 2",
        ",",
    ];
    let mut read: Vec<Vec<String>> = Vec::new();
    for filler in [0, 13, 14, 40] {
        let mut options = vec![
            json!({"const": "r1", "title": "Red"}),
            json!({"const": "r2", "title": "RED"}),
            json!({"const": "b", "title": "Blue"}),
        ];
        options.extend(
            (0..filler).map(|i| json!({"const": format!("x{i}"), "title": format!("X {i}")})),
        );
        let f = one(&json!({"type": "array", "items": {"anyOf": options}}).to_string());
        read.push(
            typed
                .iter()
                .map(|text| format!("{:?}", f.field().parse_text(text).map_err(|r| r.reason())))
                .collect(),
        );
    }
    assert_eq!(
        read[0][..5],
        [
            r#"Ok(Some(Array [String("r1"), String("b")]))"#,
            r#"Ok(Some(Array [String("r2"), String("r1")]))"#,
            r#"Ok(Some(Array [String("r2"), String("b")]))"#,
            r#"Ok(Some(Array [String("r2"), String("b")]))"#,
            r#"Err("f: “red” is not one of the choices; choose from “Red”, “RED” or “Blue”.")"#,
        ]
    );
    assert_eq!(read[0][7], "Ok(None)");
    // 3 and 16 options are scanned, 17 and 43 indexed; the choices read
    // are the same (a refusal's list of choices grows with the list).
    for (at, text) in typed.iter().enumerate() {
        if read[0][at].starts_with("Ok") {
            for other in &read[1..] {
                assert_eq!(other[at], read[0][at], "{text:?}");
            }
        } else {
            assert!(
                read.iter().all(|list| list[at].starts_with("Err")),
                "{text:?}"
            );
        }
    }
}

#[test]
fn multi_select_counts_and_duplicates() {
    let f = tea();
    f.refuses(
        "[]",
        ErrorKind::TooFewItems {
            min: 1,
            items: vec![],
        },
        "Extras: pick at least 1; you picked 0.",
    );
    f.refuses(
        "tea, cake, wifi",
        ErrorKind::TooManyItems {
            max: 2,
            items: strings(&["tea", "cake", "wifi"]),
        },
        "Extras: pick at most 2; you picked 3.",
    );
    f.refuses(
        "tea, tea",
        ErrorKind::DuplicateItem {
            index: 1,
            items: strings(&["tea", "tea"]),
        },
        "Extras: “tea” is chosen twice; choose each at most once.",
    );
    // A choice named twice in two ways is still twice.
    f.refuses(
        "1, Tea",
        ErrorKind::DuplicateItem {
            index: 1,
            items: strings(&["tea", "tea"]),
        },
        "Extras: “tea” is chosen twice; choose each at most once.",
    );
    f.refuses(
        r#"["cake", 2]"#,
        ErrorKind::DuplicateItem {
            index: 1,
            items: strings(&["cake", "cake"]),
        },
        "Extras: “cake” is chosen twice; choose each at most once.",
    );
    let none = one(r#"{"type": "array", "items": {"enum": ["a", "b"]}}"#);
    none.reads("[]", json!([]));
}

#[test]
fn multi_select_choices_that_are_no_option() {
    let f = tea();
    let invalid = |index: usize, items: Vec<Value>| ErrorKind::InvalidItem {
        index,
        items,
        allowed: allowed(f.field()),
    };
    f.refuses(
        "tea, milk",
        invalid(1, strings(&["tea", "milk"])),
        "Extras: “milk” is not one of the choices; choose from “Tea”, “Cake” or “Wi-Fi”.",
    );
    f.refuses(
        "4",
        invalid(0, strings(&["4"])),
        "Extras: “4” is not one of the choices; choose from “Tea”, “Cake” or “Wi-Fi”.",
    );
    f.refuses(
        "[0]",
        invalid(0, vec![json!(0)]),
        "Extras: “0” is not one of the choices; choose from “Tea”, “Cake” or “Wi-Fi”.",
    );
    f.refuses(
        "[1.0]",
        invalid(0, vec![json!(1.0)]),
        "Extras: “1.0” is not one of the choices; choose from “Tea”, “Cake” or “Wi-Fi”.",
    );
    f.refuses(
        "[true]",
        invalid(0, vec![json!(true)]),
        "Extras: “true” is not one of the choices; choose from “Tea”, “Cake” or “Wi-Fi”.",
    );
    // Not a JSON array: read as names separated by commas.
    f.refuses(
        "[tea",
        invalid(0, strings(&["[tea"])),
        "Extras: “[tea” is not one of the choices; choose from “Tea”, “Cake” or “Wi-Fi”.",
    );
}

/// An option with a comma: the text is one choice, several are a JSON
/// array, and the hint says so.
#[test]
fn multi_select_with_a_comma_in_an_option() {
    let f = one(r#"{"type": "array", "title": "People", "items": {"anyOf": [
            {"const": "sj", "title": "Smith, John"}, {"const": "dj", "title": "Doe, Jane"}]}}"#);
    assert_eq!(
        f.field().hint(),
        "pick any: as a JSON array of names, such as [\"a\", \"b\"]"
    );
    f.reads("Smith, John", json!(["sj"]));
    f.reads("doe, jane", json!(["dj"]));
    f.reads("2", json!(["dj"]));
    f.reads(r#"["Smith, John", "Doe, Jane"]"#, json!(["sj", "dj"]));
    f.reads("[2, 1]", json!(["dj", "sj"]));
    f.refuses(
        "1, 2",
        ErrorKind::InvalidItem {
            index: 0,
            items: strings(&["1, 2"]),
            allowed: allowed(f.field()),
        },
        "People: “1, 2” is not one of the choices; choose from “Smith, John” or “Doe, Jane”.",
    );
}

#[test]
fn a_required_multi_select_left_blank() {
    let r = required(r#"{"type": "array", "title": "Extras", "items": {"enum": ["a"]}}"#);
    r.refuses(
        "",
        ErrorKind::MissingField,
        "Extras: this answer is required.",
    );
    r.refuses(
        ",",
        ErrorKind::MissingField,
        "Extras: this answer is required.",
    );
    // `[]` is an answer: nothing picked, which the server takes.
    r.reads("[]", json!([]));
}

// ---------------------------------------------------------------------------
// A refusal, as a value
// ---------------------------------------------------------------------------

#[test]
fn a_refusal_names_its_field_and_keeps_the_error() {
    let f = one(r#"{"type": "integer", "title": "Count", "maximum": 3}"#);
    let refusal = f.field().parse_text("4").unwrap_err();
    assert_eq!(refusal.field().key(), "f");
    assert_eq!(refusal.error().field(), Some("f"));
    let source = std::error::Error::source(&refusal).unwrap().to_string();
    assert_eq!(source, refusal.error().to_string());
    let error: Error = refusal.into_error();
    assert_eq!(
        error,
        Error::from(ErrorKind::OutOfRange {
            value: 4.into(),
            minimum: None,
            maximum: Some(3.into())
        })
        .in_field("f")
    );
}

/// `reason_in` and `hint_in` speak another language where it covers the
/// error, and English elsewhere.
#[test]
fn reasons_and_hints_in_another_language() {
    use enum_schema::messages::Messages;
    use enum_schema::schema::PrimitiveSchema;

    struct Deutsch;
    impl Messages for Deutsch {
        fn reason(&self, field: &str, error: &ErrorKind, english: &str) -> String {
            match error {
                ErrorKind::MissingField => format!("{field}: diese Antwort fehlt noch."),
                _ => english.to_owned(),
            }
        }
        fn hint(&self, _: &str, property: &PrimitiveSchema, english: &str) -> String {
            match property {
                PrimitiveSchema::Boolean(_) => "ja oder nein".to_owned(),
                _ => english.to_owned(),
            }
        }
    }
    let r = required(r#"{"type": "boolean", "title": "Zustimmung"}"#);
    assert_eq!(r.field().hint_in(&Deutsch), "ja oder nein");
    assert_eq!(
        r.field().parse_text("").unwrap_err().reason_in(&Deutsch),
        "Zustimmung: diese Antwort fehlt noch."
    );
    // The hint inside a reason is the translated one.
    assert_eq!(
        r.field()
            .parse_text("vielleicht")
            .unwrap_err()
            .reason_in(&Deutsch),
        "Zustimmung: “vielleicht” is not yes or no; enter ja oder nein."
    );
}
