//! The `data` of a rejected answer, as the model that called the tool
//! reads it: one entry per rejected field, what the client sent quoted
//! within a budget, and the keywords it broke.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, JsonType};
use crate::schema::option::EnumOption;

/// How many characters of a string, or items of an array, the client sent
/// a rejection's `data` quotes; the rest is cut, and `"truncated": true`
/// says so. Enough for any answer a person types into a form field, and a
/// bound on what a hostile answer can make the server send back.
pub(crate) const QUOTED_LENGTH: usize = 256;

/// How much of what the client sent one entry of `data` quotes in all: a
/// budget of characters and entries, 4,096 ([`QUOTED_LENGTH`] sixteen
/// times), so that however the value nests, the entry stays a few kB.
const QUOTED_BUDGET: usize = 16 * QUOTED_LENGTH;

/// What one entry of `data` has left to quote, and whether it cut
/// anything.
struct Quote {
    budget: usize,
    truncated: bool,
}

impl Quote {
    fn new() -> Quote {
        Quote {
            budget: QUOTED_BUDGET,
            truncated: false,
        }
    }

    /// A string cut at [`QUOTED_LENGTH`] characters and at the budget.
    fn text(&mut self, value: &str) -> String {
        let limit = QUOTED_LENGTH.min(self.budget);
        let end = match value.char_indices().nth(limit) {
            Some((end, _)) => {
                self.truncated = true;
                end
            }
            None => value.len(),
        };
        self.budget -= value[..end].chars().count();
        value[..end].to_owned()
    }

    fn str(&mut self, value: &str) -> Value {
        Value::String(self.text(value))
    }

    /// The items of an array, at most [`QUOTED_LENGTH`] and what the
    /// budget allows, each quoted.
    fn items(&mut self, items: &[Value]) -> Value {
        let mut quoted = Vec::new();
        for item in items {
            if quoted.len() == QUOTED_LENGTH || self.budget == 0 {
                self.truncated = true;
                break;
            }
            self.budget -= 1;
            quoted.push(self.value(item));
        }
        Value::Array(quoted)
    }

    /// A value: strings and arrays as above, an object's keys and values
    /// likewise.
    fn value(&mut self, value: &Value) -> Value {
        match value {
            Value::String(text) => self.str(text),
            Value::Array(items) => self.items(items),
            Value::Object(map) => {
                let mut quoted = Map::new();
                for (key, value) in map {
                    if quoted.len() == QUOTED_LENGTH || self.budget == 0 {
                        self.truncated = true;
                        break;
                    }
                    self.budget -= 1;
                    let key = self.text(key);
                    let value = self.value(value);
                    quoted.insert(key, value);
                }
                Value::Object(quoted)
            }
            scalar => scalar.clone(),
        }
    }
}

/// The `data` of a rejected answer, one entry per rejected field:
/// `{"errors":[{"field":"severity","value":"urgent","allowed":["low","high"],"message":".."}]}`.
pub(crate) fn rejection_data(error: &Error) -> Value {
    let errors = error.iter().map(rejection_entry).collect();
    let mut data = Map::new();
    data.insert("errors".to_owned(), Value::Array(errors));
    Value::Object(data)
}

fn values_json(options: &[EnumOption]) -> Value {
    Value::Array(
        options
            .iter()
            .map(|option| Value::from(option.value()))
            .collect(),
    )
}

/// The JSON Schema `type` keyword's name for a JSON type.
pub(crate) fn json_schema_type(json_type: JsonType) -> &'static str {
    match json_type {
        JsonType::Null => "null",
        JsonType::Boolean => "boolean",
        JsonType::Number => "number",
        JsonType::String => "string",
        JsonType::Array => "array",
        JsonType::Object => "object",
    }
}

fn rejection_entry(error: &Error) -> Value {
    let mut entry = Map::new();
    let mut quote = Quote::new();
    let mut put = |key: &str, value: Value| {
        entry.insert(key.to_owned(), value);
    };
    put("field", error.field().map_or(Value::Null, Value::from));
    // What the client sent (a missing field has no value), quoted within the
    // budget; then the keywords it broke. Anything newer keeps its message.
    match error.kind() {
        ErrorKind::InvalidValue { value, .. }
        | ErrorKind::TooShort { value, .. }
        | ErrorKind::TooLong { value, .. }
        | ErrorKind::InvalidFormat { value, .. }
        | ErrorKind::NoMatch { value, .. }
        | ErrorKind::TooManyMatches { value, .. }
        | ErrorKind::Unreadable { text: value, .. }
        | ErrorKind::Inexact { text: value } => put("value", quote.str(value)),
        ErrorKind::InvalidItem { items, .. }
        | ErrorKind::DuplicateItem { items, .. }
        | ErrorKind::TooFewItems { items, .. }
        | ErrorKind::TooManyItems { items, .. } => put("value", quote.items(items)),
        ErrorKind::TypeMismatch { found, .. }
        | ErrorKind::Unsupported { found }
        | ErrorKind::MissingAction { found }
        | ErrorKind::UnknownAction { action: found } => put("value", quote.value(found)),
        ErrorKind::NotAnInteger { value, .. } | ErrorKind::OutOfRange { value, .. } => {
            put("value", Value::Number(value.clone()));
        }
        ErrorKind::MalformedResult { found, .. } | ErrorKind::MalformedResponse { found, .. } => {
            let found = found
                .as_ref()
                .map_or(Value::Null, |found| quote.value(found));
            put("value", found);
        }
        _ => {}
    }
    match error.kind() {
        ErrorKind::InvalidValue { allowed, .. } => put("allowed", values_json(allowed)),
        ErrorKind::InvalidItem { index, allowed, .. } => {
            put("index", Value::from(*index));
            put("allowed", values_json(allowed));
        }
        ErrorKind::DuplicateItem { index, .. } => put("index", Value::from(*index)),
        ErrorKind::TooFewItems { min, .. } => put("minItems", Value::from(*min)),
        ErrorKind::TooManyItems { max, .. } => put("maxItems", Value::from(*max)),
        ErrorKind::TypeMismatch { expected, .. } => {
            put("type", Value::from(json_schema_type(*expected)));
        }
        ErrorKind::TooShort { min_length, .. } => put("minLength", Value::from(*min_length)),
        ErrorKind::TooLong { max_length, .. } => put("maxLength", Value::from(*max_length)),
        ErrorKind::InvalidFormat { format, .. } => put("format", Value::from(format.as_str())),
        ErrorKind::NotAnInteger { .. } => put("type", Value::from("integer")),
        ErrorKind::OutOfRange {
            minimum, maximum, ..
        } => {
            if let Some(minimum) = minimum {
                put("minimum", Value::Number(minimum.clone()));
            }
            if let Some(maximum) = maximum {
                put("maximum", Value::Number(maximum.clone()));
            }
        }
        ErrorKind::TooManyMatches { matches, limit, .. } => {
            put("matches", Value::from(*matches));
            put("limit", Value::from(*limit));
        }
        _ => {}
    }
    if quote.truncated {
        put("truncated", Value::Bool(true));
    }
    put("message", Value::from(error.to_string()));
    Value::Object(entry)
}
