//! Confirmed once, done once (issue 38): without an answer store, a
//! process remembers the calls it completed from a sealed `requestState`,
//! so the round that acts, sent again or sent ten times at once, runs its
//! body once; a round that only asks may be sent again. And the key a body
//! hands the API it calls to deduplicate with, the same on every replay of
//! a call and different for any other.

use std::sync::atomic::{AtomicUsize, Ordering};

use enum_schema::Confirm;

use super::*;

/// A deploy: which severity, then a confirmation; each deployment counted
/// in `done`, and the idempotency key of every run of the body in `keys`.
async fn deploy(
    ask: Ask<Fake>,
    done: &AtomicUsize,
    keys: &Mutex<Vec<String>>,
) -> Result<ToolResult, ElicitError> {
    keys.lock().unwrap().push(ask.idempotency_key()?);
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    let confirmed = ask
        .form::<Confirm>("confirm", "Deploy?")
        .await?
        .is_confirmed();
    if !confirmed {
        return Ok(ToolResult::Text("not deployed".to_owned()));
    }
    done.fetch_add(1, Ordering::SeqCst);
    Ok(ToolResult::Text(format!("deployed at {triage:?}")))
}

/// Runs one round of `deploy` with `responses` and `state`.
fn round(
    client: &Client,
    responses: Value,
    state: Option<&str>,
    done: &AtomicUsize,
    keys: &Mutex<Vec<String>>,
) -> Outcome<ToolResult> {
    let Value::Object(responses) = responses else {
        panic!("responses are an object")
    };
    once(client, responses, state, |ask| deploy(ask, done, keys))
}

/// The state of the round that asks the confirmation: the final round
/// takes it with the "yes".
fn confirming(client: &Client, done: &AtomicUsize, keys: &Mutex<Vec<String>>) -> String {
    let state = |outcome: Outcome<ToolResult>| match outcome {
        Ok(Done::InputRequired(result)) => result.request_state().unwrap().to_owned(),
        other => panic!("expected input_required, got {other:?}"),
    };
    let first = state(round(client, json!({}), None, done, keys));
    let triage = json!({"triage": accept(json!({"severity": "high"}))});
    state(round(client, triage, Some(&first), done, keys))
}

fn yes() -> Value {
    json!({"confirm": accept(json!({"confirm": "yes"}))})
}

/// What a client that sent the round that acted again reads.
pub(super) const COMPLETED: &str = "the call this requestState belongs to already completed \
     (or is completing): what it did is done once, and not again, and its result is not sent \
     twice; do not send this request again";

fn is_completed(outcome: &Outcome<ToolResult>) -> bool {
    matches!(
        outcome,
        Err(ElicitError::RequestState(RequestStateError::Completed))
    )
}

#[test]
fn the_round_that_acted_sent_again_is_refused_and_acts_once() {
    let client = Client::new(V0728, vec![]);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let state = confirming(&client, &done, &keys);
    let first = round(&client, yes(), Some(&state), &done, &keys);
    assert_eq!(text(first), "deployed at Accept(Triage { severity: High })");
    for _ in 0..2 {
        let again = round(&client, yes(), Some(&state), &done, &keys);
        assert!(is_completed(&again), "{again:?}");
        let error = failed(again);
        // Issue 45: a reason a client reads without the English, that
        // invites no new call.
        assert_eq!(
            wire(error),
            json!({"code": -32602, "message": COMPLETED, "data": {"requestState": "completed"}})
        );
    }
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

/// Ten copies of the round that acts, at once: one deploys, nine are
/// refused with the same error.
#[test]
fn ten_copies_at_once_act_once() {
    let client = Client::new(V0728, vec![]);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let state = confirming(&client, &done, &keys);
    let outcomes: Vec<Outcome<ToolResult>> = std::thread::scope(|scope| {
        let copies: Vec<_> = (0..10)
            .map(|_| scope.spawn(|| round(&client, yes(), Some(&state), &done, &keys)))
            .collect();
        copies
            .into_iter()
            .map(|copy| copy.join().unwrap())
            .collect()
    });
    assert_eq!(done.load(Ordering::SeqCst), 1);
    let completed = outcomes
        .iter()
        .filter(|outcome| is_completed(outcome))
        .count();
    assert_eq!(completed, 9, "{outcomes:?}");
}

/// A round that only asks acts on nothing: sent again, it asks again; the
/// call it belongs to still completes once, whichever of its states the
/// final round carries.
#[test]
fn a_round_that_only_asks_may_be_sent_again() {
    let client = Client::new(V0728, vec![]);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let state = |outcome: Outcome<ToolResult>| match outcome {
        Ok(Done::InputRequired(result)) => result.request_state().unwrap().to_owned(),
        other => panic!("expected input_required, got {other:?}"),
    };
    let first = state(round(&client, json!({}), None, &done, &keys));
    let triage = json!({"triage": accept(json!({"severity": "high"}))});
    // The round that asks the confirmation, three times from the same state.
    let confirming: Vec<String> = (0..3)
        .map(|_| state(round(&client, triage.clone(), Some(&first), &done, &keys)))
        .collect();
    assert_eq!(
        text(round(&client, yes(), Some(&confirming[2]), &done, &keys)),
        "deployed at Accept(Triage { severity: High })"
    );
    // Another state of the same call: the call completed already.
    assert!(is_completed(&round(
        &client,
        yes(),
        Some(&confirming[0]),
        &done,
        &keys
    )));
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

/// The idempotency key: the same on every run of a call's body (every
/// round, a round sent again included), different for another call of the
/// same tool asked and answered the same way; 64 lowercase hex digits. The
/// same key reached from another process: `tests/rmcp_process.rs`.
#[test]
fn the_idempotency_key_is_one_per_call() {
    let client = Client::new(V0728, vec![]);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let state = confirming(&client, &done, &keys);
    let again = round(&client, json!({}), Some(&state), &done, &keys);
    assert!(matches!(again, Ok(Done::InputRequired(_))), "{again:?}");
    assert_eq!(
        text(round(&client, yes(), Some(&state), &done, &keys)),
        "deployed at Accept(Triage { severity: High })"
    );
    let one: Vec<String> = std::mem::take(&mut *keys.lock().unwrap());
    assert_eq!(one.len(), 4);
    assert!(one.iter().all(|key| key == &one[0]), "{one:?}");
    assert_eq!(one[0].len(), 64);
    assert!(one[0]
        .bytes()
        .all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f')));

    let state = confirming(&client, &done, &keys);
    round(&client, yes(), Some(&state), &done, &keys).unwrap();
    let another = keys.lock().unwrap().clone();
    assert_eq!(another.len(), 3);
    assert!(another.iter().all(|key| key == &another[0]));
    assert_ne!(another[0], one[0]);
}

/// A tool that asks one question and completes.
async fn one_question(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    Ok(ToolResult::Text(format!("{triage:?}")))
}

/// What the record of completed calls costs (RELIABILITY.md): 100,000
/// calls completed from a sealed state, the most a process remembers, then
/// one more, which completes while the thousand calls that expire first
/// are forgotten (a replay of the latest is still refused); the process's
/// resident memory before and after.
///
/// ```text
/// cargo test --release --features ask --test ask -- --ignored --nocapture completed_calls_resident_memory
/// ```
#[test]
#[ignore = "a measurement: run it alone, in a release build"]
fn completed_calls_resident_memory() {
    let client = Client::new(V0728, vec![]);
    let triage = json!({"triage": accept(json!({"severity": "low"}))});
    let Value::Object(triage) = triage else {
        unreachable!()
    };
    let states: Vec<String> = (0..100_001)
        .map(|_| match once(&client, Map::new(), None, one_question) {
            Ok(Done::InputRequired(result)) => result.request_state().unwrap().to_owned(),
            other => panic!("{other:?}"),
        })
        .collect();
    let before = resident_kb();
    for state in &states[..100_000] {
        text(once(&client, triage.clone(), Some(state), one_question));
    }
    let after = resident_kb();
    text(once(
        &client,
        triage.clone(),
        Some(&states[100_000]),
        one_question,
    ));
    let error = failed(once(&client, triage, Some(&states[99_999]), one_question));
    assert!(
        matches!(
            error,
            ElicitError::RequestState(RequestStateError::Completed)
        ),
        "{error:?}"
    );
    println!(
        "100,000 completed calls remembered: VmRSS {before} kB before, {after} kB after; the \
         next completes, the thousand expiring first forgotten"
    );
}
