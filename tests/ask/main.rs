//! The elicitation core (`enum_schema::ask`), tested once through a small
//! fake SDK written here: a fake codec (a key byte, a digest of the binding
//! and a keyed checksum, hex-encoded), a scripted client that answers
//! `elicitation/create` before 2026-07-28 and the `input_required` rounds
//! on it, and result types that record the `Outcome`. Every revision the
//! core distinguishes (2025-06-18, 2025-11-25, 2026-07-28 and an unknown
//! one) is driven through the same tool code: `rounds` asks as a server
//! does, `hostile` answers as a malicious or buggy client would, and
//! `attacks` replays, races and forges as an attacker on a call would.

mod arguments;
mod attacks;
mod bound;
mod cancelled;
mod choice;
#[cfg(feature = "store")]
mod contract;
#[cfg(feature = "encrypt")]
mod encrypted;
mod hostile;
mod inputs;
mod messages;
mod narrowing;
mod once;
mod progress;
mod reasons;
#[cfg(feature = "redis")]
mod redis;
#[cfg(feature = "redis")]
#[path = "../common/redis_server.rs"]
mod redis_server;
mod rounds;
#[cfg(feature = "store")]
mod stored;

use std::collections::VecDeque;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use enum_schema::ask::adapter::{
    InputRequest, InputRequiredResult, Reply, Request, Sdk, SdkError, StateCodec,
};
use enum_schema::ask::{Ask, ElicitError, Question, RequestStateError, RequestStateSeal};
use enum_schema::{ElicitEnum, ElicitForm, ProtocolVersion, VersionError};
use serde_json::{json, Map, Value};

// ---------------------------------------------------------------------------
// The executor: the fake SDK's futures complete at once, but a round that
// waits for another round of its call, which parks the thread.

fn block_on<F: Future>(future: F) -> F::Output {
    /// Wakes the thread that waits.
    struct Unpark(std::thread::Thread);

    impl std::task::Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }

    let mut future = std::pin::pin!(future);
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut context = Context::from_waker(&waker);
    loop {
        match future.as_mut().poll(&mut context) {
            Poll::Ready(output) => return output,
            // Only a round of a call another round of which runs waits
            // (`once.rs`, `attacks.rs`); the rest complete at once.
            Poll::Pending => std::thread::park(),
        }
    }
}

// ---------------------------------------------------------------------------
// The fake SDK.

enum Fake {}

/// The fake codec: `hex(key id || digest(binding) || payload || checksum)`,
/// the checksum keyed with the secret.
struct Codec {
    id: u8,
    secret: u64,
}

fn codec(id: u8) -> Codec {
    Codec {
        id,
        secret: 0x5eed_0000_0000_0000 | u64::from(id),
    }
}

/// FNV-1a, seeded.
fn digest(data: &[u8], seed: u64) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ seed;
    for byte in data {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|index| u8::from_str_radix(&text[index..index + 2], 16).ok())
        .collect()
}

/// The length of the key id, the binding digest and the checksum.
const FRAME: usize = 1 + 8 + 8;

/// The payload of a state sealed by [`Codec`], unverified: what the client
/// can read of it, with its expiry as `"EXP"`, the call's id checked (see
/// [`is_call_id`]) and left out, and each digest (of a question, or of a
/// refused answer), checked to be one (see [`is_digest`]), as `"DIGEST"`; [`digests`] reads the questions' digests
/// themselves.
fn peek(state: &str) -> Value {
    let mut payload = opened(state);
    assert!(payload["exp"].is_u64(), "{payload}");
    payload["exp"] = json!("EXP");
    // The call's id (none in a store's handle payload): checked here,
    // compared across rounds in `calls`.
    if let Some(call) = payload
        .as_object_mut()
        .and_then(|payload| payload.remove("call"))
    {
        assert!(is_call_id(&call), "{call}");
    }
    for digests in ["questions", "refused"] {
        if let Some(Value::Object(digests)) = payload.get_mut(digests) {
            for digest in digests.values_mut() {
                assert!(is_digest(digest), "{digest}");
                *digest = json!("DIGEST");
            }
        }
    }
    payload
}

/// The payload of a state sealed by [`Codec`], as it was sealed.
fn opened(state: &str) -> Value {
    let bytes = unhex(state).unwrap();
    serde_json::from_slice(&bytes[9..bytes.len() - 8]).unwrap()
}

/// The digest of each question a state records, by key.
fn digests(state: &str) -> Map<String, Value> {
    match opened(state).get("questions") {
        Some(Value::Object(questions)) => questions.clone(),
        other => panic!("a state records its questions: {other:?}"),
    }
}

/// Whether `value` is a call's id as a state records it: 128 bits in hex,
/// 32 lowercase digits.
fn is_call_id(value: &Value) -> bool {
    value.as_str().is_some_and(|id| {
        id.len() == 32
            && id
                .bytes()
                .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
    })
}

/// Whether `value` is a question's digest as a state records it: SHA-256
/// in hex, 64 lowercase digits.
fn is_digest(value: &Value) -> bool {
    value.as_str().is_some_and(|digest| {
        digest.len() == 64
            && digest
                .bytes()
                .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
    })
}

/// An `input_required` result as JSON, its `requestState` replaced by what
/// [`peek`] reads of it (so that the whole round can be compared exactly).
fn peeked(round: &Value) -> Value {
    let mut round = round.clone();
    let state = round["requestState"]
        .as_str()
        .expect("every round that asks seals a state")
        .to_owned();
    round["requestState"] = peek(&state);
    round
}

/// The scripted client: the answers it gives, in order, and every request
/// it got (`message` and `requestedSchema`), on every revision.
#[derive(Default)]
struct Script {
    answers: Mutex<VecDeque<Value>>,
    seen: Mutex<Vec<Value>>,
    /// Every `input_required` result (2026-07-28), as JSON.
    rounds: Mutex<Vec<Value>>,
    /// Whether the call was cancelled (`Sdk::cancelled`), and whether the
    /// next answer comes with its cancellation (`cancelled.rs`).
    cancelled: std::sync::atomic::AtomicBool,
    cancel_with_answer: std::sync::atomic::AtomicBool,
}

impl Script {
    fn with(answers: Vec<Value>) -> Arc<Script> {
        let script = Script::default();
        *script.answers.lock().unwrap() = answers.into();
        Arc::new(script)
    }

    /// Records a request and gives the next answer.
    /// A form is recorded as its params, any other request as itself.
    fn answer(&self, request: &InputRequest) -> Option<Value> {
        let seen = match request.as_elicitation() {
            Some(params) => serde_json::to_value(params).unwrap(),
            None => serde_json::to_value(request).unwrap(),
        };
        self.seen.lock().unwrap().push(seen);
        if self
            .cancel_with_answer
            .swap(false, std::sync::atomic::Ordering::SeqCst)
        {
            self.cancel();
        }
        self.answers.lock().unwrap().pop_front()
    }

    /// The client cancels the call (`notifications/cancelled`).
    fn cancel(&self) {
        self.cancelled
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    fn seen(&self) -> Vec<Value> {
        self.seen.lock().unwrap().clone()
    }

    fn rounds(&self) -> Vec<Value> {
        self.rounds.lock().unwrap().clone()
    }

    fn left(&self) -> usize {
        self.answers.lock().unwrap().len()
    }
}

/// How a handler answered: its result, or the `input_required` result
/// that asks the client (MCP 2026-07-28).
#[derive(Debug)]
enum Done<R> {
    Complete(R),
    InputRequired(InputRequiredResult),
}

/// A handler's response, or the fake SDK's JSON-RPC error (the
/// `ElicitError` itself, so that its variant can be checked; [`wire`] is
/// what a client would read).
type Outcome<R> = Result<Done<R>, ElicitError>;

/// A tool's result: the body's text, or the error result of a rejected
/// answer (`isError: true`), as [`Sdk::tool_error`] builds it.
#[derive(Debug)]
enum ToolResult {
    Text(String),
    Rejected(Rejection),
}

#[derive(Debug)]
struct Rejection {
    /// Whether the error was `ElicitError::Invalid`.
    invalid: bool,
    code: i32,
    /// The result's text.
    text: String,
    /// Its `structuredContent`.
    data: Option<Value>,
}

#[derive(Debug)]
struct PromptResult(String);
#[derive(Debug)]
struct ResourceResult(String);

impl Reply<Fake> for ToolResult {
    type Response = Done<ToolResult>;
    fn complete(self) -> Done<ToolResult> {
        Done::Complete(self)
    }
    fn input_required(result: InputRequiredResult) -> Result<Done<ToolResult>, ElicitError> {
        Ok(Done::InputRequired(result))
    }
}

impl Reply<Fake> for PromptResult {
    type Response = Done<PromptResult>;
    fn complete(self) -> Done<PromptResult> {
        Done::Complete(self)
    }
    fn input_required(result: InputRequiredResult) -> Result<Done<PromptResult>, ElicitError> {
        Ok(Done::InputRequired(result))
    }
}

impl Reply<Fake> for ResourceResult {
    type Response = Done<ResourceResult>;
    fn complete(self) -> Done<ResourceResult> {
        Done::Complete(self)
    }
    fn input_required(result: InputRequiredResult) -> Result<Done<ResourceResult>, ElicitError> {
        Ok(Done::InputRequired(result))
    }
}

impl StateCodec for Codec {
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError> {
        let mut bytes = vec![self.id];
        bytes.extend_from_slice(&digest(binding, 0).to_be_bytes());
        bytes.extend_from_slice(payload);
        let sum = digest(&bytes, self.secret);
        bytes.extend_from_slice(&sum.to_be_bytes());
        Ok(hex(&bytes))
    }

    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError> {
        let bytes = unhex(state)
            .filter(|bytes| bytes.len() >= FRAME)
            .ok_or(RequestStateError::Unverified("not a state".into()))?;
        if bytes[0] != self.id {
            return Err(RequestStateError::Unverified("another key".into()));
        }
        let (signed, sum) = bytes.split_at(bytes.len() - 8);
        if digest(signed, self.secret).to_be_bytes() != sum {
            return Err(RequestStateError::Unverified("altered".into()));
        }
        if signed[1..9] != digest(binding, 0).to_be_bytes() {
            return Err(RequestStateError::OtherRequest);
        }
        Ok(signed[9..].to_vec())
    }
}

impl Sdk for Fake {
    type Peer = Arc<Script>;
    /// The error itself: [`wire`] makes the JSON-RPC error object.
    type Error = ElicitError;
    type Tool = ToolResult;
    type Prompt = PromptResult;
    type Resource = ResourceResult;

    fn send(
        peer: &Arc<Script>,
        request: InputRequest,
        _: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        let answer = peer.answer(&request).ok_or_else(|| {
            ElicitError::Service(SdkError::new(
                json!({"code": -32001, "message": "request timed out"}),
                -32001,
                "request timed out",
                None,
            ))
        });
        std::future::ready(answer)
    }

    fn cancelled(peer: &Arc<Script>) -> bool {
        peer.cancelled.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn tool_error(error: &ElicitError) -> ToolResult {
        ToolResult::Rejected(Rejection {
            invalid: matches!(error, ElicitError::Invalid(_)),
            code: error.code(),
            text: error.to_string(),
            data: error.data(),
        })
    }

    fn error(error: ElicitError) -> ElicitError {
        error
    }
}

// ---------------------------------------------------------------------------
// The client, driving the rounds.

const V0618: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_06_18);
const V1125: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_11_25);
const V0728: Option<ProtocolVersion> = Some(ProtocolVersion::V2026_07_28);
const REVISIONS: [Option<ProtocolVersion>; 4] = [V0618, V1125, V0728, None];

fn name(version: Option<ProtocolVersion>) -> &'static str {
    version.map_or("unknown", ProtocolVersion::as_str)
}

const KEY: u8 = 7;

struct Client {
    version: Option<ProtocolVersion>,
    form: bool,
    sampling: bool,
    roots: bool,
    /// Whether the client declares the tasks extension (SEP-2663).
    tasks: bool,
    seal: RequestStateSeal,
    script: Arc<Script>,
    method: &'static str,
    name: &'static str,
    arguments: Option<Map<String, Value>>,
}

impl Client {
    fn new(version: Option<ProtocolVersion>, answers: Vec<Value>) -> Client {
        Client {
            version,
            form: true,
            sampling: true,
            roots: true,
            tasks: false,
            seal: RequestStateSeal::new(codec(KEY)),
            script: Script::with(answers),
            method: "tools/call",
            name: "incident",
            arguments: None,
        }
    }

    fn sealed_with(mut self, seal: RequestStateSeal) -> Client {
        self.seal = seal;
        self
    }

    fn request<'a>(&'a self, responses: Map<String, Value>, state: Option<&'a str>) -> Request<'a> {
        // What the client declared, as it writes it in `capabilities`.
        let mut capabilities = Map::new();
        for (name, declared) in [
            ("elicitation", self.form),
            ("sampling", self.sampling),
            ("roots", self.roots),
        ] {
            if declared {
                capabilities.insert(name.to_owned(), json!({}));
            }
        }
        if self.tasks {
            capabilities.insert(
                "extensions".to_owned(),
                json!({"io.modelcontextprotocol/tasks": {}}),
            );
        }
        Request::new(self.method, self.name)
            .with_arguments(self.arguments.as_ref())
            .with_protocol_version(self.version.map(ProtocolVersion::as_str))
            .with_client_capabilities(&Value::Object(capabilities))
            .with_input_responses(responses)
            .with_request_state(state)
    }

    /// Calls until the outcome is final, answering every `input_required`
    /// round from the script; an `Ask` that cannot open is a JSON-RPC error,
    /// as the adapters' `?` makes it.
    fn drive<R>(&self, run: &dyn Fn(Ask<Fake>) -> Outcome<R>) -> Outcome<R> {
        let mut responses = Map::new();
        let mut state: Option<String> = None;
        for _ in 0..10 {
            let ask = Ask::open(
                Arc::clone(&self.script),
                self.seal.clone(),
                self.request(std::mem::take(&mut responses), state.as_deref()),
            )?;
            match run(ask) {
                Ok(Done::InputRequired(result)) => {
                    assert_eq!(self.version, V0728, "input_required before 2026-07-28");
                    self.script
                        .rounds
                        .lock()
                        .unwrap()
                        .push(serde_json::to_value(&result).unwrap());
                    for (key, params) in result.input_requests() {
                        let answer = self
                            .script
                            .answer(params)
                            .unwrap_or_else(|| panic!("no answer scripted for {key}"));
                        responses.insert(key.to_owned(), answer);
                    }
                    state = result.request_state().map(str::to_owned);
                }
                other => return other,
            }
        }
        panic!("more than 10 rounds")
    }

    fn tool<B, Fut>(&self, body: B) -> Outcome<ToolResult>
    where
        B: Fn(Ask<Fake>) -> Fut,
        Fut: Future<Output = Result<ToolResult, ElicitError>>,
    {
        self.drive(&|ask| block_on(ask.tool(&body)))
    }

    fn prompt<B, Fut>(&self, body: B) -> Outcome<PromptResult>
    where
        B: Fn(Ask<Fake>) -> Fut,
        Fut: Future<Output = Result<PromptResult, ElicitError>>,
    {
        self.drive(&|ask| block_on(ask.prompt(&body)))
    }

    fn resource<B, Fut>(&self, body: B) -> Outcome<ResourceResult>
    where
        B: Fn(Ask<Fake>) -> Fut,
        Fut: Future<Output = Result<ResourceResult, ElicitError>>,
    {
        self.drive(&|ask| block_on(ask.resource(&body)))
    }

    fn seen(&self) -> Vec<Value> {
        self.script.seen()
    }

    /// The `requestState` of the first round of the tool `body` (a call
    /// without answers or state, on 2026-07-28): what a client must
    /// present with its answers to the questions that round asks, since
    /// an answer counts only for a question it was shown.
    fn first_state<B, Fut>(&self, body: B) -> String
    where
        B: Fn(Ask<Fake>) -> Fut,
        Fut: Future<Output = Result<ToolResult, ElicitError>>,
    {
        match once(self, Map::new(), None, body) {
            Ok(Done::InputRequired(result)) => result
                .request_state()
                .expect("every round that asks seals a state")
                .to_owned(),
            other => panic!("expected input_required, got {other:?}"),
        }
    }
}

/// One call of the tool `body` on 2026-07-28 with `responses` and `state`.
fn once<B, Fut>(
    client: &Client,
    responses: Map<String, Value>,
    state: Option<&str>,
    body: B,
) -> Outcome<ToolResult>
where
    B: Fn(Ask<Fake>) -> Fut,
    Fut: Future<Output = Result<ToolResult, ElicitError>>,
{
    let ask = Ask::open(
        Arc::clone(&client.script),
        client.seal.clone(),
        client.request(responses, state),
    )?;
    block_on(ask.tool(&body))
}

fn result<R: std::fmt::Debug>(outcome: Outcome<R>) -> R {
    match outcome {
        Ok(Done::Complete(result)) => result,
        other => panic!("expected a result, got {other:?}"),
    }
}

/// A tool's text result.
fn text(outcome: Outcome<ToolResult>) -> String {
    match result(outcome) {
        ToolResult::Text(text) => text,
        other => panic!("expected a text result, got {other:?}"),
    }
}

/// A tool's error result for an answer rejected as often as allowed.
fn rejected(outcome: Outcome<ToolResult>) -> Rejection {
    match result(outcome) {
        ToolResult::Rejected(rejection) => {
            assert!(rejection.invalid, "{rejection:?}");
            assert_eq!(rejection.code, -32602);
            rejection
        }
        other => panic!("expected a rejection, got {other:?}"),
    }
}

fn failed<R: std::fmt::Debug>(outcome: Outcome<R>) -> ElicitError {
    match outcome {
        Err(error) => error,
        other => panic!("expected an error, got {other:?}"),
    }
}

/// The error as a client receives it: the SDK's own error as it came, else
/// `{"code":..,"message":..,"data":..}`.
fn wire(error: ElicitError) -> Value {
    Fake::error(error).into_sdk_error::<Value>().unwrap_or_else(
        |error| json!({"code": error.code(), "message": error.to_string(), "data": error.data()}),
    )
}

/// Each property's `default` (null when it has none).
fn defaults(request: &Value) -> Value {
    let properties = request["requestedSchema"]["properties"]
        .as_object()
        .unwrap();
    Value::Object(
        properties
            .iter()
            .map(|(name, property)| {
                (
                    name.clone(),
                    property.get("default").cloned().unwrap_or(Value::Null),
                )
            })
            .collect(),
    )
}

/// The request without its message and defaults: what stays the same when
/// a question is asked again.
fn shape(request: &Value) -> Value {
    let mut schema = request["requestedSchema"].clone();
    for property in schema["properties"].as_object_mut().unwrap().values_mut() {
        property.as_object_mut().unwrap().remove("default");
    }
    schema
}

// ---------------------------------------------------------------------------
// The forms.

/// How bad is it?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

/// Affected services.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case")]
enum Service {
    Checkout,
    Search,
    Login,
}

/// A form every revision can carry.
#[derive(ElicitForm, Debug, PartialEq)]
struct Incident {
    severity: Severity,
    reporter: String,
    #[elicit(maximum = 100)]
    percent: u8,
    page: bool,
}

/// A multi-select: not on 2025-06-18.
#[derive(ElicitForm, Debug, PartialEq)]
struct Impact {
    #[elicit(min_items = 1, max_items = 2)]
    services: Vec<Service>,
    page: bool,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Triage {
    severity: Severity,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Answer {
    yes: bool,
}

/// Free text with no `max_length`.
#[derive(ElicitForm, Debug, PartialEq)]
struct Notes {
    text: String,
}

async fn incident(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask
        .form::<Incident>("incident", "Describe the incident")
        .await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

async fn impact(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask.form::<Impact>("impact", "Which services?").await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

/// Two questions in turn.
async fn two(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    let answer = ask.form::<Answer>("answer", "Page someone?").await?;
    Ok(ToolResult::Text(format!("{triage:?} {answer:?}")))
}

fn accept(content: Value) -> Value {
    json!({"action": "accept", "content": content})
}

/// `inputResponses` that answer the one question `key` with `answer`.
fn one(key: &str, answer: Value) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert(key.to_owned(), answer);
    map
}

fn right_incident() -> Value {
    accept(json!({"severity": "high", "reporter": "ana", "percent": 5, "page": true}))
}

const RIGHT_INCIDENT: &str =
    "Accept(Incident { severity: High, reporter: \"ana\", percent: 5, page: true })";

fn right_impact() -> Value {
    accept(json!({"services": ["search"], "page": true}))
}

const RIGHT_IMPACT: &str = "Accept(Impact { services: [Search], page: true })";

const REFUSED_STATE: &str = "requestState was not issued by this server for this request; send \
     the request again without requestState and inputResponses";

const EXPIRED_STATE: &str =
    "requestState has expired; send the request again without requestState and inputResponses";

#[test]
fn a_progress_interval_under_a_second_counts_as_a_second() {
    let seal = RequestStateSeal::new(codec(KEY));
    assert_eq!(seal.progress_interval(), Some(Duration::from_secs(10)));
    let tiny = seal
        .clone()
        .with_progress_interval(Some(Duration::from_nanos(1)));
    assert_eq!(tiny.progress_interval(), Some(Duration::from_secs(1)));
    assert_eq!(
        seal.clone()
            .with_progress_interval(Some(Duration::ZERO))
            .progress_interval(),
        None
    );
    assert_eq!(seal.with_progress_interval(None).progress_interval(), None);
}

/// The process's resident memory in kB (`VmRSS` of `/proc/self/status`).
fn resident_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmRSS:"))
        .unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}
