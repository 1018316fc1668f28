//! The checks applied to what a client sends, shared by derived enums and
//! schemas built at run time.

use std::borrow::Cow;

use serde_json::Value;

use crate::{EnumOption, Error, JsonType};

/// Parses a single-select answer: a JSON string naming one option.
#[inline]
pub(crate) fn single<R>(
    value: Value,
    allowed: impl FnOnce() -> Cow<'static, [EnumOption]>,
    lookup: impl FnOnce(&str) -> Option<R>,
) -> Result<R, Error> {
    match value {
        Value::String(string) => match lookup(&string) {
            Some(found) => Ok(found),
            None => Err(Error::InvalidValue {
                field: None,
                value: string,
                allowed: allowed(),
            }),
        },
        found => Err(Error::TypeMismatch {
            field: None,
            expected: JsonType::String,
            found,
        }),
    }
}

/// Parses a multi-select answer: a JSON array of distinct option values,
/// with `min..=max` elements.
///
/// The work is bounded by the option count: the array's length is checked
/// against the bounds first, and each accepted element marks a distinct
/// option, so an array longer than the option count fails on a duplicate or
/// an invalid element within its first `options + 1` elements.
#[inline]
pub(crate) fn multi<R>(
    value: Value,
    min: usize,
    max: Option<usize>,
    options: usize,
    allowed: impl FnOnce() -> Cow<'static, [EnumOption]>,
    lookup: impl Fn(&str) -> Option<(usize, R)>,
) -> Result<Vec<R>, Error> {
    let items = match value {
        Value::Array(items) => items,
        found => {
            return Err(Error::TypeMismatch {
                field: None,
                expected: JsonType::Array,
                found,
            })
        }
    };
    if items.len() < min {
        return Err(Error::TooFewItems {
            field: None,
            min,
            items,
        });
    }
    if let Some(max) = max {
        if items.len() > max {
            return Err(Error::TooManyItems {
                field: None,
                max,
                items,
            });
        }
    }
    let mut seen = Seen::new(options);
    let mut parsed = Vec::with_capacity(items.len().min(options));
    for (index, item) in items.iter().enumerate() {
        let found = match item {
            Value::String(string) => lookup(string),
            _ => None,
        };
        let Some((position, found)) = found else {
            return Err(Error::InvalidItem {
                field: None,
                index,
                items,
                allowed: allowed(),
            });
        };
        if !seen.insert(position) {
            return Err(Error::DuplicateItem {
                field: None,
                index,
                items,
            });
        }
        parsed.push(found);
    }
    Ok(parsed)
}

/// A set of option positions; on the stack up to 256 options.
enum Seen {
    Inline([u64; 4]),
    Heap(Vec<u64>),
}

impl Seen {
    fn new(options: usize) -> Seen {
        let words = options.div_ceil(64);
        if words <= 4 {
            Seen::Inline([0; 4])
        } else {
            Seen::Heap(vec![0; words])
        }
    }

    /// Marks `position`; false if it was marked already (or is out of range).
    fn insert(&mut self, position: usize) -> bool {
        let words: &mut [u64] = match self {
            Seen::Inline(words) => words,
            Seen::Heap(words) => words,
        };
        let (word, bit) = (position / 64, 1u64 << (position % 64));
        match words.get_mut(word) {
            Some(word) if *word & bit == 0 => {
                *word |= bit;
                true
            }
            _ => false,
        }
    }
}

/// Byte equality, usable in `const fn`.
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The position of the option whose value is `value`, usable in `const fn`
/// (options owned at run time are never found here; they cannot exist in a
/// constant).
pub(crate) const fn position(options: &[EnumOption], value: &str) -> Option<usize> {
    let mut i = 0;
    while i < options.len() {
        if let Cow::Borrowed(candidate) = options[i].value_cow() {
            if str_eq(candidate, value) {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}
