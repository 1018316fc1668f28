//! German, for the tests of `Messages` (`tests/ask/messages.rs` through the
//! fake SDK, `tests/rmcp/messages.rs` through rmcp's client): the reasons of
//! a missing answer and of too many picks (the person's, and a refused
//! suggestion's, with the line before it), `Confirm`'s options, the search
//! field of `Ask::choose`, and the progress messages. Each area includes it
//! with `#[path = "../common/deutsch.rs"] mod deutsch;`.

use std::borrow::Cow;

use enum_schema::ask::Messages;
use enum_schema::messages::Word;
use enum_schema::ErrorKind;

/// The German words of the tests; English for anything else.
pub struct Deutsch;

impl Messages for Deutsch {
    fn reason(&self, field: &str, error: &ErrorKind, english: &str) -> String {
        match error {
            ErrorKind::MissingField => format!("{field}: diese Antwort fehlt noch."),
            ErrorKind::TooManyItems { max, items, .. } => format!(
                "{field}: wähle höchstens {max}; du hast {} gewählt.",
                items.len()
            ),
            _ => english.to_owned(),
        }
    }

    fn suggestion_refused(&self, field: &str, error: &ErrorKind, english: &str) -> String {
        match error {
            ErrorKind::TooManyItems { max, items, .. } => format!(
                "{field}: wähle höchstens {max}; vorgeschlagen waren {}.",
                items.len()
            ),
            _ => english.to_owned(),
        }
    }

    fn word(&self, word: Word) -> Cow<'static, str> {
        match word {
            Word::SuggestionRefused => {
                Cow::Borrowed("Eine vorgeschlagene Antwort ließ sich nicht verwenden:")
            }
            other => Cow::Borrowed(other.english()),
        }
    }

    fn option_title<'a>(&self, value: &str, title: &'a str) -> Cow<'a, str> {
        match (value, title) {
            ("yes", "Yes") => Cow::Borrowed("Ja"),
            ("no", "No") => Cow::Borrowed("Nein"),
            _ => Cow::Borrowed(title),
        }
    }

    fn search_title(&self) -> Cow<'static, str> {
        Cow::Borrowed("Suche")
    }

    fn search_description(&self, options: usize) -> String {
        format!("{options} Einträge: tippe einen Teil des gesuchten")
    }

    fn waiting(&self, method: &str) -> Cow<'static, str> {
        Cow::Borrowed(match method {
            "sampling/createMessage" => "Warte auf das Modell des Clients",
            "roots/list" => "Warte auf die Wurzeln des Clients",
            _ => "Warte auf die Antwort",
        })
    }
}
