//! The hand-written twins of two tools written with `Ask`:
//! `test_two_questions` (`forms.rs`, `two_questions`) and the deploy shape
//! (`deploy.rs`, `deploy`), written on rmcp 3.11's own MCP 2026-07-28 API
//! as a careful server author would write them without enum-schema: the
//! forms built with rmcp's schema types, the answers read as
//! `serde_json::Value` and every check written out, the earlier answers
//! carried in a `requestState` sealed with rmcp's `RequestStateCodec`
//! (HMAC-SHA256, bound to the tool and its arguments as associated data,
//! expiring with rmcp's own `SealOptions::ttl`), and the same replies.
//!
//! Or, as `Ask` does with an answer store, the state kept server-side
//! ([`States`]): in a map of this process behind a mutex (feature `store`)
//! or in Redis through the `redis` crate (feature `redis`: `SET .. NX PX`,
//! `GETDEL`), under a random single-use handle (128 bits, `getrandom`),
//! the `requestState` sealing only the handle, bound and expiring as
//! above. The round that presents it takes the state out first; a handle
//! taken before, or not found, is the JSON-RPC error `Ask` gives for a
//! state already used.
//!
//! Or, bound ([`States::bound`]), with the guarantee `Ask` gives that an
//! answer counts only for the question it answers: the state also
//! carries, per question key, the hex SHA-256 of the question's form JSON
//! as shown (built with no reasons and nothing pre-filled), for every
//! question answered so far and the one the sealing round asked. Every
//! round builds each question it reaches again and compares its digest
//! ([`Shown`]). An answer to a question that changed since (a select of
//! environments read anew, a rollout whose message names the environment's
//! new title), carried from an earlier round or sent to the round that
//! asked the question's earlier form, is checked against the question as
//! it is now: still valid, it counts, and the state carries the question's
//! digest now; refused, the question is asked again with the reasons, a
//! value not offered named as "no longer one of the choices" (a title sent
//! instead of a value is still asked to be chosen again), and no attempt
//! counted when every reason is such a value (else it counts, and the
//! attempts before the change stand). A confirmation, which only a person may answer, is a new
//! question whenever it changed (a plan that names another environment or
//! title): the answer to the old plan counts for nothing, and it is asked
//! from its first attempt.
//!
//! Bound, they also give `Ask`'s "confirmed once, done once": every state
//! of a call carries the call's id (`"call"`, 128 random bits from the OS
//! as 32 hex digits, drawn when the call's first state is sealed), the
//! first key of the state as it is the first after `v` and `exp` in
//! `Ask`'s. Without a store, a process remembers the calls that ended
//! from one of their states ([`Claim`]: any end but a round that asks),
//! each until its states expire, at most `MAX_CALLS` as `Ask` does (past
//! it, the hundredth that expire first are forgotten), and refuses any
//! later round of such a call before anything runs, with the JSON-RPC
//! error `Ask` gives (`-32602`); a call running from a state is claimed
//! first, so ten copies of the round that acts, at once, act once. A round
//! that only asks may be sent again. (Where `Ask` makes a copy sent while
//! a round of its call runs wait for it, the twins refuse it as completed:
//! the benches send a call's rounds one at a time.) With a store, the store takes each
//! state once, as before. Unbound, the twins are as they were: a replay
//! of the round that acts does it again.
//!
//! `benches/round.rs` serves both beside their `Ask` versions and checks
//! at start-up that, for the same requests, the responses are the same
//! bytes except the `requestState` text (see there).
//!
//! What they do as `Ask` does:
//!
//! - the same forms, to the byte; the same results and texts;
//! - an `ElicitResult` that is no object, has no or an unknown `action`, or
//!   whose `content` is no object: the same JSON-RPC error (`-32602`);
//! - every field checked: option membership (with the hint for a title
//!   sent instead of a value), the JSON type, required fields, `minItems`,
//!   `maxItems`, duplicates, whole numbers and their range, `maxLength`;
//!   `null` counts as no value; properties the form does not declare are
//!   ignored;
//! - a refused answer asked again with the same reasons under the message
//!   and what was valid pre-filled, at most three times in all, then the
//!   same error result (`isError`, the reasons and `structuredContent`);
//! - an answer counts only under the key the round that sealed the state
//!   asked (a confirmation sent before it was shown is ignored), and
//!   answers without a state are ignored;
//! - a state that fails to open (altered, another key, another tool or
//!   arguments, expired): the same JSON-RPC error; with a store, a handle
//!   already taken: the same error as `Ask`'s for a state already used.
//!
//! What `Ask` does that they do not (what its extra work buys):
//!
//! - unless bound, the call's id is sealed in every state and, without a
//!   store, a call that completed is refused when a round of it comes
//!   again: here it runs again;
//! - unless bound, the digest of each question (SHA-256 of its message and
//!   schema) is sealed, so that an answer counts only for the question it
//!   answers: here only its key is sealed, and a question that changed
//!   between rounds is not noticed (the environment a state carries is
//!   looked up again, and one no longer offered is refused as a state that
//!   no longer holds; a confirmation answers the plan as it is now, an
//!   environment's new title in it);
//! - the digest of the last refused answer: a client that sends the same
//!   refused answer twice (it answers without showing the form) ends the
//!   call with a result for the model; here it is asked until the attempts
//!   run out;
//! - every protocol revision (`elicitation/create` for 2025-06-18 and
//!   2025-11-25 clients, where rmcp refuses to send these results), clients
//!   that cannot show forms, the tool argument that may answer a question,
//!   translations of the messages, the store's limit on bytes (the twins'
//!   map counts states only; the forms bound each), the checks of the
//!   server's own mistakes (a key asked twice), long answers quoted short in
//!   the messages, the length limit of a `requestState`.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rmcp::model::{
    BooleanSchema, CallToolResponse, CallToolResult, ConstTitle, ContentBlock, ElicitRequest,
    ElicitRequestParams, ElicitationSchema, EnumSchema, InputRequest, InputRequests,
    InputRequiredResult, InputResponses, IntegerSchema, JsonObject, MultiSelectEnumSchema,
    PrimitiveSchemaDefinition, RequestStateCodec, SealOptions, SingleSelectEnumSchema,
    StringSchema, TitledItems, TitledMultiSelectEnumSchema, TitledSingleSelectEnumSchema,
};
use rmcp::ErrorData;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// How long a sealed state lives.
const TTL: Duration = Duration::from_secs(600);
/// How often a question is asked, the first time included.
const MAX_ATTEMPTS: u32 = 3;

/// A tool's reply: its response, or a JSON-RPC error.
type Reply = Result<CallToolResponse, ErrorData>;

// ---------------------------------------------------------------------------
// The state
// ---------------------------------------------------------------------------

/// What a state is bound to: the method, the tool and its arguments.
fn binding(tool: &str, arguments: &JsonObject) -> Vec<u8> {
    let mut binding = format!("tools/call\0{tool}\0").into_bytes();
    if !arguments.is_empty() {
        serde_json::to_writer(&mut binding, arguments).expect("JSON writes to a Vec");
    }
    binding
}

const STATE_REFUSED: &str = "requestState was not issued by this server for this request; send the request again without requestState and inputResponses";
const STATE_USED: &str = "requestState was already used, or the answers it stands for are no longer held by the server; a requestState is accepted once: continue from the response to the request that used it, or send the request again without requestState and inputResponses, which asks the person again";
const CALL_COMPLETED: &str = "the call this requestState belongs to already completed (or is completing): what it did is done once, and not again, and its result is not sent twice; do not send this request again";

/// A refused state, `-32602` with its reason as `data`
/// (`{"requestState":"invalid"}`): a client tells "done, do not send it
/// again" (`"completed"`) from "start over" without the English. (rmcp's
/// codec checks the time to live itself and says nothing of why a state
/// does not open, so an expired state is `"invalid"` here, where `Ask`,
/// which reads its own expiry, says `"expired"`.)
fn refused(message: &'static str, reason: &str) -> ErrorData {
    ErrorData::invalid_params(message, Some(serde_json::json!({ "requestState": reason })))
}
const STORE_FULL: &str = "the server holds as many unfinished requests as it may, or these answers are larger than it keeps; nothing was accepted: send the request again later without requestState and inputResponses";
#[cfg(feature = "redis")]
const STORE_FAILED: &str = "the server could not reach the store that keeps the answers of earlier rounds (requestState); nothing was accepted, and those answers may be gone: send the request again later without requestState and inputResponses";

/// Where the twins keep a state between rounds: sealed into the
/// `requestState` itself, or in a store under a single-use random handle
/// that the `requestState` seals instead (bound to the request and expiring
/// the same way), taken out of the store by the round that presents it.
/// Bound states also carry the digest of each question shown and the
/// call's id, and without a store the calls completed are remembered (see
/// the module's doc).
pub struct States {
    codec: RequestStateCodec,
    keeper: Keeper,
    bound: bool,
    /// The calls ended (or running) from one of their states, by id, each
    /// with when its states have all expired and whether a round of it
    /// runs: bound and sealed only.
    calls: Mutex<HashMap<u128, (Instant, bool)>>,
}

enum Keeper {
    Sealed,
    /// Handle to the state's JSON and its expiry, in this process; and
    /// apart, the marks of the handles whose round completed its call.
    #[cfg(feature = "store")]
    Memory(std::sync::Mutex<Memory>),
    /// `SET handle state NX PX ttl`, `GETDEL handle`.
    #[cfg(feature = "redis")]
    Redis(redis::aio::ConnectionManager),
}

/// The states kept in this process, and the marks of completed calls,
/// each with its expiry. The marks never take the states' room (else a
/// server that completed `MAX_STATES` calls within a time to live would
/// refuse every new one); at most `MAX_STATES` of them, the ones that
/// expire first forgotten, a hundredth at a time, as `MemoryStore` does.
#[cfg(feature = "store")]
#[derive(Default)]
pub struct Memory {
    states: HashMap<String, (Vec<u8>, Instant)>,
    marks: HashMap<String, Instant>,
}

/// The most states the memory map holds (a state is under a kilobyte: the
/// forms bound every answer), and the most marks.
#[cfg(feature = "store")]
const MAX_STATES: usize = 10_000;
/// The most calls a process remembers as completed, each until its states
/// expire: `Ask`'s limit (an entry is a few dozen bytes).
const MAX_CALLS: usize = 100_000;
/// The prefix of the twins' keys in Redis.
#[cfg(feature = "redis")]
const PREFIX: &str = "by-hand:state:";

impl States {
    /// The state sealed into the `requestState`.
    pub fn sealed(codec: RequestStateCodec) -> Self {
        States {
            codec,
            keeper: Keeper::Sealed,
            bound: false,
            calls: Mutex::default(),
        }
    }

    /// The same states carrying the digest of each question shown, wherever
    /// they are kept: an answer counts only while its question is
    /// unchanged. And the call's id: without a store, a call completed is
    /// not run again.
    pub fn bound(self) -> Self {
        States {
            bound: true,
            ..self
        }
    }

    /// The state kept in this process's memory, at most `MAX_STATES` of
    /// them.
    #[cfg(feature = "store")]
    pub fn memory(codec: RequestStateCodec) -> Self {
        let map = std::sync::Mutex::default();
        States {
            codec,
            keeper: Keeper::Memory(map),
            bound: false,
            calls: Mutex::default(),
        }
    }

    /// The state kept in the Redis at `url`, waiting at most two seconds
    /// for a connection or a reply.
    #[cfg(feature = "redis")]
    pub async fn redis(codec: RequestStateCodec, url: &str) -> Result<Self, String> {
        let timeout = Some(Duration::from_secs(2));
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(timeout)
            .set_response_timeout(timeout)
            .set_number_of_retries(1);
        let client = redis::Client::open(url).map_err(|error| error.to_string())?;
        let connection = redis::aio::ConnectionManager::new_with_config(client, config)
            .await
            .map_err(|error| error.to_string())?;
        Ok(States {
            codec,
            keeper: Keeper::Redis(connection),
            bound: false,
            calls: Mutex::default(),
        })
    }

    /// The payload the `requestState` seals for `state`: the state, or
    /// with a store the new random handle it is kept under.
    async fn put(&self, state: Vec<u8>) -> Result<Vec<u8>, ErrorData> {
        match &self.keeper {
            Keeper::Sealed => Ok(state),
            #[cfg(feature = "store")]
            Keeper::Memory(map) => {
                let handle = new_handle();
                let now = Instant::now();
                let map = &mut map.lock().expect("no panic while locked").states;
                if map.len() >= MAX_STATES {
                    map.retain(|_, (_, expires)| *expires > now);
                }
                if map.len() >= MAX_STATES {
                    return Err(ErrorData::internal_error(STORE_FULL, None));
                }
                map.insert(handle.clone(), (state, now + TTL));
                Ok(handle.into_bytes())
            }
            #[cfg(feature = "redis")]
            Keeper::Redis(connection) => {
                let handle = new_handle();
                let set: Option<String> = redis::cmd("SET")
                    .arg(format!("{PREFIX}{handle}"))
                    .arg(state)
                    .arg("NX")
                    .arg("PX")
                    .arg(TTL.as_millis() as u64)
                    .query_async(&mut connection.clone())
                    .await
                    .map_err(|_| ErrorData::internal_error(STORE_FAILED, None))?;
                match set {
                    Some(_) => Ok(handle.into_bytes()),
                    None => Err(ErrorData::internal_error(STORE_FAILED, None)),
                }
            }
        }
    }

    /// The state a `requestState` carried, from its opened `payload`: the
    /// payload itself, or with a store the state taken out of it under the
    /// handle (`None` if it holds none: taken before, expired, never put).
    async fn take(&self, payload: Vec<u8>) -> Result<Option<Vec<u8>>, ErrorData> {
        match &self.keeper {
            Keeper::Sealed => Ok(Some(payload)),
            #[cfg(feature = "store")]
            Keeper::Memory(map) => {
                let taken = map
                    .lock()
                    .expect("no panic while locked")
                    .states
                    .remove(handle(&payload)?);
                let now = Instant::now();
                Ok(taken
                    .filter(|(_, expires)| *expires > now)
                    .map(|(state, _)| state))
            }
            #[cfg(feature = "redis")]
            Keeper::Redis(connection) => redis::cmd("GETDEL")
                .arg(format!("{PREFIX}{}", handle(&payload)?))
                .query_async(&mut connection.clone())
                .await
                .map_err(|_| ErrorData::internal_error(STORE_FAILED, None)),
        }
    }
}

impl States {
    /// With a store, after a round that took the state under `handle`:
    /// a round that ended other than by asking completed its call, and a
    /// mark under `handle` and `.completed` says so for the time to live,
    /// so that a replay of it is refused as completed, on every process
    /// that shares the store. A store that cannot keep it leaves such a
    /// replay refused as used.
    async fn settled(&self, handle: Option<String>, reply: &Reply) {
        let Some(handle) = handle else { return };
        if let Ok(CallToolResponse::InputRequired(_)) = reply {
            return;
        }
        match &self.keeper {
            // No handle comes without a store.
            Keeper::Sealed => {
                let _ = handle;
            }
            #[cfg(feature = "store")]
            Keeper::Memory(map) => {
                let now = Instant::now();
                let marks = &mut map.lock().expect("no panic while locked").marks;
                if marks.len() >= MAX_STATES {
                    marks.retain(|_, expires| *expires > now);
                }
                if marks.len() >= MAX_STATES {
                    let mut by_expiry: Vec<(Instant, String)> = marks
                        .iter()
                        .map(|(handle, expires)| (*expires, handle.clone()))
                        .collect();
                    let forget = MAX_STATES / 100;
                    by_expiry.select_nth_unstable(forget - 1);
                    for (_, handle) in &by_expiry[..forget] {
                        marks.remove(handle);
                    }
                }
                marks.insert(handle, now + TTL);
            }
            #[cfg(feature = "redis")]
            Keeper::Redis(connection) => {
                let _: Result<Option<String>, _> = redis::cmd("SET")
                    .arg(format!("{PREFIX}{handle}.completed"))
                    .arg("completed")
                    .arg("NX")
                    .arg("PX")
                    .arg(TTL.as_millis() as u64)
                    .query_async(&mut connection.clone())
                    .await;
            }
        }
    }

    /// Whether the store keeps the mark that the round taken under
    /// `handle` completed its call.
    #[cfg(feature = "store")]
    async fn completed(&self, handle: &str) -> Result<bool, ErrorData> {
        match &self.keeper {
            Keeper::Sealed => Ok(false),
            Keeper::Memory(map) => {
                let now = Instant::now();
                let map = map.lock().expect("no panic while locked");
                Ok(map.marks.get(handle).is_some_and(|expires| *expires > now))
            }
            #[cfg(feature = "redis")]
            Keeper::Redis(connection) => redis::cmd("EXISTS")
                .arg(format!("{PREFIX}{handle}.completed"))
                .query_async::<bool>(&mut connection.clone())
                .await
                .map_err(|_| ErrorData::internal_error(STORE_FAILED, None)),
        }
    }
}

/// A new handle: 128 random bits from the OS, as 32 hex digits.
#[cfg(feature = "store")]
fn new_handle() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the OS's random number generator");
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The handle a `requestState` sealed.
#[cfg(feature = "store")]
fn handle(payload: &[u8]) -> Result<&str, ErrorData> {
    std::str::from_utf8(payload).map_err(|_| refused(STATE_REFUSED, "invalid"))
}

/// The state the client echoed, opened (and with a store, taken), with the
/// handle it was taken under: `None` without one. With a store, a handle
/// taken before is refused as used, or as completed where the round that
/// took it completed its call ([`States::settled`]).
async fn open<T: DeserializeOwned>(
    states: &States,
    state: Option<&str>,
    binding: &[u8],
) -> Result<Option<(T, Option<String>)>, ErrorData> {
    let Some(state) = state else {
        return Ok(None);
    };
    let Ok(payload) = states.codec.open_with(state, binding) else {
        return Err(refused(STATE_REFUSED, "invalid"));
    };
    let handle = match states.keeper {
        Keeper::Sealed => None,
        #[cfg(feature = "store")]
        _ => Some(handle(&payload)?.to_owned()),
    };
    let Some(payload) = states.take(payload).await? else {
        #[cfg(feature = "store")]
        if let Some(handle) = &handle {
            if states.completed(handle).await? {
                return Err(refused(CALL_COMPLETED, "completed"));
            }
        }
        return Err(refused(STATE_USED, "used"));
    };
    match serde_json::from_slice(&payload) {
        Ok(state) => Ok(Some((state, handle))),
        Err(_) => Err(refused(STATE_REFUSED, "invalid")),
    }
}

/// The result that asks `request` under `key`, with `state` sealed (or
/// kept, and its handle sealed).
async fn ask<T: Serialize>(
    states: &States,
    binding: &[u8],
    state: &T,
    key: &str,
    request: ElicitRequestParams,
) -> Reply {
    let payload = states
        .put(serde_json::to_vec(state).expect("a state serializes"))
        .await?;
    let options = SealOptions::new().associated_data(binding).ttl(TTL);
    let sealed = states.codec.seal_with(&payload, &options);
    let mut requests = InputRequests::new();
    let request = InputRequest::Elicitation(ElicitRequest::new(request));
    requests.insert(key.to_owned(), request);
    Ok(InputRequiredResult::new(Some(requests), Some(sealed)).into())
}

fn done(text: String) -> Reply {
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
}

// ---------------------------------------------------------------------------
// Calls completed once (bound states)
// ---------------------------------------------------------------------------

impl States {
    /// A new call's id, bound: 128 random bits from the OS, as 32 hex
    /// digits, carried by every state of the call. Unbound, none.
    fn new_call(&self) -> Option<String> {
        self.bound.then(|| {
            let mut bytes = [0u8; 16];
            getrandom::fill(&mut bytes).expect("the OS's random number generator");
            format!("{:032x}", u128::from_be_bytes(bytes))
        })
    }

    /// Claims `call`, the id a state carried, before a round of it runs:
    /// refused if the call completed (or is running) in this process and
    /// its states may still be presented. Only states sealed whole carry a
    /// call to claim here; with a store, the store takes each state once.
    fn claim(&self, call: Option<&str>) -> Result<Claim<'_>, ErrorData> {
        let call = match (&self.keeper, call) {
            (Keeper::Sealed, Some(call)) => call,
            _ => {
                return Ok(Claim {
                    states: self,
                    call: None,
                })
            }
        };
        let call = match u128::from_str_radix(call, 16) {
            Ok(id) if call.len() == 32 => id,
            _ => return Err(refused(STATE_REFUSED, "invalid")),
        };
        let now = Instant::now();
        let mut calls = self.calls.lock().expect("no panic while locked");
        if calls.get(&call).is_some_and(|(expires, _)| *expires > now) {
            return Err(refused(CALL_COMPLETED, "completed"));
        }
        if calls.len() >= MAX_CALLS {
            // The expired calls go, then the hundredth of the bound that
            // ended and expire first.
            calls.retain(|_, (expires, running)| *expires > now || *running);
            let mut ended: Vec<(Instant, u128)> = calls
                .iter()
                .filter(|(_, (_, running))| !running)
                .map(|(call, (expires, _))| (*expires, *call))
                .collect();
            let forget = (MAX_CALLS / 100).min(ended.len());
            if forget > 0 && calls.len() >= MAX_CALLS {
                ended.select_nth_unstable(forget - 1);
                for (_, call) in &ended[..forget] {
                    calls.remove(call);
                }
            }
        }
        if calls.len() >= MAX_CALLS {
            return Err(ErrorData::internal_error(STORE_FULL, None));
        }
        // Every state of the call was sealed before now: none outlives this.
        calls.insert(call, (now + TTL, true));
        Ok(Claim {
            states: self,
            call: Some(call),
        })
    }
}

/// A call claimed while a round of it runs from one of its states: settled
/// with a round that asks, the claim goes (nothing was done, and the round
/// may come again); with any other end (a result, the error result of an
/// answer refused too often, a JSON-RPC error), or dropped unsettled, the
/// call ended: it stays remembered until its states expire.
struct Claim<'s> {
    states: &'s States,
    call: Option<u128>,
}

impl Claim<'_> {
    fn settle(mut self, reply: &Reply) {
        if let (Some(call), Ok(CallToolResponse::InputRequired(_))) = (self.call.take(), reply) {
            let mut calls = self.states.calls.lock().expect("no panic while locked");
            calls.remove(&call);
        }
    }
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        if let Some(call) = self.call {
            let mut calls = self.states.calls.lock().expect("no panic while locked");
            if let Some((_, running)) = calls.get_mut(&call) {
                *running = false;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The questions shown (bound states)
// ---------------------------------------------------------------------------

/// The digest of each question a bound state carries, per key: those
/// answered so far and the one its round asked. Empty unless bound.
type Digests = BTreeMap<String, String>;

/// The hex SHA-256 of `form`'s JSON: the question as shown, built with no
/// reasons and nothing pre-filled.
fn digest(form: &ElicitRequestParams) -> String {
    let json = serde_json::to_vec(form).expect("a form serializes");
    Sha256::digest(json)
        .iter()
        .fold(String::with_capacity(64), |mut hex, byte| {
            const DIGITS: &[u8; 16] = b"0123456789abcdef";
            hex.push(char::from(DIGITS[usize::from(byte >> 4)]));
            hex.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
            hex
        })
}

impl States {
    /// With bound states, seals the digest of `form`, asked under `key`.
    fn shown(&self, digests: &mut Digests, key: &str, form: &ElicitRequestParams) {
        if self.bound {
            digests.insert(key.to_owned(), digest(form));
        }
    }

    /// With bound states, how the question under `key`, as `form` builds it
    /// now, stands to the one `digests` sealed, and the form built; from
    /// then on `digests` holds the question as it is now. Unbound,
    /// [`Shown::Same`], and no form is built.
    fn reached(
        &self,
        digests: &mut Digests,
        key: &str,
        form: impl FnOnce() -> ElicitRequestParams,
    ) -> (Shown, Option<ElicitRequestParams>) {
        if !self.bound {
            return (Shown::Same, None);
        }
        let form = form();
        let now = digest(&form);
        let shown = match digests.get_mut(key) {
            Some(sealed) if *sealed == now => Shown::Same,
            Some(sealed) => {
                *sealed = now;
                Shown::Changed
            }
            None => {
                digests.insert(key.to_owned(), now);
                Shown::New
            }
        };
        (shown, Some(form))
    }
}

/// How a question, as a round builds it, stands to the one a bound state
/// sealed under its key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// As it was shown (and always, unless bound).
    Same,
    /// Shown, and changed since (its options, its message): an answer given
    /// to it counts while the question as it is now takes it, and one it
    /// does not take is asked again without counting an attempt. A question
    /// only a person may answer (a confirmation) is a new one instead.
    Changed,
    /// Not shown before.
    New,
}

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/// An `ElicitResult`, read.
enum Answer {
    Accept(Map<String, Value>),
    Decline,
    Cancel,
}

/// The JSON-RPC error for a malformed `ElicitResult`.
fn malformed(message: String, found: Value) -> ErrorData {
    let entry = object([
        ("field", Value::Null),
        ("value", found),
        ("message", Value::from(message.clone())),
    ]);
    let data = object([("errors", Value::Array(vec![entry]))]);
    ErrorData::invalid_params(
        format!("the client's answer was rejected: {message}"),
        Some(data),
    )
}

fn read(result: Value) -> Result<Answer, ErrorData> {
    let Value::Object(mut result) = result else {
        let message = format!(
            "malformed ElicitResult: an ElicitResult must be a JSON object (found {result})"
        );
        return Err(malformed(message, result));
    };
    let Some(action) = result.remove("action") else {
        let found = Value::Object(result);
        return Err(malformed(
            format!("malformed ElicitResult: missing `action` (found {found})"),
            found,
        ));
    };
    match action.as_str() {
        Some("accept") => match result.remove("content") {
            None => Ok(Answer::Accept(Map::new())),
            Some(Value::Object(content)) => Ok(Answer::Accept(content)),
            Some(found) => Err(malformed(
                format!("malformed ElicitResult: `content` must be a JSON object (found {found})"),
                found,
            )),
        },
        Some("decline") => Ok(Answer::Decline),
        Some("cancel") => Ok(Answer::Cancel),
        _ => Err(malformed(
            format!(r#"unknown action {action}: expected "accept", "decline" or "cancel""#),
            action,
        )),
    }
}

fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
    )
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// A field of a form: its key, the label a person sees (its title, else
/// its key), whether it is required.
struct Field {
    key: &'static str,
    label: &'static str,
    required: bool,
}

/// Why a field's answer was refused: what a person reads, what the model
/// reads, the field's entry in the result's `data`, and whether it is a
/// value that is not one of the options (after the options changed, one
/// the change took away).
struct Refusal {
    reason: String,
    message: String,
    data: Value,
    withdrawn: bool,
}

type Refused = Box<Refusal>;

impl Field {
    fn refuse(&self, reason: String, message: String, extra: Vec<(&str, Value)>) -> Refused {
        let message = format!("field `{}`: {message}", self.key);
        let mut data = Map::new();
        data.insert("field".to_owned(), Value::from(self.key));
        for (key, value) in extra {
            data.insert(key.to_owned(), value);
        }
        data.insert("message".to_owned(), Value::from(message.clone()));
        Box::new(Refusal {
            reason: format!("{}: {reason}", self.label),
            message,
            data: Value::Object(data),
            withdrawn: false,
        })
    }

    /// The answer under the key (an optional field's `null` being none); a
    /// required one missing is refused.
    fn value<'c>(&self, content: &'c Map<String, Value>) -> Result<Option<&'c Value>, Refused> {
        let value = content.get(self.key);
        match value.filter(|value| self.required || !value.is_null()) {
            None if self.required => Err(self.refuse(
                "this answer is required.".to_owned(),
                "missing value for a required field".to_owned(),
                vec![],
            )),
            value => Ok(value),
        }
    }

    fn wrong_type(&self, reason: String, expected: &str, found: &Value) -> Refused {
        let (article, schema_type) = match expected {
            "string" => ("a string", "string"),
            "array" => ("an array", "array"),
            "boolean" => ("a boolean", "boolean"),
            _ => ("a number", "number"),
        };
        let mut message = format!("wrong type: expected {article}, found {}", kind(found));
        match (expected, found) {
            ("array", Value::String(_)) => {
                message.push_str("; a multi-select answer is an array of strings")
            }
            ("string", Value::Array(_)) => {
                message.push_str("; a single-select answer is one string")
            }
            _ => {}
        }
        let extra = vec![("value", found.clone()), ("type", Value::from(schema_type))];
        self.refuse(reason, message, extra)
    }
}

/// `a string ("x")`, as a message names what was found.
fn kind(found: &Value) -> String {
    let name = match found {
        Value::Null => return "null".to_owned(),
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    };
    format!("{name} ({found})")
}

/// `“text”`, cut after 40 characters, control characters as spaces.
fn quote(text: &str) -> String {
    let mut quoted = String::from("“");
    for (count, c) in text.chars().enumerate() {
        if count == 40 {
            quoted.push('…');
            break;
        }
        quoted.push(if c.is_control() { ' ' } else { c });
    }
    quoted.push('”');
    quoted
}

/// The options' titles, quoted: `“A”, “B” or “C”`.
fn choices(options: &[(&str, &str)]) -> String {
    let mut text = String::new();
    for (index, (_, title)) in options.iter().enumerate() {
        if index > 0 {
            text.push_str(if index + 1 == options.len() {
                " or "
            } else {
                ", "
            });
        }
        text.push_str(&quote(title));
    }
    text
}

/// `expected one of "a", "b"`.
fn expected(options: &[(&str, &str)]) -> String {
    let values: Vec<String> = options
        .iter()
        .map(|(value, _)| format!("{value:?}"))
        .collect();
    format!("expected one of {}", values.join(", "))
}

fn values(options: &[(&str, &str)]) -> Value {
    Value::Array(
        options
            .iter()
            .map(|(value, _)| Value::from(*value))
            .collect(),
    )
}

/// The option whose title (not value) the client sent.
fn by_title<'o>(options: &[(&'o str, &'o str)], sent: &str) -> Option<(&'o str, &'o str)> {
    options
        .iter()
        .copied()
        .find(|(value, title)| title == &sent && value != title)
}

/// "not" one of the choices, or, once the question `changed` since the
/// answer was given to it, "no longer".
fn not(changed: bool) -> &'static str {
    if changed {
        "no longer"
    } else {
        "not"
    }
}

/// A refused value that is an option's title: asked again with that option
/// pre-selected.
fn title_sent(option: (&str, &str)) -> String {
    format!("please choose {} again from the list.", quote(option.1))
}

/// A single-select: one of `options` (value, title; an untitled option's
/// title is its value). Also returns what a second chance pre-fills.
/// `changed`: the answer was given to the question as it was before it
/// changed, so a value not offered is "no longer" one of the choices.
fn single<'o>(
    field: &Field,
    value: &Value,
    options: &[(&'o str, &'o str)],
    changed: bool,
) -> Result<(&'o str, &'o str), (Refused, Option<Value>)> {
    let Value::String(sent) = value else {
        let reason = format!("choose {}.", choices(options));
        return Err((field.wrong_type(reason, "string", value), None));
    };
    if let Some(chosen) = options.iter().find(|(value, _)| value == sent) {
        return Ok(*chosen);
    }
    let titled = by_title(options, sent);
    let (reason, hint) = match titled {
        Some(option) => (
            title_sent(option),
            format!(
                "the client sent the title of option {:?} instead of its value; ",
                option.0
            ),
        ),
        None => (
            format!(
                "{} is {} one of the choices; choose {}.",
                quote(sent),
                not(changed),
                choices(options)
            ),
            String::new(),
        ),
    };
    let message = format!("invalid value {sent:?}: {hint}{}", expected(options));
    let extra = vec![("value", value.clone()), ("allowed", values(options))];
    let kept = titled.map(|(value, _)| Value::from(value));
    let mut refused = field.refuse(reason, message, extra);
    refused.withdrawn = titled.is_none();
    Err((refused, kept))
}

/// A multi-select: distinct options, `min..=max` of them. Also returns what
/// a second chance pre-fills: the valid options, when they fit the bounds.
/// `changed` as for [`single`].
fn multi<'o>(
    field: &Field,
    value: &Value,
    options: &[(&'o str, &'o str)],
    (min, max): (usize, usize),
    changed: bool,
) -> Result<Vec<&'o str>, (Refused, Option<Value>)> {
    let Value::Array(items) = value else {
        let reason = "choose from the list.".to_owned();
        return Err((field.wrong_type(reason, "array", value), None));
    };
    let kept = || {
        let mut kept: Vec<&str> = Vec::new();
        for item in items.iter().take(options.len()).filter_map(Value::as_str) {
            let found = options
                .iter()
                .find(|(value, title)| value == &item || title == &item);
            if let Some((value, _)) = found.filter(|(value, _)| !kept.contains(value)) {
                kept.push(value);
            }
        }
        (min..=max).contains(&kept.len()).then(|| Value::from(kept))
    };
    let count = items.len();
    let bound = if count < min {
        Some((
            format!("pick at least {min}; you picked {count}."),
            format!("too few items: selected {count}, at least {min} required"),
            ("minItems", min),
        ))
    } else if count > max {
        Some((
            format!("pick at most {max}; you picked {count}."),
            format!("too many items: selected {count}, at most {max} allowed"),
            ("maxItems", max),
        ))
    } else {
        None
    };
    if let Some((reason, message, (keyword, bound))) = bound {
        let extra = vec![("value", value.clone()), (keyword, Value::from(bound))];
        return Err((field.refuse(reason, message, extra), kept()));
    }
    let mut chosen: Vec<&str> = Vec::with_capacity(count);
    for (index, item) in items.iter().enumerate() {
        let found = item
            .as_str()
            .and_then(|item| options.iter().find(|(value, _)| value == &item));
        let refused = match found {
            Some((value, _)) if chosen.contains(value) => {
                let reason = format!(
                    "{} is chosen twice; choose each at most once.",
                    item_text(item)
                );
                let message = format!(
                    "duplicate item at index {index}: {item} names an option that is already selected"
                );
                let extra = vec![("value", value_of(items)), ("index", Value::from(index))];
                field.refuse(reason, message, extra)
            }
            Some((value, _)) => {
                chosen.push(value);
                continue;
            }
            None => {
                let titled = item.as_str().and_then(|item| by_title(options, item));
                let reason = match titled {
                    Some(option) => title_sent(option),
                    None => format!(
                        "{} is {} one of the choices; choose from {}.",
                        item_text(item),
                        not(changed),
                        choices(options)
                    ),
                };
                let what = match (item, titled) {
                    (Value::String(text), Some(option)) => format!(
                        "{text:?} is not an option; the client sent the title of option {:?} instead of its value; ",
                        option.0
                    ),
                    (Value::String(text), None) => format!("{text:?} is not an option; "),
                    (other, _) => format!("expected a string, found {}; ", kind(other)),
                };
                let message = format!("invalid item at index {index}: {what}{}", expected(options));
                let extra = vec![
                    ("value", value_of(items)),
                    ("index", Value::from(index)),
                    ("allowed", values(options)),
                ];
                let mut refused = field.refuse(reason, message, extra);
                refused.withdrawn = titled.is_none();
                refused
            }
        };
        return Err((refused, kept()));
    }
    Ok(chosen)
}

fn value_of(items: &[Value]) -> Value {
    Value::Array(items.to_vec())
}

fn item_text(item: &Value) -> String {
    match item {
        Value::String(text) => quote(text),
        other => quote(&other.to_string()),
    }
}

/// A whole number within `min..=max`.
fn integer(field: &Field, value: &Value, (min, max): (i64, i64)) -> Result<i64, Refused> {
    let Value::Number(number) = value else {
        return Err(field.wrong_type("the answer must be a number.".to_owned(), "number", value));
    };
    let whole = match (number.as_i64(), number.as_f64()) {
        (Some(whole), _) => Some(whole),
        // A float with no fraction, within the range checked below.
        #[allow(clippy::cast_possible_truncation)]
        (None, Some(float)) if float.fract() == 0.0 && float.abs() < 1e15 => Some(float as i64),
        _ => None,
    };
    let Some(whole) = whole else {
        let reason = format!(
            "enter a whole number; you entered {}.",
            quote(&number.to_string())
        );
        let message = format!("not an integer: {number} has a fractional part");
        let extra = vec![("value", value.clone()), ("type", Value::from("integer"))];
        return Err(field.refuse(reason, message, extra));
    };
    if !(min..=max).contains(&whole) {
        let reason = format!(
            "enter a number from {min} to {max}; you entered {}.",
            quote(&number.to_string())
        );
        let message = format!("out of range: {number} is not between {min} and {max}");
        let extra = vec![
            ("value", value.clone()),
            ("minimum", Value::from(min)),
            ("maximum", Value::from(max)),
        ];
        return Err(field.refuse(reason, message, extra));
    }
    Ok(whole)
}

fn boolean(field: &Field, value: &Value) -> Result<bool, Refused> {
    value.as_bool().ok_or_else(|| {
        field.wrong_type("the answer must be yes or no.".to_owned(), "boolean", value)
    })
}

/// A text of at most `max` characters.
fn text<'v>(field: &Field, value: &'v Value, max: usize) -> Result<&'v str, Refused> {
    let Value::String(text) = value else {
        return Err(field.wrong_type("the answer must be a text.".to_owned(), "string", value));
    };
    let count = text.chars().count();
    if count > max {
        let characters = if count == 1 {
            "1 character".to_owned()
        } else {
            format!("{count} characters")
        };
        let reason = format!("enter at most {max} characters; you entered {count}.");
        let message = format!("too long: {characters}, at most {max} allowed");
        let extra = vec![("value", value.clone()), ("maxLength", Value::from(max))];
        return Err(field.refuse(reason, message, extra));
    }
    Ok(text)
}

/// After a refused answer: the reasons to ask again with (they follow the
/// question's message), or, when the question was asked `MAX_ATTEMPTS`
/// times, the error result. An answer to a question that changed since it
/// was shown ([`Shown::Changed`]), refused only for values the change took
/// away, is no mistake of the person's: it is asked again, no attempt
/// counted; refused for anything else, it counts as any other.
fn second_chance(
    attempts: &mut u32,
    refused: &[Refused],
    shown: Shown,
) -> Result<String, Box<CallToolResponse>> {
    let reasons: Vec<&str> = refused
        .iter()
        .map(|refused| refused.reason.as_str())
        .collect();
    let reasons = format!("\n\n{}", reasons.join("\n"));
    if shown == Shown::Changed && refused.iter().all(|refused| refused.withdrawn) {
        return Ok(reasons);
    }
    *attempts += 1;
    if *attempts >= MAX_ATTEMPTS {
        let message = match refused {
            [one] => one.message.clone(),
            many => {
                let parts: Vec<&str> = many
                    .iter()
                    .map(|refused| refused.message.as_str())
                    .collect();
                format!("{} fields rejected: {}", many.len(), parts.join("; "))
            }
        };
        let text = format!("the client's answer was rejected: {message}");
        let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
        let errors = refused.iter().map(|refused| refused.data.clone()).collect();
        result.structured_content = Some(object([("errors", Value::Array(errors))]));
        return Err(Box::new(result.into()));
    }
    Ok(reasons)
}

// ---------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------

fn form(
    message: String,
    properties: Vec<(&str, PrimitiveSchemaDefinition)>,
    required: &[&str],
) -> ElicitRequestParams {
    let order = properties
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    let properties = properties
        .into_iter()
        .map(|(name, property)| (name.to_owned(), property))
        .collect();
    let mut schema = ElicitationSchema::new(properties);
    schema.property_order = Some(order);
    schema.required = Some(required.iter().map(|name| (*name).to_owned()).collect());
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema: schema,
    }
}

fn titled(options: &[(&str, &str)]) -> Vec<ConstTitle> {
    options
        .iter()
        .map(|(value, title)| ConstTitle::new(*value, *title))
        .collect()
}

/// A titled single-select property.
fn select(
    title: Option<&'static str>,
    description: Option<&'static str>,
    options: &[(&str, &str)],
    default: Option<String>,
) -> PrimitiveSchemaDefinition {
    let mut select = TitledSingleSelectEnumSchema::new(titled(options));
    select.title = title.map(Cow::Borrowed);
    select.description = description.map(Cow::Borrowed);
    select.default = default;
    PrimitiveSchemaDefinition::Enum(EnumSchema::Single(SingleSelectEnumSchema::Titled(select)))
}

/// A pre-filled value as a multi-select's `default`.
fn strings(value: Option<Value>) -> Option<Vec<String>> {
    let Some(Value::Array(items)) = value else {
        return None;
    };
    Some(
        items
            .iter()
            .filter_map(|item| item.as_str().map(str::to_owned))
            .collect(),
    )
}

// ---------------------------------------------------------------------------
// test_two_questions
// ---------------------------------------------------------------------------

const SEVERITIES: &[(&str, &str)] = &[
    ("low", "Low: no user impact"),
    ("high", "High: users are affected"),
];
const SERVICES: &[(&str, &str)] = &[
    ("checkout", "checkout"),
    ("search", "search"),
    ("login", "login"),
];
const SEVERITY: Field = Field {
    key: "severity",
    label: "Severity",
    required: true,
};
const AFFECTED: Field = Field {
    key: "services",
    label: "Affected services",
    required: true,
};

/// What the state of `test_two_questions` carries.
#[derive(Serialize, Deserialize, Default)]
struct Triage {
    /// The call's id (bound states only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    call: Option<String>,
    /// The question the sealing round asked: `triage` or `impact`.
    asked: TriageQuestion,
    #[serde(default, skip_serializing_if = "is_zero")]
    attempts: u32,
    /// The severity, once answered (only a high one asks on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    severity: Option<String>,
    /// The questions shown (bound states only).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    questions: Digests,
}

#[derive(Serialize, Deserialize, Default, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum TriageQuestion {
    #[default]
    Triage,
    Impact,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(count: &u32) -> bool {
    *count == 0
}

fn triage_form(reasons: &str, default: Option<String>) -> ElicitRequestParams {
    let description = Some("How bad it is for the users of the service.");
    let severity = select(Some("Severity"), description, SEVERITIES, default);
    form(
        format!("How bad is it?{reasons}"),
        vec![("severity", severity)],
        &["severity"],
    )
}

fn impact_form(reasons: &str, default: Option<Value>) -> ElicitRequestParams {
    let values = SERVICES
        .iter()
        .map(|(value, _)| (*value).to_owned())
        .collect();
    let mut services = EnumSchema::builder(values)
        .multiselect()
        .title("Affected services")
        .description("Every service that shows errors, at most two.")
        .max_items(2)
        .expect("a bound above none")
        .build();
    if let EnumSchema::Multi(MultiSelectEnumSchema::Untitled(services)) = &mut services {
        services.default = strings(default);
    }
    let services = PrimitiveSchemaDefinition::Enum(services);
    let message = format!("Which services are affected?{reasons}");
    form(message, vec![("services", services)], &["services"])
}

fn completed(action: &str, content: &str) -> String {
    format!("Elicitation completed: action={action}, content={content}")
}

/// The answer under `key`, where the state's round asked it.
fn response(responses: &mut Option<InputResponses>, key: &str) -> Option<Value> {
    responses
        .as_mut()
        .and_then(|responses| responses.remove(key))
}

/// `test_two_questions`, by hand.
pub async fn two_questions(
    states: &States,
    tool: &str,
    arguments: &JsonObject,
    state: Option<&str>,
    responses: Option<InputResponses>,
) -> Reply {
    let binding = binding(tool, arguments);
    let Some((state, handle)) = open::<Triage>(states, state, &binding).await? else {
        let mut state = Triage {
            call: states.new_call(),
            ..Triage::default()
        };
        let form = triage_form("", None);
        states.shown(&mut state.questions, "triage", &form);
        return ask(states, &binding, &state, "triage", form).await;
    };
    let claim = states.claim(state.call.as_deref())?;
    let reply = two_questions_from(states, &binding, state, responses).await;
    claim.settle(&reply);
    states.settled(handle, &reply).await;
    reply
}

/// A round of `test_two_questions` that presents `state`.
async fn two_questions_from(
    states: &States,
    binding: &[u8],
    mut state: Triage,
    mut responses: Option<InputResponses>,
) -> Reply {
    // Both questions are built from constants: bound, they change only
    // with this tool's code (a state sealed by another version of it).
    match state.asked {
        TriageQuestion::Triage => {
            let plain = || triage_form("", None);
            let (shown, form) = states.reached(&mut state.questions, "triage", plain);
            if shown == Shown::New {
                state.attempts = 0;
            }
            let Some(answer) = response(&mut responses, "triage") else {
                let form = form.unwrap_or_else(plain);
                return ask(states, binding, &state, "triage", form).await;
            };
            let content = match read(answer)? {
                Answer::Accept(content) => content,
                Answer::Decline => return done(completed("decline", "{}")),
                Answer::Cancel => return done(completed("cancel", "{}")),
            };
            let changed = shown == Shown::Changed;
            let checked = SEVERITY
                .value(&content)
                .map_err(|refused| (refused, None))
                .and_then(|value| {
                    let value = value.unwrap_or(&Value::Null);
                    single(&SEVERITY, value, SEVERITIES, changed)
                });
            match checked {
                Ok((severity, _)) => {
                    let report = completed("accept", &format!(r#"{{"severity":"{severity}"}}"#));
                    if severity != "high" {
                        return done(report);
                    }
                    let mut state = Triage {
                        call: state.call.take(),
                        asked: TriageQuestion::Impact,
                        attempts: 0,
                        severity: Some(severity.to_owned()),
                        questions: std::mem::take(&mut state.questions),
                    };
                    let form = impact_form("", None);
                    states.shown(&mut state.questions, "impact", &form);
                    ask(states, binding, &state, "impact", form).await
                }
                Err((refused, kept)) => {
                    let reasons = match second_chance(&mut state.attempts, &[refused], shown) {
                        Ok(reasons) => reasons,
                        Err(result) => return Ok(*result),
                    };
                    let default = kept.and_then(|kept| kept.as_str().map(str::to_owned));
                    ask(
                        states,
                        binding,
                        &state,
                        "triage",
                        triage_form(&reasons, default),
                    )
                    .await
                }
            }
        }
        TriageQuestion::Impact => {
            let Some(severity) = state.severity.clone().filter(|severity| severity == "high")
            else {
                return Err(refused(STATE_REFUSED, "invalid"));
            };
            // The severity counts while the triage as it is now takes it:
            // "high" is one of its constant options, so only the digest
            // of the triage may change.
            states.reached(&mut state.questions, "triage", || triage_form("", None));
            let plain = || impact_form("", None);
            let (shown, form) = states.reached(&mut state.questions, "impact", plain);
            if shown == Shown::New {
                state.attempts = 0;
            }
            let Some(answer) = response(&mut responses, "impact") else {
                let form = form.unwrap_or_else(plain);
                return ask(states, binding, &state, "impact", form).await;
            };
            let triage = completed("accept", &format!(r#"{{"severity":"{severity}"}}"#));
            let content = match read(answer)? {
                Answer::Accept(content) => content,
                Answer::Decline => {
                    return done(format!("{triage}; {}", completed("decline", "{}")))
                }
                Answer::Cancel => return done(format!("{triage}; {}", completed("cancel", "{}"))),
            };
            let changed = shown == Shown::Changed;
            let checked = AFFECTED
                .value(&content)
                .map_err(|refused| (refused, None))
                .and_then(|value| {
                    let value = value.unwrap_or(&Value::Null);
                    multi(&AFFECTED, value, SERVICES, (0, 2), changed)
                });
            match checked {
                Ok(services) => {
                    let content = serde_json::to_string(&services).expect("strings serialize");
                    let impact = completed("accept", &format!(r#"{{"services":{content}}}"#));
                    done(format!("{triage}; {impact}"))
                }
                Err((refused, kept)) => {
                    let reasons = match second_chance(&mut state.attempts, &[refused], shown) {
                        Ok(reasons) => reasons,
                        Err(result) => return Ok(*result),
                    };
                    ask(
                        states,
                        binding,
                        &state,
                        "impact",
                        impact_form(&reasons, kept),
                    )
                    .await
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// deploy
// ---------------------------------------------------------------------------

const SERVICE: &str = "checkout-api v2.14.0";
const REGIONS: &[(&str, &str)] = &[
    ("eu-central-1", "Frankfurt (eu-central-1)"),
    ("us-east-1", "Virginia (us-east-1)"),
    ("ap-northeast-1", "Tokyo (ap-northeast-1)"),
];
const CONFIRM: &[(&str, &str)] = &[("yes", "Yes"), ("no", "No")];
const ENVIRONMENT: Field = Field {
    key: "environment",
    label: "Environment",
    required: true,
};
const REPLICAS: Field = Field {
    key: "replicas",
    label: "Replicas",
    required: true,
};
const REGION: Field = Field {
    key: "regions",
    label: "Regions",
    required: true,
};
const CANARY: Field = Field {
    key: "canaryFirst",
    label: "Canary first",
    required: true,
};
const NOTES: Field = Field {
    key: "notes",
    label: "Notes",
    required: false,
};
const CONFIRMED: Field = Field {
    key: "confirm",
    label: "confirm",
    required: true,
};

/// The environments, as a server reads them from its configuration on
/// every round (as `deploy.rs` reads them): the caller of [`deploy`] reads
/// them.
pub fn environments() -> Vec<(String, String)> {
    [
        ("staging", "Staging"),
        ("prod-eu", "Production (EU)"),
        ("prod-us", "Production (US)"),
    ]
    .into_iter()
    .map(|(value, title)| (value.to_owned(), title.to_owned()))
    .collect()
}

/// What the state of the deploy tool carries.
#[derive(Serialize, Deserialize, Default)]
struct Deploy {
    /// The call's id (bound states only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    call: Option<String>,
    asked: DeployQuestion,
    #[serde(default, skip_serializing_if = "is_zero")]
    attempts: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    environment: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rollout: Option<Rollout>,
    /// The questions shown (bound states only).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    questions: Digests,
}

#[derive(Serialize, Deserialize, Default, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum DeployQuestion {
    #[default]
    Target,
    Rollout,
    Confirm,
}

impl DeployQuestion {
    /// The key it is asked under.
    fn key(self) -> &'static str {
        match self {
            DeployQuestion::Target => "target",
            DeployQuestion::Rollout => "rollout",
            DeployQuestion::Confirm => "confirm",
        }
    }
}

impl Deploy {
    /// The answers to `question` refused so far: those the state counts if
    /// its round asked it, whether or not it changed since (a new question
    /// only a person may answer starts again).
    fn attempts_of(&self, question: DeployQuestion, shown: Shown) -> u32 {
        if self.asked == question && shown != Shown::New {
            self.attempts
        } else {
            0
        }
    }

    /// The result that asks `question` with `form`, its `attempts` so far,
    /// this state sealed: bound, with the digests of the questions answered
    /// and of the one asked (a question asked earlier that this round did
    /// not reach goes, its attempts with it).
    async fn ask(
        &mut self,
        states: &States,
        binding: &[u8],
        question: DeployQuestion,
        attempts: u32,
        form: ElicitRequestParams,
    ) -> Reply {
        self.asked = question;
        self.attempts = attempts;
        let (environment, rollout) = (self.environment.is_some(), self.rollout.is_some());
        self.questions.retain(|key, _| match key.as_str() {
            _ if key == question.key() => true,
            "target" => environment,
            "rollout" => rollout,
            _ => false,
        });
        ask(states, binding, self, question.key(), form).await
    }
}

/// The rollout, as accepted (its properties named as the form names them).
#[derive(Serialize, Deserialize, Clone)]
#[serde(rename_all = "camelCase")]
struct Rollout {
    replicas: i64,
    regions: Vec<String>,
    canary_first: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    notes: Option<String>,
}

impl Rollout {
    fn plan(&self, environment: &str, title: &str) -> String {
        format!(
            "{SERVICE} to {title} ({environment}): {} replicas in {}, {}",
            self.replicas,
            self.regions.join(", "),
            if self.canary_first {
                "canary first"
            } else {
                "all at once"
            }
        )
    }
}

/// The values pre-filled when the rollout is asked again.
#[derive(Default)]
struct Prefilled {
    replicas: Option<i64>,
    regions: Option<Value>,
    canary_first: Option<bool>,
    notes: Option<String>,
}

fn target_form(
    environments: &[(&str, &str)],
    reasons: &str,
    default: Option<String>,
) -> ElicitRequestParams {
    let environment = select(Some("Environment"), None, environments, default);
    let message = format!("Deploy {SERVICE}: to which environment?{reasons}");
    form(
        message,
        vec![("environment", environment)],
        &["environment"],
    )
}

fn rollout_form(title: &str, reasons: &str, prefilled: Prefilled) -> ElicitRequestParams {
    let replicas = IntegerSchema::new()
        .range(1, 20)
        .title("Replicas")
        .description("How many replicas to run.")
        .with_default(prefilled.replicas.unwrap_or(2));
    let mut regions = TitledMultiSelectEnumSchema::new(TitledItems::new(titled(REGIONS)))
        .with_title("Regions")
        .with_description("Where to run them, one or two regions.")
        .with_min_items(1)
        .with_max_items(2);
    regions.default = strings(prefilled.regions);
    let canary = BooleanSchema::new()
        .title("Canary first")
        .description("Send a share of the traffic to the new version first.")
        .with_default(prefilled.canary_first.unwrap_or(true));
    let mut notes = StringSchema::new()
        .title("Notes")
        .description("Anything the person on call should know.")
        .max_length(280);
    notes.default = prefilled.notes;
    let properties = vec![
        ("replicas", PrimitiveSchemaDefinition::Integer(replicas)),
        (
            "regions",
            PrimitiveSchemaDefinition::Enum(EnumSchema::Multi(MultiSelectEnumSchema::Titled(
                regions,
            ))),
        ),
        ("canaryFirst", PrimitiveSchemaDefinition::Boolean(canary)),
        ("notes", PrimitiveSchemaDefinition::String(notes)),
    ];
    let message = format!("Deploy {SERVICE} to {title}: how?{reasons}");
    form(message, properties, &["replicas", "regions", "canaryFirst"])
}

fn confirm_form(plan: &str, reasons: &str, default: Option<String>) -> ElicitRequestParams {
    let confirm = select(None, None, CONFIRM, default);
    form(
        format!("Deploy {plan}?{reasons}"),
        vec![("confirm", confirm)],
        &["confirm"],
    )
}

/// Every field of the rollout checked, in the form's order: the rollout, or
/// why not and what to pre-fill; `changed` as for [`single`].
fn check_rollout(
    content: &Map<String, Value>,
    prefilled: &mut Prefilled,
    changed: bool,
) -> Result<Rollout, Vec<Refused>> {
    let mut refused = Vec::new();
    let replicas = REPLICAS.value(content).and_then(|value| {
        value
            .map(|value| integer(&REPLICAS, value, (1, 20)))
            .transpose()
    });
    let replicas = match replicas {
        Ok(replicas) => {
            prefilled.replicas = replicas;
            replicas
        }
        Err(error) => {
            refused.push(error);
            None
        }
    };
    let regions = match REGION.value(content) {
        Err(error) => Err((error, None)),
        Ok(value) => {
            let value = value.unwrap_or(&Value::Null);
            multi(&REGION, value, REGIONS, (1, 2), changed)
        }
    };
    let regions = match regions {
        Ok(regions) => {
            prefilled.regions = Some(Value::from(regions.clone()));
            Some(regions)
        }
        Err((error, kept)) => {
            refused.push(error);
            prefilled.regions = kept;
            None
        }
    };
    let canary = CANARY
        .value(content)
        .and_then(|value| value.map(|value| boolean(&CANARY, value)).transpose());
    let canary = match canary {
        Ok(canary) => {
            prefilled.canary_first = canary;
            canary
        }
        Err(error) => {
            refused.push(error);
            None
        }
    };
    let notes = NOTES
        .value(content)
        .and_then(|value| value.map(|value| text(&NOTES, value, 280)).transpose());
    let notes = match notes {
        Ok(notes) => {
            prefilled.notes = notes.map(str::to_owned);
            notes
        }
        Err(error) => {
            refused.push(error);
            None
        }
    };
    match (replicas, regions, canary) {
        (Some(replicas), Some(regions), Some(canary_first)) if refused.is_empty() => Ok(Rollout {
            replicas,
            regions: regions.into_iter().map(str::to_owned).collect(),
            canary_first,
            notes: notes.map(str::to_owned),
        }),
        _ => Err(refused),
    }
}

/// The deploy tool, by hand, the environment one of `environments` (values
/// and titles).
///
/// Each round walks the three questions in order, as the person answers
/// them, and asks the first that has no answer: an answer the state
/// carries counts while its question, as this round builds it, still takes
/// it (the environments are read anew every round); a response counts
/// only for the question the state's round asked (see [`Shown`] for a
/// question that changed since).
pub async fn deploy(
    states: &States,
    environments: &[(String, String)],
    tool: &str,
    arguments: &JsonObject,
    state: Option<&str>,
    responses: Option<InputResponses>,
) -> Reply {
    let binding = binding(tool, arguments);
    let environments: Vec<(&str, &str)> = environments
        .iter()
        .map(|(value, title)| (value.as_str(), title.as_str()))
        .collect();
    let Some((state, handle)) = open::<Deploy>(states, state, &binding).await? else {
        let mut state = Deploy {
            call: states.new_call(),
            ..Deploy::default()
        };
        let form = target_form(&environments, "", None);
        states.shown(&mut state.questions, "target", &form);
        return ask(states, &binding, &state, "target", form).await;
    };
    let claim = states.claim(state.call.as_deref())?;
    let reply = deploy_from(states, &environments, &binding, state, responses).await;
    claim.settle(&reply);
    states.settled(handle, &reply).await;
    reply
}

/// A round of the deploy tool that presents `state`.
async fn deploy_from(
    states: &States,
    environments: &[(&str, &str)],
    binding: &[u8],
    mut state: Deploy,
    mut responses: Option<InputResponses>,
) -> Reply {
    use DeployQuestion::{Confirm, Rollout, Target};

    // The response to `question`, where it counts: the state's round asked
    // it.
    let asked = state.asked;
    let mut sent = |question: DeployQuestion| {
        (asked == question)
            .then(|| response(&mut responses, question.key()))
            .flatten()
    };

    // The environment: chosen in an earlier round, or now.
    let plain = || target_form(environments, "", None);
    let (shown, form) = states.reached(&mut state.questions, "target", plain);
    let changed = shown == Shown::Changed;
    let mut attempts = state.attempts_of(Target, shown);
    let checked = match state.environment.take() {
        Some(chosen) => {
            let checked = single(&ENVIRONMENT, &Value::from(chosen), environments, changed);
            // Unbound, a change goes unnoticed: an environment gone is a
            // state that no longer holds.
            if checked.is_err() && !changed {
                return Err(refused(STATE_REFUSED, "invalid"));
            }
            checked
        }
        None => {
            let Some(answer) = sent(Target) else {
                let form = form.unwrap_or_else(plain);
                return state.ask(states, binding, Target, attempts, form).await;
            };
            let content = match read(answer)? {
                Answer::Accept(content) => content,
                Answer::Decline | Answer::Cancel => {
                    return done("not deployed: no environment".to_owned())
                }
            };
            ENVIRONMENT
                .value(&content)
                .map_err(|refused| (refused, None))
                .and_then(|value| {
                    let value = value.unwrap_or(&Value::Null);
                    single(&ENVIRONMENT, value, environments, changed)
                })
        }
    };
    let (environment, title) = match checked {
        Ok(chosen) => chosen,
        Err((refused, kept)) => {
            let reasons = match second_chance(&mut attempts, &[refused], shown) {
                Ok(reasons) => reasons,
                Err(result) => return Ok(*result),
            };
            let default = kept.and_then(|kept| kept.as_str().map(str::to_owned));
            let form = target_form(environments, &reasons, default);
            return state.ask(states, binding, Target, attempts, form).await;
        }
    };
    state.environment = Some(environment.to_owned());

    // The rollout. Its form names the environment in its message only: a
    // rollout answered before the environment's title changed, or before
    // another environment was chosen, answers it all the same.
    let plain = || rollout_form(title, "", Prefilled::default());
    let (shown, form) = states.reached(&mut state.questions, "rollout", plain);
    let rollout = match state.rollout.take() {
        Some(rollout) => rollout,
        None => {
            let mut attempts = state.attempts_of(Rollout, shown);
            let Some(answer) = sent(Rollout) else {
                let form = form.unwrap_or_else(plain);
                return state.ask(states, binding, Rollout, attempts, form).await;
            };
            let content = match read(answer)? {
                Answer::Accept(content) => content,
                Answer::Decline | Answer::Cancel => {
                    return done(format!("not deployed: no rollout for {environment}"))
                }
            };
            let mut prefilled = Prefilled::default();
            match check_rollout(&content, &mut prefilled, shown == Shown::Changed) {
                Ok(rollout) => rollout,
                Err(refused) => {
                    let reasons = match second_chance(&mut attempts, &refused, shown) {
                        Ok(reasons) => reasons,
                        Err(result) => return Ok(*result),
                    };
                    let form = rollout_form(title, &reasons, prefilled);
                    return state.ask(states, binding, Rollout, attempts, form).await;
                }
            }
        }
    };
    let plan = rollout.plan(environment, title);
    state.rollout = Some(rollout);

    // The confirmation. Only a person confirms: a response counts only for
    // the plan they were shown, and a plan that changed is a new question.
    let plain = || confirm_form(&plan, "", None);
    let (shown, form) = states.reached(&mut state.questions, "confirm", plain);
    let shown = match shown {
        Shown::Changed => Shown::New,
        shown => shown,
    };
    let mut attempts = state.attempts_of(Confirm, shown);
    let Some(answer) = sent(Confirm).filter(|_| shown == Shown::Same) else {
        let form = form.unwrap_or_else(plain);
        return state.ask(states, binding, Confirm, attempts, form).await;
    };
    let content = match read(answer)? {
        Answer::Accept(content) => content,
        Answer::Decline | Answer::Cancel => return done(format!("not deployed: {plan}")),
    };
    let checked = CONFIRMED
        .value(&content)
        .map_err(|refused| (refused, None))
        .and_then(|value| single(&CONFIRMED, value.unwrap_or(&Value::Null), CONFIRM, false));
    match checked {
        Ok(("yes", _)) => {
            let notes = state.rollout.and_then(|rollout| rollout.notes);
            let notes = notes.as_deref().unwrap_or("none");
            done(format!("deploying {plan}; notes: {notes}"))
        }
        Ok(_) => done(format!("not deployed: {plan}")),
        Err((refused, kept)) => {
            let reasons = match second_chance(&mut attempts, &[refused], shown) {
                Ok(reasons) => reasons,
                Err(result) => return Ok(*result),
            };
            let default = kept.and_then(|kept| kept.as_str().map(str::to_owned));
            let form = confirm_form(&plan, &reasons, default);
            state.ask(states, binding, Confirm, attempts, form).await
        }
    }
}
