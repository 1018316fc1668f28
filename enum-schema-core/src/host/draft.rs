//! A form being filled in through widgets: [`Draft`] holds each field's
//! value as the person sets it, says what still stands in the way, and
//! finishes into the [`Response`] an accept sends.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind};
use crate::schema::PrimitiveSchema;

use super::field::{Field, Refusal};
use super::read::Request;
use super::Response;

/// What a [`Draft`] does with the `default` of each field the person
/// leaves alone (SEP-1034, MCP 2025-11-25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Defaults {
    /// Shown in the field from the start ([`Draft::value`] gives it) and
    /// sent unless the person clears it: what the spec's clients do.
    #[default]
    Prefill,
    /// Not shown, but sent on [`finish`](Draft::finish) for a field the
    /// person never touched (a host whose widgets cannot show a
    /// pre-filled value, as the conformance suite's client does).
    OnFinish,
    /// Neither shown nor sent: only what the person set is.
    Never,
}

/// The state of one field in a draft.
#[derive(Clone, Debug, PartialEq)]
enum Entry {
    /// Never set nor cleared.
    Untouched,
    /// Cleared by the person: sent as nothing, whatever the default.
    Cleared,
    Set(Value),
}

/// A form being filled in by a widget host: set, select, toggle and clear
/// values by field key, see what still stands in the way of submitting,
/// and finish into the accept. Each value is checked with the server's own
/// checks as it is set, and the whole content again on
/// [`finish`](Self::finish), so a form a draft finishes is a form the
/// server accepts. Decline and cancel are [`Response::Decline`] and
/// [`Response::Cancel`], which carry no content.
///
/// Every method that takes a key panics if the request has no field with
/// that key, as indexing a map with a missing key does: the keys come
/// from [`Request::fields`].
///
/// ```
/// use enum_schema::host::{Defaults, Request, Response};
/// use serde_json::json;
///
/// let request = Request::from_params_str(r#"{"message": "Order", "requestedSchema": {
///     "type": "object",
///     "properties": {
///         "size": {"type": "string", "title": "Size", "enum": ["s", "m", "l"], "default": "m"},
///         "toppings": {"type": "array", "title": "Toppings", "minItems": 1,
///                      "items": {"enum": ["cheese", "olives", "basil"]}},
///         "note": {"type": "string", "maxLength": 20}
///     },
///     "required": ["size", "toppings"]
/// }}"#)?;
/// let mut draft = request.draft(Defaults::Prefill);
/// assert_eq!(draft.value("size"), Some(&json!("m")));
///
/// // Nothing picked yet: the reason says so, and finish refuses.
/// assert_eq!(draft.blockers()[0].reason(), "Toppings: this answer is required.");
/// draft.toggle("toppings", "olives").unwrap();
/// draft.toggle("toppings", "basil").unwrap();
/// draft.toggle("toppings", "olives").unwrap(); // off again
/// assert_eq!(
///     draft.set_text("note", "extra crispy, well done please").unwrap_err().reason(),
///     "note: enter at most 20 characters; you entered 30.",
/// );
/// assert!(draft.blockers().is_empty());
/// assert_eq!(
///     draft.finish().unwrap(),
///     Response::Accept(json!({"size": "m", "toppings": ["basil"]}).as_object().unwrap().clone()),
/// );
/// # Ok::<(), enum_schema::host::ReadError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Draft<'r> {
    request: &'r Request,
    entries: Vec<Entry>,
    defaults: Defaults,
}

impl Request {
    /// A draft of this form, every field untouched, its defaults as
    /// `defaults` says.
    pub fn draft(&self, defaults: Defaults) -> Draft<'_> {
        Draft {
            request: self,
            entries: vec![Entry::Untouched; self.fields.len()],
            defaults,
        }
    }
}

impl<'r> Draft<'r> {
    /// The request this draft fills in.
    pub fn request(&self) -> &'r Request {
        self.request
    }

    fn index(&self, key: &str) -> usize {
        match self
            .request
            .fields
            .iter()
            .position(|field| field.key() == key)
        {
            Some(index) => index,
            None => panic!("the request has no field `{key}`"),
        }
    }

    /// What the field shows now: the value set, else (with
    /// [`Defaults::Prefill`], until the person clears it) its default;
    /// `None` for a blank field.
    ///
    /// # Panics
    ///
    /// If the request has no field `key`.
    pub fn value(&self, key: &str) -> Option<&Value> {
        let index = self.index(key);
        self.shown(index)
    }

    fn shown(&self, index: usize) -> Option<&Value> {
        match &self.entries[index] {
            Entry::Set(value) => Some(value),
            Entry::Cleared => None,
            Entry::Untouched => match self.defaults {
                Defaults::Prefill => self.request.fields[index].default_value(),
                Defaults::OnFinish | Defaults::Never => None,
            },
        }
    }

    /// Sets the field to `value` (a string, a number, a boolean, or an
    /// array of option values), if the server's check accepts it
    /// ([`Field::check`]); otherwise leaves the field as it was.
    ///
    /// # Errors
    ///
    /// The [`Refusal`] of [`Field::check`].
    ///
    /// # Panics
    ///
    /// If the request has no field `key`.
    pub fn set(&mut self, key: &str, value: Value) -> Result<(), Refusal<'r>> {
        let index = self.index(key);
        let value = self.request.fields[index].check(value)?;
        self.entries[index] = Entry::Set(value);
        Ok(())
    }

    /// Sets the field from what a person typed ([`Field::parse_text`]):
    /// blank text clears an optional field.
    ///
    /// # Errors
    ///
    /// The [`Refusal`] of [`Field::parse_text`]; the field is left as it
    /// was.
    ///
    /// # Panics
    ///
    /// If the request has no field `key`.
    pub fn set_text(&mut self, key: &str, text: &str) -> Result<(), Refusal<'r>> {
        let index = self.index(key);
        self.entries[index] = match self.request.fields[index].parse_text(text)? {
            Some(value) => Entry::Set(value),
            None => Entry::Cleared,
        };
        Ok(())
    }

    /// Selects the option with `value` in a single-select: the same as
    /// [`set`](Self::set) with that string.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidValue`] when no option has that value; the
    /// check's error when the field takes no string
    /// ([`ErrorKind::TypeMismatch`]).
    ///
    /// # Panics
    ///
    /// If the request has no field `key`.
    pub fn select(&mut self, key: &str, value: &str) -> Result<(), Refusal<'r>> {
        self.set(key, Value::from(value))
    }

    /// Turns the option with `value` of a multi-select on if it is off,
    /// off if it is on (so it is never chosen twice); returns whether it
    /// is on now. The count is not checked here, so that a person may pick
    /// one more and then drop another: [`blockers`](Self::blockers) and
    /// [`finish`](Self::finish) check it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidItem`] when no option has that value;
    /// [`ErrorKind::TypeMismatch`] when the field is not a multi-select.
    ///
    /// # Panics
    ///
    /// If the request has no field `key`.
    pub fn toggle(&mut self, key: &str, value: &str) -> Result<bool, Refusal<'r>> {
        let index = self.index(key);
        let field: &'r Field = &self.request.fields[index];
        let Ok(PrimitiveSchema::MultiSelect(select)) = &field.schema else {
            // The check's own refusal of a list where none belongs.
            return Err(field
                .check(Value::Array(vec![Value::from(value)]))
                .err()
                .unwrap_or_else(|| {
                    field.refuse(Error::from(ErrorKind::TypeMismatch {
                        expected: crate::error::JsonType::String,
                        found: Value::Array(vec![Value::from(value)]),
                    }))
                }));
        };
        let mut items: Vec<Value> = match self.shown(index) {
            Some(Value::Array(items)) => items.clone(),
            _ => Vec::new(),
        };
        if !select
            .options()
            .iter()
            .any(|option| option.value() == value)
        {
            items.push(Value::from(value));
            return Err(field.refuse(Error::from(ErrorKind::InvalidItem {
                index: items.len() - 1,
                items,
                allowed: select.options.clone(),
            })));
        }
        let on = match items.iter().position(|item| item.as_str() == Some(value)) {
            Some(at) => {
                items.remove(at);
                false
            }
            None => {
                items.push(Value::from(value));
                true
            }
        };
        self.entries[index] = Entry::Set(Value::Array(items));
        Ok(on)
    }

    /// Puts the field back as it was when the draft began: untouched, its
    /// default shown and sent as the draft's [`Defaults`] say (a person
    /// who leaves a field blank when it is asked again, under
    /// [`Defaults::OnFinish`], gets its default back).
    ///
    /// # Panics
    ///
    /// If the request has no field `key`.
    pub fn reset(&mut self, key: &str) {
        let index = self.index(key);
        self.entries[index] = Entry::Untouched;
    }

    /// Clears the field: nothing is sent for it, not even its default.
    ///
    /// # Panics
    ///
    /// If the request has no field `key`.
    pub fn clear(&mut self, key: &str) {
        let index = self.index(key);
        self.entries[index] = Entry::Cleared;
    }

    /// What still stands in the way of accepting, in the order of the
    /// form: a required field left blank
    /// ([`ErrorKind::MissingField`]), a multi-select whose count is
    /// outside `minItems..=maxItems`, a required field the model cannot
    /// show (which no value can mend: offer decline). Empty when
    /// [`finish`](Self::finish) would accept.
    pub fn blockers(&self) -> Vec<Refusal<'r>> {
        self.content().err().unwrap_or_default()
    }

    /// The accept: `{"action": "accept", "content": {..}}` with every
    /// value set, and the defaults of untouched fields unless the draft's
    /// [`Defaults`] is [`Never`](Defaults::Never). Unsupported fields are
    /// never sent.
    ///
    /// # Errors
    ///
    /// [`blockers`](Self::blockers), when there are any.
    pub fn finish(&self) -> Result<Response, Vec<Refusal<'r>>> {
        self.content().map(Response::Accept)
    }

    /// The content to send, checked field by field as the server's
    /// `check_content` does: each value checked, each required field
    /// present.
    fn content(&self) -> Result<Map<String, Value>, Vec<Refusal<'r>>> {
        let mut content = Map::new();
        let mut refused = Vec::new();
        for (index, field) in self.request.fields.iter().enumerate() {
            let field: &'r Field = field;
            let value = match (&self.entries[index], self.defaults) {
                (Entry::Set(value), _) => Some(value.clone()),
                (Entry::Untouched, Defaults::Prefill | Defaults::OnFinish) => {
                    field.default_value().cloned()
                }
                (Entry::Untouched, Defaults::Never) | (Entry::Cleared, _) => None,
            };
            match (value, field.is_required()) {
                (Some(value), _) => match field.check(value) {
                    Ok(value) => {
                        content.insert(field.key().to_owned(), value);
                    }
                    Err(refusal) => refused.push(refusal),
                },
                (None, true) => {
                    refused.push(field.refuse(Error::from(ErrorKind::MissingField)));
                }
                (None, false) => {}
            }
        }
        if refused.is_empty() {
            Ok(content)
        } else {
            Err(refused)
        }
    }
}
