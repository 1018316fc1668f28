//! The contract of an [`AnswerStore`], as tests any store can run:
//! [`MemoryStore`](super::MemoryStore), [`RedisStore`](super::RedisStore),
//! or your own. Feature `store-contract`.
//!
//! Each function checks one property and panics, as `assert_eq!` does,
//! with a message that names the property and what the store did
//! (`store contract, take_is_single_use: the second take of a handle gave
//! Some(300 bytes), expected None ...`). They are `async` and spawn
//! nothing: call them from a test, on the runtime your store runs on.
//! [`check_store`] runs every property that needs nothing but a working
//! store; the others need something only the test can give: a way to wait
//! ([`answers_expire`]), the store's limits ([`refuses_answers_over`],
//! [`refuses_requests_over`]), a second store on the same backend
//! ([`isolated`]), or a store whose backend is down
//! ([`fails_when_unreachable`]).
//!
//! ```
//! use std::time::Duration;
//!
//! use enum_schema::ask::{contract, MemoryStore};
//!
//! // Your runtime (here tokio, which a store on tokio needs anyway).
//! let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
//! runtime.block_on(async {
//!     let store = MemoryStore::new();
//!     contract::check_store(&store).await;
//!     // Your runtime's own sleep, such as `tokio::time::sleep`.
//!     let sleep = |wait| async move { std::thread::sleep(wait) };
//!     contract::answers_expire(&store, Duration::from_millis(20), sleep).await;
//!     contract::refuses_answers_over(&MemoryStore::new().with_max_bytes(1000), 1000).await;
//!     contract::refuses_requests_over(&MemoryStore::new().with_max_entries(2), 2).await;
//! });
//! ```
//!
//! The suite puts bytes of its own, not the JSON a
//! [`RequestStateSeal`](super::RequestStateSeal) stores: what the JSON says
//! does not matter to a store, which keeps the bytes as they are and gives
//! them back unchanged (the suite's are not even UTF-8, so a store that
//! re-encodes them, or keeps them in a text or JSON column that
//! normalizes them, fails). It uses fresh random handles, 32 lowercase hex
//! digits as the seal's, and takes what it puts, so it can run against a
//! backend that holds other data; only [`answers_expire`] leaves answers
//! behind, for the store to forget, and [`refuses_requests_over`] needs a
//! store that holds nothing else.
//!
//! What each property protects:
//!
//! | property | protects |
//! |---|---|
//! | [`put_then_take`] | the next round reads exactly the answers the last one kept, under its own handle |
//! | [`unknown_handle_is_none`] | a handle the store does not hold is refused as already used (invalid params, the client starts again), not failed as an outage |
//! | [`take_is_single_use`] | a replayed final round (the same `requestState` sent again by a client, a proxy, or whoever saw it) finds no answers, so the tool's side effect runs once |
//! | [`concurrent_takes_give_the_answers_once`] | the same, when the retries race, on several server processes: `take` removes what it returns in one atomic step (Redis `GETDEL`, SQL `DELETE .. RETURNING`), never a read then a delete |
//! | [`put_never_overwrites`] | the answers of one request are never replaced by another's under the same handle |
//! | [`answers_expire`] | the answers of requests nobody finishes do not wait forever, and those of the others wait their whole time to live |
//! | [`refuses_answers_over`], [`refuses_requests_over`] | what clients send, or leave unfinished, cannot grow the store past its limits; a refusal is [`StoreError::is_full`], so the client is told to come back later |
//! | [`isolated`] | servers or tenants sharing one backend (Redis key prefixes) neither see, take nor block each other's handles |
//! | [`fails_when_unreachable`] | a store that cannot be reached fails the round within its own time limit, rather than holding the request open, telling the client its state was used, or that the server is busy |

use std::fmt;
use std::future::{poll_fn, Future};
use std::pin::pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Poll, Waker};
use std::time::{Duration, Instant};

use super::error::StoreError;
use super::store::{new_handle, AnswerStore, StoreFuture};

/// The time to live of the answers the suite puts, but for those of
/// [`answers_expire`]: the seal's default, ten minutes.
const TTL: Duration = Duration::from_secs(600);

/// How many takes [`check_store`] races.
const RACING_TAKES: usize = 16;

/// Runs every property that needs nothing but a working store:
/// [`put_then_take`], [`unknown_handle_is_none`], [`take_is_single_use`],
/// [`concurrent_takes_give_the_answers_once`] (16 takes) and
/// [`put_never_overwrites`].
///
/// # Panics
///
/// As the first property the store breaks.
pub async fn check_store<S: AnswerStore + ?Sized>(store: &S) {
    put_then_take(store).await;
    unknown_handle_is_none(store).await;
    take_is_single_use(store).await;
    concurrent_takes_give_the_answers_once(store, RACING_TAKES).await;
    put_never_overwrites(store).await;
}

/// Answers put under two handles are each taken back, byte for byte,
/// under their own handle.
///
/// # Panics
///
/// If a put or a take fails, or a take gives other bytes or none.
pub async fn put_then_take<S: AnswerStore + ?Sized>(store: &S) {
    let check = Check("put_then_take");
    let (first, second) = (check.handle(), check.handle());
    // Every byte value, and lengths that differ.
    let (one, two) = (answers(1, 300), answers(2, 301));
    check.ok("put", store.put(&first, one.clone(), TTL).await);
    check.ok("a second put", store.put(&second, two.clone(), TTL).await);
    check.taken(
        "take of the first handle",
        store.take(&first).await,
        Some(&one),
    );
    check.taken(
        "take of the second handle",
        store.take(&second).await,
        Some(&two),
    );
}

/// A take of a handle never put is `Ok(None)`.
///
/// # Panics
///
/// If the take fails or gives answers.
pub async fn unknown_handle_is_none<S: AnswerStore + ?Sized>(store: &S) {
    let check = Check("unknown_handle_is_none");
    let handle = check.handle();
    check.taken(
        "take of a handle never put",
        store.take(&handle).await,
        None,
    );
}

/// A handle is taken once: the first take gives the answers, every later
/// one `Ok(None)`.
///
/// # Panics
///
/// If a put or a take fails, or a later take gives answers.
pub async fn take_is_single_use<S: AnswerStore + ?Sized>(store: &S) {
    let check = Check("take_is_single_use");
    let handle = check.handle();
    let put = answers(3, 300);
    check.ok("put", store.put(&handle, put.clone(), TTL).await);
    check.taken("the first take", store.take(&handle).await, Some(&put));
    check.taken(
        "the second take of a handle",
        store.take(&handle).await,
        None,
    );
    check.taken(
        "the third take of a handle",
        store.take(&handle).await,
        None,
    );
}

/// Of `takes` takes of one handle in flight together, exactly one gives
/// the answers and the others `Ok(None)`.
///
/// The takes are polled together, by hand: each of the store's futures is
/// polled once (a Redis `GETDEL` sent) before any is polled again, so they
/// are in flight together; a store whose `take` runs on a pool of
/// connections races them on its backend.
///
/// # Panics
///
/// If `takes` is less than 2, a put or a take fails, or the answers come
/// back other than once.
pub async fn concurrent_takes_give_the_answers_once<S: AnswerStore + ?Sized>(
    store: &S,
    takes: usize,
) {
    let check = Check("concurrent_takes_give_the_answers_once");
    assert!(takes >= 2, "{check}: race at least 2 takes, not {takes}");
    let handle = check.handle();
    let put = answers(4, 300);
    check.ok("put", store.put(&handle, put.clone(), TTL).await);
    let racing = (0..takes).map(|_| store.take(&handle)).collect();
    let mut given = 0;
    for (index, taken) in join(racing).await.into_iter().enumerate() {
        let step = format!("take {} of {takes} in flight together", index + 1);
        match check.ok(&step, taken) {
            None => {}
            Some(bytes) if bytes == put => given += 1,
            Some(bytes) => check.fail(format_args!(
                "{step} gave {}, expected the {} bytes put or None",
                Bytes(Some(&bytes), &put),
                put.len()
            )),
        }
    }
    if given != 1 {
        check.fail(format_args!(
            "{given} of {takes} takes in flight together gave the answers, expected exactly 1: \
             a take removes what it returns in one atomic step"
        ));
    }
    check.taken("a take after the race", store.take(&handle).await, None);
}

/// A put under a handle the store holds fails, and the answers first put
/// stay, to be taken.
///
/// # Panics
///
/// If the first put or a take fails, the second put succeeds, or the take
/// gives the second answers.
pub async fn put_never_overwrites<S: AnswerStore + ?Sized>(store: &S) {
    let check = Check("put_never_overwrites");
    let handle = check.handle();
    let (first, second) = (answers(5, 300), answers(6, 300));
    check.ok("put", store.put(&handle, first.clone(), TTL).await);
    if store.put(&handle, second, TTL).await.is_ok() {
        // Take them, so that they do not wait in a shared backend.
        let _ = store.take(&handle).await;
        check.fail(format_args!(
            "a second put under a handle the store holds succeeded, expected an error"
        ));
    }
    check.taken(
        "take after the refused put",
        store.take(&handle).await,
        Some(&first),
    );
}

/// Answers put for `ttl` are gone once it has passed, while answers put
/// for longer are still there. `sleep` is your runtime's (such as
/// `tokio::time::sleep`); the suite waits twice `ttl` with it. Choose
/// `ttl` as short as the store's precision allows (Redis and
/// [`MemoryStore`](super::MemoryStore): milliseconds).
///
/// # Panics
///
/// If a put or a take fails, the answers come back after twice `ttl`, or
/// the answers put for longer (four times `ttl`, at least a minute) do
/// not.
pub async fn answers_expire<S, F, Fut>(store: &S, ttl: Duration, sleep: F)
where
    S: AnswerStore + ?Sized,
    F: FnOnce(Duration) -> Fut,
    Fut: Future<Output = ()>,
{
    let check = Check("answers_expire");
    let (short, long) = (check.handle(), check.handle());
    let (expiring, staying) = (answers(7, 300), answers(8, 300));
    let longer = ttl.saturating_mul(4).max(Duration::from_secs(60));
    check.ok("put for ttl", store.put(&short, expiring, ttl).await);
    check.ok(
        "put for longer",
        store.put(&long, staying.clone(), longer).await,
    );
    sleep(ttl.saturating_mul(2)).await;
    check.taken(
        &format!("take twice the ttl ({ttl:?}) after the put"),
        store.take(&short).await,
        None,
    );
    check.taken(
        &format!(
            "take of answers put for {longer:?}, {:?} after",
            ttl.saturating_mul(2)
        ),
        store.take(&long).await,
        Some(&staying),
    );
}

/// A put of `limit + 1` bytes fails with [`StoreError::is_full`] and
/// leaves nothing under its handle; a put of `limit` bytes succeeds, and
/// they are taken back. For a store whose answers of one request are
/// limited to `limit` bytes ([`RedisStore::with_max_answer_bytes`](super::RedisStore::with_max_answer_bytes),
/// an empty [`MemoryStore::with_max_bytes`](super::MemoryStore::with_max_bytes)).
///
/// # Panics
///
/// If the put over the limit succeeds or fails otherwise than full, or
/// the put at the limit or a take fails.
pub async fn refuses_answers_over<S: AnswerStore + ?Sized>(store: &S, limit: usize) {
    let check = Check("refuses_answers_over");
    let over = limit
        .checked_add(1)
        .unwrap_or_else(|| panic!("{check}: no put is over a limit of usize::MAX bytes"));
    let (refused, kept) = (check.handle(), check.handle());
    let outcome = store.put(&refused, answers(9, over), TTL).await;
    if outcome.is_ok() {
        let _ = store.take(&refused).await;
    }
    check.full(
        &format!("a put of {over} bytes (the limit is {limit})"),
        outcome,
    );
    check.taken(
        "take of the refused put's handle",
        store.take(&refused).await,
        None,
    );
    let at_limit = answers(10, limit);
    check.ok(
        &format!("a put of {limit} bytes, at the limit"),
        store.put(&kept, at_limit.clone(), TTL).await,
    );
    check.taken(
        "take of the put at the limit",
        store.take(&kept).await,
        Some(&at_limit),
    );
}

/// A store holding the answers of `limit` requests refuses one more with
/// [`StoreError::is_full`]; once one is taken, it holds one more again.
/// For an empty store limited to `limit` requests
/// ([`MemoryStore::with_max_entries`](super::MemoryStore::with_max_entries)).
///
/// # Panics
///
/// If one of the first `limit` puts or a take fails, the put past the
/// limit succeeds or fails otherwise than full, or the put after a take
/// fails.
pub async fn refuses_requests_over<S: AnswerStore + ?Sized>(store: &S, limit: usize) {
    let check = Check("refuses_requests_over");
    let handles: Vec<String> = (0..limit).map(|_| check.handle()).collect();
    for (index, handle) in handles.iter().enumerate() {
        let step = format!("put {} of {limit}", index + 1);
        check.ok(&step, store.put(handle, answers(11, 30), TTL).await);
    }
    let (past, after) = (check.handle(), check.handle());
    let outcome = store.put(&past, answers(12, 30), TTL).await;
    if outcome.is_ok() {
        let _ = store.take(&past).await;
    }
    check.full(
        &format!("put {} (the limit is {limit} requests)", limit + 1),
        outcome,
    );
    let mut handles = handles.into_iter();
    if let Some(first) = handles.next() {
        check.taken(
            "take of the first handle",
            store.take(&first).await,
            Some(&answers(11, 30)),
        );
        check.ok(
            "a put after a take made room",
            store.put(&after, answers(13, 30), TTL).await,
        );
        check.taken(
            "take of the put after a take",
            store.take(&after).await,
            Some(&answers(13, 30)),
        );
    }
    for handle in handles {
        check.taken("take", store.take(&handle).await, Some(&answers(11, 30)));
    }
}

/// Two stores on one backend (two Redis key prefixes) do not see each
/// other's handles: `b` does not give, take or refuse what `a` holds under
/// a handle, and each takes its own answers under the same handle.
///
/// # Panics
///
/// If a put or a take fails, or one store gives or takes the other's
/// answers.
pub async fn isolated<A, B>(a: &A, b: &B)
where
    A: AnswerStore + ?Sized,
    B: AnswerStore + ?Sized,
{
    let check = Check("isolated");
    let handle = check.handle();
    let (of_a, of_b) = (answers(14, 300), answers(15, 300));
    check.ok("put in a", a.put(&handle, of_a.clone(), TTL).await);
    check.taken(
        "take from b of a handle a holds",
        b.take(&handle).await,
        None,
    );
    check.ok(
        "put in b under a handle a holds",
        b.put(&handle, of_b.clone(), TTL).await,
    );
    check.taken("take from a", a.take(&handle).await, Some(&of_a));
    check.taken("take from b", b.take(&handle).await, Some(&of_b));
}

/// A store that cannot reach its backend fails a put and a take with a
/// [`StoreError`] that is not [`is_full`](StoreError::is_full), each
/// within `within` (the store's own time limit, and some margin): give it
/// a store whose backend is down (stopped, or a closed port). A thread of
/// the suite keeps the time, so a store that never answers fails the test
/// rather than hanging it.
///
/// # Panics
///
/// If the put or the take succeeds, fails as full, or is still pending
/// after `within`.
pub async fn fails_when_unreachable<S: AnswerStore + ?Sized>(store: &S, within: Duration) {
    let check = Check("fails_when_unreachable");
    let handle = check.handle();
    let put = deadline(
        &check,
        "put",
        within,
        store.put(&handle, answers(16, 300), TTL),
    )
    .await;
    check.unreachable("put", put.map(|()| "Ok(())".to_owned()));
    let take = deadline(&check, "take", within, store.take(&handle)).await;
    check.unreachable(
        "take",
        take.map(|taken| format!("Ok({})", Bytes(taken.as_deref(), &[]))),
    );
}

/// One property's checks: its name starts every panic.
struct Check(&'static str);

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store contract, {}", self.0)
    }
}

impl Check {
    fn fail(&self, what: fmt::Arguments<'_>) -> ! {
        panic!("{self}: {what}")
    }

    /// A fresh handle, as the seal makes them.
    fn handle(&self) -> String {
        new_handle().unwrap_or_else(|error| self.fail(format_args!("no handle: {error}")))
    }

    fn ok<T>(&self, step: &str, result: Result<T, StoreError>) -> T {
        result.unwrap_or_else(|error| self.fail(format_args!("{step} failed: {error}")))
    }

    /// Asserts a take gave `expected`.
    fn taken(
        &self,
        step: &str,
        taken: Result<Option<Vec<u8>>, StoreError>,
        expected: Option<&[u8]>,
    ) {
        let taken = self.ok(step, taken);
        if taken.as_deref() != expected {
            self.fail(format_args!(
                "{step} gave {}, expected {}",
                Bytes(taken.as_deref(), expected.unwrap_or_default()),
                Bytes(expected, &[])
            ));
        }
    }

    /// Asserts a put was refused as full.
    fn full(&self, step: &str, outcome: Result<(), StoreError>) {
        match outcome {
            Err(error) if error.is_full() => {}
            Err(error) => self.fail(format_args!(
                "{step} failed with {error:?}, expected a refusal whose is_full() is true"
            )),
            Ok(()) => self.fail(format_args!(
                "{step} succeeded, expected a refusal whose is_full() is true"
            )),
        }
    }

    /// Asserts a call failed, and not as full.
    fn unreachable(&self, step: &str, outcome: Result<String, StoreError>) {
        match outcome {
            Err(error) if !error.is_full() => {}
            Err(error) => self.fail(format_args!(
                "{step} failed as full ({error}), expected an error whose is_full() is false: \
                 the store is down, not at its limits"
            )),
            Ok(ok) => self.fail(format_args!(
                "{step} gave {ok} with the store's backend down, expected an error"
            )),
        }
    }
}

/// Answers as a `Debug` message shows them: `None`, `Some(300 bytes)`, and
/// where they are not the `put` bytes of the same length, where they
/// differ.
struct Bytes<'a>(Option<&'a [u8]>, &'a [u8]);

impl fmt::Display for Bytes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bytes(bytes, put) = *self;
        let Some(bytes) = bytes else {
            return f.write_str("None");
        };
        write!(f, "Some({} bytes", bytes.len())?;
        match bytes.iter().zip(put).position(|(a, b)| a != b) {
            Some(at) if bytes.len() == put.len() => write!(
                f,
                ", not the bytes put: byte {at} is {:#04x}, not {:#04x}",
                bytes[at], put[at]
            )?,
            _ => {}
        }
        f.write_str(")")
    }
}

/// `length` opaque bytes, which differ with `seed` and hold every byte
/// value once there are 256 of them: not UTF-8, not JSON.
fn answers(seed: u8, length: usize) -> Vec<u8> {
    (0..length)
        .map(|index| (index % 256) as u8 ^ seed)
        .collect()
}

/// Every future polled in turn on each wake-up, until all are done: their
/// outputs, in order. A join by hand (`futures::join_all` without the
/// dependency): every future is polled once before any is polled again, so
/// a store's requests are in flight together.
async fn join<'a, T>(futures: Vec<StoreFuture<'a, T>>) -> Vec<Result<T, StoreError>> {
    let mut slots: Vec<_> = futures.into_iter().map(|future| (future, None)).collect();
    poll_fn(move |context| {
        let mut pending = false;
        for (future, output) in &mut slots {
            if output.is_none() {
                match future.as_mut().poll(context) {
                    Poll::Ready(done) => *output = Some(done),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            return Poll::Pending;
        }
        Poll::Ready(
            slots
                .iter_mut()
                .map(|(_, output)| output.take().expect("every future is done"))
                .collect(),
        )
    })
    .await
}

/// What a [`deadline`] thread and the future it watches share.
#[derive(Default)]
struct Timer {
    passed: AtomicBool,
    waker: Mutex<Option<Waker>>,
}

/// `future`, or a panic when it is still pending after `within`. A
/// thread keeps the time, so that no runtime is needed: it sleeps, marks
/// the time as passed, and wakes the task.
async fn deadline<F: Future>(check: &Check, step: &str, within: Duration, future: F) -> F::Output {
    let timer = Arc::new(Timer::default());
    let started = Instant::now();
    let mut watching = false;
    let mut future = pin!(future);
    poll_fn(|context| {
        if let Poll::Ready(output) = future.as_mut().poll(context) {
            return Poll::Ready(output);
        }
        // The waker first, then the flag: a thread that marks the time as
        // passed after this read wakes this waker.
        *timer.waker.lock().unwrap_or_else(PoisonError::into_inner) = Some(context.waker().clone());
        if timer.passed.load(Ordering::SeqCst) {
            check.fail(format_args!(
                "{step} was still pending after {:?}, expected an error within {within:?}: a \
                 store whose backend is down fails within its own time limit",
                started.elapsed()
            ));
        }
        if !watching {
            watching = true;
            let timer = Arc::clone(&timer);
            std::thread::spawn(move || {
                std::thread::sleep(within);
                timer.passed.store(true, Ordering::SeqCst);
                let waker = timer
                    .waker
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                if let Some(waker) = waker {
                    waker.wake();
                }
            });
        }
        Poll::Pending
    })
    .await
}
