//! The decision alone: no SDK, no state sealed, no future.

use serde_json::{json, Map, Value};

use super::{check_supported, decide, Call, Plan};
use crate::ask::error::ElicitError;
use crate::ask::question::erased::Erased;
use crate::ask::question::{AnyQuestion, CreateMessage, Question};
use crate::ask::request::Capabilities;
use crate::ask::round::{Carried, Digest, Round};
use crate::form::ElicitAction;
use crate::input::CreateMessageParams;
use crate::input::InputRequest;
use crate::messages::English;
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
        let (plan, _) = ask_file(&params, &mut round, &responses("file", accept(sent))).unwrap();
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
    let (plan, answer) = ask_file(&now, &mut round, &responses("file", accept("b.txt"))).unwrap();
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
        "Which file?\n\nA suggested answer could not be used:\nFile: “z.txt” is not one of \
         the choices; choose “a.txt” or “b.txt”."
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
    let answer =
        json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}, "model": "m"});
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
