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
use super::expiry::forget_first_expiring;
use super::round::CallId;

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
/// [`StateCodec`](super::adapter::StateCodec) and bound to the request as before.
/// The next round takes them: `take` must remove what it returns, in one
/// atomic step (Redis `GETDEL`), so that a handle is used once even when
/// two retries race, on two processes. A round that asks again issues a
/// new handle.
///
/// The value stored is the JSON the state would otherwise seal:
/// `{"v":2,"exp":..,"answers":{KEY:{"action":..,"content":{..}},..},"attempts":{KEY:n,..},"questions":{KEY:"<SHA-256>",..}}`
/// (see [`RequestStateSeal`](super::RequestStateSeal)); a store keeps the
/// bytes as they are.
///
/// An implementation returns [`StoreError`] when it cannot answer
/// (unreachable, timed out); the round then fails with
/// [`ElicitError::Store`](super::ElicitError::Store), and nothing is
/// accepted.
// The link to `RedisStore` is text in a build without `redis` (the
// docs with every feature check it).
#[cfg_attr(not(feature = "redis"), allow(rustdoc::broken_intra_doc_links))]
pub trait AnswerStore: Send + Sync + 'static {
    /// Keeps `answers` under `handle` for `ttl`, after which the store may
    /// forget them. `handle` is new: a store refuses one it already holds
    /// (never overwrites it).
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

/// A fresh random handle: 128 bits from the operating system, as 32
/// lowercase hex digits, drawn and written as a call's id is
/// ([`CallId`]): one code path for both.
pub(crate) fn new_handle() -> Result<String, StoreError> {
    Ok(CallId::new()?.to_hex())
}

/// Whether `text` is a handle this crate issues.
pub(crate) fn is_handle(text: &str) -> bool {
    CallId::from_hex(text).is_some()
}

/// An [`AnswerStore`] in the memory of one process: a map from handle to
/// answers and expiry, behind a mutex. For a server that runs as one
/// process (or whose load balancer sends every retry of a request to the
/// process that asked); otherwise use a store that the processes share,
/// such as [`RedisStore`](super::RedisStore). Clones share the same map;
/// the limits are each clone's own (set them before cloning). Feature
/// `store`.
///
/// Expired answers are dropped when found and when the map has grown, so
/// the map holds at most the requests of one time to live, and never more
/// than its limits: [`DEFAULT_MAX_ENTRIES`](Self::DEFAULT_MAX_ENTRIES)
/// requests and [`DEFAULT_MAX_BYTES`](Self::DEFAULT_MAX_BYTES) of answers
/// unless [`with_max_entries`](Self::with_max_entries) and
/// [`with_max_bytes`](Self::with_max_bytes) say otherwise. A `put` past
/// either limit, once the expired answers are dropped, is refused with a
/// [`StoreError`] whose [`is_full`](StoreError::is_full) is `true`: the
/// round fails with [`ElicitError::Store`](super::ElicitError::Store) and
/// the client is told to send the request again later. Whatever clients
/// send, or leave unfinished, the answers held stay within the bytes limit
/// (counted as the stored JSON's length).
///
/// Besides the answers, a seal with a store remembers in it, for its time
/// to live, each handle whose round completed its call (the key
/// `HANDLE.completed`), so that a replay of that round is refused as
/// [`RequestStateError::Completed`](super::RequestStateError::Completed).
/// A `MemoryStore` keeps these marks apart from the answers: they never
/// count against the answers' limits (a server that completes more calls
/// than `max_entries` within a time to live still takes new ones), and at
/// most `max_entries` of them are kept; past that, the marks that expire
/// first are forgotten, a hundredth of `max_entries` at a time, and a
/// replay of such a round is refused as
/// [`RequestStateError::Consumed`](super::RequestStateError::Consumed):
/// refused all the same.
///
/// ```
/// use enum_schema::ask::{MemoryStore, RequestStateSeal};
/// use enum_schema::ask::adapter::StateCodec;
/// # struct MyCodec;
/// # impl StateCodec for MyCodec {
/// #     fn seal(&self, p: &[u8], _: &[u8]) -> Result<String, enum_schema::ask::RequestStateError> { Ok(String::from_utf8_lossy(p).into_owned()) }
/// #     fn open(&self, s: &str, _: &[u8]) -> Result<Vec<u8>, enum_schema::ask::RequestStateError> { Ok(s.as_bytes().to_vec()) }
/// # }
///
/// let seal = RequestStateSeal::new(MyCodec).with_store(MemoryStore::new());
/// assert!(seal.store().is_some());
/// ```
#[derive(Clone)]
// As on `AnswerStore`.
#[cfg_attr(not(feature = "redis"), allow(rustdoc::broken_intra_doc_links))]
pub struct MemoryStore {
    entries: Arc<Mutex<Entries>>,
    max_entries: usize,
    max_bytes: usize,
}

/// The entries, how many there were after the last sweep of the expired
/// ones (a `put` sweeps when the map has doubled since, so that a `put`
/// costs amortized constant time however many entries wait), and the bytes
/// of answers they hold; and the completion marks, apart.
#[derive(Default)]
struct Entries {
    map: HashMap<String, Entry>,
    swept: usize,
    bytes: usize,
    marks: HashMap<String, Entry>,
}

impl Entries {
    fn sweep(&mut self, now: Instant) {
        self.map.retain(|_, entry| entry.expires > now);
        self.swept = self.map.len();
        self.bytes = self.map.values().map(|entry| entry.answers.len()).sum();
    }
}

struct Entry {
    answers: Vec<u8>,
    expires: Instant,
}

impl Default for MemoryStore {
    fn default() -> Self {
        MemoryStore {
            entries: Arc::default(),
            max_entries: Self::DEFAULT_MAX_ENTRIES,
            max_bytes: Self::DEFAULT_MAX_BYTES,
        }
    }
}

impl MemoryStore {
    /// How many requests' answers a store holds at most unless
    /// [`with_max_entries`](Self::with_max_entries) says otherwise: 10,000,
    /// for a small server (a thousand requests in flight, each waiting on
    /// a person, with room to spare).
    pub const DEFAULT_MAX_ENTRIES: usize = 10_000;

    /// How many bytes of answers a store holds at most unless
    /// [`with_max_bytes`](Self::with_max_bytes) says otherwise: 64 MiB.
    /// The answers of one request are the JSON the state would otherwise
    /// seal; a form whose free-text fields have a `max_length` bounds it.
    pub const DEFAULT_MAX_BYTES: usize = 64 * 1024 * 1024;

    /// An empty store, with the default limits.
    pub fn new() -> Self {
        MemoryStore::default()
    }

    /// The same store holding the answers of at most `entries` requests
    /// (`0` counts as `1`).
    #[must_use]
    pub fn with_max_entries(mut self, entries: usize) -> Self {
        self.max_entries = entries.max(1);
        self
    }

    /// The same store holding at most `bytes` of answers, all requests
    /// together.
    #[must_use]
    pub fn with_max_bytes(mut self, bytes: usize) -> Self {
        self.max_bytes = bytes;
        self
    }

    /// The most requests' answers it holds.
    pub fn max_entries(&self) -> usize {
        self.max_entries
    }

    /// The most bytes of answers it holds.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// The bytes of answers it holds, expired ones included until they
    /// are swept.
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// How many requests' answers it holds, expired ones left out (the
    /// marks of completed calls are not answers, and not counted).
    pub fn len(&self) -> usize {
        let now = Instant::now();
        self.lock()
            .map
            .values()
            .filter(|entry| entry.expires > now)
            .count()
    }

    /// How many marks of completed calls it holds (see above), expired
    /// ones included until they are swept; at most
    /// [`max_entries`](Self::max_entries).
    pub fn marks(&self) -> usize {
        self.lock().marks.len()
    }

    /// Whether it holds no answers that have not expired.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The number of entries and marks; never the answers.
impl fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryStore")
            .field("len", &self.len())
            .field("marks", &self.marks())
            .field("max_entries", &self.max_entries)
            .field("max_bytes", &self.max_bytes)
            .finish()
    }
}

impl AnswerStore for MemoryStore {
    fn put<'a>(&'a self, handle: &'a str, answers: Vec<u8>, ttl: Duration) -> StoreFuture<'a, ()> {
        let now = Instant::now();
        let expires = now
            .checked_add(ttl)
            .unwrap_or(now + Duration::from_secs(86_400 * 365));
        Box::pin(std::future::ready(self.keep(handle, answers, now, expires)))
    }

    fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        let mut entries = self.lock();
        let taken = if is_completion_mark(handle) {
            entries.marks.remove(handle)
        } else {
            let taken = entries.map.remove(handle);
            if let Some(entry) = &taken {
                entries.bytes -= entry.answers.len();
            }
            taken
        };
        let taken = taken
            .filter(|entry| entry.expires > Instant::now())
            .map(|entry| entry.answers);
        Box::pin(std::future::ready(Ok(taken)))
    }
}

impl MemoryStore {
    /// `put`, within the limits.
    fn keep(
        &self,
        handle: &str,
        answers: Vec<u8>,
        now: Instant,
        expires: Instant,
    ) -> Result<(), StoreError> {
        if is_completion_mark(handle) {
            return self.keep_mark(handle, answers, now, expires);
        }
        let size = answers.len();
        if size > self.max_bytes {
            return Err(StoreError::full(format!(
                "the answers of one request take {size} bytes, more than the {} the store holds",
                self.max_bytes
            )));
        }
        let mut entries = self.lock();
        let over = |entries: &Entries| {
            entries.map.len() >= self.max_entries || entries.bytes + size > self.max_bytes
        };
        if entries.map.len() >= 2 * entries.swept.max(64) || over(&entries) {
            entries.sweep(now);
        }
        if over(&entries) {
            return Err(StoreError::full(format!(
                "the store is full: requests waiting {} of at most {}, bytes held {} (and {} \
                 more asked) of at most {}",
                entries.map.len(),
                self.max_entries,
                entries.bytes,
                size,
                self.max_bytes
            )));
        }
        if entries.map.contains_key(handle) {
            return Err(StoreError::new("the handle is already in use"));
        }
        entries.bytes += size;
        entries
            .map
            .insert(handle.to_owned(), Entry { answers, expires });
        Ok(())
    }

    /// `put` of a completion mark: kept apart from the answers, at most
    /// `max_entries` of them, the ones that expire first forgotten to make
    /// room, a hundredth of `max_entries` at a time
    /// ([`forget_first_expiring`], as the process's completed calls are).
    fn keep_mark(
        &self,
        key: &str,
        value: Vec<u8>,
        now: Instant,
        expires: Instant,
    ) -> Result<(), StoreError> {
        if value.len() > MAX_MARK_BYTES {
            return Err(StoreError::new(format!(
                "a completion mark holds at most {MAX_MARK_BYTES} bytes, not {}",
                value.len()
            )));
        }
        let mut entries = self.lock();
        let marks = &mut entries.marks;
        if marks.contains_key(key) {
            return Err(StoreError::new("the handle is already in use"));
        }
        if marks.len() >= self.max_entries {
            marks.retain(|_, mark| mark.expires > now);
        }
        if marks.len() >= self.max_entries {
            forget_first_expiring(marks, self.max_entries, |mark| mark.expires);
        }
        marks.insert(
            key.to_owned(),
            Entry {
                answers: value,
                expires,
            },
        );
        Ok(())
    }
}

/// The most bytes a completion mark holds (the seal writes `completed`).
const MAX_MARK_BYTES: usize = 64;

/// The store key under which a seal remembers that the round taken under
/// `handle` completed its call: the handle and `.completed`, never a
/// handle itself (32 hex digits alone).
pub(crate) fn completion_mark(handle: &str) -> String {
    format!("{handle}.completed")
}

/// Whether `key` is a [`completion_mark`].
fn is_completion_mark(key: &str) -> bool {
    key.strip_suffix(".completed").is_some_and(is_handle)
}
