//! Long lists, narrowed over rounds: a search text first, then the options
//! that match it ([`Ask::choose`](super::Ask::choose)).

use std::borrow::Cow;

use serde_json::Value;

use super::round::Question;
use crate::error::{Error, ErrorKind};
use crate::form::{parse_action, ElicitAction};
use crate::schema::check::OwnedChoice;
use crate::schema::option::EnumOption;
use crate::schema::primitive::StringSchema;
use crate::schema::{
    ElicitRequestFormParams, PrimitiveSchema, RequestedSchema, SingleSelectSchema,
};

/// How many options one list offers at most: lists longer than this are
/// narrowed with a search first. Clients render long dropdowns badly;
/// practice puts the comfortable limit around 50 to 100 options.
pub const LONG_LIST: usize = 50;

/// The search text's property.
const SEARCH: &str = "search";
/// The property of the list itself.
const CHOICE: &str = "choice";

/// Whether `option` matches `text`: its value or title contains it,
/// ignoring case.
fn matches(option: &EnumOption, text: &str) -> bool {
    let text = text.to_lowercase();
    option.value().to_lowercase().contains(&text)
        || option
            .title()
            .is_some_and(|title| title.to_lowercase().contains(&text))
}

/// The options that match `text`, in their order.
pub(crate) fn matching<'a>(options: &'a SingleSelectSchema, text: &str) -> Vec<&'a EnumOption> {
    options
        .options
        .iter()
        .filter(|option| matches(option, text))
        .collect()
}

/// The question that asks for a search text among `options`' values and
/// titles; an answer that matches none, or more than `limit`, is rejected
/// (and so asked again, with the reason).
pub(crate) fn search<'a>(
    key: String,
    message: Cow<'static, str>,
    options: &'a SingleSelectSchema,
    limit: usize,
) -> Question<'a, String> {
    let schema = StringSchema {
        title: Some(Cow::Borrowed("Search")),
        description: Some(Cow::Owned(format!(
            "{} options: type part of the one you want",
            options.options.len()
        ))),
        min_length: Some(1),
        max_length: Some(200),
        format: None,
        default: None,
    };
    let question = PrimitiveSchema::String(schema.clone());
    one_field(key, message, SEARCH, question, move |value| {
        let text = schema.check(value)?;
        let found = options
            .options
            .iter()
            .filter(|option| matches(option, &text))
            .count();
        let field = None;
        match found {
            0 => Err(Error::from(ErrorKind::NoMatch { field, value: text })),
            found if found > limit => Err(Error::from(ErrorKind::TooManyMatches {
                field,
                value: text,
                matches: found,
                limit,
            })),
            _ => Ok(text),
        }
    })
}

/// The question that offers `offered` (all of `options`, or the ones that
/// matched a search) as one single-select; the answer is the option of the
/// whole list, its index the position there.
pub(crate) fn pick<'a>(
    key: &'a str,
    message: Cow<'static, str>,
    offered: Vec<&'a EnumOption>,
    options: &'a SingleSelectSchema,
) -> Question<'a, OwnedChoice> {
    let select = SingleSelectSchema {
        title: options.title.clone(),
        description: options.description.clone(),
        options: Cow::Owned(offered.into_iter().cloned().collect()),
        default: options.default.clone(),
        legacy: options.legacy,
    };
    let mut select = select;
    // A default that the search left out is no default.
    if let Some(default) = &select.default {
        if !select
            .options
            .iter()
            .any(|option| option.value() == default)
        {
            select.default = None;
        }
    }
    let question = PrimitiveSchema::SingleSelect(select.clone());
    one_field(key, message, CHOICE, question, move |value| {
        let picked = select.parse_value(value)?;
        let chosen = options.parse_value(Value::from(picked.value()))?;
        Ok(OwnedChoice::from(chosen))
    })
}

/// The question of a form of one required field, `name`: `read` reads
/// the field's value in an accepted answer, and its errors (a missing value
/// among them) name the field.
fn one_field<'a, T: 'a>(
    key: impl Into<Cow<'a, str>>,
    message: Cow<'static, str>,
    name: &'static str,
    schema: PrimitiveSchema,
    read: impl Fn(Value) -> Result<T, Error> + Send + Sync + 'a,
) -> Question<'a, T> {
    let params = ElicitRequestFormParams {
        message,
        requested_schema: RequestedSchema {
            properties: vec![(Cow::Borrowed(name), schema)],
            required: vec![Cow::Borrowed(name)],
        },
    };
    Question::new(key, params, move |answer| {
        let mut content = match parse_action(answer)? {
            ElicitAction::Accept(content) => content,
            ElicitAction::Decline => return Ok(ElicitAction::Decline),
            ElicitAction::Cancel => return Ok(ElicitAction::Cancel),
        };
        let missing = || {
            Error::from(ErrorKind::MissingField {
                field: Cow::Borrowed(name),
            })
        };
        let value = content.remove(name).ok_or_else(missing)?;
        read(value)
            .map(ElicitAction::Accept)
            .map_err(|error| error.in_field(name))
    })
}
