//! [`Ask`]: the question rounds, written once for every SDK.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use serde_json::{Map, Value};

use super::error::ElicitError;
use super::messages::{self, Messages};
use super::reask;
use super::sdk::{Reply, Sdk};
use super::state::{self, Opened, RequestStateSeal, Sealed};
use super::unasked::Unasked;
use crate::error::{Error, ErrorKind, JsonType};
use crate::form::{ElicitAction, ElicitForm, ElicitFormWith, Form, FormFields};
use crate::input::{
    state_length, CreateMessageParams, CreateMessageResult, InputRequest, InputRequiredResult,
    ListRootsResult, MAX_REQUEST_STATE_LENGTH,
};
use crate::schema::ElicitRequestFormParams;
use crate::version::ProtocolVersion;

/// The request an [`Ask`] is opened for, as an SDK adapter reads it:
/// method, name and arguments (what a sealed state is bound to), the
/// revision and the client's capability, and the 2026-07-28 retry fields.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    method: &'a str,
    name: &'a str,
    arguments: Option<&'a Map<String, Value>>,
    version: Option<ProtocolVersion>,
    form_supported: bool,
    sampling_supported: bool,
    roots_supported: bool,
    input_responses: Map<String, Value>,
    request_state: Option<&'a str>,
    arguments_unseen: bool,
}

impl<'a> Request<'a> {
    /// A request of `method` (`"tools/call"`, `"prompts/get"`,
    /// `"resources/read"`) for the tool or prompt `name` (a resource's
    /// URI), of no known revision, from a client that declared form
    /// elicitation, sampling and roots, with no arguments and no retry
    /// fields.
    pub fn new(method: &'a str, name: &'a str) -> Self {
        Request {
            method,
            name,
            arguments: None,
            version: None,
            form_supported: true,
            sampling_supported: true,
            roots_supported: true,
            input_responses: Map::new(),
            request_state: None,
            arguments_unseen: false,
        }
    }

    /// No arguments seen, for a tool that declares some, by an adapter
    /// that cannot tell arguments another extractor took from arguments
    /// the client left out (rmcp's `Ask` after `Parameters`): a question
    /// that an argument may answer ([`Question::with_argument`]) is then
    /// refused with [`ElicitError::NoArguments`], rather than asked as if
    /// the model had sent nothing (and the model told again and again to
    /// send what it sent).
    #[must_use]
    pub fn with_arguments_unseen(mut self) -> Self {
        self.arguments_unseen = true;
        self
    }

    /// The request's `arguments`.
    #[must_use]
    pub fn with_arguments(mut self, arguments: Option<&'a Map<String, Value>>) -> Self {
        self.arguments = arguments;
        self
    }

    /// The revision the client speaks (its `_meta` on 2026-07-28, its
    /// `initialize` before), if known; a revision newer than this crate
    /// knows counts as [`ProtocolVersion::LATEST`].
    #[must_use]
    pub fn with_protocol_version(mut self, version: Option<ProtocolVersion>) -> Self {
        self.version = version;
        self
    }

    /// Whether the client declared form elicitation (`"elicitation": {}`
    /// counts, as MCP 2025-11-25 says).
    #[must_use]
    pub fn with_form_supported(mut self, supported: bool) -> Self {
        self.form_supported = supported;
        self
    }

    /// Whether the client declared the `sampling` capability: a
    /// `sampling/createMessage` question ([`CreateMessage`]) is refused
    /// without it ([`ElicitError::Unsupported`]).
    #[must_use]
    pub fn with_sampling_supported(mut self, supported: bool) -> Self {
        self.sampling_supported = supported;
        self
    }

    /// Whether the client declared the `roots` capability: a `roots/list`
    /// question ([`ListRoots`]) is refused without it
    /// ([`ElicitError::Unsupported`]).
    #[must_use]
    pub fn with_roots_supported(mut self, supported: bool) -> Self {
        self.roots_supported = supported;
        self
    }

    /// The retry's `inputResponses` (MCP 2026-07-28), as JSON.
    #[must_use]
    pub fn with_input_responses(mut self, responses: Map<String, Value>) -> Self {
        self.input_responses = responses;
        self
    }

    /// The retry's `requestState` (MCP 2026-07-28), as the client echoed it.
    #[must_use]
    pub fn with_request_state(mut self, state: Option<&'a str>) -> Self {
        self.request_state = state;
        self
    }

    /// Whether a `requestState` binds answers to this request's arguments:
    /// it carries one (or `inputResponses`), or may be answered with one (a
    /// client of a revision that asks inside the result, 2026-07-28 on,
    /// that can show forms). Elsewhere every question is asked and answered
    /// inside the call, and nothing outlives it. An adapter whose SDK
    /// cannot tell arguments an extractor took from arguments the client
    /// left out refuses a request without arguments where this holds, as
    /// rmcp's `Ask` does ([`ElicitError::NoArguments`]).
    pub fn binds_a_state(&self) -> bool {
        self.request_state.is_some()
            || !self.input_responses.is_empty()
            || (self.form_supported
                && self
                    .version
                    .is_none_or(ProtocolVersion::uses_input_required))
    }
}

/// Asks the client for forms, the same way on every protocol revision and
/// every SDK: `enum_schema::rmcp::Ask` and `enum_schema::rust_mcp_sdk::Ask`
/// are this type for their SDK. A handler runs its body through
/// [`tool`](Self::tool) (or [`prompt`](Self::prompt),
/// [`resource`](Self::resource)) and asks with [`form`](Self::form),
/// [`fields`](Self::fields) or, several questions at once,
/// [`all`](Self::all).
///
/// What happens underneath depends on the revision the client speaks:
///
/// - **2025-06-18, 2025-11-25**: each question is an `elicitation/create`
///   request, shaped for the revision
///   ([`ElicitRequestFormParams::for_version`]: legacy `enumNames` and no
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
    inner: Arc<Inner<S>>,
}

impl<S: Sdk> Clone for Ask<S> {
    fn clone(&self) -> Self {
        Ask {
            inner: Arc::clone(&self.inner),
        }
    }
}

struct Inner<S: Sdk> {
    peer: S::Peer,
    seal: RequestStateSeal,
    binding: Vec<u8>,
    method: String,
    name: String,
    arguments: Map<String, Value>,
    arguments_unseen: bool,
    version: Option<ProtocolVersion>,
    form_supported: bool,
    sampling_supported: bool,
    roots_supported: bool,
    responses: Map<String, Value>,
    /// Sealed answers and attempts of earlier rounds, and those of this one.
    sealed: Mutex<Sealed>,
    /// The handle under which the seal's store keeps the answers of earlier
    /// rounds, until the body's run takes them.
    handle: Mutex<Option<String>>,
    /// Whether a handler body runs.
    running: AtomicBool,
    /// The keys asked in this run of the body.
    asked: Mutex<HashSet<String>>,
    /// The last `progress` sent for this request while waiting.
    progress: AtomicU64,
    /// The words a person reads (the seal's, or this call's own).
    messages: RwLock<Arc<dyn Messages>>,
}

impl<S: Sdk> fmt::Debug for Ask<S> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Ask")
            .field("version", &self.inner.version)
            .field("form_supported", &self.inner.form_supported)
            .field("responses", &self.inner.responses)
            .finish_non_exhaustive()
    }
}

/// One question of a round: a key, the form's params, and how its answer
/// parses. Build it with [`Question::form`] (a derived form),
/// [`Question::form_with`] (a derived form with run-time choices) or
/// [`Question::fields`] (a run-time [`Form`]), or [`Question::new`] for any
/// other, and ask it with [`Ask::all`] beside others.
pub struct Question<'a, T> {
    key: Cow<'a, str>,
    params: ElicitRequestFormParams,
    parse: Box<dyn Fn(Value) -> Result<ElicitAction<T>, Error> + Send + Sync + 'a>,
    max_attempts: Option<u32>,
    argument: bool,
    person_only: bool,
    early: bool,
    answer: Option<ElicitAction<T>>,
}

impl<T> fmt::Debug for Question<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Question")
            .field("key", &self.key)
            .field("params", &self.params)
            .field("max_attempts", &self.max_attempts)
            .field("argument", &self.argument)
            .field("person_only", &self.person_only)
            .field("early", &self.early)
            .finish_non_exhaustive()
    }
}

impl Question<'static, ()> {
    /// `F`'s form under `key` with `message`; the answer is an
    /// [`ElicitAction<F>`]. A form whose [`ElicitForm::PERSON_ONLY`] is
    /// `true` ([`Confirm`](crate::Confirm)) is never answered from an
    /// argument.
    pub fn form<F: ElicitForm + 'static>(
        key: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Question<'static, F> {
        let mut question = Question::new(key, F::request(message), F::parse_result);
        question.person_only = F::PERSON_ONLY;
        question
    }

    /// A derived form with run-time choices (see [`ElicitFormWith`]) under
    /// `key` with `message`, its selects built from `options`; the answer is
    /// an [`ElicitAction<F>`], every field re-validated against `options`.
    /// On 2026-07-28 the retry may reach another server process: build the
    /// options there from the same source.
    pub fn form_with<'a, F>(
        key: impl Into<Cow<'a, str>>,
        message: impl Into<Cow<'static, str>>,
        options: &'a F::Options,
    ) -> Question<'a, F>
    where
        F: ElicitFormWith,
        F::Options: Sync,
    {
        Question::new(key, F::request_with(message, options), move |answer| {
            F::parse_result_with(answer, options)
        })
    }

    /// A run-time [`Form`] under `key` with `message`; the answer is an
    /// [`ElicitAction`] of the tuple of its typed answers.
    pub fn fields<'a, F>(
        key: impl Into<Cow<'a, str>>,
        form: &'a Form<F>,
        message: impl Into<Cow<'static, str>>,
    ) -> Question<'a, F::Output>
    where
        F: FormFields + Sync,
    {
        Question::new(key, form.request(message), move |answer| {
            form.parse_result(answer)
        })
    }
}

impl<'a, T> Question<'a, T> {
    /// A question under `key` asking `params`, whose answer (an
    /// `ElicitResult` as JSON) `parse` reads.
    pub fn new(
        key: impl Into<Cow<'a, str>>,
        params: ElicitRequestFormParams,
        parse: impl Fn(Value) -> Result<ElicitAction<T>, Error> + Send + Sync + 'a,
    ) -> Self {
        Question {
            key: key.into(),
            params,
            parse: Box::new(parse),
            max_attempts: None,
            argument: false,
            person_only: false,
            early: false,
            answer: None,
        }
    }

    /// The same question, which the call's argument named by its key may
    /// answer: the model that calls the tool, when it knows the answer
    /// already, or after asking the person in the chat where the client
    /// shows no forms.
    ///
    /// The argument holds what an accepted form's `content` holds, an
    /// object of the form's fields (`{"environment":"staging"}` for the
    /// key `target`); declare it in the tool's input schema as
    /// [`argument_schema`](Self::argument_schema) says. On every revision,
    /// before anything is asked:
    ///
    /// - a valid argument is the answer ([`ElicitAction::Accept`]), and no
    ///   round is spent on the question;
    /// - an argument the form's rules refuse is not the answer: the person
    ///   is asked, the form's message followed by the reason and the
    ///   argument's valid fields pre-filled (as after a rejected answer,
    ///   but not counted as an attempt: the person made no mistake);
    /// - no argument (or `null`): the person is asked.
    ///
    /// Where the client cannot show a form, [`Ask::tool`] ends the call
    /// with a result for the model ([`Unasked`](super::Unasked)) that names
    /// the argument, its fields and options, and why a refused argument
    /// was refused. A question whose form only a person may answer
    /// ([`ElicitForm::PERSON_ONLY`], a [`Confirm`](crate::Confirm)) ignores
    /// this: its answer never comes from the model.
    #[must_use]
    pub fn with_argument(mut self) -> Self {
        self.argument = true;
        self
    }

    /// The input schema of a tool whose one argument is the one that
    /// answers this question:
    /// `{"type":"object","properties":{KEY: argument_schema}}` (the
    /// argument is optional). rmcp takes it as
    /// `#[tool(input_schema = question().input_schema())]`.
    pub fn input_schema(&self) -> Map<String, Value> {
        let mut properties = Map::new();
        properties.insert(self.key.to_string(), self.argument_schema());
        let mut schema = Map::new();
        schema.insert("type".to_owned(), Value::from("object"));
        schema.insert("properties".to_owned(), Value::Object(properties));
        schema
    }

    /// What a tool's input schema declares for the argument that answers
    /// this question ([`with_argument`](Self::with_argument)), under the
    /// question's key: the `requestedSchema` with the message as its
    /// `description`,
    /// `{"type":"object","description":MESSAGE,"properties":{..},"required":[..]}`.
    pub fn argument_schema(&self) -> Value {
        let mut schema =
            serde_json::to_value(self.params.requested_schema()).unwrap_or(Value::Null);
        if let Value::Object(schema) = &mut schema {
            schema.insert("description".to_owned(), Value::from(self.params.message()));
        }
        schema
    }

    /// The same question, whose answer counts in `inputResponses` (MCP
    /// 2026-07-28) even when no round asked it: a client that answers
    /// before it is asked, or the flow of SEP-2322 in which the client
    /// retries with `inputResponses` and no `requestState`. Every other
    /// question counts an answer only in the round after the one that
    /// asked it (its `requestState`), and only while it is asked the same
    /// way (see [`Ask`]). Such an answer is re-validated like any other.
    ///
    /// For a question whose answer binds nothing a person must have seen
    /// first (a name, a search). A question whose form only a person may
    /// answer ([`ElicitForm::PERSON_ONLY`], a [`Confirm`](crate::Confirm))
    /// ignores this: its answer counts only after it was shown.
    #[must_use]
    pub fn with_early_answer(mut self) -> Self {
        self.early = true;
        self
    }

    /// The same question, which only a person may answer: never from an
    /// argument ([`with_argument`](Self::with_argument)) nor early
    /// ([`with_early_answer`](Self::with_early_answer)), whatever those
    /// say. What [`Question::form`] sets for a form whose
    /// [`ElicitForm::PERSON_ONLY`] is `true` ([`Confirm`](crate::Confirm));
    /// for a question built with [`Question::new`] from such a form's
    /// params (`Question::new("confirm", Confirm::request("Deploy?"),
    /// Confirm::parse_result)`), say it here.
    #[must_use]
    pub fn person_only(mut self) -> Self {
        self.person_only = true;
        self
    }

    /// The same question, asked at most `attempts` times (`1`: a rejected
    /// answer ends the call at once; `0` counts as `1`), whatever
    /// [`RequestStateSeal::max_attempts`] says.
    #[must_use]
    pub fn with_max_attempts(mut self, attempts: u32) -> Self {
        self.max_attempts = Some(attempts.max(1));
        self
    }

    /// The key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The params of the request that asks it.
    pub fn params(&self) -> &ElicitRequestFormParams {
        &self.params
    }
}

/// A `sampling/createMessage` question: its key and params; the answer is
/// the client's [`CreateMessageResult`], checked. Ask it with
/// [`Ask::create_message`], or beside other questions with [`Ask::all`].
///
/// On 2026-07-28 it is an entry of `inputRequests`, its answer read from
/// `inputResponses` and sealed in the `requestState` like a form's; before,
/// a `sampling/createMessage` request of the server's, inside the call. A
/// client that did not declare the `sampling` capability is not asked
/// ([`ElicitError::Unsupported`]). There is no decline: a client that will
/// not sample answers with an error ([`ElicitError::Service`] before
/// 2026-07-28), or does not answer.
#[derive(Debug)]
pub struct CreateMessage<'a> {
    key: Cow<'a, str>,
    request: InputRequest,
    early: bool,
    answer: Option<CreateMessageResult>,
}

impl<'a> CreateMessage<'a> {
    /// A question under `key` sending `params`.
    pub fn new(key: impl Into<Cow<'a, str>>, params: CreateMessageParams) -> Self {
        CreateMessage {
            key: key.into(),
            request: InputRequest::CreateMessage(params),
            early: false,
            answer: None,
        }
    }

    /// The same question, answered early where it may be: see
    /// [`Question::with_early_answer`].
    #[must_use]
    pub fn with_early_answer(mut self) -> Self {
        self.early = true;
        self
    }
}

/// A `roots/list` question: its key; the answer is the client's
/// [`ListRootsResult`], checked. Ask it with [`Ask::list_roots`], or beside
/// other questions with [`Ask::all`], as [`CreateMessage`] is asked. A
/// client that did not declare the `roots` capability is not asked
/// ([`ElicitError::Unsupported`]).
#[derive(Debug)]
pub struct ListRoots<'a> {
    key: Cow<'a, str>,
    early: bool,
    answer: Option<ListRootsResult>,
}

impl<'a> ListRoots<'a> {
    /// A question under `key`.
    pub fn new(key: impl Into<Cow<'a, str>>) -> Self {
        ListRoots {
            key: key.into(),
            early: false,
            answer: None,
        }
    }

    /// The same question, answered early where it may be: see
    /// [`Question::with_early_answer`].
    #[must_use]
    pub fn with_early_answer(mut self) -> Self {
        self.early = true;
        self
    }
}

mod private {
    use serde_json::Value;

    use crate::error::Error;
    use crate::input::InputRequest;
    use crate::schema::ElicitRequestFormParams;

    /// One form question of a round, its answer type erased.
    pub trait Pending {
        fn key(&self) -> &str;
        fn params(&self) -> &ElicitRequestFormParams;
        fn max_attempts(&self) -> Option<u32>;
        /// Whether the call's argument under the key may answer it.
        fn argument(&self) -> bool;
        /// Whether an answer no round asked for counts.
        fn early(&self) -> bool;
        /// Parses `answer` and keeps the typed result.
        fn take(&mut self, answer: Value) -> Result<(), Error>;
    }

    /// One question of another kind (sampling, roots), its answer type
    /// erased.
    pub trait PendingInput {
        fn key(&self) -> &str;
        fn request(&self) -> &InputRequest;
        fn early(&self) -> bool;
        /// Checks `answer`, keeps the typed result, and returns what is
        /// sealed of it.
        fn take(&mut self, answer: Value) -> Result<Value, Error>;
    }

    /// A question of either kind.
    pub enum Any<'a> {
        Form(&'a mut (dyn Pending + Send)),
        Input(&'a mut (dyn PendingInput + Send)),
    }

    impl Any<'_> {
        pub fn key(&self) -> &str {
            match self {
                Any::Form(question) => question.key(),
                Any::Input(question) => question.key(),
            }
        }
    }

    pub trait Sealed {}
}

use private::{Any, Pending, PendingInput};

impl<T: Send> Pending for Question<'_, T> {
    fn key(&self) -> &str {
        &self.key
    }

    fn params(&self) -> &ElicitRequestFormParams {
        &self.params
    }

    fn max_attempts(&self) -> Option<u32> {
        self.max_attempts
    }

    fn argument(&self) -> bool {
        self.argument && !self.person_only
    }

    fn early(&self) -> bool {
        self.early && !self.person_only
    }

    fn take(&mut self, answer: Value) -> Result<(), Error> {
        self.answer = Some((self.parse)(answer)?);
        Ok(())
    }
}

impl PendingInput for CreateMessage<'_> {
    fn key(&self) -> &str {
        &self.key
    }

    fn request(&self) -> &InputRequest {
        &self.request
    }

    fn early(&self) -> bool {
        self.early
    }

    fn take(&mut self, answer: Value) -> Result<Value, Error> {
        let result = CreateMessageResult::from_json(answer)?;
        let sealed = result.to_json();
        self.answer = Some(result);
        Ok(sealed)
    }
}

impl PendingInput for ListRoots<'_> {
    fn key(&self) -> &str {
        &self.key
    }

    fn request(&self) -> &InputRequest {
        &InputRequest::ListRoots
    }

    fn early(&self) -> bool {
        self.early
    }

    fn take(&mut self, answer: Value) -> Result<Value, Error> {
        let result = ListRootsResult::from_json(answer)?;
        let sealed = result.to_json();
        self.answer = Some(result);
        Ok(sealed)
    }
}

/// One question of any kind, as [`Ask::all`] takes it in a tuple or a
/// `Vec`: a form [`Question`] (answer: an [`ElicitAction`]), a
/// [`CreateMessage`] (a [`CreateMessageResult`]) or a [`ListRoots`] (a
/// [`ListRootsResult`]).
pub trait AnyQuestion: private::Sealed + Send {
    /// The answer.
    type Answer;

    #[doc(hidden)]
    fn any(&mut self) -> Any<'_>;

    #[doc(hidden)]
    fn answer(self) -> Option<Self::Answer>;
}

impl<T: Send> private::Sealed for Question<'_, T> {}

impl<T: Send> AnyQuestion for Question<'_, T> {
    type Answer = ElicitAction<T>;

    fn any(&mut self) -> Any<'_> {
        Any::Form(self)
    }

    fn answer(self) -> Option<ElicitAction<T>> {
        self.answer
    }
}

impl private::Sealed for CreateMessage<'_> {}

impl AnyQuestion for CreateMessage<'_> {
    type Answer = CreateMessageResult;

    fn any(&mut self) -> Any<'_> {
        Any::Input(self)
    }

    fn answer(self) -> Option<CreateMessageResult> {
        self.answer
    }
}

impl private::Sealed for ListRoots<'_> {}

impl AnyQuestion for ListRoots<'_> {
    type Answer = ListRootsResult;

    fn any(&mut self) -> Any<'_> {
        Any::Input(self)
    }

    fn answer(self) -> Option<ListRootsResult> {
        self.answer
    }
}

/// Questions asked together in one round by [`Ask::all`]: a tuple of one
/// to twelve questions of any kind ([`AnyQuestion`]; answer: the tuple of
/// their answers), or a `Vec` of questions of one type (answer: a `Vec` in
/// the same order).
pub trait Questions: private::Sealed + Send {
    /// The answers.
    type Output;

    #[doc(hidden)]
    fn pending(&mut self) -> Vec<Any<'_>>;

    #[doc(hidden)]
    fn answers(self) -> Option<Self::Output>;
}

macro_rules! tuple_questions {
    ($($t:ident $index:tt),+) => {
        impl<$($t: AnyQuestion),+> private::Sealed for ($($t,)+) {}

        impl<$($t: AnyQuestion),+> Questions for ($($t,)+) {
            type Output = ($($t::Answer,)+);

            fn pending(&mut self) -> Vec<Any<'_>> {
                vec![$(self.$index.any()),+]
            }

            fn answers(self) -> Option<Self::Output> {
                Some(($(self.$index.answer()?,)+))
            }
        }
    };
}

for_each_tuple!(tuple_questions);

impl<Q: AnyQuestion> private::Sealed for Vec<Q> {}

impl<Q: AnyQuestion> Questions for Vec<Q> {
    type Output = Vec<Q::Answer>;

    fn pending(&mut self) -> Vec<Any<'_>> {
        self.iter_mut().map(AnyQuestion::any).collect()
    }

    fn answers(self) -> Option<Self::Output> {
        self.into_iter().map(AnyQuestion::answer).collect()
    }
}

/// An answer as it is sealed: `action`, and for an accept the `content`
/// properties that the form declares, nothing else the client sent. A
/// `null` is no value (an optional field left blank; for a required one,
/// the rejection comes from the answer as sent): it is not sealed.
fn canonical(params: &ElicitRequestFormParams, answer: &Value) -> Value {
    let mut sealed = Map::new();
    let action = answer.get("action").cloned().unwrap_or(Value::Null);
    let accepted = action == "accept";
    sealed.insert("action".to_owned(), action);
    if accepted {
        if let Some(content) = answer.get("content").and_then(Value::as_object) {
            let declared = params
                .requested_schema
                .properties
                .iter()
                .filter_map(|(name, _)| {
                    content
                        .get(name.as_ref())
                        .filter(|value| !value.is_null())
                        .map(|value| (name.to_string(), value.clone()))
                })
                .collect();
            sealed.insert("content".to_owned(), Value::Object(declared));
        }
    }
    Value::Object(sealed)
}

/// `params` as a peer of `version` must receive them (unchanged in shape
/// when the revision is not known), the options titled in `messages`'
/// words.
fn shaped(
    params: &ElicitRequestFormParams,
    version: Option<ProtocolVersion>,
    messages: &dyn Messages,
) -> Result<ElicitRequestFormParams, ElicitError> {
    let params = messages::titled(params, messages);
    match version {
        Some(version) => params.for_version(version).map_err(ElicitError::Version),
        None => Ok(params.into_owned()),
    }
}

impl<S: Sdk> Ask<S> {
    /// An `Ask` for `request`, asking through `peer` where the revision has
    /// `elicitation/create`, sealing with `seal`: what an SDK adapter calls
    /// (rmcp's extractor, rust-mcp-sdk's `Ask::for_tool`).
    ///
    /// # Errors
    ///
    /// [`ElicitError::RequestState`] if the request carries a
    /// `requestState` that this server did not seal for this method, name
    /// and arguments, or that expired.
    pub fn open(
        peer: S::Peer,
        seal: RequestStateSeal,
        request: Request<'_>,
    ) -> Result<Ask<S>, ElicitError> {
        let binding = state::binding(request.method, request.name, request.arguments);
        let opened = match request.request_state {
            None => Opened::Answers(Box::default()),
            Some(text) if state_length(text) > MAX_REQUEST_STATE_LENGTH => {
                return Err(ElicitError::RequestState(
                    super::RequestStateError::Malformed,
                ))
            }
            Some(text) => seal.open_state(text, &binding)?,
        };
        let (sealed, handle) = match opened {
            Opened::Answers(sealed) => (*sealed, None),
            Opened::Handle(handle) => (Sealed::default(), Some(handle)),
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
                arguments_unseen: request.arguments_unseen,
                version: request.version,
                form_supported: request.form_supported,
                sampling_supported: request.sampling_supported,
                roots_supported: request.roots_supported,
                responses: request.input_responses,
                sealed: Mutex::new(sealed),
                handle: Mutex::new(handle),
                running: AtomicBool::new(false),
                asked: Mutex::new(HashSet::new()),
                progress: AtomicU64::new(0),
                messages: RwLock::new(messages),
            }),
        })
    }

    /// The same `Ask` writing `messages` for this call, in place of the
    /// seal's (see [`Messages`]): the reasons of a question asked again, the
    /// titles of the options shown, the search field of
    /// [`choose`](Self::choose), the progress message. For a server that
    /// follows the person's language per call.
    #[must_use]
    pub fn with_messages(self, messages: impl Messages) -> Self {
        *self
            .inner
            .messages
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(messages);
        self
    }

    /// The messages this call writes.
    pub(crate) fn messages(&self) -> Arc<dyn Messages> {
        Arc::clone(
            &self
                .inner
                .messages
                .read()
                .unwrap_or_else(PoisonError::into_inner),
        )
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
        self.inner.form_supported
    }

    /// Whether the client declared the `sampling` capability: where it did
    /// not, a [`CreateMessage`] question is refused
    /// ([`ElicitError::Unsupported`]).
    pub fn sampling_supported(&self) -> bool {
        self.inner.sampling_supported
    }

    /// Whether the client declared the `roots` capability: where it did
    /// not, a [`ListRoots`] question is refused
    /// ([`ElicitError::Unsupported`]).
    pub fn roots_supported(&self) -> bool {
        self.inner.roots_supported
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
    ///   with a result for the model (see [`Unasked`]).
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
    /// # use enum_schema::ask::{Ask, Question, Sdk};
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
            self.ask(&mut questions.pending()).await?;
            Ok(questions
                .answers()
                .expect("a question without an answer ends the round with an error"))
        }
    }

    async fn ask(&self, questions: &mut [Any<'_>]) -> Result<(), ElicitError> {
        let inner = &*self.inner;
        let messages = self.messages();
        if !inner.running.load(Ordering::Relaxed) {
            return Err(ElicitError::OutsideHandler);
        }
        // A request the client cannot take is refused before any key is
        // recorded: nothing was asked, so a body that falls back to another
        // question (a form where the client cannot sample) may use the same
        // key.
        for question in questions.iter() {
            if let Any::Input(question) = question {
                let supported = match question.request() {
                    InputRequest::CreateMessage(_) => inner.sampling_supported,
                    InputRequest::ListRoots => inner.roots_supported,
                    InputRequest::Elicitation(_) => inner.form_supported,
                };
                if !supported {
                    return Err(ElicitError::Unsupported {
                        method: question.request().method(),
                    });
                }
            }
        }
        for question in questions.iter() {
            self.record(question.key())?;
        }
        let mut forms = false;
        for question in questions.iter() {
            if let Any::Form(question) = question {
                forms = true;
                if inner.arguments_unseen && question.argument() {
                    return Err(ElicitError::NoArguments {
                        tool: inner.name.clone(),
                    });
                }
            }
        }
        let revision_asks = inner
            .version
            .is_none_or(ProtocolVersion::supports_elicitation);
        // Forms a client cannot show: each answered by its argument, or the
        // call ends with the result for the model; the rest is asked.
        let without_forms = forms && (!inner.form_supported || !revision_asks);
        if without_forms {
            self.without_forms(questions)?;
        }
        match inner.version {
            Some(version) if version.uses_input_required() => {
                match self.in_result(questions, version, without_forms)? {
                    None => Ok(()),
                    Some(asking) => Err(self.input_required(asking).await),
                }
            }
            version => {
                // A form the revision cannot carry is the server's bug: refused
                // before the person is asked anything, as on 2026-07-28.
                let mut params = Vec::new();
                for question in questions.iter() {
                    if let Any::Form(question) = question {
                        if !without_forms {
                            params.push(shaped(question.params(), version, &*messages)?);
                        }
                    }
                }
                let mut params = params.into_iter();
                for question in questions.iter_mut() {
                    match question {
                        Any::Form(question) => {
                            if let Some(params) = params.next() {
                                self.in_turn(&mut **question, params, version).await?;
                            }
                        }
                        Any::Input(question) => {
                            let request = question.request();
                            let answer = self
                                .waiting(
                                    request.method(),
                                    S::send(&inner.peer, request.clone(), inner.seal.ttl()),
                                )
                                .await?;
                            question.take(answer).map_err(ElicitError::Invalid)?;
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// Records a question under `key`, or says which server bug asking it
    /// is.
    fn record(&self, key: &str) -> Result<(), ElicitError> {
        if !self.inner.running.load(Ordering::Relaxed) {
            return Err(ElicitError::OutsideHandler);
        }
        let mut asked = self
            .inner
            .asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if asked.insert(key.to_owned()) {
            Ok(())
        } else {
            Err(ElicitError::KeyReused {
                key: key.to_owned(),
            })
        }
    }

    /// The answer from the call's argument under the question's key, where
    /// the question allows it and the argument is there (not `null`).
    fn argument_answer(&self, question: &mut (dyn Pending + Send)) -> FromArgument {
        if !question.argument() {
            return FromArgument::None;
        }
        let Some(content) = self
            .inner
            .arguments
            .get(question.key())
            .filter(|value| !value.is_null())
        else {
            return FromArgument::None;
        };
        if !content.is_object() {
            // Not the shape of an answer at all: nothing of it is the
            // person's to mend.
            let error = Error::from(ErrorKind::TypeMismatch {
                expected: JsonType::Object,
                found: content.clone(),
            })
            .in_field(question.key().to_owned());
            return FromArgument::NotAnObject(error);
        }
        let mut answer = Map::new();
        answer.insert("action".to_owned(), Value::from("accept"));
        answer.insert("content".to_owned(), content.clone());
        let answer = Value::Object(answer);
        match question.take(answer.clone()) {
            Ok(()) => FromArgument::Answered,
            Err(error) => FromArgument::Refused(answer, error),
        }
    }

    /// A client that cannot show forms: each question answered from its
    /// argument, or, for any that is not, the result for the model.
    fn without_forms(&self, questions: &mut [Any<'_>]) -> Result<(), ElicitError> {
        let inner = &*self.inner;
        let mut unasked = Unasked::new(&inner.method, &inner.name, inner.version);
        for question in questions.iter_mut() {
            let Any::Form(question) = question else {
                continue;
            };
            match self.argument_answer(&mut **question) {
                FromArgument::Answered => {}
                FromArgument::Refused(answer, error) => {
                    let refused = Some((&error, &answer["content"]));
                    unasked.push(question.key(), question.params(), true, refused);
                }
                FromArgument::NotAnObject(error) => {
                    let refused = Some((&error, &Value::Null));
                    unasked.push(question.key(), question.params(), true, refused);
                }
                FromArgument::None => {
                    let argument = question.argument();
                    unasked.push(question.key(), question.params(), argument, None);
                }
            }
        }
        if unasked.is_empty() {
            Ok(())
        } else {
            Err(ElicitError::Unasked(Box::new(unasked)))
        }
    }

    /// The end of a call whose client sent the same refused answer to
    /// `question` twice: the result for the model, naming the client
    /// problem and what the model can do.
    fn not_shown(&self, question: &(dyn Pending + Send), error: &Error) -> ElicitError {
        let inner = &*self.inner;
        let mut unasked = Unasked::not_shown(&inner.method, &inner.name, error);
        unasked.push(question.key(), question.params(), question.argument(), None);
        ElicitError::Unasked(Box::new(unasked))
    }

    fn max_attempts(&self, question: &(dyn Pending + Send)) -> u32 {
        question
            .max_attempts()
            .unwrap_or_else(|| self.inner.seal.max_attempts())
    }

    /// Before 2026-07-28: one `elicitation/create` per question, again
    /// after a rejected answer.
    async fn in_turn(
        &self,
        question: &mut (dyn Pending + Send),
        mut params: ElicitRequestFormParams,
        version: Option<ProtocolVersion>,
    ) -> Result<(), ElicitError> {
        let inner = &*self.inner;
        let messages = self.messages();
        let max_attempts = self.max_attempts(question);
        let mut attempt = 1;
        match self.argument_answer(question) {
            FromArgument::Answered => return Ok(()),
            FromArgument::Refused(answer, error) => {
                let again = reask::again(question.params(), &answer, &error, &*messages);
                params = shaped(&again, version, &*messages)?;
            }
            FromArgument::NotAnObject(_) | FromArgument::None => {}
        }
        let mut refused_before = None;
        loop {
            // A user has as long to answer as a sealed state lives on
            // 2026-07-28: a client that never answers holds no call open
            // for longer.
            let request = InputRequest::Elicitation(params);
            let answer = self
                .waiting(
                    request.method(),
                    S::send(&inner.peer, request, inner.seal.ttl()),
                )
                .await?;
            match question.take(answer.clone()) {
                Ok(()) => return Ok(()),
                Err(error) if attempt < max_attempts && reask::is_the_persons(&error) => {
                    let refused = canonical(question.params(), &answer);
                    if refused_before.as_ref() == Some(&refused) && !reask::sent_titles(&error) {
                        return Err(self.not_shown(question, &error));
                    }
                    refused_before = Some(refused);
                    attempt += 1;
                    let again = reask::again(question.params(), &answer, &error, &*messages);
                    params = shaped(&again, version, &*messages)?;
                }
                Err(error) => return Err(ElicitError::Invalid(error)),
            }
        }
    }

    /// `answer`, the wait for the client's answer to a request of `method`,
    /// with `notifications/progress` sent every progress interval of the
    /// seal while it lasts (its message [`Messages::waiting`] for
    /// `method`), until the SDK says it cannot send them.
    async fn waiting<T>(&self, method: &str, answer: impl Future<Output = T>) -> T {
        let inner = &*self.inner;
        let Some(every) = inner.seal.progress_interval() else {
            return answer.await;
        };
        let ticking = async {
            loop {
                S::sleep(every).await;
                // Back to the answer between two ticks, whatever the timer.
                yield_once().await;
                let progress = inner.progress.fetch_add(1, Ordering::Relaxed) + 1;
                let message = self.messages().waiting(method);
                if !S::progress(&inner.peer, progress, &message).await {
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

    /// On 2026-07-28: every question answered from the sealed state or
    /// `inputResponses` (`None`), or asked in one `input_required` result,
    /// returned with the payload its state is to carry, if any.
    fn in_result(
        &self,
        questions: &mut [Any<'_>],
        version: ProtocolVersion,
        without_forms: bool,
    ) -> Result<Option<Asking>, ElicitError> {
        let inner = &*self.inner;
        let messages = self.messages();
        // Every revision with `input_required` carries every form as it is
        // (`for_version` only clones it there), so a form is shaped only
        // when it is asked.
        let mut sealed = inner.sealed.lock().unwrap_or_else(PoisonError::into_inner);
        let mut requests = Vec::new();
        for question in questions.iter_mut() {
            let question = match question {
                // Answered by their arguments already.
                Any::Form(_) if without_forms => continue,
                Any::Form(question) => question,
                Any::Input(question) => {
                    if let Some(request) = self.input_in_result(&mut **question, &mut sealed)? {
                        requests.push(request);
                    }
                    continue;
                }
            };
            let key = question.key().to_owned();
            // An answer counts only for the question the person was shown:
            // the one with the same digest, asked in the round the state
            // comes from (an entry of `inputResponses`) or answered in an
            // earlier one (sealed). A question that changed since is a new
            // question: its old answer and attempts go, and it is asked.
            let digest = state::digest(question.params());
            let bound = sealed.bound(&key, &digest);
            let sealed_answer = sealed.answers.get(&key).filter(|_| bound);
            // Only the state's round asked it: an entry under any other key
            // (one answered already, one never asked) is ignored, unless the
            // question counts an answer sent before it was asked.
            let sent = inner
                .responses
                .get(&key)
                .filter(|_| (bound || question.early()) && sealed_answer.is_none());
            // What is sealed, and what a form asked again is pre-filled
            // from: the action and the declared properties, all that either
            // reads of the answer. An answer from the state is kept as it
            // came (it was sealed in that form).
            let (answer, kept) = match (sealed_answer, sent) {
                (Some(kept), _) => (kept.clone(), None),
                (None, Some(sent)) => (sent.clone(), Some(canonical(question.params(), sent))),
                (None, None) => {
                    let asked = match self.argument_answer(&mut **question) {
                        // Answered by the argument, which the state is
                        // bound to: nothing to seal.
                        FromArgument::Answered => continue,
                        FromArgument::Refused(answer, error) => {
                            let sent = canonical(question.params(), &answer);
                            let again = reask::again(question.params(), &sent, &error, &*messages);
                            shaped(&again, Some(version), &*messages)?
                        }
                        FromArgument::NotAnObject(_) | FromArgument::None => {
                            shaped(question.params(), Some(version), &*messages)?
                        }
                    };
                    requests.push((key.clone(), InputRequest::Elicitation(asked)));
                    sealed.questions.insert(key, Value::String(digest));
                    continue;
                }
            };
            match question.take(answer) {
                Ok(()) => {
                    sealed.attempts.remove(&key);
                    sealed.refused.remove(&key);
                    if let Some(kept) = kept {
                        sealed.answers.insert(key.clone(), kept);
                        sealed.questions.insert(key, Value::String(digest));
                    }
                }
                Err(error) => {
                    let sealed_before = sealed.answers.remove(&key);
                    let kept = kept.or(sealed_before).unwrap_or_default();
                    let rejected = sealed.attempts(&key).saturating_add(1);
                    if rejected >= self.max_attempts(&**question) || !reask::is_the_persons(&error)
                    {
                        return Err(ElicitError::Invalid(error));
                    }
                    // The same refused answer as last time is no person's
                    // second mistake: the client answers without showing.
                    let refused = state::digest_of(kept.to_string().as_bytes());
                    if sealed.refused.get(&key).and_then(Value::as_str) == Some(&*refused)
                        && !reask::sent_titles(&error)
                    {
                        return Err(self.not_shown(&**question, &error));
                    }
                    sealed.refused.insert(key.clone(), Value::String(refused));
                    sealed.attempts.insert(key.clone(), Value::from(rejected));
                    let again = reask::again(question.params(), &kept, &error, &*messages);
                    let again = shaped(&again, Some(version), &*messages)?;
                    // The question asked now is the one whose answer counts.
                    sealed
                        .questions
                        .insert(key.clone(), Value::String(digest.clone()));
                    requests.push((key, InputRequest::Elicitation(again)));
                }
            }
        }
        if requests.is_empty() {
            return Ok(None);
        }
        // The digests sealed: those of the answers, and of the questions
        // this round asks; a question of the state's round that this run
        // did not ask again is forgotten.
        let Sealed {
            answers, questions, ..
        } = &mut *sealed;
        questions.retain(|key, _| {
            answers.contains_key(key) || requests.iter().any(|(asked, _)| asked == key)
        });
        let mut result = InputRequiredResult::new();
        for (key, request) in requests {
            result = result.request(key, request);
        }
        // Every round that asks seals a state, the first included: it names
        // the questions whose answers the next round may bring.
        let payload = sealed.payload(inner.seal.ttl());
        Ok(Some(Asking { result, payload }))
    }

    /// On 2026-07-28, a question of another kind than a form: answered from
    /// the sealed state or `inputResponses` (`None`), or the request that
    /// asks it. A malformed answer is the client's fault, not a person's:
    /// the call ends ([`ElicitError::Invalid`]).
    fn input_in_result(
        &self,
        question: &mut (dyn PendingInput + Send),
        sealed: &mut Sealed,
    ) -> Result<Option<(String, InputRequest)>, ElicitError> {
        let key = question.key().to_owned();
        let digest = state::digest_of(&serde_json::to_vec(question.request()).unwrap_or_default());
        let bound = sealed.bound(&key, &digest);
        if let Some(kept) = sealed.answers.get(&key).filter(|_| bound) {
            question.take(kept.clone()).map_err(ElicitError::Invalid)?;
            return Ok(None);
        }
        let sent = self
            .inner
            .responses
            .get(&key)
            .filter(|_| bound || question.early());
        if let Some(sent) = sent {
            let kept = question.take(sent.clone()).map_err(ElicitError::Invalid)?;
            sealed.answers.insert(key.clone(), kept);
            sealed.questions.insert(key, Value::String(digest));
            return Ok(None);
        }
        sealed.questions.insert(key.clone(), Value::String(digest));
        Ok(Some((key, question.request().clone())))
    }

    /// The `input_required` result that asks, with its state sealed (or
    /// its answers put in the seal's store); or why it cannot be sent.
    async fn input_required(&self, Asking { result, payload }: Asking) -> ElicitError {
        let text = match self
            .inner
            .seal
            .seal_state(payload, &self.inner.binding)
            .await
        {
            Ok(text) => text,
            Err(error) => return error,
        };
        match result.with_request_state(text) {
            Ok(result) => ElicitError::InputRequired(Box::new(result)),
            Err(too_long) => ElicitError::StateTooLarge {
                length: too_long.length,
            },
        }
    }

    /// Runs `body`: questions may be asked while it runs, and only then.
    async fn run<R, Body, Fut>(self, body: Body) -> Result<R, ElicitError>
    where
        Body: FnOnce(Ask<S>) -> Fut,
        Fut: Future<Output = Result<R, ElicitError>>,
    {
        let inner = Arc::clone(&self.inner);
        // With a store, the answers of earlier rounds are taken (once) before
        // the body runs: a replayed state is refused here.
        let handle = inner
            .handle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(handle) = handle {
            let taken = inner.seal.take_answers(&handle).await?;
            *inner.sealed.lock().unwrap_or_else(PoisonError::into_inner) = taken;
        }
        inner.running.store(true, Ordering::Relaxed);
        let ended = body(self).await;
        // A clone kept past the body has no response left to ask in.
        inner.running.store(false, Ordering::Relaxed);
        ended
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

/// What the call's argument says of a question.
enum FromArgument {
    /// No argument may answer it, or none was sent.
    None,
    /// The argument was the answer.
    Answered,
    /// The argument, as an answer, and why the rules refuse it.
    Refused(Value, Error),
    /// The argument is not an object of the form's fields.
    NotAnObject(Error),
}

/// A round that asks (MCP 2026-07-28): its `input_required` result, and the
/// payload its state is to carry.
struct Asking {
    result: InputRequiredResult,
    payload: Vec<u8>,
}

/// What a handler that ran its body through [`Ask`] returns: the response
/// of the handler's kind `T` on SDK `S`, or the SDK's JSON-RPC error.
pub type Handled<S, T> = Result<<T as Reply<S>>::Response, <S as Sdk>::Error>;

/// The response for how a body ended, classified once for every SDK: its
/// result; the `input_required` result that asks; for a tool (which has
/// `tool_error`), a rejected answer as an error result; else the JSON-RPC
/// error.
fn respond<S: Sdk, T: Reply<S>, R: Into<T>>(
    ended: Result<R, ElicitError>,
    tool_error: Option<fn(&ElicitError) -> T>,
) -> Handled<S, T> {
    match ended {
        Ok(result) => Ok(result.into().complete()),
        Err(ElicitError::InputRequired(result)) => T::input_required(*result),
        // A malformed result (an entry of `inputResponses` that is no
        // `ElicitResult`, a `CreateMessageResult` without `model`) is the
        // client's protocol error, not a person's answer: a JSON-RPC error.
        Err(ElicitError::Invalid(error)) if !reask::is_the_persons(&error) => {
            Err(S::error(ElicitError::Invalid(error)))
        }
        Err(error @ (ElicitError::Invalid(_) | ElicitError::Unasked(_))) => match tool_error {
            Some(build) => Ok(build(&error).complete()),
            None => Err(S::error(error)),
        },
        Err(error) => Err(S::error(error)),
    }
}
