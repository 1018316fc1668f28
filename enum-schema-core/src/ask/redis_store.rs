//! [`RedisStore`]: the [`AnswerStore`] every server process shares, on
//! Redis.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

use super::error::StoreError;
use super::store::{AnswerStore, StoreFuture};

/// An [`AnswerStore`] on Redis (6.2 or later), which every server process
/// that may receive a retry of an MCP 2026-07-28 request shares: the
/// answers of earlier rounds wait in Redis, the `requestState` carries only
/// their sealed handle, and a handle is taken once. Feature `redis`.
///
/// - **Keys**: the [`prefix`](Self::prefix) (`enum-schema:answers:` unless
///   [`with_prefix`](Self::with_prefix) says otherwise) followed by the
///   handle, 32 hex digits.
/// - **Values**: the answers' JSON as [`AnswerStore`] describes it, as
///   bytes, at most [`DEFAULT_MAX_ANSWER_BYTES`](Self::DEFAULT_MAX_ANSWER_BYTES)
///   of them per request unless
///   [`with_max_answer_bytes`](Self::with_max_answer_bytes) says
///   otherwise: a `put` of more is refused before anything is sent to
///   Redis ([`StoreError::is_full`]). Give Redis itself a `maxmemory` for
///   the whole: the keys expire with the seal's time to live.
/// - **Commands**: `put` is `SET key value NX PX ttl` (the seal's time to
///   live in milliseconds; `NX`: a handle is never overwritten), `take` is
///   `GETDEL key`, which reads and deletes in one atomic step, so of two
///   processes presenting the same state, one gets the answers and the
///   other none.
/// - **Errors**: a command that fails (Redis unreachable, a timeout, an
///   error reply) is a [`StoreError`] with the client's error as its
///   source, and the round fails with
///   [`ElicitError::Store`](super::ElicitError::Store). The connection
///   manager reconnects in the background; answers Redis lost (a restart
///   without persistence) are refused as
///   [`RequestStateError::Consumed`](super::RequestStateError::Consumed).
///
/// Runs on tokio (the `redis` crate's `ConnectionManager`). Clones share
/// one connection.
///
/// ```no_run
/// use enum_schema::ask::{RedisStore, RequestStateSeal, StoreError};
/// use enum_schema::ask::adapter::StateCodec;
///
/// // `codec`: the SDK's `RequestStateCodec`, or `EncryptedCodec`, with the
/// // key every process shares.
/// async fn seal(codec: impl StateCodec) -> Result<RequestStateSeal, StoreError> {
///     let store = RedisStore::connect("redis://127.0.0.1:6379/").await?;
///     Ok(RequestStateSeal::new(codec).with_store(store))
/// }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    connection: ConnectionManager,
    prefix: Arc<str>,
    max_answer_bytes: usize,
}

impl RedisStore {
    /// The prefix of every key unless [`with_prefix`](Self::with_prefix)
    /// says otherwise.
    pub const DEFAULT_PREFIX: &'static str = "enum-schema:answers:";

    /// How long [`connect`](Self::connect) waits for a connection, and
    /// for the reply to a command, before the round fails.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

    /// The most bytes of answers one request may keep unless
    /// [`with_max_answer_bytes`](Self::with_max_answer_bytes) says
    /// otherwise: 4 MiB, the largest request body rmcp's HTTP transport
    /// accepts (answers no transport delivers need no more room).
    pub const DEFAULT_MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;

    /// A store on `connection`, configured as the server wants it
    /// (timeouts, retries, TLS, credentials).
    pub fn new(connection: ConnectionManager) -> Self {
        RedisStore {
            connection,
            prefix: Arc::from(Self::DEFAULT_PREFIX),
            max_answer_bytes: Self::DEFAULT_MAX_ANSWER_BYTES,
        }
    }

    /// Connects to the Redis at `url` (`redis://host:port/db`, see the
    /// `redis` crate): a `ConnectionManager` that waits at most
    /// [`DEFAULT_TIMEOUT`](Self::DEFAULT_TIMEOUT) for a connection or a
    /// reply and retries a lost connection once before a command fails, so
    /// that a round fails quickly while Redis is down rather than holding
    /// the request open. Must be called inside a tokio runtime.
    ///
    /// # Errors
    ///
    /// [`StoreError`] if `url` is not a Redis URL or Redis cannot be
    /// reached.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let client = redis::Client::open(url).map_err(failed)?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Self::DEFAULT_TIMEOUT))
            .set_response_timeout(Some(Self::DEFAULT_TIMEOUT))
            .set_number_of_retries(1);
        let connection = ConnectionManager::new_with_config(client, config)
            .await
            .map_err(failed)?;
        Ok(RedisStore::new(connection))
    }

    /// The same store with its keys under `prefix` (several servers or
    /// tenants in one Redis).
    #[must_use]
    pub fn with_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = Arc::from(prefix.into());
        self
    }

    /// The prefix of every key.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The same store keeping at most `bytes` of answers per request.
    #[must_use]
    pub fn with_max_answer_bytes(mut self, bytes: usize) -> Self {
        self.max_answer_bytes = bytes;
        self
    }

    /// The most bytes of answers one request may keep.
    pub fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    fn key(&self, handle: &str) -> String {
        format!("{}{handle}", self.prefix)
    }
}

/// The prefix; never the connection's credentials.
impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .field("max_answer_bytes", &self.max_answer_bytes)
            .finish_non_exhaustive()
    }
}

/// A `redis` error as a [`StoreError`].
fn failed(error: redis::RedisError) -> StoreError {
    StoreError::new(format!("Redis: {error}")).with_source(error)
}

/// The longest time to live sent to Redis: 100 years, in milliseconds.
const MAX_TTL_MILLIS: u64 = 100 * 365 * 86_400 * 1_000;

impl AnswerStore for RedisStore {
    fn put<'a>(&'a self, handle: &'a str, answers: Vec<u8>, ttl: Duration) -> StoreFuture<'a, ()> {
        if answers.len() > self.max_answer_bytes {
            let refused = StoreError::full(format!(
                "the answers of one request take {} bytes, more than the {} the store keeps",
                answers.len(),
                self.max_answer_bytes
            ));
            return Box::pin(std::future::ready(Err(refused)));
        }
        let mut connection = self.connection.clone();
        let key = self.key(handle);
        // At least a millisecond (`PX 0` is an error), at most about a
        // century (Redis refuses a time that overflows its clock).
        let ttl = u64::try_from(ttl.as_millis())
            .unwrap_or(u64::MAX)
            .clamp(1, MAX_TTL_MILLIS);
        Box::pin(async move {
            let reply: Option<String> = redis::cmd("SET")
                .arg(&key)
                .arg(answers)
                .arg("NX")
                .arg("PX")
                .arg(ttl)
                .query_async(&mut connection)
                .await
                .map_err(failed)?;
            match reply {
                Some(_) => Ok(()),
                None => Err(StoreError::new("the handle is already in use")),
            }
        })
    }

    fn take<'a>(&'a self, handle: &'a str) -> StoreFuture<'a, Option<Vec<u8>>> {
        let mut connection = self.connection.clone();
        let key = self.key(handle);
        Box::pin(async move {
            redis::cmd("GETDEL")
                .arg(&key)
                .query_async(&mut connection)
                .await
                .map_err(failed)
        })
    }
}
