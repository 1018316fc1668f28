//! What the `uri` and `email` checks share: IP addresses (RFC 3986, and
//! RFC 5321's address literals) and a domain's ASCII form (IDNA's `xn--`
//! labels, RFC 3492's Punycode).

/// A decimal octet, 0 to 255: without leading zeros (RFC 3986 `dec-octet`)
/// or, with `smtp`, with them (RFC 5321 `Snum`, `1*3DIGIT`).
pub(super) const fn is_dec_octet(bytes: &[u8], start: usize, end: usize, smtp: bool) -> bool {
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
pub(super) const fn is_ipv4(bytes: &[u8], start: usize, end: usize, smtp: bool) -> bool {
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
pub(super) const fn is_ipv6(bytes: &[u8], start: usize, end: usize, smtp: bool) -> bool {
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

/// `domain` in its ASCII form: each label lowercased, and one with a
/// character outside ASCII as `xn--` and its Punycode; `None` if a label
/// cannot be encoded.
pub(super) fn ascii_domain(domain: &str) -> Option<String> {
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
pub(super) fn punycode(input: &[char]) -> Option<String> {
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
