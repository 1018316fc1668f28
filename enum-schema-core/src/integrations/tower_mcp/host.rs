//! The host form model ([`crate::host`]) on tower-mcp's client types
//! (features `tower-mcp` and `host`): the `ElicitRequestParams` a
//! `ClientHandler::handle_elicit` receives read into a [`Request`] through
//! its JSON text, and a [`Response`] into tower-mcp's `ElicitResult`. What
//! tower-mcp's types lose first is in the `tower_mcp` module docs ("A
//! host's side").

use std::collections::HashMap;
use std::fmt;

use serde_json::Value;
use tower_mcp::protocol::{ElicitFieldValue, ElicitRequestParams, ElicitResult};

use crate::error::quote::Quoted;
use crate::host::{ReadError, Request, Response};

/// The form tower-mcp hands to `ClientHandler::handle_elicit`, read
/// leniently into the host model, its fields in the server's order.
///
/// # Errors
///
/// [`ReadError::NotAForm`] for a URL-mode request, and the errors of
/// [`Request::from_params_str`].
impl TryFrom<&ElicitRequestParams> for Request {
    type Error = ReadError;

    fn try_from(params: &ElicitRequestParams) -> Result<Request, ReadError> {
        if let ElicitRequestParams::Url(_) = params {
            // Its `mode` may be left out: it would read as a form without
            // a schema.
            return Err(ReadError::NotAForm {
                mode: "url".to_owned(),
            });
        }
        let text = serde_json::to_string(params).map_err(|error| ReadError::InvalidJson {
            message: error.to_string(),
        })?;
        Request::from_params_str(&text)
    }
}

/// As the conversion by reference.
impl TryFrom<ElicitRequestParams> for Request {
    type Error = ReadError;

    fn try_from(params: ElicitRequestParams) -> Result<Request, ReadError> {
        Request::try_from(&params)
    }
}

/// A value of an accept's content that tower-mcp's `ElicitFieldValue`
/// cannot carry, so that the answer cannot be sent through its
/// `ElicitResult` as it is: anything but a string, a number, a boolean or
/// an array of strings, and a whole number beyond `i64` (which it would
/// round through `f64`). A [`Draft`](crate::host::Draft) never finishes
/// with one: the checks of a form's fields give only values it carries,
/// and an integer field's bounds are `i64` in tower-mcp's model.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct FieldValueError {
    /// The field's key in the content.
    pub field: String,
    /// Its value.
    pub value: Value,
}

impl fmt::Display for FieldValueError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "field `{}`: tower-mcp's ElicitFieldValue cannot carry {} (a string, a number, \
             a boolean or an array of strings; a whole number within i64)",
            self.field,
            Quoted(&self.value)
        )
    }
}

impl std::error::Error for FieldValueError {}

fn field_value(value: &Value) -> Option<ElicitFieldValue> {
    Some(match value {
        Value::String(text) => ElicitFieldValue::String(text.clone()),
        Value::Bool(flag) => ElicitFieldValue::Boolean(*flag),
        Value::Number(number) => match number.as_i64() {
            Some(whole) => ElicitFieldValue::Integer(whole),
            None if number.is_f64() => ElicitFieldValue::Number(number.as_f64()?),
            // A whole number past `i64::MAX`: `f64` would round it.
            None => return None,
        },
        Value::Array(items) => ElicitFieldValue::StringArray(
            items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect::<Option<_>>()?,
        ),
        Value::Null | Value::Object(_) => return None,
    })
}

/// The answer as tower-mcp's `ElicitResult`, to the same JSON: an accept
/// with its content (whole numbers as `Integer`, others as `Number`), a
/// decline or a cancel without.
///
/// # Errors
///
/// [`FieldValueError`] for the first value of the content that
/// `ElicitFieldValue` cannot carry.
impl TryFrom<Response> for ElicitResult {
    type Error = FieldValueError;

    fn try_from(response: Response) -> Result<ElicitResult, FieldValueError> {
        match response {
            Response::Accept(content) => {
                let mut values = HashMap::with_capacity(content.len());
                for (field, value) in content {
                    match field_value(&value) {
                        Some(carried) => values.insert(field, carried),
                        None => return Err(FieldValueError { field, value }),
                    };
                }
                Ok(ElicitResult::accept(values))
            }
            Response::Decline => Ok(ElicitResult::decline()),
            Response::Cancel => Ok(ElicitResult::cancel()),
        }
    }
}
