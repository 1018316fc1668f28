//! What each [`ErrorKind`] says: the message of [`Error`]'s `Display`
//! after the field's name, in JSON's terms, quoting what the client sent
//! (`quote.rs`).

use std::fmt::{self, Display};

use serde_json::Value;

use super::quote::{
    invalid_value, title_hint, Allowed, Characters, Quoted, QuotedNumber, QuotedStr,
};
use super::{ErrorKind, JsonType};
use crate::schema::format::date::{missing_from_date_time, Missing};
use crate::schema::format::email::{not_ascii_email, NotAscii};
use crate::schema::format::uri::{uri_problem, UriProblem};
use crate::schema::number::{stands_outside, written, Inexact};
use crate::schema::primitive::StringFormat;

/// ` (value)` after a type name, except for `null`, which says it all.
struct Found<'a>(&'a Value);

impl Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0 {
            Value::Null => f.write_str("null"),
            other => write!(f, "{} ({})", JsonType::of(other), Quoted(other)),
        }
    }
}

impl ErrorKind {
    /// What the kind says, after the field's `field `name`: ` if any: the
    /// message of [`Error`]'s `Display`.
    pub(super) fn describe(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ErrorKind::InvalidValue { value, allowed } => invalid_value(f, value, allowed),
            ErrorKind::InvalidItem {
                index,
                items,
                allowed,
            } => {
                write!(f, "invalid item at index {}: ", index)?;
                match items.get(*index).unwrap_or(&Value::Null) {
                    Value::String(value) => {
                        write!(f, "{} is not an option; ", QuotedStr(value))?;
                        title_hint(f, value, allowed)?;
                    }
                    other => write!(f, "expected a string, found {}; ", Found(other))?,
                }
                Allowed(allowed).fmt(f)
            }
            ErrorKind::DuplicateItem { index, items } => write!(
                f,
                "duplicate item at index {}: {} names an option that is already selected",
                index,
                Quoted(items.get(*index).unwrap_or(&Value::Null)),
            ),
            ErrorKind::TooFewItems { min, items } => write!(
                f,
                "too few items: selected {}, at least {} required",
                items.len(),
                min,
            ),
            ErrorKind::NoMatch { value } => write!(f, "no option matches {}", QuotedStr(value)),
            ErrorKind::TooManyMatches {
                value,
                matches,
                limit,
            } => write!(
                f,
                "{} matches {} options, more than the {} one list may offer",
                QuotedStr(value),
                matches,
                limit,
            ),
            ErrorKind::TooManyItems { max, items } => write!(
                f,
                "too many items: selected {}, at most {} allowed",
                items.len(),
                max,
            ),
            ErrorKind::TypeMismatch { expected, found } => {
                write!(
                    f,
                    "wrong type: expected {}, found {}",
                    expected,
                    Found(found)
                )?;
                match (expected, found) {
                    (JsonType::Array, Value::String(_)) => {
                        f.write_str("; a multi-select answer is an array of strings")
                    }
                    (JsonType::String, Value::Array(_)) => {
                        f.write_str("; a single-select answer is one string")
                    }
                    _ => Ok(()),
                }
            }
            ErrorKind::TooShort { value, min_length } => write!(
                f,
                "too short: {} has {}, at least {} required",
                QuotedStr(value),
                Characters(value.chars().count()),
                min_length,
            ),
            ErrorKind::TooLong { value, max_length } => write!(
                f,
                "too long: {}, at most {} allowed",
                Characters(value.chars().count()),
                max_length,
            ),
            ErrorKind::InvalidFormat { value, format } => {
                write!(
                    f,
                    "invalid format: {} is not a valid {}",
                    QuotedStr(value),
                    format,
                )?;
                match format {
                    // ASCII only, as JSON Schema's `email` (non-ASCII is
                    // `idn-email`, which MCP does not have).
                    StringFormat::Email => {
                        match not_ascii_email(value) {
                            Some(NotAscii::Domain(Some(ascii))) => {
                                return write!(
                                    f,
                                    ": an email address is ASCII; its domain's ASCII form gives {}",
                                    QuotedStr(&ascii)
                                )
                            }
                            Some(NotAscii::Domain(None)) => return f.write_str(
                                ": an email address is ASCII, and this domain has no ASCII form",
                            ),
                            Some(NotAscii::Local) => {
                                return f.write_str(
                                    ": an email address is ASCII, and its local part is not",
                                )
                            }
                            None => {}
                        }
                    }
                    StringFormat::Uri => {
                        return match uri_problem(value) {
                            UriProblem::NoScheme(Some(full)) => {
                                write!(f, ": no scheme (as {})", QuotedStr(&full))
                            }
                            UriProblem::NoScheme(None) => {
                                f.write_str(": a relative reference, not an absolute URI")
                            }
                            UriProblem::NotAscii(Some(encoded)) => write!(
                                f,
                                ": characters outside ASCII (percent-encoded: {})",
                                QuotedStr(&encoded)
                            ),
                            UriProblem::NotAscii(None) => {
                                f.write_str(": characters outside ASCII, not percent-encoded")
                            }
                            UriProblem::Space(Some(encoded)) => write!(
                                f,
                                ": characters a URI holds only percent-encoded (as {})",
                                QuotedStr(&encoded)
                            ),
                            UriProblem::Space(None) => {
                                f.write_str(": characters a URI holds only percent-encoded")
                            }
                            UriProblem::Other => Ok(()),
                        }
                    }
                    _ => {}
                }
                // A date and time short of a part (a browser's
                // `datetime-local` field gives no seconds and no zone):
                // which one.
                let missing = match format {
                    StringFormat::DateTime => missing_from_date_time(value),
                    _ => None,
                };
                let zone = " (Z for UTC, or an offset such as +01:00)";
                let (missing, zone) = match missing {
                    None => return Ok(()),
                    Some(Missing::Seconds) => ("the seconds are", ""),
                    Some(Missing::Zone) => ("the time zone is", zone),
                    Some(Missing::SecondsAndZone) => ("the seconds and the time zone are", zone),
                };
                write!(f, ": {missing} missing, as in 2026-12-31T09:30:00Z{zone}")
            }
            ErrorKind::NotAnInteger { value } => {
                write!(f, "not an integer: {} has a fractional part", value)
            }
            ErrorKind::Inexact { text } => {
                let text = QuotedNumber(text);
                match Inexact::of(text.0) {
                    Inexact::Large => write!(f, "not exact: {text} is beyond the range of a double"),
                    Inexact::Small => {
                        write!(f, "not exact: {text} is not zero, and a double reads it as zero")
                    }
                    Inexact::Fraction => write!(
                        f,
                        "not an integer: {text} has a fractional part, which a double reads as a whole number"
                    ),
                    Inexact::Rounded => write!(
                        f,
                        "not exact: {text} arrived as a double beyond 2^53, which stands for several \
                         integers; an integer that large is exact as an integer literal"
                    ),
                }
            }
            ErrorKind::OutOfRange {
                value,
                minimum,
                maximum,
            } => {
                // A double that is itself within the bounds was refused for
                // the numbers it may stand for: say so.
                if stands_outside(value, minimum.as_ref(), maximum.as_ref()) {
                    write!(
                        f,
                        "out of range: the double {} stands for numbers that are not all ",
                        written(value)
                    )?;
                } else {
                    write!(f, "out of range: {} is not ", written(value))?;
                }
                match (minimum, maximum) {
                    (Some(minimum), Some(maximum)) => {
                        write!(f, "between {} and {}", minimum, maximum)
                    }
                    (Some(minimum), None) => write!(f, "at least {}", minimum),
                    (None, Some(maximum)) => write!(f, "at most {}", maximum),
                    (None, None) => f.write_str("representable in the field's type"),
                }?;
                if stands_outside(value, minimum.as_ref(), maximum.as_ref()) {
                    f.write_str(
                        " (beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double)",
                    )?;
                }
                Ok(())
            }
            ErrorKind::MissingField => f.write_str("missing value for a required field"),
            ErrorKind::Unsupported { found } => write!(
                f,
                "unsupported field: its schema cannot be shown, so no value is sent (offered {})",
                Quoted(found)
            ),
            ErrorKind::Unreadable { text, expected } => write!(
                f,
                "unreadable: {} is not {}",
                QuotedStr(text),
                match expected {
                    JsonType::Boolean => "yes or no",
                    JsonType::Number => "a number",
                    _ => "a value of the field's type",
                }
            ),
            ErrorKind::MalformedResult { reason, found } => {
                write!(f, "malformed ElicitResult: {}", reason)?;
                if let Some(found) = found {
                    write!(f, " (found {})", Quoted(found))?;
                }
                Ok(())
            }
            ErrorKind::MalformedResponse {
                result,
                reason,
                found,
            } => {
                write!(f, "malformed {}: {}", result, reason)?;
                if let Some(found) = found {
                    write!(f, " (found {})", Quoted(found))?;
                }
                Ok(())
            }
            ErrorKind::MissingAction { found } => {
                write!(
                    f,
                    "malformed ElicitResult: missing `action` (found {})",
                    Quoted(found)
                )
            }
            ErrorKind::UnknownAction { action } => write!(
                f,
                r#"unknown action {}: expected "accept", "decline" or "cancel""#,
                Quoted(action),
            ),
            ErrorKind::Multiple(errors) => {
                write!(f, "{} fields rejected: ", errors.len())?;
                for (i, error) in errors.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    Display::fmt(error, f)?;
                }
                Ok(())
            }
        }
    }
}
