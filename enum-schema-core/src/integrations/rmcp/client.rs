//! The client side of rmcp: read an `elicitation/create` request into this
//! crate's view, and check the user's answer before it goes back.
//!
//! A Rust client on rmcp answers elicitations in
//! `ClientHandler::create_elicitation`. [`read_request`] turns the request
//! into this crate's [`ElicitRequestFormParams`]: the message and the
//! [`RequestedSchema`], whose properties (in the server's order) are
//! [`PrimitiveSchema`]s, enums among them readable through one
//! [`EnumView`](crate::schema::EnumView) whatever their shape. [`accept`] checks
//! the user's answer with the same rules the server's derived form applies
//! ([`RequestedSchema::check_content`]) and builds rmcp's `ElicitResult`, so
//! a Rust client never sends content the server will refuse.
//!
//! ```
//! use enum_schema::rmcp::{accept, read_request, ClientError};
//! use rmcp::model::ElicitRequestParams;
//! use serde_json::json;
//!
//! // As rmcp hands it to `create_elicitation`.
//! let request: ElicitRequestParams = serde_json::from_value(json!({
//!     "message": "How bad is it?",
//!     "requestedSchema": {"type": "object", "properties": {"severity": {
//!         "type": "string",
//!         "oneOf": [{"const": "low", "title": "Low"}, {"const": "high", "title": "High"}],
//!     }}, "required": ["severity"]},
//! })).unwrap();
//!
//! let form = read_request(&request).unwrap();
//! let (name, property) = &form.requested_schema().properties()[0];
//! let severity = property.as_enum().unwrap();
//! assert_eq!((name.as_ref(), severity.options()[1].title()), ("severity", Some("High")));
//!
//! // The user picked the second option: send its value.
//! let answer = json!({"severity": severity.options()[1].value()});
//! let result = accept(form.requested_schema(), answer.as_object().unwrap().clone()).unwrap();
//! assert_eq!(serde_json::to_value(&result).unwrap(),
//!            json!({"action": "accept", "content": {"severity": "high"}}));
//!
//! // A title is not a value: caught before it is sent.
//! let wrong = json!({"severity": "High"}).as_object().unwrap().clone();
//! assert!(matches!(accept(form.requested_schema(), wrong), Err(ClientError::Invalid(_))));
//! ```
//!
//! rmcp reads the request into its own model first, and that model keeps
//! only the keywords it knows: a keyword it drops (a `pattern`, say) never
//! reaches [`read_request`], so [`accept`] cannot enforce it.

use std::borrow::Cow;
use std::fmt;

use ::rmcp::model::{self, ElicitationAction};
use serde_json::{Map, Value};

use crate::error::Error;
use crate::schema::SchemaError;
use crate::schema::{ElicitRequestFormParams, RequestedSchema};

/// Why [`read_request`] could not read a request, or [`accept`] refused an
/// answer.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ClientError {
    /// The request is URL mode (`"mode":"url"`): the server asks the user to
    /// visit `url`, there is no form.
    NotAForm {
        /// The URL the server wants opened.
        url: String,
    },
    /// The `requestedSchema` is not one this crate can check answers
    /// against (an invalid enum, a `default` its own schema refuses, a
    /// keyword that would be lost); answering it would risk content the
    /// server refuses.
    Schema(SchemaError),
    /// The answer has a property that the `requestedSchema` does not: the
    /// server would ignore it at best.
    UnknownField {
        /// The property's name.
        field: String,
    },
    /// The answer breaks the `requestedSchema`; the error names every
    /// failing field and keeps what the user gave.
    Invalid(Error),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ClientError::NotAForm { url } => {
                write!(f, "the elicitation is in URL mode ({url}), not a form")
            }
            ClientError::Schema(error) => write!(f, "the requestedSchema cannot be read: {error}"),
            ClientError::UnknownField { field } => {
                write!(f, "field `{field}` is not in the requestedSchema")
            }
            ClientError::Invalid(error) => {
                write!(f, "the answer breaks the requestedSchema: {error}")
            }
        }
    }
}

impl std::error::Error for ClientError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClientError::Schema(error) => Some(error),
            ClientError::Invalid(error) => Some(error),
            ClientError::NotAForm { .. } | ClientError::UnknownField { .. } => None,
        }
    }
}

/// Reads the `elicitation/create` request that rmcp hands to
/// `ClientHandler::create_elicitation` (or that a 2026-07-28
/// `input_required` result carries) into this crate's view: the message
/// and the [`RequestedSchema`], properties in the server's order.
///
/// # Errors
///
/// [`ClientError::NotAForm`] for a URL-mode request;
/// [`ClientError::Schema`] if the `requestedSchema` cannot be read
/// ([`RequestedSchema::from_json_str`]).
pub fn read_request(
    request: &model::ElicitRequestParams,
) -> Result<ElicitRequestFormParams, ClientError> {
    match request {
        model::ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } => {
            // Through text, which keeps rmcp's property order.
            let json = serde_json::to_string(requested_schema).map_err(|error| {
                ClientError::Schema(SchemaError::InvalidJson {
                    message: error.to_string(),
                })
            })?;
            let requested_schema =
                RequestedSchema::from_json_str(&json).map_err(ClientError::Schema)?;
            Ok(ElicitRequestFormParams {
                message: Cow::Owned(message.clone()),
                requested_schema,
            })
        }
        model::ElicitRequestParams::UrlElicitationParams { url, .. } => {
            Err(ClientError::NotAForm { url: url.clone() })
        }
        // A mode newer than rmcp 3.11 knows: not a form either.
        _ => Err(ClientError::NotAForm { url: String::new() }),
    }
}

/// Checks the user's answer against `schema` and builds the `accept`
/// result: `{"action":"accept","content":{..}}`, the content as checked
/// (only the schema's properties, every value valid, every required one
/// present).
///
/// # Errors
///
/// [`ClientError::UnknownField`] for the first property `schema` does not
/// have, then [`ClientError::Invalid`] with the errors of
/// [`RequestedSchema::check_content`] (a value not offered, a title
/// instead of a value, a string for a multi-select, a count outside
/// `minItems..=maxItems`, a missing required field, a number out of range,
/// ..).
pub fn accept(
    schema: &RequestedSchema,
    content: Map<String, Value>,
) -> Result<model::ElicitResult, ClientError> {
    if let Some(field) = content
        .keys()
        .find(|name| !schema.properties().iter().any(|(known, _)| known == *name))
    {
        return Err(ClientError::UnknownField {
            field: field.clone(),
        });
    }
    let checked = schema
        .check_content(content)
        .map_err(ClientError::Invalid)?;
    Ok(model::ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(checked)))
}
