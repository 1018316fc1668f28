//! [`Ask`]: one call of a tool, prompt or resource that asks, with its
//! public methods; the request as it was read when the call opened, and
//! the one lock over what changes while its body runs. How a round is
//! asked is `drive.rs`; what it decides, `decide.rs`.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde_json::{Map, Value};

use super::adapter::{respond, Handled, InputChannel, Sdk};
use super::arguments;
use super::error::{ElicitError, RequestStateError};
use super::question::{CreateMessage, ElicitChoice, ListRoots, Question, Questions};
use super::request::{Capabilities, Request};
use super::round::{hex, CallId, Round};
use super::state::{self, Opened, RequestStateSeal};
use crate::form::{ElicitAction, ElicitForm, ElicitFormWith, Form, FormFields};
use crate::input::{
    state_length, CreateMessageParams, CreateMessageResult, ListRootsResult,
    MAX_REQUEST_STATE_LENGTH,
};
use crate::messages::Messages;
use crate::version::ProtocolVersion;

/// What happens underneath depends on the revision the client speaks:
///
/// - **2025-06-18, 2025-11-25**: each question is an `elicitation/create`
///   request, shaped for the revision
///   ([`ElicitRequestFormParams::for_version`](crate::schema::ElicitRequestFormParams::for_version): legacy `enumNames` and no
///   multi-select for 2025-06-18), and the call waits for the answer.
/// - **2026-07-28**: the server sends no requests. A question reads its
///   answer under its key from the call's `inputResponses` (or from an
///   earlier round, sealed in `requestState`); when there is none yet, it
///   returns [`ElicitError::InputRequired`], and `?` ends the body: `tool`
///   answers the call with
///   `{"resultType":"input_required","inputRequests":{KEY:..},"requestState":..}`.
///   The client asks the user and calls again with the answer; the body
///   runs again from the top, now gets past the question, and may ask the
///   next one. So the code before the last question runs once per round:
///   keep side effects after the questions.
///
/// Every answer is re-validated, on every round. A question may allow the
/// call's argument under its key to answer it
/// ([`Question::with_argument`]): the model that calls the tool, when it
/// knows the answer. Where the client cannot show a form, the call ends
/// with a result for the model ([`ElicitError::Unasked`]) that says what to
/// ask the person in the chat and which argument to send.
///
/// # A second chance
///
/// Clients let mistakes through (the spec only says they SHOULD validate):
/// a person picks three items where two are allowed, a client sends an
/// option's title instead of its value, a required field is left empty.
/// Such an answer does not end the call: the same question is asked
/// again, with the same key, its message followed by what was wrong in
/// words a person reads ("Services: pick at most 2; you picked 3."), and
/// with everything the person entered validly pre-filled as `default`s, so
/// that nothing is typed twice. On 2026-07-28 that is a new
/// `input_required` round for that key, with the other answers kept in the
/// sealed state; before, another `elicitation/create` inside the same call.
/// A question is asked at most [`RequestStateSeal::max_attempts`] times (3
/// unless the seal says otherwise; [`Question::with_max_attempts`] for one
/// question, `1` to turn it off); then the call ends with
/// [`ElicitError::Invalid`], which `tool` answers with `isError: true` and
/// the structured `data`. The same refused answer twice in a row is no
/// person's mistake but a client that answers without showing the form: the
/// call ends then, with the result for the model that names the problem
/// ([`ElicitError::Unasked`]). Decline and cancel are answers, never asked
/// again, and a malformed `ElicitResult` (the client's fault, not the
/// person's) ends the call at once. On 2026-07-28 the count travels in the
/// sealed state, so it holds whichever server process the retry reaches,
/// and only a count is sealed for a rejected answer, never the answer.
///
/// # Rounds
///
/// Clients stop after 10 rounds of one request (the MCP Inspector's
/// `MRTR_MAX_ROUNDS`, rmcp's `DEFAULT_MRTR_MAX_ROUNDS`, MCPJam). A tool
/// needs one round per question asked with [`form`](Self::form), one per
/// call of [`all`](Self::all) however many questions it holds, one more
/// per answer asked again, and the final round that returns the result:
/// 11 questions asked one by one cannot finish, the same 11 asked with
/// one [`all`](Self::all) take 2 rounds.
///
/// # Keys
///
/// A key names a question inside `inputRequests`/`inputResponses`: use a
/// different key for each question of one call, and the same key for the
/// same question on every round.
pub struct Ask<S: Sdk> {
    pub(super) inner: Arc<Inner<S>>,
}

impl<S: Sdk> Clone for Ask<S> {
    fn clone(&self) -> Self {
        Ask {
            inner: Arc::clone(&self.inner),
        }
    }
}

/// One call: what its request said, fixed when it opened, and what changes
/// while its body runs.
pub(super) struct Inner<S: Sdk> {
    /// What requests go through before 2026-07-28.
    pub(super) peer: S::Peer,
    pub(super) seal: RequestStateSeal,
    /// What a sealed state is bound to: method, name, arguments.
    pub(super) binding: Vec<u8>,
    pub(super) method: String,
    pub(super) name: String,
    pub(super) arguments: Map<String, Value>,
    /// Whether the adapter could not see the arguments.
    pub(super) arguments_unseen: bool,
    pub(super) version: Option<ProtocolVersion>,
    pub(super) capabilities: Capabilities,
    /// The retry's `inputResponses` (MCP 2026-07-28).
    pub(super) responses: Map<String, Value>,
    /// Everything that changes while the body runs; held for a step of the
    /// decision or of the bookkeeping, never across an `await`.
    pub(super) running: Mutex<Running>,
}

/// What changes while a call's body runs.
pub(super) struct Running {
    /// Whether the body runs: questions are asked only while it does.
    pub(super) body: bool,
    /// The keys asked in this run of the body.
    pub(super) asked: HashSet<String>,
    /// The round carried from the state (2026-07-28) and what this run
    /// adds to it.
    pub(super) round: Round,
    /// The handle under which the seal's store keeps the round, until the
    /// body's run takes it.
    pub(super) handle: Option<String>,
    /// The last `progress` sent while the call waits.
    pub(super) progress: u64,
    /// The words a person reads (the seal's, or this call's own).
    pub(super) messages: Arc<dyn Messages>,
    /// Where the questions go instead of the call's own way, if the body
    /// runs apart from its request ([`Ask::through`]).
    pub(super) channel: Option<Arc<dyn InputChannel>>,
    /// The keys the channel had: each is used once.
    pub(super) channel_keys: HashSet<String>,
}

impl<S: Sdk> fmt::Debug for Ask<S> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Ask")
            .field("version", &self.inner.version)
            .field("form_supported", &self.inner.capabilities.form)
            .field("responses", &self.inner.responses)
            .finish_non_exhaustive()
    }
}

impl<S: Sdk> Ask<S> {
    /// An `Ask` for `request`, asking through `peer` where the revision has
    /// `elicitation/create`, sealing with `seal`: what an SDK adapter calls
    /// (rmcp's extractor, rust-mcp-sdk's `Ask::for_tool`).
    ///
    /// # Errors
    ///
    /// - [`ElicitError::RequestState`] if the request carries a
    ///   `requestState` that this server did not seal for this method, name
    ///   and arguments, or that expired.
    /// - [`ElicitError::NoArguments`] for a call without arguments that the
    ///   adapter could see, where the tool's input schema says the call
    ///   needs them (see
    ///   [`Request::with_arguments_unseen`](super::adapter::Request::with_arguments_unseen)).
    pub fn open(
        peer: S::Peer,
        seal: RequestStateSeal,
        request: Request<'_>,
    ) -> Result<Ask<S>, ElicitError> {
        let arguments_unseen = request.arguments_unseen()?;
        let binding = state::binding(request.method, request.name, request.arguments);
        let opened = match request.request_state {
            None => Opened::Round(Round::default()),
            Some(text) if state_length(text) > MAX_REQUEST_STATE_LENGTH => {
                return Err(ElicitError::RequestState(RequestStateError::Malformed))
            }
            Some(text) => match seal.open_state(text, &binding)? {
                // A state sealed before states carried the call's id (0.1):
                // the call is named after the state itself, so that sent
                // again it is the same call.
                Opened::Round(mut round) if round.call.is_none() => {
                    round.call = Some(CallId::of_state(text));
                    Opened::Round(round)
                }
                opened => opened,
            },
        };
        let (round, handle) = match opened {
            Opened::Round(round) => (round, None),
            Opened::Handle(handle) => (Round::default(), Some(handle)),
        };
        let messages = Arc::clone(seal.messages());
        Ok(Ask {
            inner: Arc::new(Inner {
                peer,
                seal,
                binding,
                method: request.method.to_owned(),
                name: request.name.to_owned(),
                arguments: request.arguments.cloned().unwrap_or_default(),
                arguments_unseen,
                version: request.version,
                capabilities: request.capabilities,
                responses: request.input_responses,
                running: Mutex::new(Running {
                    body: false,
                    asked: HashSet::new(),
                    round,
                    handle,
                    progress: 0,
                    messages,
                    channel: None,
                    channel_keys: HashSet::new(),
                }),
            }),
        })
    }

    /// What changes while the body runs, locked for one step.
    pub(super) fn running(&self) -> MutexGuard<'_, Running> {
        self.inner
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The same `Ask` asking through `channel` instead of the call's own
    /// way, on every revision: each question in turn, each request under a
    /// key of its own, as before 2026-07-28 (see
    /// [`InputChannel`](super::adapter::InputChannel)). What an adapter
    /// calls when the body runs as a task (rmcp's `Ask::tool_as_task`);
    /// nothing a tool author calls.
    #[must_use]
    pub fn through(self, channel: impl InputChannel) -> Self {
        self.running().channel = Some(Arc::new(channel));
        self
    }

    /// The same `Ask` writing `messages` for this call, in place of the
    /// seal's (see [`Messages`]): the reasons of a question asked again, the
    /// titles of the options shown, the search field of
    /// [`choose`](Self::choose), the progress message. For a server that
    /// follows the person's language per call.
    #[must_use]
    pub fn with_messages(self, messages: impl Messages) -> Self {
        self.running().messages = Arc::new(messages);
        self
    }

    /// The messages this call writes.
    pub(crate) fn messages(&self) -> Arc<dyn Messages> {
        Arc::clone(&self.running().messages)
    }

    /// A key for what this call does, for the API it calls to deduplicate
    /// with (an `Idempotency-Key` header, a payment or cloud API's request
    /// id): 64 lowercase hex digits, the same every time the same call runs
    /// its body, and different for any other call.
    ///
    /// On MCP 2026-07-28 a call is the chain of its rounds: the key is
    /// SHA-256 of the request (method, name, arguments) and of the call's
    /// id, 128 random bits drawn once and carried in every `requestState`
    /// of the call (or in the answer store), so it is the same on a replay
    /// of any round of the call, on whichever server process the replay
    /// reaches; another call, the same tool asked the same way included,
    /// has another. A process refuses to complete a call twice
    /// ([`RequestStateError::Completed`]; with a store, the store takes each
    /// state once), but two processes without a shared store do not know of
    /// each other: handing this key to the API that acts is what makes a
    /// replay that reaches the other process harmless. Before 2026-07-28, a
    /// call asks inside itself and is never replayed: the key is the same
    /// for the whole call, and another call (the client calling again) has
    /// another.
    ///
    /// Ask for it where the body acts, after its questions.
    ///
    /// # Errors
    ///
    /// [`ElicitError::Store`] if the operating system's random number
    /// generator fails, the one time a call draws its id.
    pub fn idempotency_key(&self) -> Result<String, ElicitError> {
        use sha2::{Digest as _, Sha256};

        let call = {
            let mut running = self.running();
            match running.round.call {
                Some(call) => call,
                None => *running.round.call.insert(CallId::new()?),
            }
        };
        let mut hasher = Sha256::new();
        hasher.update(b"enum-schema idempotency key 1\0");
        hasher.update(&self.inner.binding);
        hasher.update(call.0);
        Ok(hex(&hasher.finalize()))
    }

    /// The call's arguments, read as a `T` (a struct that derives serde's
    /// `Deserialize`): the arguments the sealed answers are bound to, so
    /// that a tool needs no other extractor for them (rmcp's
    /// `Parameters<T>` listed before `Ask` would take them first). Read
    /// them inside [`tool`](Self::tool), and `?` the error (the guide's
    /// server on rmcp, `examples/rmcp_server.rs`, does it end to end):
    ///
    /// ```ignore
    /// #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// struct Refund {
    ///     order: String,
    ///     amount: f64,
    /// }
    ///
    /// // In the body of `ask.tool(|ask| async move { .. })`:
    /// let Refund { order, amount } = ask.arguments()?;
    /// ```
    ///
    /// An argument that answers a question
    /// ([`Question::with_argument`]) is the question's: leave it out of
    /// `T` (serde skips what `T` does not name, so no
    /// `#[serde(deny_unknown_fields)]` on `T`, which would refuse it), and
    /// declare it with [`Question::input_schema_with`].
    ///
    /// # Errors
    ///
    /// - [`ElicitError::InvalidArguments`]: the arguments are not a `T` (a
    ///   required one missing, one of the wrong type); inside
    ///   [`tool`](Self::tool), a tool result with `isError: true` that
    ///   names the argument and says what it should be in JSON's terms
    ///   (`invalid arguments for tool "refund": the argument `amount`
    ///   should be a number, not the string "lots"`), so that the model
    ///   can call again.
    /// - [`ElicitError::NoArguments`]: the adapter could not see the
    ///   arguments (rmcp's `Ask` listed after `Parameters<..>`).
    pub fn arguments<T: serde::de::DeserializeOwned>(&self) -> Result<T, ElicitError> {
        if self.inner.arguments_unseen {
            return Err(ElicitError::NoArguments {
                tool: self.inner.name.clone(),
            });
        }
        arguments::read(&self.inner.arguments).map_err(|refused| ElicitError::InvalidArguments {
            method: self.inner.method.clone(),
            name: self.inner.name.clone(),
            argument: refused.argument,
            reason: refused.reason,
            error: refused.error,
        })
    }

    /// The protocol revision of this request, if the client said and this
    /// crate knows it (a newer one counts as the newest known).
    pub fn protocol_version(&self) -> Option<ProtocolVersion> {
        self.inner.version
    }

    /// Whether the client declared form elicitation: where it did not, a
    /// form question ends the call with the result for the model
    /// ([`ElicitError::Unasked`]) unless an argument answers it.
    pub fn form_supported(&self) -> bool {
        self.inner.capabilities.form
    }

    /// Whether the client declared the `sampling` capability: where it did
    /// not, a [`CreateMessage`] question is refused
    /// ([`ElicitError::Unsupported`]).
    pub fn sampling_supported(&self) -> bool {
        self.inner.capabilities.sampling
    }

    /// Whether the client declared the tasks extension (SEP-2663): a call
    /// may be answered with a task, and its body asks through it (rmcp's
    /// `Ask::tool_as_task`).
    pub fn tasks_supported(&self) -> bool {
        self.inner.capabilities.tasks
    }

    /// Whether the client declared the `roots` capability: where it did
    /// not, a [`ListRoots`] question is refused
    /// ([`ElicitError::Unsupported`]).
    pub fn roots_supported(&self) -> bool {
        self.inner.capabilities.roots
    }

    /// Asks for `F`'s form under `key` with `message`, and returns the typed
    /// answer: accept (re-validated), decline or cancel.
    ///
    /// # Errors
    ///
    /// - [`ElicitError::InputRequired`] on 2026-07-28 when the answer is not
    ///   there yet, or has to be given again: not a failure, `?` it to
    ///   [`tool`](Self::tool) (or [`prompt`](Self::prompt),
    ///   [`resource`](Self::resource)), which asks.
    /// - [`ElicitError::Unasked`]: the client cannot show a form (it did not
    ///   declare form elicitation, or speaks a revision before 2025-06-18),
    ///   or sent the same refused answer twice; [`tool`](Self::tool) answers
    ///   with a result for the model (see [`Unasked`](super::Unasked)).
    /// - [`ElicitError::Version`]: the revision cannot carry the form
    ///   (2025-06-18 has no multi-select, older revisions no elicitation).
    /// - [`ElicitError::Invalid`]: the answer failed re-validation as often
    ///   as the question may be asked.
    /// - [`ElicitError::StateTooLarge`]: the answers so far need a longer
    ///   `requestState` than a request may carry.
    /// - [`ElicitError::Store`]: the seal's answer store could not keep
    ///   the answers so far (see `RequestStateSeal::with_store`, feature
    ///   `store`).
    /// - [`ElicitError::OutsideHandler`], [`ElicitError::KeyReused`]: server
    ///   bugs, refused on every revision (asked outside the body of `tool`,
    ///   `prompt` or `resource`; a key used twice in one request).
    /// - [`ElicitError::Service`]: the `elicitation/create` request failed.
    pub async fn form<F: ElicitForm + Send + 'static>(
        &self,
        key: &str,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitAction<F>, ElicitError> {
        let question = Question::form::<F>(key.to_owned(), message);
        Ok(self.all((question,)).await?.0)
    }

    /// Asks for one derived enum on its own under `key` with `message`, and
    /// returns the typed answer: `ask.choice::<Reason>("reason", "Why?")`
    /// for one option (an [`ElicitAction<Reason>`]), `Vec<Reason>` for
    /// several. What [`form`](Self::form) does for a form of one field,
    /// named by the key (see [`Question::choice`], with which
    /// [`question`](Self::question) asks it with its options, such as
    /// [`with_argument`](Question::with_argument)). A `Vec<T>` takes the
    /// enum's `minItems` and `maxItems` (`#[elicit(min_items = 1)]` on the
    /// enum): without them, picking nothing is an answer, `[]`.
    ///
    /// ```no_run
    /// # use enum_schema::ask::{Ask, ElicitError};
    /// # use enum_schema::ask::adapter::Sdk;
    /// # use enum_schema::{ElicitAction, ElicitEnum};
    /// #[derive(ElicitEnum, Debug)]
    /// #[elicit(rename_all = "snake_case")]
    /// enum Reason {
    ///     #[elicit(title = "Arrived late")]
    ///     Late,
    ///     #[elicit(title = "Arrived damaged")]
    ///     Damaged,
    /// }
    ///
    /// # async fn refund<S: Sdk>(ask: Ask<S>) -> Result<String, ElicitError> {
    /// let ElicitAction::Accept(reason) = ask.choice::<Reason>("reason", "Why the refund?").await? else {
    ///     return Ok("not refunded".to_owned());
    /// };
    /// let reasons = ask.choice::<Vec<Reason>>("also", "Anything else?").await?;
    /// Ok(format!("{} ({reasons:?})", reason.title().unwrap_or(reason.value())))
    /// # }
    /// ```
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form).
    pub async fn choice<C: ElicitChoice>(
        &self,
        key: &str,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitAction<C>, ElicitError> {
        let question = Question::choice::<C>(key.to_owned(), message);
        Ok(self.all((question,)).await?.0)
    }

    /// Asks for a derived form with run-time choices (see
    /// [`ElicitFormWith`]) under `key` with `message`, its selects built from
    /// `options`, and returns the typed answer.
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form).
    pub fn form_with<'a, F>(
        &'a self,
        key: &'a str,
        message: impl Into<Cow<'static, str>>,
        options: &'a F::Options,
    ) -> impl Future<Output = Result<ElicitAction<F>, ElicitError>> + Send + 'a
    where
        F: ElicitFormWith + Send + 'a,
        F::Options: Sync,
    {
        let question = Question::form_with::<F>(key, message, options);
        async move { Ok(self.all((question,)).await?.0) }
    }

    /// Asks for a run-time [`Form`] under `key` with `message`, and returns
    /// the tuple of its typed answers.
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form).
    pub fn fields<'a, F>(
        &'a self,
        key: &'a str,
        form: &'a Form<F>,
        message: impl Into<Cow<'static, str>>,
    ) -> impl Future<Output = Result<ElicitAction<F::Output>, ElicitError>> + Send + 'a
    where
        F: FormFields + Sync,
        F::Output: Send,
    {
        // Not an `async fn`: spelling out `Send` here, where `F` is known,
        // spares callers a "not general enough" error on tuple forms.
        let question = Question::fields(key, form, message);
        async move { Ok(self.all((question,)).await?.0) }
    }

    /// Asks one [`Question`] and returns its answer: what
    /// [`form`](Self::form) does, for a question built with its options
    /// ([`Question::with_argument`], [`Question::with_max_attempts`]).
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form); [`ElicitError::Unasked`] where the client
    /// cannot show a form and no argument answered the question.
    // Not an `async fn`, for the same reason as `all`.
    #[allow(clippy::manual_async_fn)]
    pub fn question<'s, T: Send + 's>(
        &'s self,
        question: Question<'s, T>,
    ) -> impl Future<Output = Result<ElicitAction<T>, ElicitError>> + Send + 's {
        async move { Ok(self.all((question,)).await?.0) }
    }

    /// Asks the client's model to write a message (`sampling/createMessage`
    /// with `params`) under `key`, and returns its answer, checked.
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form), and [`ElicitError::Unsupported`] for a
    /// client that did not declare the `sampling` capability;
    /// [`ElicitError::Invalid`] (at once, never asked again) for a
    /// malformed `CreateMessageResult`.
    pub async fn create_message(
        &self,
        key: &str,
        params: CreateMessageParams,
    ) -> Result<CreateMessageResult, ElicitError> {
        Ok(self.all((CreateMessage::new(key, params),)).await?.0)
    }

    /// Asks the client for its roots (`roots/list`) under `key`, and
    /// returns its answer, checked.
    ///
    /// # Errors
    ///
    /// As [`create_message`](Self::create_message), for the `roots`
    /// capability and a malformed `ListRootsResult`.
    pub async fn list_roots(&self, key: &str) -> Result<ListRootsResult, ElicitError> {
        Ok(self.all((ListRoots::new(key),)).await?.0)
    }

    /// Asks several independent questions together and returns their
    /// answers, in the same shape: a tuple of questions gives the tuple of
    /// their answers (an [`ElicitAction`] for a form [`Question`], a
    /// [`CreateMessageResult`] for a [`CreateMessage`], a
    /// [`ListRootsResult`] for a [`ListRoots`]), a `Vec` a `Vec`.
    ///
    /// On 2026-07-28 they share one round: one `input_required` result
    /// whose `inputRequests` holds every question not answered yet (and
    /// every one asked again), so 11 questions take 2 rounds, not 12. On
    /// earlier revisions, which have one form per `elicitation/create`,
    /// they are asked in turn, in order, each with its own message and its
    /// own decline and cancel: merging them into one form would make one
    /// decline answer them all. Each answer is validated, and asked again,
    /// on its own (see "A second chance").
    ///
    /// ```no_run
    /// # use enum_schema::ask::{Ask, Question};
    /// # use enum_schema::ask::adapter::Sdk;
    /// # use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
    /// # #[derive(ElicitEnum, Debug)] enum Region { Eu, Us }
    /// # #[derive(ElicitForm, Debug)] struct Regions { regions: Vec<Region> }
    /// # #[derive(ElicitForm, Debug)] struct Canary { percent: u8 }
    /// # async fn deploy<S: Sdk>(ask: Ask<S>) -> Result<(), enum_schema::ask::ElicitError> {
    /// let (regions, canary) = ask
    ///     .all((
    ///         Question::form::<Regions>("regions", "Which regions?"),
    ///         Question::form::<Canary>("canary", "How much traffic first?"),
    ///     ))
    ///     .await?;
    /// if let (ElicitAction::Accept(regions), ElicitAction::Accept(canary)) = (regions, canary) {
    ///     println!("{regions:?} at {canary:?}");
    /// }
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    ///
    /// As [`form`](Self::form); [`ElicitError::KeyReused`] if two of the
    /// questions share a key.
    // Not an `async fn`: the `Send` spelled out here is what rmcp's router
    // needs, and an error about it belongs here, not in the caller's tool.
    #[allow(clippy::manual_async_fn)]
    pub fn all<'s, Q: Questions + 's>(
        &'s self,
        mut questions: Q,
    ) -> impl Future<Output = Result<Q::Output, ElicitError>> + Send + 's {
        async move {
            self.ask(&mut questions.erased()).await?;
            Ok(questions
                .answers()
                .expect("a question without an answer ends the round with an error"))
        }
    }

    /// Runs a tool's body, which asks with [`form`](Self::form),
    /// [`fields`](Self::fields) or [`all`](Self::all), and turns its outcome
    /// into the tool's response:
    ///
    /// - `Ok(result)`: the result.
    /// - [`ElicitError::InputRequired`] (2026-07-28): the `input_required`
    ///   result that asks the client.
    /// - [`ElicitError::Invalid`], an answer rejected as often as its
    ///   question may be asked: a tool result with `isError: true`, the
    ///   reason as text, and as `structuredContent` the
    ///   `{"errors":[{"field":..,"value":..,"allowed":[..],"message":..}]}`
    ///   of [`ElicitError::data`], which the model sees and can act on.
    /// - [`ElicitError::Unasked`]: the result for the model, `isError: true`.
    /// - anything else, a malformed result from the client included (an
    ///   `inputResponses` entry that is no `ElicitResult`, a
    ///   `CreateMessageResult` without `model`: [`ElicitError::Invalid`]
    ///   whose error names no field): the SDK's JSON-RPC error for it (see
    ///   [`ElicitError`]).
    ///
    /// With an answer store (`RequestStateSeal::with_store`, feature
    /// `store`), the answers of earlier rounds are taken from it before
    /// the body runs: a state
    /// whose answers were already taken (a replay) is the JSON-RPC error
    /// of [`RequestStateError::Consumed`](super::RequestStateError::Consumed)
    /// and a store that cannot be reached that of [`ElicitError::Store`],
    /// and the body does not run.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error above.
    pub async fn tool<R: Into<S::Tool>, Fut: Future<Output = Result<R, ElicitError>>>(
        self,
        body: impl FnOnce(Ask<S>) -> Fut,
    ) -> Handled<S, S::Tool> {
        respond::<S, S::Tool, R>(self.run(body).await, Some(S::tool_error))
    }

    /// Runs a `prompts/get` handler's body, as [`tool`](Self::tool) does; a
    /// prompt has no error result, so a rejected answer is the JSON-RPC
    /// error `-32602` with its `data`.
    ///
    /// # Errors
    ///
    /// The SDK's JSON-RPC error (see [`ElicitError`]).
    pub async fn prompt<R: Into<S::Prompt>, Fut: Future<Output = Result<R, ElicitError>>>(
        self,
        body: impl FnOnce(Ask<S>) -> Fut,
    ) -> Handled<S, S::Prompt> {
        respond::<S, S::Prompt, R>(self.run(body).await, None)
    }

    /// Runs a `resources/read` handler's body, as [`prompt`](Self::prompt)
    /// does.
    ///
    /// # Errors
    ///
    /// The SDK's JSON-RPC error (see [`ElicitError`]).
    pub async fn resource<R: Into<S::Resource>, Fut: Future<Output = Result<R, ElicitError>>>(
        self,
        body: impl FnOnce(Ask<S>) -> Fut,
    ) -> Handled<S, S::Resource> {
        respond::<S, S::Resource, R>(self.run(body).await, None)
    }
}
