//! What a person did with a form: [`ElicitAction`], and the action of an
//! `ElicitResult` read from its JSON.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind};

/// What a user did with an elicitation request, with the typed content of an
/// `accept`.
///
/// Source: MCP 2025-11-25, `ElicitResult.action`: `"accept"` (the user
/// submitted the form), `"decline"` (explicitly refused), `"cancel"`
/// (dismissed without choosing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElicitAction<T> {
    /// `"accept"`, with the re-validated content.
    Accept(T),
    /// `"decline"`; any content sent with it is ignored.
    Decline,
    /// `"cancel"`; any content sent with it is ignored.
    Cancel,
}

impl<T> ElicitAction<T> {
    /// The content of an `accept`, or `None`.
    pub fn accepted(self) -> Option<T> {
        match self {
            ElicitAction::Accept(content) => Some(content),
            ElicitAction::Decline | ElicitAction::Cancel => None,
        }
    }

    /// Maps the content of an `accept`.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> ElicitAction<U> {
        match self {
            ElicitAction::Accept(content) => ElicitAction::Accept(f(content)),
            ElicitAction::Decline => ElicitAction::Decline,
            ElicitAction::Cancel => ElicitAction::Cancel,
        }
    }
}

/// Splits an `ElicitResult` into its action and, for an `accept`, its
/// `content` object (empty when the client sent none).
///
/// # Errors
///
/// [`ErrorKind::MalformedResult`] if the result or its `content` is not a JSON
/// object, [`ErrorKind::MissingAction`] / [`ErrorKind::UnknownAction`] if `action` is
/// absent or not one of the three. The content of a `decline` or `cancel` is
/// not looked at.
pub(crate) fn parse_action(result: Value) -> Result<ElicitAction<Map<String, Value>>, Error> {
    let mut result = match result {
        Value::Object(result) => result,
        found => {
            return Err(Error::from(ErrorKind::MalformedResult {
                reason: Cow::Borrowed("an ElicitResult must be a JSON object"),
                found: Some(found),
            }))
        }
    };
    let Some(action) = result.remove("action") else {
        return Err(Error::from(ErrorKind::MissingAction {
            found: Value::Object(result),
        }));
    };
    match action.as_str() {
        Some("accept") => match result.remove("content") {
            None => Ok(ElicitAction::Accept(Map::new())),
            Some(Value::Object(content)) => Ok(ElicitAction::Accept(content)),
            Some(found) => Err(Error::from(ErrorKind::MalformedResult {
                reason: Cow::Borrowed("`content` must be a JSON object"),
                found: Some(found),
            })),
        },
        Some("decline") => Ok(ElicitAction::Decline),
        Some("cancel") => Ok(ElicitAction::Cancel),
        _ => Err(Error::from(ErrorKind::UnknownAction { action })),
    }
}
