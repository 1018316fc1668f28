//! [`Unasked`]: the questions a client could not ask a person, written for
//! the model that called the tool, and the person behind it.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt::{self, Write as _};

use serde_json::{Map, Value};

use super::search::{folded, matches};
use crate::error::Error;
use crate::messages::reasons::{is_invisible, title};
use crate::schema::{ElicitRequestFormParams, EnumOption, PrimitiveSchema};
use crate::version::{ProtocolVersion, VersionError};

/// How many options of one field the text and the data list; a longer list
/// says how many more there are, and how to narrow it: the text that a
/// refused argument sent for the field, as a search.
const LISTED_OPTIONS: usize = 20;

/// How long a text of a refused argument may be to count as a search (as
/// the search field of [`Ask::choose`](super::Ask::choose)), and how many
/// texts of one field count: anything longer or beyond is no search, so
/// the result never echoes more than this of what the model sent.
const SEARCH_LENGTH: usize = 200;
const SEARCHES: usize = 5;

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
///
/// A select of more than 20 options lists the first 20 and says how to
/// narrow it: a refused argument's text for that field (part of a value or
/// a title) is a search, and the options whose value or title contains it
/// (lowercase, Unicode NFC, as [`Ask::choose`](super::Ask::choose)
/// compares) are listed instead, at most 20, so the model can offer the
/// person the few that match and call again with the exact value.
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
    /// Whether the argument is the value of the form's one field, named by
    /// the key ([`Question::choice`](super::Question::choice)), rather
    /// than an object of its fields.
    argument_is_value: bool,
    /// Why the argument sent was refused, if it was.
    refused: Option<Error>,
    /// The content of the refused argument, whose texts narrow long lists.
    sent: Option<Value>,
}

impl UnaskedQuestion {
    /// Why the argument was refused, each reason about a field of its
    /// object as `field `name`: ..` and each about the argument itself
    /// (not an object; the value of a choice) as `the argument `key`: ..`,
    /// or without that prefix where the sentence names the argument
    /// already (`named`).
    fn refusal(&self, named: bool) -> Option<String> {
        let error = self.refused.as_ref()?;
        let mut text = String::new();
        for error in error.iter() {
            if !text.is_empty() {
                text.push_str("; ");
            }
            let itself = match error.field() {
                None => true,
                Some(field) => self.argument_is_value && field == self.key,
            };
            if !itself {
                let _ = write!(text, "{error}");
                continue;
            }
            if !named {
                let _ = write!(text, "the argument `{}`: ", self.key);
            }
            let _ = write!(text, "{}", Error::from(error.kind().clone()));
        }
        Some(text)
    }
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

    /// For the request `method` of `name`, whose client's revision cannot
    /// carry a form an argument may answer, for `error`: said as the model
    /// can act on it (the server's remedy is the server's).
    pub(crate) fn uncarried(method: &str, name: &str, error: &VersionError) -> Self {
        let mut unasked = Unasked::new(method, name, None);
        unasked.why = match error {
            VersionError::NoMultiSelect { version, .. } => format!(
                "it speaks MCP {}, which has no multi-select question",
                version.as_str()
            ),
            other => other.to_string(),
        };
        unasked
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

    /// Adds the question under `key` asking `params`, which the call's
    /// argument may answer (`argument`; `argument_is_value`: the value of
    /// its one field rather than an object of its fields), and which it did
    /// not for the reason given (`refused`: the error, and the content the
    /// argument gave).
    pub(crate) fn push(
        &mut self,
        key: &str,
        params: &ElicitRequestFormParams,
        argument: (bool, bool),
        refused: Option<(&Error, &Value)>,
    ) {
        let (argument, argument_is_value) = argument;
        self.questions.push(UnaskedQuestion {
            key: key.to_owned(),
            params: params.clone(),
            argument,
            argument_is_value,
            refused: refused.map(|(error, _)| error.clone()),
            sent: refused.map(|(_, sent)| sent.clone()),
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
    /// were left out); a field that the refused argument sent text for
    /// lists the options that contain it, with `"matching":[TEXT,..]`. A
    /// `default` whose option is not listed is left out, so that the
    /// schema stays one a client accepts (the text still names it).
    pub(crate) fn data(&self) -> Value {
        let questions = self
            .questions
            .iter()
            .map(|question| {
                let argument = question.argument.then_some(question.key.as_str());
                serde_json::json!({
                    "key": question.key,
                    "message": question.params.message(),
                    "argument": argument,
                    "refused": question.refusal(false),
                    "requestedSchema": listed(&question.params, question.sent.as_ref()),
                })
            })
            .collect();
        let mut data = Map::new();
        data.insert("unasked".to_owned(), Value::Array(questions));
        Value::Object(data)
    }
}

/// The texts that `sent` (a refused argument's content) gives for the field
/// `name` of `property`, as searches: a string for a single-select, each
/// string of a list for a multi-select that is no option's value, each
/// once (lowercase, NFC); none for a list short enough to be listed whole.
fn searches<'s>(name: &str, property: &PrimitiveSchema, sent: Option<&'s Value>) -> Vec<&'s str> {
    let options = match property {
        PrimitiveSchema::SingleSelect(select) => select.options(),
        PrimitiveSchema::MultiSelect(select) => select.options(),
        _ => return Vec::new(),
    };
    if options.len() <= LISTED_OPTIONS {
        return Vec::new();
    }
    let texts: Vec<&str> = match sent.and_then(|sent| sent.get(name)) {
        Some(Value::String(text)) => vec![text.as_str()],
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if texts.is_empty() {
        return texts;
    }
    // One look-up per text, not one pass over the options: a refused list
    // of 10,000 values costs no more per option than the refusal did.
    let values: HashSet<&str> = options.iter().map(EnumOption::value).collect();
    let mut searches: Vec<&str> = Vec::new();
    let mut seen: Vec<Cow<'_, str>> = Vec::new();
    for text in texts {
        if searches.len() == SEARCHES {
            break;
        }
        if text.trim().is_empty() || text.chars().count() > SEARCH_LENGTH || values.contains(text) {
            continue;
        }
        // The same search twice (in any case) is one search.
        let key = folded(text);
        if !seen.contains(&key) {
            seen.push(key);
            searches.push(text);
        }
    }
    searches
}

/// The options a long list shows: the first 20 that contain one of
/// `searches` (lowercase, NFC), or the first 20 when there is no search or
/// none contains one; and how many options contain one, when some do.
fn shown<'o>(options: &'o [EnumOption], searches: &[&str]) -> (Vec<&'o EnumOption>, Option<usize>) {
    let folded: Vec<Cow<'_, str>> = searches.iter().map(|search| folded(search)).collect();
    let mut matching: Vec<&EnumOption> = Vec::new();
    let mut count = 0;
    if !folded.is_empty() {
        for option in options {
            if folded.iter().any(|search| matches(option, search)) {
                count += 1;
                if matching.len() < LISTED_OPTIONS {
                    matching.push(option);
                }
            }
        }
    }
    if matching.is_empty() {
        (options.iter().take(LISTED_OPTIONS).collect(), None)
    } else {
        (matching, Some(count))
    }
}

/// The requested schema as JSON, each select cut to the options [`shown`]
/// (`"moreOptions":N` says how many were left out, `"matching":[TEXT,..]`
/// the texts they contain, when they are matches).
fn listed(params: &ElicitRequestFormParams, sent: Option<&Value>) -> Value {
    let mut schema = params.requested_schema().clone();
    let mut notes = Vec::new();
    for (name, property) in &mut schema.properties {
        let searches = searches(name, property, sent);
        let options = match property {
            PrimitiveSchema::SingleSelect(select) => select.options(),
            PrimitiveSchema::MultiSelect(select) => select.options(),
            _ => continue,
        };
        if options.len() <= LISTED_OPTIONS {
            continue;
        }
        let (kept, matching) = shown(options, &searches);
        let kept: Vec<EnumOption> = kept.into_iter().cloned().collect();
        notes.push((
            name.to_string(),
            options.len() - kept.len(),
            matching.map(|_| searches),
        ));
        // A `default` whose option is not listed is left out of the data,
        // which stays a requestedSchema (a default must be an option); the
        // text still names it.
        let listed = |value: &str| kept.iter().any(|option| option.value() == value);
        match property {
            PrimitiveSchema::SingleSelect(select) => {
                if select
                    .default
                    .as_deref()
                    .is_some_and(|value| !listed(value))
                {
                    select.default = None;
                }
                select.options = Cow::Owned(kept);
            }
            PrimitiveSchema::MultiSelect(select) => {
                let defaults = select.default.as_ref();
                if defaults.is_some_and(|values| !values.iter().all(|value| listed(value))) {
                    select.default = None;
                }
                select.options = Cow::Owned(kept);
            }
            _ => {}
        }
    }
    let mut schema = serde_json::to_value(&schema).unwrap_or(Value::Null);
    for (name, more, matching) in notes {
        let Some(property) = schema["properties"]
            .get_mut(&name)
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        property.insert("moreOptions".to_owned(), Value::from(more));
        if let Some(texts) = matching {
            let texts = texts.into_iter().map(Value::from).collect();
            property.insert("matching".to_owned(), Value::Array(texts));
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
            write!(f, "\n\n- {}", quoted(question.params.message()))?;
            if !question.argument {
                f.write_str(
                    ": only a person can answer this, in a client that shows forms \
                     (MCP elicitation); no argument can answer it.",
                )?;
                continue;
            }
            if let Some(refused) = question.refusal(true) {
                write!(
                    f,
                    "\n  The argument `{}` was refused: {}.",
                    question.key,
                    one_line(&refused)
                )?;
            }
            write!(
                f,
                "\n  Ask the person, then {call} again with the argument `{}`",
                question.key
            )?;
            let schema = question.params.requested_schema();
            if let (true, [(name, property)]) = (question.argument_is_value, schema.properties()) {
                let sent = question.sent.as_ref();
                write!(f, ": {}", describe(name, property, sent))?;
                continue;
            }
            f.write_str(": an object")?;
            for (name, property) in schema.properties() {
                let required = schema.required().iter().any(|field| field == name);
                write!(
                    f,
                    "\n  - `{name}`{}: {}",
                    if required { " (required)" } else { "" },
                    describe(name, property, question.sent.as_ref())
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

/// `text` as a JSON string, the way the model writes it back in an
/// argument: quoted, `"`, `\\` and control characters escaped as JSON
/// escapes them, and every other character that [`is_invisible`] (line and
/// paragraph separators, bidirectional and zero-width marks) as `\\uXXXX`,
/// so that it stays on one line and reads in order. Combining marks stay
/// as they are: a value written in NFD is shown as it is, to be sent back
/// as it is.
fn quoted(text: &str) -> String {
    let json = serde_json::to_string(text).unwrap_or_default();
    if !json.chars().any(is_invisible) {
        return json;
    }
    let mut escaped = String::with_capacity(json.len() + 12);
    for c in json.chars() {
        if is_invisible(c) {
            // Every such character is in the Basic Multilingual Plane.
            let _ = write!(escaped, "\\u{:04x}", u32::from(c));
        } else {
            escaped.push(c);
        }
    }
    escaped
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

/// A field's bounds in words, after its type: ` {between} 1 to 5{unit}`,
/// ` of at least 1{unit}`, ` of at most 5{unit}`, or nothing.
fn bounds(
    text: &mut String,
    min: Option<impl fmt::Display>,
    max: Option<impl fmt::Display>,
    between: &str,
    unit: &str,
) {
    let _ = match (min, max) {
        (Some(min), Some(max)) => write!(text, " {between} {min} to {max}{unit}"),
        (Some(min), None) => write!(text, " of at least {min}{unit}"),
        (None, Some(max)) => write!(text, " of at most {max}{unit}"),
        (None, None) => Ok(()),
    };
}

/// A field in words: its title, its type, its options, bounds and default.
fn describe(name: &str, property: &PrimitiveSchema, sent: Option<&Value>) -> String {
    let searches = searches(name, property, sent);
    let mut text = String::new();
    if let Some(title) = title(property) {
        let _ = write!(text, "{}, ", quoted(title));
    }
    match property {
        PrimitiveSchema::String(string) => {
            text.push_str("a string");
            if let Some(format) = string.format() {
                let _ = write!(text, " in the format {}", format.as_str());
            }
            bounds(
                &mut text,
                string.min_length(),
                string.max_length(),
                "of",
                " characters",
            );
            if let Some(default) = string.default_value() {
                let _ = write!(text, ", default {}", quoted(default));
            }
        }
        PrimitiveSchema::Number(number) => {
            text.push_str(if number.is_integer() {
                "an integer"
            } else {
                "a number"
            });
            bounds(&mut text, number.minimum(), number.maximum(), "from", "");
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
            options(&mut text, name, select.options(), &searches);
            if let Some(default) = select.default_value() {
                let _ = write!(text, "; default {}", quoted(default));
            }
        }
        PrimitiveSchema::MultiSelect(select) => {
            text.push_str("a list");
            bounds(&mut text, select.min_items(), select.max_items(), "of", "");
            text.push_str(" of ");
            options(&mut text, name, select.options(), &searches);
            if let Some(default) = select.default_values() {
                let quoted: Vec<String> = default.iter().map(|value| quoted(value)).collect();
                let _ = write!(text, "; default [{}]", quoted.join(", "));
            }
        }
    }
    if let Some(description) = description(property) {
        let _ = write!(text, " ({})", one_line(description));
    }
    text
}

/// `"eu" (Europe), "us" (United States)`: the options [`shown`], then how
/// many more there are and how to narrow them (the field `name` sent again
/// with part of a value or title).
fn options(text: &mut String, name: &str, options: &[EnumOption], searches: &[&str]) {
    let (shown, matching) = shown(options, searches);
    let texts = searches
        .iter()
        .map(|search| quoted(search))
        .collect::<Vec<_>>()
        .join(" or ");
    if let Some(count) = matching {
        if count > shown.len() {
            let _ = write!(
                text,
                "{} options, {count} of which contain {}; the first {}: ",
                options.len(),
                texts,
                shown.len()
            );
        } else {
            let _ = write!(
                text,
                "{} options; the {count} that contain {}: ",
                options.len(),
                texts
            );
        }
    } else if !searches.is_empty() {
        let _ = write!(
            text,
            "{} options, none of which contains {}; the first {}: ",
            options.len(),
            texts,
            shown.len()
        );
    }
    for (index, option) in shown.iter().enumerate() {
        if index > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{}", quoted(option.value()));
        if let Some(title) = option.title() {
            let _ = write!(text, " ({})", one_line(title));
        }
    }
    if options.len() > shown.len() {
        let _ = write!(
            text,
            ", and {} more {} (send part of a value or title as `{name}`, and the result \
             lists the options that contain it)",
            options.len() - shown.len(),
            if matching == Some(shown.len()) {
                "that do not contain it"
            } else {
                "not listed"
            }
        );
    }
}
