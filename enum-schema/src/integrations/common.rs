//! What the SDK integrations share, independent of any SDK's types: the
//! `data` of a rejected answer and the binding of a sealed `requestState`
//! to its request.

use serde_json::{Map, Value};

use crate::{EnumOption, Error, ErrorKind, JsonType};

pub(crate) fn json_object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(
        entries
            .into_iter()
            .map(|(key, value)| (key.to_owned(), value))
            .collect(),
    )
}

/// The `data` of a rejected answer, one entry per rejected field:
/// `{"errors":[{"field":"severity","value":"urgent","allowed":["low","high"],"message":".."}]}`,
/// with the bound instead of `allowed` where a bound was broken
/// (`minimum`/`maximum`, `minItems`/`maxItems`, `minLength`/`maxLength`,
/// `format`, `type`).
pub(crate) fn rejection_data(error: &Error) -> Value {
    let errors = error.iter().map(rejection_entry).collect();
    json_object([("errors", Value::Array(errors))])
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
fn json_schema_type(json_type: JsonType) -> &'static str {
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
    let mut put = |key: &str, value: Value| {
        entry.insert(key.to_owned(), value);
    };
    put("field", error.field().map_or(Value::Null, Value::from));
    match error.kind() {
        ErrorKind::InvalidValue { value, allowed, .. } => {
            put("value", Value::from(value.as_str()));
            put("allowed", values_json(allowed));
        }
        ErrorKind::InvalidItem {
            index,
            items,
            allowed,
            ..
        } => {
            put("value", Value::Array(items.clone()));
            put("index", Value::from(*index));
            put("allowed", values_json(allowed));
        }
        ErrorKind::DuplicateItem { index, items, .. } => {
            put("value", Value::Array(items.clone()));
            put("index", Value::from(*index));
        }
        ErrorKind::TooFewItems { min, items, .. } => {
            put("value", Value::Array(items.clone()));
            put("minItems", Value::from(*min));
        }
        ErrorKind::TooManyItems { max, items, .. } => {
            put("value", Value::Array(items.clone()));
            put("maxItems", Value::from(*max));
        }
        ErrorKind::TypeMismatch {
            expected, found, ..
        } => {
            put("value", found.clone());
            put("type", Value::from(json_schema_type(*expected)));
        }
        ErrorKind::TooShort {
            value, min_length, ..
        } => {
            put("value", Value::from(value.as_str()));
            put("minLength", Value::from(*min_length));
        }
        ErrorKind::TooLong {
            value, max_length, ..
        } => {
            put("value", Value::from(value.as_str()));
            put("maxLength", Value::from(*max_length));
        }
        ErrorKind::InvalidFormat { value, format, .. } => {
            put("value", Value::from(value.as_str()));
            put("format", Value::from(format.as_str()));
        }
        ErrorKind::NotAnInteger { value, .. } => {
            put("value", Value::Number(value.clone()));
            put("type", Value::from("integer"));
        }
        ErrorKind::OutOfRange {
            value,
            minimum,
            maximum,
            ..
        } => {
            put("value", Value::Number(value.clone()));
            if let Some(minimum) = minimum {
                put("minimum", Value::Number(minimum.clone()));
            }
            if let Some(maximum) = maximum {
                put("maximum", Value::Number(maximum.clone()));
            }
        }
        ErrorKind::MalformedResult { found, .. } => {
            put("value", found.clone().unwrap_or(Value::Null));
        }
        ErrorKind::MissingAction { found } => put("value", found.clone()),
        ErrorKind::UnknownAction { action } => put("value", action.clone()),
        ErrorKind::MissingInputResponse { key } => put("key", Value::from(key.as_str())),
        ErrorKind::MalformedInputResponse { key, found, .. } => {
            put("key", Value::from(key.as_str()));
            put("value", found.clone());
        }
        // A missing field has no value; anything newer keeps its message.
        _ => {}
    }
    put("message", Value::from(error.to_string()));
    Value::Object(entry)
}

/// What ties a sealed state to one request: method, name (or URI) and
/// arguments, the arguments' object keys sorted so that the binding does
/// not depend on the order in which a client wrote them.
pub(crate) fn binding(method: &str, name: &str, arguments: Option<&Value>) -> Vec<u8> {
    let mut bytes = b"enum-schema requestState 1\0".to_vec();
    bytes.extend_from_slice(method.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(name.as_bytes());
    bytes.push(0);
    // No arguments and `"arguments": {}` say the same.
    if let Some(arguments) =
        arguments.filter(|arguments| !arguments.as_object().is_some_and(serde_json::Map::is_empty))
    {
        canonical(arguments, &mut bytes);
    }
    bytes
}

fn canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by_key(|(key, _)| *key);
            out.push(b'{');
            for (index, (key, value)) in entries.into_iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(Value::String(key.clone()).to_string().as_bytes());
                out.push(b':');
                canonical(value, out);
            }
            out.push(b'}');
        }
        Value::Array(items) => {
            out.push(b'[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                canonical(item, out);
            }
            out.push(b']');
        }
        scalar => out.extend_from_slice(scalar.to_string().as_bytes()),
    }
}

/// The two server bugs that `Ask` refuses on every revision, whatever the
/// SDK: a question outside the body of `tool`, `prompt` or `resource`, and
/// two questions of one request under one key.
#[derive(Debug, Default)]
pub(crate) struct Questions {
    /// Whether a handler body runs.
    running: std::sync::atomic::AtomicBool,
    /// The keys asked in this run of the body.
    asked: std::sync::Mutex<std::collections::HashSet<String>>,
}

/// Which of the two bugs.
pub(crate) enum Misuse {
    OutsideHandler,
    KeyReused,
}

impl Questions {
    /// The handler's body starts.
    pub(crate) fn start(&self) {
        self.running
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Records a question under `key`, or says which bug asking it is.
    pub(crate) fn ask(&self, key: &str) -> Result<(), Misuse> {
        if !self.running.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(Misuse::OutsideHandler);
        }
        let mut asked = self
            .asked
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if asked.insert(key.to_owned()) {
            Ok(())
        } else {
            Err(Misuse::KeyReused)
        }
    }
}
