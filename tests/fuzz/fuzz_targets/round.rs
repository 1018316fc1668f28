//! The server-side round reader of `enum_schema::ask`, driven as an SDK
//! adapter drives it (`Request` with `inputResponses` and `requestState`,
//! `Ask::open`, `Ask::tool`), on the sealed path (the answers in a
//! `requestState` sealed by `EncryptedCodec`) and on the store path
//! (`MemoryStore`, only a sealed single-use handle in the state).
//!
//! Input: `FLAGS RESPONSES \0 STATE`. `FLAGS`: bit 0 the store path, bits 1
//! and 2 the revision (2026-07-28, 2025-11-25, 2025-06-18, unknown), bits 3
//! and 4 the tool (three questions one by one, all in one round, one then
//! two), bit 5 a genuine state, bit 6 a round for other arguments than the
//! state was sealed for. `RESPONSES`: the `inputResponses` object (JSON
//! text), resent on every round. `STATE`: the `requestState` text; or, with
//! bit 5, one byte choosing which answers a real round of this execution
//! sealed into a genuine state, then edits of that state (4 bytes each:
//! kind, position, byte).
//!
//! Every round that asks again is followed (up to 4 rounds) by the retry a
//! client makes with the new state and the same responses. Besides never
//! panicking:
//!
//! - an answer `Ask` accepts is the one the form's own `parse_result`
//!   gives for the same answer (the sealed one, else the one sent), and a
//!   final refusal is the form's own error for it;
//! - every refusal is a typed `ElicitError` with its documented code
//!   (`-32602` for the client's mistakes and states, `-32600` for a form
//!   2025-06-18 cannot carry, the SDK's own for a missing answer before
//!   2026-07-28);
//! - a state opens only as it was sealed: an edited genuine state, or one
//!   presented for other arguments, is refused; an unedited one is
//!   accepted; what the codec opens is what was sealed under that text;
//! - on the store path a handle is taken once: the round replayed with
//!   the same state is refused as `Consumed`.
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Debug;
use std::future::Future;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use enum_schema::ask::{AnswerStore, Ask, ElicitError, EncryptedCodec, MemoryStore, Question, RequestStateError, RequestStateSeal, StoreFuture};
use enum_schema::ask::adapter::{Reply, Request, Sdk, SdkError, StateCodec};
use enum_schema::ask::adapter::{InputRequest, InputRequiredResult};
use enum_schema::{ElicitAction, ElicitForm, Error, ProtocolVersion};
use enum_schema_fuzz::{Everything, Impact, Triage};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Map, Value};

/// The sealing key: fixed, so that states sealed by the seed run open here.
const KEY: [u8; 32] = [0x5e; 32];
/// The tool's questions.
const KEYS: [&str; 3] = ["triage", "impact", "details"];
const REVISIONS: [Option<ProtocolVersion>; 4] = [
    Some(ProtocolVersion::V2026_07_28),
    Some(ProtocolVersion::V2025_11_25),
    Some(ProtocolVersion::V2025_06_18),
    None,
];
/// Rounds of one execution: the first and the client's retries.
const MAX_ROUNDS: usize = 4;
/// The code of the fake SDK's error for an `elicitation/create` that gets
/// no answer.
const TIMED_OUT: i32 = -32001;

fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(output) => output,
        Poll::Pending => panic!("the fuzz SDK's futures complete at once"),
    }
}

// ---------------------------------------------------------------------------
// The SDK: the responses answer `elicitation/create` before 2026-07-28.

enum Fuzz {}

struct Peer(Map<String, Value>);

#[derive(Debug)]
enum Out {
    Text(String),
    Rejected { code: i32 },
}

#[derive(Debug)]
enum Done {
    Complete(Out),
    InputRequired(InputRequiredResult),
}

impl Reply<Fuzz> for Out {
    type Response = Done;
    fn complete(self) -> Done {
        Done::Complete(self)
    }
    fn input_required(result: InputRequiredResult) -> Result<Done, ElicitError> {
        Ok(Done::InputRequired(result))
    }
}

impl Sdk for Fuzz {
    type Peer = Peer;
    type Error = ElicitError;
    type Tool = Out;
    type Prompt = Out;
    type Resource = Out;

    fn send(
        peer: &Peer,
        request: InputRequest,
        _: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        // A question asked again keeps its message as the first line.
        let message = request.as_elicitation().map_or("", |params| params.message());
        let key = KEYS.iter().find(|key| message.starts_with(**key));
        let answer = key
            .and_then(|key| peer.0.get(*key).cloned())
            .ok_or_else(|| {
                ElicitError::Service(SdkError::new(
                    json!({"code": TIMED_OUT, "message": "request timed out"}),
                    TIMED_OUT,
                    "request timed out",
                    None,
                ))
            });
        std::future::ready(answer)
    }

    fn tool_error(error: &ElicitError) -> Out {
        assert!(matches!(error, ElicitError::Invalid(_)), "{error:?}");
        Out::Rejected { code: error.code() }
    }

    fn error(error: ElicitError) -> ElicitError {
        error
    }
}

// ---------------------------------------------------------------------------
// The codec and the store, recording what they sealed and kept (this
// execution only).

thread_local! {
    /// Every state sealed, with its payload.
    static SEALED: RefCell<HashMap<String, Vec<u8>>> = RefCell::default();
    /// Every handle put in the store, with its answers.
    static PUT: RefCell<HashMap<String, Vec<u8>>> = RefCell::default();
    /// The payload of the last state the codec opened.
    static OPENED: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

struct Recording(EncryptedCodec);

impl StateCodec for Recording {
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError> {
        let text = self.0.seal(payload, binding)?;
        SEALED.with_borrow_mut(|sealed| sealed.insert(text.clone(), payload.to_vec()));
        Ok(text)
    }

    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError> {
        let payload = self.0.open(state, binding)?;
        OPENED.set(Some(payload.clone()));
        Ok(payload)
    }
}

struct Store(MemoryStore);

impl AnswerStore for Store {
    fn put<'a>(&'a self, handle: &'a str, answers: Vec<u8>, ttl: Duration) -> StoreFuture<'a, ()> {
        PUT.with_borrow_mut(|put| put.insert(handle.to_owned(), answers.clone()));
        self.0.put(handle, answers, ttl)
    }

    fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        self.0.take(handle)
    }
}

fn seal(store: bool) -> RequestStateSeal {
    // A year: seeds sealed before a long run still open.
    let seal = RequestStateSeal::new(Recording(EncryptedCodec::new(KEY)))
        .with_ttl(Duration::from_secs(365 * 86_400));
    if store {
        seal.with_store(Store(MemoryStore::new()))
    } else {
        seal
    }
}

// ---------------------------------------------------------------------------
// The tool, checking every answer it gets against the form's own checks.

/// The answer each question must be read from: the sealed one, else the
/// one sent (2026-07-28); the one sent (before).
struct Oracle {
    sources: Map<String, Value>,
}

impl Oracle {
    fn verdict<F: ElicitForm>(&self, key: &str) -> Option<Result<ElicitAction<F>, Error>> {
        self.sources
            .get(key)
            .map(|source| F::parse_result(source.clone()))
    }

    /// An accepted answer: the form accepts its source the same.
    fn accepted<F: ElicitForm + PartialEq + Debug>(&self, key: &str, action: &ElicitAction<F>) {
        match self.verdict::<F>(key) {
            Some(Ok(expected)) => assert_eq!(&expected, action, "{key}"),
            other => panic!("{key}: accepted {action:?}, the form says {other:?}"),
        }
    }

    /// One question's outcome, as the form's own checks have it.
    fn one<F: ElicitForm + PartialEq + Debug>(
        &self,
        key: &str,
        got: &Result<ElicitAction<F>, ElicitError>,
    ) {
        match got {
            Ok(action) => self.accepted(key, action),
            Err(ElicitError::Invalid(error)) => {
                let verdict = self.verdict::<F>(key);
                assert_eq!(verdict.and_then(Result::err).as_ref(), Some(error), "{key}");
            }
            Err(_) => {}
        }
    }

    /// A refusal in a round of several questions: one of them the form
    /// refuses so.
    fn some_refuses(&self, error: &Error) {
        let refusals = [
            self.verdict::<Triage>("triage").and_then(Result::err),
            self.verdict::<Impact>("impact").and_then(Result::err),
            self.verdict::<Everything>("details").and_then(Result::err),
        ];
        assert!(
            refusals
                .iter()
                .any(|refusal| refusal.as_ref() == Some(error)),
            "{error:?}"
        );
    }
}

async fn tool(ask: Ask<Fuzz>, shape: u8, oracle: &Oracle) -> Result<Out, ElicitError> {
    let triage = || Question::form::<Triage>("triage", "triage?");
    let impact = || Question::form::<Impact>("impact", "impact?");
    let details = || Question::form::<Everything>("details", "details?");
    match shape % 3 {
        0 => {
            let one = ask.form::<Triage>("triage", "triage?").await;
            oracle.one("triage", &one);
            let two = ask.form::<Impact>("impact", "impact?").await;
            oracle.one("impact", &two);
            let three = ask.form::<Everything>("details", "details?").await;
            oracle.one("details", &three);
            Ok(Out::Text(format!("{:?} {:?} {:?}", one?, two?, three?)))
        }
        1 => {
            let all = ask.all((triage(), impact(), details())).await;
            match &all {
                Ok((one, two, three)) => {
                    oracle.accepted("triage", one);
                    oracle.accepted("impact", two);
                    oracle.accepted("details", three);
                }
                Err(ElicitError::Invalid(error)) => oracle.some_refuses(error),
                Err(_) => {}
            }
            Ok(Out::Text(format!("{:?}", all?)))
        }
        _ => {
            let one = ask.form::<Triage>("triage", "triage?").await;
            oracle.one("triage", &one);
            let rest = ask.all((impact(), details())).await;
            match &rest {
                Ok((two, three)) => {
                    oracle.accepted("impact", two);
                    oracle.accepted("details", three);
                }
                Err(ElicitError::Invalid(error)) => oracle.some_refuses(error),
                Err(_) => {}
            }
            Ok(Out::Text(format!("{:?} {:?}", one?, rest?)))
        }
    }
}

// ---------------------------------------------------------------------------
// One round, as an SDK adapter runs it.

/// How a round ended: the state refused when opened, or the tool's response.
#[derive(Debug)]
enum Round {
    Refused(ElicitError),
    Ran(Result<Done, ElicitError>),
}

struct Call<'a> {
    seal: &'a RequestStateSeal,
    store: bool,
    version: Option<ProtocolVersion>,
    shape: u8,
    arguments: Option<&'a Map<String, Value>>,
    responses: &'a Map<String, Value>,
}

impl Call<'_> {
    fn round(&self, state: Option<&str>) -> Round {
        OPENED.set(None);
        let request = Request::new("tools/call", "incident")
            .with_arguments(self.arguments)
            .with_protocol_version(self.version.map(ProtocolVersion::as_str))
            .with_input_responses(self.responses.clone())
            .with_request_state(state);
        let ask = match Ask::<Fuzz>::open(Peer(self.responses.clone()), self.seal.clone(), request)
        {
            Ok(ask) => ask,
            Err(error) => return Round::Refused(error),
        };
        let sealed = match state {
            Some(text) => {
                let payload = OPENED
                    .take()
                    .expect("an accepted state went through the codec");
                // What the codec opens is what was sealed under that text
                // (a state of this execution; a seed's, sealed by another
                // process with the same key, is not recorded).
                if let Some(recorded) = SEALED.with_borrow(|sealed| sealed.get(text).cloned()) {
                    assert_eq!(recorded, payload, "{text}");
                }
                self.answers_of(&payload)
            }
            None => Map::new(),
        };
        let modern = self.version == Some(ProtocolVersion::V2026_07_28);
        let sources = KEYS
            .iter()
            .filter_map(|key| {
                let source = sealed
                    .get(*key)
                    .filter(|_| modern)
                    .or_else(|| self.responses.get(*key))?;
                Some(((*key).to_owned(), source.clone()))
            })
            .collect();
        let oracle = Oracle { sources };
        Round::Ran(block_on(
            ask.tool(|ask| async move { tool(ask, self.shape, &oracle).await }),
        ))
    }

    /// The answers an opened payload carries: in it, or in the store under
    /// its handle.
    fn answers_of(&self, payload: &[u8]) -> Map<String, Value> {
        let payload: Value = serde_json::from_slice(payload).expect("a sealed payload is JSON");
        let answers = if self.store {
            let handle = payload["handle"]
                .as_str()
                .expect("a store's state has a handle");
            match PUT.with_borrow(|put| put.get(handle).cloned()) {
                Some(answers) => serde_json::from_slice(&answers).expect("stored answers are JSON"),
                // Not put in this execution: the store has nothing under it.
                None => return Map::new(),
            }
        } else {
            payload
        };
        match &answers["answers"] {
            Value::Object(answers) => answers.clone(),
            other => panic!("sealed answers are an object: {other}"),
        }
    }
}

/// A refusal is a typed error with its documented code.
fn documented(error: &ElicitError, version: Option<ProtocolVersion>) {
    let _ = (error.to_string(), error.data());
    let code = match error {
        ElicitError::RequestState(_) => -32602,
        ElicitError::Version(_) => {
            assert_eq!(version, Some(ProtocolVersion::V2025_06_18), "{error:?}");
            -32600
        }
        ElicitError::StateTooLarge { .. } => -32603,
        ElicitError::Service(sdk) if sdk.code() == TIMED_OUT => {
            assert_ne!(version, Some(ProtocolVersion::V2026_07_28), "{error:?}");
            TIMED_OUT
        }
        other => panic!("an undocumented refusal: {other:?}"),
    };
    assert_eq!(error.code(), code, "{error:?}");
}

/// The answers a real round seals into a genuine state.
fn genuine_answers(which: u8) -> Map<String, Value> {
    let high = json!({"action": "accept", "content": {"severity": "high"}});
    let impact = json!({"action": "accept", "content": {"zones": ["EU_WEST", "us-east"], "note": "db", "replicas": 3}});
    let answers = match which % 4 {
        0 => json!({"triage": high}),
        1 => json!({"triage": high, "impact": impact}),
        // Asked again: an attempt sealed, no answer.
        2 => json!({"triage": {"action": "accept", "content": {"severity": "urgent"}}}),
        _ => {
            json!({"triage": {"action": "decline"}, "impact": {"action": "accept", "content": {"zones": []}}})
        }
    };
    match answers {
        Value::Object(answers) => answers,
        _ => unreachable!(),
    }
}

/// A state sealed by a real first round of the tool (2026-07-28, no
/// arguments) that answered `genuine_answers(which)`.
fn genuine_state(seal: &RequestStateSeal, store: bool, shape: u8, which: u8) -> String {
    // The state the round with `responses` and `state` asks with.
    let asking = |responses: &Map<String, Value>, state: Option<&str>| {
        let call = Call {
            seal,
            store,
            version: REVISIONS[0],
            shape,
            arguments: None,
            responses,
        };
        match call.round(state) {
            Round::Ran(Ok(Done::InputRequired(result))) => {
                result.request_state().map(str::to_owned)
            }
            other => panic!("a first round asks: {other:?}"),
        }
    };
    // Answers count only with the state of the round that asked them: a
    // first round without them issues it (with a store, a handle).
    let first = asking(&Map::new(), None).expect("every round that asks seals a state");
    asking(&genuine_answers(which), Some(&first)).expect("every round that asks seals a state")
}

/// `text` with the edits of `edits` (4 bytes each: kind, position, byte).
fn edit(text: &str, edits: &[u8]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for chunk in edits.chunks(4) {
        let mut op = [0u8; 4];
        op[..chunk.len()].copy_from_slice(chunk);
        let [kind, high, low, byte] = op;
        let at = usize::from(u16::from_be_bytes([high, low])) % (bytes.len() + 1);
        match kind % 4 {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            3 => bytes.truncate(at),
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn run(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let store = flags & 1 != 0;
    let version = REVISIONS[usize::from((flags >> 1) & 3)];
    let shape = (flags >> 3) & 3;
    let genuine = flags & 0x20 != 0;
    let other_request = flags & 0x40 != 0;
    let (responses, state) = match rest.iter().position(|&byte| byte == 0) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    let responses = match serde_json::from_slice::<Value>(responses) {
        Ok(Value::Object(responses)) => responses,
        _ if responses.is_empty() => Map::new(),
        // An SDK refuses `inputResponses` that are not an object.
        _ => return,
    };
    SEALED.with_borrow_mut(HashMap::clear);
    PUT.with_borrow_mut(HashMap::clear);

    let seal = seal(store);
    let arguments = other_request.then(|| {
        let mut arguments = Map::new();
        arguments.insert("service".to_owned(), json!("login"));
        arguments
    });
    let call = Call {
        seal: &seal,
        store,
        version,
        shape,
        arguments: arguments.as_ref(),
        responses: &responses,
    };
    let (mut state, mut sealed_for) = if genuine {
        let (which, edits) = state.split_first().unwrap_or((&0, &[]));
        let original = genuine_state(&seal, store, shape, *which);
        let edited = edit(&original, edits);
        // The original is for this request only without arguments.
        let genuine = (edited == original && !other_request).then_some(original);
        (Some(edited), genuine)
    } else {
        let text = std::str::from_utf8(state)
            .ok()
            .filter(|text| !text.is_empty());
        (text.map(str::to_owned), None)
    };

    for _ in 0..MAX_ROUNDS {
        let outcome = call.round(state.as_deref());
        let opened = !matches!(outcome, Round::Refused(_));
        if state.is_some() {
            if genuine && sealed_for.is_none() {
                assert!(!opened, "an edited or moved state opened: {outcome:?}");
            }
            if sealed_for.is_some() {
                assert!(opened, "a genuine state was refused: {outcome:?}");
            }
        }
        let outcome = match outcome {
            Round::Refused(error) => {
                assert!(matches!(error, ElicitError::RequestState(_)), "{error:?}");
                documented(&error, version);
                return;
            }
            Round::Ran(outcome) => outcome,
        };
        let taken = !matches!(outcome, Err(ElicitError::RequestState(_)));
        if sealed_for.is_some() {
            assert!(
                taken,
                "a genuine state's answers were not taken: {outcome:?}"
            );
        }
        // A handle is taken once: the same round again is refused, as
        // used if the round only asked, as completed if it ended the call
        // (issue 45: the store remembers it).
        if store && taken {
            let asked = matches!(outcome, Err(ElicitError::InputRequired(_)));
            if let Some(text) = &state {
                match (call.round(Some(text)), asked) {
                    (Round::Ran(Err(ElicitError::RequestState(RequestStateError::Consumed))), true)
                    | (Round::Ran(Err(ElicitError::RequestState(RequestStateError::Completed))), false) => {}
                    (other, _) => panic!("a handle was accepted twice, or refused for the wrong reason: {other:?}"),
                }
            }
        }
        match outcome {
            Ok(Done::Complete(Out::Text(text))) => {
                assert!(!text.is_empty());
                return;
            }
            Ok(Done::Complete(Out::Rejected { code })) => {
                assert_eq!(code, -32602);
                return;
            }
            Ok(Done::InputRequired(result)) => {
                assert_eq!(version, Some(ProtocolVersion::V2026_07_28));
                for (key, _) in result.input_requests() {
                    assert!(KEYS.contains(&key), "{key}");
                }
                let Some(next) = result.request_state() else {
                    return; // nothing answered yet: the client asks the person
                };
                // The client's retry: the new state, the same responses.
                state = Some(next.to_owned());
                sealed_for = state.clone();
            }
            Err(error) => {
                documented(&error, version);
                return;
            }
        }
    }
}

/// With `ROUND_SEEDS=DIR`: writes seeds into DIR and exits. Genuine states
/// of every path, revision and tool, with the answers of the next rounds;
/// and, raw, states sealed here (the key is fixed, so they open in the
/// fuzzing process too).
fn seeds() {
    let Some(dir) = std::env::var_os("ROUND_SEEDS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("the seed directory");
    let everything = json!({"action": "accept", "content": {
        "zone": "EU_WEST", "zones": ["TOKYO"], "name": "Ada", "agreed": true, "replicas": 2,
        "email": "ada@example.com", "cpu": 0.5, "sizes": ["small"]
    }});
    let full = json!({
        "triage": {"action": "accept", "content": {"severity": "high"}},
        "impact": {"action": "accept", "content": {"zones": ["EU_WEST", "us-east"], "note": "db", "replicas": 3}},
        "details": everything,
    });
    let wrong = json!({
        "triage": {"action": "accept", "content": {"severity": "High"}},
        "impact": {"action": "accept", "content": {"zones": ["EU_WEST", "EU_WEST"]}},
        "details": {"action": "cancel"},
    });
    let mut count = 0;
    let mut write = |bytes: Vec<u8>| {
        count += 1;
        std::fs::write(dir.join(format!("seed-{count:04}")), bytes).expect("a seed");
    };
    for flags in 0..0x20u8 {
        for responses in [&full, &wrong, &json!({})] {
            let responses = responses.to_string();
            for which in 0..4u8 {
                let mut genuine = vec![flags | 0x20];
                genuine.extend_from_slice(responses.as_bytes());
                genuine.push(0);
                genuine.push(which);
                write(genuine.clone());
                // One edit in the middle of the state.
                genuine.extend_from_slice(&[0, 0, 64, b'A']);
                write(genuine);
            }
            let mut raw = vec![flags];
            raw.extend_from_slice(responses.as_bytes());
            if flags & 1 == 0 {
                let seal = seal(false);
                raw.push(0);
                raw.extend_from_slice(genuine_state(&seal, false, flags >> 3, 1).as_bytes());
            }
            write(raw);
        }
    }
    eprintln!("round: {count} seeds in {}", dir.display());
    std::process::exit(0);
}

fuzz_target!(init: seeds(), |data: &[u8]| run(data));
