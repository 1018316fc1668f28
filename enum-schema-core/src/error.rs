//! The errors of an answer: [`Error`], what every check returns, and its
//! [`ErrorKind`] (both also at the crate root), with the pieces they are
//! made of: [`InvalidValue`], the allocation-free error of
//! [`ElicitEnum::parse`](crate::ElicitEnum::parse), and [`JsonType`], the
//! JSON type an error names.
//!
//! ```
//! use enum_schema::error::{InvalidValue, JsonType};
//! use enum_schema::{ElicitEnum, ErrorKind};
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Size { Small, Large }
//!
//! let error: InvalidValue<'_> = Size::parse("huge").unwrap_err();
//! assert_eq!(error.to_string(), r#"invalid value "huge": expected one of "small", "large""#);
//! let error = Size::parse_value(serde_json::json!(3)).unwrap_err();
//! assert!(matches!(
//!     error.kind(),
//!     ErrorKind::TypeMismatch { expected: JsonType::String, .. }
//! ));
//! ```

use std::borrow::Cow;
use std::fmt::{self, Display};

use serde_json::{Number, Value};

use crate::schema::option::EnumOption;
use crate::schema::primitive::StringFormat;

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

/// Why a client's answer was rejected: one pointer wide, the details in
/// [`kind`](Error::kind).
///
/// Every kind keeps what the client sent (the value, or the whole array
/// for a multi-select) and, where there is one, the name of the form field
/// (`field` is `None` when a value was parsed on its own, outside a form).
/// Form parsing reports every failing field at once: when more than one
/// fails, the kind is [`ErrorKind::Multiple`], in the form's field order.
///
/// The details live in a [`Box`], as serde_json's error does: every
/// `Result<T, Error>` on the parsing path moves one pointer
/// (`size_of::<Error>()` is 8 bytes, where the details take 88), and only a
/// rejection pays for the allocation. One box for the whole error, not one
/// per kind's payload: the kinds stay plain struct variants, matched as
/// before through [`kind`](Error::kind), and a new kind never changes the
/// size of `Error`. Build one with `Error::from(ErrorKind::..)`; compare it
/// with `==` to another `Error` or to an [`ErrorKind`] directly.
///
/// Source of the rules: MCP 2025-11-25, `ElicitResult` and the enum schemas
/// of SEP-1330 (`enum`, `oneOf`, `minItems`, `maxItems`).
///
/// ```
/// use enum_schema::{ElicitEnum, Error, ErrorKind};
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
/// let err = Error::from(Pet::parse("Dogs").unwrap_err());
/// assert!(matches!(err.kind(), ErrorKind::InvalidValue { value, .. } if value == "Dogs"));
/// assert_eq!(
///     err.to_string(),
///     r#"invalid value "Dogs": the client sent the title of option "dog" instead of its value; expected one of "cat", "dog""#,
/// );
/// ```
#[derive(Clone, PartialEq)]
pub struct Error(Box<ErrorKind>);

/// What an [`Error`] is about, with everything the client sent: the
/// details behind [`Error::kind`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
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
    /// A search text that matches none of a long list's options (see
    /// `ask::Ask::choose`).
    NoMatch {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The text the client sent.
        value: String,
    },
    /// A search text that matches more of a long list's options than one
    /// list may offer (see `ask::Ask::choose`).
    TooManyMatches {
        /// The form field, if known.
        field: Option<Cow<'static, str>>,
        /// The text the client sent.
        value: String,
        /// How many options it matches.
        matches: usize,
        /// How many one list may offer.
        limit: usize,
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
    /// Several fields of a form were rejected; each error names its field.
    Multiple(Vec<Error>),
}

/// The pattern of every kind about one value, whose `field` is set once
/// the value's form field is known: one list for `ErrorKind::field` and
/// `Error::in_field`.
macro_rules! one_value {
    ($field:ident) => {
        ErrorKind::InvalidValue { $field, .. }
            | ErrorKind::InvalidItem { $field, .. }
            | ErrorKind::DuplicateItem { $field, .. }
            | ErrorKind::TooFewItems { $field, .. }
            | ErrorKind::TooManyItems { $field, .. }
            | ErrorKind::TypeMismatch { $field, .. }
            | ErrorKind::TooShort { $field, .. }
            | ErrorKind::TooLong { $field, .. }
            | ErrorKind::InvalidFormat { $field, .. }
            | ErrorKind::NotAnInteger { $field, .. }
            | ErrorKind::OutOfRange { $field, .. }
            | ErrorKind::NullForOptional { $field, .. }
            | ErrorKind::NoMatch { $field, .. }
            | ErrorKind::TooManyMatches { $field, .. }
    };
}

impl Error {
    /// What the error is about, with what the client sent.
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }

    /// The details, owned.
    pub fn into_kind(self) -> ErrorKind {
        *self.0
    }

    /// The form field this error is about, if any.
    pub fn field(&self) -> Option<&str> {
        self.0.field()
    }

    /// The errors this one is made of: itself, or each of [`ErrorKind::Multiple`].
    pub fn iter(&self) -> impl Iterator<Item = &Error> {
        match self.kind() {
            ErrorKind::Multiple(errors) => errors.iter(),
            _ => std::slice::from_ref(self).iter(),
        }
    }

    /// Sets the form field name on an error about one value. Errors that
    /// already name a field, and errors about the whole result, are returned
    /// unchanged.
    pub fn in_field(mut self, name: impl Into<Cow<'static, str>>) -> Error {
        match &mut *self.0 {
            one_value!(field) if field.is_none() => {
                *field = Some(name.into());
            }
            _ => {}
        }
        self
    }

    /// Combines the errors of several fields: `None` for none, the error
    /// itself for one, [`ErrorKind::Multiple`] for more.
    pub(crate) fn combine(mut errors: Vec<Error>) -> Option<Error> {
        match errors.len() {
            0 => None,
            1 => errors.pop(),
            _ => Some(Error::from(ErrorKind::Multiple(errors))),
        }
    }
}

impl ErrorKind {
    /// The form field this error is about, if any.
    pub fn field(&self) -> Option<&str> {
        match self {
            one_value!(field) => field.as_deref(),
            ErrorKind::MissingField { field } => Some(field),
            ErrorKind::MalformedResult { .. }
            | ErrorKind::MissingAction { .. }
            | ErrorKind::UnknownAction { .. }
            | ErrorKind::Multiple(_) => None,
        }
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error(Box::new(kind))
    }
}

/// `error == ErrorKind::..`: compares the details.
impl PartialEq<ErrorKind> for Error {
    fn eq(&self, other: &ErrorKind) -> bool {
        *self.0 == *other
    }
}

/// `ErrorKind::.. == error`: compares the details.
impl PartialEq<Error> for ErrorKind {
    fn eq(&self, other: &Error) -> bool {
        *self == *other.0
    }
}

/// As the kind's: `InvalidValue { field: None, .. }`.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        Display::fmt(&*self.0, f)
    }
}

impl std::error::Error for Error {}

/// A string that is none of an enum's values, borrowed: what
/// [`ElicitEnum::parse`](crate::ElicitEnum::parse) returns on a miss.
///
/// It holds the string and the options, allocates nothing, and formats only
/// when shown, so a miss costs about what a hit costs. Its message is that
/// of [`ErrorKind::InvalidValue`] (with the title-instead-of-value hint),
/// and `?` or [`Error::from`] turns it into that [`Error`], copying the
/// string then.
///
/// ```
/// use enum_schema::{ElicitEnum, Error, ErrorKind};
///
/// #[derive(ElicitEnum, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Pet {
///     #[elicit(title = "Cats")]
///     Cat,
///     #[elicit(title = "Dogs")]
///     Dog,
/// }
///
/// let miss = Pet::parse("Dogs").unwrap_err();
/// assert_eq!(miss.value(), "Dogs");
/// assert_eq!(
///     miss.to_string(),
///     r#"invalid value "Dogs": the client sent the title of option "dog" instead of its value; expected one of "cat", "dog""#,
/// );
///
/// fn pet(value: &str) -> Result<Pet, Error> {
///     Ok(Pet::parse(value)?)
/// }
/// let err = pet("Dogs").unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::InvalidValue { field: None, value, .. } if value == "Dogs"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidValue<'a> {
    value: &'a str,
    allowed: &'static [EnumOption],
}

impl<'a> InvalidValue<'a> {
    pub(crate) const fn new(value: &'a str, allowed: &'static [EnumOption]) -> Self {
        InvalidValue { value, allowed }
    }

    /// The string that matched no option.
    pub fn value(&self) -> &'a str {
        self.value
    }

    /// The options that were offered.
    pub fn allowed(&self) -> &'static [EnumOption] {
        self.allowed
    }
}

impl Display for InvalidValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        invalid_value(f, None, self.value, self.allowed)
    }
}

impl std::error::Error for InvalidValue<'_> {}

/// [`ErrorKind::InvalidValue`] with `field: None`, the string copied.
impl From<InvalidValue<'_>> for Error {
    fn from(miss: InvalidValue<'_>) -> Error {
        Error::from(ErrorKind::InvalidValue {
            field: None,
            value: miss.value.to_owned(),
            allowed: Cow::Borrowed(miss.allowed),
        })
    }
}

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

/// `invalid value "x": ..`, the message of [`ErrorKind::InvalidValue`] and
/// of [`InvalidValue`].
fn invalid_value(
    f: &mut fmt::Formatter,
    field: Option<&str>,
    value: &str,
    allowed: &[EnumOption],
) -> fmt::Result {
    write!(f, "{}invalid value {}: ", Prefix(field), QuotedStr(value))?;
    title_hint(f, value, allowed)?;
    Allowed(allowed).fmt(f)
}

impl Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ErrorKind::InvalidValue {
                field,
                value,
                allowed,
            } => invalid_value(f, field.as_deref(), value, allowed),
            ErrorKind::InvalidItem {
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
            ErrorKind::DuplicateItem {
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
            ErrorKind::TooFewItems { field, min, items } => write!(
                f,
                "{}too few items: selected {}, at least {} required",
                Prefix(field.as_deref()),
                items.len(),
                min,
            ),
            ErrorKind::NoMatch { field, value } => write!(
                f,
                "{}no option matches {}",
                Prefix(field.as_deref()),
                QuotedStr(value),
            ),
            ErrorKind::TooManyMatches {
                field,
                value,
                matches,
                limit,
            } => write!(
                f,
                "{}{} matches {} options, more than the {} one list may offer",
                Prefix(field.as_deref()),
                QuotedStr(value),
                matches,
                limit,
            ),
            ErrorKind::TooManyItems { field, max, items } => write!(
                f,
                "{}too many items: selected {}, at most {} allowed",
                Prefix(field.as_deref()),
                items.len(),
                max,
            ),
            ErrorKind::TypeMismatch {
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
            ErrorKind::TooShort {
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
            ErrorKind::TooLong {
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
            ErrorKind::InvalidFormat {
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
            ErrorKind::NotAnInteger { field, value } => write!(
                f,
                "{}not an integer: {} has a fractional part",
                Prefix(field.as_deref()),
                value,
            ),
            ErrorKind::OutOfRange {
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
                    crate::schema::number::Reading::of(value),
                    crate::schema::number::Reading::Rounded { .. } | crate::schema::number::Reading::Huge(_)
                );
                let inside = |bound: &Option<Number>, outside: std::cmp::Ordering| {
                    bound.as_ref().is_none_or(|bound| {
                        crate::schema::number::compare(value, bound) != Some(outside)
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
            ErrorKind::NullForOptional { field, expected } => write!(
                f,
                "{}wrong type: expected {}, found null; to leave this optional field empty, leave it out of `content`",
                Prefix(field.as_deref()),
                expected,
            ),
            ErrorKind::MissingField { field } => {
                write!(
                    f,
                    "field `{}`: missing value for a required field",
                    Name(field)
                )
            }
            ErrorKind::MalformedResult { reason, found } => {
                write!(f, "malformed ElicitResult: {}", reason)?;
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

#[cfg(test)]
mod tests {
    use super::{Error, ErrorKind, InvalidValue};
    use std::mem::size_of;

    #[test]
    fn error_is_one_pointer() {
        assert!(size_of::<Error>() <= 16);
        assert!(size_of::<Result<(), Error>>() <= 16);
        assert_eq!(size_of::<Error>(), size_of::<usize>());
        assert_eq!(size_of::<Result<(), Error>>(), size_of::<usize>());
        // The details are as large as they were before boxing.
        assert!(size_of::<ErrorKind>() > 16);
        assert!(size_of::<InvalidValue<'_>>() <= 32);
    }
}
