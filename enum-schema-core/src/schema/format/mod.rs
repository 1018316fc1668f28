//! The four string formats MCP elicitation allows (`StringSchema.format`,
//! MCP 2025-11-25), checked as JSON Schema's format assertions do (draft
//! 2020-12, and the JSON-Schema-Test-Suite's `format` vectors):
//! `email` (RFC 5321 `Mailbox`, ASCII: an address with other characters is
//! JSON Schema's `idn-email`, which MCP does not allow), `uri` (RFC 3986
//! `URI`), `date` (RFC 3339 `full-date`), `date-time` (RFC 3339
//! `date-time`).
//!
//! They are `const fn`, so that a derive can check a literal default when
//! the server compiles; hence the index loops. Every function looks at
//! `bytes[start..end]`, never past it.
//!
//! One file each: `uri.rs` (RFC 3986), `email.rs` (RFC 5321), `date.rs`
//! (RFC 3339), and `shared.rs`, what the first two share: IP addresses
//! and a domain's ASCII form.

pub(crate) mod date;
pub(crate) mod email;
mod shared;
pub(crate) mod uri;

#[cfg(test)]
mod tests {
    use super::date::*;
    use super::email::*;
    use super::shared::*;
    use super::uri::*;

    #[test]
    fn ipv6() {
        for valid in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1::8",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "fe80::1:2",
        ] {
            assert!(is_ipv6(valid.as_bytes(), 0, valid.len(), false), "{valid}");
        }
        for invalid in [
            "",
            ":",
            ":1",
            "1:",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "::ffff:01.2.3.4",
            "1:2:3:4:5:6:7:1.2.3.4",
            ":::",
            "1:2:3:4:5:6:7::8:9",
            "g::",
        ] {
            assert!(
                !is_ipv6(invalid.as_bytes(), 0, invalid.len(), false),
                "{invalid}"
            );
        }
    }

    #[test]
    fn uri_edges() {
        for valid in [
            "a:",
            "a:b",
            "http://h",
            "http://[v1.x]/",
            "http://u:p@h:80/p?q#f",
            "http://h:/",
        ] {
            assert!(is_uri(valid), "{valid}");
        }
        for invalid in [
            "a",
            ":b",
            "1a:b",
            "a b:c",
            "http://h/%",
            "http://h/%4",
            "http://[::1/",
            "http://[::1]x/",
            "http://h#a#b",
            "http://[v1.]/",
        ] {
            assert!(!is_uri(invalid), "{invalid}");
        }
    }

    #[test]
    fn boundaries() {
        let label = "a".repeat(63);
        assert!(is_email(&format!("x@{label}.com")));
        assert!(!is_email(&format!("x@{label}a.com")));
        let long = format!("{label}.{label}.{label}.{}", "a".repeat(63));
        assert_eq!(long.len(), 255);
        assert!(is_email(&format!("x@{long}")));
        assert!(!is_email(&format!("x@{long}a")));
        assert!(is_email("x@[255.255.255.255]") && !is_email("x@[256.0.0.1]"));
        assert!(is_email("x@[0.0.0.0]") && is_email("x@[00.0.0.000]"));
        assert!(!is_email("x@[1.2.3.4.5]") && !is_email("x@[1.2.3.]"));
        assert!(!is_email("x@[IPv6:]") && !is_email("x@[1.2.3.4") && !is_email("x@1.2.3.4]"));
        assert!(is_email("\"a b\"@c") && !is_email("\"a\u{7f}\"@c") && !is_email("\"a\\"));
        assert!(is_uri("http://h:0/") && is_uri("http://h:65535/") && !is_uri("http://h:8a/"));
        assert!(is_uri("a:%41") && !is_uri("a:%4") && !is_uri("a:%G1") && !is_uri("a:%1G"));
        assert!(is_uri("a:b?c/d?e#f/g?h") && !is_uri("a:b?c d") && !is_uri("a:b#c d"));
        assert!(is_uri("http://[1:2:3:4:5:6:7:8]") && !is_uri("http://[1:2:3:4:5:6:7:8:9]"));
        assert!(is_uri("http://[1::8]") && is_uri("http://[1:2:3:4:5:6::8]"));
        assert!(!is_uri("http://[1:2:3:4:5:6:7::8]"));
        assert!(is_uri("http://[abcd::]") && !is_uri("http://[abcde::]"));
        assert!(is_uri("http://[v1f.a:b]") && !is_uri("http://[vg.a]") && !is_uri("http://[v1a]"));
        assert!(is_uri("http://u@h") && !is_uri("http://u@v@h") && !is_uri("http://u v@h"));
        assert!(is_uri("a+b-c.d:x") && !is_uri("a_b:x") && !is_uri("a:b\\c"));
    }

    #[test]
    fn dates_and_times() {
        assert!(is_date("2024-02-29") && !is_date("2023-02-29") && is_date("2000-02-29"));
        assert!(!is_date("1900-02-29") && is_date("2023-02-28") && !is_date("2024-02-30"));
        assert!(is_date("2024-01-31") && !is_date("2024-04-31") && is_date("2024-12-01"));
        assert!(!is_date("2024-13-01") && !is_date("2024-00-01") && !is_date("2024-01-00"));
        assert!(!is_date("2024_01-01") && !is_date("2024-01_01") && !is_date("2024-1a-01"));
        assert!(is_date_time("2024-01-01T23:59:59Z") && !is_date_time("2024-01-01T24:00:00Z"));
        assert!(!is_date_time("2024-01-01T23:60:00Z") && !is_date_time("2024-01-01T23:59:61Z"));
        assert!(
            is_date_time("2024-01-01T00:00:00+23:59") && !is_date_time("2024-01-01T00:00:00+24:00")
        );
        assert!(
            !is_date_time("2024-01-01T00:00:00+23:60") && !is_date_time("2024-01-01T00:00:00+2300")
        );
        assert!(is_date_time("2024-01-01T00:00:00.1z") && !is_date_time("2024-01-01T00:00:00.Z"));
        assert!(!is_date_time("2024-01-01T00:00:00") && !is_date_time("2024-01-01 00:00:00Z"));
        assert!(!is_date_time("2024-01-01T00-00:00Z") && !is_date_time("2024-01-01T00:00-00Z"));
        // A leap second at 23:59 UTC, whatever the offset.
        assert!(!is_date_time("2024-01-01T00:00") && !is_date_time("2024-01-01T00:00Z"));
        assert!(!is_date_time("2024-01-01T00:00:00.") && !is_date_time("2024-01-01T00:00:0Z"));
        assert!(is_date_time("2016-12-31T23:59:60Z"));
        assert!(is_date_time("2017-01-01T00:59:60+01:00"));
        assert!(is_date_time("2016-12-31T18:29:60-05:30"));
        assert!(!is_date_time("2016-12-31T23:59:60+01:00"));
        assert!(!is_date_time("2016-12-31T23:58:60Z"));
        assert_eq!(digits(b"2024", 0, 4), 2024);
        assert_eq!(digits(b"20x4", 0, 4), u32::MAX);
        assert_eq!(digits(b"20", 0, 4), u32::MAX);
    }

    #[test]
    fn a_date_time_says_what_it_lacks() {
        use Missing::{Seconds, SecondsAndZone, Zone};
        for (value, missing) in [
            ("2026-07-15T10:30", Some(SecondsAndZone)),
            ("2026-07-15t10:30", Some(SecondsAndZone)),
            ("2026-07-15T10:30:00", Some(Zone)),
            ("2026-07-15T10:30:00.250", Some(Zone)),
            ("2026-07-15T10:30Z", Some(Seconds)),
            ("2026-07-15T10:30+02:00", Some(Seconds)),
            ("2026-07-15T10:30:00Z", None),
            // Nothing the seconds or the zone would mend.
            ("2026-07-15 10:30", None),
            ("2026-07-15T25:30", None),
            ("2026-02-30T10:30", None),
            ("2026-07-15T10:30:00+0200", None),
            ("2026-07-15T10:30:00.", None),
            ("2026-07-15T10", None),
            ("2026-07-15", None),
            ("", None),
        ] {
            assert_eq!(missing_from_date_time(value), missing, "{value}");
        }
    }

    #[test]
    fn punycode_as_rfc_3492_writes_it() {
        let encode = |label: &str| punycode(&label.chars().collect::<Vec<_>>()).unwrap();
        assert_eq!(encode("é"), "9ca");
        assert_eq!(encode("münchen"), "mnchen-3ya");
        assert_eq!(encode("bücher"), "bcher-kva");
        // RFC 3492 7.1 (A), Arabic (Egyptian), and (L), Japanese.
        assert_eq!(
            encode("\u{644}\u{64a}\u{647}\u{645}\u{627}\u{628}\u{62a}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64a}\u{61f}"),
            "egbpdaj6bu4bxfgehfvwxn"
        );
        assert_eq!(encode("3年B組金八先生"), "3B-ww4c5e180e575a65lsy2b");
        assert_eq!(encode("한국"), "3e0b707e");
        assert_eq!(
            ascii_domain("Bücher.example").as_deref(),
            Some("xn--bcher-kva.example")
        );
    }

    #[test]
    fn a_uri_says_what_is_wrong_and_how_to_write_it() {
        use UriProblem::{NoScheme, NotAscii, Other, Space};
        let some = |text: &str| Some(text.to_owned());
        for (value, problem) in [
            (
                "example.com/page",
                NoScheme(some("https://example.com/page")),
            ),
            ("www.example.com", NoScheme(some("https://www.example.com"))),
            ("//example.com/a", NoScheme(some("https://example.com/a"))),
            // `localhost:8080/x` is a URI (scheme `localhost`): not here.
            (
                "example.com:8080/a b",
                NoScheme(some("https://example.com:8080/a%20b")),
            ),
            ("/page", NoScheme(None)),
            ("page", NoScheme(None)),
            ("./a/b", NoScheme(None)),
            ("index.html", NoScheme(None)),
            (
                "https://example.com/café",
                NotAscii(some("https://example.com/caf%C3%A9")),
            ),
            (
                "https://bücher.example/a",
                NotAscii(some("https://xn--bcher-kva.example/a")),
            ),
            (
                "https://example.com/a b",
                Space(some("https://example.com/a%20b")),
            ),
            (
                "https://example.com/{x}",
                Space(some("https://example.com/%7Bx%7D")),
            ),
            ("https://example.com/%zz", Other),
            ("https://example.com:8a/", Other),
            (
                "bücher.example/a",
                NoScheme(some("https://xn--bcher-kva.example/a")),
            ),
        ] {
            assert!(!is_uri(value), "{value}");
            assert_eq!(uri_problem(value), problem, "{value}");
        }
    }

    #[test]
    fn an_address_outside_ascii_says_where() {
        assert_eq!(not_ascii_email("a@b.c"), None);
        assert_eq!(not_ascii_email("aé@iana.org"), Some(NotAscii::Local));
        assert_eq!(
            not_ascii_email("a@é.org"),
            Some(NotAscii::Domain(Some("a@xn--9ca.org".to_owned())))
        );
        assert_eq!(not_ascii_email("사용자@도메인.한국"), Some(NotAscii::Local));
        // Wrong for another reason too: nothing to say about ASCII.
        assert_eq!(not_ascii_email("a b@é.org"), None);
        assert_eq!(not_ascii_email("é"), None);
        assert_eq!(not_ascii_email("a@é..org"), None);
        // A label of 63 characters once encoded is too long.
        let long = "é".repeat(60);
        assert_eq!(
            not_ascii_email(&format!("a@{long}.org")),
            Some(NotAscii::Domain(None))
        );
    }

    #[test]
    fn email_edges() {
        for valid in [
            "a@b",
            "a.b@c.d",
            "\"a\\\"b\"@c",
            "a@[1.2.3.4]",
            "a@[IPv6:1::2]",
        ] {
            assert!(is_email(valid), "{valid}");
        }
        for invalid in [
            "a@",
            "@b",
            "a@b.",
            "a@.b",
            "a@-b",
            "a@b-",
            "a@b..c",
            "\"a@b",
            "a@[1.2.3]",
            "a@[IPv6:1::2::3]",
            "a b@c",
            "a@b@c",
        ] {
            assert!(!is_email(invalid), "{invalid}");
        }
    }
}
