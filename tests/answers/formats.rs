//! The string formats MCP allows (`StringSchema.format`, MCP 2025-11-25):
//! `email`, `uri`, `date`, `date-time`, each checked on the edges of every
//! rule, and the character counting behind `minLength` / `maxLength`.
//!
//! These tables are what mutation testing (`tests/mutants.sh`) measures the
//! validators against: each rule has a case just inside and just outside
//! it, and a case where only that rule fails, so that no flipped
//! comparison, swapped `&&`/`||` or deleted match arm goes unnoticed.

use enum_schema::{schema::StringFormat, Error, ErrorKind, StringField};
use serde_json::json;

#[track_caller]
fn check(format: StringFormat, valid: &[&str], invalid: &[&str]) {
    for value in valid {
        assert!(format.matches(value), "{format}: {value:?} must match");
        let field = StringField::new().with_format(format);
        assert_eq!(field.parse_value(json!(value)), Ok((*value).to_owned()));
    }
    for value in invalid {
        assert!(!format.matches(value), "{format}: {value:?} must not match");
        let field = StringField::new().with_format(format);
        assert_eq!(
            field.parse_value(json!(value)),
            Err(Error::from(ErrorKind::InvalidFormat {
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
            "a!b@c", // 0x21, the first byte above the space
            "a~b@c", // 0x7e, the last byte below DEL
            "a@b.c", // a dot inside the domain
            "ann.smith+tag@example.co.uk",
            "a@xn--9ca.org", // an internationalized domain, in ASCII
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
            // ASCII only (issue 45), as the JSON-Schema-Test-Suite's
            // `email`: non-ASCII addresses are `idn-email`'s.
            "ü@ß.de",
            "aé@iana.org",
            "a@é.org",
            "사용자@도메인.한국",
            "a@b\u{80}",
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
            "2024-01-01T12:00", // a browser's `datetime-local`
            "2024-01-01T12:00+02:00",
            "2024-01-01",
            "",
        ],
    );
}

/// A date and time that lacks only its seconds, its time zone or both (a
/// browser's `datetime-local` field gives neither) is refused as any
/// other, and the message says which part is missing.
#[test]
fn a_date_time_short_of_a_part_says_which() {
    let field = StringField::new().with_format(StringFormat::DateTime);
    let zone = " (Z for UTC, or an offset such as +01:00)";
    for (value, missing) in [
        (
            "2026-07-15T10:30",
            format!("the seconds and the time zone are missing, as in 2026-12-31T09:30:00Z{zone}"),
        ),
        (
            "2026-07-15T10:30:00",
            format!("the time zone is missing, as in 2026-12-31T09:30:00Z{zone}"),
        ),
        (
            "2026-07-15T10:30:00.5",
            format!("the time zone is missing, as in 2026-12-31T09:30:00Z{zone}"),
        ),
        (
            "2026-07-15T10:30Z",
            "the seconds are missing, as in 2026-12-31T09:30:00Z".to_owned(),
        ),
        (
            "2026-07-15T10:30-05:00",
            "the seconds are missing, as in 2026-12-31T09:30:00Z".to_owned(),
        ),
    ] {
        let error = field.parse_value(json!(value)).unwrap_err();
        assert_eq!(
            error.kind(),
            &ErrorKind::InvalidFormat {
                value: value.to_owned(),
                format: StringFormat::DateTime,
            }
        );
        assert_eq!(
            error.to_string(),
            format!("invalid format: \"{value}\" is not a valid date-time: {missing}"),
        );
    }
    // Anything the seconds or the zone would not mend: the message as
    // before.
    for value in [
        "2026-07-15 10:30",
        "2026-07-15T25:30",
        "2026-02-30T10:30",
        "2026-07-15",
    ] {
        let error = field.parse_value(json!(value)).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("invalid format: \"{value}\" is not a valid date-time"),
        );
    }
    // Another format is never said to lack seconds.
    let date = StringField::new().with_format(StringFormat::Date);
    assert_eq!(
        date.parse_value(json!("2026-07-15T10:30"))
            .unwrap_err()
            .to_string(),
        r#"invalid format: "2026-07-15T10:30" is not a valid date"#
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
        assert_eq!(
            exact.parse_value(json!(value)),
            Ok(value.to_owned()),
            "{value:?}"
        );
        let short = StringField::new().with_min_length(count + 1);
        assert_eq!(
            short.parse_value(json!(value)),
            Err(Error::from(ErrorKind::TooShort {
                value: value.to_owned(),
                min_length: count + 1,
            }))
        );
        if count > 0 {
            let long = StringField::new().with_max_length(count - 1);
            assert_eq!(
                long.parse_value(json!(value)),
                Err(Error::from(ErrorKind::TooLong {
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
        field.parse_value(json!("ab")),
        Err(Error::from(ErrorKind::TooShort {
            value: "ab".into(),
            min_length: 3,
        }))
    );
    assert_eq!(
        field.parse_value(json!("abcdef")),
        Err(Error::from(ErrorKind::TooLong {
            value: "abcdef".into(),
            max_length: 5,
        }))
    );
    assert_eq!(
        field.parse_value(json!("abcd")),
        Err(Error::from(ErrorKind::InvalidFormat {
            value: "abcd".into(),
            format: StringFormat::Email,
        }))
    );
    assert_eq!(field.parse_value(json!("a@b")), Ok("a@b".into()));
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

/// RFC 3986 `IP-literal` hosts: `IPv6address` in every compression form,
/// its trailing `IPv4address` (with `dec-octet` on both sides of each of
/// its ranges: 0-9, 10-99, 100-199, 200-249, 250-255) and `IPvFuture`.
#[test]
fn uri_ip_literals() {
    check(
        StringFormat::Uri,
        &[
            "http://[1:2:3:4:5:6:7:8]", // 8( h16 ":" ) without `::`
            "http://[::]",              // only `::`
            "http://[::1]",
            "http://[1::]",
            "http://[1::8]",
            "http://[::2:3:4:5:6:7:8]", // `::` for one group, first
            "http://[1:2:3:4:5:6:7::]", // last
            "http://[1:2:3::6:7:8]",    // inside
            "http://[1:2:3:4:5:6::8]",
            "http://[0:0:0:0:0:0:0:0]",
            "http://[0000:ffff:FFFF:abcd:ABCD:0123:4567:89ab]", // 4 hex digits
            "http://[a:b:c:d:e:f:A:B]",
            "http://[1:2:3:4:5:6:1.2.3.4]", // ls32 as an IPv4 address
            "http://[::1.2.3.4]",
            "http://[::ffff:1.2.3.4]",
            "http://[1::1.2.3.4]",
            "http://[1:2:3:4:5::1.2.3.4]",
            "http://[::0.9.10.99]", // dec-octet edges
            "http://[::100.199.200.249]",
            "http://[::250.255.0.0]",
            "http://[::255.255.255.255]",
            "http://[v1.a]", // IPvFuture
            "http://[V1.a]",
            "http://[vF.a]",
            "http://[v0123456789abcdefABCDEF.x]",
            "http://[v1.:]",
            "http://[v1.!]",
            "http://[v1.-._~!$&'()*+,;=:aZ9]",
            "http://[::1]:80", // then a port
            "http://[::1]:",
            "http://[::1]/",
            "http://[::1]?q",
            "http://[::1]#f",
            "http://u:p@[::1]:8080/p",
        ],
        &[
            "http://[]",
            "http://[:]",
            "http://[:1]", // a single colon first
            "http://[:1::]",
            "http://[:1:2:3:4:5:6:7:8]",
            "http://[1:]", // or last
            "http://[::1:]",
            "http://[1:2:3:4:5:6:7:8:]",
            "http://[:::]",
            "http://[1:::2]",
            "http://[1::2::3]", // two `::`
            "http://[::1::]",
            "http://[1:2:3:4:5:6:7]", // 7 groups without `::`
            "http://[1:2:3:4:5:6:7:8:9]",
            "http://[1:2:3:4:5:6:7:8::]", // `::` with 8 groups
            "http://[::1:2:3:4:5:6:7:8]",
            "http://[1:2:3:4::5:6:7:8]",
            "http://[12345::]", // 5 hex digits
            "http://[::12345]",
            "http://[g::]",
            "http://[::g]",
            "http://[1:2:3:4:5:6:7:1.2.3.4]", // an IPv4 address for one group
            "http://[1:2:3:4:5:6::1.2.3.4]",
            "http://[1:2:3:4:5:1.2.3.4]",
            "http://[::1.2.3.4:5]", // the IPv4 address not last
            "http://[::1.2.3.4::]",
            "http://[1.2.3.4]",
            "http://[::ffff:01.2.3.4]", // a leading zero
            "http://[::00.2.3.4]",
            "http://[::1.2.3.000]",
            "http://[::256.0.0.0]",
            "http://[::260.0.0.0]",
            "http://[::300.0.0.0]",
            "http://[::1000.0.0.0]",
            "http://[::1.2.3.256]",
            "http://[::1.2.3]",
            "http://[::1.2.3.4.5]",
            "http://[::1.2.3.]",
            "http://[::.1.2.3]",
            "http://[::1..2.3]",
            "http://[::1.2.3.a]",
            "http://[::1.2.3.-4]",
            "http://[v.a]", // IPvFuture without its version
            "http://[v1]",  // or the dot
            "http://[v1.]", // or anything after it
            "http://[vg.a]",
            "http://[v1x.a]",
            "http://[v1.a%20]", // no percent-encoding inside
            "http://[v1.a b]",
            "http://[v1.[]",
            "http://[w1.a]",
            "http://[::1",    // no `]`
            "http://[::1]]",  // a second one
            "http://[::1]x",  // something but a port after it
            "http://[::1]:x", // a port that is not digits
            "http://[::1]:8x",
            "http://x[::1]",
            "http://[[::1]]",
        ],
    );
}

/// RFC 3986 `authority` (`userinfo`, `reg-name`, `port`), percent-encoding,
/// `path`, `query` and `fragment`, with every delimiter.
#[test]
fn uri_components() {
    check(
        StringFormat::Uri,
        &[
            "http://",  // an empty reg-name
            "http:///", // and a path
            "file:///etc/hosts",
            "a://",
            "a:///",
            "http://h",
            "http://h/",
            "http://h:", // port = *DIGIT
            "http://h:0",
            "http://h:80/",
            "http://h:65535",
            "http://h:99999", // no range in the grammar
            "http://h?",
            "http://h#",
            "http://0.0.0.0",
            "http://255.255.255.255",
            "http://256.1.1.1", // a reg-name
            "http://1.2.3",
            "http://a-._~!$&'()*+,;=z/", // every reg-name byte
            "http://%41%7e%7E",          // percent-encoded
            "http://u@h",                // userinfo
            "http://@h",                 // an empty one
            "http://u@",                 // an empty host
            "http://:@h",
            "http://u:p:q@h:1",              // colons in userinfo
            "http://a-._~!$&'()*+,;=%20:@h", // every userinfo byte
            "http://u#@h",                   // `@` in the fragment
            "http://h/@",                    // or in the path
            "http://h?@",
            "a:b",
            "a:/b",   // path-absolute
            "a:/b:c", // not an authority
            "a:b/",   // path-rootless
            "a:b//c", // empty segments
            "a:/b//c",
            "a:/",
            "a:b:c@d/e",
            "a:-._~!$&'()*+,;=:@/", // every pchar
            "a:%41",
            "a:%aF",
            "a:%00%ff%FF",
            "a:b%41c",
            "mailto:John.Doe@example.com",
            "a:?", // an empty query
            "a:#", // an empty fragment
            "a:?#",
            "a:b?c",
            "a:b?c#d",
            "a:b#c",
            "a:b?c?d/e:f@g",
            "a:b?-._~!$&'()*+,;=:@/?%41", // every query byte
            "a:b#-._~!$&'()*+,;=:@/?%41", // every fragment byte
            "a:b#c?d/e",
            "a:?b#c?d",
            "aZ9+-.:x", // every scheme byte
            "A:x",
            "abcdefghijkl://[::1]", // a long scheme, then an authority
        ],
        &[
            "http://h h", // reg-name
            "http://h[",
            "http://h]",
            "http://h%",
            "http://h%4",
            "http://h%4g",
            "http://h%g4",
            "http://ü",
            "http://h\\",
            "http://h{",
            "http://h\"",
            "http://h<",
            "http://h:8a", // port
            "http://h:a",
            "http://h:-1",
            "http://h:1:2",
            "http://h:8 ",
            "http://h: 8",
            "http://u v@h", // userinfo
            "http://u@v@h",
            "http://[@h",
            "http://u%2@h",
            "http://u%zz@h",
            "http://u[@h",
            "http://ü@h",
            "http:// h",
            "http://h/ ", // path
            "a:b c",
            "a:[",
            "a:]",
            "a:b[1]",
            "a:{",
            "a:}",
            "a:<",
            "a:>",
            "a:\"",
            "a:^",
            "a:`",
            "a:|",
            "a:\\",
            "a:/\\",
            "a:%", // percent-encoding
            "a:%4",
            "a:%4g",
            "a:%g4",
            "a:%%41",
            "a:b%2",
            "a:%41%",
            "a:%41%4",
            "a:/%",
            "a:?[", // query
            "a:?%",
            "a:?%4",
            "a:b?c d",
            "a:b?c^",
            "a:?#[", // fragment
            "a:#[",
            "a:#%4",
            "a:b#c d",
            "a:#a#b",
            "a:?a#b#c",
            "a:b#c^",
            "a?b:c", // scheme
            "a#b:c",
            "a%41:c",
            "a[b:c",
            "a@b:c",
            "a~b:c",
            "a!b:c",
            "abcdefghijkl://h:8a", // a long scheme, then an authority
            "abcdefghijkl://h h",
            "//h/p",
            "/abc",
            "?a:b",
            "#a:b",
        ],
    );
}

/// RFC 5321 `Mailbox`, ASCII only (RFC 6531's UTF-8 is `idn-email`'s,
/// which MCP does not have): the dot-string and the quoted local part,
/// domains, and address literals (RFC 5321 4.1.3: an
/// `IPv4-address-literal` of `Snum`s, which may have leading zeros, or
/// `IPv6:` and an `IPv6-addr`, whose compressed forms hold at most six
/// groups beside the `::`, or four and an IPv4 address).
#[test]
fn email_rfc5321() {
    let label = "a".repeat(63);
    let long = format!("{label}.{label}.{label}.{}", "b".repeat(63)); // 255 bytes
    let short_labels = format!("{label}.{label}.{label}.{}.c", "b".repeat(61)); // 255 bytes
    let valid = [
        "!#$%&'*+-/=?^_`{|}~@b".to_owned(), // every atext symbol
        "aZ09@b".to_owned(),
        "a.b.c@d".to_owned(),
        "a@b-c".to_owned(), // inner hyphens
        "a@b--c.d".to_owned(),
        "a@1.2.3.4".to_owned(), // a domain of digits
        "a@b.c.d.e".to_owned(),
        "a@B.COM".to_owned(),
        format!("x@{label}.com"),
        format!("x@{long}"),
        format!("x@{short_labels}"),
        "\"\"@b".to_owned(),  // an empty quoted string
        "\" \"@b".to_owned(), // qtextSMTP: 32-33, 35-91, 93-126
        "\"!\"@b".to_owned(),
        "\"#[\"@b".to_owned(),
        "\"]~\"@b".to_owned(),
        "\"a.b\"@c".to_owned(),
        "\".a..b.\"@c".to_owned(), // no dot rule inside quotes
        "\"a@b\"@c".to_owned(),
        "\"\\\"\"@b".to_owned(), // quoted-pairSMTP: %d92 %d32-126
        "\"\\\\\"@b".to_owned(),
        "\"\\ \"@b".to_owned(),
        "\"\\~\"@b".to_owned(),
        "\"\\a\"@b".to_owned(),
        "a@[0.0.0.0]".to_owned(), // IPv4-address-literal
        "a@[255.255.255.255]".to_owned(),
        "a@[00.0.0.000]".to_owned(), // Snum = 1*3DIGIT
        "a@[9.10.99.100]".to_owned(),
        "a@[199.200.249.250]".to_owned(),
        "a@[IPv6:::1]".to_owned(), // IPv6-address-literal
        "a@[IPv6:::]".to_owned(),
        "a@[ipv6:::1]".to_owned(), // an ABNF string: any case
        "a@[iPV6:1::2]".to_owned(),
        "a@[IPv6:1:2:3:4:5:6:7:8]".to_owned(), // IPv6-full
        "a@[IPv6:1:2:3:4:5:6::]".to_owned(),   // IPv6-comp, 6 groups
        "a@[IPv6:::1:2:3:4:5:6]".to_owned(),
        "a@[IPv6:1:2:3::4:5:6]".to_owned(),
        "a@[IPv6:1:2:3:4:5:6:1.2.3.4]".to_owned(), // IPv6v4-full
        "a@[IPv6:1:2:3:4::1.2.3.4]".to_owned(),    // IPv6v4-comp, 4 groups
        "a@[IPv6:::1.2.3.4]".to_owned(),
        "a@[IPv6:::ffff:001.002.003.004]".to_owned(), // Snum in IPv6
    ];
    let invalid = [
        "Ā@b".to_owned(), // U+0100 is C4 80: the byte 0x80, not ASCII
        "a@Ā.de".to_owned(),
        "日本@例え.jp".to_owned(),
        "\"ü\"@c".to_owned(), // no UTF-8 in a quoted string either
        "".to_owned(),
        "a".to_owned(),
        "a@".to_owned(),
        "@".to_owned(),
        "@b".to_owned(),
        "a@b@c".to_owned(),
        "a..b@c".to_owned(), // dot rules
        ".a@b".to_owned(),
        "a.@b".to_owned(),
        ".@b".to_owned(),
        "a(b@c".to_owned(), // specials
        "a)b@c".to_owned(),
        "a<b@c".to_owned(),
        "a>b@c".to_owned(),
        "a,b@c".to_owned(),
        "a;b@c".to_owned(),
        "a:b@c".to_owned(),
        "a\\b@c".to_owned(),
        "a\"b@c".to_owned(),
        "a[b@c".to_owned(),
        "a]b@c".to_owned(),
        "a b@c".to_owned(),
        "a\u{7f}@b".to_owned(),
        "a@b_c".to_owned(), // domains
        "a@b!c".to_owned(),
        "a@b c".to_owned(),
        "a@-b".to_owned(),
        "a@b-".to_owned(),
        "a@b-.c".to_owned(),
        "a@b.-c".to_owned(),
        "a@b.".to_owned(),
        "a@.b".to_owned(),
        "a@b..c".to_owned(),
        "a@.".to_owned(),
        format!("x@{label}a.com"), // a 64-byte label
        format!("x@a.{label}a"),
        format!("x@{long}a"), // 256 bytes
        format!("x@a{long}"),
        format!("x@{short_labels}d"), // 256 bytes, no label over 63
        "\"a@b".to_owned(),           // quoted strings
        "\"a\"".to_owned(),
        "\"a\"b@c".to_owned(),
        "\"a\".b@c".to_owned(),
        "a\"b\"@c".to_owned(),
        "\"a\"\"@b".to_owned(),
        "\"\\\"@b".to_owned(), // the closing quote escaped
        "\"a\\".to_owned(),
        "\"\\".to_owned(),
        "\"\t\"@b".to_owned(), // below 32
        "\"\u{1f}\"@b".to_owned(),
        "\"\u{7f}\"@b".to_owned(),   // DEL
        "\"\\\u{1f}\"@b".to_owned(), // quoted-pair outside 32-126
        "\"\\\u{7f}\"@b".to_owned(),
        "\"\\ü\"@b".to_owned(),
        "\"a\"@".to_owned(),
        "a@[]".to_owned(), // address literals
        "a@[".to_owned(),
        "a@[1.2.3.4".to_owned(),
        "a@1.2.3.4]".to_owned(),
        "a@[1.2.3.4]]".to_owned(),
        "a@[1.2.3]".to_owned(),
        "a@[1.2.3.4.5]".to_owned(),
        "a@[1.2.3.]".to_owned(),
        "a@[.1.2.3]".to_owned(),
        "a@[0000.0.0.0]".to_owned(),
        "a@[256.0.0.0]".to_owned(),
        "a@[1.2.3.256]".to_owned(),
        "a@[IPv6:]".to_owned(),
        "a@[IPv6]".to_owned(),
        "a@[IPv]".to_owned(),
        "a@[I]".to_owned(),
        "a@[IPv4:1.2.3.4]".to_owned(),
        "a@[IPv6 ::1]".to_owned(),
        "a@[Pv6:::1]".to_owned(),
        "a@[xPv6:::1]".to_owned(),
        "a@[IxV6:::1]".to_owned(),
        "a@[IPx6:::1]".to_owned(),
        "a@[IPvx:::1]".to_owned(),
        "a@[IPv6x::1]".to_owned(),
        "a@[::1]".to_owned(),
        "a@[IPv6:1.2.3.4]".to_owned(),
        "a@[IPv6:1::2::3]".to_owned(),
        "a@[IPv6:1:2:3:4:5:6:7]".to_owned(),
        "a@[IPv6:1:2:3:4:5:6:7:8:9]".to_owned(),
        "a@[IPv6:1:2:3:4:5:6:7::]".to_owned(), // 7 groups beside `::`
        "a@[IPv6:::1:2:3:4:5:6:7]".to_owned(),
        "a@[IPv6:1:2:3::4:5:6:7]".to_owned(),
        "a@[IPv6:1:2:3:4:5::1.2.3.4]".to_owned(), // 5 and an IPv4 address
        "a@[IPv6:1:2:3:4:5:1.2.3.4]".to_owned(),
        "a@[IPv6:::256.0.0.0]".to_owned(),
        "a@[IPv6:12345::]".to_owned(),
        "a@[tag:content]".to_owned(), // no other tag is registered
    ];
    let valid: Vec<&str> = valid.iter().map(String::as_str).collect();
    let invalid: Vec<&str> = invalid.iter().map(String::as_str).collect();
    check(StringFormat::Email, &valid, &invalid);
}

/// Issue 45: `email` is ASCII on every path, as the
/// JSON-Schema-Test-Suite's `email` (non-ASCII addresses are `idn-email`,
/// which MCP does not have): the format itself, a typed field, a derived
/// form, the wire model read from a peer, and the host's form model; the
/// derive's check of a default is `tests/ui/form/string/default_not_ascii_email.rs`,
/// `Ask`'s reason `tests/ask/reasons.rs`. A domain label is at most 63
/// characters of its ASCII form.
#[test]
fn email_is_ascii_on_every_path() {
    use enum_schema::schema::PrimitiveSchema;
    use enum_schema::{ElicitAction, ElicitForm};

    #[derive(ElicitForm, Debug, PartialEq)]
    struct Signup {
        #[elicit(format = "email")]
        email: String,
    }

    let peer = PrimitiveSchema::from_json(&json!({"type": "string", "format": "email"})).unwrap();
    let hangul = "사용자@도메인.한국";
    for value in ["aé@iana.org", "a@é.org", hangul, "\"é\"@b.c"] {
        let refused = Error::from(ErrorKind::InvalidFormat {
            value: value.to_owned(),
            format: StringFormat::Email,
        });
        assert!(!StringFormat::Email.matches(value), "{value}");
        assert_eq!(
            StringField::new()
                .with_format(StringFormat::Email)
                .parse_value(json!(value)),
            Err(refused.clone()),
            "{value}"
        );
        assert_eq!(peer.check(json!(value)), Err(refused.clone()), "{value}");
        assert_eq!(
            Signup::parse_result(json!({"action": "accept", "content": {"email": value}})),
            Err(refused.in_field("email")),
            "{value}"
        );
        #[cfg(feature = "host")]
        {
            let params = json!({"message": "Sign up", "requestedSchema": {"type": "object",
                "properties": {"email": {"type": "string", "format": "email", "title": "Email"}}}});
            let request = enum_schema::host::Request::from_params_str(&params.to_string()).unwrap();
            let mut draft = request.draft(enum_schema::host::Defaults::Prefill);
            assert!(draft.set_text("email", value).is_err(), "{value}");
        }
    }
    // The ASCII form is taken, and its error says what to write.
    assert_eq!(
        Signup::parse_result(json!({"action": "accept", "content": {"email": "a@xn--9ca.org"}})),
        Ok(ElicitAction::Accept(Signup {
            email: "a@xn--9ca.org".to_owned()
        })),
    );
    assert_eq!(
        peer.check(json!("a@é.org")).unwrap_err().to_string(),
        r#"invalid format: "a@é.org" is not a valid email: an email address is ASCII; its domain's ASCII form gives "a@xn--9ca.org""#,
    );
    assert_eq!(
        peer.check(json!("aé@iana.org")).unwrap_err().to_string(),
        r#"invalid format: "aé@iana.org" is not a valid email: an email address is ASCII, and its local part is not"#,
    );
    // 63 characters a label, in ASCII: a label of 31 `é` was 62 bytes of
    // UTF-8 and taken; its ASCII form is refused when over 63.
    let label = "a".repeat(63);
    assert!(StringFormat::Email.matches(&format!("x@{label}.com")));
    assert!(!StringFormat::Email.matches(&format!("x@{label}b.com")));
    assert!(!StringFormat::Email.matches(&format!("x@{}.com", "é".repeat(31))));
    #[cfg(feature = "host")]
    {
        let params = json!({"message": "Sign up", "requestedSchema": {"type": "object",
            "properties": {"email": {"type": "string", "format": "email", "title": "Email"}}}});
        let request = enum_schema::host::Request::from_params_str(&params.to_string()).unwrap();
        let mut draft = request.draft(enum_schema::host::Defaults::Prefill);
        assert_eq!(
            draft.set_text("email", "a@é.org").unwrap_err().reason(),
            "Email: “a@é.org” has accented or non-Latin characters in its domain; enter it as “a@xn--9ca.org”, the same address written for email.",
        );
    }
}

/// Issue 45: a refused `uri` says what is wrong and how to write it, in
/// the error a server logs and the model reads (the reason a person
/// reads is `tests/ask/reasons.rs`).
#[test]
fn a_refused_uri_says_what_is_wrong() {
    let field = StringField::new().with_format(StringFormat::Uri);
    for (value, message) in [
        (
            "/page",
            r#"invalid format: "/page" is not a valid uri: a relative reference, not an absolute URI"#,
        ),
        (
            "example.com/a",
            r#"invalid format: "example.com/a" is not a valid uri: no scheme (as "https://example.com/a")"#,
        ),
        (
            "https://example.com/é",
            r#"invalid format: "https://example.com/é" is not a valid uri: characters outside ASCII (percent-encoded: "https://example.com/%C3%A9")"#,
        ),
        (
            "https://example.com/a b",
            r#"invalid format: "https://example.com/a b" is not a valid uri: characters a URI holds only percent-encoded (as "https://example.com/a%20b")"#,
        ),
        (
            "https://example.com/%zz",
            r#"invalid format: "https://example.com/%zz" is not a valid uri"#,
        ),
    ] {
        assert_eq!(
            field.parse_value(json!(value)).unwrap_err().to_string(),
            message
        );
    }
}
