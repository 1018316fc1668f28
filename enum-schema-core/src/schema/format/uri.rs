//! `uri`: RFC 3986 `URI`, and what mends an address that is not one.

use super::shared::{ascii_domain, is_ipv6};

/// RFC 3986 `unreserved`: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
const fn is_unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 `sub-delims`.
const fn is_sub_delim(byte: u8) -> bool {
    matches!(
        byte,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// Whether `bytes[start..end]` is made only of `unreserved`, `sub-delims`,
/// percent-encoded octets and the bytes in `extra`.
const fn is_uri_text(bytes: &[u8], start: usize, end: usize, extra: &[u8]) -> bool {
    let mut i = start;
    while i < end {
        let byte = bytes[i];
        if byte == b'%' {
            if i + 2 >= end {
                return false;
            }
            if !(bytes[i + 1].is_ascii_hexdigit() && bytes[i + 2].is_ascii_hexdigit()) {
                return false;
            }
            i += 3;
            continue;
        }
        if !(is_unreserved(byte) || is_sub_delim(byte) || contains(extra, byte)) {
            return false;
        }
        i += 1;
    }
    true
}

/// RFC 3986 `IP-literal`, inside the brackets: an IPv6 address or
/// `IPvFuture` (`"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`).
const fn is_ip_literal(bytes: &[u8], start: usize, end: usize) -> bool {
    if start < end && (bytes[start] == b'v' || bytes[start] == b'V') {
        let mut i = start + 1;
        while i < end && bytes[i].is_ascii_hexdigit() {
            i += 1;
        }
        if i == start + 1 || i >= end || bytes[i] != b'.' || i + 1 == end {
            return false;
        }
        // From the dot on: it is `unreserved` too.
        let mut j = i;
        while j < end {
            if !(is_unreserved(bytes[j]) || is_sub_delim(bytes[j]) || bytes[j] == b':') {
                return false;
            }
            j += 1;
        }
        return true;
    }
    is_ipv6(bytes, start, end, false)
}

/// RFC 3986 `authority`: `[ userinfo "@" ] host [ ":" port ]`.
const fn is_authority(bytes: &[u8], start: usize, end: usize) -> bool {
    let at = find(bytes, start, end, b"@");
    let host_start = if at < end {
        if !is_uri_text(bytes, start, at, b":") {
            return false;
        }
        at + 1
    } else {
        start
    };
    let port_colon;
    if host_start < end && bytes[host_start] == b'[' {
        let close = find(bytes, host_start, end, b"]");
        // Cut at `]`: nothing past the literal is read (a test would panic).
        if close == end || !is_ip_literal(bytes.split_at(close).0, host_start + 1, close) {
            return false;
        }
        port_colon = close + 1;
        if port_colon < end && bytes[port_colon] != b':' {
            return false;
        }
    } else {
        // A reg-name (an IPv4 address is one too).
        port_colon = find(bytes, host_start, end, b":");
        if !is_uri_text(bytes, host_start, port_colon, b"") {
            return false;
        }
    }
    // The port: digits, maybe none.
    port_colon >= end || find_not_digit(bytes, port_colon + 1, end) == end
}

/// An absolute URI (RFC 3986 `URI`):
/// `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`, ASCII only.
pub(crate) const fn is_uri(value: &str) -> bool {
    let bytes = value.as_bytes();
    let end = bytes.len();
    if end == 0 || !bytes[0].is_ascii_alphabetic() {
        return false;
    }
    let colon = find(bytes, 0, end, b":");
    if colon == end {
        return false;
    }
    let mut i = 1;
    while i < colon {
        let byte = bytes[i];
        if !(byte.is_ascii_alphanumeric() || byte == b'+' || byte == b'-' || byte == b'.') {
            return false;
        }
        i += 1;
    }
    let hier_start = colon + 1;
    let hier_end = find(bytes, hier_start, end, b"?#");
    let mut path_start = hier_start;
    if hier_end - hier_start >= 2 && bytes[hier_start] == b'/' && bytes[hier_start + 1] == b'/' {
        let authority_end = find(bytes, hier_start + 2, hier_end, b"/");
        if !is_authority(bytes, hier_start + 2, authority_end) {
            return false;
        }
        path_start = authority_end;
    }
    // The path: segments of `pchar`.
    if !is_uri_text(bytes, path_start, hier_end, b":@/") {
        return false;
    }
    // The query and the fragment: `pchar`, "/" and "?".
    if hier_end < end {
        let fragment = find(bytes, hier_end, end, b"#");
        // From the `?` on, which a query may hold too.
        if bytes[hier_end] == b'?' && !is_uri_text(bytes, hier_end, fragment, b":@/?") {
            return false;
        }
        if fragment != end && !is_uri_text(bytes, fragment + 1, end, b":@/?") {
            return false;
        }
    }
    true
}

/// What is wrong with a `uri` answer, and the address that mends it
/// where one does (checked with [`is_uri`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum UriProblem {
    /// No scheme: a host and path (`example.com/page`, `//example.com`),
    /// mended with `https:`; `None` for a relative path (`/page`,
    /// `page.html`), which names no host to go with it.
    NoScheme(Option<String>),
    /// Characters outside ASCII: percent-encoded as UTF-8 (the host in its
    /// ASCII form, `xn--` labels).
    NotAscii(Option<String>),
    /// A space, or another character a URI never holds as it is (`"`, `<`,
    /// `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`): percent-encoded.
    Space(Option<String>),
    /// Anything else (a bad percent-encoding, a port that is no number, a
    /// scheme that starts with a digit).
    Other,
}

/// Why `value` is not a `uri` ([`is_uri`] says it is not), and what to
/// write instead.
pub(crate) fn uri_problem(value: &str) -> UriProblem {
    if value.is_empty() {
        return UriProblem::Other;
    }
    let scheme_end = value.find(':').filter(|&colon| {
        let scheme = &value.as_bytes()[..colon];
        !scheme.is_empty()
            && scheme[0].is_ascii_alphabetic()
            && scheme
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            // `localhost:8080/x`, `example.com:443`: a host and port, not a
            // scheme (a scheme has no dot in practice; a port is digits).
            && !(scheme.contains(&b'.')
                || value[colon + 1..].bytes().next().is_some_and(|b| b.is_ascii_digit()))
    });
    let not_ascii = !value.is_ascii();
    let unsafe_char = value.bytes().any(is_never_in_uri);
    let (mended, no_scheme) = match scheme_end {
        Some(_) => (Some(value.to_owned()), false),
        None if value.starts_with("//") => (Some(format!("https:{value}")), true),
        None => {
            let first = value.split(['/', '?', '#']).next().unwrap_or("");
            let host_like = !value.starts_with(['.', '/', '?', '#'])
                && first.contains('.')
                && !first.starts_with('.')
                && !first.ends_with('.')
                && !first.contains(['@', ' '])
                && !first.ends_with(".html")
                && !first.ends_with(".htm");
            if !host_like {
                return UriProblem::NoScheme(None);
            }
            (Some(format!("https://{value}")), true)
        }
    };
    let mended = mended.map(|uri| encode_uri(&uri)).filter(|uri| is_uri(uri));
    if no_scheme {
        UriProblem::NoScheme(mended)
    } else if not_ascii {
        UriProblem::NotAscii(mended)
    } else if unsafe_char {
        UriProblem::Space(mended)
    } else {
        UriProblem::Other
    }
}

/// A byte no part of a URI holds as it is, which a person may type: a
/// space or a control, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`.
fn is_never_in_uri(byte: u8) -> bool {
    byte <= b' '
        || byte == 0x7f
        || matches!(
            byte,
            b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}'
        )
}

/// `uri` with its host in its ASCII form and every other byte outside
/// ASCII, space or [`is_never_in_uri`] byte percent-encoded.
fn encode_uri(uri: &str) -> String {
    // The host of `scheme://userinfo@host:port/..`, if there is one.
    let host = uri.find("://").map(|at| {
        let start = at + 3;
        let end = uri[start..]
            .find(['/', '?', '#'])
            .map_or(uri.len(), |end| start + end);
        let host_start = uri[start..end]
            .rfind('@')
            .map_or(start, |at| start + at + 1);
        let host_end = uri[host_start..end]
            .find(':')
            .map_or(end, |colon| host_start + colon);
        (host_start, host_end)
    });
    let mut out = String::with_capacity(uri.len() + 16);
    let mut rest = 0;
    if let Some((start, end)) = host {
        let name = &uri[start..end];
        if !name.is_ascii() && !name.starts_with('[') {
            if let Some(ascii) = ascii_domain(name) {
                out.push_str(&encode_bytes(&uri[..start]));
                out.push_str(&ascii);
                rest = end;
            }
        }
    }
    out.push_str(&encode_bytes(&uri[rest..]));
    out
}

/// Each byte of `text` outside ASCII, or [`is_never_in_uri`], as `%XX`.
fn encode_bytes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte >= 0x80 || is_never_in_uri(byte) {
            out.push_str(&format!("%{byte:02X}"));
        } else {
            out.push(char::from(byte));
        }
    }
    out
}

/// The index of the first byte in `start..end` that is not an ASCII
/// digit, or `end`.
const fn find_not_digit(bytes: &[u8], start: usize, end: usize) -> usize {
    let mut i = start;
    while i < end && bytes[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// Whether `set` holds `byte`.
const fn contains(set: &[u8], byte: u8) -> bool {
    let mut i = 0;
    while i < set.len() {
        if set[i] == byte {
            return true;
        }
        i += 1;
    }
    false
}

/// The first index in `start..end` holding one of `set`, or `end`.
const fn find(bytes: &[u8], start: usize, end: usize, set: &[u8]) -> usize {
    let mut i = start;
    while i < end {
        if contains(set, bytes[i]) {
            return i;
        }
        i += 1;
    }
    end
}
