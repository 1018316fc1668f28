//! Progress while a call waits (2025-06-18, 2025-11-25), on an SDK whose
//! timer completes at once (as an `async-io` timer past its deadline
//! does): the answer is still polled between two notifications, so a
//! ready answer ends the wait, whatever the timer.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use super::*;

/// An SDK whose `sleep` completes at once and whose answers come after a
/// few polls.
enum Ticking {}

#[derive(Default)]
struct Peer {
    /// Progress notifications sent.
    sent: AtomicU64,
    /// Polls of `send` left before the answer is there.
    polls: AtomicU32,
}

impl Reply<Ticking> for ToolResult {
    type Response = Done<ToolResult>;
    fn complete(self) -> Done<ToolResult> {
        Done::Complete(self)
    }
    fn input_required(result: InputRequiredResult) -> Result<Done<ToolResult>, ElicitError> {
        Ok(Done::InputRequired(result))
    }
}

impl Reply<Ticking> for PromptResult {
    type Response = Done<PromptResult>;
    fn complete(self) -> Done<PromptResult> {
        Done::Complete(self)
    }
    fn input_required(result: InputRequiredResult) -> Result<Done<PromptResult>, ElicitError> {
        Ok(Done::InputRequired(result))
    }
}

impl Reply<Ticking> for ResourceResult {
    type Response = Done<ResourceResult>;
    fn complete(self) -> Done<ResourceResult> {
        Done::Complete(self)
    }
    fn input_required(result: InputRequiredResult) -> Result<Done<ResourceResult>, ElicitError> {
        Ok(Done::InputRequired(result))
    }
}

impl Sdk for Ticking {
    type Peer = Arc<Peer>;
    type Error = ElicitError;
    type Tool = ToolResult;
    type Prompt = PromptResult;
    type Resource = ResourceResult;

    fn send(
        peer: &Arc<Peer>,
        _: InputRequest,
        _: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        let peer = Arc::clone(peer);
        std::future::poll_fn(move |context| {
            if peer.polls.fetch_sub(1, Ordering::SeqCst) == 0 {
                Poll::Ready(Ok(json!({"action": "accept", "content": {"yes": true}})))
            } else {
                context.waker().wake_by_ref();
                Poll::Pending
            }
        })
    }

    /// Sends, up to a thousand (so that a starved answer shows as a count,
    /// not as a test that never ends).
    fn progress(peer: &Arc<Peer>, _: u64, _: &str) -> impl Future<Output = bool> + Send {
        let sent = peer.sent.fetch_add(1, Ordering::SeqCst) + 1;
        std::future::ready(sent < 1_000)
    }

    fn sleep(_: Duration) -> impl Future<Output = ()> + Send {
        std::future::ready(())
    }

    fn tool_error(error: &ElicitError) -> ToolResult {
        ToolResult::Text(error.to_string())
    }

    fn error(error: ElicitError) -> ElicitError {
        error
    }
}

#[test]
fn a_ready_answer_ends_the_wait_whatever_the_timer() {
    let peer = Arc::new(Peer::default());
    peer.polls.store(5, Ordering::SeqCst);
    let ask = Ask::<Ticking>::open(
        Arc::clone(&peer),
        RequestStateSeal::new(codec(KEY)),
        Request::new("tools/call", "deploy").with_protocol_version(V1125),
    )
    .unwrap();
    let mut call = std::pin::pin!(ask.tool(|ask| async move {
        let answer = ask.form::<Answer>("yes", "Yes?").await?;
        Ok::<_, ElicitError>(ToolResult::Text(format!("{answer:?}")))
    }));
    let mut context = Context::from_waker(Waker::noop());
    // Each poll sends at most one notification before the answer is polled
    // again: the call ends within a few polls (a starved answer would spin
    // inside one poll, sending without end).
    let mut polls = 0;
    let done = loop {
        polls += 1;
        assert!(polls < 100, "the answer was starved");
        if let Poll::Ready(done) = call.as_mut().poll(&mut context) {
            break done;
        }
    };
    match done {
        Ok(Done::Complete(ToolResult::Text(text))) => {
            assert_eq!(text, "Accept(Answer { yes: true })");
        }
        other => panic!("expected the answer, got {other:?}"),
    }
    // One notification per poll at most, the last poll's included.
    assert!(peer.sent.load(Ordering::SeqCst) <= 6, "{:?}", peer.sent);
}
