//! A call's arguments read into the handler's type ([`Ask::arguments`]),
//! and a refusal worded in JSON's terms for the model that sent them: the
//! argument at fault and what it should be, never a Rust type's name.
//!
//! [`Ask::arguments`]: super::Ask::arguments

use std::fmt::{self, Write as _};

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use serde_path_to_error::Segment;

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
        refused(&path, error.into_inner())
    })
}

/// serde's error at `path` as a refusal of one argument, worded for the
/// model.
fn refused(path: &serde_path_to_error::Path, error: serde_json::Error) -> Refused {
    let text = error.to_string();
    let mut segments = path.iter();
    let argument = match segments.next() {
        Some(Segment::Map { key }) => key.clone(),
        // The top level: a required argument missing, or the type's own
        // check of the whole.
        _ => {
            let (argument, reason) = match quoted_after(&text, "missing field ") {
                Some(name) => (Some(name.to_owned()), "is required, and missing".to_owned()),
                None => (None, text),
            };
            return Refused {
                argument,
                reason,
                error,
            };
        }
    };
    // Where inside the argument, if deeper than the argument itself.
    let inside = if segments.next().is_some() {
        format!(" at `{path}`")
    } else {
        String::new()
    };
    let reason = if let Some(name) = quoted_after(&text, "missing field ") {
        format!("{inside} lacks `{name}`, which is required")
    } else if quoted_after(&text, "unknown field ").is_some() {
        let expected = match text.split_once(", expected ") {
            Some((_, expected)) => format!("expected {expected}"),
            None => "it takes none".to_owned(),
        };
        if inside.is_empty() {
            format!("is not one this takes ({expected})")
        } else {
            // The path ends with the unknown name.
            format!("has `{path}`, which it does not take ({expected})")
        }
    } else {
        format!("{inside} {}", in_json_terms(&text))
    };
    Refused {
        argument: Some(argument),
        reason: reason.trim_start().to_owned(),
        error,
    }
}

/// The text between the backticks that follow `prefix` at the start of
/// `text` (serde writes field names so: ``missing field `amount` ``).
fn quoted_after<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let rest = text.strip_prefix(prefix)?.strip_prefix('`')?;
    rest.split_once('`').map(|(name, _)| name)
}

/// serde's `invalid type: string "lots", expected f64` as `should be a
/// number, not the string "lots"`: what it should be in JSON, then what
/// was sent. Any other text is kept as serde wrote it, after `is refused:`.
fn in_json_terms(text: &str) -> String {
    if let Some(variant) = quoted_after(text, "unknown variant ") {
        let expected = text
            .split_once(", expected ")
            .map_or("no value", |(_, expected)| expected);
        // serde quotes the values with backticks; JSON's strings are in quotes.
        let expected = expected.replace('`', "\"");
        return format!(
            "should be {expected}, not the string {}",
            Value::from(variant)
        );
    }
    let parsed = text
        .strip_prefix("invalid type: ")
        .or_else(|| text.strip_prefix("invalid value: "))
        .and_then(|rest| rest.rsplit_once(", expected "));
    let Some((found, expected)) = parsed else {
        return format!("is refused: {text}");
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "should be {}, not {}",
        Expected(expected),
        Found(found)
    );
    out
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
        let text = match self.0 {
            "f32" | "f64" => "a number",
            "a boolean" => "true or false",
            "a borrowed string" | "a string" => "a string",
            "a character" | "char" => "a string of one character",
            "a sequence" => "an array",
            "a map" => "an object",
            // An enum, as serde_json reads one from a value.
            "string or map" => "a string or an object",
            "unit" => "null",
            other if other.starts_with("struct ") => "an object",
            other if other.starts_with("tuple struct ") || other.starts_with("a tuple of") => {
                "an array"
            }
            other => other,
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
        if let Some(string) = self.0.strip_prefix("string ") {
            return write!(f, "the string {string}");
        }
        if let Some(number) = quoted("integer ").or_else(|| quoted("floating point ")) {
            return write!(f, "the number {number}");
        }
        if let Some(boolean) = quoted("boolean ") {
            return f.write_str(boolean);
        }
        f.write_str(match self.0 {
            "map" => "an object",
            "sequence" => "an array",
            "unit value" | "unit" => "null",
            other => other,
        })
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
            ("string \"lots\"", "the string \"lots\""),
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
