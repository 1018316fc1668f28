//! [`Messages`]: every text [`Ask`](super::Ask) writes for a person, in one
//! place, so that a server can speak the person's language.

use std::borrow::Cow;

use crate::error::ErrorKind;
use crate::schema::{ElicitRequestFormParams, EnumOption, PrimitiveSchema};

/// The words a person reads from [`Ask`](super::Ask): why an answer was
/// refused (the sentences a question asked again carries), the search field
/// of [`Ask::choose`](super::Ask::choose), the titles of the options it
/// shows (`Confirm`'s "Yes" and "No" among them), and the message of the
/// progress notifications sent while a call waits.
///
/// Every method has the English of this crate as its default, so a
/// translation overrides what it covers and keeps the rest. A server sets
/// its messages for every call with
/// [`RequestStateSeal::with_messages`](super::RequestStateSeal::with_messages),
/// or for one call with [`Ask::with_messages`](super::Ask::with_messages),
/// following the person's language where it knows it (the server's own
/// settings, or a language the request carries, as SEP-2792 proposes).
///
/// The question's own message and its fields' titles are the server's
/// text, written in the language it chooses. The result for the model
/// ([`Unasked`](super::Unasked)) and every error stay in English: they are
/// read by the model and the server's logs.
///
/// ```
/// use std::borrow::Cow;
/// use enum_schema::ask::Messages;
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
    /// (`"Services: pick at most 2; you picked 3."`). A question asked
    /// again carries one such sentence per problem, one a line, after its
    /// message. By default, `english`.
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

    /// The title an option with `value` is shown with, for the `title` the
    /// server gave it: every option of every question, `Confirm`'s
    /// (`"yes"`/`"Yes"`, `"no"`/`"No"`) among them, and the options
    /// [`Ask::choose`](super::Ask::choose) offers. An answer is checked
    /// against the values, whatever their titles. By default, `title`.
    fn option_title<'a>(&self, value: &str, title: &'a str) -> Cow<'a, str> {
        let _ = value;
        Cow::Borrowed(title)
    }

    /// The title of the search field of [`Ask::choose`](super::Ask::choose)
    /// for a long list. By default, `"Search"`.
    fn search_title(&self) -> Cow<'static, str> {
        Cow::Borrowed("Search")
    }

    /// The description of the search field, for a list of `options`. By
    /// default, `"10000 options: type part of the one you want"`.
    fn search_description(&self, options: usize) -> String {
        format!("{options} options: type part of the one you want")
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

/// This crate's English, every [`Messages`] default: what
/// [`RequestStateSeal`](super::RequestStateSeal) uses unless told otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct English;

impl Messages for English {}

/// `params` with each option's title as `messages` words it
/// ([`Messages::option_title`]): borrowed when no title changes.
pub(crate) fn titled<'p>(
    params: &'p ElicitRequestFormParams,
    messages: &dyn Messages,
) -> Cow<'p, ElicitRequestFormParams> {
    let mut changed: Option<ElicitRequestFormParams> = None;
    for (index, (_, property)) in params.requested_schema.properties.iter().enumerate() {
        let options = match property {
            PrimitiveSchema::SingleSelect(select) => &select.options,
            PrimitiveSchema::MultiSelect(select) => &select.options,
            _ => continue,
        };
        let words = |option: &EnumOption| {
            let title = option.title()?;
            // The same text handed back (English's default) is no change:
            // told by its address, not by comparing the two.
            match messages.option_title(option.value(), title) {
                Cow::Borrowed(same) if std::ptr::eq(same, title) => None,
                other => Some(other.into_owned()),
            }
        };
        if !options.iter().any(|option| words(option).is_some()) {
            continue;
        }
        let translated: Vec<EnumOption> = options
            .iter()
            .map(|option| match words(option) {
                Some(title) => EnumOption::new(option.value().to_owned(), Some(title))
                    .with_description(option.description().map(str::to_owned)),
                None => option.clone(),
            })
            .collect();
        let params = changed.get_or_insert_with(|| params.clone());
        match &mut params.requested_schema.properties[index].1 {
            PrimitiveSchema::SingleSelect(select) => select.options = Cow::Owned(translated),
            PrimitiveSchema::MultiSelect(select) => select.options = Cow::Owned(translated),
            _ => {}
        }
    }
    changed.map_or(Cow::Borrowed(params), Cow::Owned)
}
