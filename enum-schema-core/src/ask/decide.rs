//! The decision, written once: for the questions of a round, given the
//! call and what the client has answered, each question's outcome:
//! answered, asked (with its reason and pre-filled values), or the end of
//! the call. Synchronous and without I/O; both eras' drivers call it
//! (`drive.rs`): on 2026-07-28 its requests are the `input_required`
//! result; before, each is sent in turn and the decision runs again on
//! the answer.

use serde_json::{Map, Value};

use super::error::ElicitError;
use super::messages::{self, Messages};
use super::question::erased::{Erased, FormQuestion, InputQuestion};
use super::reask;
use super::request::Capabilities;
use super::round::{kept_answer, Carried, Digest, Round};
use super::unasked::Unasked;
use crate::error::{Error, ErrorKind, JsonType};
use crate::input::InputRequest;
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
/// 1. the client cannot show forms: its argument answers it, or (with
///    every other unanswered form) the call ends with the result for the
///    model ([`ElicitError::Unasked`]);
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
    if without_forms {
        from_arguments_only(call, questions)?;
    }
    let mut asking = Vec::new();
    for question in questions.iter_mut() {
        let step = match question {
            Erased::Form(_) if without_forms => continue,
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
            let again = reask::again(question.params(), &kept, &error, call.messages, false);
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
        unasked.push(question.key(), question.params(), question.argument(), None);
        return Err(ElicitError::Unasked(Box::new(unasked)));
    }
    // Only an answer the client sent is one it may send again; one carried
    // from an earlier round was not refused when sent.
    carried.refused = refusal.now.then_some(digest);
    carried.attempts = rejected;
    let again = reask::again(question.params(), kept, &error, call.messages, changed);
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

/// A client that cannot show forms: each form question answered from its
/// argument, or, for any that is not, the result for the model.
fn from_arguments_only(call: &Call, questions: &mut [Erased]) -> Result<(), ElicitError> {
    let mut unasked = Unasked::new(call.method, call.name, call.version);
    for question in questions.iter_mut() {
        let Erased::Form(question) = question else {
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
    /// The argument is not an object of the form's fields.
    NotAnObject(Error),
}

/// The answer from the call's argument under the question's key, where
/// the question allows it and the argument is there (not `null`).
fn from_argument(call: &Call, question: &mut (dyn FormQuestion + Send)) -> FromArgument {
    if !question.argument() {
        return FromArgument::None;
    }
    let Some(content) = call
        .arguments
        .get(question.key())
        .filter(|value| !value.is_null())
    else {
        return FromArgument::None;
    };
    if !content.is_object() {
        // Not the shape of an answer at all: nothing of it is the
        // person's to mend.
        let error = Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Object,
            found: content.clone(),
        })
        .in_field(question.key().to_owned());
        return FromArgument::NotAnObject(error);
    }
    let mut answer = Map::new();
    answer.insert("action".to_owned(), Value::from("accept"));
    answer.insert("content".to_owned(), content.clone());
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
        Some(version) => params.for_version(version).map_err(ElicitError::Version)?,
        None => params.into_owned(),
    };
    Ok(InputRequest::Elicitation(params))
}

/// The decision alone: no SDK, no state sealed, no future.
#[cfg(test)]
mod tests {
    use serde_json::{json, Map, Value};

    use super::{check_supported, decide, Call, Plan};
    use crate::ask::error::ElicitError;
    use crate::ask::messages::English;
    use crate::ask::question::erased::Erased;
    use crate::ask::question::{AnyQuestion, CreateMessage, Question};
    use crate::ask::request::Capabilities;
    use crate::ask::round::{Carried, Digest, Round};
    use crate::form::ElicitAction;
    use crate::input::CreateMessageParams;
    use crate::input::InputRequest;
    use crate::schema::{
        ElicitRequestFormParams, PrimitiveSchema, RequestedSchema, SingleSelectSchema,
    };
    use crate::version::ProtocolVersion;

    /// What a question of the checked content is answered.
    type Answered = ElicitAction<Map<String, Value>>;

    /// "Which file?", one required select of `files`, titled "File".
    fn files(files: &[&'static str]) -> ElicitRequestFormParams {
        let select = SingleSelectSchema::new(files.iter().copied())
            .unwrap()
            .with_title("File");
        ElicitRequestFormParams {
            message: "Which file?".into(),
            requested_schema: RequestedSchema {
                properties: vec![("file".into(), PrimitiveSchema::SingleSelect(select))],
                required: vec!["file".into()],
            },
        }
    }

    /// A question under `key` of `params`, its answer the checked content.
    fn question(key: &str, params: ElicitRequestFormParams) -> Question<'_, Map<String, Value>> {
        let schema = params.requested_schema.clone();
        Question::new(key, params, move |answer| schema.parse_result(answer))
    }

    fn call(arguments: &Map<String, Value>) -> Call<'_> {
        Call {
            method: "tools/call",
            name: "open",
            arguments,
            arguments_unseen: false,
            version: Some(ProtocolVersion::V2026_07_28),
            capabilities: Capabilities {
                form: true,
                sampling: false,
                roots: false,
                ..Capabilities::ALL
            },
            max_attempts: 3,
            messages: &English,
        }
    }

    fn accept(file: &str) -> Value {
        json!({"action": "accept", "content": {"file": file}})
    }

    fn responses(key: &str, answer: Value) -> Map<String, Value> {
        let mut responses = Map::new();
        responses.insert(key.to_owned(), answer);
        responses
    }

    /// Decides one form question; its answer, if it has one.
    fn one(
        call: &Call,
        mut question: Question<'_, Map<String, Value>>,
        round: &mut Round,
        responses: &Map<String, Value>,
    ) -> Result<(Plan, Option<Answered>), ElicitError> {
        let plan = decide(call, &mut [Erased::Form(&mut question)], round, responses)?;
        Ok((plan, question.answer()))
    }

    /// Decides the question `"file"` of `params` alone, in a call without
    /// arguments: the plan, and its answer if it has one.
    fn ask_file(
        params: &ElicitRequestFormParams,
        round: &mut Round,
        responses: &Map<String, Value>,
    ) -> Result<(Plan, Option<Answered>), ElicitError> {
        one(
            &call(&Map::new()),
            question("file", params.clone()),
            round,
            responses,
        )
    }

    /// The one request a plan asks: its key and params.
    fn asked(plan: Plan) -> (String, ElicitRequestFormParams) {
        let Plan::Ask(mut asking) = plan else {
            panic!("nothing asked: {plan:?}")
        };
        assert_eq!(asking.len(), 1, "{asking:?}");
        match asking.remove(0) {
            (key, InputRequest::Elicitation(params)) => (key, params),
            other => panic!("{other:?}"),
        }
    }

    /// A file question whose options were `before` when a round asked it
    /// and are `now`: the question now, and the round that asked it.
    fn changed(before: &[&'static str], now: &[&'static str]) -> (ElicitRequestFormParams, Round) {
        (files(now), asked_round("file", &files(before)))
    }

    /// The round after `params` was asked under `key`.
    fn asked_round(key: &str, params: &ElicitRequestFormParams) -> Round {
        let mut round = Round::default();
        round.entry(key).asked = Some(Digest::of_params(params));
        round
    }

    fn answer(file: &str) -> Option<Answered> {
        Some(ElicitAction::Accept(
            accept(file)["content"].as_object().unwrap().clone(),
        ))
    }

    #[test]
    fn a_question_without_an_answer_is_asked_and_carried() {
        let none = Map::new();
        let mut round = Round::default();
        let params = files(&["a.txt", "b.txt"]);
        let (plan, answer) = ask_file(&params, &mut round, &none).unwrap();
        assert_eq!(asked(plan), ("file".to_owned(), params.clone()));
        assert_eq!(answer, None);
        assert_eq!(round, asked_round("file", &params));
    }

    #[test]
    fn the_answer_to_the_question_asked_is_the_answer() {
        let params = files(&["a.txt", "b.txt"]);
        let mut round = asked_round("file", &params);
        let sent = json!({"action": "accept", "content": {"file": "b.txt", "extra": 1}});
        let (plan, answer) = ask_file(&params, &mut round, &responses("file", sent)).unwrap();
        assert!(matches!(plan, Plan::Answered));
        assert_eq!(answer, self::answer("b.txt"));
        // Kept as validated: the declared properties only.
        assert_eq!(
            round.get("file"),
            Some(&Carried {
                asked: Some(Digest::of_params(&params)),
                answer: Some(accept("b.txt")),
                ..Carried::default()
            })
        );
    }

    /// An answer under a key no round asked counts for nothing, but for a
    /// question that takes an early answer.
    #[test]
    fn an_answer_no_round_asked_for_counts_only_early() {
        let none = Map::new();
        let params = files(&["a.txt", "b.txt"]);
        let sent = responses("file", accept("a.txt"));
        let mut round = Round::default();
        let (plan, answer) = ask_file(&params, &mut round, &sent).unwrap();
        assert_eq!(asked(plan).1, params);
        assert_eq!(answer, None);
        let early = question("file", params).with_early_answer();
        let (plan, answer) = one(&call(&none), early, &mut Round::default(), &sent).unwrap();
        assert!(matches!(plan, Plan::Answered));
        assert_eq!(answer, self::answer("a.txt"));
    }

    /// A refused answer is asked again with the reason, counted, until the
    /// question was asked as often as it may be.
    #[test]
    fn a_refused_answer_is_asked_again_until_the_attempts_are_spent() {
        let params = files(&["a.txt", "b.txt"]);
        let mut round = asked_round("file", &params);
        for (attempt, sent) in [(1, "c.txt"), (2, "d.txt")] {
            let (plan, _) =
                ask_file(&params, &mut round, &responses("file", accept(sent))).unwrap();
            let (_, again) = asked(plan);
            assert_eq!(
                again.message(),
                format!("Which file?\n\nFile: “{sent}” is not one of the choices; choose “a.txt” or “b.txt”.")
            );
            let carried = round.get("file").unwrap();
            assert_eq!((carried.attempts, &carried.answer), (attempt, &None));
        }
        let error = ask_file(&params, &mut round, &responses("file", accept("e.txt"))).unwrap_err();
        assert_eq!(
            error.to_string(),
            r#"the client's answer was rejected: field `file`: invalid value "e.txt": expected one of "a.txt", "b.txt""#
        );
        assert!(matches!(error, ElicitError::Invalid(_)));
    }

    /// The same refused answer twice is a client that does not show the
    /// form: the call ends with the result for the model.
    #[test]
    fn the_same_refused_answer_twice_ends_the_call() {
        let params = files(&["a.txt", "b.txt"]);
        let mut round = asked_round("file", &params);
        let sent = responses("file", accept("c.txt"));
        let (plan, _) = ask_file(&params, &mut round, &sent).unwrap();
        asked(plan);
        let error = ask_file(&params, &mut round, &sent).unwrap_err();
        let ElicitError::Unasked(unasked) = error else {
            panic!("{error:?}")
        };
        assert_eq!(unasked.keys().collect::<Vec<_>>(), ["file"]);
        assert!(
            unasked
                .to_string()
                .contains("it sent the same refused answer twice"),
            "{unasked}"
        );
    }

    /// The options changed between the round that asked and the one that
    /// answers (a file added in front of the one chosen): the answer,
    /// still one of them, is the answer, kept for the question as it is now.
    #[test]
    fn an_answer_still_valid_after_the_options_changed_is_kept() {
        let none = Map::new();
        let (now, mut round) = changed(&["a.txt", "b.txt"], &["0.txt", "a.txt", "b.txt"]);
        let (plan, answer) =
            ask_file(&now, &mut round, &responses("file", accept("b.txt"))).unwrap();
        assert!(matches!(plan, Plan::Answered));
        assert_eq!(answer, self::answer("b.txt"));
        let carried = round.get("file").unwrap();
        assert_eq!(carried.asked, Some(Digest::of_params(&now)));
        assert_eq!(carried.answer, Some(accept("b.txt")));
        // Carried on, it answers the question as it is now, and as it
        // changes again.
        let later = files(&["b.txt"]);
        let (plan, answer) = ask_file(&later, &mut round, &none).unwrap();
        assert!(matches!(plan, Plan::Answered));
        assert_eq!(answer, self::answer("b.txt"));
    }

    /// The option chosen is gone: asked again, the reason naming it as no
    /// longer one of the choices, no attempt counted (the person made no
    /// mistake); whether the answer was carried or sent. Sent again and
    /// refused again, the answer ends the call (the client does not show
    /// the form).
    #[test]
    fn an_answer_the_change_made_invalid_is_asked_again_with_what_changed() {
        let none = Map::new();
        let before = files(&["a.txt", "b.txt"]);
        let now = files(&["a.txt", "c.txt"]);
        let sent = responses("file", accept("b.txt"));
        let mut carried = asked_round("file", &before);
        carried.entry("file").answer = Some(accept("b.txt"));
        for (mut round, responses, now_sent) in [
            (asked_round("file", &before), sent, true),
            (carried, none.clone(), false),
        ] {
            round.entry("file").attempts = 1;
            let (plan, answer) = ask_file(&now, &mut round, &responses).unwrap();
            assert_eq!(answer, None);
            let (_, again) = asked(plan);
            assert_eq!(
                again.message(),
                "Which file?\n\nFile: “b.txt” is no longer one of the choices; choose “a.txt” or “c.txt”."
            );
            let carried = round.get("file").unwrap();
            assert_eq!(carried.asked, Some(Digest::of_params(&now)));
            // The attempt before the change stands; none is added. The
            // refused answer the client sent is noted: sent again, it ends
            // the call. One carried from an earlier round was not refused
            // when sent: sent now, it is refused as the first time.
            let refused = now_sent.then(|| Digest::of(&accept("b.txt")));
            assert_eq!(
                (carried.attempts, &carried.answer, carried.refused),
                (1, &None, refused)
            );
            let again = ask_file(&files(&["a.txt", "d.txt"]), &mut round, &sent_again());
            if now_sent {
                assert!(matches!(again, Err(ElicitError::Unasked(_))), "{again:?}");
            } else {
                let (_, again) = asked(again.unwrap().0);
                assert!(again.message().contains("no longer one of the choices"));
                assert_eq!(round.get("file").unwrap().attempts, 1);
            }
        }
    }

    /// The answer `b.txt` under `file`, as a client that does not show the
    /// form sends it again.
    fn sent_again() -> Map<String, Value> {
        responses("file", accept("b.txt"))
    }

    /// A changed question refused for anything but a value the change took
    /// away is a refusal as any other: counted, and ended when the
    /// attempts are spent; a value no longer offered beside it is still
    /// said to be no longer one of the choices.
    #[test]
    fn a_changed_question_refused_for_a_mistake_counts_the_attempt() {
        use crate::schema::StringSchema;

        let with_note = |files: &[&'static str]| {
            let mut params = self::files(files);
            let note = StringSchema::new().with_length(None, Some(3)).unwrap();
            let properties = &mut params.requested_schema.properties;
            properties.push(("note".into(), PrimitiveSchema::String(note)));
            params
        };
        let before = with_note(&["a.txt", "b.txt"]);
        let now = with_note(&["a.txt", "c.txt"]);
        let sent = json!({"action": "accept", "content": {"file": "b.txt", "note": "too long"}});
        let mut round = asked_round("file", &before);
        let (plan, _) = ask_file(&now, &mut round, &responses("file", sent)).unwrap();
        assert_eq!(
            asked(plan).1.message(),
            "Which file?\n\nFile: “b.txt” is no longer one of the choices; choose “a.txt” or “c.txt”.\n\
             note: enter at most 3 characters; you entered 8."
        );
        assert_eq!(round.get("file").map(|carried| carried.attempts), Some(1));
        round.entry("file").attempts = 2;
        let sent = json!({"action": "accept", "content": {"file": "a.txt", "note": "long again"}});
        let changed = with_note(&["a.txt", "d.txt"]);
        let error = ask_file(&changed, &mut round, &responses("file", sent)).unwrap_err();
        assert!(matches!(error, ElicitError::Invalid(_)), "{error:?}");
    }

    /// A question only a person may answer, changed since it was shown:
    /// nothing sent to the old one counts, and it is asked as it is now.
    #[test]
    fn a_changed_question_only_a_person_may_answer_is_asked_from_scratch() {
        let none = Map::new();
        let (now, mut round) = changed(&["a.txt", "b.txt"], &["a.txt", "b.txt", "c.txt"]);
        let only = question("file", now.clone()).person_only();
        let (plan, answer) = one(
            &call(&none),
            only,
            &mut round,
            &responses("file", accept("a.txt")),
        )
        .unwrap();
        assert_eq!(answer, None);
        assert_eq!(asked(plan).1, now);
        assert_eq!(round, asked_round("file", &now));
    }

    /// The call's argument: valid, the answer (nothing carried); refused,
    /// asked with the reason (no attempt); where the client shows no form
    /// and none answers, the result for the model.
    #[test]
    fn an_argument_answers_or_is_asked_with_the_reason() {
        let params = files(&["a.txt", "b.txt"]);
        let arguments = responses("file", json!({"file": "a.txt"}));
        let mut round = Round::default();
        let argued = question("file", params.clone()).with_argument();
        let (plan, answer) = one(&call(&arguments), argued, &mut round, &Map::new()).unwrap();
        assert!(matches!(plan, Plan::Answered));
        assert_eq!(answer, self::answer("a.txt"));
        assert_eq!(
            round.get("file"),
            Some(&Carried::default()),
            "nothing carried"
        );

        let arguments = responses("file", json!({"file": "z.txt"}));
        let argued = question("file", params.clone()).with_argument();
        let (plan, _) = one(&call(&arguments), argued, &mut round, &Map::new()).unwrap();
        assert_eq!(
            asked(plan).1.message(),
            "Which file?\n\nFile: “z.txt” is not one of the choices; choose “a.txt” or “b.txt”."
        );
        assert_eq!(round.get("file").map(|carried| carried.attempts), Some(0));

        let mut no_forms = call(&arguments);
        no_forms.capabilities.form = false;
        let argued = question("file", params.clone()).with_argument();
        let error = one(&no_forms, argued, &mut Round::default(), &Map::new()).unwrap_err();
        let ElicitError::Unasked(unasked) = error else {
            panic!("{error:?}")
        };
        assert!(!unasked.needs_a_person());

        let none = Map::new();
        let mut unseen = call(&none);
        unseen.arguments_unseen = true;
        let argued = question("file", params).with_argument();
        let error = one(&unseen, argued, &mut Round::default(), &Map::new()).unwrap_err();
        assert!(matches!(error, ElicitError::NoArguments { tool } if tool == "open"));
    }

    /// A sampled message is refused before anything is recorded where the
    /// client did not declare `sampling`; where it did, it is asked, and its
    /// answer counts only for the request it was sampled for.
    #[test]
    fn a_sampled_message_counts_only_for_its_request() {
        let none = Map::new();
        let params = |text: &str| CreateMessageParams::new(text, 10);
        let mut sample = CreateMessage::new("capital", params("Capital of France?"));
        let error = check_supported(&call(&none), &[sample.erased()]).unwrap_err();
        assert!(matches!(
            error,
            ElicitError::Unsupported {
                method: "sampling/createMessage"
            }
        ));

        let mut sampling = call(&none);
        sampling.capabilities.sampling = true;
        let mut round = Round::default();
        let plan = decide(&sampling, &mut [sample.erased()], &mut round, &none).unwrap();
        assert!(
            matches!(&plan, Plan::Ask(asking) if matches!(asking[0].1, InputRequest::CreateMessage(_)))
        );
        let answer = json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}, "model": "m"});
        let mut other = CreateMessage::new("capital", params("Capital of Italy?"));
        let plan = decide(
            &sampling,
            &mut [other.erased()],
            &mut round.clone(),
            &responses("capital", answer.clone()),
        )
        .unwrap();
        assert!(matches!(plan, Plan::Ask(_)), "an answer to another request");
        let plan = decide(
            &sampling,
            &mut [sample.erased()],
            &mut round,
            &responses("capital", answer),
        )
        .unwrap();
        assert!(matches!(plan, Plan::Answered));
        assert_eq!(
            sample.answer().map(|result| result.text().to_owned()),
            Some("Paris".to_owned())
        );
    }
}
