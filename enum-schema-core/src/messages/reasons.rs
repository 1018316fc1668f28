//! The English sentences that say why an answer was refused, and the
//! hints that say what a field takes: each built in English, then handed to
//! [`Messages`] to be worded (by default, as it is). Written once for both
//! sides of the exchange: a question a server asks again and a refusal a
//! host shows.

use std::fmt::Write;

use serde_json::Value;

use super::Messages;
#[cfg(feature = "ask")]
use crate::error::Error;
use crate::error::{ErrorKind, JsonType};
use crate::schema::format::date::{missing_from_date_time, Missing};
use crate::schema::format::email::{not_ascii_email, NotAscii};
use crate::schema::format::uri::{uri_problem, UriProblem};
use crate::schema::number::{stands_outside, written, Inexact};
use crate::schema::option::EnumOption;
use crate::schema::primitive::StringFormat;
use crate::schema::PrimitiveSchema;
#[cfg(feature = "ask")]
use crate::schema::RequestedSchema;

/// What was sent, and what is allowed, for an answer that is not one of
/// the options: a single-select's value, a multi-select's item.
pub(crate) fn not_an_option(kind: &ErrorKind) -> Option<(Option<&str>, &[EnumOption])> {
    match kind {
        ErrorKind::InvalidValue { value, allowed, .. } => Some((Some(value), allowed)),
        ErrorKind::InvalidItem {
            index,
            items,
            allowed,
            ..
        } => Some((items.get(*index).and_then(Value::as_str), allowed)),
        _ => None,
    }
}

/// The option whose title is what the client `sent` instead of a value.
pub(crate) fn titled<'a>(sent: Option<&str>, allowed: &'a [EnumOption]) -> Option<&'a EnumOption> {
    allowed
        .iter()
        .find(|option| option.title().is_some() && option.title() == sent)
}

/// How many characters of what the person entered a reason quotes.
const QUOTED: usize = 40;

/// Whether `c` would break a line or reorder or hide text where it is
/// shown: control characters (newlines among them), the line and paragraph
/// separators, and the bidirectional and zero-width formatting marks.
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// `“text”`, cut after [`QUOTED`] characters, each character that
/// [`is_invisible`] shown as a space, so that what a client sent stays
/// inside its quotes, on one line, in the order it is read.
pub(crate) fn quote(text: &str) -> String {
    let mut quoted = String::from("“");
    for (count, c) in text.chars().enumerate() {
        if count == QUOTED {
            quoted.push('…');
            break;
        }
        quoted.push(if is_invisible(c) { ' ' } else { c });
    }
    quoted.push('”');
    quoted
}

/// How many options a reason lists before it says "…".
const LISTED: usize = 8;

/// The options' titles (or values), as a person reads them.
fn choices(options: &[EnumOption]) -> String {
    let mut text = String::new();
    for (index, option) in options.iter().take(LISTED).enumerate() {
        if index > 0 {
            text.push_str(if index + 1 == options.len() {
                " or "
            } else {
                ", "
            });
        }
        text.push_str(&quote(option.label()));
    }
    if options.len() > LISTED {
        text.push_str(", …");
    }
    text
}

/// The property's own `title`.
#[cfg(feature = "ask")]
pub(crate) fn title(property: &PrimitiveSchema) -> Option<&str> {
    match property {
        PrimitiveSchema::String(schema) => schema.title.as_deref(),
        PrimitiveSchema::Number(schema) => schema.title.as_deref(),
        PrimitiveSchema::Boolean(schema) => schema.title.as_deref(),
        PrimitiveSchema::SingleSelect(schema) => schema.title.as_deref(),
        PrimitiveSchema::MultiSelect(schema) => schema.title.as_deref(),
    }
}

fn item_text(item: &Value) -> String {
    match item {
        Value::String(text) => quote(text),
        other => quote(&other.to_string()),
    }
}

fn kind_of(json_type: JsonType) -> &'static str {
    match json_type {
        JsonType::String => "a text",
        JsonType::Number => "a number",
        JsonType::Boolean => "yes or no",
        JsonType::Array => "a list of choices",
        JsonType::Object | JsonType::Null => "an answer",
    }
}

fn format_text(format: StringFormat) -> &'static str {
    match format {
        StringFormat::Email => "an email address, such as name@example.com",
        StringFormat::Uri => "a full address, such as https://example.com/page",
        StringFormat::Date => "a date, such as 2026-12-31",
        StringFormat::DateTime => "a date and time, such as 2026-12-31T09:30:00Z",
    }
}

/// Whose answer a reason refuses, which its English follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whose {
    /// The person's, to the question as it is.
    Person,
    /// The person's, to an earlier form of the question whose options
    /// changed since: a value that is not an option now is "no longer" one.
    Changed,
    /// A suggestion the person did not make (the tool's argument, from the
    /// model): nothing says "you picked" or "again".
    Suggested,
}

impl Whose {
    /// Who gave the value a reason quotes: "you entered" it, or "the
    /// suggestion was" it.
    fn entered(self) -> &'static str {
        match self {
            Whose::Suggested => "the suggestion was",
            Whose::Person | Whose::Changed => "you entered",
        }
    }

    /// Whose text a reason counts the characters of: "you entered" 8, or
    /// "the suggestion has" 8.
    fn counted(self) -> &'static str {
        match self {
            Whose::Suggested => "the suggestion has",
            Whose::Person | Whose::Changed => "you entered",
        }
    }

    /// The value itself, as a reason's subject: "what you entered", or
    /// "the suggestion".
    fn value(self) -> &'static str {
        match self {
            Whose::Suggested => "the suggestion",
            Whose::Person | Whose::Changed => "what you entered",
        }
    }
}

/// One sentence per problem, one per line, in the order of the form, each
/// as `messages` words it (the English below by default), worded for
/// `whose` answer it was.
#[cfg(feature = "ask")]
pub(crate) fn reasons(
    error: &Error,
    schema: &RequestedSchema,
    messages: &dyn Messages,
    whose: Whose,
) -> String {
    let mut text = String::new();
    for error in error.iter() {
        if !text.is_empty() {
            text.push('\n');
        }
        let name = error.field().unwrap_or("");
        let property = schema
            .properties
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, property)| property);
        // The label a person sees: the field's title, else its key.
        let field = property.and_then(title).unwrap_or(name);
        text.push_str(&sentence(error.kind(), field, property, messages, whose));
    }
    text
}

/// The one sentence that says why an answer to the field a person knows
/// as `field` was refused for `kind`, as `messages` words it; `property`
/// is the field's schema where it is known (a select's choices, a
/// number's bounds for the hint).
pub(crate) fn sentence(
    kind: &ErrorKind,
    field: &str,
    property: Option<&PrimitiveSchema>,
    messages: &dyn Messages,
    whose: Whose,
) -> String {
    let mut english = String::new();
    // Writing to a String cannot fail.
    let _ = match (kind, property) {
        (ErrorKind::TypeMismatch { .. }, Some(PrimitiveSchema::SingleSelect(select))) => {
            write!(english, "{field}: choose {}.", choices(&select.options))
        }
        (ErrorKind::TypeMismatch { .. }, Some(PrimitiveSchema::MultiSelect(_))) => {
            write!(english, "{field}: choose from the list.")
        }
        (ErrorKind::Unreadable { text, expected }, property) => unreadable(
            &mut english,
            field,
            text,
            *expected,
            property,
            messages,
            whose,
        ),
        (ErrorKind::Inexact { text }, property) => {
            inexact(&mut english, field, text, property, messages, whose)
        }
        // An integer field's bounds as its hint and the schema sent say
        // them: whole numbers within 64 bits (1.5..9.5 as 2 to 9, 2.0 as
        // 2, a `u64`'s maximum as `i64::MAX`, what every peer reads).
        (ErrorKind::OutOfRange { value, .. }, Some(PrimitiveSchema::Number(number)))
            if number.integer =>
        {
            let (minimum, maximum) = (number.advertised_minimum(), number.advertised_maximum());
            out_of_range(
                &mut english,
                field,
                value,
                (minimum.as_ref(), maximum.as_ref()),
                whose,
            )
        }
        (kind, _) => reason(&mut english, field, kind, whose),
    };
    match whose {
        Whose::Changed if withdrawn(kind) => messages.no_longer_a_choice(field, kind, &english),
        Whose::Suggested => messages.suggestion_refused(field, kind, &english),
        _ => messages.reason(field, kind, &english),
    }
}

/// The reason for `text` that does not read as a number or as yes or
/// no: a decimal comma is named, and the hint says what to enter.
fn unreadable(
    english: &mut String,
    field: &str,
    text: &str,
    expected: JsonType,
    property: Option<&PrimitiveSchema>,
    messages: &dyn Messages,
    whose: Whose,
) -> std::fmt::Result {
    let entered = whose.entered();
    let hint = property.map(|property| messages.hint(field, property, &hint(property)));
    let trimmed = text.trim();
    let integer = matches!(property, Some(PrimitiveSchema::Number(number)) if number.integer);
    if let Some(thousands) = (expected == JsonType::Number)
        .then(|| comma_fraction(trimmed))
        .flatten()
        .map(|fraction| fraction.len() == 3)
    {
        // Three digits after the comma may be thousands (1,000) as well as
        // a decimal comma: say both ways to write it, and only the whole
        // one for an integer field.
        // A number too long to repeat whole is told what to change, not
        // shown mended (a reason stays a line, whatever was typed).
        // (An integer field's decimal comma is told its range, the text
        // quoted as always, below: nothing is mended back.)
        let mended = !integer || thousands;
        if mended && trimmed.chars().count() > QUOTED {
            let how = if integer {
                "write the number without a comma"
            } else if thousands {
                "write it without a comma, or with a point if you meant a decimal"
            } else {
                "write a decimal with a point instead of the comma"
            };
            return write!(english, "{field}: {how}; {entered} {}.", quote(text));
        }
        let (point, plain) = (trimmed.replace(',', "."), trimmed.replace(',', ""));
        return match (integer, thousands, hint) {
            (true, true, _) => write!(
                english,
                "{field}: write the number without a comma, as in {plain}."
            ),
            (true, false, Some(hint)) => {
                write!(english, "{field}: enter {hint}; {entered} {}.", quote(text))
            }
            (true, false, None) => write!(
                english,
                "{field}: enter a whole number; {entered} {}.",
                quote(text)
            ),
            (false, true, _) => write!(
                english,
                "{field}: write {plain} without a comma, or {point} if you meant a decimal."
            ),
            (false, false, _) => write!(
                english,
                "{field}: write a decimal with a point, as in {point}."
            ),
        };
    }
    let (what, shaped) = match expected {
        JsonType::Boolean => ("yes or no", false),
        _ => ("a number", crate::schema::number::is_decimal(trimmed)),
    };
    let quoted = quote(text);
    // A decimal a double holds, refused for an integer field: a fraction
    // whose nearest double is whole (9007199254740993.5), or a whole
    // number beyond 64 bits, which a double holds only rounded.
    if shaped && integer {
        match Inexact::of(trimmed) {
            Inexact::Fraction => {
                return write!(
                    english,
                    "{field}: enter a whole number; {entered} {quoted}."
                )
            }
            Inexact::Rounded => {
                let enter = hint.map_or_else(String::new, |hint| format!("; enter {hint}"));
                return write!(
                    english,
                    "{field}: {quoted} is too large to send as a whole number{enter}."
                );
            }
            Inexact::Large | Inexact::Small => {}
        }
    }
    match (shaped, hint) {
        // A decimal beyond what JSON carries: 1e400, or 1e-400.
        (true, Some(hint)) => write!(
            english,
            "{field}: {quoted} is too large or too close to zero to send; enter {hint}."
        ),
        (true, None) => write!(
            english,
            "{field}: {quoted} is too large or too close to zero to send."
        ),
        (false, Some(hint)) => write!(english, "{field}: {quoted} is not {what}; enter {hint}."),
        (false, None) => write!(english, "{field}: {quoted} is not {what}."),
    }
}

/// The reason for a number the field cannot read exactly: what is wrong
/// with it, and what to enter (the field's hint, with its bounds, where
/// the field is known).
fn inexact(
    english: &mut String,
    field: &str,
    text: &str,
    property: Option<&PrimitiveSchema>,
    messages: &dyn Messages,
    whose: Whose,
) -> std::fmt::Result {
    let entered = whose.entered();
    let hint = property.map(|property| messages.hint(field, property, &hint(property)));
    let quoted = quote(text);
    let enter = match &hint {
        Some(hint) => format!("; enter {hint}"),
        None => String::new(),
    };
    match Inexact::of(text) {
        Inexact::Large => write!(english, "{field}: {quoted} is too large{enter}."),
        Inexact::Small => write!(
            english,
            "{field}: {quoted} is too close to zero to be read{enter}."
        ),
        Inexact::Fraction => write!(
            english,
            "{field}: enter a whole number; {entered} {quoted}."
        ),
        Inexact::Rounded => write!(
            english,
            "{field}: {quoted} reached the server rounded; enter the whole number in digits only, without a decimal point or an exponent."
        ),
    }
}

/// `12,5` or `-0,25`: a number written with a decimal comma.
/// The digits after the one comma of a number written with one (`1,5`,
/// `-0,25`, `1,000`); `None` for anything else (`1,000,000`, `1,`).
fn comma_fraction(text: &str) -> Option<&str> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once(',')?;
    let digits_only = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    (digits_only(whole) && digits_only(fraction)).then_some(fraction)
}

/// What a field takes, in a few words a person reads before typing: "a
/// whole number from 1 to 3", "pick at most 2: numbers or names,
/// separated by commas", "an email address, such as name@example.com".
pub(crate) fn hint(property: &PrimitiveSchema) -> String {
    match property {
        PrimitiveSchema::String(string) => {
            let what = string.format.map_or("text", format_text);
            let lengths = match (string.min_length, string.max_length) {
                (Some(min), Some(max)) if min == max => format!("exactly {min} characters"),
                (Some(min), Some(max)) => format!("{min} to {max} characters"),
                (Some(min), None) if min > 0 => format!("at least {min} characters"),
                (_, Some(max)) => format!("at most {max} characters"),
                _ => return what.to_owned(),
            };
            let sep = if string.format.is_some() { ";" } else { "," };
            format!("{what}{sep} {lengths}")
        }
        PrimitiveSchema::Number(number) => {
            let (what, minimum, maximum) = if number.integer {
                let bound = |bound: Option<serde_json::Number>| bound.map(|n| n.to_string());
                (
                    "a whole number",
                    bound(number.advertised_minimum()),
                    bound(number.advertised_maximum()),
                )
            } else {
                (
                    "a number",
                    number.minimum.as_ref().map(ToString::to_string),
                    number.maximum.as_ref().map(ToString::to_string),
                )
            };
            match (minimum, maximum) {
                (Some(min), Some(max)) => format!("{what} from {min} to {max}"),
                (Some(min), None) => format!("{what} of at least {min}"),
                (None, Some(max)) => format!("{what} of at most {max}"),
                (None, None) => what.to_owned(),
            }
        }
        PrimitiveSchema::Boolean(_) => "yes or no".to_owned(),
        PrimitiveSchema::SingleSelect(_) => "one of the choices: its number or its name".to_owned(),
        PrimitiveSchema::MultiSelect(select) => {
            let how = if select
                .options
                .iter()
                .any(|option| option.value().contains(',') || option.label().contains(','))
            {
                "as a JSON array of names, such as [\"a\", \"b\"]"
            } else {
                "numbers or names, separated by commas"
            };
            let count = count_hint(select).unwrap_or_else(|| "pick any".to_owned());
            format!("{count}: {how}")
        }
    }
}

/// How many options a multi-select takes, in the words of [`hint`]:
/// "pick at most 2", "pick 1 or 2"; `None` when any number will do. A
/// host whose widget is a checklist shows this alone, since nothing is
/// typed.
pub(crate) fn count_hint(select: &crate::schema::MultiSelectSchema) -> Option<String> {
    Some(
        match (select.min_items.filter(|min| *min > 0), select.max_items) {
            (Some(min), Some(max)) if min == max => format!("pick {min}"),
            (Some(min), Some(max)) if max == min + 1 => format!("pick {min} or {max}"),
            (Some(min), Some(max)) => format!("pick {min} to {max}"),
            (Some(min), None) => format!("pick at least {min}"),
            (None, Some(max)) => format!("pick at most {max}"),
            (None, None) => return None,
        },
    )
}

/// Whether `kind` is an answer that is not one of the options (but an
/// option's title sent for its value): after the options changed, one
/// that is no longer an option.
pub(crate) fn withdrawn(kind: &ErrorKind) -> bool {
    not_an_option(kind).is_some_and(|(sent, allowed)| titled(sent, allowed).is_none())
}

/// The reason for an answer `shown` that is not one of `allowed`: a client
/// that `sent` an option's title instead of its value is asked to choose that
/// option again, by its label; after the options changed (`whose`), the
/// answer is "no longer" one of them.
fn not_a_choice(
    text: &mut String,
    field: &str,
    sent: Option<&str>,
    shown: &str,
    from: &str,
    allowed: &[EnumOption],
    whose: Whose,
) -> std::fmt::Result {
    let no = if whose == Whose::Changed {
        "no longer"
    } else {
        "not"
    };
    let again = if whose == Whose::Suggested {
        ""
    } else {
        " again"
    };
    match titled(sent, allowed) {
        Some(option) => write!(
            text,
            "{field}: please choose {}{again} from the list.",
            quote(option.label())
        ),
        None => write!(
            text,
            "{field}: {shown} is {no} one of the choices; choose {from}{}.",
            choices(allowed)
        ),
    }
}

fn reason(text: &mut String, field: &str, kind: &ErrorKind, whose: Whose) -> std::fmt::Result {
    // How many were picked, by the person or in a suggestion.
    let picked = |count: usize| match whose {
        Whose::Suggested if count == 0 => "none were suggested".to_owned(),
        Whose::Suggested if count == 1 => "1 was suggested".to_owned(),
        Whose::Suggested => format!("{count} were suggested"),
        Whose::Person | Whose::Changed => format!("you picked {count}"),
    };
    match kind {
        ErrorKind::InvalidValue { value, allowed, .. } => {
            not_a_choice(text, field, Some(value), &quote(value), "", allowed, whose)
        }
        ErrorKind::InvalidItem {
            index,
            items,
            allowed,
            ..
        } => {
            let item = items.get(*index);
            let shown = item.map_or_else(String::new, item_text);
            let sent = item.and_then(Value::as_str);
            not_a_choice(text, field, sent, &shown, "from ", allowed, whose)
        }
        ErrorKind::DuplicateItem { index, items, .. } => write!(
            text,
            "{field}: {} is chosen twice; choose each at most once.",
            items.get(*index).map_or_else(String::new, item_text)
        ),
        ErrorKind::TooFewItems { min, items, .. } => write!(
            text,
            "{field}: pick at least {min}; {}.",
            picked(items.len())
        ),
        ErrorKind::TooManyItems { max, items, .. } => write!(
            text,
            "{field}: pick at most {max}; {}.",
            picked(items.len())
        ),
        ErrorKind::TypeMismatch { expected, .. } => {
            write!(text, "{field}: the answer must be {}.", kind_of(*expected))
        }
        ErrorKind::TooShort {
            value, min_length, ..
        } => length(text, field, ("at least", *min_length), value, whose),
        ErrorKind::TooLong {
            value, max_length, ..
        } => length(text, field, ("at most", *max_length), value, whose),
        ErrorKind::InvalidFormat { value, format, .. } => {
            // A valid value with a space (or a line break) around it: say
            // that, not that it is no address.
            let trimmed = value.trim();
            if trimmed.len() != value.len() && format.matches(trimmed) {
                let edge = match (value.starts_with(trimmed), value.ends_with(trimmed)) {
                    (true, _) => "at its end",
                    (_, true) => "at its start",
                    _ => "at its start and end",
                };
                return write!(
                    text,
                    "{field}: {} has a space {edge}; enter {}.",
                    quote(value),
                    quote(trimmed)
                );
            }
            match format {
                StringFormat::Email => {
                    if let Some(not_ascii) = not_ascii_email(value) {
                        return email_not_ascii(text, field, value, not_ascii);
                    }
                }
                StringFormat::Uri => return uri_reason(text, field, value),
                _ => {}
            }
            let missing = match format {
                StringFormat::DateTime => missing_from_date_time(value),
                _ => None,
            };
            let value = quote(value);
            let zone = " (Z for UTC, or an offset such as +01:00)";
            let (missing, zone) = match missing {
                None => return write!(text, "{field}: {value} is not {}.", format_text(*format)),
                Some(Missing::Seconds) => ("the seconds", ""),
                Some(Missing::Zone) => ("the time zone", zone),
                Some(Missing::SecondsAndZone) => ("the seconds and the time zone", zone),
            };
            write!(
                text,
                "{field}: {value} is missing {missing}; enter {}{zone}.",
                format_text(*format)
            )
        }
        ErrorKind::NotAnInteger { value, .. } => write!(
            text,
            "{field}: enter a whole number; {} {}.",
            whose.entered(),
            quote(&written(value))
        ),
        ErrorKind::OutOfRange {
            value,
            minimum,
            maximum,
            ..
        } => out_of_range(text, field, value, (minimum.as_ref(), maximum.as_ref()), whose),
        ErrorKind::MissingField => write!(text, "{field}: this answer is required."),
        ErrorKind::Unsupported { .. } => write!(
            text,
            "{field}: this field cannot be answered here; decline the form instead."
        ),
        ErrorKind::NoMatch { value, .. } => write!(
            text,
            "{field}: nothing matches {}; try another part of the name.",
            quote(value)
        ),
        ErrorKind::TooManyMatches {
            value,
            matches,
            limit,
            ..
        } => write!(
            text,
            "{field}: {} matches {matches} options; type more of the name, so that at most {limit} match.",
            quote(value)
        ),
        _ => write!(text, "{field}: please answer again."),
    }
}

/// The longest address a reason suggests, whole (an e-mail address has at
/// most 254 characters): a longer one is not quoted in part, where a cut
/// would suggest a wrong address, but left out.
const SUGGESTED: usize = 254;

/// The reason for an e-mail address refused for characters outside ASCII
/// (`email` is ASCII; MCP has no `idn-email`): where they are, and the
/// address to enter where there is one.
fn email_not_ascii(
    text: &mut String,
    field: &str,
    value: &str,
    not_ascii: NotAscii,
) -> std::fmt::Result {
    let quoted = quote(value);
    let not_ascii = match not_ascii {
        NotAscii::Domain(Some(ascii)) if ascii.len() > SUGGESTED => NotAscii::Domain(None),
        other => other,
    };
    match not_ascii {
        NotAscii::Domain(Some(ascii)) => write!(
            text,
            "{field}: {quoted} has accented or non-Latin characters in its domain; enter it as “{ascii}”, the same address written for email."
        ),
        NotAscii::Domain(None) => write!(
            text,
            "{field}: {quoted} has accented or non-Latin characters in its domain, which cannot be written for email here; enter another address."
        ),
        NotAscii::Local => write!(
            text,
            "{field}: {quoted} has accented or non-Latin characters before the @, which an address here cannot have; enter one without them, such as name@example.com."
        ),
    }
}

/// The reason for a `uri` that is not a full address: what is wrong with
/// it, and how to write it.
fn uri_reason(text: &mut String, field: &str, value: &str) -> std::fmt::Result {
    let quoted = quote(value);
    let short = |mended: Option<String>| mended.filter(|mended| mended.len() <= SUGGESTED);
    let problem = match uri_problem(value) {
        UriProblem::NoScheme(mended) => UriProblem::NoScheme(short(mended)),
        UriProblem::NotAscii(mended) => UriProblem::NotAscii(short(mended)),
        UriProblem::Space(mended) => UriProblem::Space(short(mended)),
        UriProblem::Other => UriProblem::Other,
    };
    match problem {
        UriProblem::NotAscii(Some(encoded)) => write!(
            text,
            "{field}: {quoted} has accented or non-Latin characters; enter them percent-encoded, as in “{encoded}”."
        ),
        UriProblem::NotAscii(None) => write!(
            text,
            "{field}: {quoted} has accented or non-Latin characters; enter them percent-encoded (é as %C3%A9)."
        ),
        UriProblem::Space(Some(encoded)) => write!(
            text,
            "{field}: {quoted} has a space; enter it as %20, as in “{encoded}”."
        ),
        UriProblem::Space(None) => write!(
            text,
            "{field}: {quoted} has a space; enter it as %20."
        ),
        UriProblem::NoScheme(Some(full)) => write!(
            text,
            "{field}: {quoted} has no scheme; enter the full address, with its scheme, such as “{full}”."
        ),
        UriProblem::NoScheme(None) => write!(
            text,
            "{field}: {quoted} is a relative path, not a full address; enter it with its scheme and host, such as https://example.com/page."
        ),
        UriProblem::Other => write!(
            text,
            "{field}: {quoted} is not a full address, such as https://example.com/page."
        ),
    }
}

/// The reason for a text of the wrong length: `bound` characters at
/// `least` or at most.
fn length(
    text: &mut String,
    field: &str,
    (least, bound): (&str, usize),
    value: &str,
    whose: Whose,
) -> std::fmt::Result {
    let count = crate::schema::rule::shared::char_count(value);
    let entered = whose.counted();
    write!(
        text,
        "{field}: enter {least} {bound} characters; {entered} {count}."
    )
}

/// The reason for a number outside its bounds, by the bounds it has.
fn out_of_range(
    text: &mut String,
    field: &str,
    value: &serde_json::Number,
    (minimum, maximum): (Option<&serde_json::Number>, Option<&serde_json::Number>),
    whose: Whose,
) -> std::fmt::Result {
    let entered = whose.entered();
    if stands_outside(value, minimum, maximum) {
        // What was entered is not known: only the double it was rounded
        // to, which stands for numbers outside the range too.
        let range = match (minimum, maximum) {
            (Some(minimum), Some(maximum)) => format!(" from {minimum} to {maximum}"),
            (Some(minimum), None) => format!(" of at least {minimum}"),
            (None, Some(maximum)) => format!(" of at most {maximum}"),
            (None, None) => String::new(),
        };
        return write!(
            text,
            "{field}: enter a number{range}; {} was rounded to {}, and may be outside the range.",
            whose.value(),
            quote(&written(value))
        );
    }
    let value = quote(&written(value));
    match (minimum, maximum) {
        (Some(minimum), Some(maximum)) => write!(
            text,
            "{field}: enter a number from {minimum} to {maximum}; {entered} {value}."
        ),
        (Some(minimum), None) => write!(
            text,
            "{field}: enter a number of at least {minimum}; {entered} {value}."
        ),
        (None, Some(maximum)) => write!(
            text,
            "{field}: enter a number of at most {maximum}; {entered} {value}."
        ),
        (None, None) => write!(text, "{field}: {value} is out of range."),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::sentence;
    use crate::error::{Error, ErrorKind};
    use crate::form::read_answer_text;
    use crate::messages::English;
    use crate::schema::RequestedSchema;

    /// A refused suggestion (a tool's argument) is no answer of the
    /// person's: its reasons never say "you" or "again", whatever was
    /// refused; the person's own answer keeps them.
    #[test]
    #[cfg(feature = "ask")]
    fn a_suggestion_is_not_said_to_be_the_persons() {
        let schema = RequestedSchema::from_json(&json!({"type": "object", "properties": {
            "count": {"type": "integer", "title": "Count", "minimum": 1, "maximum": 10},
            "ratio": {"type": "number", "title": "Ratio", "maximum": 1},
            "name": {"type": "string", "title": "Name", "maxLength": 3},
            "reason": {"type": "string", "title": "Reason",
                       "oneOf": [{"const": "late", "title": "Arrived late"}]},
            "tags": {"type": "array", "title": "Tags", "minItems": 2, "maxItems": 2,
                     "items": {"type": "string", "enum": ["a", "b", "c"]}},
        }}))
        .unwrap();
        let cases = [
            (
                json!({"count": 40}),
                "Count: enter a number from 1 to 10; the suggestion was “40”.",
                "Count: enter a number from 1 to 10; you entered “40”.",
            ),
            (
                json!({"ratio": 2}),
                "Ratio: enter a number of at most 1; the suggestion was “2”.",
                "Ratio: enter a number of at most 1; you entered “2”.",
            ),
            (
                json!({"name": "Jonathan"}),
                "Name: enter at most 3 characters; the suggestion has 8.",
                "Name: enter at most 3 characters; you entered 8.",
            ),
            (
                json!({"reason": "Arrived late"}),
                "Reason: please choose “Arrived late” from the list.",
                "Reason: please choose “Arrived late” again from the list.",
            ),
            (
                json!({"tags": ["a", "b", "c"]}),
                "Tags: pick at most 2; 3 were suggested.",
                "Tags: pick at most 2; you picked 3.",
            ),
            (
                json!({"tags": ["a"]}),
                "Tags: pick at least 2; 1 was suggested.",
                "Tags: pick at least 2; you picked 1.",
            ),
        ];
        for (content, suggested, persons) in cases {
            let answer = json!({"action": "accept", "content": content});
            let error = schema.parse_result(answer).unwrap_err();
            let (name, property) = schema
                .properties
                .iter()
                .find(|(name, _)| Some(name.as_ref()) == error.field())
                .unwrap();
            let title = super::title(property).unwrap_or(name);
            let said = |whose| sentence(error.kind(), title, Some(property), &English, whose);
            assert_eq!(said(super::Whose::Suggested), suggested);
            assert_eq!(said(super::Whose::Person), persons);
        }
    }

    /// Issue 45: a number in an answer's text that no double holds is
    /// refused for its field, and asked again with a reason like an
    /// out-of-range value's: what is wrong, and what to enter (the field's
    /// bounds).
    #[test]
    fn a_number_beyond_a_double_is_asked_again_like_one_out_of_range() {
        let schema = RequestedSchema::from_json(&json!({"type": "object", "properties": {
            "count": {"type": "integer", "title": "Count", "minimum": 1, "maximum": 10},
            "ratio": {"type": "number", "title": "Ratio"},
        }, "required": ["count", "ratio"]}))
        .unwrap();
        let reason = |text: &str| {
            let read = read_answer_text(text).unwrap();
            let error = read
                .parse(|result| schema.parse_result(result), || schema.clone())
                .unwrap_err();
            error
                .iter()
                .map(|error| {
                    let (_, property) = schema
                        .properties
                        .iter()
                        .find(|(name, _)| Some(name.as_ref()) == error.field())
                        .unwrap();
                    let crate::schema::PrimitiveSchema::Number(number) = property else {
                        panic!("{property:?}")
                    };
                    let title = number.title.as_deref().unwrap_or_default();
                    sentence(
                        error.kind(),
                        title,
                        Some(property),
                        &English,
                        super::Whose::Person,
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            reason(r#"{"action":"accept","content":{"count":1e400,"ratio":0.5}}"#),
            ["Count: “1e400” is too large; enter a whole number from 1 to 10."]
        );
        assert_eq!(
            reason(r#"{"action":"accept","content":{"count":2,"ratio":-1e-400}}"#),
            ["Ratio: “-1e-400” is too close to zero to be read; enter a number."]
        );
        assert_eq!(
            reason(r#"{"action":"accept","content":{"count":3.0000000000000001,"ratio":1}}"#),
            ["Count: enter a whole number; you entered “3.0000000000000001”."]
        );
        // What `parse_result` alone makes of the same value: 0, in range.
        let read =
            read_answer_text(r#"{"action":"accept","content":{"count":1e400,"ratio":1}}"#).unwrap();
        assert_eq!(
            read.parse(|result| schema.parse_result(result), || schema.clone()),
            Err(Error::from(ErrorKind::Inexact {
                text: "1e400".to_owned()
            })
            .in_field("count"))
        );
    }
}
