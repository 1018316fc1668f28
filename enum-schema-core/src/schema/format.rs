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

/// A decimal octet, 0 to 255: without leading zeros (RFC 3986 `dec-octet`)
/// or, with `smtp`, with them (RFC 5321 `Snum`, `1*3DIGIT`).
const fn is_dec_octet(bytes: &[u8], start: usize, end: usize, smtp: bool) -> bool {
    let len = end - start;
    if len == 0 || len > 3 || (!smtp && len > 1 && bytes[start] == b'0') {
        return false;
    }
    let mut value = 0u32;
    let mut i = start;
    while i < end {
        if !bytes[i].is_ascii_digit() {
            return false;
        }
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value <= 255
}

/// A dotted-quad IPv4 address (RFC 3986 `IPv4address`, or with `smtp`
/// RFC 5321 `IPv4-address-literal`).
const fn is_ipv4(bytes: &[u8], start: usize, end: usize, smtp: bool) -> bool {
    let mut part_start = start;
    let mut parts = 0;
    let mut i = start;
    while i <= end {
        if i == end || bytes[i] == b'.' {
            if !is_dec_octet(bytes, part_start, i, smtp) {
                return false;
            }
            parts += 1;
            part_start = i + 1;
        }
        i += 1;
    }
    parts == 4
}

/// An IPv6 address (RFC 3986 `IPv6address`): up to eight groups of one to
/// four hex digits, at most one `::`, and possibly a trailing IPv4 address
/// standing for the last two groups. With `smtp`, RFC 5321 `IPv6-addr`:
/// its IPv4 part is an `IPv4-address-literal`, and beside a `::` at most six
/// groups (`IPv6-comp`), or four and the IPv4 address (`IPv6v4-comp`).
const fn is_ipv6(bytes: &[u8], start: usize, end: usize, smtp: bool) -> bool {
    let mut groups = 0;
    let mut elided = false;
    let mut i = start;
    if end - start >= 2 && bytes[start] == b':' && bytes[start + 1] == b':' {
        elided = true;
        i = start + 2;
        if i == end {
            return true;
        }
    }
    // A single `:` first is an empty group, refused below.
    while i < end {
        // One group, or the trailing IPv4 address.
        let group_start = i;
        while i < end && bytes[i].is_ascii_hexdigit() {
            i += 1;
        }
        if i < end && bytes[i] == b'.' {
            if !is_ipv4(bytes, group_start, end, smtp) {
                return false;
            }
            groups += 2;
            break;
        }
        let len = i - group_start;
        if len == 0 || len > 4 {
            return false;
        }
        groups += 1;
        if i == end {
            break;
        }
        if bytes[i] != b':' {
            return false;
        }
        i += 1;
        if i < end && bytes[i] == b':' {
            if elided {
                return false;
            }
            elided = true;
            i += 1;
        } else if i == end {
            // A single trailing colon.
            return false;
        }
    }
    if elided {
        groups < if smtp { 7 } else { 8 }
    } else {
        groups == 8
    }
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

/// `domain` in its ASCII form: each label lowercased, and one with a
/// character outside ASCII as `xn--` and its Punycode; `None` if a label
/// cannot be encoded.
fn ascii_domain(domain: &str) -> Option<String> {
    let mut ascii = String::with_capacity(domain.len() + 8);
    for (index, label) in domain.split('.').enumerate() {
        if index > 0 {
            ascii.push('.');
        }
        if label.is_ascii() {
            ascii.push_str(label);
            continue;
        }
        let lower: Vec<char> = label.chars().flat_map(char::to_lowercase).collect();
        ascii.push_str("xn--");
        ascii.push_str(&punycode(&lower)?);
    }
    Some(ascii)
}

/// RFC 3492's Punycode of `input`: its ASCII characters, a `-`, then the
/// others as variable-length base-36 deltas; `None` on an overflow (a
/// label far longer than any domain allows).
fn punycode(input: &[char]) -> Option<String> {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    fn adapt(delta: u32, points: u32, first: bool) -> u32 {
        let mut delta = if first { delta / DAMP } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
    }
    fn digit(d: u32) -> char {
        match d {
            0..=25 => char::from(b'a' + d as u8),
            _ => char::from(b'0' + (d - 26) as u8),
        }
    }
    let mut output: String = input.iter().filter(|c| c.is_ascii()).collect();
    let basic = output.len() as u32;
    let mut handled = basic;
    if basic > 0 {
        output.push('-');
    }
    let (mut n, mut delta, mut bias) = (128u32, 0u32, 72u32);
    let total = u32::try_from(input.len()).ok()?;
    while handled < total {
        let m = input.iter().map(|&c| c as u32).filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in input {
            let c = c as u32;
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    output.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                output.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(output)
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

/// The number written with `len` ASCII digits at `at`, or `u32::MAX` if any
/// byte is not a digit.
const fn digits(bytes: &[u8], at: usize, len: usize) -> u32 {
    let mut value = 0u32;
    let mut i = at;
    while i < at + len {
        if i >= bytes.len() || !bytes[i].is_ascii_digit() {
            return u32::MAX;
        }
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

/// `YYYY-MM-DD` at the start of `bytes`, a real calendar date.
const fn is_date_bytes(bytes: &[u8]) -> bool {
    if bytes.len() < 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let (year, month, day) = (
        digits(bytes, 0, 4),
        digits(bytes, 5, 2),
        digits(bytes, 8, 2),
    );
    if year == u32::MAX || day == u32::MAX {
        return false;
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    day >= 1 && day <= days
}

/// An RFC 3339 full-date.
pub(crate) const fn is_date(value: &str) -> bool {
    value.len() == 10 && is_date_bytes(value.as_bytes())
}

/// An RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`, `T` and
/// `Z` in either case; second 60 (a leap second) only at 23:59 UTC.
pub(crate) const fn is_date_time(value: &str) -> bool {
    is_date_time_with(value.as_bytes(), true, true)
}

/// What a date and time lacks to be an RFC 3339 date-time, where adding
/// it would make one: what a browser's `datetime-local` field gives
/// (`2026-07-15T10:30`), or a time without its zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Missing {
    /// `2026-07-15T10:30Z`: the seconds.
    Seconds,
    /// `2026-07-15T10:30:00`: the time zone (`Z` or an offset).
    Zone,
    /// `2026-07-15T10:30`: both.
    SecondsAndZone,
}

/// What `value`, not an RFC 3339 date-time, lacks to be one: `None` for a
/// date-time, and for anything that adding the seconds or the time zone
/// would not mend (a space for the `T`, an hour 25, a date that is none).
pub(crate) const fn missing_from_date_time(value: &str) -> Option<Missing> {
    let bytes = value.as_bytes();
    if is_date_time_with(bytes, true, true) {
        None
    } else if is_date_time_with(bytes, false, false) {
        Some(Missing::SecondsAndZone)
    } else if is_date_time_with(bytes, true, false) {
        Some(Missing::Zone)
    } else if is_date_time_with(bytes, false, true) {
        Some(Missing::Seconds)
    } else {
        None
    }
}

/// `YYYY-MM-DDTHH:MM`, then with `seconds` `:SS[.frac]`, then with `zone`
/// `Z` or `±HH:MM`, and nothing more. Without a zone, a leap second is
/// checked as if the time were UTC.
const fn is_date_time_with(bytes: &[u8], seconds: bool, zone: bool) -> bool {
    if bytes.len() < 16
        || !is_date_bytes(bytes)
        || !(bytes[10] == b'T' || bytes[10] == b't')
        || bytes[13] != b':'
    {
        return false;
    }
    let (hour, minute) = (digits(bytes, 11, 2), digits(bytes, 14, 2));
    if hour > 23 || minute > 59 {
        return false;
    }
    let mut i = 16;
    let mut second = 0;
    if seconds {
        if i + 3 > bytes.len() || bytes[i] != b':' {
            return false;
        }
        second = digits(bytes, i + 1, 2);
        if second > 60 {
            return false;
        }
        i += 3;
        if i < bytes.len() && bytes[i] == b'.' {
            i += 1;
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return false;
            }
        }
    }
    // The offset, in minutes east of UTC.
    let offset: i64 = if !zone {
        if i != bytes.len() {
            return false;
        }
        0
    } else if i + 1 == bytes.len() && (bytes[i] == b'Z' || bytes[i] == b'z') {
        0
    } else {
        if i + 6 != bytes.len() || !(bytes[i] == b'+' || bytes[i] == b'-') || bytes[i + 3] != b':' {
            return false;
        }
        let (hours, minutes) = (digits(bytes, i + 1, 2), digits(bytes, i + 4, 2));
        if hours > 23 || minutes > 59 {
            return false;
        }
        let offset = (hours * 60 + minutes) as i64;
        if bytes[i] == b'-' {
            -offset
        } else {
            offset
        }
    };
    if second == 60 {
        // A leap second is the last second of a UTC day.
        let utc = ((hour * 60 + minute) as i64 - offset).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

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
