//! The decision, written once: for the questions of a round, given the
//! call and what the client has answered, each question's outcome:
//! answered, asked (with its reason and pre-filled values), or the end of
//! the call. Synchronous and without I/O; both eras' drivers call it
//! (`drive.rs`): on 2026-07-28 its requests are the `input_required`
//! result; before, each is sent in turn and the decision runs again on
//! the answer.

use serde_json::{Map, Value};

use super::error::ElicitError;
use super::messages;
use super::question::erased::{Erased, FormQuestion, InputQuestion};
use super::reask;
use super::request::Capabilities;
use super::round::{kept_answer, Carried, Digest, Round};
use super::unasked::Unasked;
use crate::error::{Error, ErrorKind, JsonType};
use crate::input::InputRequest;
use crate::messages::reasons::Whose;
use crate::messages::Messages;
use crate::schema::ElicitRequestFormParams;
use crate::version::ProtocolVersion;

/// What the decision reads of the call: the same for every question of
/// it.
pub(crate) struct Call<'a> {
    pub(crate) method: &'a str,
    pub(crate) name: &'a str,
    pub(crate) arguments: &'a Map<String, Value>,
    /// Whether the adapter could not see the arguments (see
    /// `Request::with_arguments_unseen`).
    pub(crate) arguments_unseen: bool,
    pub(crate) version: Option<ProtocolVersion>,
    pub(crate) capabilities: Capabilities,
    /// How often a question is asked, unless it says.
    pub(crate) max_attempts: u32,
    pub(crate) messages: &'a dyn Messages,
}

impl Call<'_> {
    /// Whether the client can show a form: it declared form elicitation,
    /// on a revision that has elicitation (an unknown one may).
    fn shows_forms(&self) -> bool {
        self.capabilities.form
            && self
                .version
                .is_none_or(ProtocolVersion::supports_elicitation)
    }
}

/// The outcome of a round's questions.
#[derive(Debug)]
pub(crate) enum Plan {
    /// Every question has its answer, kept in the question.
    Answered,
    /// The requests that ask what is missing, in the questions' order,
    /// under their keys.
    Ask(Vec<(String, InputRequest)>),
}

/// Refuses the round if the client did not declare what one of its
/// questions needs ([`ElicitError::Unsupported`], or
/// [`ElicitError::UnsupportedParam`] for sampling params that need
/// `sampling.tools` or `sampling.context`; see `Capabilities::allow`): a
/// form where the client shows none is answered by its argument instead,
/// or ends with the result for the model.
pub(crate) fn check_supported(call: &Call, questions: &[Erased]) -> Result<(), ElicitError> {
    for question in questions {
        if let Erased::Input(question) = question {
            call.capabilities.allow(question.request(), call.version)?;
        }
    }
    Ok(())
}

/// Decides every question of a round, keeping each answer in its
/// question and in `round` what the next round needs. `responses` are the
/// client's answers by key: the retry's `inputResponses` on 2026-07-28,
/// before it the answers to the requests sent so far.
///
/// Per form question, the first that applies:
///
/// 1. the client cannot show forms, or the revision cannot carry a form
///    that an argument may answer (a multi-select on 2025-06-18): its
///    argument answers it, or (with every other unanswered form) the call
///    ends with the result for the model ([`ElicitError::Unasked`]);
/// 2. an answer carried from an earlier round, or else the response under
///    its key to the round that asked it, is re-validated: valid, it is
///    the answer; refused, it is asked again with the reason, until the
///    attempts are spent or the same refused answer comes twice;
/// 3. else its argument, where it may answer; refused, it is asked with
///    the reason (no attempt: the person made no mistake);
/// 4. else it is asked.
///
/// An answer counts only for the question it answers: one to an earlier
/// form of a question that changed since (a select whose options
/// changed, a message that names something else now) counts while it is
/// still valid under the question as it is now; refused only because a
/// value it chose is no longer an option, it is asked again saying so,
/// and no attempt is counted (a refusal for anything else counts, as for
/// an unchanged question). For a question only a person may answer (a
/// confirmation), a changed question is a new one: nothing sent for the
/// old one counts.
///
/// # Errors
///
/// The end of the call: [`ElicitError::Invalid`],
/// [`ElicitError::Unasked`], [`ElicitError::NoArguments`],
/// [`ElicitError::Version`] (a form the revision cannot carry, before
/// anything is sent).
pub(crate) fn decide(
    call: &Call,
    questions: &mut [Erased],
    round: &mut Round,
    responses: &Map<String, Value>,
) -> Result<Plan, ElicitError> {
    let forms = questions.iter().filter_map(|question| match question {
        Erased::Form(question) => Some(question),
        Erased::Input(_) => None,
    });
    let mut forms = forms.peekable();
    let any_form = forms.peek().is_some();
    if call.arguments_unseen && forms.any(|question| question.argument()) {
        return Err(ElicitError::NoArguments {
            tool: call.name.to_owned(),
        });
    }
    let without_forms = any_form && !call.shows_forms();
    // The forms left to their argument, by position: every form where the
    // client shows none; where the revision cannot carry a form an
    // argument may answer (a multi-select on 2025-06-18), that form, the
    // model still able to answer it (the others are asked as ever). Only
    // then is anything looked at, and a `Vec` made.
    let mut uncarried = None;
    let left: Vec<bool> = match call.version {
        _ if without_forms => questions
            .iter()
            .map(|question| matches!(question, Erased::Form(_)))
            .collect(),
        Some(version) if !version.supports_sep1330() => questions
            .iter()
            .map(|question| match question {
                Erased::Form(question) if question.argument() => {
                    match question.params().for_version(version) {
                        Ok(_) => false,
                        Err(error) => {
                            uncarried.get_or_insert(error);
                            true
                        }
                    }
                }
                _ => false,
            })
            .collect(),
        _ => Vec::new(),
    };
    if without_forms {
        let unasked = Unasked::new(call.method, call.name, call.version);
        from_arguments_only(call, questions, unasked, &left)?;
    } else if let Some(error) = uncarried {
        let unasked = Unasked::uncarried(call.method, call.name, &error);
        from_arguments_only(call, questions, unasked, &left)?;
    }
    let mut asking = Vec::new();
    for (index, question) in questions.iter_mut().enumerate() {
        let step = match question {
            // Answered by its argument above.
            Erased::Form(_) if left.get(index) == Some(&true) => continue,
            Erased::Form(question) => form(call, &mut **question, round, responses)?,
            Erased::Input(question) => {
                let carried = round.entry(question.key());
                input(&mut **question, carried, responses)?
            }
        };
        if let Step::Ask(request) = step {
            asking.push((question.key().to_owned(), request));
        }
    }
    Ok(if asking.is_empty() {
        Plan::Answered
    } else {
        Plan::Ask(asking)
    })
}

/// One question's outcome, short of the end of the call.
enum Step {
    Answered,
    Ask(InputRequest),
}

/// How the question asked now relates to the one the round carries under
/// its key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Relation {
    /// Asked before, the same.
    Same,
    /// Asked before, changed since (its options, its text), and an answer
    /// to it may still count.
    Changed,
    /// Never asked, or changed where only an answer to it exactly counts.
    New,
}

/// What was answered to a form question: carried from an earlier round
/// (as it was kept), or sent now (as sent, and as it would be kept).
enum Answer<'a> {
    Carried(Value),
    Sent(&'a Value),
}

fn form(
    call: &Call,
    question: &mut (dyn FormQuestion + Send),
    round: &mut Round,
    responses: &Map<String, Value>,
) -> Result<Step, ElicitError> {
    let digest = question.digest();
    let carried = round.entry(question.key());
    let relation = match carried.asked {
        Some(asked) if asked == digest => Relation::Same,
        Some(_) if !question.person_only() => Relation::Changed,
        _ => {
            carried.forget();
            Relation::New
        }
    };
    let answer = match carried.answer.take() {
        Some(kept) => Some(Answer::Carried(kept)),
        None => responses
            .get(question.key())
            .filter(|_| relation != Relation::New || question.early())
            .map(Answer::Sent),
    };
    let Some(answer) = answer else {
        return unanswered(call, question, carried, digest);
    };
    let now = matches!(answer, Answer::Sent(_));
    let (sent, kept) = match answer {
        Answer::Carried(kept) => (kept.clone(), kept),
        Answer::Sent(sent) => (sent.clone(), kept_answer(question.params(), sent)),
    };
    carried.asked = Some(digest);
    match question.take(sent) {
        Ok(()) => {
            carried.attempts = 0;
            carried.refused = None;
            carried.answer = Some(match relation {
                // Kept as the question now declares it.
                Relation::Changed => kept_answer(question.params(), &kept),
                Relation::Same | Relation::New => kept,
            });
            Ok(Step::Answered)
        }
        Err(error) => {
            let refusal = Refusal { relation, now };
            refused(call, question, carried, refusal, &kept, error)
        }
    }
}

/// How an answer came to be refused: to the question as it was when
/// answered, or changed since ([`Relation`]); and whether the client sent
/// it in this round (`now`), or an earlier round's answer was carried.
#[derive(Clone, Copy)]
struct Refusal {
    relation: Relation,
    now: bool,
}

/// A form question without an answer: answered by its argument, or asked.
fn unanswered(
    call: &Call,
    question: &mut (dyn FormQuestion + Send),
    carried: &mut Carried,
    digest: Digest,
) -> Result<Step, ElicitError> {
    let asked = match from_argument(call, question) {
        // The state is bound to the arguments: nothing to carry.
        FromArgument::Answered => return Ok(Step::Answered),
        FromArgument::Refused(answer, error) => {
            let kept = kept_answer(question.params(), &answer);
            let again = reask::again(
                question.params(),
                &kept,
                &error,
                call.messages,
                Whose::Suggested,
            );
            shaped(call, &again)?
        }
        FromArgument::NotAnObject(_) | FromArgument::None => shaped(call, question.params())?,
    };
    carried.asked = Some(digest);
    Ok(Step::Ask(asked))
}

/// A form question whose answer `kept` was refused for `error`: asked
/// again with the reason, or the end of the call.
fn refused(
    call: &Call,
    question: &(dyn FormQuestion + Send),
    carried: &mut Carried,
    refusal: Refusal,
    kept: &Value,
    error: Error,
) -> Result<Step, ElicitError> {
    // A malformed answer is the client's fault, not the person's: asking
    // again would most likely repeat it.
    if !reask::is_the_persons(&error) {
        return Err(ElicitError::Invalid(error));
    }
    let changed = refusal.relation == Relation::Changed;
    // The change took the answer away: no mistake of the person, so no
    // attempt; but the same answer sent and refused twice still ends the
    // call.
    let withdrawn = changed && reask::all_withdrawn(&error);
    let rejected = carried.attempts.saturating_add(u32::from(!withdrawn));
    let max_attempts = question.max_attempts().unwrap_or(call.max_attempts);
    if rejected >= max_attempts {
        return Err(ElicitError::Invalid(error));
    }
    // The same refused answer as last time is no person's second mistake:
    // the client answers without showing the form.
    let digest = Digest::of(kept);
    if carried.refused == Some(digest) && !reask::sent_titles(&error) {
        let mut unasked = Unasked::not_shown(call.method, call.name, &error);
        let argument = (question.argument(), question.argument_field().is_some());
        unasked.push(question.key(), question.params(), argument, None);
        return Err(ElicitError::Unasked(Box::new(unasked)));
    }
    // Only an answer the client sent is one it may send again; one carried
    // from an earlier round was not refused when sent.
    carried.refused = refusal.now.then_some(digest);
    carried.attempts = rejected;
    let whose = if changed {
        Whose::Changed
    } else {
        Whose::Person
    };
    let again = reask::again(question.params(), kept, &error, call.messages, whose);
    Ok(Step::Ask(shaped(call, &again)?))
}

/// A question of another kind than a form: its carried answer, or the
/// response to the round that asked it (or an early one), checked; else
/// asked. A malformed answer is the client's fault, not a person's: the
/// call ends ([`ElicitError::Invalid`]).
fn input(
    question: &mut (dyn InputQuestion + Send),
    carried: &mut Carried,
    responses: &Map<String, Value>,
) -> Result<Step, ElicitError> {
    let digest = Digest::of(question.request());
    // A sampled message answers only the request it was sampled for.
    if carried.asked != Some(digest) {
        carried.forget();
    }
    if let Some(kept) = &carried.answer {
        question.take(kept.clone()).map_err(ElicitError::Invalid)?;
        return Ok(Step::Answered);
    }
    let sent = responses
        .get(question.key())
        .filter(|_| carried.asked.is_some() || question.early());
    carried.asked = Some(digest);
    match sent {
        Some(sent) => {
            let kept = question.take(sent.clone()).map_err(ElicitError::Invalid)?;
            carried.answer = Some(kept);
            Ok(Step::Answered)
        }
        None => Ok(Step::Ask(question.request().clone())),
    }
}

/// A client that cannot show forms (or not these): each form question
/// `left` to its argument (by position) answered from it, or, for any that
/// is not, the result for the model, `unasked`.
fn from_arguments_only(
    call: &Call,
    questions: &mut [Erased],
    mut unasked: Unasked,
    left: &[bool],
) -> Result<(), ElicitError> {
    for (question, left) in questions.iter_mut().zip(left) {
        let (Erased::Form(question), true) = (question, left) else {
            continue;
        };
        let (argument, refused) = match from_argument(call, &mut **question) {
            FromArgument::Answered => continue,
            FromArgument::Refused(answer, error) => {
                (true, Some((error, answer["content"].clone())))
            }
            FromArgument::NotAnObject(error) => (true, Some((error, Value::Null))),
            FromArgument::None => (question.argument(), None),
        };
        let refused = refused.as_ref().map(|(error, sent)| (error, sent));
        let argument = (argument, question.argument_field().is_some());
        unasked.push(question.key(), question.params(), argument, refused);
    }
    if unasked.is_empty() {
        Ok(())
    } else {
        Err(ElicitError::Unasked(Box::new(unasked)))
    }
}

/// What the call's argument says of a question.
enum FromArgument {
    /// No argument may answer it, or none was sent.
    None,
    /// The argument was the answer.
    Answered,
    /// The argument, as an answer, and why the rules refuse it.
    Refused(Value, Error),
    /// The argument is not an object of the form's fields: an error that
    /// names no field, since it is about the argument itself.
    NotAnObject(Error),
}

/// The answer from the call's argument under the question's key, where
/// the question allows it and the argument is there (not `null`): the
/// form's content, or for a question whose argument is the value of its
/// one field ([`Question::choice`](super::Question::choice)), that value.
fn from_argument(call: &Call, question: &mut (dyn FormQuestion + Send)) -> FromArgument {
    if !question.argument() {
        return FromArgument::None;
    }
    let Some(argument) = call
        .arguments
        .get(question.key())
        .filter(|value| !value.is_null())
    else {
        return FromArgument::None;
    };
    let content = match question.argument_field() {
        Some(field) => {
            let mut content = Map::new();
            content.insert(field.to_owned(), argument.clone());
            Value::Object(content)
        }
        None if argument.is_object() => argument.clone(),
        None => {
            // Not the shape of an answer at all: nothing of it is the
            // person's to mend.
            let error = Error::from(ErrorKind::TypeMismatch {
                expected: JsonType::Object,
                found: argument.clone(),
            });
            return FromArgument::NotAnObject(error);
        }
    };
    let mut answer = Map::new();
    answer.insert("action".to_owned(), Value::from("accept"));
    answer.insert("content".to_owned(), content);
    let answer = Value::Object(answer);
    match question.take(answer.clone()) {
        Ok(()) => FromArgument::Answered,
        Err(error) => FromArgument::Refused(answer, error),
    }
}

/// The request that asks `params`, as a client of the call's revision
/// must receive it (unchanged in shape when the revision is not known),
/// the options titled in the call's words.
fn shaped(call: &Call, params: &ElicitRequestFormParams) -> Result<InputRequest, ElicitError> {
    let params = messages::titled(params, call.messages);
    let params = match call.version {
        // A revision with SEP-1330's enums (2025-11-25 on) takes them as
        // they are: not rebuilt property by property, as `for_version`
        // would, every round.
        Some(version) if version.supports_sep1330() => params.into_owned(),
        Some(version) => params.for_version(version).map_err(ElicitError::Version)?,
        None => params.into_owned(),
    };
    Ok(InputRequest::Elicitation(params))
}

/// The decision alone: no SDK, no state sealed, no future.
#[cfg(test)]
mod tests;
