//! The calls this process ran from a sealed `requestState` (MCP 2026-07-28,
//! without an answer store), each remembered until every state of the call
//! has expired: a replay of the round that acted, sent again or sent ten
//! times at once, is refused, so that what a person confirmed is done
//! once. Rounds of one call run one at a time: a round that arrives while
//! another runs waits for it, then runs if that one only asked, or is
//! refused if it ended the call. With a store, the store takes each state
//! once, for every process that shares it.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::task::{Poll, Waker};
use std::time::{Duration, Instant};

use super::error::{ElicitError, RequestStateError, StoreError};
use super::round::CallId;

/// How many calls a process remembers at most: 100,000, each for its
/// state's time to live (an entry takes about 45 bytes: 4.3 MiB measured
/// at the bound, RELIABILITY.md). Past it, once the expired ones are
/// dropped, the ended calls that expire first are forgotten, a hundredth
/// of the bound at a time (a replay of one would run again, where the
/// idempotency key still holds): a flood of calls never locks honest ones
/// out. A server that ends more
/// calls than this within a time to live, and must refuse every replay,
/// keeps its answers in a store (`RequestStateSeal::with_store`).
pub(crate) const MAX_CALLS: usize = 100_000;

/// What the process knows of a call.
struct Entry {
    /// When it may be forgotten.
    expires: Instant,
    /// Whether a round of it runs now (else the call ended).
    running: bool,
    /// The rounds waiting for the one that runs.
    waiting: Vec<Waker>,
}

/// The calls claimed, by id.
static CALLS: Mutex<Option<HashMap<CallId, Entry>>> = Mutex::new(None);

fn calls() -> MutexGuard<'static, Option<HashMap<CallId, Entry>>> {
    CALLS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A round of a call whose body runs from a sealed state. Dropped, the
/// call ended (its body returned, failed or panicked): it stays remembered
/// until it expires. [`released`](Self::released), the round only asked
/// and the call goes on: another round of it may run.
#[derive(Debug)]
pub(crate) struct Claim {
    call: CallId,
}

/// Claims `call` for a round, for `ttl` from now (the longest any state of
/// the call still lives), once no other round of it runs.
///
/// # Errors
///
/// [`RequestStateError::Completed`] if the call ended already (or ends
/// while this round waits).
pub(crate) fn claim(
    call: CallId,
    ttl: Duration,
) -> impl Future<Output = Result<Claim, ElicitError>> {
    std::future::poll_fn(move |context| {
        let now = Instant::now();
        let mut calls = calls();
        let calls = calls.get_or_insert_with(HashMap::new);
        match calls.get_mut(&call) {
            Some(entry) if entry.expires > now && entry.running => {
                entry.waiting.push(context.waker().clone());
                return Poll::Pending;
            }
            Some(entry) if entry.expires > now => {
                return Poll::Ready(Err(RequestStateError::Completed.into()));
            }
            _ => {}
        }
        if calls.len() >= MAX_CALLS && !make_room(calls, now, MAX_CALLS) {
            return Poll::Ready(Err(StoreError::full(format!(
                "the server runs {MAX_CALLS} calls' rounds at once, as many as it holds"
            ))
            .into()));
        }
        let expires = now
            .checked_add(ttl)
            .unwrap_or(now + Duration::from_secs(86_400 * 365));
        calls.insert(
            call,
            Entry {
                expires,
                running: true,
                waiting: Vec::new(),
            },
        );
        Poll::Ready(Ok(Claim { call }))
    })
}

/// Drops the expired calls, then if need be the hundredth of `max` ended
/// calls that expire first (a process at the bound scans its calls once
/// per hundredth, not once per round); `false` if `max` calls or more are
/// left, every one running.
fn make_room(calls: &mut HashMap<CallId, Entry>, now: Instant, max: usize) -> bool {
    calls.retain(|_, entry| entry.expires > now || entry.running);
    if calls.len() < max {
        return true;
    }
    let mut ended: Vec<(Instant, CallId)> = calls
        .iter()
        .filter(|(_, entry)| !entry.running)
        .map(|(call, entry)| (entry.expires, *call))
        .collect();
    if ended.is_empty() {
        return false;
    }
    let forget = (max / 100).clamp(1, ended.len());
    ended.select_nth_unstable(forget - 1);
    for (_, call) in &ended[..forget] {
        calls.remove(call);
    }
    true
}

impl Claim {
    /// The round only asked: the call goes on, and its next round may run.
    pub(crate) fn released(self) {
        let waiting = calls()
            .as_mut()
            .and_then(|calls| calls.remove(&self.call))
            .map(|entry| entry.waiting);
        std::mem::forget(self);
        waiting.into_iter().flatten().for_each(Waker::wake);
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        let waiting = calls()
            .as_mut()
            .and_then(|calls| calls.get_mut(&self.call))
            .map(|entry| {
                entry.running = false;
                std::mem::take(&mut entry.waiting)
            });
        waiting.into_iter().flatten().for_each(Waker::wake);
    }
}

#[cfg(test)]
mod tests {
    use std::future::Future;
    use std::task::{Context, Poll, Waker};
    use std::time::Duration;

    use super::{claim, RequestStateError};
    use crate::ask::error::ElicitError;
    use crate::ask::round::CallId;

    const TTL: Duration = Duration::from_secs(60);

    /// Polls `future` once.
    fn poll<F: Future>(future: F) -> Poll<F::Output> {
        let mut future = std::pin::pin!(future);
        future
            .as_mut()
            .poll(&mut Context::from_waker(Waker::noop()))
    }

    fn refused(call: CallId) -> bool {
        matches!(
            poll(claim(call, TTL)),
            Poll::Ready(Err(ElicitError::RequestState(RequestStateError::Completed)))
        )
    }

    fn claimed(call: CallId) -> super::Claim {
        match poll(claim(call, TTL)) {
            Poll::Ready(Ok(claim)) => claim,
            other => panic!("{other:?}"),
        }
    }

    /// A call whose round ended it is refused until it expires, whatever
    /// the round returned; a round that only asked lets the next run; a
    /// round that arrives while another runs waits.
    #[test]
    fn an_ended_call_is_refused_an_asking_round_lets_the_next_run() {
        let call = CallId::new().unwrap();
        let asking = claimed(call);
        assert!(
            poll(claim(call, TTL)).is_pending(),
            "waits for the round that runs"
        );
        asking.released();
        drop(claimed(call));
        assert!(refused(call));
        let other = CallId::new().unwrap();
        let panicking = std::panic::catch_unwind(|| {
            let _claim = claimed(other);
            panic!("after acting");
        });
        assert!(panicking.is_err());
        assert!(refused(other), "a round that panicked ended the call");
    }

    /// An expired call is forgotten.
    #[test]
    fn an_expired_call_is_forgotten() {
        let call = CallId::new().unwrap();
        match poll(claim(call, Duration::ZERO)) {
            Poll::Ready(Ok(claim)) => drop(claim),
            other => panic!("{other:?}"),
        }
        drop(claimed(call));
        assert!(refused(call));
    }

    /// Past the limit, the expired calls go, then the ended call that
    /// expires first; calls that all run keep their places.
    #[test]
    fn past_the_limit_the_oldest_ended_call_goes() {
        use std::collections::HashMap;
        use std::time::Instant;

        use super::{make_room, Entry};

        let now = Instant::now();
        let entry = |seconds: u64, running: bool| Entry {
            expires: now + Duration::from_secs(seconds),
            running,
            waiting: Vec::new(),
        };
        let ids: Vec<CallId> = (0..4).map(|_| CallId::new().unwrap()).collect();
        let mut calls = HashMap::new();
        calls.insert(ids[0], entry(0, false));
        calls.insert(ids[1], entry(5, false));
        calls.insert(ids[2], entry(1, true));
        calls.insert(ids[3], entry(9, false));
        assert!(make_room(&mut calls, now, 3));
        // The expired one, then the ended one that expires first.
        assert!(!calls.contains_key(&ids[0]) && !calls.contains_key(&ids[1]));
        assert!(calls.contains_key(&ids[2]) && calls.contains_key(&ids[3]));
        calls.remove(&ids[3]);
        assert!(!make_room(&mut calls, now, 1), "every call left runs");
        assert!(make_room(&mut calls, now, 2));
    }
}
