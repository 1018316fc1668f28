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
    /// The message of each, with the method of the request it waited on.
    messages: Mutex<Vec<(String, String)>>,
    /// The method of the request sent last.
    sending: Mutex<String>,
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
        request: InputRequest,
        _: Duration,
    ) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        let peer = Arc::clone(peer);
        let method = request.method();
        *peer.sending.lock().unwrap() = method.to_owned();
        let polls = peer.polls.load(Ordering::SeqCst);
        std::future::poll_fn(move |context| {
            if peer.polls.fetch_sub(1, Ordering::SeqCst) == 0 {
                // As many polls for the next request.
                peer.polls.store(polls, Ordering::SeqCst);
                Poll::Ready(Ok(match method {
                    "sampling/createMessage" => json!({
                        "role": "assistant",
                        "content": {"type": "text", "text": "Paris"},
                        "model": "a-model",
                    }),
                    "roots/list" => json!({"roots": [{"uri": "file:///srv/app"}]}),
                    _ => json!({"action": "accept", "content": {"yes": true}}),
                }))
            } else {
                context.waker().wake_by_ref();
                Poll::Pending
            }
        })
    }

    /// Sends, up to a thousand (so that a starved answer shows as a count,
    /// not as a test that never ends).
    fn progress(peer: &Arc<Peer>, _: u64, message: &str) -> impl Future<Output = bool> + Send {
        let method = peer.sending.lock().unwrap().clone();
        peer.messages
            .lock()
            .unwrap()
            .push((method, message.to_owned()));
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
        Request::new("tools/call", "deploy").with_protocol_version(Some("2025-11-25")),
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

/// The progress message says what the call waits for: the person's answer
/// to a form, the client's model for a sampled message, the client's roots
/// (`Messages::waiting`, English by default).
#[test]
fn the_progress_message_names_what_the_call_waits_for() {
    let peer = Arc::new(Peer::default());
    peer.polls.store(2, Ordering::SeqCst);
    let ask = Ask::<Ticking>::open(
        Arc::clone(&peer),
        RequestStateSeal::new(codec(KEY)),
        Request::new("tools/call", "deploy")
            .with_protocol_version(Some("2025-11-25"))
            .with_client_capabilities(&json!({"elicitation": {}, "sampling": {}, "roots": {}})),
    )
    .unwrap();
    let mut call = std::pin::pin!(ask.tool(|ask| async move {
        let capital = ask
            .create_message(
                "capital",
                enum_schema::ask::CreateMessageParams::new("The capital of France?", 10),
            )
            .await?;
        let answer = ask.form::<Answer>("yes", "Yes?").await?;
        let roots = ask.list_roots("roots").await?;
        Ok::<_, ElicitError>(ToolResult::Text(format!(
            "{} {answer:?} {}",
            capital.text(),
            roots.roots().len()
        )))
    }));
    let mut context = Context::from_waker(Waker::noop());
    let done = loop {
        if let Poll::Ready(done) = call.as_mut().poll(&mut context) {
            break done;
        }
    };
    match done {
        Ok(Done::Complete(ToolResult::Text(text))) => {
            assert_eq!(text, "Paris Accept(Answer { yes: true }) 1");
        }
        other => panic!("expected the answers, got {other:?}"),
    }
    let mut seen: Vec<(String, String)> = peer.messages.lock().unwrap().clone();
    seen.dedup();
    assert_eq!(
        seen,
        [
            (
                "sampling/createMessage",
                "Waiting for the client's model to answer"
            ),
            ("elicitation/create", "Waiting for the person to answer"),
            ("roots/list", "Waiting for the client's roots"),
        ]
        .map(|(method, message)| (method.to_owned(), message.to_owned()))
    );
}
