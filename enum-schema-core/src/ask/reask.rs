//! Asking again after a rejected answer: the request that says, in words a
//! person reads, what was wrong, with what they entered validly pre-filled.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt::Write;

use serde_json::{Map, Value};

use super::messages::Messages;
use crate::error::{Error, ErrorKind, JsonType};
use crate::schema::format::{missing_from_date_time, Missing};
use crate::schema::option::EnumOption;
use crate::schema::primitive::StringFormat;
use crate::schema::{ElicitRequestFormParams, PrimitiveSchema, RequestedSchema};

/// Whether a rejection is the person's to mend: every error names a field
/// of the form (a value not offered, a bound broken, a required field left
/// out). A malformed `ElicitResult` is the client's fault, and asking again
/// would most likely repeat it.
pub(crate) fn is_the_persons(error: &Error) -> bool {
    error.iter().all(|error| error.field().is_some())
}

/// Whether every problem of `error` is an option's title sent instead of
/// its value: a client that shows the form but answers with what it shows
/// (the person saw the question; the same answer twice is not a client
/// that shows nothing).
pub(crate) fn sent_titles(error: &Error) -> bool {
    error.iter().all(|error| {
        not_an_option(error.kind()).is_some_and(|(sent, allowed)| titled(sent, allowed).is_some())
    })
}

/// What was sent, and what is allowed, for an answer that is not one of
/// the options: a single-select's value, a multi-select's item.
fn not_an_option(kind: &ErrorKind) -> Option<(Option<&str>, &[EnumOption])> {
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
fn titled<'a>(sent: Option<&str>, allowed: &'a [EnumOption]) -> Option<&'a EnumOption> {
    allowed
        .iter()
        .find(|option| option.title().is_some() && option.title() == sent)
}

/// The request that asks `params` again after `answer` was rejected with
/// `error`: the same form, its message followed by one sentence per
/// problem, and every property the person answered validly pre-filled as
/// its `default` (a title sent instead of a value pre-fills that option;
/// the valid options of a rejected multi-select answer are kept when they
/// fit its bounds). `changed`: the answer was to an earlier form of the
/// question, whose options changed since, so a value that is not an
/// option now is "no longer" one.
pub(crate) fn again(
    params: &ElicitRequestFormParams,
    answer: &Value,
    error: &Error,
    messages: &dyn Messages,
    changed: bool,
) -> ElicitRequestFormParams {
    let mut params = params.clone();
    let empty = Map::new();
    let content = answer
        .get("content")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let rejected: HashSet<&str> = error.iter().filter_map(Error::field).collect();
    for (name, property) in &mut params.requested_schema.properties {
        let Some(value) = content.get(name.as_ref()) else {
            continue;
        };
        let kept = if rejected.contains(name.as_ref()) {
            mended(property, value)
        } else {
            Some(value.clone())
        };
        // A default is what the server sends back: never more than a person
        // would type, whatever the client sent.
        if let Some(kept) = kept.filter(fits_a_default) {
            prefill(property, kept);
        }
    }
    let mut message = params.message.into_owned();
    message.push_str("\n\n");
    message.push_str(&reasons(error, &params.requested_schema, messages, changed));
    params.message = Cow::Owned(message);
    params
}

/// How long a pre-filled text may be, in characters: more than a person
/// types into a form field, far less than a `requestState` may carry.
const PREFILLED: usize = 4_096;

/// Whether `value` is short enough to be sent back as a `default`.
fn fits_a_default(value: &Value) -> bool {
    match value {
        Value::String(text) => text.len() <= PREFILLED || text.chars().count() <= PREFILLED,
        _ => true,
    }
}

/// What can be kept of a rejected value: the option whose title was sent
/// instead of its value; the options among a multi-select's items.
fn mended(property: &PrimitiveSchema, value: &Value) -> Option<Value> {
    match (property, value) {
        (PrimitiveSchema::SingleSelect(schema), Value::String(sent)) => schema
            .options
            .iter()
            .find(|option| option.title() == Some(sent.as_str()))
            .map(|option| Value::from(option.value())),
        (PrimitiveSchema::MultiSelect(schema), Value::Array(items)) => {
            let mut kept: Vec<Value> = Vec::new();
            for item in items.iter().take(schema.options.len()) {
                let option = schema.options.iter().find(|option| {
                    Some(option.value()) == item.as_str() || option.title() == item.as_str()
                });
                if let Some(option) = option {
                    let value = Value::from(option.value());
                    if !kept.contains(&value) {
                        kept.push(value);
                    }
                }
            }
            Some(Value::Array(kept))
        }
        _ => None,
    }
}

/// Sets `value` as the property's `default`, if it is a valid answer.
fn prefill(property: &mut PrimitiveSchema, value: Value) {
    let Ok(checked) = property.check(value) else {
        return;
    };
    match (property, checked) {
        (PrimitiveSchema::String(schema), Value::String(text)) => {
            schema.default = Some(Cow::Owned(text));
        }
        (PrimitiveSchema::Number(schema), Value::Number(number)) => {
            schema.default = Some(number);
        }
        (PrimitiveSchema::Boolean(schema), Value::Bool(boolean)) => {
            schema.default = Some(boolean);
        }
        (PrimitiveSchema::SingleSelect(schema), Value::String(value)) => {
            schema.default = Some(Cow::Owned(value));
        }
        (PrimitiveSchema::MultiSelect(schema), Value::Array(values)) => {
            schema.default = Some(
                values
                    .into_iter()
                    .filter_map(|value| match value {
                        Value::String(value) => Some(Cow::Owned(value)),
                        _ => None,
                    })
                    .collect(),
            );
        }
        _ => {}
    }
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
fn quote(text: &str) -> String {
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

/// One sentence per problem, one per line, in the order of the form, each
/// as `messages` words it (the English below by default); `changed` as
/// [`again`] says.
pub(crate) fn reasons(
    error: &Error,
    schema: &RequestedSchema,
    messages: &dyn Messages,
    changed: bool,
) -> String {
    let mut text = String::new();
    for error in error.iter() {
        if !text.is_empty() {
            text.push('\n');
        }
        let mut english = String::new();
        let name = error.field().unwrap_or("");
        let property = schema
            .properties
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, property)| property);
        // The label a person sees: the field's title, else its key.
        let field = property.and_then(title).unwrap_or(name);
        // Writing to a String cannot fail.
        let _ = match (error.kind(), property) {
            (ErrorKind::TypeMismatch { .. }, Some(PrimitiveSchema::SingleSelect(select))) => {
                write!(english, "{field}: choose {}.", choices(&select.options))
            }
            (ErrorKind::TypeMismatch { .. }, Some(PrimitiveSchema::MultiSelect(_))) => {
                write!(english, "{field}: choose from the list.")
            }
            (kind, _) => reason(&mut english, field, kind, changed),
        };
        if changed && withdrawn(error.kind()) {
            text.push_str(&messages.no_longer_a_choice(field, error.kind(), &english));
        } else {
            text.push_str(&messages.reason(field, error.kind(), &english));
        }
    }
    text
}

/// Whether every problem of `error` is a value that is not one of the
/// options (and not an option's title): after the options changed, what
/// the change took away.
pub(crate) fn all_withdrawn(error: &Error) -> bool {
    error.iter().all(|error| withdrawn(error.kind()))
}

/// Whether `kind` is an answer that is not one of the options (but an
/// option's title sent for its value): after the options changed, one
/// that is no longer an option.
fn withdrawn(kind: &ErrorKind) -> bool {
    not_an_option(kind).is_some_and(|(sent, allowed)| titled(sent, allowed).is_none())
}

/// The reason for an answer `shown` that is not one of `allowed`: a client
/// that `sent` an option's title instead of its value is asked to choose that
/// option again, by its label; after the options `changed`, the answer is
/// "no longer" one of them.
fn not_a_choice(
    text: &mut String,
    field: &str,
    sent: Option<&str>,
    shown: &str,
    from: &str,
    allowed: &[EnumOption],
    changed: bool,
) -> std::fmt::Result {
    let no = if changed { "no longer" } else { "not" };
    match titled(sent, allowed) {
        Some(option) => write!(
            text,
            "{field}: please choose {} again from the list.",
            quote(option.label())
        ),
        None => write!(
            text,
            "{field}: {shown} is {no} one of the choices; choose {from}{}.",
            choices(allowed)
        ),
    }
}

fn reason(text: &mut String, field: &str, kind: &ErrorKind, changed: bool) -> std::fmt::Result {
    match kind {
        ErrorKind::InvalidValue { value, allowed, .. } => {
            not_a_choice(text, field, Some(value), &quote(value), "", allowed, changed)
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
            not_a_choice(text, field, sent, &shown, "from ", allowed, changed)
        }
        ErrorKind::DuplicateItem { index, items, .. } => write!(
            text,
            "{field}: {} is chosen twice; choose each at most once.",
            items.get(*index).map_or_else(String::new, item_text)
        ),
        ErrorKind::TooFewItems { min, items, .. } => write!(
            text,
            "{field}: pick at least {min}; you picked {}.",
            items.len()
        ),
        ErrorKind::TooManyItems { max, items, .. } => write!(
            text,
            "{field}: pick at most {max}; you picked {}.",
            items.len()
        ),
        ErrorKind::TypeMismatch { expected, .. } => {
            write!(text, "{field}: the answer must be {}.", kind_of(*expected))
        }
        ErrorKind::TooShort {
            value, min_length, ..
        } => length(text, field, "at least", *min_length, value),
        ErrorKind::TooLong {
            value, max_length, ..
        } => length(text, field, "at most", *max_length, value),
        ErrorKind::InvalidFormat { value, format, .. } => {
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
            "{field}: enter a whole number; you entered {}.",
            quote(&value.to_string())
        ),
        ErrorKind::OutOfRange {
            value,
            minimum,
            maximum,
            ..
        } => out_of_range(text, field, value, minimum.as_ref(), maximum.as_ref()),
        ErrorKind::MissingField => write!(text, "{field}: this answer is required."),
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

/// The reason for a text of the wrong length: `bound` characters at
/// `least` or at most.
fn length(
    text: &mut String,
    field: &str,
    least: &str,
    bound: usize,
    value: &str,
) -> std::fmt::Result {
    let entered = crate::schema::rule::shared::char_count(value);
    write!(
        text,
        "{field}: enter {least} {bound} characters; you entered {entered}."
    )
}

/// The reason for a number outside its bounds, by the bounds it has.
fn out_of_range(
    text: &mut String,
    field: &str,
    value: &serde_json::Number,
    minimum: Option<&serde_json::Number>,
    maximum: Option<&serde_json::Number>,
) -> std::fmt::Result {
    let value = quote(&value.to_string());
    match (minimum, maximum) {
        (Some(minimum), Some(maximum)) => write!(
            text,
            "{field}: enter a number from {minimum} to {maximum}; you entered {value}."
        ),
        (Some(minimum), None) => write!(
            text,
            "{field}: enter a number of at least {minimum}; you entered {value}."
        ),
        (None, Some(maximum)) => write!(
            text,
            "{field}: enter a number of at most {maximum}; you entered {value}."
        ),
        (None, None) => write!(text, "{field}: {value} is out of range."),
    }
}
