//! A yes/no question as a form: [`Confirm`].

use serde_json::{Map, Value};

use crate::error::Error;
use crate::field::elicit_enum::ElicitEnum;
use crate::form::{ElicitAction, ElicitForm, FormFields};
use crate::schema::RequestedSchema;

/// The two options of the `confirm` property, `"yes"` and `"no"`, titled
/// "Yes" and "No". Written out as `#[derive(ElicitEnum)]` writes it for
/// `#[elicit(rename_all = "lowercase", description = false)]` and the two
/// titles (this crate does not depend on the derive, so that a build
/// compiles the two side by side); `tests/derive/confirm.rs` checks it
/// against the derive's own.
#[derive(Clone, Copy)]
enum Answer {
    Yes,
    No,
}

impl Answer {
    /// The variant's position in `OPTIONS`, as the derive writes it.
    const fn index(&self) -> Result<usize, &'static str> {
        Ok(match *self {
            Answer::Yes => 0,
            Answer::No => 1,
        })
    }
}

impl ElicitEnum for Answer {
    const __ELICIT_ENUM_DERIVE_ONLY: crate::__private::Derived<Self> = crate::__private::Derived {
        index: Self::index,
        options: &crate::__private::titled([("yes", "Yes"), ("no", "No")]),
        json: Some([
            r#"{"type":"string","oneOf":[{"const":"yes","title":"Yes"},{"const":"no","title":"No"}]}"#,
            r#"{"type":"array","items":{"anyOf":[{"const":"yes","title":"Yes"},{"const":"no","title":"No"}]}}"#,
        ]),
        ..crate::__private::Derived::NONE
    };

    fn from_wire_value(value: &str) -> Option<Self> {
        match value {
            "yes" => Some(Answer::Yes),
            "no" => Some(Answer::No),
            _ => None,
        }
    }
}

crate::__private::json_schema!(enum Answer);

/// The answer to a yes/no question ("Deploy billing to prod-eu?"): a form
/// with one required property, `confirm`, a titled single-select of two
/// options and no default (when asked again after a client sent the title
/// "Yes" or "No" instead of the value, the option the person picked is
/// pre-selected, as for any select: see "A second chance" on
/// `Ask` (feature `ask`)).
///
/// ```json
/// {"type": "object",
///  "properties": {"confirm": {"type": "string",
///                             "oneOf": [{"const": "yes", "title": "Yes"},
///                                       {"const": "no", "title": "No"}]}},
///  "required": ["confirm"]}
/// ```
///
/// The answer is `{"confirm": "yes"}` or `{"confirm": "no"}` (MCP
/// 2025-11-25, `ElicitResult.content`; the shape is SEP-1330's titled
/// single-select, sent as the legacy `enum` + `enumNames` to a 2025-06-18
/// peer by [`ElicitRequestFormParams::for_version`](crate::schema::ElicitRequestFormParams::for_version)).
/// Put the question in the request's `message`; the form carries no text
/// of its own but the two titles.
///
/// On rmcp, `ask.form::<Confirm>("confirm", "Deploy billing to prod-eu?").await?`
/// answers an `ElicitAction<Confirm>`, and
/// [`is_confirmed`](ElicitAction::is_confirmed) on it is the `bool` that
/// matters: `true` only for an accepted "Yes".
///
/// # Why a two-option select
///
/// The official MCP Inspector 2.12.0 (both the 2025-11-25 and the
/// 2026-07-28 era) was shown the three candidates:
///
/// - a form with no properties renders as the message and three buttons,
///   *Cancel*, *Decline* and *Submit*, so "no" could only be *Decline*,
///   which also means "I will not answer"; and some hosts cancel a form with
///   no field they can render (microsoft/vscode PR #325908), so the user
///   could never say yes;
/// - a single required boolean renders as an unchecked checkbox with
///   *Submit* disabled until the box is touched: saying no takes checking
///   and unchecking it, and an unchecked box reads as "not answered" (with a
///   `default: false` instead, *Submit* on an untouched form means "no",
///   which nobody chose);
/// - a required two-option single-select renders as a select showing the
///   titles, *Submit* disabled until one is picked: an explicit yes or an
///   explicit no, and *Decline* keeps its own meaning.
///
/// Its terminal client, `mcpdo`, asks the same way: the form with no
/// properties is submitted (an accept, so a "yes") by pressing Enter, a
/// boolean is a `[y/n]` prompt, and this select is a numbered list of the
/// two titles. Every client that renders a select renders this one, on
/// every revision.
/// For other titles ("Yes, deploy"), build the select at run time,
/// `Form::new((("confirm", &SingleSelectSchema::new([("yes", "Yes, deploy"), ("no", "No")])?),))`,
/// and ask it as a question only a person may answer, as `Confirm` is
/// (feature `ask`):
/// `ask.question(Question::fields("confirm", &form, message).person_only())`.
/// Asked with `ask.fields` it is a form like any other: its answer may come
/// from the call's argument, and counts for a plan that changed since.
///
/// # Errors
///
/// Parsing ([`ElicitForm::parse_result`], `Ask::form`) refuses what any
/// select refuses: [`ErrorKind::MissingField`](crate::ErrorKind::MissingField)
/// when `confirm` is absent, [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue)
/// for anything but `"yes"` or `"no"` (with the title-instead-of-value hint
/// for `"Yes"`), [`ErrorKind::WrongType`](crate::ErrorKind::TypeMismatch) for
/// a non-string such as `true`.
///
/// ```
/// use enum_schema::{Confirm, ElicitAction, ElicitForm};
/// use serde_json::json;
///
/// assert_eq!(
///     serde_json::to_value(Confirm::requested_schema()).unwrap(),
///     json!({
///         "type": "object",
///         "properties": {"confirm": {
///             "type": "string",
///             "oneOf": [{"const": "yes", "title": "Yes"}, {"const": "no", "title": "No"}],
///         }},
///         "required": ["confirm"],
///     }),
/// );
///
/// let yes = Confirm::parse_result(json!({"action": "accept", "content": {"confirm": "yes"}})).unwrap();
/// assert_eq!(yes, ElicitAction::Accept(Confirm::Yes));
/// assert!(yes.is_confirmed());
///
/// let no = Confirm::parse_result(json!({"action": "accept", "content": {"confirm": "no"}})).unwrap();
/// assert!(!no.is_confirmed());
/// assert!(!bool::from(Confirm::No));
///
/// let declined = Confirm::parse_result(json!({"action": "decline"})).unwrap();
/// assert!(!declined.is_confirmed());
///
/// let title = Confirm::parse_result(json!({"action": "accept", "content": {"confirm": "Yes"}}));
/// assert_eq!(
///     title.unwrap_err().to_string(),
///     r#"field `confirm`: invalid value "Yes": the client sent the title of option "yes" instead of its value; expected one of "yes", "no""#,
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confirm {
    /// `"yes"`, titled "Yes".
    Yes,
    /// `"no"`, titled "No".
    No,
}

impl Confirm {
    /// The form's one property name: `"confirm"`.
    pub const PROPERTY: &'static str = "confirm";

    /// `true` for [`Confirm::Yes`].
    #[must_use]
    pub const fn is_yes(self) -> bool {
        matches!(self, Confirm::Yes)
    }

    /// The wire value: `"yes"` or `"no"`.
    #[must_use]
    pub const fn value(self) -> &'static str {
        match self {
            Confirm::Yes => "yes",
            Confirm::No => "no",
        }
    }

    fn fields() -> ((
        &'static str,
        crate::field::elicit_enum::SingleSelectField<Answer>,
    ),) {
        ((Self::PROPERTY, Answer::SINGLE_SELECT),)
    }
}

impl From<Confirm> for bool {
    /// `true` for [`Confirm::Yes`].
    fn from(answer: Confirm) -> bool {
        answer.is_yes()
    }
}

impl From<bool> for Confirm {
    /// [`Confirm::Yes`] for `true`.
    fn from(yes: bool) -> Confirm {
        if yes {
            Confirm::Yes
        } else {
            Confirm::No
        }
    }
}

// Not offered as a candidate when some other type is not an `ElicitForm`:
// the error is about the user's type, not this one.
#[diagnostic::do_not_recommend]
impl ElicitForm for Confirm {
    const MESSAGE: Option<&'static str> = None;

    /// A confirmation is a person's: never taken from the tool's arguments.
    const PERSON_ONLY: bool = true;

    /// `{"type":"object","properties":{"confirm":{"type":"string","oneOf":[{"const":"yes","title":"Yes"},{"const":"no","title":"No"}]}},"required":["confirm"]}`.
    fn requested_schema() -> RequestedSchema {
        Self::fields().requested_schema()
    }

    /// Parses `{"confirm": "yes" | "no"}`.
    ///
    /// # Errors
    ///
    /// As for a single-select field named `confirm`: see [`Confirm`].
    fn from_content(content: Map<String, Value>) -> Result<Self, Error> {
        let (answer,) = Self::fields().parse_content(content)?;
        Ok(match answer {
            Answer::Yes => Confirm::Yes,
            Answer::No => Confirm::No,
        })
    }
}

impl ElicitAction<Confirm> {
    /// `true` only when the user accepted and picked "Yes"; `false` for
    /// "No", a decline and a cancel.
    #[must_use]
    pub fn is_confirmed(&self) -> bool {
        matches!(self, ElicitAction::Accept(Confirm::Yes))
    }
}

#[cfg(test)]
mod tests {
    use super::Answer;
    use crate::field::elicit_enum::ElicitEnum;

    /// The JSON text kept for `Answer` (what the derive computes when the
    /// server compiles) is what the serializer writes of its schemas.
    #[test]
    fn the_kept_json_is_the_serializer_s() {
        let single = serde_json::to_string(&Answer::SINGLE_SELECT.to_schema()).unwrap();
        assert_eq!(Answer::SINGLE_SELECT.to_json(), single);
        let multi = serde_json::to_string(&Answer::MULTI_SELECT.to_schema()).unwrap();
        assert_eq!(Answer::MULTI_SELECT.to_json(), multi);
    }
}
