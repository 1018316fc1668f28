//! The answers kept server-side (`RequestStateSeal::with_store`, feature
//! `store`), with the in-memory store: the state carries only a sealed
//! handle, a handle is taken once, answers of any size work, and a store
//! that fails fails the round.
//! The store contract (`enum_schema::ask::contract`) runs on the
//! in-memory store and on a store of one's own.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use enum_schema::ask::contract;
use enum_schema::ask::{AnswerStore, MemoryStore, StoreError, StoreFuture};

use super::*;

/// What the person types into the notes: it must never show in a state.
pub(super) const TYPED: &str = "the coffee machine in room 4 caught fire";

/// Notes (free text), then the triage: three rounds on 2026-07-28 (ask the
/// notes, ask the triage, the result). The side effect, counted in `done`,
/// comes after both questions.
pub(super) async fn report(
    ask: Ask<Fake>,
    done: Arc<AtomicUsize>,
) -> Result<ToolResult, ElicitError> {
    let notes = ask.form::<Notes>("notes", "What happened?").await?;
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    done.fetch_add(1, Ordering::SeqCst);
    Ok(ToolResult::Text(format!("{notes:?} {triage:?}")))
}

pub(super) fn notes(text: &str) -> Map<String, Value> {
    one("notes", accept(json!({ "text": text })))
}

pub(super) fn triage() -> Map<String, Value> {
    one("triage", accept(json!({"severity": "high"})))
}

pub(super) fn reported(text: &str) -> String {
    format!("Accept(Notes {{ text: {text:?} }}) Accept(Triage {{ severity: High }})")
}

/// The message of a replayed (or lost) handle, as a client reads it.
pub(super) const CONSUMED: &str = "requestState was already used, or the answers it stands \
     for are no longer held by the server; a requestState is accepted once: continue from the \
     response to the request that used it, or send the request again without requestState and \
     inputResponses, which asks the person again";

/// The message of a store that failed, as a client reads it.
pub(super) const STORE_DOWN: &str = "the server could not reach the store that keeps the \
     answers of earlier rounds (requestState); nothing was accepted, and those answers may be \
     gone: send the request again later without requestState and inputResponses";

pub(super) fn asked(outcome: Outcome<ToolResult>) -> InputRequiredResult {
    match outcome {
        Ok(Done::InputRequired(result)) => result,
        other => panic!("expected input_required, got {other:?}"),
    }
}

/// Asserts a state refused as already used: the variant, the detail, and
/// what the client receives.
pub(super) fn assert_consumed(outcome: Outcome<ToolResult>) {
    let error = failed(outcome);
    assert!(
        matches!(
            error,
            ElicitError::RequestState(RequestStateError::Consumed)
        ),
        "{error:?}"
    );
    assert_eq!(
        std::error::Error::source(&error).map(ToString::to_string),
        Some(
            "the store holds no answers under its handle: already taken by an earlier round \
             (a replay), expired, or lost"
                .to_owned()
        )
    );
    assert_eq!(
        wire(error),
        json!({"code": -32602, "message": CONSUMED, "data": {"requestState": "used"}})
    );
}

/// Asserts the replay of a round that completed its call, with a store
/// (issue 45): refused as `Completed`, with the same message and `data` as
/// without a store, so that a client does not start over an action taken.
pub(super) fn assert_completed(outcome: Outcome<ToolResult>) {
    let error = failed(outcome);
    assert!(
        matches!(
            error,
            ElicitError::RequestState(RequestStateError::Completed)
        ),
        "{error:?}"
    );
    assert_eq!(
        wire(error),
        json!({"code": -32602, "message": super::once::COMPLETED,
               "data": {"requestState": "completed"}})
    );
}

/// What a store holds once a call completed: the answers were taken, and
/// only the mark that the round that completed it did (`completed`, for
/// the time to live) is left behind, apart from the answers.
pub(super) fn assert_only_the_mark(store: &MemoryStore) {
    assert_eq!(store.len(), 0, "{store:?}");
    assert_eq!(store.bytes(), 0, "{store:?}");
    assert_eq!(store.marks(), 1, "{store:?}");
}

/// Asserts a round failed because the store did, with `detail` for the
/// logs.
pub(super) fn assert_store_down(outcome: Outcome<ToolResult>, detail: &str) {
    let error = failed(outcome);
    match &error {
        ElicitError::Store(store) => assert_eq!(store.message(), detail),
        other => panic!("expected a store error, got {other:?}"),
    }
    assert_eq!(
        std::error::Error::source(&error).map(ToString::to_string),
        Some(format!("the answer store failed: {detail}"))
    );
    assert_eq!(
        wire(error),
        json!({"code": -32603, "message": STORE_DOWN, "data": null})
    );
}

/// Asserts the payload of a state is a handle and nothing else, and that
/// nothing typed shows in it.
pub(super) fn assert_only_a_handle(state: &str, typed: &str) {
    let payload = peek(state);
    let handle = payload["handle"].as_str().expect("a handle").to_owned();
    assert_eq!(payload, json!({"v": 2, "exp": "EXP", "handle": handle}));
    assert_eq!(handle.len(), 32, "{handle}");
    assert!(
        handle
            .bytes()
            .all(|byte| byte.is_ascii_hexdigit() && !byte.is_ascii_uppercase()),
        "{handle}"
    );
    // The fake codec is hex of the payload: neither the text nor its hex.
    assert!(!state.contains(typed), "{state}");
    assert!(!state.contains(&hex(typed.as_bytes())), "{state}");
    assert!(state.len() < 200, "{}", state.len());
}

fn stored(store: impl AnswerStore) -> RequestStateSeal {
    RequestStateSeal::new(codec(KEY)).with_store(store)
}

/// One call of `report` on 2026-07-28 with `responses` and `state`.
fn once(
    client: &Client,
    responses: Map<String, Value>,
    state: Option<&str>,
    done: &Arc<AtomicUsize>,
) -> Outcome<ToolResult> {
    super::once(client, responses, state, |ask| {
        report(ask, Arc::clone(done))
    })
}

/// The state of the third round of `report` (notes answered), for
/// `client`.
fn third_round_state(client: &Client, done: &Arc<AtomicUsize>) -> String {
    let first = second_round_state(client, done);
    let second = asked(once(client, notes(TYPED), Some(&first), done));
    second.request_state().unwrap().to_owned()
}

/// The state of the second round of `report`: every round that asks seals
/// one, the first included, so that the answers come back with it; with a
/// store, a handle; without, the question asked and nothing answered yet.
fn second_round_state(client: &Client, done: &Arc<AtomicUsize>) -> String {
    let first = asked(once(client, Map::new(), None, done));
    let state = first
        .request_state()
        .expect("every round that asks seals a state")
        .to_owned();
    if client.seal.store().is_some() {
        assert_only_a_handle(&state, TYPED);
    } else {
        assert_eq!(
            peek(&state),
            json!({"v": 2, "exp": "EXP", "answers": {}, "questions": {"notes": "DIGEST"}})
        );
    }
    state
}

#[test]
fn three_rounds_keep_the_answers_in_the_store_and_the_state_carries_a_handle() {
    let store = MemoryStore::new();
    let answers = vec![
        accept(json!({ "text": TYPED })),
        accept(json!({"severity": "high"})),
    ];
    let client = Client::new(V0728, answers).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    assert_eq!(
        text(client.tool(|ask| report(ask, Arc::clone(&done)))),
        reported(TYPED)
    );
    assert_eq!(done.load(Ordering::SeqCst), 1);
    let rounds = client.script.rounds();
    assert_eq!(rounds.len(), 2, "{rounds:?}");
    // A handle from the first round on, a new one each round.
    let first = rounds[0]["requestState"].as_str().unwrap();
    let second = rounds[1]["requestState"].as_str().unwrap();
    assert_only_a_handle(first, TYPED);
    assert_only_a_handle(second, TYPED);
    assert_ne!(peek(first)["handle"], peek(second)["handle"]);
    // The final round took the answers: nothing but its mark is left.
    assert_only_the_mark(&store);
}

#[test]
fn a_replayed_final_round_is_refused_and_the_side_effect_runs_once() {
    let store = MemoryStore::new();
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    let state = third_round_state(&client, &done);
    assert_eq!(store.len(), 1);
    assert_eq!(
        text(once(&client, triage(), Some(&state), &done)),
        reported(TYPED)
    );
    assert_eq!(done.load(Ordering::SeqCst), 1);
    // The same final round again, as a replaying client (or proxy) sends
    // it: the call completed, and the client is told so (issue 45), not to
    // start it over.
    assert_completed(once(&client, triage(), Some(&state), &done));
    assert_completed(once(&client, Map::new(), Some(&state), &done));
    assert_eq!(done.load(Ordering::SeqCst), 1);
    assert_only_the_mark(&store);
}

/// With a store, answers count only with the state of the round that
/// asked for them: a client that sends every answer at once, without a
/// state, as often as it likes, never runs the side effect (found by a
/// hostile trial: each such call ran it). The same rule as without a
/// store: the answers are ignored, and the first question is asked.
#[test]
fn answers_without_a_state_answer_nothing_with_a_store_or_without() {
    let store = MemoryStore::new();
    let stored_client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let plain = Client::new(V0728, vec![]);
    let done = Arc::new(AtomicUsize::new(0));
    let mut everything = notes(TYPED);
    everything.extend(triage());
    for client in [&stored_client, &plain] {
        for _ in 0..3 {
            let first = asked(once(client, everything.clone(), None, &done));
            let keys: Vec<&str> = first.input_requests().map(|(key, _)| key).collect();
            assert_eq!(keys, ["notes"]);
        }
    }
    assert_eq!(done.load(Ordering::SeqCst), 0);
    // Nothing is sealed without a store, a bare handle with one.
    let first = asked(once(&plain, everything, None, &done));
    assert_eq!(
        peeked(&serde_json::to_value(&first).unwrap()),
        json!({"resultType": "input_required", "inputRequests": {"notes": {
                   "method": "elicitation/create",
                   "params": Notes::request("What happened?"),
               }},
               "requestState": {"v": 2, "exp": "EXP", "answers": {},
                                "questions": {"notes": "DIGEST"}}})
    );
}

#[test]
fn a_replayed_middle_round_is_refused_and_each_round_issues_a_new_handle() {
    async fn three(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
        let notes = ask.form::<Notes>("notes", "What happened?").await?;
        let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
        let answer = ask.form::<Answer>("answer", "Page someone?").await?;
        Ok(ToolResult::Text(format!("{notes:?} {triage:?} {answer:?}")))
    }
    let store = MemoryStore::new();
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let call = |responses, state: Option<&str>| {
        let ask = Ask::open(
            Arc::clone(&client.script),
            client.seal.clone(),
            client.request(responses, state),
        )?;
        block_on(ask.tool(three))
    };
    let first = asked(call(Map::new(), None));
    let first = first.request_state().unwrap().to_owned();
    let second = asked(call(notes(TYPED), Some(&first)));
    let second = second.request_state().unwrap().to_owned();
    let third = asked(call(triage(), Some(&second)));
    let third = third.request_state().unwrap().to_owned();
    assert_ne!(peek(&second)["handle"], peek(&third)["handle"]);
    assert_only_a_handle(&third, TYPED);
    // The second round's state was taken by the third round.
    assert_consumed(call(triage(), Some(&second)));
    assert_eq!(
        text(call(one("answer", accept(json!({"yes": true}))), Some(&third))),
        format!(
            "Accept(Notes {{ text: {TYPED:?} }}) Accept(Triage {{ severity: High }}) Accept(Answer {{ yes: true }})"
        )
    );
    // A round that only asked, sent again, was used: the call went on
    // from its response.
    assert_consumed(call(triage(), Some(&second)));
    assert_completed(call(
        one("answer", accept(json!({"yes": true}))),
        Some(&third),
    ));
    assert_only_the_mark(&store);
}

#[test]
fn a_megabyte_answer_works_with_a_store() {
    let megabyte = "T".repeat(1 << 20);
    let store = MemoryStore::new();
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    let first = second_round_state(&client, &done);
    let second = asked(once(&client, notes(&megabyte), Some(&first), &done));
    let state = second.request_state().unwrap();
    assert_only_a_handle(state, &megabyte[..64]);
    assert_eq!(
        text(once(&client, triage(), Some(state), &done)),
        reported(&megabyte)
    );
    assert_only_the_mark(&store);
}

#[test]
fn a_handle_sealed_for_another_request_is_refused_and_stays_for_its_own() {
    let store = MemoryStore::new();
    let mut client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    client.arguments = Some(one("ticket", json!(1)));
    let done = Arc::new(AtomicUsize::new(0));
    let state = third_round_state(&client, &done);

    let mut other = Client::new(V0728, vec![]).sealed_with(client.seal.clone());
    other.arguments = Some(one("ticket", json!(2)));
    let error = failed(once(&other, triage(), Some(&state), &done));
    assert!(
        matches!(
            error,
            ElicitError::RequestState(RequestStateError::OtherRequest)
        ),
        "{error:?}"
    );
    assert_eq!(
        wire(error),
        json!({"code": -32602, "message": REFUSED_STATE, "data": {"requestState": "invalid"}})
    );
    // Refused before the store was asked: the answers wait for their own
    // request.
    assert_eq!(store.len(), 1);
    assert_eq!(
        text(once(&client, triage(), Some(&state), &done)),
        reported(TYPED)
    );
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

#[test]
fn a_seal_with_a_store_refuses_sealed_answers_and_one_without_refuses_a_handle() {
    let done = Arc::new(AtomicUsize::new(0));
    let plain = Client::new(V0728, vec![]);
    let with_answers = third_round_state(&plain, &done);
    let with_store = Client::new(V0728, vec![]).sealed_with(stored(MemoryStore::new()));
    let with_handle = third_round_state(&with_store, &done);
    for (client, state) in [(&with_store, &with_answers), (&plain, &with_handle)] {
        let error = failed(once(client, triage(), Some(state), &done));
        assert!(
            matches!(
                error,
                ElicitError::RequestState(RequestStateError::Malformed)
            ),
            "{error:?}"
        );
        assert_eq!(
            std::error::Error::source(&error).map(ToString::to_string),
            Some("the payload is not a sealed set of answers".to_owned())
        );
    }
    assert_eq!(done.load(Ordering::SeqCst), 0);
}

#[test]
fn an_expired_handle_is_refused() {
    // Long enough for the first rounds on a busy machine, then waited out.
    let seal = stored(MemoryStore::new()).with_ttl(Duration::from_millis(500));
    let client = Client::new(V0728, vec![]).sealed_with(seal);
    let done = Arc::new(AtomicUsize::new(0));
    let state = third_round_state(&client, &done);
    std::thread::sleep(Duration::from_millis(1_100));
    let error = failed(once(&client, triage(), Some(&state), &done));
    assert!(
        matches!(error, ElicitError::RequestState(RequestStateError::Expired)),
        "{error:?}"
    );
    assert_eq!(done.load(Ordering::SeqCst), 0);
}

/// A store in front of a [`MemoryStore`] that can be switched off, as a
/// store that cannot be reached.
#[derive(Clone, Default)]
struct Switched {
    store: MemoryStore,
    down: Arc<AtomicBool>,
}

impl AnswerStore for Switched {
    fn put<'a>(&'a self, handle: &'a str, answers: Vec<u8>, ttl: Duration) -> StoreFuture<'a, ()> {
        if self.down.load(Ordering::SeqCst) {
            return Box::pin(std::future::ready(Err(StoreError::new(
                "connection refused",
            ))));
        }
        self.store.put(handle, answers, ttl)
    }

    fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        if self.down.load(Ordering::SeqCst) {
            return Box::pin(std::future::ready(Err(StoreError::new(
                "connection refused",
            ))));
        }
        self.store.take(handle)
    }
}

#[test]
fn a_store_that_fails_fails_the_round_and_accepts_nothing() {
    let store = Switched::default();
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    // The round that would store its first handle.
    store.down.store(true, Ordering::SeqCst);
    assert_store_down(once(&client, Map::new(), None, &done), "connection refused");
    store.down.store(false, Ordering::SeqCst);
    let first = second_round_state(&client, &done);
    let state = asked(once(&client, notes(TYPED), Some(&first), &done))
        .request_state()
        .unwrap()
        .to_owned();
    // The round that would take them.
    store.down.store(true, Ordering::SeqCst);
    assert_store_down(
        once(&client, triage(), Some(&state), &done),
        "connection refused",
    );
    assert_eq!(done.load(Ordering::SeqCst), 0);
    // Nothing was taken: once the store is back, the same round completes.
    store.down.store(false, Ordering::SeqCst);
    assert_eq!(
        text(once(&client, triage(), Some(&state), &done)),
        reported(TYPED)
    );
    assert_eq!(done.load(Ordering::SeqCst), 1);
}

/// The message of a store at its limits, as a client reads it.
const STORE_FULL: &str = "the server holds as many unfinished requests as it may, or these \
     answers are larger than it keeps; nothing was accepted: send the request again later \
     without requestState and inputResponses";

#[test]
fn a_full_store_fails_the_round_and_tells_the_client_to_come_back() {
    // Room for one request's answers: the second call finds it full.
    let store = MemoryStore::new().with_max_entries(1);
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    let first = asked(once(&client, Map::new(), None, &done));
    assert!(first.request_state().is_some());
    // What the first round stored: no answer yet, the question it asked.
    let held = json!({"v": 2, "exp": 1_000_000_000_000_u64, "call": "0".repeat(32),
                      "answers": {}, "questions": {"notes": "0".repeat(64)}});
    assert_eq!(held.to_string().len(), 171);
    let error = failed(once(&client, Map::new(), None, &done));
    match &error {
        ElicitError::Store(refused) => {
            assert!(refused.is_full(), "{refused:?}");
            assert_eq!(
                refused.message(),
                "the store is full: requests waiting 1 of at most 1, bytes held 171 (and 171 \
                 more asked) of at most 67108864"
            );
        }
        other => panic!("expected a full store, got {other:?}"),
    }
    assert_eq!(
        wire(error),
        json!({"code": -32603, "message": STORE_FULL, "data": null})
    );
    assert_eq!(store.len(), 1);
    assert_eq!(done.load(Ordering::SeqCst), 0);
}

/// The marks of completed calls never crowd out new calls (found by issue
/// 47's sweep: since 704a569 they counted against the answers' limit, and
/// a server that completed `max_entries` calls within a time to live
/// refused every new one as full). With room for two requests' answers,
/// fifty calls complete one after another, each through its three rounds;
/// the store keeps the two latest marks, and a replay of any of the fifty
/// is refused as completed (this process remembers them all; another
/// process that shares the store would refuse the older ones as used) and
/// never runs the side effect twice.
#[test]
fn completed_calls_never_fill_the_store() {
    let store = MemoryStore::new().with_max_entries(2);
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    let mut finals = Vec::new();
    for call in 1..=50 {
        let state = third_round_state(&client, &done);
        assert_eq!(
            text(once(&client, triage(), Some(&state), &done)),
            reported(TYPED)
        );
        assert_eq!(done.load(Ordering::SeqCst), call);
        assert_eq!(store.len(), 0, "{store:?}");
        assert_eq!(store.marks(), call.min(2), "{store:?}");
        finals.push(state);
    }
    for state in &finals {
        assert_completed(once(&client, triage(), Some(state), &done));
    }
    assert_eq!(done.load(Ordering::SeqCst), 50);
    // A full store of answers still keeps the marks apart: two calls wait
    // on their second round, and a third completes and is told so later.
    let waiting: Vec<String> = (0..2).map(|_| third_round_state(&client, &done)).collect();
    assert_eq!(store.len(), 2, "{store:?}");
    assert!(matches!(
        failed(once(&client, Map::new(), None, &done)),
        ElicitError::Store(full) if full.is_full()
    ));
    for state in &waiting {
        assert_eq!(
            text(once(&client, triage(), Some(state), &done)),
            reported(TYPED)
        );
        assert_completed(once(&client, triage(), Some(state), &done));
    }
    assert_eq!(store.len(), 0, "{store:?}");
    assert_eq!(store.marks(), 2, "{store:?}");
    assert_eq!(done.load(Ordering::SeqCst), 52);
}

/// A `MemoryStore` keeps the marks of completed calls (`HANDLE.completed`)
/// apart: they hold at most 64 bytes, take no room from the answers, and
/// at most `max_entries` are kept, the ones that expire first forgotten
/// (a hundredth of `max_entries` at a time).
#[test]
fn the_memory_store_keeps_marks_apart_and_forgets_the_oldest() {
    let store = MemoryStore::new().with_max_entries(200).with_max_bytes(10);
    let mark = |n: usize| format!("{n:032x}.completed");
    for n in 0..200 {
        // Later marks expire later.
        let ttl = Duration::from_secs(600 + n as u64);
        block_on(store.put(&mark(n), b"completed".to_vec(), ttl)).unwrap();
    }
    assert_eq!((store.len(), store.bytes(), store.marks()), (0, 0, 200));
    // The answers' limits are whole: ten bytes under one handle.
    block_on(store.put(
        &format!("{:032x}", 1),
        vec![b'a'; 10],
        Duration::from_secs(60),
    ))
    .unwrap();
    // One more mark: the two (200 / 100) that expire first are forgotten.
    block_on(store.put(&mark(200), b"completed".to_vec(), Duration::from_secs(900))).unwrap();
    assert_eq!(store.marks(), 199);
    assert_eq!(block_on(store.take(&mark(0))).unwrap(), None);
    assert_eq!(block_on(store.take(&mark(1))).unwrap(), None);
    assert_eq!(
        block_on(store.take(&mark(2))).unwrap(),
        Some(b"completed".to_vec())
    );
    let error =
        block_on(store.put(&mark(3), b"completed".to_vec(), Duration::from_secs(60))).unwrap_err();
    assert_eq!(error.message(), "the handle is already in use");
    let error =
        block_on(store.put(&mark(999), vec![b'x'; 65], Duration::from_secs(60))).unwrap_err();
    assert!(!error.is_full());
    assert_eq!(
        error.message(),
        "a completion mark holds at most 64 bytes, not 65"
    );
    // A key that only looks like a mark is an answer, within the limits.
    let error = block_on(store.put(
        "h.completed",
        b"completed".to_vec(),
        Duration::from_secs(60),
    ))
    .unwrap_err();
    assert!(error.is_full(), "{error:?}");
    assert_eq!(
        format!("{store:?}"),
        "MemoryStore { len: 1, marks: 198, max_entries: 200, max_bytes: 10 }"
    );
}

#[test]
fn the_memory_store_takes_once_and_refuses_a_handle_in_use() {
    let store = MemoryStore::new();
    let ttl = Duration::from_secs(60);
    block_on(store.put("h", b"one".to_vec(), ttl)).unwrap();
    let error = block_on(store.put("h", b"two".to_vec(), ttl)).unwrap_err();
    assert_eq!(error.message(), "the handle is already in use");
    assert_eq!(
        error.to_string(),
        "the answer store failed: the handle is already in use"
    );
    assert_eq!(
        format!("{store:?}"),
        "MemoryStore { len: 1, marks: 0, max_entries: 10000, max_bytes: 67108864 }"
    );
    assert_eq!(block_on(store.take("h")).unwrap(), Some(b"one".to_vec()));
    assert_eq!(block_on(store.take("h")).unwrap(), None);
    assert_eq!(block_on(store.take("never")).unwrap(), None);
    // Expired answers are not given back.
    block_on(store.put("e", b"gone".to_vec(), Duration::from_millis(1))).unwrap();
    std::thread::sleep(Duration::from_millis(1_100));
    assert!(store.is_empty());
    assert_eq!(block_on(store.take("e")).unwrap(), None);
}

#[test]
fn a_seal_with_a_store_says_so() {
    let seal = RequestStateSeal::new(codec(KEY));
    assert!(seal.store().is_none());
    assert!(stored(MemoryStore::new()).store().is_some());
}

/// The store contract (`enum_schema::ask::contract`) on the in-memory
/// store, its limits included.
#[test]
fn the_memory_store_keeps_the_store_contract() {
    let store = MemoryStore::new();
    block_on(contract::check_store(&store));
    let sleep = |wait| async move { std::thread::sleep(wait) };
    block_on(contract::answers_expire(
        &store,
        Duration::from_millis(50),
        sleep,
    ));
    // Two stores are two maps.
    block_on(contract::isolated(&store, &MemoryStore::new()));
    // The limits: the answers of one request, then the requests.
    let small = MemoryStore::new().with_max_bytes(1000);
    block_on(contract::refuses_answers_over(&small, 1000));
    block_on(contract::refuses_answers_over(
        &MemoryStore::new(),
        MemoryStore::DEFAULT_MAX_BYTES,
    ));
    let two = MemoryStore::new().with_max_entries(2);
    block_on(contract::refuses_requests_over(&two, 2));
    // Everything taken, but the answers left to expire.
    for store in [&store, &small, &two] {
        assert!(store.is_empty(), "{store:?}");
    }
}

/// The contract on a store of one's own (here in front of a
/// `MemoryStore`), and on the same store down.
#[test]
fn a_store_of_ones_own_keeps_the_store_contract() {
    let store = Switched::default();
    block_on(contract::check_store(&store));
    store.down.store(true, Ordering::SeqCst);
    block_on(contract::fails_when_unreachable(
        &store,
        Duration::from_secs(5),
    ));
}

/// With the default limits (64 MiB), a thousand unfinished requests of 3
/// MiB of answers each: the store keeps the 21 that fit and refuses the
/// others as full.
#[test]
fn a_flood_of_large_answers_stays_within_the_default_bytes() {
    let store = MemoryStore::new();
    let answers = vec![b'a'; 3 << 20];
    let mut accepted = 0;
    for index in 0..1_000 {
        let handle = format!("{index:032x}");
        match block_on(store.put(&handle, answers.clone(), Duration::from_secs(600))) {
            Ok(()) => accepted += 1,
            Err(error) => assert!(error.is_full(), "{error:?}"),
        }
    }
    assert_eq!(accepted, 21);
    assert_eq!(store.len(), 21);
    assert_eq!(store.bytes(), 21 * (3 << 20));
    assert!(store.bytes() <= store.max_bytes(), "{store:?}");
}

/// One call of `report` abandoned after its second round: the first round
/// asks for the notes, the second answers them with `text` and is asked
/// the triage, which is never answered. The second round's outcome.
fn abandoned(client: &Client, text: &str, done: &Arc<AtomicUsize>) -> Outcome<ToolResult> {
    let first = second_round_state(client, done);
    once(client, notes(text), Some(&first), done)
}

/// Abandoned calls through `Ask`, each leaving 64 KiB of notes in a store
/// of 1 MiB: the store keeps the calls that fit, within its limits after
/// every call, and a call past the limit fails its round with the store's
/// reply, taking back its first round's entry.
#[test]
fn abandoned_calls_with_large_answers_stay_within_the_store_limits() {
    let store = MemoryStore::new()
        .with_max_bytes(1 << 20)
        .with_max_entries(100);
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    let note = "T".repeat(64 << 10);
    // What each abandoned call leaves: its notes, and the digests of the
    // questions asked, the notes and the triage.
    let held = json!({"v": 2, "exp": 1_000_000_000_000_u64, "call": "0".repeat(32),
        "answers": {"notes": accept(json!({"text": note}))},
        "questions": {"notes": "0".repeat(64), "triage": "0".repeat(64)}});
    let held = held.to_string().len();
    assert_eq!(held, (64 << 10) + 296);
    let mut kept = 0;
    let mut refused = Vec::new();
    for _ in 0..40 {
        match abandoned(&client, &note, &done) {
            Ok(Done::InputRequired(_)) => kept += 1,
            outcome => refused.push(failed(outcome)),
        }
        assert!(store.len() <= store.max_entries(), "{store:?}");
        assert!(store.bytes() <= store.max_bytes(), "{store:?}");
    }
    assert_eq!(kept, 15);
    assert_eq!(refused.len(), 25);
    // Each refused round ended its call (the body ran): its mark is kept,
    // apart from the answers, so that a replay of it is told so.
    assert_eq!(store.len(), 15);
    assert_eq!(store.bytes(), 15 * held);
    assert_eq!(store.marks(), 25);
    for error in refused {
        match &error {
            ElicitError::Store(refused) => {
                assert!(refused.is_full(), "{refused:?}");
                assert_eq!(
                    refused.message(),
                    format!(
                        "the store is full: requests waiting 15 of at most 100, bytes held {} \
                         (and {held} more asked) of at most 1048576",
                        15 * held
                    )
                );
            }
            other => panic!("expected a full store, got {other:?}"),
        }
        assert_eq!(
            wire(error),
            json!({"code": -32603, "message": STORE_FULL, "data": null})
        );
    }
    assert_eq!(done.load(Ordering::SeqCst), 0);
}

/// RELIABILITY.md's memory under abandoned calls: 1,000 calls through
/// `Ask`, each abandoned after answering 3 MiB of notes, in a default
/// `MemoryStore`; prints the process's resident memory before and after.
/// Linux only (`/proc`); in a release build:
///
/// ```text
/// cargo test --release --features store --test ask -- --ignored --nocapture abandoned_calls_resident_memory
/// ```
#[test]
#[ignore = "a measurement: run it alone, in a release build"]
fn abandoned_calls_resident_memory() {
    let store = MemoryStore::new();
    let client = Client::new(V0728, vec![]).sealed_with(stored(store.clone()));
    let done = Arc::new(AtomicUsize::new(0));
    let note = "a".repeat(3 << 20);
    let before = resident_kb();
    let mut kept = 0;
    for _ in 0..1_000 {
        match abandoned(&client, &note, &done) {
            Ok(Done::InputRequired(_)) => kept += 1,
            outcome => assert!(
                matches!(failed(outcome), ElicitError::Store(error) if error.is_full()),
                "a full store"
            ),
        }
    }
    let after = resident_kb();
    assert_eq!(kept, 21);
    assert_eq!(store.len(), 21);
    assert!(store.bytes() <= store.max_bytes(), "{store:?}");
    println!(
        "1,000 abandoned calls of 3 MiB: {kept} kept ({} bytes), {} refused; VmRSS {before} kB \
         before, {after} kB after",
        store.bytes(),
        1_000 - kept
    );
}
