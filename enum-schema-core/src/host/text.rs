//! What a person typed on a line, read into the JSON value an accept
//! sends: the rules [`Field::parse_text`](super::Field::parse_text)
//! documents. The value read is then checked by the server's own checks;
//! this file only reads.

use std::collections::HashMap;

use serde_json::{Number, Value};

use crate::error::{ErrorKind, JsonType};
use crate::schema::number::Decimal;
use crate::schema::option::EnumOption;
use crate::schema::PrimitiveSchema;

/// The value `text` stands for in a field of `schema`; `Ok(None)` for a
/// blank answer.
pub(super) fn read(schema: &PrimitiveSchema, text: &str) -> Result<Option<Value>, ErrorKind> {
    let trimmed = text.trim();
    if let PrimitiveSchema::String(_) = schema {
        return Ok((!text.is_empty()).then(|| Value::String(text.to_owned())));
    }
    if trimmed.is_empty() {
        return Ok(None);
    }
    let value = match schema {
        PrimitiveSchema::Number(number) => {
            Value::Number(read_number(trimmed, number.is_integer()).ok_or_else(|| {
                ErrorKind::Unreadable {
                    text: text.to_owned(),
                    expected: JsonType::Number,
                }
            })?)
        }
        PrimitiveSchema::Boolean(_) => {
            Value::Bool(read_boolean(trimmed).ok_or_else(|| ErrorKind::Unreadable {
                text: text.to_owned(),
                expected: JsonType::Boolean,
            })?)
        }
        PrimitiveSchema::SingleSelect(select) => Value::String(choose(select.options(), trimmed)),
        PrimitiveSchema::MultiSelect(select) => match choose_several(select.options(), trimmed) {
            Some(choices) => Value::Array(choices),
            None => return Ok(None),
        },
        PrimitiveSchema::String(_) => Value::String(text.to_owned()),
    };
    Ok(Some(value))
}

/// A decimal as [`Decimal`] reads it, as the JSON number it is: for an
/// `integer` field, a whole number exactly (`10.0` is 10), and a number
/// that is not whole as its nearest double, which the check refuses as
/// [`ErrorKind::NotAnInteger`] unless that double is whole (then it is
/// unreadable: the person did not type a whole number). `None`: not a
/// decimal, or one no JSON number carries (`1e400`, `1e-400`).
fn read_number(text: &str, integer: bool) -> Option<Number> {
    let decimal = Decimal::parse(text)?;
    let number = decimal.to_number()?;
    if integer && !decimal.is_integral() {
        // A fraction that rounds to a whole double (9007199254740993.5)
        // would pass the integer check.
        if number.as_f64().is_some_and(|double| double.fract() == 0.0) {
            return None;
        }
    }
    Some(number)
}

fn read_boolean(text: &str) -> Option<bool> {
    match text.to_lowercase().as_str() {
        "yes" | "y" | "true" | "1" => Some(true),
        "no" | "n" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// The value of the option `text` names: its value, else its label
/// exactly, else its label ignoring case if only one matches, else its
/// number in the list from 1. Otherwise `text` itself, which the check
/// refuses as an option that does not exist, listing the choices.
fn choose(options: &[EnumOption], text: &str) -> String {
    find(options, text).map_or_else(|| text.to_owned(), |option| option.value().to_owned())
}

fn find<'a>(options: &'a [EnumOption], text: &str) -> Option<&'a EnumOption> {
    if let Some(option) = options.iter().find(|option| option.value() == text) {
        return Some(option);
    }
    if let Some(option) = options.iter().find(|option| option.label() == text) {
        return Some(option);
    }
    let lower = text.to_lowercase();
    let mut matching = options
        .iter()
        .filter(|option| option.label().to_lowercase() == lower);
    if let (Some(option), None) = (matching.next(), matching.next()) {
        return Some(option);
    }
    let number: usize = text.parse().ok()?;
    options.get(number.checked_sub(1)?)
}

/// The options by value, by label, and by label ignoring case (`None`
/// where two labels match), each the first in the list as [`find`] takes
/// it: several choices among many options are looked up in time linear in
/// their number and the options' together, where [`find`] for each would
/// scan the list once per choice.
struct Index<'a> {
    options: &'a [EnumOption],
    values: HashMap<&'a str, &'a EnumOption>,
    labels: HashMap<&'a str, &'a EnumOption>,
    lower: HashMap<String, Option<&'a EnumOption>>,
}

impl<'a> Index<'a> {
    fn new(options: &'a [EnumOption]) -> Index<'a> {
        let mut index = Index {
            options,
            values: HashMap::with_capacity(options.len()),
            labels: HashMap::with_capacity(options.len()),
            lower: HashMap::with_capacity(options.len()),
        };
        for option in options {
            index.values.entry(option.value()).or_insert(option);
            index.labels.entry(option.label()).or_insert(option);
            index
                .lower
                .entry(option.label().to_lowercase())
                .and_modify(|found| *found = None)
                .or_insert(Some(option));
        }
        index
    }

    /// [`find`], through the maps.
    fn find(&self, text: &str) -> Option<&'a EnumOption> {
        if let Some(option) = self.values.get(text).or_else(|| self.labels.get(text)) {
            return Some(option);
        }
        if let Some(Some(option)) = self.lower.get(&text.to_lowercase()) {
            return Some(option);
        }
        let number: usize = text.parse().ok()?;
        self.options.get(number.checked_sub(1)?)
    }

    /// [`choose`], through the maps.
    fn choose(&self, text: &str) -> String {
        self.find(text)
            .map_or_else(|| text.to_owned(), |option| option.value().to_owned())
    }
}

/// Up to this many options, several choices are looked up by scanning
/// the list ([`find`]); beyond, through an [`Index`], whose maps cost more
/// to build than a short list costs to scan.
const SCANNED_OPTIONS: usize = 16;

/// The options to choose among: a short list scanned, a long one indexed.
enum Lookup<'a> {
    Scan(&'a [EnumOption]),
    Index(Index<'a>),
}

impl Lookup<'_> {
    fn choose(&self, text: &str) -> String {
        match self {
            Lookup::Scan(options) => choose(options, text),
            Lookup::Index(index) => index.choose(text),
        }
    }
}

/// Several choices: a JSON array (of names, or of numbers in the list), or
/// names and numbers separated by commas when no option has a comma.
/// `None`: commas with no choice between them, a blank answer.
fn choose_several(options: &[EnumOption], text: &str) -> Option<Vec<Value>> {
    let index = if options.len() <= SCANNED_OPTIONS {
        Lookup::Scan(options)
    } else {
        Lookup::Index(Index::new(options))
    };
    if text.starts_with('[') {
        if let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) {
            return Some(
                items
                    .into_iter()
                    .map(|item| match &item {
                        Value::String(name) => Value::String(index.choose(name)),
                        Value::Number(number) => number
                            .as_u64()
                            .and_then(|n| options.get(usize::try_from(n).ok()?.checked_sub(1)?))
                            .map_or(item.clone(), |option| Value::from(option.value())),
                        _ => item,
                    })
                    .collect(),
            );
        }
    }
    let commas = options
        .iter()
        .any(|option| option.value().contains(',') || option.label().contains(','));
    if commas {
        return Some(vec![Value::String(index.choose(text))]);
    }
    let choices: Vec<Value> = text
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| Value::String(index.choose(part)))
        .collect();
    (!choices.is_empty()).then_some(choices)
}
