//! The answers of a request kept server-side (MCP 2026-07-28): the
//! [`AnswerStore`] a [`RequestStateSeal`](super::RequestStateSeal) may use
//! instead of sealing the answers into the `requestState`, its single-use
//! handles, and [`MemoryStore`], the store of one process.

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::error::StoreError;

/// What the methods of an [`AnswerStore`] return: a boxed future, so that
/// the trait is object-safe (a seal holds an `Arc<dyn AnswerStore>`).
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Where the answers of an MCP 2026-07-28 request wait between rounds, when
/// they should not travel in the `requestState`: a store every server process that may receive a retry
/// shares (Redis: [`RedisStore`](super::RedisStore), feature `redis`), or
/// [`MemoryStore`] for one process. Configured with
/// [`RequestStateSeal::with_store`](super::RequestStateSeal::with_store).
/// Feature `store`.
///
/// The round that asks puts the answers so far under a fresh random handle
/// (128 bits, 32 lowercase hex digits) for the seal's time to live, and the
/// `requestState` carries only the handle, sealed by the seal's
/// [`StateCodec`](super::StateCodec) and bound to the request as before.
/// The next round takes them: `take` must remove what it returns, in one
/// atomic step (Redis `GETDEL`), so that a handle is used once even when
/// two retries race, on two processes. A round that asks again issues a
/// new handle.
///
/// The value stored is the JSON the state would otherwise seal:
/// `{"v":1,"exp":..,"answers":{KEY:{"action":..,"content":{..}},..},"attempts":{KEY:n,..}}`
/// (see [`RequestStateSeal`](super::RequestStateSeal)); a store keeps the
/// bytes as they are.
///
/// An implementation returns [`StoreError`] when it cannot answer
/// (unreachable, timed out); the round then fails with
/// [`ElicitError::Store`](super::ElicitError::Store), and nothing is
/// accepted.
pub trait AnswerStore: Send + Sync + 'static {
    /// Keeps `answers` under `handle` for `ttl`, after which the store may
    /// forget them. `handle` is new: a store may refuse one it already
    /// holds.
    ///
    /// # Errors
    ///
    /// [`StoreError`] if the answers could not be kept.
    fn put<'a>(&'a self, handle: &'a str, answers: Vec<u8>, ttl: Duration) -> StoreFuture<'a, ()>;

    /// Removes the answers under `handle` and returns them, in one atomic
    /// step; `None` if there are none (taken before, expired, or never
    /// put).
    ///
    /// # Errors
    ///
    /// [`StoreError`] if the store could not be asked.
    fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>>;
}

/// The length of a handle in hex digits: 128 random bits.
const HANDLE_LENGTH: usize = 32;

/// A fresh random handle: 128 bits from the operating system, as 32
/// lowercase hex digits.
pub(crate) fn new_handle() -> Result<String, StoreError> {
    let mut bytes = [0u8; HANDLE_LENGTH / 2];
    getrandom::fill(&mut bytes).map_err(|error| {
        StoreError::new(format!(
            "the operating system's random number generator failed: {error}"
        ))
    })?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// Whether `text` is a handle this crate issues.
pub(crate) fn is_handle(text: &str) -> bool {
    text.len() == HANDLE_LENGTH
        && text
            .bytes()
            .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

/// An [`AnswerStore`] in the memory of one process: a map from handle to
/// answers and expiry, behind a mutex. For a server that runs as one
/// process (or whose load balancer sends every retry of a request to the
/// process that asked); otherwise use a store that the processes share,
/// such as [`RedisStore`](super::RedisStore). Clones share the same map.
/// Feature `store`.
///
/// Expired answers are dropped when found and on every `put`, so the map
/// holds at most the requests of one time to live.
///
/// ```
/// use enum_schema::ask::{MemoryStore, RequestStateSeal, StateCodec};
/// # struct MyCodec;
/// # impl StateCodec for MyCodec {
/// #     fn seal(&self, p: &[u8], _: &[u8]) -> Result<String, enum_schema::ask::RequestStateError> { Ok(String::from_utf8_lossy(p).into_owned()) }
/// #     fn open(&self, s: &str, _: &[u8]) -> Result<Vec<u8>, enum_schema::ask::RequestStateError> { Ok(s.as_bytes().to_vec()) }
/// # }
///
/// let seal = RequestStateSeal::new(MyCodec).with_store(MemoryStore::new());
/// assert!(seal.store().is_some());
/// ```
#[derive(Clone, Default)]
pub struct MemoryStore {
    entries: Arc<Mutex<Entries>>,
}

/// The entries, and how many there were after the last sweep of the
/// expired ones: a `put` sweeps when the map has doubled since, so that a
/// `put` costs amortized constant time however many entries wait.
#[derive(Default)]
struct Entries {
    map: HashMap<String, Entry>,
    swept: usize,
}

struct Entry {
    answers: Vec<u8>,
    expires: Instant,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        MemoryStore::default()
    }

    /// How many requests' answers it holds, expired ones left out.
    pub fn len(&self) -> usize {
        let now = Instant::now();
        self.lock()
            .map
            .values()
            .filter(|entry| entry.expires > now)
            .count()
    }

    /// Whether it holds no answers that have not expired.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The number of entries; never the answers.
impl fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryStore")
            .field("len", &self.len())
            .finish()
    }
}

impl AnswerStore for MemoryStore {
    fn put<'a>(&'a self, handle: &'a str, answers: Vec<u8>, ttl: Duration) -> StoreFuture<'a, ()> {
        let now = Instant::now();
        let expires = now
            .checked_add(ttl)
            .unwrap_or(now + Duration::from_secs(86_400 * 365));
        let mut entries = self.lock();
        if entries.map.len() >= 2 * entries.swept.max(64) {
            entries.map.retain(|_, entry| entry.expires > now);
            entries.swept = entries.map.len();
        }
        let kept = if entries.map.contains_key(handle) {
            Err(StoreError::new("the handle is already in use"))
        } else {
            entries
                .map
                .insert(handle.to_owned(), Entry { answers, expires });
            Ok(())
        };
        Box::pin(std::future::ready(kept))
    }

    fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        let taken = self
            .lock()
            .map
            .remove(handle)
            .filter(|entry| entry.expires > Instant::now())
            .map(|entry| entry.answers);
        Box::pin(std::future::ready(Ok(taken)))
    }
}
