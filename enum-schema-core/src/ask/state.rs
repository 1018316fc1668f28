//! The sealed `requestState` of MCP 2026-07-28: what it carries, what it is
//! bound to, how long it lives and how long it may be.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};

use super::error::{ElicitError, RequestStateError};
use super::payload;
use super::round::Round;
#[cfg(feature = "store")]
use super::store::{self, AnswerStore};
use crate::messages::{English, Messages};

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
///   under a key that the round the state comes from asked; anything else
///   the client sends is ignored and never sealed: an answer under a key
///   not asked yet (a confirmation answered before it was shown), an
///   answer sent without a state, an answer again under a key already
///   answered. An answer counts for the question the body asks under its
///   key now: a question that changed between rounds (a select built from
///   a folder that gained or lost a file) keeps an answer still valid
///   under it, re-validated, and asks again, with a reason that names the
///   value as no longer one of the choices, when the change made it
///   invalid; a question only a person may answer (a `Confirm`,
///   `Question::person_only`) counts an answer only to exactly the
///   question shown, its message included (a plan that names other
///   targets now is asked again). The same with a store and without.
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
    /// question (see "Answers only to questions asked" above).
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
    /// roots" for `roots/list`). The SDK sends it ([`Sdk::progress`](super::adapter::Sdk::progress));
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

/// What an opened state holds: the round, or the handle a store keeps it
/// under.
#[derive(Debug)]
pub(crate) enum Opened {
    Round(Round),
    #[cfg_attr(not(feature = "store"), allow(dead_code))]
    Handle(String),
}

impl RequestStateSeal {
    /// Opens `text`, sealed for `binding`, and reads it: the round, or with
    /// a store a handle.
    pub(crate) fn open_state(
        &self,
        text: &str,
        binding: &[u8],
    ) -> Result<Opened, RequestStateError> {
        let payload = self.codec.open(text, binding)?;
        #[cfg(feature = "store")]
        if self.store.is_some() {
            return payload::read_handle(&payload).map(Opened::Handle);
        }
        payload::read(&payload).map(Opened::Round)
    }

    /// Takes the round under `handle` out of the store.
    ///
    /// # Errors
    ///
    /// [`RequestStateError::Completed`] if the store holds none and
    /// remembers the round taken under `handle` as the one that completed
    /// its call ([`completed`](Self::completed)),
    /// [`RequestStateError::Consumed`] if it holds none otherwise,
    /// [`ElicitError::Store`] if it cannot be asked.
    pub(crate) async fn take_round(&self, handle: &str) -> Result<Round, ElicitError> {
        #[cfg(feature = "store")]
        if let Some(store) = &self.store {
            if let Some(payload) = store.take(handle).await? {
                return Ok(payload::read(&payload)?);
            }
            // Looked at, then put back: the store has no other way to look.
            // A replay that races another one may find it taken for that
            // moment, and is refused as `Consumed`: refused all the same.
            let marker = store::completion_mark(handle);
            return match store.take(&marker).await? {
                Some(done) => {
                    let _ = store.put(&marker, done, self.ttl).await;
                    Err(RequestStateError::Completed.into())
                }
                None => Err(RequestStateError::Consumed.into()),
            };
        }
        let _ = handle;
        Err(RequestStateError::Malformed.into())
    }

    /// Remembers in the store that the round taken under `handle` completed
    /// its call (its body ended other than by asking), for the seal's time
    /// to live, so that a replay of that round, on any process that shares
    /// the store, is refused as [`RequestStateError::Completed`] rather
    /// than as a handle used (which would invite the client to start over
    /// an action taken). A store that cannot keep it (unreachable, full)
    /// is not an error of the call, whose body acted: such a replay is
    /// then refused as [`RequestStateError::Consumed`], as is one that
    /// comes while the round still runs.
    pub(crate) async fn completed(&self, handle: &str) {
        #[cfg(feature = "store")]
        if let Some(store) = &self.store {
            let _ = store
                .put(
                    &store::completion_mark(handle),
                    b"completed".to_vec(),
                    self.ttl,
                )
                .await;
        }
        let _ = handle;
    }

    /// The text of the state that carries `payload` (the round's JSON),
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
            let sealed = payload::write_handle(&handle, self.ttl);
            return Ok(self.codec.seal(&sealed, binding)?);
        }
        Ok(self.codec.seal(&payload, binding)?)
    }
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
        sorted_object(arguments, &mut bytes);
    }
    bytes
}

/// `map` as JSON, its keys sorted, at every depth.
fn sorted_object(map: &Map<String, Value>, out: &mut Vec<u8>) {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by_key(|(key, _)| *key);
    out.push(b'{');
    for (index, (key, value)) in entries.into_iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        out.extend_from_slice(Value::String(key.clone()).to_string().as_bytes());
        out.push(b':');
        sorted_json(value, out);
    }
    out.push(b'}');
}

fn sorted_json(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => sorted_object(map, out),
        Value::Array(items) => {
            out.push(b'[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                sorted_json(item, out);
            }
            out.push(b']');
        }
        scalar => out.extend_from_slice(scalar.to_string().as_bytes()),
    }
}
