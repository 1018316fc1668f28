//! The sealed `requestState` of MCP 2026-07-28: what it carries, what it is
//! bound to, how long it lives and how long it may be.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value};

use super::error::{ElicitError, RequestStateError};
use super::messages::{English, Messages};
#[cfg(feature = "store")]
use super::store::{self, AnswerStore};

// What the docs link to: imported in every build, so that the links
// resolve where enum-schema re-exports these docs too.
#[allow(unused_imports)]
use crate::input::MAX_REQUEST_STATE_LENGTH;

/// How a server seals the `requestState` that carries earlier answers from
/// one round of an MCP 2026-07-28 request to the next: a [`StateCodec`]
/// (each SDK's own codec is one), a time to live, and how often a question
/// is asked before a wrong answer ends the call. One type for every SDK.
///
/// Every server process that may receive a retry needs the same keys: the
/// state is sealed by the process that asked and opened by whichever
/// process the load balancer sends the retry to. Nothing else is shared,
/// unless the answers are kept in a store (`with_store`,
/// feature `store`): then the processes share the store too.
///
/// - **What is sealed**: `{"v":2,"exp":..,"answers":{KEY:{"action":..,"content":{..}},..},"attempts":{KEY:n,..},"questions":{KEY:"<SHA-256>",..}}`:
///   each earlier answer as it was validated (the properties its form
///   declares, nothing else the client sent), the number of rejected
///   answers of a question being asked again, the digest of each question
///   answered so far or asked in this round (SHA-256 of its message and
///   `requestedSchema` as the body asks it), and the expiry (milliseconds
///   since the Unix epoch). It is bound (as the codec's associated data, not
///   stored) to the method, the tool, prompt or resource, and its
///   arguments. A state is refused when it was altered, sealed with a key
///   this server does not hold, sealed for another request, or has expired.
///   With a store, that JSON is what the store keeps, and the state seals
///   only `{"v":2,"exp":..,"handle":"<32 hex digits>"}`, bound the same
///   way: a handle cannot be moved to another request, and nothing the
///   person answered leaves the server.
/// - **Answers only to questions asked**: every round that asks seals a
///   state, the first included. An entry of `inputResponses` counts only
///   under a key that the round the state comes from asked, and only while
///   the question the body asks under that key now has the same digest;
///   a sealed answer counts only while its question's digest is unchanged.
///   Anything else the client sends is ignored and never sealed: an answer
///   under a key not asked yet (a confirmation answered before it was
///   shown), an answer sent without a state, an answer again under a key
///   already answered. A question whose message or schema changed between
///   rounds (a plan that names other targets now) is a new question: asked
///   again, its old answer and attempts dropped. The same with a store and
///   without.
/// - **Size**: with a store, the state is about 120 characters whatever
///   the answers, and answers of any size work (as far as the transport
///   carries them in `inputResponses`). Without one, the state grows with every answer: about 4/3 of the answers'
///   JSON, plus about 90 characters per question for its digest (each answer's `content` holds only the declared properties, so
///   the forms' own limits bound it: options, `maxLength`, `maxItems`) plus
///   about 100 characters. A round whose state would exceed
///   [`MAX_REQUEST_STATE_LENGTH`] fails with
///   [`ElicitError::StateTooLarge`](super::ElicitError::StateTooLarge): a form of N string fields of
///   `maxLength` L costs at most about 4/3 × N × (L + key length + 8)
///   characters once answered, so 16 fields of 2,048 characters fit; give
///   free-text fields a `max_length` or use a store.
/// - **Confidentiality**: the codecs of rmcp, rust-mcp-sdk and tower-mcp
///   sign, they do not encrypt: the answers in the state can be read on the
///   way (by the client, proxies, logs). `EncryptedCodec`
///   (feature `encrypt`) encrypts them; its docs compare what each mode
///   protects against. Either way, do not ask for secrets this way: the
///   client sent them in the clear to begin with.
/// - **Key rotation**: as the codec allows (rmcp's keyring keeps the old key
///   until every state it sealed has expired).
/// - **Replay**: without a store, within its time to live and for the same
///   request, a state can be presented again; it only carries answers the
///   same client gave, to the questions it was shown. A replayed state also
///   brings back the count of attempts it carries, and the digest of the
///   refused answer before it: a client that replays an earlier state is
///   asked again from there, without end. With a store, a state is accepted once: the
///   round that presents it takes the answers out of the store (atomically,
///   whichever process it reaches), so a replayed final round is refused
///   with [`RequestStateError::Consumed`]. Every round that asks issues a
///   state, the first included (before any answer), and `inputResponses`
///   without one answer no question (but one that allows an early answer,
///   `Question::with_early_answer`), so answers cannot skip the handle
///   either: the tool's side effect runs once per call, and the attempts
///   cannot be restarted. A client that lost a response and retries the
///   same round without the state is asked from the start.
/// - **Store outage**: a round whose store cannot be reached fails with
///   [`ElicitError::Store`] (`-32603`); nothing is accepted. Answers lost
///   by the store (a restart without persistence) are refused as
///   `Consumed`.
#[derive(Clone)]
pub struct RequestStateSeal {
    codec: Arc<dyn StateCodec>,
    ttl: Duration,
    max_attempts: u32,
    progress_interval: Option<Duration>,
    messages: Arc<dyn Messages>,
    #[cfg(feature = "store")]
    store: Option<Arc<dyn AnswerStore>>,
}

/// Seals and opens the text of a `requestState` (MCP 2026-07-28), bound to
/// the request it belongs to. rmcp's, rust-mcp-sdk's and tower-mcp's
/// `RequestStateCodec` implement it (with their features); a server may
/// bring its own (an encrypting one, for example).
///
/// The payload is the JSON `{"v":2,"exp":..,"answers":{..},"attempts":{..},"questions":{..}}`,
/// or with an answer store `{"v":2,"exp":..,"handle":".."}` (see
/// [`RequestStateSeal`]); the binding names the request (method, name
/// or URI, arguments) and must be checked, not stored in the clear.
pub trait StateCodec: Send + Sync + 'static {
    /// Seals `payload`, bound to `binding`, as the text of a `requestState`.
    ///
    /// # Errors
    ///
    /// [`RequestStateError`] if the codec cannot seal.
    fn seal(&self, payload: &[u8], binding: &[u8]) -> Result<String, RequestStateError>;

    /// Opens a `requestState` sealed by [`seal`](Self::seal) with the same
    /// `binding`, and returns its payload.
    ///
    /// # Errors
    ///
    /// [`RequestStateError::Unverified`] if it was altered, sealed with
    /// another key, or not a state; [`RequestStateError::OtherRequest`] if
    /// it was sealed with another binding (codecs that bind as associated
    /// data report that as `Unverified`); [`RequestStateError::Expired`]
    /// for a codec that keeps its own expiry.
    fn open(&self, state: &str, binding: &[u8]) -> Result<Vec<u8>, RequestStateError>;
}

/// The time to live and the attempts; a codec's keys are not printed.
impl fmt::Debug for RequestStateSeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RequestStateSeal")
            .field("ttl", &self.ttl)
            .field("max_attempts", &self.max_attempts)
            .finish_non_exhaustive()
    }
}

impl RequestStateSeal {
    /// The time to live of a sealed state unless [`with_ttl`](Self::with_ttl)
    /// says otherwise: ten minutes, for a user to fill in a form.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(600);

    /// How often a call that waits for an `elicitation/create` answer sends
    /// `notifications/progress` unless
    /// [`with_progress_interval`](Self::with_progress_interval) says
    /// otherwise: 10 seconds, well within the 60 seconds a client such as
    /// the TypeScript SDK waits by default.
    pub const DEFAULT_PROGRESS_INTERVAL: Duration = Duration::from_secs(10);

    /// The shortest interval between two progress notifications: a shorter
    /// one given to [`with_progress_interval`](Self::with_progress_interval)
    /// counts as this, one second, so that a call never floods its client.
    pub const MIN_PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

    /// How often a question is asked unless
    /// [`with_max_attempts`](Self::with_max_attempts) says otherwise: 3, the
    /// first time and twice more after a rejected answer.
    pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;

    /// Seals with `codec` (the same key on every server process), states
    /// living [`DEFAULT_TTL`](Self::DEFAULT_TTL), questions asked at most
    /// [`DEFAULT_MAX_ATTEMPTS`](Self::DEFAULT_MAX_ATTEMPTS) times.
    pub fn new(codec: impl StateCodec) -> Self {
        RequestStateSeal {
            codec: Arc::new(codec),
            ttl: Self::DEFAULT_TTL,
            max_attempts: Self::DEFAULT_MAX_ATTEMPTS,
            progress_interval: Some(Self::DEFAULT_PROGRESS_INTERVAL),
            messages: Arc::new(English),
            #[cfg(feature = "store")]
            store: None,
        }
    }

    /// The same seal keeping the answers of earlier rounds in `store`
    /// rather than in the `requestState` (MCP 2026-07-28): the state then
    /// carries only a random handle, sealed by the codec and bound to the
    /// request; the answers stay on the server; a handle is used once (see
    /// "Replay" above and [`AnswerStore`]). Every server process that may
    /// receive a retry needs the same store and the same keys. Feature
    /// `store`.
    ///
    /// A seal with a store refuses a state that carries answers, and a
    /// seal without one a state that carries a handle
    /// ([`RequestStateError::Malformed`]): switching costs the calls in
    /// flight. With a store or without, an answer counts only for a
    /// question that the
    /// round the state (here, its handle) comes from asked, while that
    /// question is unchanged (see "Answers only to questions asked" above).
    #[cfg(feature = "store")]
    #[cfg_attr(docsrs, doc(cfg(feature = "store")))]
    #[must_use]
    pub fn with_store(mut self, store: impl AnswerStore) -> Self {
        self.store = Some(Arc::new(store));
        self
    }

    /// The store the answers are kept in, if [`with_store`](Self::with_store)
    /// set one. Feature `store`.
    #[cfg(feature = "store")]
    #[cfg_attr(docsrs, doc(cfg(feature = "store")))]
    pub fn store(&self) -> Option<&dyn AnswerStore> {
        self.store.as_deref()
    }

    /// The same seal with another time to live: how long a sealed state
    /// (2026-07-28) may wait for the next round, and how long
    /// `elicitation/create` (earlier revisions) waits for the client's
    /// answer before the call fails with [`ElicitError::Service`](super::ElicitError::Service).
    #[must_use]
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// The same seal asking each question at most `attempts` times: a
    /// rejected answer is asked again, with the reason, until the question
    /// was asked `attempts` times; then the call ends with
    /// [`ElicitError::Invalid`](super::ElicitError::Invalid). `1` turns asking again off for the whole
    /// server (`0` counts as `1`); [`Question::with_max_attempts`](super::Question::with_max_attempts)
    /// sets it for one question.
    #[must_use]
    pub fn with_max_attempts(mut self, attempts: u32) -> Self {
        self.max_attempts = attempts.max(1);
        self
    }

    /// The same seal sending `notifications/progress` every `interval`
    /// while a call waits for the answer to an `elicitation/create` (MCP
    /// 2025-06-18 and 2025-11-25; on 2026-07-28 nothing waits), when the
    /// client gave the call a `progressToken`: a client that resets its
    /// request timeout on progress (the TypeScript SDK's
    /// `resetTimeoutOnProgress`, rmcp's) keeps the call open however long
    /// the person takes. `None` (or zero) sends none; an interval under
    /// [`MIN_PROGRESS_INTERVAL`](Self::MIN_PROGRESS_INTERVAL) counts as it.
    /// Each notification carries the
    /// call's token, a `progress` that grows by one, and the message
    /// [`Messages::waiting`] gives for the request waited on ("Waiting for
    /// the person to answer" for a form, "Waiting for the client's model to
    /// answer" for `sampling/createMessage`, "Waiting for the client's
    /// roots" for `roots/list`). The SDK sends it ([`Sdk::progress`](super::Sdk::progress));
    /// rmcp's and tower-mcp's integrations do.
    #[must_use]
    pub fn with_progress_interval(mut self, interval: Option<Duration>) -> Self {
        self.progress_interval = interval
            .filter(|interval| !interval.is_zero())
            .map(|interval| interval.max(Self::MIN_PROGRESS_INTERVAL));
        self
    }

    /// How often progress is sent while a call waits for an answer, if at
    /// all (see [`with_progress_interval`](Self::with_progress_interval)).
    pub fn progress_interval(&self) -> Option<Duration> {
        self.progress_interval
    }

    /// The same seal writing `messages` for every call (see [`Messages`]):
    /// the reasons of a question asked again, the titles of the options
    /// shown, the search field of `Ask::choose`, the progress message.
    /// [`English`] by default; `Ask::with_messages` chooses for one call.
    #[must_use]
    pub fn with_messages(mut self, messages: impl Messages) -> Self {
        self.messages = Arc::new(messages);
        self
    }

    /// The messages every call writes unless it chooses its own.
    pub fn messages(&self) -> &Arc<dyn Messages> {
        &self.messages
    }

    /// The codec.
    pub fn codec(&self) -> &dyn StateCodec {
        &*self.codec
    }

    /// The time to live of a sealed state.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// How often a question is asked at most.
    pub fn max_attempts(&self) -> u32 {
        self.max_attempts
    }
}

/// What an opened state holds: the answers, or the handle a store keeps
/// them under.
#[derive(Debug)]
pub(crate) enum Opened {
    Answers(Box<Sealed>),
    #[cfg_attr(not(feature = "store"), allow(dead_code))]
    Handle(String),
}

impl RequestStateSeal {
    /// Opens `text`, sealed for `binding`, and reads it: answers, or with
    /// a store a handle.
    pub(crate) fn open_state(
        &self,
        text: &str,
        binding: &[u8],
    ) -> Result<Opened, RequestStateError> {
        let payload = self.codec.open(text, binding)?;
        #[cfg(feature = "store")]
        if self.store.is_some() {
            return read_handle(&payload).map(Opened::Handle);
        }
        Sealed::read(&payload).map(|sealed| Opened::Answers(Box::new(sealed)))
    }

    /// Takes the answers under `handle` out of the store.
    ///
    /// # Errors
    ///
    /// [`RequestStateError::Consumed`] if the store holds none,
    /// [`ElicitError::Store`] if it cannot be asked.
    pub(crate) async fn take_answers(&self, handle: &str) -> Result<Sealed, ElicitError> {
        #[cfg(feature = "store")]
        if let Some(store) = &self.store {
            let Some(payload) = store.take(handle).await? else {
                return Err(RequestStateError::Consumed.into());
            };
            return Ok(Sealed::read(&payload)?);
        }
        let _ = handle;
        Err(RequestStateError::Malformed.into())
    }

    /// The text of the state that carries `payload` (the answers' JSON),
    /// sealed for `binding`: the payload itself, or with a store a fresh
    /// handle under which the store now keeps it.
    ///
    /// # Errors
    ///
    /// [`ElicitError::Store`] if the store cannot keep it,
    /// [`ElicitError::RequestState`] if the codec cannot seal.
    pub(crate) async fn seal_state(
        &self,
        payload: Vec<u8>,
        binding: &[u8],
    ) -> Result<String, ElicitError> {
        #[cfg(feature = "store")]
        if let Some(store) = &self.store {
            let handle = store::new_handle()?;
            store.put(&handle, payload, self.ttl).await?;
            let sealed = handle_payload(&handle, self.ttl);
            return Ok(self.codec.seal(&sealed, binding)?);
        }
        Ok(self.codec.seal(&payload, binding)?)
    }
}

/// The payload of a state whose answers a store keeps:
/// `{"v":2,"exp":..,"handle":".."}`.
#[cfg(feature = "store")]
fn handle_payload(handle: &str, ttl: Duration) -> Vec<u8> {
    let mut payload = Map::new();
    payload.insert("v".to_owned(), Value::from(VERSION));
    payload.insert("exp".to_owned(), Value::from(expiry(ttl)));
    payload.insert("handle".to_owned(), Value::from(handle));
    serde_json::to_vec(&Value::Object(payload)).unwrap_or_default()
}

/// Reads the payload of a state whose answers a store keeps.
///
/// # Errors
///
/// [`RequestStateError::Malformed`] for anything else (answers sealed in
/// the state among it), [`RequestStateError::Expired`] past its expiry.
#[cfg(feature = "store")]
fn read_handle(payload: &[u8]) -> Result<String, RequestStateError> {
    // `v`, `exp` and `handle`, nothing else: no answers beside the handle.
    let Ok(Payload {
        version: Some(VERSION),
        expiry: Some(expiry),
        handle: Some(handle),
        answers: None,
        attempts: None,
        questions: None,
        refused: None,
        other: false,
    }) = serde_json::from_slice::<Payload>(payload)
    else {
        return Err(RequestStateError::Malformed);
    };
    if !store::is_handle(&handle) {
        return Err(RequestStateError::Malformed);
    }
    if now() > expiry {
        return Err(RequestStateError::Expired);
    }
    Ok(handle)
}

impl AsRef<RequestStateSeal> for RequestStateSeal {
    fn as_ref(&self) -> &RequestStateSeal {
        self
    }
}

/// What ties a sealed state to one request: method, name (or URI) and
/// arguments, the arguments' object keys sorted so that the binding does
/// not depend on the order in which a client wrote them.
pub(crate) fn binding(method: &str, name: &str, arguments: Option<&Map<String, Value>>) -> Vec<u8> {
    let mut bytes = b"enum-schema requestState 1\0".to_vec();
    bytes.extend_from_slice(method.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(name.as_bytes());
    bytes.push(0);
    // No arguments and `"arguments": {}` say the same.
    if let Some(arguments) = arguments.filter(|arguments| !arguments.is_empty()) {
        canonical_object(arguments, &mut bytes);
    }
    bytes
}

fn canonical_object(map: &Map<String, Value>, out: &mut Vec<u8>) {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by_key(|(key, _)| *key);
    out.push(b'{');
    for (index, (key, value)) in entries.into_iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        out.extend_from_slice(Value::String(key.clone()).to_string().as_bytes());
        out.push(b':');
        canonical(value, out);
    }
    out.push(b'}');
}

fn canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => canonical_object(map, out),
        Value::Array(items) => {
            out.push(b'[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                canonical(item, out);
            }
            out.push(b']');
        }
        scalar => out.extend_from_slice(scalar.to_string().as_bytes()),
    }
}

/// What a state carries: the answers so far, the rejected attempts of the
/// questions being asked again, and the digest of each question either
/// answered or asked in the round that sealed it (see [`digest`]).
#[derive(Debug, Default)]
pub(crate) struct Sealed {
    pub(crate) answers: Map<String, Value>,
    pub(crate) attempts: Map<String, Value>,
    pub(crate) questions: Map<String, Value>,
    /// The digest of the last refused answer to each question asked again,
    /// never the answer: the same refused answer twice ends the call.
    pub(crate) refused: Map<String, Value>,
}

impl Sealed {
    /// Whether the question under `key` is the one an earlier round asked
    /// (the same `digest`). If not, it is a new question: what was kept of
    /// the old one (its answer, attempts, refused answer) goes.
    pub(crate) fn bound(&mut self, key: &str, digest: &str) -> bool {
        let bound = self.questions.get(key).and_then(Value::as_str) == Some(digest);
        if !bound {
            self.answers.remove(key);
            self.attempts.remove(key);
            self.refused.remove(key);
        }
        bound
    }
}

/// The version of the payload's layout: 2 since the questions' digests.
const VERSION: u64 = 2;

/// The digest of a question as the person is shown it, its message and
/// `requestedSchema` (the params the body asks, before a second chance adds
/// its reason and pre-fills): SHA-256 of their JSON, in hex. An answer
/// counts only for the question with the same digest.
pub(crate) fn digest(params: &crate::schema::ElicitRequestFormParams) -> String {
    use sha2::{Digest, Sha256};

    /// The hasher as an `io::Write`: the JSON goes straight into it, never
    /// into a buffer of its own (every round digests each question).
    struct Hashing(Sha256);

    impl std::io::Write for Hashing {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.update(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    let mut hashing = Hashing(Sha256::new());
    // Writing into a hasher cannot fail, nor can serializing the params.
    let _ = serde_json::to_writer(&mut hashing, params);
    hex(&hashing.0.finalize())
}

/// SHA-256 of `bytes`, in hex.
pub(crate) fn digest_of(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    hex(&Sha256::digest(bytes))
}

/// `bytes` in lowercase hex, written into one `String` of the exact
/// length (not a `format!` per byte: every round digests each question).
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(char::from(DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    text
}

/// Milliseconds since the Unix epoch.
fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

/// The expiry of a state sealed now with `ttl`, in milliseconds since the
/// Unix epoch.
fn expiry(ttl: Duration) -> u64 {
    now().saturating_add(u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX))
}

impl Sealed {
    /// The rejected answers so far of the question under `key`.
    pub(crate) fn attempts(&self, key: &str) -> u32 {
        self.attempts
            .get(key)
            .and_then(Value::as_u64)
            .map_or(0, |count| u32::try_from(count).unwrap_or(u32::MAX))
    }

    /// The payload to seal, expiring `ttl` from now: written from the maps
    /// as they are, none of them copied.
    pub(crate) fn payload(&self, ttl: Duration) -> Vec<u8> {
        use serde::ser::{SerializeMap, Serializer};
        struct Payload<'a>(&'a Sealed, u64);
        impl serde::Serialize for Payload<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let Payload(sealed, expiry) = self;
                let mut map = serializer.serialize_map(None)?;
                map.serialize_entry("v", &VERSION)?;
                map.serialize_entry("exp", expiry)?;
                map.serialize_entry("answers", &sealed.answers)?;
                if !sealed.attempts.is_empty() {
                    map.serialize_entry("attempts", &sealed.attempts)?;
                }
                map.serialize_entry("questions", &sealed.questions)?;
                if !sealed.refused.is_empty() {
                    map.serialize_entry("refused", &sealed.refused)?;
                }
                map.end()
            }
        }
        serde_json::to_vec(&Payload(self, expiry(ttl))).unwrap_or_default()
    }

    /// Reads an opened payload.
    ///
    /// # Errors
    ///
    /// [`RequestStateError::Malformed`] for anything this crate does not
    /// seal, [`RequestStateError::Expired`] past its expiry.
    pub(crate) fn read(payload: &[u8]) -> Result<Sealed, RequestStateError> {
        let Ok(Payload {
            version: Some(VERSION),
            expiry: Some(expiry),
            answers: Some(answers),
            attempts,
            questions: Some(questions),
            refused,
            ..
        }) = serde_json::from_slice::<Payload>(payload)
        else {
            return Err(RequestStateError::Malformed);
        };
        let attempts = attempts.unwrap_or_default();
        let refused = refused.unwrap_or_default();
        if !attempts.values().all(Value::is_u64)
            || !questions.values().all(Value::is_string)
            || !refused.values().all(Value::is_string)
        {
            return Err(RequestStateError::Malformed);
        }
        if now() > expiry {
            return Err(RequestStateError::Expired);
        }
        Ok(Sealed {
            answers,
            attempts,
            questions,
            refused,
        })
    }
}

/// The payload's top level, read straight into its parts: every round that
/// opens a state reads one, and a `Value` of the whole would build a map
/// only to take the parts out of it. A part of the wrong JSON type fails
/// the whole read; a key this crate does not write is skipped, and noted
/// in `other`.
#[derive(Default)]
struct Payload {
    version: Option<u64>,
    expiry: Option<u64>,
    answers: Option<Map<String, Value>>,
    attempts: Option<Map<String, Value>>,
    questions: Option<Map<String, Value>>,
    refused: Option<Map<String, Value>>,
    handle: Option<String>,
    other: bool,
}

impl<'de> serde::Deserialize<'de> for Payload {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PayloadVisitor;

        impl<'de> serde::de::Visitor<'de> for PayloadVisitor {
            type Value = Payload;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the payload of a requestState")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Payload, A::Error> {
                let mut payload = Payload::default();
                while let Some(part) = map.next_key()? {
                    match part {
                        Part::Version => payload.version = Some(map.next_value()?),
                        Part::Expiry => payload.expiry = Some(map.next_value()?),
                        Part::Answers => payload.answers = Some(map.next_value()?),
                        Part::Attempts => payload.attempts = Some(map.next_value()?),
                        Part::Questions => payload.questions = Some(map.next_value()?),
                        Part::Refused => payload.refused = Some(map.next_value()?),
                        Part::Handle => payload.handle = Some(map.next_value()?),
                        Part::Other => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                            payload.other = true;
                        }
                    }
                }
                Ok(payload)
            }
        }

        deserializer.deserialize_map(PayloadVisitor)
    }
}

/// A key of the payload's top level, read without allocating.
enum Part {
    Version,
    Expiry,
    Answers,
    Attempts,
    Questions,
    Refused,
    Handle,
    /// A key this crate does not write.
    Other,
}

impl<'de> serde::Deserialize<'de> for Part {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PartVisitor;

        impl serde::de::Visitor<'_> for PartVisitor {
            type Value = Part;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key of a requestState's payload")
            }

            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Part, E> {
                Ok(match key {
                    "v" => Part::Version,
                    "exp" => Part::Expiry,
                    "answers" => Part::Answers,
                    "attempts" => Part::Attempts,
                    "questions" => Part::Questions,
                    "refused" => Part::Refused,
                    "handle" => Part::Handle,
                    _ => Part::Other,
                })
            }
        }

        deserializer.deserialize_identifier(PartVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::{digest, digest_of, hex, RequestStateError, Sealed};
    use crate::schema::{
        ElicitRequestFormParams, PrimitiveSchema, RequestedSchema, SingleSelectSchema,
    };

    #[test]
    fn hex_is_lowercase_and_padded() {
        assert_eq!(hex(&[]), "");
        assert_eq!(hex(&[0x00, 0x0f, 0xa0, 0xff]), "000fa0ff");
    }

    #[test]
    fn digest_of_is_sha256_in_hex() {
        assert_eq!(
            digest_of(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    /// A question's digest is SHA-256 of its params' JSON, written into the
    /// hasher as it is serialized: the same as hashing the JSON text.
    #[test]
    fn a_questions_digest_is_sha256_of_its_json() {
        let hosts = SingleSelectSchema::new([("eu", "Europe \"EU\""), ("us", "United States")])
            .unwrap()
            .with_title("Région");
        let params = ElicitRequestFormParams {
            message: "Which host?\n(Zürich)".into(),
            requested_schema: RequestedSchema {
                properties: vec![("host".into(), PrimitiveSchema::SingleSelect(hosts))],
                required: vec!["host".into()],
            },
        };
        let json = serde_json::to_vec(&params).unwrap();
        assert!(json.len() > 64, "more than one SHA-256 block");
        assert_eq!(digest(&params), digest_of(&json));
        assert_eq!(digest(&params).len(), 64);
    }

    /// A payload this crate seals is read back part for part; a key it
    /// does not write is skipped.
    #[test]
    fn a_payload_is_read_part_for_part() {
        let payload = br#"{"v":2,"exp":18446744073709551615,"answers":{"a":{"action":"accept","content":{"n":1}}},"attempts":{"b":2},"questions":{"a":"d1","b":"d2"},"refused":{"b":"d3"},"later":[1,{"x":null}]}"#;
        let sealed = Sealed::read(payload).unwrap();
        assert_eq!(
            serde_json::Value::Object(sealed.answers),
            serde_json::json!({"a": {"action": "accept", "content": {"n": 1}}})
        );
        assert_eq!(
            serde_json::Value::Object(sealed.attempts),
            serde_json::json!({"b": 2})
        );
        assert_eq!(
            serde_json::Value::Object(sealed.questions),
            serde_json::json!({"a": "d1", "b": "d2"})
        );
        assert_eq!(
            serde_json::Value::Object(sealed.refused),
            serde_json::json!({"b": "d3"})
        );
        let bare = br#"{"v":2,"exp":18446744073709551615,"answers":{},"questions":{}}"#;
        let sealed = Sealed::read(bare).unwrap();
        assert!(sealed.attempts.is_empty() && sealed.refused.is_empty());
    }

    /// Anything else is `Malformed` (a part missing or of the wrong JSON
    /// type, another version, no object), and a payload past its expiry
    /// `Expired`.
    #[test]
    fn anything_else_is_malformed_or_expired() {
        let never = "18446744073709551615";
        let malformed = [
            String::new(),
            "[]".to_owned(),
            "{".to_owned(),
            format!(r#"{{"exp":{never},"answers":{{}},"questions":{{}}}}"#),
            format!(r#"{{"v":1,"exp":{never},"answers":{{}},"questions":{{}}}}"#),
            format!(r#"{{"v":"2","exp":{never},"answers":{{}},"questions":{{}}}}"#),
            format!(r#"{{"v":2.0,"exp":{never},"answers":{{}},"questions":{{}}}}"#),
            r#"{"v":2,"answers":{},"questions":{}}"#.to_owned(),
            r#"{"v":2,"exp":-1,"answers":{},"questions":{}}"#.to_owned(),
            format!(r#"{{"v":2,"exp":{never},"questions":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":[],"questions":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{"a":1}}}}"#),
            format!(
                r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"attempts":{{"a":-1}}}}"#
            ),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"attempts":[]}}"#),
            format!(
                r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}},"refused":{{"a":null}}}}"#
            ),
            format!(r#"{{"v":2,"exp":{never},"handle":"00000000000000000000000000000000"}}"#),
        ];
        for payload in malformed {
            assert_eq!(
                Sealed::read(payload.as_bytes()).err(),
                Some(RequestStateError::Malformed),
                "{payload}"
            );
        }
        let expired = br#"{"v":2,"exp":1,"answers":{},"questions":{}}"#;
        assert_eq!(
            Sealed::read(expired).err(),
            Some(RequestStateError::Expired)
        );
    }

    /// With a store, the payload is `v`, `exp` and a handle, nothing else.
    #[cfg(feature = "store")]
    #[test]
    fn a_handle_payload_holds_the_handle_alone() {
        use super::read_handle;

        let never = "18446744073709551615";
        let handle = "0123456789abcdef0123456789abcdef";
        let payload = format!(r#"{{"v":2,"exp":{never},"handle":"{handle}"}}"#);
        assert_eq!(read_handle(payload.as_bytes()).as_deref(), Ok(handle));
        let malformed = [
            format!(r#"{{"v":2,"exp":{never}}}"#),
            format!(r#"{{"v":1,"exp":{never},"handle":"{handle}"}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"{handle}","answers":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"{handle}","questions":{{}}}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"{handle}","later":1}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":"0123456789ABCDEF0123456789ABCDEF"}}"#),
            format!(r#"{{"v":2,"exp":{never},"handle":7}}"#),
            format!(r#"{{"v":2,"exp":{never},"answers":{{}},"questions":{{}}}}"#),
        ];
        for payload in malformed {
            assert_eq!(
                read_handle(payload.as_bytes()),
                Err(RequestStateError::Malformed),
                "{payload}"
            );
        }
        let expired = format!(r#"{{"v":2,"exp":1,"handle":"{handle}"}}"#);
        assert_eq!(
            read_handle(expired.as_bytes()),
            Err(RequestStateError::Expired)
        );
    }
}
