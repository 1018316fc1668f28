//! How a round travels, once per protocol era: on 2026-07-28 the
//! decision's requests become the `input_required` result and the round is
//! sealed into its `requestState`; before, each request is sent in turn
//! and the decision runs again on its answer. Both eras run the same
//! decision (`decide.rs`); this file only carries it.

use std::future::Future;
use std::sync::{Arc, PoisonError};

use serde_json::Map;

use super::adapter::{InputChannel, Sdk};
use super::call::Ask;
use super::completed;
use super::decide::{check_supported, decide, Call, Plan};
use super::error::ElicitError;
use super::payload;
use super::question::erased::Erased;
use super::round::{CallId, Round};
use crate::input::InputRequiredResult;
use crate::messages::Messages;

impl<S: Sdk> Ask<S> {
    /// Asks a round's questions, and keeps each answer in its question.
    pub(super) async fn ask(&self, questions: &mut [Erased<'_>]) -> Result<(), ElicitError> {
        let messages = self.messages();
        let call = self.call(&*messages);
        {
            let mut running = self.running();
            if !running.body {
                return Err(ElicitError::OutsideHandler);
            }
            // A request the client cannot take is refused before any key is
            // recorded: nothing was asked, so a body that falls back to
            // another question (a form where the client cannot sample) may
            // use the same key.
            check_supported(&call, questions)?;
            for question in questions.iter() {
                if !running.asked.insert(question.key().to_owned()) {
                    return Err(ElicitError::KeyReused {
                        key: question.key().to_owned(),
                    });
                }
            }
        }
        let channel = self.running().channel.clone();
        // A cancelled call asks nothing more, and acts on nothing: checked
        // before the questions, and again before their answers go back to
        // the body (an answer may come with the cancellation, or between
        // an answer and the next question).
        self.unless_cancelled(channel.as_deref())?;
        // Before 2026-07-28 a question is sent at once: a body whose call
        // was answered apart from it (a task run through the SDK's plain
        // tool call) is told so before it asks a person what no one waits
        // for.
        let in_result = self
            .inner
            .version
            .is_some_and(|version| version.uses_input_required());
        if channel.is_none()
            && !in_result
            && self.inner.capabilities.tasks
            && S::detached(&self.inner.peer).await
        {
            return Err(ElicitError::Detached);
        }
        let asked = match (&channel, self.inner.version) {
            (None, Some(version)) if version.uses_input_required() => {
                self.in_result(&call, questions).await
            }
            // Boxed: the SDK's request and progress futures held across the
            // wait would otherwise make every `Ask` future (and so every
            // tool's, which SDKs box and move) many kilobytes, on 2026-07-28
            // too. One allocation beside a request to the client.
            (channel, _) => Box::pin(self.in_turn(&call, questions, channel.as_deref())).await,
        };
        match asked {
            Ok(()) => self.unless_cancelled(channel.as_deref()),
            Err(ElicitError::Cancelled) => Err(self.cancelled_as(channel.as_deref())),
            Err(error) => Err(error),
        }
    }

    /// `Ok` unless the call (or the task it runs as, through `channel`) was
    /// cancelled: then [`cancelled_as`](Self::cancelled_as).
    fn unless_cancelled(&self, channel: Option<&dyn InputChannel>) -> Result<(), ElicitError> {
        let cancelled = match channel {
            Some(channel) => channel.cancelled(),
            None => S::cancelled(&self.inner.peer),
        };
        match cancelled {
            true => Err(self.cancelled_as(channel)),
            false => Ok(()),
        }
    }

    /// The error of a cancelled call: [`ElicitError::Cancelled`]; but where
    /// the body asks inside its call (no channel) for a client that
    /// declared the tasks extension, the call was likely answered with a
    /// task that runs this body through the SDK's plain tool call:
    /// [`ElicitError::Detached`], which names the way to ask through the
    /// task.
    fn cancelled_as(&self, channel: Option<&dyn InputChannel>) -> ElicitError {
        if channel.is_none() && self.inner.capabilities.tasks {
            ElicitError::Detached
        } else {
            ElicitError::Cancelled
        }
    }

    /// What the decision reads of this call.
    fn call<'a>(&'a self, messages: &'a dyn Messages) -> Call<'a> {
        let inner = &*self.inner;
        Call {
            method: &inner.method,
            name: &inner.name,
            arguments: &inner.arguments,
            arguments_unseen: inner.arguments_unseen,
            version: inner.version,
            capabilities: inner.capabilities,
            max_attempts: inner.seal.max_attempts(),
            messages,
        }
    }

    /// On 2026-07-28: every question answered from the carried round or
    /// `inputResponses`, or asked in one `input_required` result, whose
    /// state carries the round on.
    async fn in_result(
        &self,
        call: &Call<'_>,
        questions: &mut [Erased<'_>],
    ) -> Result<(), ElicitError> {
        let (result, payload) = {
            let mut running = self.running();
            let round = &mut running.round;
            let Plan::Ask(asking) = decide(call, questions, round, &self.inner.responses)? else {
                return Ok(());
            };
            round.keep(|key| asking.iter().any(|(asked, _)| asked == key));
            if round.call.is_none() {
                round.call = Some(CallId::new()?);
            }
            let mut result = InputRequiredResult::new();
            for (key, request) in asking {
                result = result.request(key, request);
            }
            // Every round that asks seals a state, the first included: it
            // names the questions whose answers the next round may bring.
            (result, payload::write(round, self.inner.seal.ttl()))
        };
        let text = self
            .inner
            .seal
            .seal_state(payload, &self.inner.binding)
            .await?;
        Err(match result.with_request_state(text) {
            Ok(result) => ElicitError::InputRequired(Box::new(result)),
            Err(too_long) => ElicitError::StateTooLarge {
                length: too_long.length,
            },
        })
    }

    /// Before 2026-07-28: the questions' requests sent in turn, in order,
    /// each answer decided on before the next is sent (and a rejected one
    /// asked again inside the call). Nothing outlives the call, so its
    /// round is its own.
    /// Through `channel` instead, if given (a task's), each request under a
    /// key of its own.
    async fn in_turn(
        &self,
        call: &Call<'_>,
        questions: &mut [Erased<'_>],
        channel: Option<&dyn InputChannel>,
    ) -> Result<(), ElicitError> {
        let mut round = Round::default();
        let mut answers = Map::new();
        loop {
            let Plan::Ask(asking) = decide(call, questions, &mut round, &answers)? else {
                return Ok(());
            };
            let Some((key, request)) = asking.into_iter().next() else {
                return Ok(());
            };
            let method = request.method();
            let answer = match channel {
                Some(channel) => {
                    let (unique, message) = {
                        let mut running = self.running();
                        // A key the channel has not had yet: the question's,
                        // else the first of `key#2`, `key#3`, .. free.
                        let unique = (1..)
                            .map(|count| match count {
                                1 => key.clone(),
                                count => format!("{key}#{count}"),
                            })
                            .find(|unique| !running.channel_keys.contains(unique))
                            .unwrap_or_else(|| key.clone());
                        running.channel_keys.insert(unique.clone());
                        (unique, running.messages.waiting(method))
                    };
                    channel.waiting(&message);
                    channel.request(unique, request).await?
                }
                // A person has as long to answer as a sealed state lives on
                // 2026-07-28: a client that never answers holds no call
                // open for longer.
                None => {
                    let sent = S::send(&self.inner.peer, request, self.inner.seal.ttl());
                    self.waiting(method, sent).await?
                }
            };
            answers.insert(key, answer);
        }
    }

    /// `answer`, the wait for the client's answer to a request of `method`,
    /// with `notifications/progress` sent every progress interval of the
    /// seal while it lasts (its message [`Messages::waiting`] for
    /// `method`), until the SDK says it cannot send them.
    async fn waiting<T>(&self, method: &str, answer: impl Future<Output = T>) -> T {
        let Some(every) = self.inner.seal.progress_interval() else {
            return answer.await;
        };
        let ticking = async {
            loop {
                S::sleep(every).await;
                // Back to the answer between two ticks, whatever the timer.
                yield_once().await;
                let (progress, message) = {
                    let mut running = self.running();
                    running.progress += 1;
                    (running.progress, running.messages.waiting(method))
                };
                if !S::progress(&self.inner.peer, progress, &message).await {
                    return std::future::pending::<std::convert::Infallible>().await;
                }
            }
        };
        let mut answer = std::pin::pin!(answer);
        let mut ticking = std::pin::pin!(ticking);
        std::future::poll_fn(|context| {
            if let std::task::Poll::Ready(answer) = answer.as_mut().poll(context) {
                return std::task::Poll::Ready(answer);
            }
            match ticking.as_mut().poll(context) {
                std::task::Poll::Pending => std::task::Poll::Pending,
                std::task::Poll::Ready(never) => match never {},
            }
        })
        .await
    }

    /// Runs `body`: questions may be asked while it runs, and only then.
    pub(crate) async fn run<R, Body, Fut>(self, body: Body) -> Result<R, ElicitError>
    where
        Body: FnOnce(Ask<S>) -> Fut,
        Fut: Future<Output = Result<R, ElicitError>>,
    {
        // With a store, the round of earlier rounds is taken (once) before
        // the body runs: a replayed state is refused here, as `Completed`
        // if the store remembers its round as the one that completed the
        // call, else `Consumed`. Without one, the call of the state is
        // claimed once no other round of it runs: a call that ended from
        // one of its states is refused here (`Completed`).
        let handle = self.running().handle.take();
        let claim = match &handle {
            Some(handle) => {
                // In this process, one round of a handle at a time: a copy
                // that comes while the round runs waits for it, and is
                // refused as `Completed` if it ended the call. (A copy on
                // another process while it runs finds the handle taken and
                // no mark yet: `Consumed`.)
                let claim = match CallId::from_hex(handle) {
                    Some(id) => Some(completed::claim(id, self.inner.seal.ttl()).await?),
                    None => None,
                };
                match self.inner.seal.take_round(handle).await {
                    Ok(round) => self.running().round = round,
                    Err(error) => {
                        // Nothing ran here: the handle's round did not end.
                        if let Some(claim) = claim {
                            claim.released();
                        }
                        return Err(error);
                    }
                }
                claim
            }
            None => {
                let call = self.running().round.call;
                match call {
                    Some(call) => Some(completed::claim(call, self.inner.seal.ttl()).await?),
                    None => None,
                }
            }
        };
        self.running().body = true;
        let inner = Arc::clone(&self.inner);
        let unasked = self.running().channel.is_none() && inner.capabilities.tasks;
        let mut ended = body(self).await;
        // A round that ends by asking, in a body whose call was answered
        // apart from it (a task the SDK's plain tool call runs): nothing can
        // carry the question. Said so, naming the way that asks through the
        // task.
        let asked = matches!(ended, Err(ElicitError::InputRequired(_)));
        if asked && unasked && S::detached(&inner.peer).await {
            ended = Err(ElicitError::Detached);
        }
        // A round that only asked acted on nothing: the call goes on. Any
        // other end (a result, an error, a panic unwinding past here) ends
        // it: the body may have acted before it failed. With a store, the
        // processes that share it learn that this round ended the call, so
        // that a replay of it is `Completed` there too.
        if asked {
            if let Some(claim) = claim {
                claim.released();
            }
        } else {
            drop(claim);
            if let Some(handle) = &handle {
                inner.seal.completed(handle).await;
            }
        }
        // A clone kept past the body has no response left to ask in.
        inner
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .body = false;
        ended
    }
}

/// Pending once, waking at once: lets the answer be polled between two
/// progress notifications even when a timer completes at once.
fn yield_once() -> impl Future<Output = ()> {
    let mut yielded = false;
    std::future::poll_fn(move |context| {
        if yielded {
            std::task::Poll::Ready(())
        } else {
            yielded = true;
            context.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    })
}
