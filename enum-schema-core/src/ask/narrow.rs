//! Long lists, narrowed over rounds: a search text first, then the options
//! that match it ([`Ask::choose`]). Above `round.rs`, whose questions it
//! asks.

use std::borrow::Cow;

use serde_json::Value;

use super::adapter::Sdk;
use super::call::Ask;
use super::error::ElicitError;
use super::question::Question;
use super::search::{folded, matches};
use crate::error::{Error, ErrorKind};
use crate::form::{parse_action, ElicitAction};
use crate::messages::reasons::Whose;
use crate::messages::Messages;
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

/// How many searches one [`Ask::choose`] asks at most: a search that
/// narrows the list (matches fewer options than the one before it) but
/// still matches more than [`LONG_LIST`] is followed by another, until this
/// many; the last must match at most [`LONG_LIST`]. Clients stop after 10
/// rounds of one request, and each search is one.
const SEARCHES: usize = 5;

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
    /// (`{"search":{"type":"string","title":"Search","description":"10000 options: type part of the one you want","minLength":1,"maxLength":200}}`),
    /// and the options that match it are offered under `key`: those whose
    /// value or title contains the text, both compared lowercase
    /// (`str::to_lowercase`) and in Unicode NFC, so that `zürich` typed
    /// composed finds a name read decomposed (`Zu\u{308}rich`, as macOS
    /// keeps file names) and the reverse. Lowercase is not full case
    /// folding: `strasse` does not find `Straße`, nor `istanbul`
    /// `İstanbul` (whose lowercase is `i̇`). The options are offered as
    /// given, never normalized.
    ///
    /// A search that narrows the list (matches fewer options than the one
    /// before it, the first fewer than the whole list) but still matches
    /// more than 50 is progress, not a mistake: it is followed by another
    /// search, `"{key}.search.2"`, `"{key}.search.3"`, .. (the same field,
    /// pre-filled with the text so far, the message followed by "Search:
    /// “host-1” matches 1000 options; type more of the name, so that at
    /// most 50 match."), and counts as no attempt. A text that matches none,
    /// or that does not narrow (as many options as the search before it,
    /// or more), is asked again with the reason and counts as an attempt,
    /// as any rejected answer (see "A second chance"). The fifth search
    /// must match at most 50. So over 10,000 hosts, searches that match
    /// 5,000, then 1,000, then 40 take three searches and the pick, none of
    /// them an attempt; a text that matches all 10,000, sent three times,
    /// ends the call as three rejected answers.
    ///
    /// That is one round per search and one for the pick, and a question
    /// per attempt that was asked again (see "Rounds"). On 2026-07-28 each
    /// search text is sealed like any answer, and each retry rebuilds the
    /// same searches and matches from `options`: pass the same options on
    /// every round.
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
            // The search so far: its text and how many options it matches.
            let mut narrowed: Option<(String, usize)> = None;
            let mut round = 1;
            loop {
                let search_key = match round {
                    1 => format!("{key}.search"),
                    round => format!("{key}.search.{round}"),
                };
                let last = round == SEARCHES;
                let search = search(
                    search_key,
                    message.clone(),
                    options,
                    narrowed.take(),
                    last,
                    &*self.messages(),
                );
                match self.all((search,)).await?.0 {
                    ElicitAction::Accept((text, found)) if found <= LONG_LIST => {
                        break matching(options, &text);
                    }
                    ElicitAction::Accept(searched) => narrowed = Some(searched),
                    ElicitAction::Decline => return Ok(ElicitAction::Decline),
                    ElicitAction::Cancel => return Ok(ElicitAction::Cancel),
                }
                round += 1;
            }
        };
        let pick = pick(key, message, offered, options);
        Ok(self.all((pick,)).await?.0)
    }
}

/// The options that match `text`, already [`folded`], in their order.
fn matched<'a, 't>(
    options: &'a SingleSelectSchema,
    text: &'t str,
) -> impl Iterator<Item = &'a EnumOption> + use<'a, 't> {
    options
        .options
        .iter()
        .filter(move |option| matches(option, text))
}

/// The options that match `text`, in their order.
fn matching<'a>(options: &'a SingleSelectSchema, text: &str) -> Vec<&'a EnumOption> {
    matched(options, &folded(text)).collect()
}

/// How many options match `text`: what a search answer is checked by, on
/// every round, without collecting a list of thousands to count it.
fn match_count(options: &SingleSelectSchema, text: &str) -> usize {
    matched(options, &folded(text)).count()
}

/// The question that asks for a search text among `options`' values and
/// titles, after the search so far (`narrowed`: its text and how many
/// options it matches), if any; the answer is the text and how many options
/// it matches. A text that matches none, or that does not narrow (as many
/// as the search so far, or the whole list, or more), is rejected, and so
/// is one that matches more than [`LONG_LIST`] on the `last` search: each
/// is asked again, with the reason, as an attempt.
fn search<'a>(
    key: String,
    message: Cow<'static, str>,
    options: &'a SingleSelectSchema,
    narrowed: Option<(String, usize)>,
    last: bool,
    messages: &dyn Messages,
) -> Question<'a, (String, usize)> {
    let mut schema = StringSchema {
        title: Some(messages.search_title()),
        description: Some(Cow::Owned(
            messages.search_description(options.options.len()),
        )),
        min_length: Some(1),
        max_length: Some(200),
        format: None,
        default: None,
    };
    let mut message = message;
    // A search must match fewer options than this to narrow the list.
    let mut before = options.options.len();
    if let Some((text, found)) = narrowed {
        // The same words as a search asked again, and the text so far to
        // type more of.
        let so_far = Error::from(ErrorKind::TooManyMatches {
            value: text.clone(),
            matches: found,
            limit: LONG_LIST,
        })
        .in_field(SEARCH);
        let form = RequestedSchema {
            properties: vec![(
                Cow::Borrowed(SEARCH),
                PrimitiveSchema::String(schema.clone()),
            )],
            required: Vec::new(),
        };
        message = Cow::Owned(format!(
            "{message}\n\n{}",
            crate::messages::reasons::reasons(&so_far, &form, messages, Whose::Person)
        ));
        schema.default = Some(Cow::Owned(text));
        before = found;
    }
    let question = PrimitiveSchema::String(schema.clone());
    one_field(key, message, SEARCH, question, move |value| {
        let text = schema.check(value)?;
        let found = match_count(options, &text);
        match found {
            0 => Err(Error::from(ErrorKind::NoMatch { value: text })),
            found if found > LONG_LIST && (last || found >= before) => {
                Err(Error::from(ErrorKind::TooManyMatches {
                    value: text,
                    matches: found,
                    limit: LONG_LIST,
                }))
            }
            found => Ok((text, found)),
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
