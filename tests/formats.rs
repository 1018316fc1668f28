//! The string formats MCP allows (`StringSchema.format`, MCP 2025-11-25):
//! `email`, `uri`, `date`, `date-time`, each checked on the edges of every
//! rule, and the character counting behind `minLength` / `maxLength`.
//!
//! These tables are what mutation testing (`tests/mutants.sh`) measures the
//! validators against: each rule has a case just inside and just outside
//! it, and a case where only that rule fails, so that no flipped
//! comparison, swapped `&&`/`||` or deleted match arm goes unnoticed.

use enum_schema::{Error, ErrorKind, StringField, StringFormat};
use serde_json::json;

#[track_caller]
fn check(format: StringFormat, valid: &[&str], invalid: &[&str]) {
    for value in valid {
        assert!(format.matches(value), "{format}: {value:?} must match");
        let field = StringField::new().with_format(format);
        assert_eq!(field.parse(json!(value)), Ok((*value).to_owned()));
    }
    for value in invalid {
        assert!(!format.matches(value), "{format}: {value:?} must not match");
        let field = StringField::new().with_format(format);
        assert_eq!(
            field.parse(json!(value)),
            Err(Error::from(ErrorKind::InvalidFormat {
                field: None,
                value: (*value).to_owned(),
                format,
            }))
        );
    }
}

#[test]
fn email() {
    check(
        StringFormat::Email,
        &[
            "a@b",
            "a!b@c",  // 0x21, the first byte above the space
            "a~b@c",  // 0x7e, the last byte below DEL
            "a@b.c",  // a dot inside the domain
            "ü@ß.de", // bytes above 0x7f are not control characters
            "ann.smith+tag@example.co.uk",
        ],
        &[
            "",
            "a",
            "@b", // empty local part
            "a@", // empty domain
            "@",
            "a@b@c", // two `@`
            "a@@b",
            ".a@b", // the local part starts with a dot (RFC 5321)
            "a.@b", // or ends with one
            "a@.b", // the domain starts with a dot
            "a@b.", // the domain ends with a dot
            "a@.",
            "a b@c", // a space (0x20)
            "a@b c",
            "a\u{1f}b@c", // a control character
            "a\u{7f}b@c", // DEL
            "a@b\u{0}",
            "a@b\n",
            "\ta@b",
        ],
    );
}

#[test]
fn uri() {
    check(
        StringFormat::Uri,
        &[
            "a:", // a one-letter scheme and nothing else
            "a:b",
            "Z:b",
            "a1:b", // digits after the first letter
            "a+b:c",
            "a-b:c",
            "a.b:c",
            "a:b:c",   // a colon after the scheme is data
            "a:b_c*d", // anything non-blank after the scheme
            "https://example.com/a?b=c#d",
            "urn:isbn:0451450523",
        ],
        &[
            "",
            ":",
            ":b",   // no scheme
            "1a:b", // the scheme starts with a digit
            "+a:b",
            ".a:b",
            "-a:b",
            "ü:b",
            "a_b:c", // `_` is not a scheme character
            "a*b:c",
            "a/b:c",
            "a b:c", // a space inside the scheme
            "abc",   // no colon at all
            "a",
            "a:ü",       // not ASCII (RFC 3986; an IRI is not a URI)
            "a:b c",     // a space after the scheme
            "a:b\u{7f}", // DEL after the scheme
            "a:b\n",
            "a:\u{0}",
        ],
    );
}

#[test]
fn date() {
    check(
        StringFormat::Date,
        &[
            "2024-01-01",
            "2024-01-31", // the last day of each month
            "2023-02-28",
            "2024-02-29", // leap: divisible by 4
            "2000-02-29", // leap: divisible by 400
            "2024-03-31",
            "2024-04-30",
            "2024-05-31",
            "2024-06-30",
            "2024-07-31",
            "2024-08-31",
            "2024-09-30",
            "2024-10-31",
            "2024-11-30",
            "2024-12-31",
            "0000-01-01",
            "9999-12-31",
        ],
        &[
            "2023-02-29", // not leap: not divisible by 4
            "1900-02-29", // not leap: divisible by 100, not by 400
            "2100-02-29",
            "2024-02-30",
            "2024-01-32",
            "2024-03-32",
            "2024-04-31",
            "2024-06-31",
            "2024-09-31",
            "2024-11-31",
            "2024-12-32",
            "2024-00-10", // month 0
            "2024-13-01", // month 13
            "2024-01-00", // day 0
            "202x-01-01", // a letter in the year
            "2024-0x-01", // in the month
            "2024-01-0x", // in the day
            "2024-1a-01",
            "2024/01-01", // wrong separators
            "2024-01/01",
            "2024-1-01", // too short
            "24-01-01",
            "2024-01-011", // too long
            "2024-01-01 ",
            "2024-01-01T00:00:00Z",
            "",
        ],
    );
}

#[test]
fn date_time() {
    check(
        StringFormat::DateTime,
        &[
            "2024-01-01T00:00:00Z",
            "2024-01-01t00:00:00z",
            "2024-12-31T23:59:59Z",
            "2024-06-30T23:59:60Z", // a leap second
            // A leap second is 23:59:60 UTC, whatever the offset: the
            // offset's hours, minutes and sign all count.
            "2024-06-30T15:59:60-08:00",
            "2024-07-01T01:29:60+01:30",
            "2024-06-30T23:59:60.5+00:00",
            "2024-01-01T12:00:00.1Z",
            "2024-01-01T12:00:00.123456789Z",
            "2024-01-01T12:00:00+00:00",
            "2024-01-01T12:00:00-00:00",
            "2024-01-01T12:00:00+23:59",
            "2024-01-01T12:00:00-23:59",
            "2024-01-01T12:00:00.5+05:30",
            "2024-02-29T12:00:00Z",
        ],
        &[
            "2024-06-30T23:59:60+01:00", // 22:59:60 UTC: no leap second
            "2024-06-30T15:59:60+08:00", // the sign counts
            "2024-07-01T01:29:60+01:29", // the minutes count
            "2024-07-01T00:59:60+01:30",
            "2024-06-30T23:58:60Z",
            "2024-01-01T12:00:00",  // no offset
            "2024-01-01T12:00:0Z",  // 19 bytes
            "2024-01-01 12:00:00Z", // no `T`
            "2024-01-01X12:00:00Z",
            "2023-02-29T12:00:00Z", // not a date
            "2024-13-01T12:00:00Z",
            "2024-01-01T24:00:00Z", // hour 24
            "2024-01-01T12:60:00Z", // minute 60
            "2024-01-01T12:00:61Z", // second 61
            "2024-01-01T1a:00:00Z", // a letter in the time
            "2024-01-01T12:0a:00Z",
            "2024-01-01T12:00:0aZ",
            "2024-01-01T12-00:00Z", // wrong separators
            "2024-01-01T12:00-00Z",
            "2024-01-01T12:00:00X",  // not an offset
            "2024-01-01T12:00:00Z0", // something after `Z`
            "2024-01-01T12:00:00ZZ",
            "2024-01-01T12:00:00.Z", // a dot without digits
            "2024-01-01T12:00:00.",
            "2024-01-01T12:00:00.123", // digits, then nothing
            "2024-01-01T12:00:00.12a",
            "2024-01-01T12:00:00*02:00", // not a sign
            "2024-01-01T12:00:00+02-00", // no colon in the offset
            "2024-01-01T12:00:00+2:00",  // too short
            "2024-01-01T12:00:00+0200",
            "2024-01-01T12:00:00+02:000", // too long
            "2024-01-01T12:00:00+24:00",  // offset hour 24
            "2024-01-01T12:00:00+00:60",  // offset minute 60
            "2024-01-01T12:00:00+0a:00",
            "2024-01-01T12:00:00+00:0a",
            "2024-01-01T12:00Z",
            "2024-01-01",
            "",
        ],
    );
}

#[test]
fn lengths_count_characters_not_bytes() {
    // 3 characters, 9 bytes; 2 characters, 3 bytes (a combining accent is
    // a character of its own, as in JSON Schema).
    for (value, count) in [
        ("日本語", 3),
        ("e\u{301}", 2),
        ("ab", 2),
        ("", 0),
        ("😀", 1),
    ] {
        let exact = StringField::new()
            .with_min_length(count)
            .with_max_length(count);
        assert_eq!(exact.parse(json!(value)), Ok(value.to_owned()), "{value:?}");
        let short = StringField::new().with_min_length(count + 1);
        assert_eq!(
            short.parse(json!(value)),
            Err(Error::from(ErrorKind::TooShort {
                field: None,
                value: value.to_owned(),
                min_length: count + 1,
            }))
        );
        if count > 0 {
            let long = StringField::new().with_max_length(count - 1);
            assert_eq!(
                long.parse(json!(value)),
                Err(Error::from(ErrorKind::TooLong {
                    field: None,
                    value: value.to_owned(),
                    max_length: count - 1,
                }))
            );
        }
    }
}

#[test]
fn the_length_is_checked_before_the_format() {
    let field = StringField::new()
        .with_min_length(3)
        .with_max_length(5)
        .with_format(StringFormat::Email);
    assert_eq!(
        field.parse(json!("ab")),
        Err(Error::from(ErrorKind::TooShort {
            field: None,
            value: "ab".into(),
            min_length: 3,
        }))
    );
    assert_eq!(
        field.parse(json!("abcdef")),
        Err(Error::from(ErrorKind::TooLong {
            field: None,
            value: "abcdef".into(),
            max_length: 5,
        }))
    );
    assert_eq!(
        field.parse(json!("abcd")),
        Err(Error::from(ErrorKind::InvalidFormat {
            field: None,
            value: "abcd".into(),
            format: StringFormat::Email,
        }))
    );
    assert_eq!(field.parse(json!("a@b")), Ok("a@b".into()));
}

#[test]
fn format_names() {
    let names: Vec<&str> = [
        StringFormat::Email,
        StringFormat::Uri,
        StringFormat::Date,
        StringFormat::DateTime,
    ]
    .iter()
    .map(|format| format.as_str())
    .collect();
    assert_eq!(names, ["email", "uri", "date", "date-time"]);
    assert_eq!(StringFormat::DateTime.to_string(), "date-time");
    assert_eq!(
        serde_json::to_value(StringFormat::DateTime).unwrap(),
        json!("date-time")
    );
}
