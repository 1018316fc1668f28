//! A cancelled call never acts (issue 45): a cancellation before the
//! body's first question, while a question waits (the SDK's own wait, in
//! each adapter), or between an answer and the next question ends the
//! question with `ElicitError::Cancelled`, so that a body that `?`s it
//! does nothing, on every revision; an answer that comes with the
//! cancellation is not handed to the body. Through the fake SDK, whose
//! `Sdk::cancelled` says what the client did; rmcp's `notifications/cancelled`
//! and tasks are `tests/rmcp/cancel.rs` and `tests/rmcp/tasks.rs`.
//!
//! And a body that asks inside a call answered apart from it (a task run
//! through the SDK's plain tool call) is told so, naming the way that asks
//! through the task (`ElicitError::Detached`).

use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;

/// Two questions, `between` them what the client does, then the action.
async fn deploy(
    ask: Ask<Fake>,
    done: Arc<AtomicUsize>,
    before: impl Fn(),
    between: impl Fn(),
) -> Result<ToolResult, ElicitError> {
    before();
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    between();
    let impact = ask.form::<Impact>("impact", "Which services?").await?;
    done.fetch_add(1, Ordering::SeqCst);
    Ok(ToolResult::Text(format!("{triage:?} {impact:?}")))
}

fn answers() -> Vec<Value> {
    vec![accept(json!({"severity": "high"})), right_impact()]
}

/// What the client is sent, and the call's outcome, for a client that
/// does `before` the first question and `between` the two.
fn run(client: Client, before: bool, between: bool) -> (Outcome<ToolResult>, usize) {
    let done = Arc::new(AtomicUsize::new(0));
    let outcome = client.tool(|ask| {
        let (script, also) = (Arc::clone(&client.script), Arc::clone(&client.script));
        deploy(
            ask,
            Arc::clone(&done),
            move || {
                if before {
                    script.cancel();
                }
            },
            move || {
                if between {
                    also.cancel();
                }
            },
        )
    });
    (outcome, done.load(Ordering::SeqCst))
}

#[track_caller]
fn assert_cancelled(outcome: Outcome<ToolResult>) {
    let error = failed(outcome);
    assert!(matches!(error, ElicitError::Cancelled), "{error:?}");
    assert_eq!(
        wire(error),
        json!({"code": -32603,
               "message": "the request was cancelled before the server acted on an answer; nothing more was done",
               "data": null})
    );
}

#[test]
fn cancelled_before_the_first_question_nothing_is_asked() {
    for version in [V1125, V0728] {
        let client = Client::new(version, answers());
        let (outcome, done) = run(client, true, false);
        assert_cancelled(outcome);
        assert_eq!(done, 0, "{}", name(version));
    }
    // Nothing went to the client: no form, no round.
    let client = Client::new(V1125, answers());
    let script = Arc::clone(&client.script);
    let _ = run(client, true, false);
    assert!(script.seen().is_empty(), "{:?}", script.seen());
    assert_eq!(script.left(), 2);
}

#[test]
fn cancelled_between_an_answer_and_the_next_question_nothing_more_is_done() {
    for version in [V1125, V0728] {
        let client = Client::new(version, answers());
        let script = Arc::clone(&client.script);
        let (outcome, done) = run(client, false, true);
        assert_cancelled(outcome);
        assert_eq!(done, 0, "{}", name(version));
        // The first question was asked and answered; the second not.
        assert_eq!(script.seen().len(), 1, "{}", name(version));
    }
}

/// Before 2026-07-28: the answer that comes with the cancellation (the
/// client answered, then cancelled, before the body resumed) is dropped.
#[test]
fn an_answer_that_comes_with_the_cancellation_is_not_acted_on() {
    let client = Client::new(V1125, answers());
    client
        .script
        .cancel_with_answer
        .store(true, Ordering::SeqCst);
    let script = Arc::clone(&client.script);
    let (outcome, done) = run(client, false, false);
    assert_cancelled(outcome);
    assert_eq!(done, 0);
    assert_eq!(script.seen().len(), 1);
}

/// On 2026-07-28: a round that carries every answer, for a request the
/// client cancelled before the body reached its questions, does not act.
#[test]
fn a_cancelled_final_round_does_not_act() {
    // Uncancelled, the call acts once, in its third round.
    let client = Client::new(V0728, answers());
    let done = Arc::new(AtomicUsize::new(0));
    let outcome = client.tool(|ask| deploy(ask, Arc::clone(&done), || {}, || {}));
    assert!(text(outcome).ends_with(RIGHT_IMPACT));
    assert_eq!(done.load(Ordering::SeqCst), 1);
    // The same call again, its final round cancelled: nothing.
    let client = Client::new(V0728, answers());
    let script = Arc::clone(&client.script);
    let done = Arc::new(AtomicUsize::new(0));
    let outcome = client.tool(|ask| {
        let script = Arc::clone(&script);
        let done = Arc::clone(&done);
        async move {
            // The client cancels once the last round is on its way: after
            // both questions were asked once.
            if script.rounds().len() == 2 {
                script.cancel();
            }
            deploy(ask, done, || {}, || {}).await
        }
    });
    assert_cancelled(outcome);
    assert_eq!(done.load(Ordering::SeqCst), 0);
}

/// A body that asks inside its call after the call was answered apart
/// from it (a client that declared the tasks extension, its call answered
/// with a task that runs this body through the plain tool call) is told
/// so, on both eras, naming the way that asks through the task.
#[test]
fn a_body_asking_inside_a_call_answered_with_a_task_is_told_to_ask_through_it() {
    const DETACHED: &str = "the tool asked for input after its call was answered apart from it, \
         as a tool run as a task (SEP-2663) is; nothing more was done: a tool run as a task \
         asks through the task (the server's `tool_as_task`), not inside its call";
    for version in [V1125, V0728] {
        let mut client = Client::new(version, answers());
        client.tasks = true;
        let (outcome, done) = run(client, true, false);
        let error = failed(outcome);
        assert!(matches!(error, ElicitError::Detached), "{error:?}");
        assert_eq!(
            wire(error),
            json!({"code": -32603, "message": DETACHED, "data": null})
        );
        assert_eq!(done, 0, "{}", name(version));
    }
    // On 2026-07-28, a round that ends by asking after the call was
    // answered: the same.
    let mut client = Client::new(V0728, answers());
    client.tasks = true;
    let script = Arc::clone(&client.script);
    let outcome = client.tool(|ask| {
        let script = Arc::clone(&script);
        async move {
            let asked = ask.form::<Triage>("triage", "How bad is it?").await;
            script.cancel();
            asked?;
            Ok(ToolResult::Text("acted".to_owned()))
        }
    });
    let error = failed(outcome);
    assert!(matches!(error, ElicitError::Detached), "{error:?}");
    // A tasks client whose call was not answered apart is asked as any.
    let mut client = Client::new(V0728, answers());
    client.tasks = true;
    let done = Arc::new(AtomicUsize::new(0));
    let outcome = client.tool(|ask| deploy(ask, Arc::clone(&done), || {}, || {}));
    assert!(text(outcome).ends_with(RIGHT_IMPACT));
}
