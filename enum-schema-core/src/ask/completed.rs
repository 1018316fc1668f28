//! The calls this process ran from a sealed `requestState` (MCP 2026-07-28,
//! without an answer store), each remembered until every state of the call
//! has expired: a replay of the round that acted, sent again or sent ten
//! times at once, is refused, so that what a person confirmed is done
//! once. Rounds of one call run one at a time: a round that arrives while
//! another runs waits for it, then runs if that one only asked, or is
//! refused if it ended the call. With a store, the store takes each state
//! once, for every process that shares it, and the rounds of one handle
//! are claimed here by the handle (as a call id), so that a copy that
//! arrives while its round runs in this process waits, then is refused as
//! `Completed` if that round ended the call.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::task::{Poll, Waker};
use std::time::{Duration, Instant};

use super::error::{ElicitError, RequestStateError, StoreError};
use super::expiry::forget_first_expiring;
use super::round::CallId;

/// How many calls a process remembers at most: 100,000, each for its
/// state's time to live (an entry takes about 46 bytes: 4.4 MiB measured
/// at the bound, RELIABILITY.md). Past it, once the expired ones are
/// dropped, the ended calls that expire first are forgotten, a hundredth
/// of the bound at a time (a replay of one would run again, where the
/// idempotency key still holds): a flood of calls never locks honest ones
/// out. A server that ends more calls than this within a time to live,
/// and must refuse every replay, keeps its answers in a store
/// (`RequestStateSeal::with_store`).
pub(crate) const MAX_CALLS: usize = 100_000;

/// What the process knows of the calls claimed.
#[derive(Default)]
struct Calls {
    /// The calls a round of which runs now, each with the rounds of it
    /// that wait.
    running: HashMap<CallId, Vec<Waker>>,
    /// The calls that ended, each with when it may be forgotten.
    ended: HashMap<CallId, Instant>,
}

static CALLS: Mutex<Option<Calls>> = Mutex::new(None);

fn calls() -> MutexGuard<'static, Option<Calls>> {
    CALLS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A round of a call whose body runs from a sealed state. Dropped, the
/// call ended (its body returned, failed or panicked): it stays remembered
/// until it expires. [`released`](Self::released), the round only asked
/// and the call goes on: another round of it may run.
#[derive(Debug)]
pub(crate) struct Claim {
    call: CallId,
    expires: Instant,
}

/// Claims `call` for a round, for `ttl` from now (the longest any state of
/// the call still lives), once no other round of it runs.
///
/// # Errors
///
/// [`RequestStateError::Completed`] if the call ended already (or ends
/// while this round waits); [`StoreError`] (full) if `MAX_CALLS` rounds
/// of other calls run at once.
pub(crate) fn claim(
    call: CallId,
    ttl: Duration,
) -> impl Future<Output = Result<Claim, ElicitError>> {
    std::future::poll_fn(move |context| {
        let now = Instant::now();
        let mut calls = calls();
        let calls = calls.get_or_insert_with(Calls::default);
        if let Some(waiting) = calls.running.get_mut(&call) {
            waiting.push(context.waker().clone());
            return Poll::Pending;
        }
        if calls.ended.get(&call).is_some_and(|expires| *expires > now) {
            return Poll::Ready(Err(RequestStateError::Completed.into()));
        }
        if !calls.make_room(now, MAX_CALLS) {
            return Poll::Ready(Err(StoreError::full(format!(
                "the server runs {MAX_CALLS} calls' rounds at once, as many as it holds"
            ))
            .into()));
        }
        calls.running.insert(call, Vec::new());
        let expires = now
            .checked_add(ttl)
            .unwrap_or(now + Duration::from_secs(86_400 * 365));
        Poll::Ready(Ok(Claim { call, expires }))
    })
}

impl Calls {
    /// Makes room for one more call within `max`: drops the expired
    /// calls, then if need be the hundredth of `max` ended calls that
    /// expire first (a process at the bound scans its calls once per
    /// hundredth, not once per round); `false` if `max` calls run.
    fn make_room(&mut self, now: Instant, max: usize) -> bool {
        if self.running.len() + self.ended.len() < max {
            return true;
        }
        self.ended.retain(|_, expires| *expires > now);
        let left = max.saturating_sub(self.running.len());
        if self.ended.len() >= left {
            forget_first_expiring(&mut self.ended, max, |expires| *expires);
        }
        self.running.len() + self.ended.len() < max
    }

    /// Ends the round of `claim`, and the call unless `released`; wakes
    /// the rounds that wait for it.
    fn settle(&mut self, claim: &Claim, released: bool) -> Vec<Waker> {
        if !released {
            self.ended.insert(claim.call, claim.expires);
        }
        self.running.remove(&claim.call).unwrap_or_default()
    }
}

impl Claim {
    /// The round only asked: the call goes on, and its next round may run.
    pub(crate) fn released(self) {
        let waiting = calls().as_mut().map(|calls| calls.settle(&self, true));
        std::mem::forget(self);
        waiting.into_iter().flatten().for_each(Waker::wake);
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        let waiting = calls().as_mut().map(|calls| calls.settle(self, false));
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
        use std::time::Instant;

        use super::Calls;

        let now = Instant::now();
        let ids: Vec<CallId> = (0..4).map(|_| CallId::new().unwrap()).collect();
        let mut calls = Calls::default();
        calls.ended.insert(ids[0], now);
        calls.ended.insert(ids[1], now + Duration::from_secs(5));
        calls.running.insert(ids[2], Vec::new());
        calls.ended.insert(ids[3], now + Duration::from_secs(9));
        assert!(calls.make_room(now, 3));
        // The expired one, then the ended one that expires first.
        assert_eq!(calls.ended.keys().collect::<Vec<_>>(), [&ids[3]]);
        assert!(calls.running.contains_key(&ids[2]));
        calls.ended.clear();
        assert!(!calls.make_room(now, 1), "every call left runs");
        assert!(calls.make_room(now, 2));
    }
}
