use std::borrow::Cow;
use std::fmt::{self, Display};

use serde_json::{Number, Value};

use crate::{EnumOption, StringFormat};

/// The JSON type of a value, as named in error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JsonType {
    /// `null`
    Null,
    /// `true` or `false`
    Boolean,
    /// any JSON number
    Number,
    /// a JSON string
    String,
    /// a JSON array
    Array,
    /// a JSON object
    Object,
}

impl JsonType {
    /// The type of `value`.
    pub fn of(value: &Value) -> JsonType {
        match value {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Boolean,
            Value::Number(_) => JsonType::Number,
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }
}

impl Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            JsonType::Null => "null",
            JsonType::Boolean => "a boolean",
            JsonType::Number => "a number",
            JsonType::String => "a string",
            JsonType::Array => "an array",
            JsonType::Object => "an object",
        })
    }
}

/// Why a client's answer was rejected.
///
/// Every variant keeps what the client sent (the value, or the whole array
/// for a multi-select) and, where there is one, the name of the form field
/// (`field` is `None` when a value was parsed on its own, outside a form).
/// Form parsing reports every failing field at once: when more than one
/// fails, the error is [`Error::Multiple`], in the form's field order.
///
/// Source of the rules: MCP 2025-11-25, `ElicitResult` and the enum schemas
/// of SEP-1330 (`enum`, `oneOf`, `minItems`, `maxItems`).
///
/// ```
/// use enum_schema::{ElicitEnum, Error};
///
/// #[derive(ElicitEnum, Debug)]
/// #[elicit(rename_all = "lowercase")]
/// enum Pet {
///     #[elicit(title = "Cats")]
///     Cat,
///     #[elicit(title = "Dogs")]
///     Dog,
/// }
///
/// let err = Pet::parse("Dogs").unwrap_err();
/// assert!(matches!(&err, Error::InvalidValue { value, .. } if value == "Dogs"));
/// assert_eq!(
///     err.to_string(),
///     r#"invalid value "Dogs": the client sent the title of option "dog" instead of its value; expected one of "cat", "dog""#,
/// );
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// A single-select answer is a string that is not one of the options'
    /// values (an alias is accepted; a title, an index or a different case
    /// is not).
    InvalidValue {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The string the client sent.
        value: String,
        /// The options that were offered.
        allowed: Cow<'static, [EnumOption]>,
    },
    /// An element of a multi-select answer is not a string, or not one of
    /// the options' values.
    InvalidItem {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The position of the offending element in `items`.
        index: usize,
        /// The whole array the client sent.
        items: Vec<Value>,
        /// The options that were offered.
        allowed: Cow<'static, [EnumOption]>,
    },
    /// A multi-select answer names the same option twice (through the same
    /// value, or a value and an alias).
    DuplicateItem {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The position of the repeated element in `items`.
        index: usize,
        /// The whole array the client sent.
        items: Vec<Value>,
    },
    /// A multi-select answer has fewer elements than `minItems`.
    TooFewItems {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The schema's `minItems`.
        min: usize,
        /// The whole array the client sent.
        items: Vec<Value>,
    },
    /// A multi-select answer has more elements than `maxItems`.
    TooManyItems {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The schema's `maxItems`.
        max: usize,
        /// The whole array the client sent.
        items: Vec<Value>,
    },
    /// The answer has the wrong JSON type: a number, boolean, null, object or
    /// array where a string belongs, or a string where an array belongs.
    TypeMismatch {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The JSON type the schema asks for.
        expected: JsonType,
        /// What the client sent.
        found: Value,
    },
    /// A string answer shorter than `minLength` (counted in Unicode code
    /// points).
    TooShort {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The string the client sent.
        value: String,
        /// The schema's `minLength`.
        min_length: usize,
    },
    /// A string answer longer than `maxLength` (counted in Unicode code
    /// points).
    TooLong {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The string the client sent.
        value: String,
        /// The schema's `maxLength`.
        max_length: usize,
    },
    /// A string answer that is not in the schema's `format`.
    InvalidFormat {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The string the client sent.
        value: String,
        /// The schema's `format`.
        format: StringFormat,
    },
    /// A number with a fractional part where an integer belongs (`3.0`
    /// counts as an integer, as in JSON Schema).
    NotAnInteger {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The number the client sent.
        value: Number,
    },
    /// A number outside `minimum..=maximum`, or outside the Rust type's range.
    OutOfRange {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The number the client sent.
        value: Number,
        /// The lower bound in force, if any.
        minimum: Option<Number>,
        /// The upper bound in force, if any.
        maximum: Option<Number>,
    },
    /// `null` for an optional field. The spec's content values are never
    /// null: a client leaves an optional field empty by leaving it out of
    /// `content`, and the message says so.
    NullForOptional {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The JSON type the schema asks for.
        expected: JsonType,
    },
    /// An `accept` without a value for a required field.
    MissingField {
        /// The form field.
        field: Cow<'static, str>,
    },
    /// The `ElicitResult` (or its `content`) is not a JSON object, or is not
    /// JSON at all.
    MalformedResult {
        /// What is wrong, in a few words.
        reason: Cow<'static, str>,
        /// What the client sent, when it was JSON.
        found: Option<Value>,
    },
    /// The `ElicitResult` has no `action`.
    MissingAction {
        /// The result the client sent.
        found: Value,
    },
    /// `action` is not `"accept"`, `"decline"` or `"cancel"`.
    UnknownAction {
        /// What the client sent as `action`.
        action: Value,
    },
    /// A retried call's `inputResponses` has no entry for the key the
    /// server used in `inputRequests` (MCP 2026-07-28).
    MissingInputResponse {
        /// The key.
        key: String,
    },
    /// `inputResponses`, or its entry for the key, is not an elicitation
    /// answer (MCP 2026-07-28).
    MalformedInputResponse {
        /// The key.
        key: String,
        /// What is wrong, in a few words.
        reason: Cow<'static, str>,
        /// What the client sent.
        found: Value,
    },
    /// Several fields of a form were rejected; each error names its field.
    Multiple(Vec<Error>),
}

impl Error {
    /// The form field this error is about, if any.
    pub fn field(&self) -> Option<&str> {
        match self {
            Error::InvalidValue { field, .. }
            | Error::InvalidItem { field, .. }
            | Error::DuplicateItem { field, .. }
            | Error::TooFewItems { field, .. }
            | Error::TooManyItems { field, .. }
            | Error::TypeMismatch { field, .. }
            | Error::TooShort { field, .. }
            | Error::TooLong { field, .. }
            | Error::InvalidFormat { field, .. }
            | Error::NotAnInteger { field, .. }
            | Error::OutOfRange { field, .. }
            | Error::NullForOptional { field, .. } => field.as_deref(),
            Error::MissingField { field } => Some(field),
            Error::MalformedResult { .. }
            | Error::MissingAction { .. }
            | Error::UnknownAction { .. }
            | Error::MissingInputResponse { .. }
            | Error::MalformedInputResponse { .. }
            | Error::Multiple(_) => None,
        }
    }

    /// The errors this one is made of: itself, or each of [`Error::Multiple`].
    pub fn iter(&self) -> impl Iterator<Item = &Error> {
        match self {
            Error::Multiple(errors) => errors.iter(),
            single => std::slice::from_ref(single).iter(),
        }
    }

    /// Sets the form field name on an error about one value. Errors that
    /// already name a field, and errors about the whole result, are returned
    /// unchanged.
    pub fn in_field(mut self, name: impl Into<Cow<'static, str>>) -> Error {
        match &mut self {
            Error::InvalidValue { field, .. }
            | Error::InvalidItem { field, .. }
            | Error::DuplicateItem { field, .. }
            | Error::TooFewItems { field, .. }
            | Error::TooManyItems { field, .. }
            | Error::TypeMismatch { field, .. }
            | Error::TooShort { field, .. }
            | Error::TooLong { field, .. }
            | Error::InvalidFormat { field, .. }
            | Error::NotAnInteger { field, .. }
            | Error::OutOfRange { field, .. }
            | Error::NullForOptional { field, .. }
                if field.is_none() =>
            {
                *field = Some(name.into());
            }
            _ => {}
        }
        self
    }

    /// Combines the errors of several fields: `None` for none, the error
    /// itself for one, [`Error::Multiple`] for more.
    pub(crate) fn combine(mut errors: Vec<Error>) -> Option<Error> {
        match errors.len() {
            0 => None,
            1 => errors.pop(),
            _ => Some(Error::Multiple(errors)),
        }
    }
}

impl std::error::Error for Error {}

/// How many allowed values a message lists before it says how many more.
const LISTED: usize = 12;
/// How many characters of a received JSON value a message quotes.
const QUOTED: usize = 80;

/// `field `name`: ` when the error names a field.
struct Prefix<'a>(Option<&'a str>);

impl Display for Prefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0 {
            Some(field) => write!(f, "field `{}`: ", Name(field)),
            None => Ok(()),
        }
    }
}

/// A name that may come from a peer: control characters and bidirectional
/// formatting characters escaped (no line breaks, terminal escapes or text
/// that reads backwards in a log line), cut short.
pub(crate) struct Name<'a>(pub(crate) &'a str);

impl Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (name, cut) = match self.0.char_indices().nth(QUOTED) {
            Some((end, _)) => (&self.0[..end], "…"),
            None => (self.0, ""),
        };
        if name.chars().any(|c| c.is_control() || is_bidi_control(c)) {
            write!(f, "{}{cut}", name.escape_debug())
        } else {
            write!(f, "{name}{cut}")
        }
    }
}

/// The characters that reorder the text around them (Unicode's Bidi_Control
/// property), which `escape_debug` escapes.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{61C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

struct Allowed<'a>(&'a [EnumOption]);

impl Display for Allowed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("expected one of ")?;
        for (i, option) in self.0.iter().take(LISTED).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", QuotedStr(option.value()))?;
        }
        if self.0.len() > LISTED {
            write!(f, " and {} more", self.0.len() - LISTED)?;
        }
        Ok(())
    }
}

/// A received JSON value, compact and cut short.
pub(crate) struct Quoted<'a>(pub(crate) &'a Value);

/// `1 character`, `2 characters`.
struct Characters(usize);

impl Display for Characters {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0 {
            1 => f.write_str("1 character"),
            n => write!(f, "{n} characters"),
        }
    }
}

/// A received string, quoted and cut short.
pub(crate) struct QuotedStr<'a>(pub(crate) &'a str);

impl Display for QuotedStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0.char_indices().nth(QUOTED) {
            Some((end, _)) => write!(f, "{:?}…", &self.0[..end]),
            None => write!(f, "{:?}", self.0),
        }
    }
}

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

impl Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        // Serialize no more than is shown: a huge value costs no more than a
        // small one.
        struct Limited(Vec<u8>);
        impl std::io::Write for Limited {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                let room = (QUOTED * 4 + 4).saturating_sub(self.0.len());
                if room == 0 {
                    return Err(std::io::Error::other("enough"));
                }
                let taken = bytes.len().min(room);
                self.0.extend_from_slice(&bytes[..taken]);
                Ok(taken)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut limited = Limited(Vec::new());
        let _ = serde_json::to_writer(&mut limited, self.0);
        let text = String::from_utf8_lossy(&limited.0);
        let (text, cut) = match text.char_indices().nth(QUOTED) {
            Some((end, _)) => (&text[..end], "…"),
            None => (&*text, ""),
        };
        // JSON leaves bidirectional controls as they are; a message must
        // not read backwards, so they are written as JSON escapes.
        for c in text.chars() {
            if is_bidi_control(c) {
                write!(f, "\\u{:04x}", u32::from(c))?;
            } else {
                write!(f, "{c}")?;
            }
        }
        f.write_str(cut)
    }
}

fn title_hint(f: &mut fmt::Formatter, value: &str, allowed: &[EnumOption]) -> fmt::Result {
    if let Some(option) = allowed.iter().find(|option| option.title() == Some(value)) {
        write!(
            f,
            "the client sent the title of option {} instead of its value; ",
            QuotedStr(option.value())
        )?;
    }
    Ok(())
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Error::InvalidValue {
                field,
                value,
                allowed,
            } => {
                write!(
                    f,
                    "{}invalid value {}: ",
                    Prefix(field.as_deref()),
                    QuotedStr(value)
                )?;
                title_hint(f, value, allowed)?;
                Allowed(allowed).fmt(f)
            }
            Error::InvalidItem {
                field,
                index,
                items,
                allowed,
            } => {
                write!(
                    f,
                    "{}invalid item at index {}: ",
                    Prefix(field.as_deref()),
                    index
                )?;
                match items.get(*index).unwrap_or(&Value::Null) {
                    Value::String(value) => {
                        write!(f, "{} is not an option; ", QuotedStr(value))?;
                        title_hint(f, value, allowed)?;
                    }
                    other => write!(f, "expected a string, found {}; ", Found(other))?,
                }
                Allowed(allowed).fmt(f)
            }
            Error::DuplicateItem {
                field,
                index,
                items,
            } => write!(
                f,
                "{}duplicate item at index {}: {} names an option that is already selected",
                Prefix(field.as_deref()),
                index,
                Quoted(items.get(*index).unwrap_or(&Value::Null)),
            ),
            Error::TooFewItems { field, min, items } => write!(
                f,
                "{}too few items: selected {}, at least {} required",
                Prefix(field.as_deref()),
                items.len(),
                min,
            ),
            Error::TooManyItems { field, max, items } => write!(
                f,
                "{}too many items: selected {}, at most {} allowed",
                Prefix(field.as_deref()),
                items.len(),
                max,
            ),
            Error::TypeMismatch {
                field,
                expected,
                found,
            } => {
                write!(
                    f,
                    "{}wrong type: expected {}, found {}",
                    Prefix(field.as_deref()),
                    expected,
                    Found(found),
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
            Error::TooShort {
                field,
                value,
                min_length,
            } => write!(
                f,
                "{}too short: {} has {}, at least {} required",
                Prefix(field.as_deref()),
                QuotedStr(value),
                Characters(value.chars().count()),
                min_length,
            ),
            Error::TooLong {
                field,
                value,
                max_length,
            } => write!(
                f,
                "{}too long: {}, at most {} allowed",
                Prefix(field.as_deref()),
                Characters(value.chars().count()),
                max_length,
            ),
            Error::InvalidFormat {
                field,
                value,
                format,
            } => write!(
                f,
                "{}invalid format: {} is not a valid {}",
                Prefix(field.as_deref()),
                QuotedStr(value),
                format,
            ),
            Error::NotAnInteger { field, value } => write!(
                f,
                "{}not an integer: {} has a fractional part",
                Prefix(field.as_deref()),
                value,
            ),
            Error::OutOfRange {
                field,
                value,
                minimum,
                maximum,
            } => {
                write!(
                    f,
                    "{}out of range: {} is not ",
                    Prefix(field.as_deref()),
                    value
                )?;
                match (minimum, maximum) {
                    (Some(minimum), Some(maximum)) => {
                        write!(f, "between {} and {}", minimum, maximum)
                    }
                    (Some(minimum), None) => write!(f, "at least {}", minimum),
                    (None, Some(maximum)) => write!(f, "at most {}", maximum),
                    (None, None) => f.write_str("representable in the field's type"),
                }?;
                // A double that is itself within the bounds was refused for
                // the numbers it may stand for: say so.
                let rounded = matches!(
                    crate::schema::check::Reading::of(value),
                    crate::schema::check::Reading::Rounded { .. } | crate::schema::check::Reading::Huge(_)
                );
                let inside = |bound: &Option<Number>, outside: std::cmp::Ordering| {
                    bound.as_ref().is_none_or(|bound| {
                        crate::schema::check::compare(value, bound) != Some(outside)
                    })
                };
                if rounded
                    && (minimum.is_some() || maximum.is_some())
                    && inside(minimum, std::cmp::Ordering::Less)
                    && inside(maximum, std::cmp::Ordering::Greater)
                {
                    f.write_str(
                        ": beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double, and this one also stands for numbers outside the range",
                    )?;
                }
                Ok(())
            }
            Error::NullForOptional { field, expected } => write!(
                f,
                "{}wrong type: expected {}, found null; to leave this optional field empty, leave it out of `content`",
                Prefix(field.as_deref()),
                expected,
            ),
            Error::MissingField { field } => {
                write!(
                    f,
                    "field `{}`: missing value for a required field",
                    Name(field)
                )
            }
            Error::MalformedResult { reason, found } => {
                write!(f, "malformed ElicitResult: {}", reason)?;
                if let Some(found) = found {
                    write!(f, " (found {})", Quoted(found))?;
                }
                Ok(())
            }
            Error::MissingAction { found } => {
                write!(
                    f,
                    "malformed ElicitResult: missing `action` (found {})",
                    Quoted(found)
                )
            }
            Error::UnknownAction { action } => write!(
                f,
                r#"unknown action {}: expected "accept", "decline" or "cancel""#,
                Quoted(action),
            ),
            Error::MissingInputResponse { key } => {
                write!(f, "`inputResponses` has no answer for {}", QuotedStr(key))
            }
            Error::MalformedInputResponse { key, reason, found } => {
                write!(
                    f,
                    "malformed input response {}: {} (found {})",
                    QuotedStr(key),
                    reason,
                    Quoted(found)
                )
            }
            Error::Multiple(errors) => {
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
