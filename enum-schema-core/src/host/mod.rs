//! The person's side of an elicitation: a headless form model that any
//! Rust MCP host can render, and that answers exactly as the server will
//! check (feature `host`).
//!
//! A host reads what the server sent, leniently: the params of an
//! `elicitation/create` request ([`Request::from_params_str`], MCP
//! 2025-06-18 and 2025-11-25), or a 2026-07-28 `input_required` result
//! ([`InputRequired::from_result_str`], SEP-2322), whose elicitations are
//! the same params. Each property becomes a [`Field`], in the server's
//! order: its key, its label (the `title`, else the key), description,
//! whether it is required, its [`Kind`] (text with lengths and `format`,
//! integer or number with bounds, boolean, single-select untitled, titled
//! or legacy with each option's label, multi-select with
//! `minItems`/`maxItems`, or unsupported) and its default.
//!
//! Then the person fills it in, one of two ways:
//!
//! - **A line host** (a terminal, a chat) takes text:
//!   [`Field::parse_text`] reads `"3"`, `"yes"`, `"Berlin"` or `"1, 3"`
//!   into the value sent, or refuses it with a [`Refusal`] whose
//!   [`reason`](Refusal::reason) a person reads, and [`Field::hint`] says
//!   what to type before they do.
//! - **A widget host** (a GUI, a TUI) keeps a [`Draft`]: set, select,
//!   toggle, clear; [`Draft::blockers`] says what stands in the way of
//!   submitting; [`Draft::finish`] gives the accept.
//!
//! With the `terminal` feature, `host::terminal` is both, ready made: the
//! fields asked on a terminal with inquire's prompts (lines read by
//! `parse_text`, lists and checklists), finished through a [`Draft`].
//!
//! Every value goes through the same checks the server's parsing runs
//! ([`PrimitiveSchema::check`](crate::schema::PrimitiveSchema::check)),
//! with the same [`Error`](crate::Error)s and the same sentences
//! ([`Messages`](crate::messages::Messages)), so a value a host accepts
//! the server accepts, and a value the server would refuse is refused
//! before it is sent, with the reason the server would give.
//!
//! Lenient where a strict reader refuses, so that one field never
//! degrades the form: an unknown `format`, a `pattern` or an `x-*` key is
//! kept as advice ([`Note::Advisory`]) and not checked; a `default` that
//! is not an option or breaks a bound, and `enumNames` that do not pair
//! with `enum`, are left out with a [`Note::Dropped`]; a field the model
//! cannot show (a nested object, an array of objects) stays in the form,
//! [`Kind::Unsupported`], and if it is required the form cannot be
//! accepted ([`Request::can_accept`]): offer decline.
//!
//! ```
//! use enum_schema::host::{Defaults, Request, Response};
//! use serde_json::json;
//!
//! let params = r#"{
//!     "message": "Refund the order?",
//!     "requestedSchema": {
//!         "type": "object",
//!         "properties": {
//!             "reason": {"type": "string", "title": "Reason", "oneOf": [
//!                 {"const": "late", "title": "Arrived late"},
//!                 {"const": "broken", "title": "Arrived broken"}]},
//!             "amount": {"type": "number", "title": "Amount", "minimum": 0, "maximum": 50}
//!         },
//!         "required": ["reason", "amount"]
//!     }
//! }"#;
//! let request = Request::from_params_str(params)?;
//!
//! // A line host: what the person typed, field by field.
//! let mut draft = request.draft(Defaults::Prefill);
//! draft.set_text("reason", "arrived late").unwrap();
//! let refused = draft.set_text("amount", "62.50").unwrap_err();
//! assert_eq!(refused.reason(), "Amount: enter a number from 0 to 50; you entered “62.5”.");
//! draft.set_text("amount", "42.50").unwrap();
//!
//! let answer = draft.finish().unwrap();
//! assert_eq!(
//!     serde_json::to_value(&answer).unwrap(),
//!     json!({"action": "accept", "content": {"reason": "late", "amount": 42.5}}),
//! );
//! assert_eq!(serde_json::to_value(Response::Decline).unwrap(), json!({"action": "decline"}));
//! # Ok::<(), enum_schema::host::ReadError>(())
//! ```
//!
//! The SDKs' own client-side types lose what the server sent (rmcp 3.11
//! fails a whole request on a `format` it does not know; tower-mcp 0.25
//! reads a titled single-select as plain text): read the request's JSON
//! where the SDK gives it. The `rmcp` module's client side converts
//! rmcp's request and answer types.

mod draft;
mod field;
mod json;
mod read;
#[cfg(feature = "terminal")]
#[cfg_attr(docsrs, doc(cfg(feature = "terminal")))]
pub mod terminal;
mod text;

pub use self::draft::{Defaults, Draft};
pub use self::field::{Field, Kind, Note, Refusal};
pub use self::read::{InputRequest, InputRequired, ReadError, Request, MAX_FIELDS, MAX_OPTIONS};

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

/// What a host answers an elicitation with: the `ElicitResult` of MCP
/// 2025-06-18 and later (`{"action": "accept", "content": {..}}`,
/// `{"action": "decline"}`, `{"action": "cancel"}`). Decline and cancel
/// never carry content. Serializes to that JSON; `Value::from` gives it
/// too.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Response {
    /// The person submitted the form: the content, checked
    /// ([`Draft::finish`]).
    Accept(Map<String, Value>),
    /// The person said no.
    Decline,
    /// The person dismissed the form without choosing (closed it, pressed
    /// Esc).
    Cancel,
}

impl Response {
    /// `"accept"`, `"decline"` or `"cancel"`.
    pub fn action(&self) -> &'static str {
        match self {
            Response::Accept(_) => "accept",
            Response::Decline => "decline",
            Response::Cancel => "cancel",
        }
    }
}

impl Serialize for Response {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let content = match self {
            Response::Accept(content) => Some(content),
            Response::Decline | Response::Cancel => None,
        };
        let mut map = serializer.serialize_map(Some(1 + usize::from(content.is_some())))?;
        map.serialize_entry("action", self.action())?;
        if let Some(content) = content {
            map.serialize_entry("content", content)?;
        }
        map.end()
    }
}

impl From<Response> for Value {
    fn from(response: Response) -> Value {
        let mut result = Map::new();
        result.insert("action".to_owned(), Value::from(response.action()));
        if let Response::Accept(content) = response {
            result.insert("content".to_owned(), Value::Object(content));
        }
        Value::Object(result)
    }
}
