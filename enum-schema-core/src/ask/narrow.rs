//! Long lists, narrowed over rounds: a search text first, then the options
//! that match it ([`Ask::choose`]). Above `round.rs`, whose questions it
//! asks.

use std::borrow::Cow;

use serde_json::Value;

use super::error::ElicitError;
use super::round::{Ask, Question};
use super::sdk::Sdk;
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

impl<S: Sdk> Ask<S> {
    /// Asks the person to pick one of `options`, however long the list, and
    /// returns the option of the whole list ([`OwnedChoice`]: its value,
    /// title and index in `options`).
    ///
    /// A list of at most [`LONG_LIST`](super::LONG_LIST) (50) options is
    /// one question: `{"choice": <the select>}` under `key`. Clients render
    /// longer dropdowns badly (practice puts the comfortable limit around
    /// 50 to 100 options), so a longer list is narrowed first: a question
    /// under `"{key}.search"` asks for part of the option's name
    /// (`{"search":{"type":"string","title":"Search","description":"10000 options: type part of the one you want","minLength":1,"maxLength":200}}`);
    /// a text that matches none, or more than 50, is asked again with the
    /// reason ("search: “a” matches 4200 options; type more of the name, so
    /// that at most 50 match."); then the matching options (value or title
    /// containing the text, ignoring case) are offered under `key`. That is
    /// two rounds of questions instead of one, and a question per attempt
    /// that was asked again (see "Rounds"). On 2026-07-28 the search text
    /// is sealed like any answer, and the retry rebuilds the same matches
    /// from `options`: pass the same options on every round.
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form).
    pub async fn choose(
        &self,
        key: &str,
        message: impl Into<Cow<'static, str>>,
        options: &SingleSelectSchema,
    ) -> Result<ElicitAction<OwnedChoice>, ElicitError> {
        let message = message.into();
        let offered = if options.options().len() <= LONG_LIST {
            options.options().iter().collect()
        } else {
            let search = search(format!("{key}.search"), message.clone(), options, LONG_LIST);
            match self.all((search,)).await?.0 {
                ElicitAction::Accept(text) => matching(options, &text),
                ElicitAction::Decline => return Ok(ElicitAction::Decline),
                ElicitAction::Cancel => return Ok(ElicitAction::Cancel),
            }
        };
        let pick = pick(key, message, offered, options);
        Ok(self.all((pick,)).await?.0)
    }
}

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
fn matching<'a>(options: &'a SingleSelectSchema, text: &str) -> Vec<&'a EnumOption> {
    options
        .options
        .iter()
        .filter(|option| matches(option, text))
        .collect()
}

/// The question that asks for a search text among `options`' values and
/// titles; an answer that matches none, or more than `limit`, is rejected
/// (and so asked again, with the reason).
fn search<'a>(
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
        match found {
            0 => Err(Error::from(ErrorKind::NoMatch { value: text })),
            found if found > limit => Err(Error::from(ErrorKind::TooManyMatches {
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
fn pick<'a>(
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
        let missing = || Error::from(ErrorKind::MissingField).in_field(name);
        let value = content.remove(name).ok_or_else(missing)?;
        read(value)
            .map(ElicitAction::Accept)
            .map_err(|error| error.in_field(name))
    })
}
