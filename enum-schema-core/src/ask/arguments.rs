//! A call's arguments read into the handler's type ([`Ask::arguments`]),
//! and a refusal worded in JSON's terms for the model that sent them: the
//! argument at fault and what it should be, never a Rust type's name.
//!
//! [`Ask::arguments`]: super::Ask::arguments

use std::fmt::{self, Write as _};

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use serde_path_to_error::{Path, Segment};

use crate::error::quote::{Named, QuotedStr, Unquoted};

/// Why the arguments are not a `T`.
pub(crate) struct Refused {
    /// The argument at fault (a top-level key), where serde refused one;
    /// `None` for the whole.
    pub(crate) argument: Option<String>,
    /// What is wrong, in JSON's terms, worded to follow "the argument
    /// `amount`" (`is required, and missing`); serde's text for the whole.
    pub(crate) reason: String,
    /// serde's own error.
    pub(crate) error: serde_json::Error,
}

/// Reads `arguments` as a `T`, without copying them; on a refusal, the
/// path serde was reading tells which argument, and where inside it.
pub(crate) fn read<T: DeserializeOwned>(arguments: &Map<String, Value>) -> Result<T, Refused> {
    serde_path_to_error::deserialize(arguments).map_err(|error| {
        let path = error.path().clone();
        refused(arguments, &path, error.into_inner())
    })
}

/// How long a text of serde's (which may quote what the client sent) may
/// be in a refusal, in characters.
const SERDE_TEXT: usize = 200;

/// serde's error at `path` as a refusal of one argument, worded for the
/// model: what was sent is described from the arguments themselves (the
/// value at `path`), quoted and cut; what it should be from serde's
/// expectation, in JSON's words; anything else serde wrote is cut and
/// escaped.
fn refused(arguments: &Map<String, Value>, path: &Path, error: serde_json::Error) -> Refused {
    let written = error.to_string();
    let text = without_position(&written);
    let mut segments = path.iter();
    let Some(Segment::Map { key: argument }) = segments.next() else {
        // The top level: a required argument missing, or the type's own
        // check of the whole.
        let (argument, reason) = match quoted_after(text, "missing field ") {
            Some(name) => (Some(name.to_owned()), "is required, and missing".to_owned()),
            None => (None, whole(text)),
        };
        return Refused {
            argument,
            reason,
            error,
        };
    };
    // An enum's variant is no level of the JSON when it is a string.
    let nested = segments.any(|segment| !matches!(segment, Segment::Enum { .. }));
    let sent = at(arguments, path);
    // Where inside the argument, if deeper than the argument itself.
    let inside = if nested {
        format!("at {} ", Named(&path.to_string()))
    } else {
        String::new()
    };
    let mut reason = String::new();
    // Writing to a String cannot fail.
    let _ = if let Some(name) = quoted_after(text, "missing field ") {
        write!(reason, "{inside}lacks {}, which is required", Named(name))
    } else if let Some(expected) = unknown(text, "unknown field ", path_end(path)) {
        match nested {
            false => write!(reason, "is not one this takes ({expected})"),
            true => write!(
                reason,
                "has {}, which it does not take ({expected})",
                Named(&path.to_string())
            ),
        }
    } else if let Some(expected) = sent
        .and_then(Value::as_str)
        .and_then(|variant| unknown(text, "unknown variant ", Some(variant)))
    {
        let sent = Sent(sent, "");
        match expected.strip_prefix("expected ") {
            // serde quotes the values with backticks; JSON's strings are in
            // quotes.
            Some(expected) => {
                let expected = expected.replace('`', "\"");
                write!(
                    reason,
                    "{inside}should be {}, not {sent}",
                    Unquoted(&expected, 1_000)
                )
            }
            None => write!(reason, "{inside}takes no value, not {sent}"),
        }
    } else if let Some((found, expected)) = mismatch(text) {
        let sent = Sent(sent.filter(|sent| same_type(sent, found)), found);
        write!(
            reason,
            "{inside}should be {}, not {sent}",
            Expected(expected)
        )
    } else if text.starts_with(UNTAGGED) {
        write!(reason, "{inside}matches none of the shapes it may take")
    } else {
        write!(reason, "{inside}is refused: {}", Unquoted(text, SERDE_TEXT))
    };
    Refused {
        argument: Some(argument.clone()),
        reason,
        error,
    }
}

/// serde_json's text without the position it adds to an error read from
/// text (a map's key is read so): `" at line 1 column 3"`.
fn without_position(text: &str) -> &str {
    match text.rsplit_once(" at line ") {
        Some((before, position))
            if position
                .split_once(" column ")
                .is_some_and(|(line, column)| is_number(line) && is_number(column)) =>
        {
            before
        }
        _ => text,
    }
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// A text of serde's for a refusal of the whole, or of something this
/// module does not word: a known Rust-worded one in JSON's words, any
/// other cut and escaped.
fn whole(text: &str) -> String {
    if text.starts_with(UNTAGGED) {
        return "the arguments match none of the shapes they may take".to_owned();
    }
    if let Some((found, expected)) = mismatch(text) {
        return format!(
            "the arguments should be {}, not {}",
            Expected(expected),
            Sent(None, found)
        );
    }
    Unquoted(text, SERDE_TEXT).to_string()
}

/// How serde starts the refusal of an untagged enum, which names the type.
const UNTAGGED: &str = "data did not match any variant of untagged enum ";

/// The value at `path` in the arguments, where the path reaches one.
fn at<'a>(arguments: &'a Map<String, Value>, path: &Path) -> Option<&'a Value> {
    let mut segments = path.iter();
    let Some(Segment::Map { key }) = segments.next() else {
        return None;
    };
    let mut value = arguments.get(key)?;
    for segment in segments {
        value = match segment {
            Segment::Map { key } => value.as_object()?.get(key)?,
            Segment::Seq { index } => value.as_array()?.get(*index)?,
            // `{"B": 5}` holds variant `B`'s content; `"B"` is the variant.
            Segment::Enum { variant } => match value {
                Value::Object(object) => object.get(variant)?,
                other => other,
            },
            _ => return None,
        };
    }
    Some(value)
}

/// The key the path ends with, if it ends with a key.
fn path_end(path: &Path) -> Option<&str> {
    match path.iter().next_back() {
        Some(Segment::Map { key }) => Some(key),
        _ => None,
    }
}

/// What serde expected of a name it does not know, from its text
/// ``{prefix}`{name}`, expected `a` or `b` ``, where `name` is what the
/// client sent (known, so that no text of the client's is taken for
/// serde's: a name with a backtick in it, or `, expected`).
fn unknown<'t>(text: &'t str, prefix: &str, name: Option<&str>) -> Option<&'t str> {
    let rest = text.strip_prefix(prefix)?.strip_prefix('`')?;
    let rest = rest.strip_prefix(name?)?.strip_prefix("`, ")?;
    Some(match rest {
        "there are no fields" | "there are no variants" => "it takes none",
        rest => rest,
    })
}

/// serde's `invalid type: X, expected Y`, `invalid value: X, expected Y`
/// and `invalid length N, expected Y`, as (X, Y). What serde expects is
/// the type's (the program's): the last `, expected` starts it, whatever
/// the client's value says.
fn mismatch(text: &str) -> Option<(&str, &str)> {
    let rest = text
        .strip_prefix("invalid type: ")
        .or_else(|| text.strip_prefix("invalid value: "))
        .or_else(|| text.strip_prefix("invalid length "))?;
    rest.rsplit_once(", expected ")
}

/// Whether `sent` is what serde's `found` names: if not, the value at the
/// path is not the one refused (serde buffered it, as for an internally
/// tagged enum, or refused a map's key, not its value), and serde's own
/// words describe it.
fn same_type(sent: &Value, found: &str) -> bool {
    match sent {
        Value::String(text) => found == "unit variant" || found == format!("string {text:?}"),
        Value::Number(number) => {
            found == format!("integer `{number}`") || found == format!("floating point `{number}`")
        }
        Value::Bool(boolean) => found == format!("boolean `{boolean}`"),
        Value::Null => found == "unit value" || found == "null",
        Value::Array(_) => found == "sequence" || is_number(found),
        Value::Object(_) => found == "map" || is_number(found),
    }
}

/// What was sent: the value at the path, as JSON (quoted and cut), or
/// else serde's words for it, `found`, in JSON's.
struct Sent<'a>(Option<&'a Value>, &'a str);

impl fmt::Display for Sent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items = |f: &mut fmt::Formatter<'_>, count: usize, what: &str| match count {
            1 => write!(f, "{what} of 1 item"),
            count => write!(f, "{what} of {count} items"),
        };
        match self.0 {
            Some(Value::String(text)) => write!(f, "the string {}", QuotedStr(text)),
            Some(Value::Number(number)) => write!(f, "the number {number}"),
            Some(Value::Bool(boolean)) => write!(f, "{boolean}"),
            Some(Value::Null) => f.write_str("null"),
            Some(Value::Array(items_sent)) => items(f, items_sent.len(), "an array"),
            Some(Value::Object(_)) => f.write_str("an object"),
            None => Found(self.1).fmt(f),
        }
    }
}

/// The text between the backticks that follow `prefix` at the start of
/// `text` (serde writes field names so: ``missing field `amount` ``).
fn quoted_after<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let rest = text.strip_prefix(prefix)?.strip_prefix('`')?;
    rest.split_once('`').map(|(name, _)| name)
}

/// What serde's visitor expected, as JSON: a Rust number type as the
/// range of numbers it takes, a struct as an object, a sequence as an array.
struct Expected<'t>(&'t str);

impl fmt::Display for Expected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        macro_rules! integers {
            ($($ty:ident)*) => {
                match self.0 {
                    $(stringify!($ty) => {
                        return write!(f, "an integer from {} to {}", $ty::MIN, $ty::MAX)
                    })*
                    _ => {}
                }
            };
        }
        integers!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);
        let expected = self.0;
        let text = match expected {
            "f32" | "f64" => "a number",
            "a boolean" => "true or false",
            "a borrowed string" | "a string" | "variant identifier" | "field identifier" => {
                "a string"
            }
            "a character" | "char" => "a string of one character",
            "a sequence" | "a byte array" | "byte array" => "an array",
            "fewer elements in array" => "an array of fewer items",
            "a map" | "map with a single key" => "an object",
            "newtype variant" | "tuple variant" | "struct variant" => "an object of one key",
            "unit variant" => "a string",
            // An enum, as serde_json reads one from a value.
            "string or map" => "a string or an object",
            "unit" | "unit value" => "null",
            "option" => "a value, or null",
            other => {
                if let Some(size) = other
                    .strip_prefix("a tuple of size ")
                    .or_else(|| other.rsplit_once(" with ").map(|(_, size)| size))
                    .and_then(|size| size.strip_suffix(" elements").or(Some(size)))
                    .filter(|size| is_number(size))
                {
                    return write!(f, "an array of {size} items");
                }
                if other.starts_with("unit struct ") {
                    "null"
                } else if other.starts_with("struct ")
                    || other.starts_with("internally tagged enum ")
                    || other.starts_with("adjacently tagged enum ")
                {
                    "an object"
                } else if other.starts_with("tuple struct ") {
                    "an array"
                } else if other.starts_with("enum ") {
                    "one of its values"
                } else {
                    return Unquoted(other, SERDE_TEXT).fmt(f);
                }
            }
        };
        f.write_str(text)
    }
}

/// What serde found, as JSON (serde's `Unexpected`, written as it writes
/// it: ``integer `5` ``, `string "x"`, `map`, `unit value`).
struct Found<'t>(&'t str);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quoted = |prefix: &str| {
            self.0
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_prefix('`'))
                .and_then(|rest| rest.strip_suffix('`'))
        };
        if self.0.starts_with("string ") {
            // serde quotes it as Rust does: the value itself, where the
            // path reaches it, is quoted as JSON instead.
            return f.write_str("a string");
        }
        if let Some(number) = quoted("integer ").or_else(|| quoted("floating point ")) {
            return write!(f, "the number {number}");
        }
        if let Some(boolean) = quoted("boolean ") {
            return f.write_str(boolean);
        }
        match self.0 {
            "map" => f.write_str("an object"),
            "sequence" => f.write_str("an array"),
            "unit value" | "unit" => f.write_str("null"),
            "newtype variant" | "tuple variant" | "struct variant" => {
                f.write_str("an object of one key")
            }
            "unit variant" => f.write_str("a string"),
            count if is_number(count) => write!(f, "{count} items"),
            other => Unquoted(other, SERDE_TEXT).fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_integer_type_is_told_its_range() {
        assert_eq!(Expected("u8").to_string(), "an integer from 0 to 255");
        assert_eq!(
            Expected("i64").to_string(),
            "an integer from -9223372036854775808 to 9223372036854775807"
        );
        assert_eq!(
            Expected("u128").to_string(),
            "an integer from 0 to 340282366920938463463374607431768211455"
        );
        assert_eq!(
            Expected("isize").to_string(),
            format!("an integer from {} to {}", isize::MIN, isize::MAX)
        );
    }

    #[test]
    fn what_serde_found_is_written_as_json() {
        let cases = [
            // Quoted from the arguments themselves, not from serde's text.
            ("string \"lots\"", "a string"),
            ("integer `300`", "the number 300"),
            ("floating point `1.5`", "the number 1.5"),
            ("boolean `true`", "true"),
            ("map", "an object"),
            ("sequence", "an array"),
            ("unit value", "null"),
        ];
        for (serde, json) in cases {
            assert_eq!(Found(serde).to_string(), json);
        }
    }
}
