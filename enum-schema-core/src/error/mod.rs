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

mod message;
pub(crate) mod quote;

use quote::{invalid_value, Prefix};

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
/// [`kind`](Error::kind), the form field beside them in
/// [`field`](Error::field).
///
/// Every kind keeps what the client sent (the value, or the whole array
/// for a multi-select). The name of the form field is the error's, not the
/// kind's: `field()` is `None` when a value was parsed on its own, outside a
/// form, and a form sets it with [`in_field`](Error::in_field). Form parsing
/// reports every failing field at once: when more than one fails, the kind
/// is [`ErrorKind::Multiple`], in the form's field order, each part naming
/// its own field.
///
/// The kind and the field live in one [`Box`], as serde_json's error keeps
/// its code beside its line and column: every `Result<T, Error>` on the
/// parsing path moves one pointer (`size_of::<Error>()` is 8 bytes, where
/// the details take 88), and only a rejection pays for the allocation. One
/// box for the whole error, not one per kind's payload: the kinds stay plain
/// struct variants, matched through [`kind`](Error::kind), and a new kind
/// never changes the size of `Error`. Build one with
/// `Error::from(ErrorKind::..)`, and `.in_field(name)` for a field; compare
/// it with `==` to another `Error` (kind and field), or to an [`ErrorKind`]
/// when it names no field.
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
/// assert_eq!(err.field(), None);
/// assert_eq!(
///     err.to_string(),
///     r#"invalid value "Dogs": the client sent the title of option "dog" instead of its value; expected one of "cat", "dog""#,
/// );
/// let err = err.in_field("pet");
/// assert_eq!(err.field(), Some("pet"));
/// assert!(err.to_string().starts_with(r#"field `pet`: invalid value "Dogs": "#));
/// ```
#[derive(Clone, PartialEq)]
pub struct Error(Box<ErrorImpl>);

/// What is behind the pointer: what went wrong, and where.
#[derive(Clone, PartialEq)]
struct ErrorImpl {
    kind: ErrorKind,
    field: Option<Cow<'static, str>>,
}

/// What an [`Error`] is about, with everything the client sent: the
/// details behind [`Error::kind`]. The form field it is about is the
/// error's, [`Error::field`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A single-select answer is a string that is not one of the options'
    /// values (an alias is accepted; a title, an index or a different case
    /// is not).
    InvalidValue {
        /// The string the client sent.
        value: String,
        /// The options that were offered.
        allowed: Cow<'static, [EnumOption]>,
    },
    /// An element of a multi-select answer is not a string, or not one of
    /// the options' values.
    InvalidItem {
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
        /// The position of the repeated element in `items`.
        index: usize,
        /// The whole array the client sent.
        items: Vec<Value>,
    },
    /// A multi-select answer has fewer elements than `minItems`.
    TooFewItems {
        /// The schema's `minItems`.
        min: usize,
        /// The whole array the client sent.
        items: Vec<Value>,
    },
    /// A multi-select answer has more elements than `maxItems`.
    TooManyItems {
        /// The schema's `maxItems`.
        max: usize,
        /// The whole array the client sent.
        items: Vec<Value>,
    },
    /// The answer has the wrong JSON type: a number, boolean, null, object or
    /// array where a string belongs, or a string where an array belongs.
    TypeMismatch {
        /// The JSON type the schema asks for.
        expected: JsonType,
        /// What the client sent.
        found: Value,
    },
    /// A string answer shorter than `minLength` (counted in Unicode code
    /// points).
    TooShort {
        /// The string the client sent.
        value: String,
        /// The schema's `minLength`.
        min_length: usize,
    },
    /// A string answer longer than `maxLength` (counted in Unicode code
    /// points).
    TooLong {
        /// The string the client sent.
        value: String,
        /// The schema's `maxLength`.
        max_length: usize,
    },
    /// A string answer that is not in the schema's `format`.
    InvalidFormat {
        /// The string the client sent.
        value: String,
        /// The schema's `format`.
        format: StringFormat,
    },
    /// A number with a fractional part where an integer belongs (`3.0`
    /// counts as an integer, as in JSON Schema).
    NotAnInteger {
        /// The number the client sent.
        value: Number,
    },
    /// A number outside `minimum..=maximum`, or outside the Rust type's range.
    OutOfRange {
        /// The number the client sent.
        value: Number,
        /// The lower bound in force, if any.
        minimum: Option<Number>,
        /// The upper bound in force, if any.
        maximum: Option<Number>,
    },
    /// A number that the field cannot read exactly, refused rather than
    /// taken as a nearby number (a value is read exactly or refused):
    ///
    /// - written in an answer's JSON text (`parse_result_str`, whose
    ///   numbers are read as written): beyond a double (`1e400`), or not
    ///   zero where a double reads zero (`1e-400`), for any number field;
    ///   a fraction a double reads as a whole number
    ///   (`3.0000000000000001`), for an integer field;
    /// - arrived as a JSON value, for a typed integer field
    ///   ([`NumberField`](crate::NumberField) of an integer type): a whole
    ///   double at or beyond 2^53, which stands for every integer that
    ///   rounds to it (`9007199254740993.0` arrives as 9007199254740992).
    ///   An integer that large is exact written as an integer literal
    ///   within 64 bits (`9007199254740993`).
    ///
    /// A number of the wrong kind or outside the bounds as a double is
    /// [`NotAnInteger`](ErrorKind::NotAnInteger) or
    /// [`OutOfRange`](ErrorKind::OutOfRange), as before.
    Inexact {
        /// The number as the client wrote it (`"1e400"`), or a double that
        /// arrived as a JSON value written out in full
        /// (`"9007199254740992"`).
        text: String,
    },
    /// A search text that matches none of a long list's options (see
    /// `ask::Ask::choose`).
    NoMatch {
        /// The text the client sent.
        value: String,
    },
    /// A search text that matches more of a long list's options than one
    /// list may offer (see `ask::Ask::choose`).
    TooManyMatches {
        /// The text the client sent.
        value: String,
        /// How many options it matches.
        matches: usize,
        /// How many one list may offer.
        limit: usize,
    },
    /// Text a person typed that does not read as a value of the field's
    /// type, refused by a host before anything is sent (`host::Field::parse_text`):
    /// `"abc"`, `"0x10"`, `"Infinity"` or `"1,5"` for a number, `"maybe"`
    /// for yes or no, `"1e400"` (beyond a double) or `"1e-400"` (a number
    /// that is not zero read as zero). A client never sends this: what is
    /// sent is JSON, and a JSON value of the wrong type is a
    /// [`TypeMismatch`](ErrorKind::TypeMismatch).
    Unreadable {
        /// The text as the person typed it.
        text: String,
        /// The JSON type the field takes: [`JsonType::Number`] for an
        /// integer or a number, [`JsonType::Boolean`] for yes or no.
        expected: JsonType,
    },
    /// A value offered for a field a host cannot show (its schema is none
    /// of the elicitation property schemas; `host::Kind::Unsupported`
    /// says why), refused by the host before anything is sent: no value
    /// is sent for such a field, and a required one leaves the form to be
    /// declined. A client never sends this.
    Unsupported {
        /// The value offered (the text typed, as a JSON string).
        found: Value,
    },
    /// An `accept` without a value for a required field: the field is the
    /// error's, [`Error::field`].
    MissingField,
    /// The `ElicitResult` (or its `content`) is not a JSON object, or is not
    /// JSON at all.
    MalformedResult {
        /// What is wrong, in a few words.
        reason: Cow<'static, str>,
        /// What the client sent, when it was JSON.
        found: Option<Value>,
    },
    /// A client's `CreateMessageResult` (answer to `sampling/createMessage`)
    /// or `ListRootsResult` (answer to `roots/list`) does not have the shape
    /// MCP gives it: a required member missing or of the wrong type, a
    /// `role` other than `"user"` and `"assistant"`, a content block of an
    /// unknown `type`, a root whose `uri` does not start with `file://`.
    MalformedResponse {
        /// The result's name in the MCP schema: `"CreateMessageResult"` or
        /// `"ListRootsResult"`.
        result: &'static str,
        /// What is wrong, in a few words.
        reason: Cow<'static, str>,
        /// The member the client sent that is wrong (`None` when it is
        /// missing).
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

impl Error {
    /// What the error is about, with what the client sent.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The details, owned; the field is left behind (read it first with
    /// [`field`](Error::field)).
    pub fn into_kind(self) -> ErrorKind {
        self.0.kind
    }

    /// The form field this error is about, if any: `None` for a value parsed
    /// outside a form, for an error about the whole result, and for
    /// [`ErrorKind::Multiple`], whose parts each name their own.
    pub fn field(&self) -> Option<&str> {
        self.0.field.as_deref()
    }

    /// The errors this one is made of: itself, or each of [`ErrorKind::Multiple`].
    pub fn iter(&self) -> impl Iterator<Item = &Error> {
        match self.kind() {
            ErrorKind::Multiple(errors) => errors.iter(),
            _ => std::slice::from_ref(self).iter(),
        }
    }

    /// Sets the form field name on an error about one value (or a missing
    /// one). Errors that already name a field, errors about the whole result
    /// ([`ErrorKind::MalformedResult`], [`ErrorKind::MissingAction`],
    /// [`ErrorKind::UnknownAction`]) and [`ErrorKind::Multiple`], whose parts
    /// name their own fields, are returned unchanged.
    pub fn in_field(mut self, name: impl Into<Cow<'static, str>>) -> Error {
        if self.0.field.is_none() && self.0.kind.is_about_a_field() {
            self.0.field = Some(name.into());
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
    /// Whether an error of this kind is about one form field, and so takes
    /// its name: every kind but those about the whole result, and a list of
    /// errors that each name their own.
    fn is_about_a_field(&self) -> bool {
        match self {
            // A select's answer.
            ErrorKind::InvalidValue { .. }
            | ErrorKind::InvalidItem { .. }
            | ErrorKind::DuplicateItem { .. }
            | ErrorKind::TooFewItems { .. }
            | ErrorKind::TooManyItems { .. } => true,
            // A text's or a number's.
            ErrorKind::TooShort { .. }
            | ErrorKind::TooLong { .. }
            | ErrorKind::InvalidFormat { .. }
            | ErrorKind::NotAnInteger { .. }
            | ErrorKind::Inexact { .. }
            | ErrorKind::OutOfRange { .. } => true,
            // Any field's, and a search's.
            ErrorKind::TypeMismatch { .. }
            | ErrorKind::MissingField
            | ErrorKind::Unreadable { .. }
            | ErrorKind::Unsupported { .. }
            | ErrorKind::NoMatch { .. }
            | ErrorKind::TooManyMatches { .. } => true,
            ErrorKind::MalformedResult { .. }
            | ErrorKind::MalformedResponse { .. }
            | ErrorKind::MissingAction { .. }
            | ErrorKind::UnknownAction { .. }
            | ErrorKind::Multiple(_) => false,
        }
    }
}

/// An error that names no field: `Error::from(kind).in_field(name)` names one.
impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error(Box::new(ErrorImpl { kind, field: None }))
    }
}

/// `error == ErrorKind::..`: true when the error names no field and its kind
/// is equal. An error that names a field is never equal to a bare kind, so
/// a comparison cannot pass while ignoring the field: compare it with
/// `Error::from(kind).in_field(name)` instead.
impl PartialEq<ErrorKind> for Error {
    fn eq(&self, other: &ErrorKind) -> bool {
        self.0.field.is_none() && self.0.kind == *other
    }
}

/// `ErrorKind::.. == error`: as `error == kind`, true only when the error
/// names no field.
impl PartialEq<Error> for ErrorKind {
    fn eq(&self, other: &Error) -> bool {
        other == self
    }
}

/// `Error { kind: InvalidValue { .. }, field: Some("pet") }`.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.0.kind)
            .field("field", &self.0.field)
            .finish()
    }
}

/// `field `pet`: ` when the error names a field, then what the kind says.
impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        Prefix(self.field()).fmt(f)?;
        self.0.kind.describe(f)
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
/// assert!(matches!(err.kind(), ErrorKind::InvalidValue { value, .. } if value == "Dogs"));
/// assert_eq!(err.field(), None);
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
        invalid_value(f, self.value, self.allowed)
    }
}

impl std::error::Error for InvalidValue<'_> {}

/// [`ErrorKind::InvalidValue`], naming no field, the string copied.
impl From<InvalidValue<'_>> for Error {
    fn from(miss: InvalidValue<'_>) -> Error {
        Error::from(ErrorKind::InvalidValue {
            value: miss.value.to_owned(),
            allowed: Cow::Borrowed(miss.allowed),
        })
    }
}
#[cfg(test)]
mod tests {
    use super::{Error, ErrorKind, InvalidValue, JsonType};
    use serde_json::Value;
    use std::borrow::Cow;
    use std::mem::size_of;

    /// What a reason quotes is escaped where a reader could not see it,
    /// in JSON's syntax, never Rust's `\u{..}` or `\0`; what a reader can
    /// see (any script, an emoji) is written as it is.
    #[test]
    fn a_quoted_string_escapes_as_json_does() {
        let cases = [
            ("late\u{200b}", r#""late\u200b""#),
            ("a\0b", r#""a\u0000b""#),
            ("\u{202e}evil", r#""\u202eevil""#),
            ("\u{301}x", r#""\u0301x""#),
            ("say \"hi\"\n\\", r#""say \"hi\"\n\\""#),
            ("zürich 東京 😀 ไทย", r#""zürich 東京 😀 ไทย""#),
            ("\u{e0001}tag", r#""\udb40\udc01tag""#),
            ("it's", r#""it's""#),
        ];
        for (text, quoted) in cases {
            assert_eq!(
                super::quote::QuotedStr(text).to_string(),
                quoted,
                "{text:?}"
            );
        }
    }

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

    fn mismatch() -> ErrorKind {
        ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: Value::Null,
        }
    }

    #[test]
    fn in_field_names_an_error_about_a_field_once() {
        let error = Error::from(mismatch()).in_field("a");
        assert_eq!(error.field(), Some("a"));
        assert_eq!(error.clone().in_field("b").field(), Some("a"));
        let missing = Error::from(ErrorKind::MissingField).in_field("a");
        assert_eq!(
            missing.to_string(),
            "field `a`: missing value for a required field"
        );
        let whole = ErrorKind::MissingAction { found: Value::Null };
        assert_eq!(Error::from(whole.clone()).in_field("a").field(), None);
        let multiple = Error::from(ErrorKind::Multiple(vec![error.clone(), missing]));
        let named = multiple.clone().in_field("b");
        assert_eq!(named.field(), None);
        assert_eq!(named, multiple);
        assert_eq!(named.iter().next(), Some(&error));
    }

    #[test]
    fn an_error_equals_a_kind_only_without_a_field() {
        assert_eq!(Error::from(mismatch()), mismatch());
        assert_eq!(mismatch(), Error::from(mismatch()));
        let named = Error::from(mismatch()).in_field("a");
        assert_ne!(named, mismatch());
        assert_ne!(mismatch(), named);
        assert_ne!(named, Error::from(mismatch()));
        assert_ne!(
            named,
            Error::from(mismatch()).in_field(Cow::Owned("b".to_owned()))
        );
        assert_eq!(
            named,
            Error::from(mismatch()).in_field(Cow::Owned("a".to_owned()))
        );
        assert_eq!(named.into_kind(), mismatch());
    }

    #[test]
    fn debug_shows_the_kind_and_the_field() {
        assert_eq!(
            format!("{:?}", Error::from(mismatch()).in_field("a")),
            r#"Error { kind: TypeMismatch { expected: String, found: Null }, field: Some("a") }"#,
        );
    }
}
