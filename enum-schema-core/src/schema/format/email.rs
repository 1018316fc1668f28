//! `email`: RFC 5321 `Mailbox`, ASCII only, and what to write instead of
//! an address that is not ASCII.

use super::shared::{ascii_domain, is_ipv4, is_ipv6};

/// RFC 5321 `atext` (the characters of a `Dot-string` atom), ASCII only:
/// the UTF-8 of RFC 6531 (`日本@例え.jp`) is `idn-email`'s, not `email`'s.
const fn is_atext(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
        || matches!(
            byte,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'-'
                | b'/'
                | b'='
                | b'?'
                | b'^'
                | b'_'
                | b'`'
                | b'{'
                | b'|'
                | b'}'
                | b'~'
        )
}

/// RFC 5321 `Domain`: dot-separated labels of ASCII letters, digits and
/// inner hyphens, each 1 to 63 characters, 255 at most in all. An
/// internationalized domain name is written in its ASCII form (`xn--`
/// labels, [`ascii_email`] says which), whose labels the 63 limit counts.
const fn is_domain(bytes: &[u8], start: usize, end: usize) -> bool {
    if end - start > 255 || start == end {
        return false;
    }
    let mut label_start = start;
    let mut i = start;
    while i <= end {
        if i == end || bytes[i] == b'.' {
            let len = i - label_start;
            if len == 0 || len > 63 || bytes[label_start] == b'-' || bytes[i - 1] == b'-' {
                return false;
            }
            label_start = i + 1;
        } else if !(bytes[i].is_ascii_alphanumeric() || bytes[i] == b'-') {
            return false;
        }
        i += 1;
    }
    true
}

/// An e-mail address (RFC 5321 `Mailbox`, ASCII only, as JSON Schema's
/// `email` and the JSON-Schema-Test-Suite have it):
/// `Local-part "@" ( Domain / address-literal )`, the local part a
/// dot-string or a quoted string, the address literal an IPv4 address or
/// `IPv6:` and an IPv6 address.
pub(crate) const fn is_email(value: &str) -> bool {
    let bytes = value.as_bytes();
    let end = bytes.len();
    if end == 0 {
        return false;
    }
    // The local part.
    let mut i = 0;
    if bytes[0] == b'"' {
        i = 1;
        loop {
            if i >= end {
                return false;
            }
            let byte = bytes[i];
            if byte == b'"' {
                i += 1;
                break;
            }
            if byte == b'\\' {
                if i + 1 >= end || bytes[i + 1] < 32 || bytes[i + 1] > 126 {
                    return false;
                }
                i += 2;
                continue;
            }
            // qtextSMTP: %d32-33 / %d35-91 / %d93-126 (no UTF-8: RFC 6531
            // is `idn-email`'s)
            if byte < 32 || byte > 126 {
                return false;
            }
            i += 1;
        }
    } else {
        let mut atom = 0usize;
        while i < end && bytes[i] != b'@' {
            if bytes[i] == b'.' {
                if atom == 0 {
                    return false;
                }
                atom = 0;
            } else if is_atext(bytes[i]) {
                atom += 1;
            } else {
                return false;
            }
            i += 1;
        }
        if atom == 0 {
            return false;
        }
    }
    if i >= end || bytes[i] != b'@' {
        return false;
    }
    let domain = i + 1;
    if domain < end && bytes[domain] == b'[' {
        if bytes[end - 1] != b']' {
            return false;
        }
        let inner = domain + 1;
        let close = end - 1;
        // `IPv6:`, in any case (an ABNF string); the `]` stops the match.
        let literal = bytes.split_at(close).0;
        if bytes[inner].eq_ignore_ascii_case(&b'I')
            && bytes[inner + 1].eq_ignore_ascii_case(&b'P')
            && bytes[inner + 2].eq_ignore_ascii_case(&b'v')
            && bytes[inner + 3] == b'6'
            && bytes[inner + 4] == b':'
        {
            return is_ipv6(literal, inner + 5, close, true);
        }
        return is_ipv4(literal, inner, close, true);
    }
    is_domain(bytes, domain, end)
}

/// Where an e-mail address is not ASCII, and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NotAscii {
    /// A character outside ASCII before the `@`: no ASCII form exists.
    Local,
    /// A character outside ASCII in the domain only: the same address with
    /// its domain in its ASCII form (IDNA's `xn--` labels), which is an
    /// e-mail address (`a@é.org` is `a@xn--9ca.org`); `None` when that form
    /// is none either (a label of more than 63 characters once encoded).
    Domain(Option<String>),
}

/// Why `value`, not an e-mail address, is refused for characters outside
/// ASCII, if it is: `None` for an address refused for anything else, or
/// one that would be refused once ASCII too. The ASCII form of a domain
/// is written label by label, each label lowercased and, where it holds a
/// character outside ASCII, Punycode-encoded behind `xn--` (RFC 3492, as
/// IDNA writes it; without IDNA's mapping tables, so a label that IDNA
/// would map otherwise gets no suggestion it would refuse: the suggestion
/// is checked).
pub(crate) fn not_ascii_email(value: &str) -> Option<NotAscii> {
    if value.is_ascii() {
        return None;
    }
    // The `@` that ends the local part: the last one (a quoted local part
    // may hold others).
    let at = value.rfind('@')?;
    let (local, domain) = (&value[..at], &value[at + 1..]);
    if !local.is_ascii() {
        // Refused for its local part; say so only if the rest would pass.
        let stand_in: String = local
            .chars()
            .map(|c| if c.is_ascii() { c } else { 'a' })
            .collect();
        let domain = ascii_domain(domain).unwrap_or_else(|| domain.to_owned());
        return is_email(&format!("{stand_in}@{domain}")).then_some(NotAscii::Local);
    }
    let ascii = ascii_domain(domain).map(|domain| format!("{local}@{domain}"));
    match ascii {
        Some(address) if is_email(&address) => Some(NotAscii::Domain(Some(address))),
        // Refused for the length of an encoded label alone: no ASCII form.
        _ if domain.split('.').all(|label| !label.is_empty()) => {
            let stand_in: String = domain
                .chars()
                .map(|c| if c.is_ascii() { c } else { 'a' })
                .collect();
            is_email(&format!("{local}@{stand_in}")).then_some(NotAscii::Domain(None))
        }
        _ => None,
    }
}
