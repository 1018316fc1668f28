//! The [`host`](super) form model asked on a terminal, with
//! [inquire](https://docs.rs/inquire)'s prompts (feature `terminal`):
//! [`ask`] shows a server's message, asks each field in the server's
//! order, and returns the [`Response`] to send.
//!
//! What a person sees, field by field (each with its label, and its
//! description with the field's [`hint`](Field::hint) as the help line):
//!
//! | kind | prompt |
//! |---|---|
//! | text, integer, number | a line of text, read by [`Field::parse_text`]: a value it refuses shows the [`Refusal`]'s reason and the same field is asked again |
//! | boolean | yes or no (`y`, `n`, `true`, `false`, `1`, `0`), Enter taking the default |
//! | single-select | a list of the options' labels, starting at the default; typing filters it; an optional one ends with "(leave blank)" |
//! | multi-select | a checklist, the default's options checked; a count outside `minItems..=maxItems` shows the reason and the same list is asked again |
//! | unsupported | its label and why it cannot be answered here, never asked |
//!
//! Then the person chooses to send the answer, decline or cancel. A form
//! that [cannot be accepted](Request::can_accept) (a required field this
//! model cannot show) shows why, and offers only decline and cancel.
//! **Esc** at any prompt cancels the form. Every answer goes through a
//! [`Draft`], so an accept is checked by the server's own checks before
//! it is returned: nothing invalid is ever a [`Response::Accept`]; if
//! something still stands in the way when the person sends (see
//! [`Draft::blockers`]), its reason is shown and its field asked again.
//!
//! The [`Response`] serializes to the `ElicitResult` of MCP 2025-06-18
//! and later: `{"action": "accept", "content": {"guests": 3}}`,
//! `{"action": "decline"}` or `{"action": "cancel"}`.
//!
//! ```no_run
//! // no_run: `ask` reads a person's keys from a terminal, which a doctest has not.
//! use enum_schema::host::{terminal, Request};
//!
//! let request = Request::from_params_str(r#"{
//!     "message": "Book a table",
//!     "requestedSchema": {
//!         "type": "object",
//!         "properties": {
//!             "guests": {"type": "integer", "title": "Guests", "minimum": 1, "maximum": 8},
//!             "seating": {"type": "string", "title": "Seating", "oneOf": [
//!                 {"const": "inside", "title": "Inside"},
//!                 {"const": "terrace", "title": "On the terrace"}]}
//!         },
//!         "required": ["guests", "seating"]
//!     }
//! }"#)?;
//! let response = terminal::ask(&request)?;
//! // {"action":"accept","content":{"guests":3,"seating":"terrace"}}, say.
//! println!("{}", serde_json::to_string(&response)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Text the server sent (the message, labels, descriptions, option
//! labels) is shown with every control character, escape and
//! bidirectional mark replaced by a space, so a server cannot move the
//! cursor, recolour the screen or reorder what the person reads. The
//! prompts are drawn on standard error, as inquire draws them; standard
//! output stays the program's.
//!
//! Every word a person reads is the prompt's [`Messages`]'
//! ([`Prompt::with_messages`]): the reasons and hints, and the few words of
//! the prompts themselves ("Send", "Decline", "Cancel", "(leave blank)",
//! the keys' help: [`Messages::word`]).

use std::fmt;
use std::io::{self, Write};
use std::sync::Arc;

use inquire::list_option::ListOption;
use inquire::validator::Validation;
use inquire::{Confirm, CustomUserError, InquireError, MultiSelect, Select, Text};
use serde_json::Value;

use crate::error::{ErrorKind, JsonType};
use crate::messages::reasons::is_invisible;
use crate::messages::{English, Messages, Word};
use crate::schema::MultiSelectSchema;

use super::draft::{Defaults, Draft};
use super::field::{Field, Kind, Refusal};
use super::read::Request;
use super::Response;

/// Asks `request` on the terminal with this crate's English and
/// [`Defaults::Prefill`]: [`Prompt::new().ask(request)`](Prompt::ask).
///
/// # Errors
///
/// As [`Prompt::ask`]: the terminal cannot be used, or the person
/// pressed Ctrl-C.
///
/// ```no_run
/// // no_run: `ask` reads a person's keys from a terminal, which a doctest has not.
/// use enum_schema::host::{terminal, Request, Response};
///
/// let request = Request::from_params_str(r#"{"message": "Deploy?", "requestedSchema": {
///     "type": "object", "properties": {"ok": {"type": "boolean", "default": false}}}}"#)?;
/// match terminal::ask(&request)? {
///     Response::Accept(content) => println!("sending {content:?}"),
///     other => println!("{}", other.action()),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ask(request: &Request) -> io::Result<Response> {
    Prompt::new().ask(request)
}

/// How [`ask`] asks: the [`Messages`] that word the reasons and hints,
/// and what the prompts do with the fields' defaults ([`Defaults`]). A
/// builder; [`Prompt::ask`] asks.
///
/// The [`Defaults`]:
///
/// - [`Prefill`](Defaults::Prefill) (the default): every prompt starts at
///   the field's default, which is sent unless the person changes or
///   clears it (an empty line, or "(leave blank)").
/// - [`OnFinish`](Defaults::OnFinish): a line prompt starts empty, and an
///   empty line sends the default; a yes/no, a list or a checklist starts
///   at the default all the same (a widget has to start somewhere, and
///   starting elsewhere would pick another answer).
/// - [`Never`](Defaults::Never): no prompt starts at a default, and only
///   what the person gave is sent.
///
/// ```
/// use std::borrow::Cow;
/// use enum_schema::host::terminal::Prompt;
/// use enum_schema::host::Defaults;
/// use enum_schema::messages::Messages;
/// use enum_schema::ErrorKind;
///
/// struct Deutsch;
///
/// impl Messages for Deutsch {
///     fn reason(&self, field: &str, error: &ErrorKind, english: &str) -> String {
///         match error {
///             ErrorKind::MissingField => format!("{field}: diese Antwort fehlt noch."),
///             _ => english.to_owned(),
///         }
///     }
/// }
///
/// let prompt = Prompt::new().with_messages(Deutsch).with_defaults(Defaults::OnFinish);
/// assert_eq!(prompt.defaults(), Defaults::OnFinish);
/// // prompt.ask(&request) asks on the terminal.
/// ```
#[derive(Clone)]
pub struct Prompt {
    messages: Arc<dyn Messages>,
    defaults: Defaults,
}

impl Default for Prompt {
    fn default() -> Prompt {
        Prompt::new()
    }
}

impl fmt::Debug for Prompt {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Prompt")
            .field("defaults", &self.defaults)
            .finish_non_exhaustive()
    }
}

/// How asking stopped before the end.
enum Stop {
    /// The person pressed Esc.
    Cancel,
    Failed(io::Error),
}

impl From<InquireError> for Stop {
    fn from(error: InquireError) -> Stop {
        Stop::Failed(match error {
            InquireError::OperationCanceled => return Stop::Cancel,
            InquireError::OperationInterrupted => {
                io::Error::new(io::ErrorKind::Interrupted, "the person pressed Ctrl-C")
            }
            InquireError::NotTTY => io::Error::new(
                io::ErrorKind::Unsupported,
                "the input is not a terminal: a form cannot be asked here",
            ),
            InquireError::IO(error) => error,
            other => io::Error::other(other.to_string()),
        })
    }
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Failed(error)
    }
}

/// A line a person typed, read: a value, or a field left blank.
enum Line {
    Set(Value),
    Blank,
}

/// The person's choice at the end.
#[derive(Clone, Copy, PartialEq)]
enum End {
    Accept,
    Decline,
    Cancel,
}

impl Prompt {
    /// A prompt in this crate's English ([`English`]), each field
    /// starting at its default ([`Defaults::Prefill`]).
    pub fn new() -> Prompt {
        Prompt {
            messages: Arc::new(English),
            defaults: Defaults::Prefill,
        }
    }

    /// Words the reasons a person reads and the fields' hints with
    /// `messages` ([`Refusal::reason_in`], [`Field::hint_in`]).
    pub fn with_messages(mut self, messages: impl Messages) -> Prompt {
        self.messages = Arc::new(messages);
        self
    }

    /// What the prompts do with the fields' defaults (see [`Prompt`]).
    pub fn with_defaults(mut self, defaults: Defaults) -> Prompt {
        self.defaults = defaults;
        self
    }

    /// What the prompts do with the fields' defaults.
    pub fn defaults(&self) -> Defaults {
        self.defaults
    }

    /// Shows `request`'s message, asks each of its fields, then whether to
    /// send, decline or cancel (only decline or cancel when the form
    /// [cannot be accepted](Request::can_accept)), and returns the
    /// answer: [`Response::Accept`] with the content a [`Draft`]
    /// finished (checked by the server's own checks),
    /// [`Response::Decline`], or [`Response::Cancel`] (also when the
    /// person pressed Esc at any prompt).
    ///
    /// # Errors
    ///
    /// An [`io::Error`] of kind [`Unsupported`](io::ErrorKind::Unsupported)
    /// when standard input is not a terminal, of kind
    /// [`Interrupted`](io::ErrorKind::Interrupted) when the person pressed
    /// Ctrl-C (the host decides whether to stop or to answer
    /// [`Response::Cancel`]), or the error of the terminal itself.
    ///
    /// ```no_run
    /// // no_run: `ask` reads a person's keys from a terminal, which a doctest has not.
    /// use enum_schema::host::terminal::Prompt;
    /// use enum_schema::host::{Defaults, Request};
    ///
    /// let request = Request::from_params_str(r#"{"message": "Rate it", "requestedSchema": {
    ///     "type": "object",
    ///     "properties": {"stars": {"type": "integer", "minimum": 1, "maximum": 5, "default": 3}},
    ///     "required": ["stars"]}}"#)?;
    /// // An empty line sends 3; "7" is refused with
    /// // "stars: enter a number from 1 to 5; you entered “7”." and asked again.
    /// let response = Prompt::new().with_defaults(Defaults::OnFinish).ask(&request)?;
    /// println!("{}", serde_json::to_string(&response)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ask(&self, request: &Request) -> io::Result<Response> {
        match self.ask_all(request) {
            Ok(response) => Ok(response),
            Err(Stop::Cancel) => Ok(Response::Cancel),
            Err(Stop::Failed(error)) => Err(error),
        }
    }

    fn ask_all(&self, request: &Request) -> Result<Response, Stop> {
        say(&lines(request.message()))?;
        let mut draft = request.draft(self.defaults);
        if !request.can_accept() {
            for field in request.fields() {
                say(&format!("  {}", line(field.label())))?;
            }
            // Only the fields no value mends, not those still blank.
            for blocker in draft.blockers() {
                if !blocker.field().is_supported() {
                    say(&self.reason(&blocker))?;
                }
            }
            return Ok(match self.end(false)? {
                End::Accept | End::Decline => Response::Decline,
                End::Cancel => Response::Cancel,
            });
        }
        for field in request.fields() {
            self.ask_field(field, &mut draft)?;
        }
        loop {
            match self.end(true)? {
                End::Decline => return Ok(Response::Decline),
                End::Cancel => return Ok(Response::Cancel),
                End::Accept => {}
            }
            let blockers = match draft.finish() {
                Ok(response) => return Ok(response),
                Err(blockers) => blockers,
            };
            let mut fields: Vec<&Field> = Vec::new();
            for blocker in &blockers {
                say(&self.reason(blocker))?;
                if !fields
                    .iter()
                    .any(|field| field.key() == blocker.field().key())
                {
                    fields.push(blocker.field());
                }
            }
            for field in fields {
                self.ask_field(field, &mut draft)?;
            }
        }
    }

    /// Asks one field until the draft takes the answer.
    fn ask_field<'r>(&self, field: &'r Field, draft: &mut Draft<'r>) -> Result<(), Stop> {
        loop {
            let taken = match field.kind() {
                Kind::Text(_) | Kind::Integer(_) | Kind::Number(_) => {
                    self.ask_line(field, draft)?
                }
                Kind::Boolean(_) => self.ask_yes_no(field, draft)?,
                Kind::SingleSelect(_) => self.ask_select(field, draft)?,
                Kind::MultiSelect(select) => self.ask_checklist(field, select, draft)?,
                Kind::Unsupported(_) => {
                    // Every value is refused; the reason says why, and
                    // that the field stays blank.
                    if let Err(refusal) = field.check(Value::Null) {
                        say(&self.reason(&refusal))?;
                    }
                    return Ok(());
                }
            };
            // A value the prompt's own check took is taken by the draft,
            // which checks it again; if it ever is not, say why and ask
            // again.
            match taken {
                Ok(()) => return Ok(()),
                Err(refusal) => say(&self.reason(&refusal))?,
            }
        }
    }

    /// Text, an integer or a number, as a line read by `parse_text`.
    fn ask_line<'r>(
        &self,
        field: &'r Field,
        draft: &mut Draft<'r>,
    ) -> Result<Result<(), Refusal<'r>>, Stop> {
        let label = line(field.label());
        let help = self.help(field, &field.hint_in(&*self.messages));
        let start = match draft.value(field.key()) {
            Some(Value::String(text)) => text.clone(),
            Some(value) => value.to_string(),
            None => String::new(),
        };
        let messages: &dyn Messages = &*self.messages;
        let defaults = self.defaults;
        let validator = move |text: &str| -> Result<Validation, CustomUserError> {
            Ok(match read_line(field, text, defaults) {
                Ok(_) => Validation::Valid,
                Err(refusal) => Validation::Invalid(reason(&refusal, messages).into()),
            })
        };
        let text = Text::new(&label)
            .with_help_message(&help)
            .with_initial_value(&start)
            .with_validator(validator)
            .prompt()?;
        let read = match read_line(field, &text, self.defaults) {
            Ok(read) => read,
            Err(refusal) => return Ok(Err(refusal)),
        };
        Ok(match read {
            Line::Set(value) => draft.set(field.key(), value),
            Line::Blank => match (self.defaults, field.default_value()) {
                // Left alone: the default, as `OnFinish` sends it.
                (Defaults::OnFinish, Some(default)) => draft.set(field.key(), default.clone()),
                _ => {
                    draft.clear(field.key());
                    Ok(())
                }
            },
        })
    }

    /// A boolean, as yes or no.
    fn ask_yes_no<'r>(
        &self,
        field: &'r Field,
        draft: &mut Draft<'r>,
    ) -> Result<Result<(), Refusal<'r>>, Stop> {
        let label = line(field.label());
        let hint = field.hint_in(&*self.messages);
        let help = self.help(field, &hint);
        let english = format!("{label}: enter {hint}.");
        let unreadable = ErrorKind::Unreadable {
            text: String::new(),
            expected: JsonType::Boolean,
        };
        let error = self.messages.reason(&label, &unreadable, &english);
        let parser = |text: &str| match field.parse_text(text) {
            Ok(Some(Value::Bool(answer))) => Ok(answer),
            _ => Err(()),
        };
        let mut prompt = Confirm::new(&label)
            .with_help_message(&help)
            .with_parser(&parser)
            .with_error_message(&error);
        if let Some(Value::Bool(start)) = self.start(field, draft) {
            prompt = prompt.with_default(*start);
        }
        let answer = prompt.prompt()?;
        Ok(draft.set(field.key(), Value::Bool(answer)))
    }

    /// One of a list of options, by its label.
    fn ask_select<'r>(
        &self,
        field: &'r Field,
        draft: &mut Draft<'r>,
    ) -> Result<Result<(), Refusal<'r>>, Stop> {
        let label = line(field.label());
        let options = field.options();
        let mut items: Vec<String> = options.iter().map(|option| line(option.label())).collect();
        let blank = !field.is_required();
        if blank {
            items.push(line(&self.messages.word(Word::LeaveBlank)));
        }
        let start = self
            .start(field, draft)
            .and_then(|value| value.as_str().map(str::to_owned))
            .and_then(|value| options.iter().position(|option| option.value() == value));
        let cursor = start.unwrap_or(if blank { options.len() } else { 0 });
        let help = self.help(field, &self.messages.word(Word::ListKeys));
        let picked = Select::new(&label, items)
            .with_starting_cursor(cursor)
            .with_help_message(&help)
            .raw_prompt()?;
        Ok(match options.get(picked.index) {
            Some(option) => draft.select(field.key(), option.value()),
            None => {
                draft.clear(field.key());
                Ok(())
            }
        })
    }

    /// Any of a list of options, as a checklist whose count the model
    /// checks.
    fn ask_checklist<'r>(
        &self,
        field: &'r Field,
        select: &MultiSelectSchema,
        draft: &mut Draft<'r>,
    ) -> Result<Result<(), Refusal<'r>>, Stop> {
        let label = line(field.label());
        let options = field.options();
        let items: Vec<String> = options.iter().map(|option| line(option.label())).collect();
        let checked: Vec<usize> = match self.start(field, draft) {
            Some(Value::Array(values)) => options
                .iter()
                .enumerate()
                .filter(|(_, option)| {
                    values
                        .iter()
                        .any(|value| value.as_str() == Some(option.value()))
                })
                .map(|(index, _)| index)
                .collect(),
            _ => Vec::new(),
        };
        let keys = self.messages.word(Word::ChecklistKeys);
        let keys = keys.as_ref();
        let help = match count(select) {
            Some(count) => self.help(field, &format!("{count}; {keys}")),
            None => self.help(field, keys),
        };
        // inquire keeps a checklist's validator as `'static`: its own copy of
        // the field and of the messages.
        let (own, messages) = (Arc::new(field.clone()), Arc::clone(&self.messages));
        let validator =
            move |picked: &[ListOption<&String>]| -> Result<Validation, CustomUserError> {
                Ok(
                    match read_checklist(&own, picked.iter().map(|option| option.index)) {
                        Ok(_) => Validation::Valid,
                        Err(refusal) => Validation::Invalid(reason(&refusal, &*messages).into()),
                    },
                )
            };
        let picked = MultiSelect::new(&label, items)
            .with_default(&checked)
            .with_validator(validator)
            .with_help_message(&help)
            .raw_prompt()?;
        Ok(
            match read_checklist(field, picked.iter().map(|option| option.index)) {
                Ok(Line::Set(value)) => draft.set(field.key(), value),
                Ok(Line::Blank) => {
                    draft.clear(field.key());
                    Ok(())
                }
                Err(refusal) => Err(refusal),
            },
        )
    }

    /// What a yes/no, a list or a checklist starts at: what the draft
    /// shows, else (with `OnFinish`, which shows nothing) the default.
    fn start<'d>(&self, field: &'d Field, draft: &'d Draft<'_>) -> Option<&'d Value> {
        draft.value(field.key()).or(match self.defaults {
            Defaults::OnFinish => field.default_value(),
            Defaults::Prefill | Defaults::Never => None,
        })
    }

    /// The help line: the field's description, then what it takes.
    fn help(&self, field: &Field, takes: &str) -> String {
        match field.description() {
            Some(description) if !takes.is_empty() => format!("{} ({takes})", line(description)),
            Some(description) => line(description),
            None => takes.to_owned(),
        }
    }

    fn reason(&self, refusal: &Refusal<'_>) -> String {
        reason(refusal, &*self.messages)
    }

    /// Send, decline or cancel; only decline or cancel when the form
    /// cannot be accepted.
    fn end(&self, can_accept: bool) -> Result<End, Stop> {
        let (message, ends) = if can_accept {
            (
                Word::SendTheAnswer,
                &[End::Accept, End::Decline, End::Cancel][..],
            )
        } else {
            (Word::CannotBeAnswered, &[End::Decline, End::Cancel][..])
        };
        let word = |word| line(&self.messages.word(word));
        let choices: Vec<String> = ends
            .iter()
            .map(|end| {
                word(match end {
                    End::Accept => Word::Accept,
                    End::Decline => Word::Decline,
                    End::Cancel => Word::Cancel,
                })
            })
            .collect();
        // By position: two translated words may read alike.
        let picked = Select::new(&word(message), choices)
            .with_help_message(&word(Word::EndKeys))
            .without_filtering()
            .raw_prompt()?;
        Ok(ends[picked.index])
    }
}

/// What a person typed on the line of `field`: [`Field::parse_text`],
/// except that an empty line under `OnFinish` leaves a field with a
/// default to it, required or not.
fn read_line<'r>(field: &'r Field, text: &str, defaults: Defaults) -> Result<Line, Refusal<'r>> {
    match field.parse_text(text) {
        Ok(Some(value)) => Ok(Line::Set(value)),
        Ok(None) => Ok(Line::Blank),
        Err(refusal)
            if defaults == Defaults::OnFinish
                && field.default_value().is_some()
                && matches!(refusal.error().kind(), ErrorKind::MissingField) =>
        {
            Ok(Line::Blank)
        }
        Err(refusal) => Err(refusal),
    }
}

/// The options checked (by their index in `field`'s options), as the
/// field's value: nothing checked leaves an optional field blank; any
/// other count is the array the server's check takes or refuses.
fn read_checklist(
    field: &Field,
    checked: impl ExactSizeIterator<Item = usize>,
) -> Result<Line, Refusal<'_>> {
    if checked.len() == 0 && !field.is_required() {
        return Ok(Line::Blank);
    }
    let options = field.options();
    let values = checked
        .filter_map(|index| options.get(index))
        .map(|option| Value::from(option.value()))
        .collect();
    field.check(Value::Array(values)).map(Line::Set)
}

/// How many of a checklist's options to check, before the person does:
/// the count of [`Field::hint`], without how to type the choices.
fn count(select: &MultiSelectSchema) -> Option<String> {
    crate::messages::reasons::count_hint(select)
}

/// The reason a person reads, each line of it shown as written.
fn reason(refusal: &Refusal<'_>, messages: &dyn Messages) -> String {
    lines(&refusal.reason_in(messages))
}

/// Text from the server as one line the terminal shows as written: each
/// character that would break the line, move the cursor, recolour the
/// screen or reorder the text shown as a space.
fn line(text: &str) -> String {
    text.chars()
        .map(|c| if is_invisible(c) { ' ' } else { c })
        .collect()
}

/// [`line`] for each line of a text that may have several.
fn lines(text: &str) -> String {
    text.split('\n').map(line).collect::<Vec<_>>().join("\n")
}

/// A line on standard error, where the prompts are drawn.
fn say(text: &str) -> io::Result<()> {
    writeln!(io::stderr().lock(), "{text}")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn request(properties: Value, required: Value) -> Request {
        let params = json!({"message": "m", "requestedSchema": {
            "type": "object", "properties": properties, "required": required}});
        Request::from_params(&params).unwrap()
    }

    /// The English keys' help is inquire's own, so that the prompts read
    /// as inquire's do unless a `Messages` words them.
    #[test]
    fn the_english_keys_are_inquires() {
        assert_eq!(
            Some(Word::ListKeys.english()),
            Select::<String>::DEFAULT_HELP_MESSAGE
        );
        assert_eq!(
            Some(Word::ChecklistKeys.english()),
            MultiSelect::<String>::DEFAULT_HELP_MESSAGE
        );
    }

    #[test]
    fn an_empty_line_leaves_a_default_to_on_finish_only() {
        let request = request(
            json!({"age": {"type": "integer", "title": "Age", "default": 30}}),
            json!(["age"]),
        );
        let age = &request.fields()[0];
        assert!(matches!(
            read_line(age, "", Defaults::OnFinish),
            Ok(Line::Blank)
        ));
        for defaults in [Defaults::Prefill, Defaults::Never] {
            let refused = read_line(age, "", defaults).err().unwrap();
            assert_eq!(refused.reason(), "Age: this answer is required.");
        }
        assert!(matches!(
            read_line(age, " 7 ", Defaults::OnFinish),
            Ok(Line::Set(value)) if value == json!(7)
        ));
    }

    #[test]
    fn a_checklist_is_checked_by_its_count() {
        let request = request(
            json!({
                "tags": {"type": "array", "title": "Tags", "minItems": 1, "maxItems": 2,
                         "items": {"enum": ["a", "b", "c"]}},
                "must": {"type": "array", "title": "Must", "minItems": 1,
                         "items": {"enum": ["a", "b"]}}
            }),
            json!(["must"]),
        );
        let (tags, must) = (
            request.field("tags").unwrap(),
            request.field("must").unwrap(),
        );
        // Nothing checked: an optional field is left blank, not sent empty.
        assert!(matches!(
            read_checklist(tags, [].into_iter()),
            Ok(Line::Blank)
        ));
        assert!(matches!(
            read_checklist(tags, [0, 2].into_iter()),
            Ok(Line::Set(value)) if value == json!(["a", "c"])
        ));
        let refused = read_checklist(tags, [0, 1, 2].into_iter()).err().unwrap();
        assert_eq!(refused.reason(), "Tags: pick at most 2; you picked 3.");
        let refused = read_checklist(must, [].into_iter()).err().unwrap();
        assert_eq!(refused.reason(), "Must: pick at least 1; you picked 0.");
        let Kind::MultiSelect(select) = tags.kind() else {
            unreachable!()
        };
        assert_eq!(count(select).as_deref(), Some("pick 1 or 2"));
        assert!(tags.hint().starts_with("pick 1 or 2: "), "{}", tags.hint());
    }

    #[test]
    fn server_text_cannot_steer_the_terminal() {
        assert_eq!(line("Name\x1b[2J\u{202E}evil\r"), "Name [2J evil ");
        assert_eq!(lines("one\ntwo\x07"), "one\ntwo ");
    }
}
