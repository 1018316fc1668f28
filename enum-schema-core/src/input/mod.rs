//! What a server asks of the client, and what comes back: the
//! [`InputRequest`]s (`elicitation/create`, `sampling/createMessage`,
//! `roots/list`), checked results for the last two ([`CreateMessageResult`],
//! [`ListRootsResult`]), and the MCP 2026-07-28 [`InputRequiredResult`]: the
//! server answers a `tools/call` (or `prompts/get`, `resources/read`) with
//! an `input_required` result, and the client retries the call with
//! `inputResponses`, which `enum_schema::ask::Ask` reads (feature `ask`).
//! The JSON-RPC envelope stays with the transport SDK.

use std::borrow::Cow;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::schema::{ElicitRequestFormParams, OrderedMap};

mod roots;
mod sampling;

pub use roots::{ListRootsResult, Root};
pub use sampling::{CreateMessageParams, CreateMessageResult, Role};

/// One request a server makes of the client: an entry of
/// `inputRequests` (MCP 2026-07-28), or a request of its own on earlier
/// revisions.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum InputRequest {
    /// `elicitation/create` in form mode, answered with an `ElicitResult`;
    /// the client declares the `elicitation` capability.
    Elicitation(ElicitRequestFormParams),
    /// `sampling/createMessage`, answered with a [`CreateMessageResult`];
    /// the client declares the `sampling` capability.
    CreateMessage(CreateMessageParams),
    /// `roots/list` (no params), answered with a [`ListRootsResult`]; the
    /// client declares the `roots` capability.
    ListRoots,
}

impl InputRequest {
    /// The request's `method`: `"elicitation/create"`,
    /// `"sampling/createMessage"` or `"roots/list"`.
    pub fn method(&self) -> &'static str {
        match self {
            InputRequest::Elicitation(_) => "elicitation/create",
            InputRequest::CreateMessage(_) => "sampling/createMessage",
            InputRequest::ListRoots => "roots/list",
        }
    }

    /// The params of an `elicitation/create` request; `None` for another
    /// kind.
    pub fn as_elicitation(&self) -> Option<&ElicitRequestFormParams> {
        match self {
            InputRequest::Elicitation(params) => Some(params),
            _ => None,
        }
    }
}

/// `{"method":..,"params":{..}}`, as an entry of `inputRequests` holds it.
impl Serialize for InputRequest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("method", self.method())?;
        match self {
            InputRequest::Elicitation(params) => map.serialize_entry("params", params)?,
            InputRequest::CreateMessage(params) => map.serialize_entry("params", params)?,
            InputRequest::ListRoots => {
                map.serialize_entry("params", &serde_json::Map::new())?;
            }
        }
        map.end()
    }
}

/// The longest `requestState` this crate sends or opens, in characters:
/// 65,536, the `maxLength` that the MCP specification pull request #2778
/// proposes for `requestState`, well below the 4 MiB request bodies that
/// rmcp's HTTP transport accepts.
pub const MAX_REQUEST_STATE_LENGTH: usize = 65_536;

/// A state's length in characters, as the limit counts it; the bytes
/// bound it, so a state of few bytes is not counted.
pub(crate) fn state_length(state: &str) -> usize {
    if state.len() <= MAX_REQUEST_STATE_LENGTH {
        return state.len();
    }
    state.chars().count()
}

/// A `requestState` longer than [`MAX_REQUEST_STATE_LENGTH`]:
/// [`InputRequiredResult::with_request_state`] refuses it, so that no
/// result asks a client to echo more than a request may carry.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RequestStateTooLong {
    /// The state's length, in characters.
    pub length: usize,
}

impl std::fmt::Display for RequestStateTooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a requestState of {} characters, more than the {MAX_REQUEST_STATE_LENGTH} a request may carry",
            self.length
        )
    }
}

impl std::error::Error for RequestStateTooLong {}

/// An interim result asking the client for input:
/// `{"resultType":"input_required","inputRequests":{KEY:{"method":"elicitation/create","params":{..}}},"requestState":".."}`
/// (MCP 2026-07-28, `InputRequiredResult`), an entry
/// `{"method":"sampling/createMessage","params":{..}}` or
/// `{"method":"roots/list","params":{}}` for the other [`InputRequest`]s.
/// Keys are the server's choice; the client answers each one under the
/// same key in `inputResponses`.
///
/// The spec requires `inputRequests` or `requestState`: serializing a result
/// with neither is an error.
///
/// ```
/// use enum_schema::{ElicitEnum, ElicitForm};
/// use enum_schema::ask::adapter::InputRequiredResult;
///
/// #[derive(ElicitEnum, Debug)]
/// enum Plan { Free, Pro }
///
/// #[derive(ElicitForm, Debug)]
/// struct Upgrade { plan: Plan }
///
/// let result = InputRequiredResult::new()
///     .elicit("plan", Upgrade::request("Which plan?"))
///     .with_request_state("opaque-state")
///     .unwrap();
/// let json = serde_json::to_value(&result).unwrap();
/// assert_eq!(json["resultType"], "input_required");
/// assert_eq!(json["inputRequests"]["plan"]["method"], "elicitation/create");
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InputRequiredResult {
    requests: Vec<(Cow<'static, str>, InputRequest)>,
    request_state: Option<String>,
}

impl InputRequiredResult {
    /// A result with no request yet.
    pub fn new() -> Self {
        InputRequiredResult::default()
    }

    /// Adds an `elicitation/create` request under `key`, replacing one with
    /// the same key.
    pub fn elicit(
        self,
        key: impl Into<Cow<'static, str>>,
        params: ElicitRequestFormParams,
    ) -> Self {
        self.request(key, InputRequest::Elicitation(params))
    }

    /// Adds `request` under `key`, replacing one with the same key.
    pub fn request(mut self, key: impl Into<Cow<'static, str>>, request: InputRequest) -> Self {
        let key = key.into();
        self.requests.retain(|(existing, _)| *existing != key);
        self.requests.push((key, request));
        self
    }

    /// The `inputRequests`, in order: each key and its request.
    pub fn input_requests(&self) -> impl Iterator<Item = (&str, &InputRequest)> {
        self.requests
            .iter()
            .map(|(key, request)| (key.as_ref(), request))
    }

    /// The `requestState`, if set.
    pub fn request_state(&self) -> Option<&str> {
        self.request_state.as_deref()
    }

    /// Sets `requestState`, which the client sends back unchanged.
    ///
    /// # Errors
    ///
    /// [`RequestStateTooLong`] for a state of more than
    /// [`MAX_REQUEST_STATE_LENGTH`] characters.
    ///
    /// ```
    /// use enum_schema::ask::adapter::{InputRequiredResult, RequestStateTooLong};
    ///
    /// let result = InputRequiredResult::new().with_request_state("eyJzdGVwIjoxfQ")?;
    /// assert_eq!(result.request_state(), Some("eyJzdGVwIjoxfQ"));
    ///
    /// let error = InputRequiredResult::new().with_request_state("é".repeat(70_000)).unwrap_err();
    /// assert_eq!(error.length, 70_000);
    /// assert_eq!(
    ///     error.to_string(),
    ///     "a requestState of 70000 characters, more than the 65536 a request may carry",
    /// );
    /// # Ok::<(), RequestStateTooLong>(())
    /// ```
    pub fn with_request_state(
        mut self,
        state: impl Into<String>,
    ) -> Result<Self, RequestStateTooLong> {
        let state = state.into();
        match state_length(&state) {
            length if length > MAX_REQUEST_STATE_LENGTH => Err(RequestStateTooLong { length }),
            _ => {
                self.request_state = Some(state);
                Ok(self)
            }
        }
    }
}

impl Serialize for InputRequiredResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.requests.is_empty() && self.request_state.is_none() {
            return Err(serde::ser::Error::custom(
                "an InputRequiredResult needs `inputRequests` or `requestState` (MCP 2026-07-28)",
            ));
        }
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("resultType", "input_required")?;
        if !self.requests.is_empty() {
            map.serialize_entry("inputRequests", &OrderedMap(&self.requests))?;
        }
        if let Some(state) = &self.request_state {
            map.serialize_entry("requestState", state)?;
        }
        map.end()
    }
}
