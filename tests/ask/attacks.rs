//! Attacks on the `Ask` core: on the decision written once, on "confirmed
//! once, done once" without a store, on asking through a task, and on the
//! payload reader. Each test is an attack a hostile client or a careless
//! tool would try, and asserts what the library does instead.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Barrier, Mutex};

use enum_schema::ask::adapter::InputChannel;
use enum_schema::schema::SingleSelectSchema;
use enum_schema::{Confirm, ElicitAction, Form};

use super::*;

// ---------------------------------------------------------------------------
// Helpers.

fn responses(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("responses are an object: {other}"),
    }
}

fn state_of(outcome: Outcome<ToolResult>) -> String {
    match outcome {
        Ok(Done::InputRequired(result)) => result.request_state().unwrap().to_owned(),
        other => panic!("expected input_required, got {other:?}"),
    }
}

/// The keys and messages an `input_required` round asks.
fn asks(outcome: &Outcome<ToolResult>) -> Option<Vec<(String, String)>> {
    match outcome {
        Ok(Done::InputRequired(result)) => Some(
            result
                .input_requests()
                .map(|(key, request)| {
                    let message = request
                        .as_elicitation()
                        .map(|params| params.message().to_owned())
                        .unwrap_or_default();
                    (key.to_owned(), message)
                })
                .collect(),
        ),
        _ => None,
    }
}

fn is_completed(outcome: &Outcome<ToolResult>) -> bool {
    matches!(
        outcome,
        Err(ElicitError::RequestState(RequestStateError::Completed))
    )
}

/// The state re-signed after `change` edited its payload: what anyone
/// holding the codec's key (leaked, or this test's fake one) can forge, and
/// what a state sealed by an older release looks like.
fn reseal(state: &str, change: impl FnOnce(&mut Map<String, Value>)) -> String {
    let bytes = unhex(state).unwrap();
    let mut payload: Value = serde_json::from_slice(&bytes[9..bytes.len() - 8]).unwrap();
    change(payload.as_object_mut().unwrap());
    let mut out = bytes[..9].to_vec();
    out.extend_from_slice(&serde_json::to_vec(&payload).unwrap());
    let sum = digest(&out, codec(KEY).secret);
    out.extend_from_slice(&sum.to_be_bytes());
    hex(&out)
}

fn yes() -> Value {
    accept(json!({"confirm": "yes"}))
}

/// A deploy: which severity, then a confirmation; each deployment counted
/// in `done`, each run's idempotency key in `keys`; after acting, `after`
/// decides how the body ends (an audit log that fails, say).
async fn deploy(
    ask: Ask<Fake>,
    done: &AtomicUsize,
    keys: &Mutex<Vec<String>>,
    after: &(dyn Fn() -> Result<(), ElicitError> + Sync),
) -> Result<ToolResult, ElicitError> {
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    let confirmed = ask
        .form::<Confirm>("confirm", "Deploy?")
        .await?
        .is_confirmed();
    if !confirmed {
        return Ok(ToolResult::Text("not deployed".to_owned()));
    }
    keys.lock().unwrap().push(ask.idempotency_key()?);
    done.fetch_add(1, Ordering::SeqCst);
    after()?;
    Ok(ToolResult::Text(format!("deployed at {triage:?}")))
}

fn fine() -> Result<(), ElicitError> {
    Ok(())
}

/// The first state, and the state of the round that asks the confirmation.
fn deploy_states(client: &Client) -> (String, String) {
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let body = |ask| deploy(ask, &done, &keys, &fine);
    let first = state_of(once(client, Map::new(), None, body));
    let triage = responses(json!({"triage": accept(json!({"severity": "high"}))}));
    let confirming = state_of(once(client, triage, Some(&first), body));
    (first, confirming)
}

// ---------------------------------------------------------------------------
// A. Confirmed once, done once.

/// A body that acts and then fails (an audit log, a notification:
/// `ElicitError::Handler` through `?`) still ends the call: the same final
/// round, sent again, is refused as `Completed`, not confirmed and done
/// twice. Only an asking round (`input_required`) releases its claim.
#[test]
fn a_body_that_fails_after_acting_is_not_run_again() {
    let client = Client::new(V0728, vec![]);
    let (done, again) = fail_after_acting_then_send_again(&client);
    assert_eq!(done, 1, "acted twice; then: {again:?}");
    assert!(is_completed(&again), "{again:?}");
}

/// The confirmed deploy's final round, answered by a body that acts and
/// then fails (`ElicitError::Handler`, as an audit log that cannot be
/// written gives through `?`), then the same round sent again: how many
/// times the body acted, and what the copy got.
fn fail_after_acting_then_send_again(client: &Client) -> (usize, Outcome<ToolResult>) {
    let (_, confirming) = deploy_states(client);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let audit_fails = || {
        Err(ElicitError::Handler(SdkError::new(
            "audit log unavailable",
            -32603,
            "audit log unavailable",
            None,
        )))
    };
    let body = |ask| deploy(ask, &done, &keys, &audit_fails);
    let confirmed = || responses(json!({"confirm": yes()}));
    let first = once(client, confirmed(), Some(&confirming), body);
    assert!(matches!(first, Err(ElicitError::Handler(_))), "{first:?}");
    let again = once(client, confirmed(), Some(&confirming), body);
    (done.load(Ordering::SeqCst), again)
}

/// A body that panics after acting ends the call as well: the claim is
/// dropped while unwinding, and the final round sent again is refused.
#[test]
fn a_body_that_panics_after_acting_is_not_run_again() {
    let client = Client::new(V0728, vec![]);
    let (_, confirming) = deploy_states(&client);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let panics = || -> Result<(), ElicitError> { panic!("bug after acting") };
    let run = || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            once(
                &client,
                responses(json!({"confirm": yes()})),
                Some(&confirming),
                |ask| deploy(ask, &done, &keys, &panics),
            )
        }))
    };
    assert!(run().is_err(), "the body panicked");
    let again = run();
    assert_eq!(
        done.load(Ordering::SeqCst),
        1,
        "acted twice; then: {again:?}"
    );
}

/// A state without the call's id (sealed by 0.1, before `call`) takes
/// the id from its own text: its final round acts once, and every replay
/// has the same idempotency key.
#[test]
fn a_final_round_without_a_call_id_acts_once() {
    let client = Client::new(V0728, vec![]);
    let (_, confirming) = deploy_states(&client);
    let old = reseal(&confirming, |payload| {
        payload.remove("call");
    });
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let outcomes: Vec<_> = (0..3)
        .map(|_| {
            once(
                &client,
                responses(json!({"confirm": yes()})),
                Some(&old),
                |ask| deploy(ask, &done, &keys, &fine),
            )
        })
        .collect();
    let keys = keys.lock().unwrap().clone();
    let acted = done.load(Ordering::SeqCst);
    let same_key = keys.iter().all(|key| key == &keys[0]);
    assert!(
        acted == 1 && same_key,
        "acted {acted} times, keys {keys:?}: {outcomes:?}"
    );
}

/// A fork of the chain after it completed (the state that asked the
/// severity, answered otherwise, with a "yes") is refused; so is the first
/// state answered again.
#[test]
fn a_fork_of_a_completed_call_is_refused() {
    let client = Client::new(V0728, vec![]);
    let (first, confirming) = deploy_states(&client);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let body = |ask| deploy(ask, &done, &keys, &fine);
    text(once(
        &client,
        responses(json!({"confirm": yes()})),
        Some(&confirming),
        body,
    ));
    let fork = responses(json!({"triage": accept(json!({"severity": "low"})), "confirm": yes()}));
    assert!(is_completed(&once(&client, fork, Some(&first), body)));
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

/// A fork before completion (the first state answered twice) makes
/// two chains of one call; only one of them completes.
#[test]
fn two_chains_of_one_call_complete_once() {
    let client = Client::new(V0728, vec![]);
    let (first, _) = deploy_states(&client);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let body = |ask| deploy(ask, &done, &keys, &fine);
    let low = responses(json!({"triage": accept(json!({"severity": "low"}))}));
    let high = responses(json!({"triage": accept(json!({"severity": "high"}))}));
    let a = state_of(once(&client, low, Some(&first), body));
    let b = state_of(once(&client, high, Some(&first), body));
    text(once(
        &client,
        responses(json!({"confirm": yes()})),
        Some(&a),
        body,
    ));
    assert!(is_completed(&once(
        &client,
        responses(json!({"confirm": yes()})),
        Some(&b),
        body
    )));
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

/// While a round of a call runs (here a replayed asking round, sent by a
/// retrying client or by anyone who saw the state), the call's honest
/// final round waits for it instead of being refused as `Completed`: the
/// person's confirmation is carried out once, and nobody is told a call
/// completed that did not.
#[test]
fn a_replayed_asking_round_does_not_make_the_final_round_completed() {
    let client = Client::new(V0728, vec![]);
    let (first, confirming) = deploy_states(&client);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let (entered, release) = (Barrier::new(2), Barrier::new(2));
    let outcome = std::thread::scope(|scope| {
        let replay = scope.spawn(|| {
            let triage = responses(json!({"triage": accept(json!({"severity": "high"}))}));
            once(&client, triage, Some(&first), |ask| {
                // The body runs: the round holds the call's claim.
                entered.wait();
                release.wait();
                deploy(ask, &done, &keys, &fine)
            })
        });
        entered.wait();
        // The final round waits while the replayed round holds the call.
        let last = scope.spawn(|| {
            once(
                &client,
                responses(json!({"confirm": yes()})),
                Some(&confirming),
                |ask| deploy(ask, &done, &keys, &fine),
            )
        });
        release.wait();
        replay.join().unwrap().ok();
        last.join().unwrap()
    });
    assert_eq!(done.load(Ordering::SeqCst), 1);
    assert!(
        !is_completed(&outcome),
        "told Completed, yet done = {}",
        done.load(Ordering::SeqCst)
    );
}

/// What an attacker needs to fill the process's record of completed calls.
async fn one_triage(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    Ok(ToolResult::Text(format!("{triage:?}")))
}

/// 100,000 calls completed within a time to live (two cheap requests
/// each; a decline completes a call as well) fill the record of completed
/// calls; an honest call on another tool still completes, because a full
/// record forgets the ended call that expires first (only calls still
/// running are never forgotten). Ignored: it fills a process-global
/// record (run alone: `cargo test --all-features --test ask -- --ignored
/// attacks::`).
#[test]
#[ignore = "fills the process-global record of completed calls: run alone"]
fn an_attacker_cannot_lock_honest_users_out() {
    let attacker = Client::new(V0728, vec![]);
    let triage = responses(json!({"triage": accept(json!({"severity": "low"}))}));
    for _ in 0..enum_schema_max_calls() {
        let state = state_of(once(&attacker, Map::new(), None, one_triage));
        text(once(&attacker, triage.clone(), Some(&state), one_triage));
    }
    // An honest person, on another tool with another seal.
    let mut honest = Client::new(V0728, vec![])
        .sealed_with(RequestStateSeal::new(codec(KEY)).with_ttl(Duration::from_secs(60)));
    honest.name = "other-tool";
    let state = state_of(once(&honest, Map::new(), None, one_triage));
    let outcome = once(&honest, triage, Some(&state), one_triage);
    assert!(
        matches!(outcome, Ok(Done::Complete(_))),
        "an honest call is refused: {outcome:?}"
    );
}

/// `completed::MAX_CALLS`, which is not public.
fn enum_schema_max_calls() -> usize {
    100_000
}

// ---------------------------------------------------------------------------
// B. Person-only questions.

/// A deploy whose confirmation is asked with `form_with::<Confirm>`
/// (`Confirm` is an `ElicitFormWith` with `()` options), naming the plan.
async fn deploy_with(ask: Ask<Fake>, plan: &Mutex<String>) -> Result<ToolResult, ElicitError> {
    let _ = ask.form::<Triage>("triage", "How bad is it?").await?;
    let plan = plan.lock().unwrap().clone();
    let confirmed = ask
        .form_with::<Confirm>("confirm", format!("Deploy {plan}?"), &())
        .await?
        .is_confirmed();
    Ok(ToolResult::Text(if confirmed {
        format!("deployed {plan}")
    } else {
        "not deployed".to_owned()
    }))
}

/// `Ask::form_with::<Confirm>` / `Question::form_with::<Confirm>` keep
/// `Confirm::PERSON_ONLY`: a "yes" to "Deploy billing?" does not count for
/// "Deploy billing, payments?" (the plan changed between the rounds); the
/// person is asked the new plan.
#[test]
fn a_confirm_asked_with_form_with_stays_person_only() {
    let client = Client::new(V0728, vec![]);
    let plan = Mutex::new("billing".to_owned());
    let body = |ask| deploy_with(ask, &plan);
    let first = state_of(once(&client, Map::new(), None, body));
    let triage = responses(json!({"triage": accept(json!({"severity": "high"}))}));
    let confirming = once(&client, triage, Some(&first), body);
    assert_eq!(
        asks(&confirming).unwrap(),
        [("confirm".to_owned(), "Deploy billing?".to_owned())]
    );
    let confirming = state_of(confirming);
    *plan.lock().unwrap() = "billing, payments".to_owned();
    let outcome = once(
        &client,
        responses(json!({"confirm": yes()})),
        Some(&confirming),
        body,
    );
    assert_eq!(
        asks(&outcome),
        Some(vec![(
            "confirm".to_owned(),
            "Deploy billing, payments?".to_owned()
        )]),
        "{outcome:?}"
    );
}

/// The same `Question::form_with::<Confirm>` ignores an argument and an
/// early answer: a person is asked.
#[test]
fn a_confirm_built_with_form_with_is_never_answered_by_the_model() {
    let mut client = Client::new(V0728, vec![]);
    client.arguments = Some(responses(json!({"confirm": {"confirm": "yes"}})));
    let body = |ask: Ask<Fake>| async move {
        let question = Question::form_with::<Confirm>("confirm", "Delete the repo?", &())
            .with_argument()
            .with_early_answer();
        let confirmed = ask.question(question).await?.is_confirmed();
        Ok(ToolResult::Text(format!("deleted: {confirmed}")))
    };
    let by_argument = once(&client, Map::new(), None, body);
    client.arguments = None;
    let early = once(&client, responses(json!({"confirm": yes()})), None, body);
    assert!(
        asks(&by_argument).is_some() && asks(&early).is_some(),
        "by the argument: {by_argument:?}; early: {early:?}"
    );
}

/// The `Confirm` docs' recipe for other titles ("Yes, deploy"): the select
/// built at run time, asked as a question only a person may answer
/// (`Question::fields(..).person_only()`): a "yes" to the old plan counts
/// for nothing once the plan changed. (Found: the recipe said to build the
/// form, not how to ask it; `ask.fields` asks a form like any other.)
#[test]
fn the_documented_custom_title_confirmation_is_person_only() {
    let client = Client::new(V0728, vec![]);
    let plan = Mutex::new("billing".to_owned());
    let select = SingleSelectSchema::new([("yes", "Yes, deploy"), ("no", "No")]).unwrap();
    let form = Form::new((("confirm", &select),));
    let body = |ask: Ask<Fake>| {
        let (plan, form) = (&plan, &form);
        async move {
            let plan = plan.lock().unwrap().clone();
            let question = Question::fields("confirm", form, format!("Deploy {plan}?"));
            let answer = ask.question(question.person_only()).await?;
            let yes = matches!(answer, ElicitAction::Accept((choice,)) if choice.value() == "yes");
            Ok(ToolResult::Text(format!("deployed {plan}: {yes}")))
        }
    };
    let asking = state_of(once(&client, Map::new(), None, body));
    *plan.lock().unwrap() = "billing, payments".to_owned();
    let outcome = once(
        &client,
        responses(json!({"confirm": yes()})),
        Some(&asking),
        body,
    );
    assert!(asks(&outcome).is_some(), "{outcome:?}");
}

/// A real `Confirm` (`Question::form`) ignores an argument and an
/// early answer, whatever the question says.
#[test]
fn a_confirm_ignores_arguments_and_early_answers() {
    let mut client = Client::new(V0728, vec![]);
    client.arguments = Some(responses(json!({"confirm": {"confirm": "yes"}})));
    let body = |ask: Ask<Fake>| async move {
        let question = Question::form::<Confirm>("confirm", "Delete the repo?")
            .with_argument()
            .with_early_answer();
        let confirmed = ask.question(question).await?.is_confirmed();
        Ok(ToolResult::Text(format!("deleted: {confirmed}")))
    };
    let outcome = once(&client, responses(json!({"confirm": yes()})), None, body);
    assert!(asks(&outcome).is_some(), "{outcome:?}");
}

// ---------------------------------------------------------------------------
// C. Questions that changed between rounds.

/// A select of environments by position (`"0"`, `"1"`, ..), as a list
/// read at each round; the body acts on the one chosen, by its title.
async fn pick_env(
    ask: Ask<Fake>,
    envs: &Mutex<Vec<&'static str>>,
) -> Result<ToolResult, ElicitError> {
    let envs = envs.lock().unwrap().clone();
    let options: Vec<(String, String)> = envs
        .iter()
        .enumerate()
        .map(|(index, env)| (index.to_string(), (*env).to_owned()))
        .collect();
    let select = SingleSelectSchema::new(options)
        .unwrap()
        .with_title("Environment");
    let form = Form::new((("env", &select),));
    let ElicitAction::Accept((env,)) = ask.fields("env", &form, "Wipe which environment?").await?
    else {
        return Ok(ToolResult::Text("nothing".to_owned()));
    };
    Ok(ToolResult::Text(format!(
        "wiped {}",
        env.title().unwrap_or(env.value())
    )))
}

/// By design, and documented: an answer to a changed question counts
/// while its value is still an option, whatever that value now stands
/// for. The person picked "0" = "staging"; the list gained "production" in
/// front; "0" is now "production". Option values name what they stand for
/// (a file's name, an id), never a position; an action confirms its
/// target with a person-only question (`Confirm`), which a change asks
/// again.
#[test]
fn an_answer_whose_option_now_means_something_else_counts_by_its_value() {
    let client = Client::new(V0728, vec![]);
    let envs = Mutex::new(vec!["staging", "dev"]);
    let body = |ask| pick_env(ask, &envs);
    let asking = state_of(once(&client, Map::new(), None, body));
    envs.lock().unwrap().insert(0, "production");
    let outcome = once(
        &client,
        responses(json!({"env": accept(json!({"env": "0"}))})),
        Some(&asking),
        body,
    );
    assert_eq!(text(outcome), "wiped production");
}

/// A select of the files of a folder that changes at every round.
async fn pick_file(ask: Ask<Fake>, folder: &Mutex<Vec<String>>) -> Result<ToolResult, ElicitError> {
    let files = folder.lock().unwrap().clone();
    let select = SingleSelectSchema::new(files).unwrap().with_title("File");
    let form = Form::new((("file", &select),));
    let answer = ask.fields("file", &form, "Which file?").await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

/// After a change to the options, a refused value that is not an option
/// counts as withdrawn (no attempt: the server cannot tell it never was
/// one, and the person most likely chose it when it was), but the same
/// refused answer twice still ends the call: a client that answers a value
/// that never was an option is not asked without end. (Found: it was,
/// while the options changed at every round.)
#[test]
fn a_value_that_never_was_an_option_is_not_asked_without_end() {
    let client = Client::new(V0728, vec![]);
    let folder = Mutex::new(vec!["a.txt".to_owned()]);
    let body = |ask| pick_file(ask, &folder);
    let mut state = state_of(once(&client, Map::new(), None, body));
    let garbage = || responses(json!({"file": accept(json!({"file": "never-there"}))}));
    let mut ended = false;
    let mut messages = Vec::new();
    for round in 0..6 {
        folder.lock().unwrap().push(format!("new-{round}.txt"));
        let outcome = once(&client, garbage(), Some(&state), body);
        match asks(&outcome) {
            Some(asked) => {
                messages.push(asked[0].1.clone());
                state = state_of(outcome);
            }
            None => {
                ended = true;
                break;
            }
        }
    }
    assert!(ended, "asked 6 times: {messages:#?}");
    assert_eq!(messages.len(), 1, "{messages:#?}");
}

// ---------------------------------------------------------------------------
// D. Asking through a task (`Ask::through`, rmcp's `tool_as_task`).

/// A task's channel: records every key it is asked under, and answers from
/// a script.
struct Channel {
    keys: Arc<Mutex<Vec<String>>>,
    answers: Mutex<VecDeque<Value>>,
}

impl InputChannel for Channel {
    fn request(
        &self,
        key: String,
        _: InputRequest,
    ) -> std::pin::Pin<Box<dyn Future<Output = Result<Value, ElicitError>> + Send + '_>> {
        self.keys.lock().unwrap().push(key);
        let answer = self.answers.lock().unwrap().pop_front().unwrap();
        Box::pin(std::future::ready(Ok(answer)))
    }
}

/// The key of a question asked again through a task is unique in the
/// task, even when `key#2` is another question's own key: rmcp's
/// `TaskContext::request_input` refuses a key used twice in one task.
#[test]
fn a_question_asked_again_through_a_task_gets_a_key_of_its_own() {
    let client = Client::new(V1125, vec![]);
    let keys = Arc::new(Mutex::new(Vec::new()));
    let channel = Channel {
        keys: Arc::clone(&keys),
        answers: Mutex::new(
            vec![
                accept(json!({"severity": "urgent"})),
                accept(json!({"severity": "high"})),
                accept(json!({"severity": "low"})),
            ]
            .into(),
        ),
    };
    let ask = Ask::<Fake>::open(
        Arc::clone(&client.script),
        client.seal.clone(),
        client.request(Map::new(), None),
    )
    .unwrap()
    .through(channel);
    let outcome = block_on(ask.tool(|ask| async move {
        let (a, b) = ask
            .all((
                Question::form::<Triage>("issue", "How bad is issue 1?"),
                Question::form::<Triage>("issue#2", "How bad is issue 2?"),
            ))
            .await?;
        Ok(ToolResult::Text(format!("{a:?} {b:?}")))
    }));
    text(outcome);
    let keys = keys.lock().unwrap().clone();
    let mut unique = keys.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), keys.len(), "one key twice: {keys:?}");
}

// ---------------------------------------------------------------------------
// E. The payload, with the key (leaked) or as an older release sealed it.

/// A forged answer under a key whose question digest the payload
/// does not carry (or carries for another question) answers nothing: the
/// question is asked.
#[test]
fn a_forged_answer_without_the_questions_digest_answers_nothing() {
    let client = Client::new(V0728, vec![]);
    let (done, keys) = (AtomicUsize::new(0), Mutex::new(Vec::new()));
    let body = |ask| deploy(ask, &done, &keys, &fine);
    let first = state_of(once(&client, Map::new(), None, body));
    let forged = reseal(&first, |payload| {
        payload.insert(
            "answers".to_owned(),
            json!({"triage": accept(json!({"severity": "high"})), "confirm": yes()}),
        );
        let digest = payload["questions"]["triage"].clone();
        payload.insert("questions".to_owned(), json!({"confirm": digest}));
    });
    let outcome = once(&client, Map::new(), Some(&forged), body);
    assert_eq!(
        asks(&outcome).unwrap(),
        [("triage".to_owned(), "How bad is it?".to_owned())]
    );
    assert_eq!(done.load(Ordering::SeqCst), 0);
}

/// A forged count past `u32` saturates and ends the call; a forged
/// `call` that is no id, or `null`, is refused as malformed.
#[test]
fn forged_counts_and_call_ids_do_not_panic() {
    let client = Client::new(V0728, vec![]);
    let first = client.first_state(one_triage);
    let huge = reseal(&first, |payload| {
        payload.insert("attempts".to_owned(), json!({"triage": u64::MAX}));
    });
    let wrong = responses(json!({"triage": accept(json!({"severity": "x"}))}));
    rejected(once(&client, wrong, Some(&huge), one_triage));
    for call in [json!(null), json!("ABC"), json!(7), json!("0".repeat(33))] {
        let forged = reseal(&first, |payload| {
            payload.insert("call".to_owned(), call.clone());
        });
        let error = failed(once(&client, Map::new(), Some(&forged), one_triage));
        assert!(
            matches!(
                error,
                ElicitError::RequestState(RequestStateError::Malformed)
            ),
            "{call}: {error:?}"
        );
    }
}

/// With an answer store, the round's handle is taken before the body
/// runs, so a body that fails after acting cannot be run again from the
/// same state; the store remembers that the round ended the call, so the
/// replay is told so (`Completed`, issue 45), as without a store.
#[cfg(feature = "store")]
#[test]
fn with_a_store_a_body_that_fails_after_acting_is_not_run_again() {
    use enum_schema::ask::MemoryStore;

    let client = Client::new(V0728, vec![])
        .sealed_with(RequestStateSeal::new(codec(KEY)).with_store(MemoryStore::new()));
    let (done, again) = fail_after_acting_then_send_again(&client);
    assert!(
        matches!(
            again,
            Err(ElicitError::RequestState(RequestStateError::Completed))
        ),
        "{again:?}"
    );
    assert_eq!(done, 1);
}
