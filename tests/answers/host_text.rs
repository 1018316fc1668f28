//! `Field::parse_text` for text, numbers and booleans: what a person
//! types on a line, read into the value an accept sends, with the exact
//! error and the exact reason for each refusal (the selects are in
//! `host_choices.rs`). Every value read is checked against the
//! server's strict reading of the same property (and sent through an
//! accept's JSON text), and every refusal of a value is the server's own
//! refusal of it (`One::reads`, `One::refuses` in `host.rs`).

use enum_schema::error::JsonType;
use enum_schema::schema::StringFormat;
use enum_schema::{Error, ErrorKind};
use serde_json::{json, Number};

use crate::host::{one, required};

fn unreadable(text: &str) -> ErrorKind {
    ErrorKind::Unreadable {
        text: text.to_owned(),
        expected: JsonType::Number,
    }
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

/// Lengths are counted in code points, as the server counts them: an
/// emoji is one, a skin tone or a combining accent another.
#[test]
fn text_lengths_in_code_points() {
    let f = one(r#"{"type": "string", "minLength": 2, "maxLength": 5}"#);
    f.reads("ab", json!("ab"));
    f.reads("😀😀😀😀😀", json!("😀😀😀😀😀"));
    f.reads("👍🏽", json!("👍🏽"));
    f.reads("e\u{301}", json!("e\u{301}"));
    f.reads("日本語", json!("日本語"));
    f.refuses(
        "😀",
        ErrorKind::TooShort {
            value: "😀".into(),
            min_length: 2,
        },
        "f: enter at least 2 characters; you entered 1.",
    );
    f.refuses(
        "😀😀😀😀😀😀",
        ErrorKind::TooLong {
            value: "😀😀😀😀😀😀".into(),
            max_length: 5,
        },
        "f: enter at most 5 characters; you entered 6.",
    );
    // A family is five code points (three people, two joiners).
    f.reads("👨\u{200d}👩\u{200d}👧", json!("👨\u{200d}👩\u{200d}👧"));
    f.refuses(
        "👨\u{200d}👩\u{200d}👧👍",
        ErrorKind::TooLong {
            value: "👨\u{200d}👩\u{200d}👧👍".into(),
            max_length: 5,
        },
        "f: enter at most 5 characters; you entered 6.",
    );
}

/// Text is taken as typed: spaces count, only an empty line is blank.
#[test]
fn text_is_taken_as_typed() {
    let f = one(r#"{"type": "string", "title": "Note", "maxLength": 3}"#);
    f.reads(" a ", json!(" a "));
    f.reads("   ", json!("   "));
    f.blank("");
    f.refuses(
        " ab ",
        ErrorKind::TooLong {
            value: " ab ".into(),
            max_length: 3,
        },
        "Note: enter at most 3 characters; you entered 4.",
    );
    let r = required(r#"{"type": "string", "title": "Note"}"#);
    r.refuses(
        "",
        ErrorKind::MissingField,
        "Note: this answer is required.",
    );
    r.reads(" ", json!(" "));
}

#[test]
fn text_formats() {
    let email = one(r#"{"type": "string", "format": "email", "title": "Email"}"#);
    email.reads("name@example.com", json!("name@example.com"));
    email.refuses(
        "name",
        ErrorKind::InvalidFormat {
            value: "name".into(),
            format: StringFormat::Email,
        },
        "Email: “name” is not an email address, such as name@example.com.",
    );
    // Spaces are the person's: not trimmed, so not an address; the
    // reason says what to take away.
    email.refuses(
        " name@example.com",
        ErrorKind::InvalidFormat {
            value: " name@example.com".into(),
            format: StringFormat::Email,
        },
        "Email: “ name@example.com” has a space at its start; enter “name@example.com”.",
    );
    let uri = one(r#"{"type": "string", "format": "uri"}"#);
    uri.reads(
        "https://example.com/a?b#c",
        json!("https://example.com/a?b#c"),
    );
    uri.refuses(
        "example.com",
        ErrorKind::InvalidFormat {
            value: "example.com".into(),
            format: StringFormat::Uri,
        },
        "f: “example.com” has no scheme; enter the full address, with its scheme, such as “https://example.com”.",
    );
    let date = one(r#"{"type": "string", "format": "date"}"#);
    date.reads("2028-02-29", json!("2028-02-29"));
    date.refuses(
        "2026-02-29",
        ErrorKind::InvalidFormat {
            value: "2026-02-29".into(),
            format: StringFormat::Date,
        },
        "f: “2026-02-29” is not a date, such as 2026-12-31.",
    );
    let at = one(r#"{"type": "string", "format": "date-time"}"#);
    at.reads(
        "2026-12-31T09:30:00+01:00",
        json!("2026-12-31T09:30:00+01:00"),
    );
    at.refuses(
        "2026-12-31T09:30:00",
        ErrorKind::InvalidFormat { value: "2026-12-31T09:30:00".into(), format: StringFormat::DateTime },
        "f: “2026-12-31T09:30:00” is missing the time zone; enter a date and time, such as 2026-12-31T09:30:00Z (Z for UTC, or an offset such as +01:00).",
    );
    at.refuses(
        "2026-12-31T09:30",
        ErrorKind::InvalidFormat { value: "2026-12-31T09:30".into(), format: StringFormat::DateTime },
        "f: “2026-12-31T09:30” is missing the seconds and the time zone; enter a date and time, such as 2026-12-31T09:30:00Z (Z for UTC, or an offset such as +01:00).",
    );
}

// ---------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------

/// The plain decimals a person types, in a number field.
#[test]
fn numbers_as_typed() {
    let f = one(r#"{"type": "number"}"#);
    f.reads("-12", json!(-12));
    f.reads("+3", json!(3));
    f.reads(".5", json!(0.5));
    f.reads("5.", json!(5));
    f.reads("1e3", json!(1000));
    f.reads("1E3", json!(1000));
    f.reads("2.5e-1", json!(0.25));
    f.reads("10.0", json!(10));
    f.reads(" 42 ", json!(42));
    f.reads("-0", json!(0));
    f.reads("0.1", json!(0.1));
    f.reads("1e-5", json!(0.00001));
    f.blank("");
    f.blank("   ");
}

/// An integer field takes a whole number written with a point or an
/// exponent as that whole number, exactly.
#[test]
fn whole_numbers_into_an_integer_field() {
    let f = one(r#"{"type": "integer", "title": "Count"}"#);
    f.reads("10.0", json!(10));
    f.reads("1e1", json!(10));
    f.reads("1.5e1", json!(15));
    f.reads("1e3", json!(1000));
    f.reads("-0.0", json!(0));
    f.reads("9007199254740993", json!(9007199254740993u64));
    f.reads("18446744073709551615", json!(18446744073709551615u64));
    f.reads("-9223372036854775808", json!(-9223372036854775808i64));
    f.reads("9007199254740993.000", json!(9007199254740993u64));
    f.refuses(
        "1.5",
        ErrorKind::NotAnInteger {
            value: Number::from_f64(1.5).unwrap(),
        },
        "Count: enter a whole number; you entered “1.5”.",
    );
    f.refuses(
        "1e-5",
        ErrorKind::NotAnInteger {
            value: Number::from_f64(0.00001).unwrap(),
        },
        "Count: enter a whole number; you entered “0.00001”.",
    );
}

/// A fraction so close to a large whole number that the nearest double is
/// whole: the person did not type a whole number, and the check of the
/// double would pass, so it is refused as text, as a fraction.
#[test]
fn a_fraction_a_double_rounds_to_a_whole_number() {
    let f = one(r#"{"type": "integer", "title": "Count"}"#);
    f.refuses(
        "9007199254740993.5",
        unreadable("9007199254740993.5"),
        "Count: enter a whole number; you entered “9007199254740993.5”.",
    );
    // In a number field it is the nearest double.
    let n = one(r#"{"type": "number"}"#);
    n.reads("9007199254740993.5", json!(9007199254740994.0));
}

/// What is not a plain decimal is refused as text, before any check.
#[test]
fn what_is_not_a_decimal() {
    let f = one(r#"{"type": "number", "title": "Amount"}"#);
    for text in [
        "0x10",
        "Infinity",
        "-Infinity",
        "NaN",
        "1_000",
        "1 000",
        "abc",
        "1e",
        "e5",
        ".",
        "-",
        "--1",
        "1.2.3",
        "١٢",
    ] {
        f.refuses(
            text,
            unreadable(text),
            &format!("Amount: “{text}” is not a number; enter a number."),
        );
    }
    let i = one(r#"{"type": "integer", "title": "Count", "minimum": 1, "maximum": 3}"#);
    i.refuses(
        "three",
        unreadable("three"),
        "Count: “three” is not a number; enter a whole number from 1 to 3.",
    );
    // The text is quoted as typed, spaces included.
    f.refuses(
        " 0x10 ",
        unreadable(" 0x10 "),
        "Amount: “ 0x10 ” is not a number; enter a number.",
    );
}

/// A decimal comma is named, and the reason shows the number with a point.
#[test]
fn a_decimal_comma() {
    let f = one(r#"{"type": "number", "title": "Amount"}"#);
    f.refuses(
        "1,5",
        unreadable("1,5"),
        "Amount: write a decimal with a point, as in 1.5.",
    );
    f.refuses(
        "-0,25",
        unreadable("-0,25"),
        "Amount: write a decimal with a point, as in -0.25.",
    );
    f.refuses(
        " 7,5 ",
        unreadable(" 7,5 "),
        "Amount: write a decimal with a point, as in 7.5.",
    );
    // Thousands separated by commas are no decimal comma; three digits
    // after one comma may be either.
    f.refuses(
        "1,000,000",
        unreadable("1,000,000"),
        "Amount: “1,000,000” is not a number; enter a number.",
    );
    f.refuses(
        "1,000",
        unreadable("1,000"),
        "Amount: write 1000 without a comma, or 1.000 if you meant a decimal.",
    );
    // An integer field: a decimal comma is no whole number, thousands are.
    let whole = one(r#"{"type": "integer", "title": "Nights", "minimum": 1, "maximum": 14}"#);
    whole.refuses(
        "3,5",
        unreadable("3,5"),
        "Nights: enter a whole number from 1 to 14; you entered “3,5”.",
    );
    whole.refuses(
        "1,000",
        unreadable("1,000"),
        "Nights: write the number without a comma, as in 1000.",
    );
    let plain = one(r#"{"type": "integer", "title": "Count"}"#);
    plain.refuses(
        "-2,5",
        unreadable("-2,5"),
        "Count: enter a whole number; you entered “-2,5”.",
    );
}

/// A decimal no JSON double holds, either way.
#[test]
fn beyond_a_double() {
    let f = one(r#"{"type": "number", "title": "Amount", "minimum": 0}"#);
    f.refuses(
        "1e400",
        unreadable("1e400"),
        "Amount: “1e400” is too large or too close to zero to send; enter a number of at least 0.",
    );
    f.refuses(
        "1e-400",
        unreadable("1e-400"),
        "Amount: “1e-400” is too large or too close to zero to send; enter a number of at least 0.",
    );
    f.refuses(
        "-1e99999999999",
        unreadable("-1e99999999999"),
        "Amount: “-1e99999999999” is too large or too close to zero to send; enter a number of at least 0.",
    );
    // Zero however written is zero.
    f.reads("0e-400", json!(0));
    f.reads("0e99999999999", json!(0));
    // The largest double is one.
    f.reads("1.7976931348623157e308", json!(1.7976931348623157e308));
}

/// A whole number beyond 64 bits, typed into an integer field: JSON
/// carries it only as a rounded double, which stands for several
/// integers, so it is refused as text (out of range where a bound says
/// so, as the server reads the same digits). A number field takes the
/// nearest double.
#[test]
fn a_whole_number_beyond_64_bits() {
    let f = one(r#"{"type": "integer", "title": "Count"}"#);
    for typed in [
        "18446744073709551616",
        "-9223372036854775809",
        "1e20",
        "123456789012345678901234567890.0",
    ] {
        f.refuses(
            typed,
            unreadable(typed),
            &format!(
                "Count: “{typed}” is too large to send as a whole number; enter a whole number."
            ),
        );
    }
    let n = one(r#"{"type": "number"}"#);
    n.reads("18446744073709551616", json!(18446744073709551616.0));
    // Within the bounds, as a server on this crate reads the same digits.
    let bounded = one(r#"{"type": "integer", "minimum": 0, "maximum": 9223372036854775807}"#);
    bounded.refuses(
        "18446744073709551616",
        ErrorKind::OutOfRange {
            value: Number::from_f64(18446744073709551616.0).unwrap(),
            minimum: Some(0.into()),
            maximum: Some(i64::MAX.into()),
        },
        "f: enter a number from 0 to 9223372036854775807; you entered “18446744073709551616”.",
    );
    // A widget's double at or beyond 2^53 stands for several integers:
    // refused as a server's typed integer field refuses it (a schema
    // built at run time would take it).
    let refusal = f.field().check(json!(9007199254740992.0)).unwrap_err();
    assert_eq!(
        refusal.error(),
        &Error::from(ErrorKind::Inexact {
            text: "9007199254740992".into()
        })
        .in_field("f")
    );
    assert_eq!(
        refusal.reason(),
        "Count: “9007199254740992” reached the server rounded; enter the whole number in digits only, without a decimal point or an exponent."
    );
    // Below 2^53, a whole double is sent as the integer it is; beyond 64
    // bits, no integer type holds it, and it stays the double it is
    // (found by a property test: it was cut to i64::MAX).
    assert_eq!(
        f.field().check(json!(9007199254740991.0)),
        Ok(json!(9007199254740991_i64))
    );
    assert_eq!(f.field().check(json!(1e43)), Ok(json!(1e43)));
    assert_eq!(
        n.field().check(json!(9007199254740992.0)),
        Ok(json!(9007199254740992.0))
    );
}

/// Bounds: the server's own `OutOfRange`, in each wording.
#[test]
fn numbers_out_of_range() {
    let f = one(r#"{"type": "integer", "title": "Minutes", "minimum": 1, "maximum": 90}"#);
    f.reads("90", json!(90));
    f.reads("9e1", json!(90));
    f.refuses(
        "120",
        ErrorKind::OutOfRange {
            value: 120.into(),
            minimum: Some(1.into()),
            maximum: Some(90.into()),
        },
        "Minutes: enter a number from 1 to 90; you entered “120”.",
    );
    f.refuses(
        "0",
        ErrorKind::OutOfRange {
            value: 0.into(),
            minimum: Some(1.into()),
            maximum: Some(90.into()),
        },
        "Minutes: enter a number from 1 to 90; you entered “0”.",
    );
    // An integer field's fractional bounds, as its hint and the schema
    // sent say them: rounded inwards.
    let whole = one(r#"{"type": "integer", "title": "Seats", "minimum": 1.5, "maximum": 9.5}"#);
    assert_eq!(whole.field().hint(), "a whole number from 2 to 9");
    whole.refuses(
        "10",
        ErrorKind::OutOfRange {
            value: 10.into(),
            minimum: Some(Number::from_f64(1.5).unwrap()),
            maximum: Some(Number::from_f64(9.5).unwrap()),
        },
        "Seats: enter a number from 2 to 9; you entered “10”.",
    );
    whole.reads("2", json!(2));
    // Whole bounds written as doubles, and bounds beyond 64 bits: as the
    // hint says them.
    let doubles = one(r#"{"type": "integer", "title": "S", "minimum": 2.0, "maximum": 9.0}"#);
    assert_eq!(doubles.field().hint(), "a whole number from 2 to 9");
    doubles.refuses(
        "10",
        ErrorKind::OutOfRange {
            value: 10.into(),
            minimum: Some(Number::from_f64(2.0).unwrap()),
            maximum: Some(Number::from_f64(9.0).unwrap()),
        },
        "S: enter a number from 2 to 9; you entered “10”.",
    );
    let huge = one(r#"{"type": "integer", "title": "H", "minimum": 1e300}"#);
    assert_eq!(
        huge.field().hint(),
        "a whole number of at least 9223372036854775807"
    );
    huge.refuses(
        "5",
        ErrorKind::OutOfRange {
            value: 5.into(),
            minimum: Some(Number::from_f64(1e300).unwrap()),
            maximum: None,
        },
        "H: enter a number of at least 9223372036854775807; you entered “5”.",
    );
    let low = one(r#"{"type": "number", "minimum": -1.5}"#);
    low.refuses(
        "-1.50001",
        ErrorKind::OutOfRange {
            value: Number::from_f64(-1.50001).unwrap(),
            minimum: Some(Number::from_f64(-1.5).unwrap()),
            maximum: None,
        },
        "f: enter a number of at least -1.5; you entered “-1.50001”.",
    );
    let high = one(r#"{"type": "number", "maximum": 0}"#);
    high.refuses(
        "1e-300",
        ErrorKind::OutOfRange {
            value: Number::from_f64(1e-300).unwrap(),
            minimum: None,
            maximum: Some(0.into()),
        },
        "f: enter a number of at most 0; you entered “1e-300”.",
    );
    // At the edge of i64 and u64, exactly.
    let i64s = one(
        r#"{"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}"#,
    );
    i64s.reads("-9223372036854775808", json!(i64::MIN));
    i64s.reads("9223372036854775807", json!(i64::MAX));
    i64s.refuses(
        "9223372036854775808",
        ErrorKind::OutOfRange { value: 9223372036854775808u64.into(), minimum: Some(i64::MIN.into()), maximum: Some(i64::MAX.into()) },
        "f: enter a number from -9223372036854775808 to 9223372036854775807; you entered “9223372036854775808”.",
    );
    // Beyond i64 and u64 a number is the nearest double, as the server
    // reads it, and the reason says it was rounded (issue 45: a double
    // beyond 2^53 is quoted as the integer it is).
    i64s.refuses(
        "-9223372036854775809",
        ErrorKind::OutOfRange {
            value: Number::from_f64(-9223372036854775809.0).unwrap(),
            minimum: Some(i64::MIN.into()),
            maximum: Some(i64::MAX.into()),
        },
        "f: enter a number from -9223372036854775808 to 9223372036854775807; what you entered was rounded to “-9223372036854775808”, and may be outside the range.",
    );
    // A `u64`'s range: it takes every `u64`, and says (as its hint and
    // the schema sent do) the range every peer reads, up to `i64::MAX`.
    let u64s = one(r#"{"type": "integer", "minimum": 0, "maximum": 18446744073709551615}"#);
    u64s.reads("18446744073709551615", json!(u64::MAX));
    u64s.refuses(
        "18446744073709551616",
        ErrorKind::OutOfRange {
            value: Number::from_f64(18446744073709551616.0).unwrap(),
            minimum: Some(0.into()),
            maximum: Some(u64::MAX.into()),
        },
        "f: enter a number from 0 to 9223372036854775807; you entered “18446744073709551616”.",
    );
    let r = required(r#"{"type": "number", "title": "Amount"}"#);
    r.refuses(
        "  ",
        ErrorKind::MissingField,
        "Amount: this answer is required.",
    );
}

// ---------------------------------------------------------------------------
// Booleans
// ---------------------------------------------------------------------------

#[test]
fn booleans_in_every_spelling() {
    let f = one(r#"{"type": "boolean", "title": "Agree"}"#);
    for text in [
        "yes", "YES", "Yes", "y", "Y", "true", "TRUE", "True", "1", " yes ",
    ] {
        f.reads(text, json!(true));
    }
    for text in [
        "no", "NO", "No", "n", "N", "false", "FALSE", "False", "0", "\tno\n",
    ] {
        f.reads(text, json!(false));
    }
    for text in ["on", "off", "oui", "2", "yess", "t", "nope", "-1"] {
        f.refuses(
            text,
            ErrorKind::Unreadable {
                text: text.into(),
                expected: JsonType::Boolean,
            },
            &format!("Agree: “{text}” is not yes or no; enter yes or no."),
        );
    }
    f.blank(" ");
    required(r#"{"type": "boolean"}"#).refuses(
        "",
        ErrorKind::MissingField,
        "f: this answer is required.",
    );
}
