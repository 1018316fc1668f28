//! Asking again after a rejected answer: the request that says, in words a
//! person reads, what was wrong, with what they entered validly pre-filled.

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Map, Value};

use crate::error::Error;
use crate::messages::reasons::{not_an_option, reasons, titled, withdrawn, Whose};
use crate::messages::{Messages, Word};
use crate::schema::{ElicitRequestFormParams, PrimitiveSchema};

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

/// The request that asks `params` again after `answer` was rejected with
/// `error`: the same form, its message followed by one sentence per
/// problem, and every property the person answered validly pre-filled as
/// its `default` (a title sent instead of a value pre-fills that option;
/// the valid options of a rejected multi-select answer are kept when they
/// fit its bounds). `whose`: the person's answer, to the question as it
/// is or to an earlier form of it whose options changed since (a value
/// that is not an option now is "no longer" one), or a suggestion the
/// person did not make (the tool's argument: the reasons follow
/// [`Word::SuggestionRefused`], and none says "you").
pub(crate) fn again(
    params: &ElicitRequestFormParams,
    answer: &Value,
    error: &Error,
    messages: &dyn Messages,
    whose: Whose,
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
    if whose == Whose::Suggested {
        message.push_str(&messages.word(Word::SuggestionRefused));
        message.push('\n');
    }
    message.push_str(&reasons(error, &params.requested_schema, messages, whose));
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

/// Whether every problem of `error` is a value that is not one of the
/// options (and not an option's title): after the options changed, what
/// the change took away.
pub(crate) fn all_withdrawn(error: &Error) -> bool {
    error.iter().all(|error| withdrawn(error.kind()))
}
