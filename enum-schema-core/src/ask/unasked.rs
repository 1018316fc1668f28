//! [`Unasked`]: the questions a client could not ask a person, written for
//! the model that called the tool, and the person behind it.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use serde_json::{Map, Value};

use super::reask::{is_invisible, title};
use crate::error::Error;
use crate::schema::{ElicitRequestFormParams, PrimitiveSchema};
use crate::version::ProtocolVersion;

/// How many options of one field the text and the data list; a longer list
/// says how many more there are.
const LISTED_OPTIONS: usize = 20;

/// The questions of a call that its client could not ask: it declared no
/// form elicitation (a client that shows no forms, or URL mode only), or
/// speaks a revision without elicitation (before 2025-06-18).
///
/// [`Ask::tool`](super::Ask::tool) ends the call with a tool result for it
/// (`isError: true`), written for the model and the person behind it: its
/// `Display` is the text, [`ElicitError::data`](super::ElicitError::data)
/// the `structuredContent`. Each question says either the argument that
/// answers it when the tool is called again
/// ([`Question::with_argument`](super::Question::with_argument)), with its
/// fields, options (value and title, at most 20 listed), bounds and
/// defaults, and why the argument sent, if any, was refused; or that only a
/// person can answer it, in a client that shows forms (a question without
/// an argument, and every confirmation).
#[derive(Clone, Debug, PartialEq)]
pub struct Unasked {
    method: String,
    name: String,
    /// Why the client cannot show a form, as the end of a sentence.
    why: String,
    questions: Vec<UnaskedQuestion>,
}

/// One question of [`Unasked`].
#[derive(Clone, Debug, PartialEq)]
struct UnaskedQuestion {
    key: String,
    params: ElicitRequestFormParams,
    argument: bool,
    refused: Option<String>,
}

impl Unasked {
    /// For the request `method` of `name`, from a client of `version`
    /// (`None`: unknown) that cannot show a form.
    pub(crate) fn new(method: &str, name: &str, version: Option<ProtocolVersion>) -> Self {
        let why = match version {
            Some(version) if !version.supports_elicitation() => format!(
                "it speaks MCP {}, which has no elicitation",
                version.as_str()
            ),
            _ => "it did not declare form elicitation".to_owned(),
        };
        Unasked {
            method: method.to_owned(),
            name: name.to_owned(),
            why,
            questions: Vec::new(),
        }
    }

    /// For the request `method` of `name`, whose client sent the same
    /// answer twice and had it refused for `error` both times: it answers
    /// without showing the form (a client that shows only some fields, or
    /// none, and accepts anyway).
    pub(crate) fn not_shown(method: &str, name: &str, error: &Error) -> Self {
        let mut unasked = Unasked::new(method, name, None);
        unasked.why = format!(
            "it sent the same refused answer twice, so it does not seem to show the form; \
             {error}"
        );
        unasked
    }

    pub(crate) fn push(
        &mut self,
        key: &str,
        params: &ElicitRequestFormParams,
        argument: bool,
        refused: Option<&Error>,
    ) {
        self.questions.push(UnaskedQuestion {
            key: key.to_owned(),
            params: params.clone(),
            argument,
            refused: refused.map(ToString::to_string),
        });
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.questions.is_empty()
    }

    /// The keys of the questions, in the order they were asked.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.questions.iter().map(|question| question.key.as_str())
    }

    /// Whether a person must answer every question (none may be answered
    /// with an argument): the model can do nothing but say so.
    pub fn needs_a_person(&self) -> bool {
        self.questions.iter().all(|question| !question.argument)
    }

    /// `{"unasked":[{"key":..,"message":..,"argument":KEY|null,
    /// "refused":..|null,"requestedSchema":{..}}]}`, the `requestedSchema`
    /// with at most 20 options per field (`"moreOptions":N` says how many
    /// were left out).
    pub(crate) fn data(&self) -> Value {
        let questions = self
            .questions
            .iter()
            .map(|question| {
                let mut entry = Map::new();
                entry.insert("key".to_owned(), Value::from(question.key.as_str()));
                entry.insert("message".to_owned(), Value::from(question.params.message()));
                entry.insert(
                    "argument".to_owned(),
                    if question.argument {
                        Value::from(question.key.as_str())
                    } else {
                        Value::Null
                    },
                );
                entry.insert(
                    "refused".to_owned(),
                    question.refused.as_deref().map_or(Value::Null, Value::from),
                );
                entry.insert("requestedSchema".to_owned(), listed(&question.params));
                Value::Object(entry)
            })
            .collect();
        let mut data = Map::new();
        data.insert("unasked".to_owned(), Value::Array(questions));
        Value::Object(data)
    }
}

/// The requested schema as JSON, each field's options cut to the first 20.
fn listed(params: &ElicitRequestFormParams) -> Value {
    let mut schema = serde_json::to_value(params.requested_schema()).unwrap_or(Value::Null);
    if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for property in properties.values_mut() {
            let Some(property) = property.as_object_mut() else {
                continue;
            };
            let mut more = 0;
            let mut cut = |options: Option<&mut Value>| {
                if let Some(options) = options.and_then(Value::as_array_mut) {
                    more = more.max(options.len().saturating_sub(LISTED_OPTIONS));
                    options.truncate(LISTED_OPTIONS);
                }
            };
            for key in ["oneOf", "enum", "enumNames"] {
                cut(property.get_mut(key));
            }
            if let Some(items) = property.get_mut("items").and_then(Value::as_object_mut) {
                for key in ["anyOf", "enum"] {
                    cut(items.get_mut(key));
                }
            }
            if more > 0 {
                property.insert("moreOptions".to_owned(), Value::from(more));
            }
        }
    }
    schema
}

impl fmt::Display for Unasked {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let call = match self.method.as_str() {
            "tools/call" => format!("call the tool `{}`", self.name),
            "prompts/get" => format!("get the prompt `{}`", self.name),
            _ => format!("read `{}`", self.name),
        };
        write!(
            f,
            "This client cannot show the person a form ({}), so these questions were not asked:",
            one_line(&self.why)
        )?;
        for question in &self.questions {
            write!(f, "\n\n- {:?}", question.params.message())?;
            if !question.argument {
                f.write_str(
                    ": only a person can answer this, in a client that shows forms \
                     (MCP elicitation); no argument can answer it.",
                )?;
                continue;
            }
            if let Some(refused) = &question.refused {
                write!(
                    f,
                    "\n  The argument `{}` was refused: {}.",
                    question.key,
                    one_line(refused)
                )?;
            }
            write!(
                f,
                "\n  Ask the person, then {call} again with the argument `{}`: an object",
                question.key
            )?;
            let schema = question.params.requested_schema();
            for (name, property) in schema.properties() {
                let required = schema.required().iter().any(|field| field == name);
                write!(
                    f,
                    "\n  - `{name}`{}: {}",
                    if required { " (required)" } else { "" },
                    describe(property)
                )?;
            }
        }
        if !self.needs_a_person() {
            f.write_str("\n\nSend each answer exactly as its value is written here.")?;
        }
        Ok(())
    }
}

/// `text` on one line, as the model reads it: every character that would
/// break the line, reorder or hide text (control characters, the line and
/// paragraph separators, the bidirectional and zero-width marks) shown as a
/// space, so that a title cannot start a line of its own in the result.
fn one_line(text: &str) -> Cow<'_, str> {
    if text.chars().any(is_invisible) {
        Cow::Owned(
            text.chars()
                .map(|c| if is_invisible(c) { ' ' } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

/// The property's own `description`.
fn description(property: &PrimitiveSchema) -> Option<&str> {
    match property {
        PrimitiveSchema::String(schema) => schema.description.as_deref(),
        PrimitiveSchema::Number(schema) => schema.description.as_deref(),
        PrimitiveSchema::Boolean(schema) => schema.description.as_deref(),
        PrimitiveSchema::SingleSelect(schema) => schema.description.as_deref(),
        PrimitiveSchema::MultiSelect(schema) => schema.description.as_deref(),
    }
}

/// A field in words: its title, its type, its options, bounds and default.
fn describe(property: &PrimitiveSchema) -> String {
    let mut text = String::new();
    if let Some(title) = title(property) {
        let _ = write!(text, "{title:?}, ");
    }
    match property {
        PrimitiveSchema::String(string) => {
            text.push_str("a string");
            if let Some(format) = string.format() {
                let _ = write!(text, " in the format {}", format.as_str());
            }
            match (string.min_length(), string.max_length()) {
                (Some(min), Some(max)) => {
                    let _ = write!(text, " of {min} to {max} characters");
                }
                (Some(min), None) => {
                    let _ = write!(text, " of at least {min} characters");
                }
                (None, Some(max)) => {
                    let _ = write!(text, " of at most {max} characters");
                }
                (None, None) => {}
            }
            if let Some(default) = string.default_value() {
                let _ = write!(text, ", default {default:?}");
            }
        }
        PrimitiveSchema::Number(number) => {
            text.push_str(if number.is_integer() {
                "an integer"
            } else {
                "a number"
            });
            match (number.minimum(), number.maximum()) {
                (Some(min), Some(max)) => {
                    let _ = write!(text, " from {min} to {max}");
                }
                (Some(min), None) => {
                    let _ = write!(text, " of at least {min}");
                }
                (None, Some(max)) => {
                    let _ = write!(text, " of at most {max}");
                }
                (None, None) => {}
            }
            if let Some(default) = number.default_value() {
                let _ = write!(text, ", default {default}");
            }
        }
        PrimitiveSchema::Boolean(boolean) => {
            text.push_str("true or false");
            if let Some(default) = boolean.default_value() {
                let _ = write!(text, ", default {default}");
            }
        }
        PrimitiveSchema::SingleSelect(select) => {
            text.push_str("one of ");
            options(&mut text, select.options());
            if let Some(default) = select.default_value() {
                let _ = write!(text, "; default {default:?}");
            }
        }
        PrimitiveSchema::MultiSelect(select) => {
            text.push_str("a list");
            match (select.min_items(), select.max_items()) {
                (Some(min), Some(max)) => {
                    let _ = write!(text, " of {min} to {max}");
                }
                (Some(min), None) => {
                    let _ = write!(text, " of at least {min}");
                }
                (None, Some(max)) => {
                    let _ = write!(text, " of at most {max}");
                }
                (None, None) => {}
            }
            text.push_str(" of ");
            options(&mut text, select.options());
            if let Some(default) = select.default_values() {
                let _ = write!(text, "; default {default:?}");
            }
        }
    }
    if let Some(description) = description(property) {
        let _ = write!(text, " ({})", one_line(description));
    }
    text
}

/// `"eu" (Europe), "us" (United States)`, at most 20, then how many more.
fn options(text: &mut String, options: &[crate::schema::EnumOption]) {
    for (index, option) in options.iter().take(LISTED_OPTIONS).enumerate() {
        if index > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{:?}", option.value());
        if let Some(title) = option.title() {
            let _ = write!(text, " ({})", one_line(title));
        }
    }
    if options.len() > LISTED_OPTIONS {
        let _ = write!(
            text,
            ", and {} more not listed (ask the person for the exact value)",
            options.len() - LISTED_OPTIONS
        );
    }
}
