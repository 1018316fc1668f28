//! [`Messages`]: every text this crate writes for a person, in one place,
//! so that a server or a host can speak the person's language; and the
//! English sentences that say why an answer was refused, written once for
//! both sides of the exchange: the question a server asks again
//! (`ask`) and the refusal a host shows before it sends anything
//! (`host`).

use std::borrow::Cow;

use crate::error::ErrorKind;
use crate::schema::PrimitiveSchema;

pub(crate) mod reasons;

/// The words a person reads from this crate: why an answer was refused
/// (the sentences a question asked again by `ask::Ask` carries, and the
/// reason a host shows under a field before anything is sent,
/// `host::Refusal`), the hint that says what a field takes
/// (`host::Field::hint`), the search field of `Ask::choose`, the titles
/// of the options a server shows (`Confirm`'s "Yes" and "No" among them),
/// the message of the progress notifications sent while a call waits, and
/// the reasons a suggested answer (a tool's argument) was refused, with
/// the line before them ([`Messages::suggestion_refused`],
/// [`Word::SuggestionRefused`]).
///
/// Every method has the English of this crate as its default, so a
/// translation overrides what it covers and keeps the rest. A server sets
/// its messages for every call with `RequestStateSeal::with_messages`, or
/// for one call with `Ask::with_messages`; a host passes them to
/// `host::Refusal::reason_in` and `host::Field::hint_in`. Either follows
/// the person's language where it knows it (its own settings, or a
/// language the request carries, as SEP-2792 proposes).
///
/// The question's own message and its fields' titles are the server's
/// text, written in the language it chooses. The result for the model
/// (`ask::Unasked`) and every error stay in English: they are read by the
/// model and by logs.
///
/// ```
/// use std::borrow::Cow;
/// use enum_schema::messages::Messages;
/// use enum_schema::ErrorKind;
///
/// /// German.
/// struct Deutsch;
///
/// impl Messages for Deutsch {
///     fn reason(&self, field: &str, error: &ErrorKind, english: &str) -> String {
///         match error {
///             ErrorKind::MissingField => format!("{field}: diese Antwort fehlt noch."),
///             ErrorKind::TooManyItems { max, items, .. } => format!(
///                 "{field}: wähle höchstens {max}; du hast {} gewählt.",
///                 items.len()
///             ),
///             // What this translation does not cover stays English.
///             _ => english.to_owned(),
///         }
///     }
///
///     fn option_title<'a>(&self, value: &str, title: &'a str) -> Cow<'a, str> {
///         match (value, title) {
///             ("yes", "Yes") => Cow::Borrowed("Ja"),
///             ("no", "No") => Cow::Borrowed("Nein"),
///             _ => Cow::Borrowed(title),
///         }
///     }
///
///     fn waiting(&self, method: &str) -> Cow<'static, str> {
///         Cow::Borrowed(match method {
///             "sampling/createMessage" => "Warte auf das Modell des Clients",
///             "roots/list" => "Warte auf die Wurzeln des Clients",
///             _ => "Warte auf die Antwort",
///         })
///     }
/// }
///
/// let reason = Deutsch.reason("Dienste", &ErrorKind::MissingField, "Dienste: this answer is required.");
/// assert_eq!(reason, "Dienste: diese Antwort fehlt noch.");
/// ```
pub trait Messages: Send + Sync + 'static {
    /// The sentence that says why the answer to the field a person knows as
    /// `field` (its title, else its key) was refused for `error`;
    /// `english` is this crate's sentence for it
    /// (`"Services: pick at most 2; you picked 3."`), with the field's
    /// hint in it where it has one as [`hint`](Self::hint) words it. A
    /// question asked again carries one such sentence per problem, one a
    /// line, after its message. By default, `english`.
    fn reason(&self, field: &str, error: &ErrorKind, english: &str) -> String {
        let _ = (field, error);
        english.to_owned()
    }

    /// The sentence that says why an answer is refused after the options
    /// of its question changed between two rounds (MCP 2026-07-28: a
    /// select built at run time from a folder, a list of hosts), when what
    /// the person chose is no longer one of them; `error` is the
    /// [`ErrorKind::InvalidValue`] or [`ErrorKind::InvalidItem`] that names
    /// the value and the options now, `english` this crate's sentence
    /// (`"File: “b.txt” is no longer one of the choices; choose “a.txt” or
    /// “c.txt”."`). By default, `english`.
    fn no_longer_a_choice(&self, field: &str, error: &ErrorKind, english: &str) -> String {
        let _ = (field, error);
        english.to_owned()
    }

    /// The sentence that says why a suggested answer is refused: a tool's
    /// argument, which the model sent and not the person, who is asked in
    /// its place (MCP's tools and elicitation together; see
    /// `ask::Question::with_argument`). The sentences follow
    /// [`Word::SuggestionRefused`]; `english` is this crate's, which never
    /// says "you" (`"Tags: pick at most 2; 3 were suggested."`,
    /// `"Replicas: enter a number from 1 to 10; the suggestion was
    /// “40”."`). By default, `english`.
    fn suggestion_refused(&self, field: &str, error: &ErrorKind, english: &str) -> String {
        let _ = (field, error);
        english.to_owned()
    }

    /// The title an option with `value` is shown with, for the `title` the
    /// server gave it: every option of every question, `Confirm`'s
    /// (`"yes"`/`"Yes"`, `"no"`/`"No"`) among them, and the options
    /// `Ask::choose` offers. An answer is checked
    /// against the values, whatever their titles. By default, `title`.
    fn option_title<'a>(&self, value: &str, title: &'a str) -> Cow<'a, str> {
        let _ = value;
        Cow::Borrowed(title)
    }

    /// The few words that say what the field a person knows as `field`
    /// takes, shown before they type (a host's help line,
    /// `host::Field::hint_in`) and in the reason for text that does not
    /// read as a number or as yes or no; `english` is this crate's
    /// (`"a whole number from 1 to 3"`, `"pick at most 2: numbers or
    /// names, separated by commas"`). By default, `english`.
    fn hint(&self, field: &str, property: &PrimitiveSchema, english: &str) -> String {
        let _ = (field, property);
        english.to_owned()
    }

    /// The title of the search field of `Ask::choose`
    /// for a long list. By default, `"Search"`.
    fn search_title(&self) -> Cow<'static, str> {
        Cow::Borrowed("Search")
    }

    /// The description of the search field, for a list of `options`. By
    /// default, `"10000 options: type part of the one you want"`.
    fn search_description(&self, options: usize) -> String {
        format!("{options} options: type part of the one you want")
    }

    /// One of the few words of a host's own prompts
    /// (`host::terminal`): the question at the end of a form and its
    /// answers, the entry that leaves an optional list blank, the keys'
    /// help; and the line a server puts before the reasons of a refused
    /// suggestion ([`Word::SuggestionRefused`]). By default,
    /// [`Word::english`].
    fn word(&self, word: Word) -> Cow<'static, str> {
        Cow::Borrowed(word.english())
    }

    /// The message of each `notifications/progress` sent while a call waits
    /// for the client's answer to a request of `method`. By default,
    /// `"Waiting for the person to answer"` for `elicitation/create` (and
    /// any method not listed here), `"Waiting for the client's model to
    /// answer"` for `sampling/createMessage`, `"Waiting for the client's
    /// roots"` for `roots/list`.
    fn waiting(&self, method: &str) -> Cow<'static, str> {
        Cow::Borrowed(match method {
            "sampling/createMessage" => "Waiting for the client's model to answer",
            "roots/list" => "Waiting for the client's roots",
            _ => "Waiting for the person to answer",
        })
    }
}

/// The words of a host's own prompts ([`Messages::word`]), as
/// `host::terminal` shows them, and the line a server puts before the
/// reasons of a refused suggestion ([`Word::SuggestionRefused`]); the
/// reasons and hints are [`Messages::reason`]'s and [`Messages::hint`]'s.
///
/// ```
/// use std::borrow::Cow;
/// use enum_schema::messages::{Messages, Word};
///
/// struct Deutsch;
///
/// impl Messages for Deutsch {
///     fn word(&self, word: Word) -> Cow<'static, str> {
///         Cow::Borrowed(match word {
///             Word::SendTheAnswer => "Antwort senden?",
///             Word::Accept => "Senden",
///             Word::Decline => "Ablehnen",
///             Word::Cancel => "Abbrechen",
///             other => other.english(),
///         })
///     }
/// }
///
/// assert_eq!(Deutsch.word(Word::Decline), "Ablehnen");
/// assert_eq!(Deutsch.word(Word::LeaveBlank), "(leave blank)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Word {
    /// The question after the last field of a form that can be sent:
    /// "Send the answer?"
    SendTheAnswer,
    /// What a form shows when a required field cannot be answered (an
    /// unsupported one), before offering decline or cancel: "This form
    /// cannot be answered here."
    CannotBeAnswered,
    /// Send the answer (`accept`): "Send". (Named for the action: a
    /// variant named `Send` would make rustc spell `std::marker::Send`
    /// out in every diagnostic of a crate that depends on this one.)
    Accept,
    /// Refuse to answer (`decline`): "Decline".
    Decline,
    /// Dismiss the form (`cancel`): "Cancel".
    Cancel,
    /// The entry of an optional single-select's list that leaves it
    /// blank: "(leave blank)".
    LeaveBlank,
    /// The keys of a single-select's list: "↑↓ to move, enter to select,
    /// type to filter".
    ListKeys,
    /// The keys of a multi-select's checklist: "↑↓ to move, space to
    /// select one, → to all, ← to none, type to filter".
    ChecklistKeys,
    /// The keys of the question at the end: "↑↓ to move, enter to choose,
    /// Esc to cancel".
    EndKeys,
    /// The line before the reasons of a question asked after a suggested
    /// answer was refused (a tool's argument, which the model sent, not
    /// the person): "A suggested answer could not be used:".
    SuggestionRefused,
}

impl Word {
    /// This crate's English for the word.
    pub fn english(self) -> &'static str {
        match self {
            Word::SendTheAnswer => "Send the answer?",
            Word::CannotBeAnswered => "This form cannot be answered here.",
            Word::Accept => "Send",
            Word::Decline => "Decline",
            Word::Cancel => "Cancel",
            Word::LeaveBlank => "(leave blank)",
            Word::ListKeys => "↑↓ to move, enter to select, type to filter",
            Word::ChecklistKeys => {
                "↑↓ to move, space to select one, → to all, ← to none, type to filter"
            }
            Word::EndKeys => "↑↓ to move, enter to choose, Esc to cancel",
            Word::SuggestionRefused => "A suggested answer could not be used:",
        }
    }
}

/// This crate's English, every [`Messages`] default: what
/// `ask::RequestStateSeal` uses unless told otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct English;

impl Messages for English {}
