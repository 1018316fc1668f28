//! One field of a form as a host shows it ([`Field`], [`Kind`]), what
//! lenient reading changed or kept about it ([`Note`]), and a value it
//! refused ([`Refusal`]).

use std::fmt;

use serde_json::Value;

use crate::error::quote::QuotedStr;
use crate::error::{Error, ErrorKind};
use crate::messages::reasons::{self, Whose};
use crate::messages::{English, Messages};
use crate::schema::number::{written, Reading};
use crate::schema::option::EnumOption;
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringSchema};
use crate::schema::SchemaError;
use crate::schema::{MultiSelectSchema, PrimitiveSchema, SingleSelectSchema};

use super::text;

/// One property of a `requestedSchema`, read for a person to answer: its
/// key, the label to show (the `title`, else the key), its description,
/// whether it is required, what kind of input it takes with its bounds,
/// and its default. Fields come in the order the server wrote them
/// ([`Request::fields`](super::Request::fields)).
///
/// A field the model cannot show (a nested object, an array of objects,
/// a schema this crate cannot check answers against) is still a field,
/// of [`Kind::Unsupported`]: a host shows its label and why, never sends
/// a value for it, and cannot accept the form while it is required.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub(super) key: String,
    pub(super) title: Option<String>,
    pub(super) description: Option<String>,
    pub(super) required: bool,
    pub(super) schema: Result<PrimitiveSchema, SchemaError>,
    /// The default as the value an accept sends, built once.
    pub(super) default: Option<Value>,
    pub(super) notes: Vec<Note>,
}

/// What kind of input a [`Field`] takes, with the wire model's schema of
/// it: every bound, format, option and default is a getter there
/// ([`StringSchema::max_length`], [`NumberSchema::minimum`],
/// [`MultiSelectSchema::max_items`], [`SingleSelectSchema::options`], ..).
///
/// The three single-select shapes of SEP-1330 (untitled `enum`, titled
/// `oneOf`, legacy `enum` + `enumNames`) are one kind: each option's
/// [`label`](EnumOption::label) is what a person reads, its
/// [`value`](EnumOption::value) what is sent. The two multi-select shapes
/// likewise.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Kind<'a> {
    /// `{"type":"string"}`: text, with `minLength`/`maxLength` (in code
    /// points) and a `format` (`email`, `uri`, `date`, `date-time`).
    Text(&'a StringSchema),
    /// `{"type":"integer"}`: a whole number, with `minimum`/`maximum`.
    Integer(&'a NumberSchema),
    /// `{"type":"number"}`: a number, with `minimum`/`maximum`.
    Number(&'a NumberSchema),
    /// `{"type":"boolean"}`: yes or no.
    Boolean(&'a BooleanSchema),
    /// One of a list of options.
    SingleSelect(&'a SingleSelectSchema),
    /// Any of a list of options, within `minItems..=maxItems`.
    MultiSelect(&'a MultiSelectSchema),
    /// A field this model cannot show or check; the error says why.
    Unsupported(&'a SchemaError),
}

/// What lenient reading did with a part of the schema that a strict
/// reader would refuse, so that the rest of the form can still be shown.
/// A host may log these, or show the [`Advisory`](Note::Advisory) ones
/// beside the field.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Note {
    /// A keyword kept as advice and not checked: an unknown `format`
    /// (`"uuid"`), a `pattern`, `multipleOf`, `exclusiveMinimum`,
    /// `exclusiveMaximum`, or an `x-*` extension. The server checks what it
    /// sent; a host may show it as a hint.
    Advisory {
        /// The keyword.
        keyword: String,
        /// Its value, as sent.
        value: Value,
    },
    /// A keyword left out because the schema's own rules refuse it: a
    /// `default` that is not an option or breaks a bound, `enumNames` not
    /// as long as `enum` (the options are then shown by their values), a
    /// `title` that is not a string, `minItems` on a single-select.
    Dropped {
        /// The keyword.
        keyword: String,
        /// Its value, as sent.
        value: Value,
        /// Why it was left out.
        error: SchemaError,
    },
    /// A name in `required` that is no property; left out.
    UnknownRequired {
        /// The name.
        name: String,
    },
    /// A property named a second time in the `requestedSchema` text;
    /// every definition after the first is left out, and the field is
    /// [`Kind::Unsupported`] (peers disagree on which definition counts).
    DuplicateProperty {
        /// The property's name.
        name: String,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Note::Advisory { keyword, value } => write!(
                f,
                "`{keyword}` ({value}) is advice: shown, not checked before sending"
            ),
            Note::Dropped {
                keyword,
                value: _,
                error,
            } => write!(f, "`{keyword}` left out: {error}"),
            Note::UnknownRequired { name } => write!(
                f,
                "`required` names {}, which is not a property; left out",
                QuotedStr(name)
            ),
            Note::DuplicateProperty { name } => write!(
                f,
                "property {} is defined more than once; the field cannot be shown",
                QuotedStr(name)
            ),
        }
    }
}

impl Field {
    /// The property's key in `requestedSchema.properties`: what the
    /// content of an accept names, never shown as the label when there is
    /// a title.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// What a person reads as the field's name: its `title`, else its key.
    pub fn label(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.key)
    }

    /// The field's `title`, if the server gave one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The field's `description`, if the server gave one.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// Whether `requestedSchema.required` names the field: an accept must
    /// carry a value for it.
    pub fn is_required(&self) -> bool {
        self.required
    }

    /// What kind of input the field takes.
    pub fn kind(&self) -> Kind<'_> {
        match &self.schema {
            Ok(PrimitiveSchema::String(schema)) => Kind::Text(schema),
            Ok(PrimitiveSchema::Number(schema)) if schema.is_integer() => Kind::Integer(schema),
            Ok(PrimitiveSchema::Number(schema)) => Kind::Number(schema),
            Ok(PrimitiveSchema::Boolean(schema)) => Kind::Boolean(schema),
            Ok(PrimitiveSchema::SingleSelect(schema)) => Kind::SingleSelect(schema),
            Ok(PrimitiveSchema::MultiSelect(schema)) => Kind::MultiSelect(schema),
            Err(error) => Kind::Unsupported(error),
        }
    }

    /// Whether the model can show and check the field (its kind is not
    /// [`Kind::Unsupported`]).
    pub fn is_supported(&self) -> bool {
        self.schema.is_ok()
    }

    /// The field's schema in the wire model, as the server's checks read
    /// it; `None` for an unsupported field.
    pub fn schema(&self) -> Option<&PrimitiveSchema> {
        self.schema.as_ref().ok()
    }

    /// A select's options, in order (each with its label and value);
    /// empty for any other kind.
    pub fn options(&self) -> &[EnumOption] {
        match &self.schema {
            Ok(PrimitiveSchema::SingleSelect(schema)) => schema.options(),
            Ok(PrimitiveSchema::MultiSelect(schema)) => schema.options(),
            _ => &[],
        }
    }

    /// The field's `default` as the value an accept sends for it (a
    /// string, a number, a boolean, or an array of option values), checked
    /// against the field's own schema: a default the schema refuses was
    /// left out when the request was read, with a [`Note::Dropped`].
    pub fn default_value(&self) -> Option<&Value> {
        self.default.as_ref()
    }

    /// What lenient reading changed or kept as advice about this field.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// The few words that say what the field takes, to show before a
    /// person types, in this crate's English: `"a whole number from 1 to
    /// 3"`, `"text, at most 200 characters"`, `"an email address, such as
    /// name@example.com"`, `"yes or no"`, `"one of the choices: its number
    /// or its name"`, `"pick at most 2: numbers or names, separated by
    /// commas"`; `""` for an unsupported field.
    ///
    /// ```
    /// use enum_schema::host::Request;
    ///
    /// let request = Request::from_params_str(r#"{"message": "Book", "requestedSchema": {
    ///     "type": "object",
    ///     "properties": {
    ///         "guests": {"type": "integer", "title": "Guests", "minimum": 1, "maximum": 3},
    ///         "extras": {"type": "array", "maxItems": 2, "items": {"enum": ["tea", "cake", "wifi"]}}
    ///     }
    /// }}"#)?;
    /// assert_eq!(request.fields()[0].hint(), "a whole number from 1 to 3");
    /// assert_eq!(request.fields()[1].hint(), "pick at most 2: numbers or names, separated by commas");
    /// # Ok::<(), enum_schema::host::ReadError>(())
    /// ```
    pub fn hint(&self) -> String {
        self.hint_in(&English)
    }

    /// [`hint`](Self::hint), as `messages` words it ([`Messages::hint`]).
    pub fn hint_in(&self, messages: &dyn Messages) -> String {
        match &self.schema {
            Ok(schema) => messages.hint(self.label(), schema, &reasons::hint(schema)),
            Err(_) => String::new(),
        }
    }

    /// Checks a value a widget produced (a string, a number, a boolean, or
    /// an array of option values) with the server's own checks
    /// ([`PrimitiveSchema::check`]): a value this accepts, the server's
    /// parsing of the answer accepts; a value it refuses, the server would
    /// refuse for the same reason. Returns the value as it is sent: as
    /// given, except that an integer field's whole double is sent as the
    /// integer it is (`2.0` as `2`), which a server reading the field into
    /// an integer type takes.
    ///
    /// An integer field also refuses a whole double at or beyond 2^53
    /// (`9007199254740992.0`), which stands for several integers, as a
    /// server's typed integer field does
    /// ([`ErrorKind::Inexact`](crate::ErrorKind::Inexact)); a schema built
    /// at run time takes it. An integer typed as text is exact
    /// ([`parse_text`](Self::parse_text)).
    ///
    /// # Errors
    ///
    /// A [`Refusal`] whose [`error`](Refusal::error) is the server's
    /// [`Error`] (naming this field), and whose reason a person reads. An
    /// unsupported field refuses every value with
    /// [`ErrorKind::Unsupported`](crate::ErrorKind::Unsupported): nothing
    /// is sent for it.
    pub fn check(&self, value: Value) -> Result<Value, Refusal<'_>> {
        match &self.schema {
            Ok(schema) => strictest(schema, value).map_err(|error| self.refuse(error)),
            Err(_) => Err(self.refuse(Error::from(ErrorKind::Unsupported { found: value }))),
        }
    }

    /// Reads what a person typed on a line into the value an accept sends
    /// for this field, then checks it as [`check`](Self::check) does.
    /// `Ok(None)`: the person left the field blank (an empty line, or only
    /// spaces for anything but text); a required field refuses that with
    /// [`ErrorKind::MissingField`](crate::ErrorKind::MissingField).
    ///
    /// The rules, by kind:
    ///
    /// - **Text**: taken as typed, spaces included; lengths are counted in
    ///   code points, as the server counts them.
    /// - **Integer** and **number**: plain decimal, an optional sign and
    ///   exponent (`-12`, `2.5`, `1e3`, `.5`); an integer field takes
    ///   `10.0` and `1e1` as `10`, exactly, up to 64 bits (a whole number
    ///   beyond, which JSON carries only as a rounded double, is refused,
    ///   as out of range where a bound says so). Hexadecimal,
    ///   `Infinity`, `NaN`, digit separators and a decimal comma (`1,5`,
    ///   whose reason shows `1.5`) are refused, and so is a number no JSON
    ///   double holds (`1e400`), or one a double would turn into zero
    ///   (`1e-400`).
    /// - **Boolean**: `yes`/`no`, `y`/`n`, `true`/`false`, `1`/`0`, in any
    ///   case.
    /// - **Single-select**: an option's value, else its label (exactly,
    ///   else ignoring case if only one option's label matches), else its
    ///   number in the list, from 1.
    /// - **Multi-select**: a JSON array (`["tea", "cake"]`, or numbers), or
    ///   the same choices as a single-select separated by commas when no
    ///   option's value or label has a comma (`1, 3` or `tea, cake`);
    ///   `[]` picks none, and commas with nothing between them (`,`) are
    ///   a blank answer. A choice named twice is refused, not merged.
    ///
    /// # Errors
    ///
    /// A [`Refusal`]: [`ErrorKind::Unreadable`](crate::ErrorKind::Unreadable)
    /// for text that does not read as the field's kind, else the server's
    /// check of the value read
    /// ([`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange),
    /// [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue),
    /// [`ErrorKind::TooManyItems`](crate::ErrorKind::TooManyItems), ..).
    ///
    /// ```
    /// use enum_schema::host::Request;
    /// use enum_schema::ErrorKind;
    /// use serde_json::json;
    ///
    /// let request = Request::from_params_str(r#"{"message": "Triage", "requestedSchema": {
    ///     "type": "object",
    ///     "properties": {
    ///         "severity": {"type": "string", "title": "Severity",
    ///                      "oneOf": [{"const": "sev1", "title": "Outage"}, {"const": "sev2", "title": "Degraded"}]},
    ///         "minutes": {"type": "integer", "title": "Minutes", "minimum": 1, "maximum": 90}
    ///     },
    ///     "required": ["severity"]
    /// }}"#)?;
    /// let [severity, minutes] = request.fields() else { unreachable!() };
    ///
    /// assert_eq!(severity.parse_text("degraded").unwrap(), Some(json!("sev2")));
    /// assert_eq!(severity.parse_text("1").unwrap(), Some(json!("sev1")));
    /// assert_eq!(minutes.parse_text("1e1").unwrap(), Some(json!(10)));
    ///
    /// let refused = minutes.parse_text("120").unwrap_err();
    /// assert!(matches!(refused.error().kind(), ErrorKind::OutOfRange { .. }));
    /// assert_eq!(refused.reason(), "Minutes: enter a number from 1 to 90; you entered “120”.");
    /// assert_eq!(
    ///     minutes.parse_text("7,5").unwrap_err().reason(),
    ///     "Minutes: enter a whole number from 1 to 90; you entered “7,5”.",
    /// );
    /// assert_eq!(severity.parse_text("").unwrap_err().reason(), "Severity: this answer is required.");
    /// # Ok::<(), enum_schema::host::ReadError>(())
    /// ```
    pub fn parse_text(&self, text: &str) -> Result<Option<Value>, Refusal<'_>> {
        let Ok(schema) = &self.schema else {
            return match text.trim().is_empty() {
                true => self.blank(),
                false => self.check(Value::String(text.to_owned())).map(Some),
            };
        };
        match text::read(schema, text) {
            Ok(None) => self.blank(),
            Ok(Some(value)) => match strictest(schema, value) {
                Ok(value) => Ok(Some(value)),
                // A whole number beyond 64 bits, within the bounds: typed
                // exactly, and no JSON number carries it so.
                Err(error) if matches!(error.kind(), ErrorKind::Inexact { .. }) => Err(self
                    .refuse(Error::from(ErrorKind::Unreadable {
                        text: text.to_owned(),
                        expected: crate::error::JsonType::Number,
                    }))),
                Err(error) => Err(self.refuse(error)),
            },
            Err(kind) => Err(self.refuse(Error::from(kind))),
        }
    }

    /// A blank answer: nothing, unless the field is required.
    fn blank(&self) -> Result<Option<Value>, Refusal<'_>> {
        if self.required {
            Err(self.refuse(Error::from(crate::error::ErrorKind::MissingField)))
        } else {
            Ok(None)
        }
    }

    pub(super) fn refuse(&self, error: Error) -> Refusal<'_> {
        Refusal {
            field: self,
            error: error.in_field(self.key.clone()),
        }
    }
}

/// The check of `value` as the strictest server runs it: the schema's
/// own, and for an integer field, a whole double at or beyond 2^53 refused
/// as a typed integer field refuses it (which of the integers it stands
/// for was meant cannot be known).
pub(super) fn strictest(schema: &PrimitiveSchema, value: Value) -> Result<Value, Error> {
    let value = schema.check(value)?;
    if let (PrimitiveSchema::Number(number), Value::Number(read)) = (schema, &value) {
        if number.is_integer() {
            if matches!(Reading::of(read), Reading::Rounded { .. }) {
                return Err(Error::from(ErrorKind::Inexact {
                    text: written(read),
                }));
            }
            // A whole double (`2.0`) is sent as the integer it is (`2`):
            // a server that reads the field into an integer type with
            // serde refuses `2.0`. Below 2^53, where a double is the one
            // integer it reads as (from 2^53 on, refused as inexact above
            // within 64 bits, and beyond them no integer type holds it).
            if let Some(double) = read
                .as_f64()
                .filter(|double| read.is_f64() && double.abs() < 9_007_199_254_740_992.0)
            {
                return Ok(Value::from(double as i64));
            }
        }
    }
    Ok(value)
}

/// A value a host refused for one field, before anything is sent: the
/// server's own [`Error`] (naming the field by its key), and the sentence
/// a person reads under the field, which names it by its label and says
/// what to enter instead. The same sentence a server that asks again
/// shows ([`Messages::reason`]).
///
/// ```
/// use enum_schema::host::Request;
///
/// let request = Request::from_params_str(r#"{"message": "Pick", "requestedSchema": {
///     "type": "object",
///     "properties": {"extras": {"type": "array", "title": "Extras", "maxItems": 1,
///                               "items": {"anyOf": [{"const": "tea", "title": "Tea"},
///                                                   {"const": "cake", "title": "Cake"}]}}}
/// }}"#)?;
/// let refused = request.fields()[0].parse_text("tea, cake").unwrap_err();
/// assert_eq!(refused.reason(), "Extras: pick at most 1; you picked 2.");
/// assert_eq!(refused.error().field(), Some("extras"));
/// # Ok::<(), enum_schema::host::ReadError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal<'a> {
    field: &'a Field,
    error: Error,
}

impl<'a> Refusal<'a> {
    /// The field refused.
    pub fn field(&self) -> &'a Field {
        self.field
    }

    /// The error the server's check gives for the same value, naming the
    /// field by its key.
    pub fn error(&self) -> &Error {
        &self.error
    }

    /// The error, owned.
    pub fn into_error(self) -> Error {
        self.error
    }

    /// The reason a person reads, in this crate's English.
    pub fn reason(&self) -> String {
        self.reason_in(&English)
    }

    /// The reason a person reads, as `messages` words it
    /// ([`Messages::reason`], and [`Messages::hint`] inside it).
    pub fn reason_in(&self, messages: &dyn Messages) -> String {
        // The server's title, on one line and in the order it is read, as
        // the reason quotes what the person typed.
        let label: String = self
            .field
            .label()
            .chars()
            .map(|c| if reasons::is_invisible(c) { ' ' } else { c })
            .collect();
        if let Err(why) = &self.field.schema {
            // No value mends it: say so, whatever was refused. Why, only
            // where a person can follow it: what the schema lacks is for
            // the host's developer (`Field::kind`).
            let why = match why {
                SchemaError::TooManyOptions { .. } => format!(" ({why})"),
                _ => String::new(),
            };
            let then = match self.field.required {
                true => "decline the form instead",
                false => "leave it blank",
            };
            let english = format!("{label}: this field cannot be answered here{why}; {then}.");
            return messages.reason(&label, self.error.kind(), &english);
        }
        let mut text = String::new();
        for error in self.error.iter() {
            if !text.is_empty() {
                text.push('\n');
            }
            let sentence = reasons::sentence(
                error.kind(),
                &label,
                self.field.schema(),
                messages,
                Whose::Person,
            );
            text.push_str(&sentence);
        }
        text
    }
}

impl fmt::Display for Refusal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.reason())
    }
}

impl std::error::Error for Refusal<'_> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
