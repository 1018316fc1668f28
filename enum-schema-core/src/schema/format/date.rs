//! `date` and `date-time`: RFC 3339 `full-date` and `date-time`, and
//! what a date and time lacks to be one.

/// The number written with `len` ASCII digits at `at`, or `u32::MAX` if any
/// byte is not a digit.
pub(super) const fn digits(bytes: &[u8], at: usize, len: usize) -> u32 {
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
