//! The calls this process completed from a sealed `requestState` (MCP
//! 2026-07-28, without an answer store), each remembered until every
//! state of the call has expired: a replay of the round that acted, sent
//! again or sent ten times at once, is refused, so that what a person
//! confirmed is done once. With a store, the store takes each state once,
//! for every process that shares it.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::error::{ElicitError, RequestStateError, StoreError};
use super::round::CallId;

/// How many calls a process remembers at most as completed (or
/// completing): 100,000, each for its state's time to live. An entry
/// takes about 48 bytes, so the record stays under 5 MB. A call that would
/// go past it, once the expired ones are dropped, is refused before its
/// body runs ([`ElicitError::Store`], full): a server that completes more
/// calls than this within a time to live keeps its answers in a store
/// (`RequestStateSeal::with_store`).
pub(crate) const MAX_CALLS: usize = 100_000;

/// The calls claimed, by id, each with when it may be forgotten.
static CALLS: Mutex<Option<HashMap<CallId, Instant>>> = Mutex::new(None);

/// A call whose body is running from a sealed state: completed, it stays
/// claimed until it expires; dropped before, the claim goes (a round that
/// only asks acts on nothing, and may be sent again).
#[derive(Debug)]
pub(crate) struct Claim {
    call: CallId,
    completed: bool,
}

/// Claims `call` for a run of its body, for `ttl` from now (the longest
/// any state of the call still lives).
///
/// # Errors
///
/// [`RequestStateError::Completed`] if the call completed, or is running,
/// already; [`ElicitError::Store`] (full) past [`MAX_CALLS`].
pub(crate) fn claim(call: CallId, ttl: Duration) -> Result<Claim, ElicitError> {
    claim_within(call, ttl, MAX_CALLS)
}

fn claim_within(call: CallId, ttl: Duration, max: usize) -> Result<Claim, ElicitError> {
    let now = Instant::now();
    let mut calls = CALLS.lock().unwrap_or_else(PoisonError::into_inner);
    let calls = calls.get_or_insert_with(HashMap::new);
    if calls.get(&call).is_some_and(|expires| *expires > now) {
        return Err(RequestStateError::Completed.into());
    }
    if calls.len() >= max {
        calls.retain(|_, expires| *expires > now);
    }
    if calls.len() >= max {
        return Err(StoreError::full(format!(
            "the server remembers {max} calls completed within their requestState's time to \
             live, as many as it holds"
        ))
        .into());
    }
    let expires = now
        .checked_add(ttl)
        .unwrap_or(now + Duration::from_secs(86_400 * 365));
    calls.insert(call, expires);
    Ok(Claim {
        call,
        completed: false,
    })
}

impl Claim {
    /// The body ran to completion: the call stays claimed.
    pub(crate) fn complete(mut self) {
        self.completed = true;
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if !self.completed {
            let mut calls = CALLS.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(calls) = calls.as_mut() {
                calls.remove(&self.call);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{claim, claim_within, RequestStateError};
    use crate::ask::error::ElicitError;
    use crate::ask::round::CallId;

    const TTL: Duration = Duration::from_secs(60);

    fn refused(call: CallId) -> bool {
        matches!(
            claim(call, TTL),
            Err(ElicitError::RequestState(RequestStateError::Completed))
        )
    }

    /// A call that completed is refused until it expires; one whose run
    /// only asked may run again; one running is refused.
    #[test]
    fn a_completed_call_is_refused_and_an_asking_one_is_not() {
        let call = CallId::new().unwrap();
        let running = claim(call, TTL).unwrap();
        assert!(refused(call));
        drop(running);
        claim(call, TTL).unwrap().complete();
        assert!(refused(call));
        let other = CallId::new().unwrap();
        claim(other, TTL).unwrap().complete();
        assert!(refused(other));
    }

    /// An expired call is forgotten.
    #[test]
    fn an_expired_call_is_forgotten() {
        let call = CallId::new().unwrap();
        claim(call, Duration::ZERO).unwrap().complete();
        claim(call, TTL).unwrap().complete();
        assert!(refused(call));
    }

    /// Past the limit, with nothing expired, a claim is refused as full.
    #[test]
    fn past_the_limit_a_claim_is_refused() {
        let error = claim_within(CallId::new().unwrap(), TTL, 0).unwrap_err();
        assert!(
            matches!(&error, ElicitError::Store(store) if store.is_full()),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "the server holds as many unfinished requests as it may, or these answers are larger \
             than it keeps; nothing was accepted: send the request again later without \
             requestState and inputResponses"
        );
    }
}
