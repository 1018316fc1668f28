//! [`Ask`]: one call that elicits on every protocol revision.

use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::model::{
    self, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams,
    GetPromptResponse, InputRequests, InputRequiredResult, InputResponses, JsonObject,
    ReadResourceRequestParams, ReadResourceResponse, RequestStateCodec, SealOptions,
};
use ::rmcp::service::RequestContext;
use ::rmcp::{ErrorData, Peer, RoleServer};
use serde_json::{Map, Value};

use super::super::common::{Misuse, Questions};
use super::{input_request, rejection_data, send, ElicitError};
use crate::{
    ElicitAction, ElicitForm, ElicitRequestFormParams, Error, Form, FormFields, ProtocolVersion,
};

/// How a server seals the `requestState` that carries earlier answers from
/// one round of an MCP 2026-07-28 request to the next: rmcp's
/// [`RequestStateCodec`] (HMAC-SHA256) and a time to live.
///
/// Every server process that may receive a retry needs the same keys: the
/// state is sealed by the process that asked and opened by whichever
/// process the load balancer sends the retry to. Nothing else is shared.
///
/// - **What is sealed**: the earlier answers' `ElicitResult` JSON, as the
///   client sent them, bound (as associated data, not stored) to the method,
///   the tool, prompt or resource, and its arguments. A state is refused when
///   it was altered, sealed with a key this server does not hold, sealed for
///   another request, or has expired.
/// - **Size**: the state grows with every answer: about 4/3 of the answers'
///   JSON plus about 60 bytes. Keep forms small, or ask fewer questions per
///   request.
/// - **Confidentiality**: the state is signed, not encrypted; the client can
///   read its own answers in it. Do not ask for secrets this way.
/// - **Key rotation**: build the codec with
///   [`RequestStateCodec::new_with_keyring`] and keep the old key in the ring
///   until every state it sealed has expired (the time to live).
/// - **Replay**: within its time to live and for the same request, a state
///   can be presented again; it only carries answers the same client gave.
///   A retry that answers an already sealed question differently is refused.
///   Single-use states need server-side storage, which this type avoids.
#[derive(Clone, Debug)]
pub struct RequestStateSeal {
    codec: Arc<RequestStateCodec>,
    ttl: Duration,
}

impl RequestStateSeal {
    /// The time to live of a sealed state unless [`with_ttl`](Self::with_ttl)
    /// says otherwise: ten minutes, for a user to fill in a form.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(600);

    /// Seals with `codec` (build it with [`RequestStateCodec::try_new`] from
    /// at least 32 bytes of secret key, the same on every server process).
    pub fn new(codec: RequestStateCodec) -> Self {
        RequestStateSeal {
            codec: Arc::new(codec),
            ttl: Self::DEFAULT_TTL,
        }
    }

    /// The same seal with another time to live: how long a sealed state
    /// (2026-07-28) may wait for the next round, and how long
    /// `elicitation/create` (earlier revisions) waits for the client's
    /// answer before the call fails with [`ElicitError::Service`].
    #[must_use]
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// The codec.
    pub fn codec(&self) -> &RequestStateCodec {
        &self.codec
    }

    /// The time to live of a sealed state.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }
}

impl AsRef<RequestStateSeal> for RequestStateSeal {
    fn as_ref(&self) -> &RequestStateSeal {
        self
    }
}

/// A server type whose tools can take [`Ask`]: one that says where its
/// [`RequestStateSeal`] is, by implementing `AsRef<RequestStateSeal>`.
/// Every such type has this trait (a blanket impl); implement `AsRef`, not
/// this.
///
/// It is the bound of `Ask`'s rmcp extractor, so that a server without the
/// `AsRef` impl gets an error that names `Ask` and the seal where the
/// compiler checks that bound directly (`Ask::from_context_part` in a
/// hand-written route). In a `#[tool]` method the compiler reports rmcp's
/// `IntoToolRoute` instead: see [the module docs](crate::rmcp#troubleshooting).
#[diagnostic::on_unimplemented(
    message = "`{Self}` holds no `RequestStateSeal`, so its tools cannot take `Ask`",
    label = "no `impl AsRef<RequestStateSeal> for {Self}`",
    note = "`Ask` seals the answers a client echoes back with the server's `RequestStateSeal`, and finds it through `AsRef`",
    note = "give `{Self}` a `seal: RequestStateSeal` field and `impl AsRef<enum_schema::rmcp::RequestStateSeal> for {Self}`, returning `&self.seal`"
)]
pub trait SealProvider {
    /// The seal: `self.as_ref()`.
    fn request_state_seal(&self) -> &RequestStateSeal;
}

// Not recommended in errors, so that the compiler names `SealProvider`
// (and its message) rather than the `AsRef` bound underneath.
#[diagnostic::do_not_recommend]
impl<S: AsRef<RequestStateSeal>> SealProvider for S {
    fn request_state_seal(&self) -> &RequestStateSeal {
        self.as_ref()
    }
}

/// [`common::binding`](super::super::common::binding) for rmcp's argument
/// object.
fn binding(method: &str, name: &str, arguments: Option<&JsonObject>) -> Vec<u8> {
    let arguments = arguments.map(|arguments| Value::Object(arguments.clone()));
    super::super::common::binding(method, name, arguments.as_ref())
}

/// Asks the client for a form, the same way on every protocol revision.
///
/// A tool takes `Ask` as an argument (it is an rmcp extractor; the server
/// type implements `AsRef<`[`RequestStateSeal`]`>`; list it before
/// `Parameters<..>`, which takes the arguments that the sealed state is
/// bound to), runs its body through [`tool`](Self::tool), and asks with
/// [`form`](Self::form):
///
/// ```no_run
/// use enum_schema::rmcp::{Ask, RequestStateSeal};
/// use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
/// use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::ErrorData;
///
/// #[derive(ElicitEnum, Debug)]
/// #[elicit(rename_all = "lowercase")]
/// enum Severity { Low, High }
///
/// #[derive(ElicitForm, Debug)]
/// struct Triage { severity: Severity }
///
/// // In a `#[tool]` method of a server that implements `AsRef<RequestStateSeal>`:
/// async fn triage(ask: Ask) -> Result<CallToolResponse, ErrorData> {
///     ask.tool(|ask| async move {
///         let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
///             ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
///             ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
///         };
///         Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
///     })
///     .await
/// }
/// ```
///
/// What happens underneath depends on the revision the client speaks
/// (its `_meta` on 2026-07-28, its `initialize` before):
///
/// - **2025-06-18, 2025-11-25**: `form` sends `elicitation/create`, shaped
///   for the revision ([`ElicitRequestFormParams::for_version`]: legacy
///   `enumNames` and no multi-select for 2025-06-18), and awaits the answer.
/// - **2026-07-28**: the server sends no requests. `form` reads the answer
///   under `key` from the call's `inputResponses` (or from an earlier round,
///   sealed in `requestState`); when there is none yet, it returns
///   [`ElicitError::InputRequired`], and `?` ends the body: `tool` answers
///   the call with `{"resultType":"input_required","inputRequests":{key:..},"requestState":..}`.
///   The client asks the user and calls the tool again with the answer; the
///   body runs again from the top, now gets past `form`, and may ask the
///   next question. So the code before the last question runs once per
///   round: keep side effects after the questions.
///
/// Every answer is re-validated ([`ElicitForm::parse_result`]), on every
/// round. A client that did not declare form elicitation is refused
/// ([`ElicitError::Unsupported`]).
///
/// # Keys
///
/// `key` names the question inside `inputRequests`/`inputResponses`: use a
/// different key for each question of one tool call, and the same key for
/// the same question on every round.
///
/// # What the client gets when something goes wrong
///
/// See [`tool`](Self::tool): a rejected answer is a tool result with
/// `isError: true` (the model can read it and call the tool again, which
/// asks again); everything else is a JSON-RPC error whose message and
/// `data` speak protocol, never Rust.
#[derive(Clone)]
pub struct Ask {
    inner: Arc<Inner>,
}

struct Inner {
    peer: Peer<RoleServer>,
    version: Option<ProtocolVersion>,
    form_supported: bool,
    seal: RequestStateSeal,
    binding: Vec<u8>,
    responses: InputResponses,
    /// Sealed answers of earlier rounds, and the answers read in this one.
    answers: Mutex<Map<String, Value>>,
    /// The two server bugs refused on every revision.
    questions: Questions,
}

impl fmt::Debug for Ask {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Ask")
            .field("version", &self.inner.version)
            .field("form_supported", &self.inner.form_supported)
            .field("responses", &self.inner.responses)
            .finish_non_exhaustive()
    }
}

impl Ask {
    fn open(
        context: &RequestContext<RoleServer>,
        seal: RequestStateSeal,
        binding: Vec<u8>,
        responses: Option<InputResponses>,
        request_state: Option<&str>,
    ) -> Result<Ask, ElicitError> {
        // A revision newer than this crate knows asks inside the result too.
        let version = context
            .protocol_version()
            .map(|version| version.as_str().parse().unwrap_or(ProtocolVersion::LATEST));
        let form_supported = context
            .client_capabilities()
            .and_then(|capabilities| capabilities.elicitation)
            .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none());
        let responses = responses.unwrap_or_default();
        let mut answers = Map::new();
        if let Some(state) = request_state {
            let opened: Value = seal
                .codec
                .open_json_with(state, &binding)
                .map_err(ElicitError::RequestState)?;
            let Some(Value::Object(sealed)) = opened.get("answers") else {
                return Err(ElicitError::RequestState(
                    model::RequestStateError::MalformedFormat,
                ));
            };
            for (key, answer) in sealed {
                if responses.get(key).is_some_and(|sent| sent != answer) {
                    return Err(ElicitError::AnswerChanged { key: key.clone() });
                }
            }
            answers = sealed.clone();
        }
        Ok(Ask {
            inner: Arc::new(Inner {
                peer: context.peer.clone(),
                version,
                form_supported,
                seal,
                binding,
                responses,
                answers: Mutex::new(answers),
                questions: Questions::default(),
            }),
        })
    }

    /// An `Ask` for a `prompts/get` request, in rmcp's
    /// `ServerHandler::get_prompt`; run the handler's body with
    /// [`prompt`](Self::prompt).
    ///
    /// # Errors
    ///
    /// [`ElicitError::RequestState`] if the request carries a `requestState`
    /// that this server did not seal for this prompt and these arguments, or
    /// that expired; [`ElicitError::AnswerChanged`] if `inputResponses`
    /// answers a sealed question differently.
    pub fn for_prompt(
        request: &GetPromptRequestParams,
        context: &RequestContext<RoleServer>,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        Ask::open(
            context,
            seal.clone(),
            binding("prompts/get", &request.name, request.arguments.as_ref()),
            request.input_responses.clone(),
            request.request_state.as_deref(),
        )
    }

    /// An `Ask` for a `resources/read` request, in rmcp's
    /// `ServerHandler::read_resource`; run the handler's body with
    /// [`resource`](Self::resource).
    ///
    /// # Errors
    ///
    /// As [`for_prompt`](Self::for_prompt).
    pub fn for_resource(
        request: &ReadResourceRequestParams,
        context: &RequestContext<RoleServer>,
        seal: &RequestStateSeal,
    ) -> Result<Ask, ElicitError> {
        Ask::open(
            context,
            seal.clone(),
            binding("resources/read", &request.uri, None),
            request.input_responses.clone(),
            request.request_state.as_deref(),
        )
    }

    /// The protocol revision of this request, if the client said and this
    /// crate knows it (a newer one counts as the newest known).
    pub fn protocol_version(&self) -> Option<ProtocolVersion> {
        self.inner.version
    }

    /// The call's `inputResponses` as the client sent them (MCP 2026-07-28;
    /// empty before), for answers to requests other than elicitation
    /// (sampling, roots) that the handler asked for itself.
    pub fn input_responses(&self) -> &InputResponses {
        &self.inner.responses
    }

    /// Asks for `F`'s form under `key` with `message`, and returns the typed
    /// answer: accept (re-validated), decline or cancel.
    ///
    /// # Errors
    ///
    /// - [`ElicitError::InputRequired`] on 2026-07-28 when the answer is not
    ///   there yet: not a failure, `?` it to [`tool`](Self::tool) (or
    ///   [`prompt`](Self::prompt), [`resource`](Self::resource)), which asks.
    /// - [`ElicitError::Unsupported`]: the client did not declare form
    ///   elicitation.
    /// - [`ElicitError::Version`]: the revision cannot carry the form
    ///   (2025-06-18 has no multi-select, older revisions no elicitation).
    /// - [`ElicitError::Invalid`]: the answer failed re-validation.
    /// - [`ElicitError::OutsideHandler`], [`ElicitError::KeyReused`]: server
    ///   bugs, refused on every revision (asked outside the body of `tool`,
    ///   `prompt` or `resource`; a key used twice in one request).
    /// - [`ElicitError::Service`]: the `elicitation/create` request failed.
    pub async fn form<F: ElicitForm>(
        &self,
        key: &str,
        message: impl Into<Cow<'static, str>>,
    ) -> Result<ElicitAction<F>, ElicitError> {
        self.ask(key, F::request(message), |answer| F::parse_result(answer))
            .await
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
        let params = form.request(message);
        self.ask(key, params, move |answer| form.parse_result(answer))
    }

    async fn ask<T>(
        &self,
        key: &str,
        params: ElicitRequestFormParams,
        parse: impl Fn(Value) -> Result<ElicitAction<T>, Error>,
    ) -> Result<ElicitAction<T>, ElicitError> {
        let inner = &*self.inner;
        inner.questions.ask(key).map_err(|misuse| match misuse {
            Misuse::OutsideHandler => ElicitError::OutsideHandler,
            Misuse::KeyReused => ElicitError::KeyReused {
                key: key.to_owned(),
            },
        })?;
        if !inner.form_supported {
            return Err(ElicitError::Unsupported);
        }
        let version = match inner.version {
            Some(version) if version.uses_input_required() => version,
            version => {
                // A user has as long to answer as a sealed state lives on
                // 2026-07-28: a client that never answers holds no call
                // open for longer.
                let result = send(&inner.peer, params, version, Some(inner.seal.ttl)).await?;
                return parse(super::result_json(&result).map_err(ElicitError::Invalid)?)
                    .map_err(ElicitError::Invalid);
            }
        };
        let params = params.for_version(version).map_err(ElicitError::Version)?;
        let mut answers = inner.answers.lock().unwrap_or_else(PoisonError::into_inner);
        let answer = answers
            .get(key)
            .or_else(|| inner.responses.get(key))
            .cloned();
        match answer {
            Some(answer) => {
                let action = parse(answer.clone()).map_err(ElicitError::Invalid)?;
                answers.insert(key.to_owned(), answer);
                Ok(action)
            }
            None => {
                let mut requests = InputRequests::new();
                requests.insert(key.to_owned(), input_request(&params));
                let state = if answers.is_empty() {
                    None
                } else {
                    let payload = Value::Object(Map::from_iter([(
                        "answers".to_owned(),
                        Value::Object(answers.clone()),
                    )]));
                    let options = SealOptions::new()
                        .associated_data(&inner.binding)
                        .ttl(inner.seal.ttl);
                    Some(
                        inner
                            .seal
                            .codec
                            .seal_json_with(&payload, &options)
                            .map_err(ElicitError::RequestState)?,
                    )
                };
                Err(ElicitError::InputRequired(Box::new(
                    InputRequiredResult::new(Some(requests), state),
                )))
            }
        }
    }

    /// Runs a tool's body, which asks with [`form`](Self::form), and turns
    /// its outcome into the tool's response:
    ///
    /// - `Ok(result)`: the result.
    /// - [`ElicitError::InputRequired`] (2026-07-28): the `input_required`
    ///   result that asks the client.
    /// - [`ElicitError::Invalid`], a rejected answer: a tool result with
    ///   `isError: true`, the reason as text, and as `structuredContent` the
    ///   `{"errors":[{"field":..,"value":..,"allowed":[..],"message":..}]}`
    ///   of [`ElicitError::data`]. The answer came from a client that broke
    ///   the schema it was given; asking that client again inside the same
    ///   call would most likely repeat the fault, so the call ends here, but
    ///   as a tool result, which the model sees and can act on (call the tool
    ///   again, which asks again, or tell the user).
    /// - anything else: the JSON-RPC error of
    ///   [`From<ElicitError> for ErrorData`](ElicitError#impl-From<ElicitError>-for-ErrorData).
    ///
    /// # Errors
    ///
    /// The JSON-RPC error above.
    pub async fn tool<R, Body, Fut>(self, body: Body) -> Result<CallToolResponse, ErrorData>
    where
        R: Into<CallToolResponse>,
        Body: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<R, ElicitError>>,
    {
        self.inner.questions.start();
        match body(self).await {
            Ok(result) => Ok(result.into()),
            Err(ElicitError::InputRequired(result)) => Ok(CallToolResponse::InputRequired(*result)),
            Err(ElicitError::Invalid(error)) => {
                let mut result = CallToolResult::error(vec![ContentBlock::text(format!(
                    "the client's answer was rejected: {error}"
                ))]);
                result.structured_content = Some(rejection_data(&error));
                Ok(result.into())
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Runs a `prompts/get` handler's body, as [`tool`](Self::tool) does; a
    /// prompt has no error result, so a rejected answer is the JSON-RPC
    /// error `-32602` with its `data`.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error of `From<ElicitError> for ErrorData`.
    pub async fn prompt<R, Body, Fut>(self, body: Body) -> Result<GetPromptResponse, ErrorData>
    where
        R: Into<GetPromptResponse>,
        Body: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<R, ElicitError>>,
    {
        self.inner.questions.start();
        match body(self).await {
            Ok(result) => Ok(result.into()),
            Err(ElicitError::InputRequired(result)) => {
                Ok(GetPromptResponse::InputRequired(*result))
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Runs a `resources/read` handler's body, as [`prompt`](Self::prompt)
    /// does.
    ///
    /// # Errors
    ///
    /// The JSON-RPC error of `From<ElicitError> for ErrorData`.
    pub async fn resource<R, Body, Fut>(self, body: Body) -> Result<ReadResourceResponse, ErrorData>
    where
        R: Into<ReadResourceResponse>,
        Body: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<R, ElicitError>>,
    {
        self.inner.questions.start();
        match body(self).await {
            Ok(result) => Ok(result.into()),
            Err(ElicitError::InputRequired(result)) => {
                Ok(ReadResourceResponse::InputRequired(*result))
            }
            Err(error) => Err(error.into()),
        }
    }
}

/// `Ask` as an argument of a `#[tool]` method: the server type provides the
/// seal. The state is bound to the tool's name and to its arguments as they
/// are when `Ask` is extracted, so list `Ask` before `Parameters<..>` (which
/// takes the arguments away).
impl<S: SealProvider> FromContextPart<ToolCallContext<'_, S>> for Ask {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        let binding = binding("tools/call", &context.name, context.arguments.as_ref());
        let state = context.request_state.take();
        Ask::open(
            &context.request_context,
            context.service.request_state_seal().clone(),
            binding,
            context.input_responses.take(),
            state.as_deref(),
        )
        .map_err(ErrorData::from)
    }
}
