//! [rmcp](https://docs.rs/rmcp), the official Rust MCP SDK (feature `rmcp`,
//! tested with rmcp 3.11.0).
//!
//! # One call, every revision: [`Ask`]
//!
//! A tool asks for a derived form with one call, [`Ask::form`] (one
//! derived enum: [`Ask::choice`](crate::ask::Ask::choice)), and gets an
//! [`ElicitAction`] of the derived type, whichever revision the client
//! picked. The server type holds a [`RequestStateSeal`] and must implement
//! `AsRef<RequestStateSeal>` (without it, see
//! [Troubleshooting](#troubleshooting)), and the tool takes [`Ask`] as an
//! argument, which also reads the tool's arguments
//! ([`Ask::arguments`](crate::ask::Ask::arguments)):
//!
//! ```no_run
//! use enum_schema::ask::RequestStateSeal;
//! use enum_schema::rmcp::Ask;
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, RequestStateCodec};
//! use rmcp::ErrorData;
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! #[derive(Clone)]
//! struct Server { seal: RequestStateSeal /* , tool_router: ToolRouter<Self> */ }
//!
//! // Required by `Ask`: where it finds the seal.
//! impl AsRef<RequestStateSeal> for Server {
//!     fn as_ref(&self) -> &RequestStateSeal { &self.seal }
//! }
//!
//! // #[tool_router]
//! impl Server {
//!     fn new(key: Vec<u8>) -> Self {
//!         // The same key on every process behind the load balancer.
//!         let codec = RequestStateCodec::try_new(key).expect("a key of 32 bytes or more");
//!         Server { seal: RequestStateSeal::new(codec) }
//!     }
//!
//!     // #[tool(description = "Triage an incident")]
//!     async fn triage(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
//!         ask.tool(|ask| async move {
//!             let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
//!                 ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!                 ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!             };
//!             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
//!         })
//!         .await
//!     }
//! }
//! ```
//!
//! - **2025-06-18, 2025-11-25**: `form` sends `elicitation/create`, shaped
//!   for the revision (legacy `enumNames`, no defaults but booleans', and no
//!   multi-select for 2025-06-18: asking one is refused with a JSON-RPC
//!   error naming the field), and awaits the answer.
//! - **2026-07-28**: servers send no requests. `form` reads the answer from
//!   the call's `inputResponses`; without one, `?` ends the body and
//!   [`Ask::tool`] answers with rmcp's `InputRequiredResult`
//!   (`CallToolResponse::InputRequired`). The client asks the user and
//!   retries the call; the tool runs again from the top and gets past the
//!   question. Several questions, a later one depending on an earlier
//!   answer, work the same way: the answers of earlier rounds travel in
//!   `requestState`, sealed with rmcp's `RequestStateCodec` and bound to the
//!   tool and its arguments, so the retry may reach any server process that
//!   has the key (see [`RequestStateSeal`] for size, key rotation, expiry
//!   and replay). A state that was altered, forged, sealed for another
//!   request or with another key, or that expired, is refused.
//!
//! Prompts and resources ask the same way, in rmcp's `get_prompt` and
//! `read_resource`: [`Ask::for_prompt`] with [`Ask::prompt`], and
//! [`Ask::for_resource`] with [`Ask::resource`].
//!
//! # What the client gets back
//!
//! Nothing sent to a client names a Rust item: messages and `data` speak of
//! fields, values, methods and revisions ([`ElicitError`] has the table).
//! A rejected answer (a value not offered, a title instead of a value, a
//! string for a multi-select, a missing required field, a bound broken) is
//! first asked again, with the reason and the valid parts pre-filled (see
//! "A second chance" on [`crate::ask::Ask`]). This replaces what 0.1 did,
//! ending the call at the first rejected answer on the grounds that the
//! client had broken the schema once and would break it again: real clients
//! (the MCP Inspector among them) let a person's mistakes through, so the
//! mistake is the person's, and a person who made one deserves a second
//! chance, not a dead call that loses their earlier answers. Once the
//! question was asked as often as allowed (3 times unless
//! [`RequestStateSeal::with_max_attempts`](crate::ask::RequestStateSeal::with_max_attempts)
//! says otherwise), the answer is, inside `Ask::tool`, a tool result with
//! `isError: true`, its message as text and
//! `{"errors":[{"field":..,"value":..,"allowed":[..],"message":..}]}` as
//! `structuredContent`; in a prompt or resource, which have no error
//! result, the JSON-RPC error `-32602` with that `data`. A tool result,
//! because the model sees it and can act on it, where a JSON-RPC error
//! mostly stops at the client. Through `Ask`, a client that did not
//! declare form elicitation gets a tool result for the model instead
//! (`ElicitError::Unasked`: what to ask the person in the chat, and the
//! argument to send); the lower-level `PeerElicitExt` below refuses it with
//! `-32021` (missing required client capability) and
//! `data.requiredCapabilities`.
//!
//! The answer reaches this crate as JSON that rmcp has already parsed (its
//! `ElicitResult` before 2026-07-28, its `inputResponses` on it), so the
//! duplicate-key check of [`ElicitForm::parse_result_str`] cannot apply: a
//! key the client wrote twice has already been reduced to its last value.
//! Before 2026-07-28, `"content": null` also reads as no content (an
//! `accept` without content answers a form of optional fields only).
//!
//! # Declaration order on the wire, and serde_json's `preserve_order`
//!
//! Clients render a form's fields in the order of its `properties`. rmcp
//! writes every request's `params` through a `serde_json::Value`, whose map
//! is sorted unless serde_json's `preserve_order` feature is on, and there
//! is no way around that `Value` for `elicitation/create`. So the `rmcp`
//! feature turns `preserve_order` on. Cargo unifies features across a build:
//! in a program that enables `rmcp`, every `serde_json::Map` (and
//! `Value::Object`) keeps insertion order instead of sorting its keys. That
//! changes what `to_string` of a `Value` built from several keys prints and
//! the order in which maps iterate; equality of maps does not depend on
//! order either way. The keys inside each property follow rmcp's model,
//! which is the order this crate writes them in.
//!
//! # Troubleshooting
//!
//! - **`the trait bound (Tool, fn(&Server, Ask) -> ..): IntoToolRoute<Server, _>
//!   is not satisfied`**, on `#[tool_router]`: an argument of that tool cannot
//!   be taken from the call. For [`Ask`], the server type lacks
//!   `impl AsRef<RequestStateSeal>` (the [`SealProvider`] bound), or the
//!   server builds another rmcp than this crate's (rmcp 2, or an exact
//!   older pin: `Ask` implements rmcp 3.11's traits; the guide's `sdks`
//!   chapter says what to write). rmcp's router tries several handler
//!   shapes for each method (a method, a function, async or not, of 0 to
//!   16 arguments), so the compiler cannot pick the shape whose argument
//!   fails, and names rmcp's trait with its `_`, not the bound underneath,
//!   whatever diagnostic that bound carries (stable Rust has no way for
//!   this crate to reach into rmcp's error). Where the bound is checked
//!   directly (`Ask::from_context_part` in a hand-written route), the error names
//!   the seal and the impl to write.
//! - **`tool "refund" declares arguments, and the server found none where
//!   it binds its questions to them`** (`-32602`), on every call: the tool
//!   lists `Parameters<..>` (or `JsonObject`) before `Ask`, and that
//!   extractor took the arguments first. The server's log says so at the
//!   first such call (through `tracing`, or on standard error without a
//!   subscriber), naming the tool. List `ask: Ask` first, or drop
//!   `Parameters` and read them with
//!   [`ask.arguments::<T>()`](crate::ask::Ask::arguments).
//!
//! # Lower level
//!
//! [`PeerElicitExt::elicit_form`] sends one `elicitation/create` on rmcp's
//! server [`Peer`] (revisions before 2026-07-28 only); on 2026-07-28, a
//! form travels in an `input_required` result, which [`Ask`] writes and
//! reads.
//!
//! # Conversions
//!
//! Every wire-model type converts into its rmcp counterpart with `From`, to
//! the same JSON: [`SingleSelectSchema`] and [`MultiSelectSchema`] into
//! [`EnumSchema`], [`PrimitiveSchema`] into [`PrimitiveSchemaDefinition`],
//! [`RequestedSchema`] into [`ElicitationSchema`] (properties in order), and
//! [`ElicitRequestFormParams`] into rmcp's form
//! [`ElicitRequestParams`](::rmcp::model::ElicitRequestParams). The one place where
//! rmcp's model is narrower: its `integer` schema holds `i64` bounds. The
//! crate's own JSON already keeps to that: the bounds are sent as
//! [`NumberSchema::minimum`] says (an integer bound beyond `i64`, the `u64`
//! range, clamped to `i64`; a default beyond it is refused when the schema
//! is built); the answer is still checked
//! against the real bounds when it comes back. rmcp's
//! [`ElicitResult`](::rmcp::model::ElicitResult) goes the other way with
//! [`parse_result`] and [`parse_form_result`].
//!
//! # A host's side: the form model (feature `host`)
//!
//! With the `host` feature, rmcp's client types convert to and from the
//! host form model, [`crate::host`] (where a person fills in a form, each
//! value checked as the server will check it):
//!
//! - `Request::try_from(&ElicitRequestParams)`: what
//!   `ClientHandler::create_elicitation` receives, read leniently into
//!   fields in the server's order (rmcp's `property_order`, through the
//!   params' JSON text). rmcp calls that handler for a 2025 request, and,
//!   when its high-level `call_tool` (`get_prompt`, `read_resource`)
//!   drives a 2026-07-28 call, for each elicitation of every
//!   `input_required` round: one handler serves both. A URL elicitation is
//!   [`ReadError::NotAForm`](crate::host::ReadError::NotAForm).
//! - `ElicitResult::from(Response)` (or `.into()`): the answer, to the
//!   same JSON as [`Response`](crate::host::Response)'s.
//! - `InputRequired::try_from(&InputRequiredResult)`: the `input_required`
//!   result that `call_tool_once` returns, for a client that drives the
//!   rounds itself; [`InputRequired::retry_params`](crate::host::InputRequired::retry_params)
//!   gives the params of the retry.
//!
//! ```
//! # // `enum_schema::host` needs the `host` feature.
//! # #[cfg(feature = "host")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use enum_schema::host::{Defaults, Request};
//! use rmcp::model::{ElicitRequestParams, ElicitResult};
//! use serde_json::json;
//!
//! // What rmcp hands to `create_elicitation`.
//! let params: ElicitRequestParams = serde_json::from_value(json!({
//!     "message": "How bad is it?",
//!     "requestedSchema": {"type": "object", "properties": {
//!         "severity": {"type": "string", "title": "Severity", "oneOf": [
//!             {"const": "low", "title": "Low: no user impact"},
//!             {"const": "high", "title": "High: users are affected"}]},
//!         "minutes": {"type": "integer", "title": "Minutes down", "minimum": 1, "maximum": 600},
//!     }, "required": ["severity", "minutes"]},
//! }))?;
//! let form = Request::try_from(&params)?;
//!
//! // What the person typed, field by field: an option's title, a number.
//! let mut draft = form.draft(Defaults::Prefill);
//! draft.set_text("severity", "high: users are affected").unwrap();
//! let refused = draft.set_text("minutes", "720").unwrap_err();
//! assert_eq!(refused.reason(), "Minutes down: enter a number from 1 to 600; you entered “720”.");
//! draft.set_text("minutes", "45").unwrap();
//!
//! let result = ElicitResult::from(draft.finish().unwrap());
//! assert_eq!(
//!     serde_json::to_value(&result)?,
//!     json!({"action": "accept", "content": {"severity": "high", "minutes": 45}}),
//! );
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "host"))]
//! # fn main() {}
//! ```
//!
//! Driving the rounds by hand, with `call_tool_once`: each form answered,
//! the retry's params built.
//!
//! ```
//! # // `enum_schema::host` needs the `host` feature.
//! # #[cfg(feature = "host")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use enum_schema::host::{Defaults, InputRequest, InputRequired, Request, Response};
//! use rmcp::model::{CallToolRequestParams, InputRequiredResult};
//! use serde_json::json;
//!
//! /// The params of the retry of `call`, each form of `asked` answered by `answer`.
//! fn retry(
//!     call: &CallToolRequestParams,
//!     asked: &InputRequiredResult,
//!     answer: impl Fn(&Request) -> Response,
//! ) -> Result<CallToolRequestParams, Box<dyn std::error::Error>> {
//!     let input = InputRequired::try_from(asked)?;
//!     let mut responses = Vec::new();
//!     for (key, request) in input.requests() {
//!         let response = match request {
//!             InputRequest::Elicitation(Ok(form)) => answer(form),
//!             // A URL elicitation, or a form that cannot be read.
//!             InputRequest::Elicitation(Err(_)) => Response::Decline,
//!             other => return Err(format!("not answered here: {other:?}").into()),
//!         };
//!         responses.push((key.clone(), response));
//!     }
//!     let params = input.retry_params(serde_json::to_value(call)?, responses);
//!     Ok(serde_json::from_value(params)?)
//! }
//!
//! // As `call_tool_once` returns it in `CallToolResponse::InputRequired`.
//! let asked: InputRequiredResult = serde_json::from_value(json!({
//!     "resultType": "input_required",
//!     "inputRequests": {"confirm": {"method": "elicitation/create", "params": {
//!         "message": "Deploy?",
//!         "requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}},
//!     }}},
//!     "requestState": "opaque",
//! }))?;
//! let call = CallToolRequestParams::new("deploy");
//! let retry = retry(&call, &asked, |form| {
//!     let mut draft = form.draft(Defaults::Prefill);
//!     draft.set_text("ok", "yes").unwrap();
//!     draft.finish().unwrap()
//! })?;
//! assert_eq!(
//!     serde_json::to_value(&retry)?,
//!     json!({"name": "deploy", "requestState": "opaque",
//!            "inputResponses": {"confirm": {"action": "accept", "content": {"ok": true}}}}),
//! );
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "host"))]
//! # fn main() {}
//! ```
//!
//! What rmcp 3.11's model loses before these conversions see a form (read
//! in its `model/elicitation_schema.rs` and `model/mrtr.rs`; each pinned
//! by a test, `tests/rmcp/host.rs`, so that a fix in rmcp shows):
//!
//! - **A `format` rmcp does not know fails the whole request**, not the
//!   field: its `StringSchema::format` is an enum of `email`, `uri`,
//!   `date` and `date-time` with no fallback, and no other shape of its
//!   untagged `PrimitiveSchemaDefinition` matches, so one
//!   `{"type":"string","format":"uuid"}` makes the params unreadable.
//!   rmcp then reads the `elicitation/create` as a custom request,
//!   `create_elicitation` is never called, and the handler's default
//!   `on_custom_request` answers `-32601` (method not found). In an
//!   `input_required` result the whole result is unreadable: rmcp reads it
//!   as a `CustomResult`, and `call_tool` fails with
//!   `ServiceError::UnexpectedResponse`. An integer bound or default that
//!   is no `i64` (`"minimum": 1.0`) does the same. The host model reads
//!   such a form from its JSON (an unknown `format` is advice).
//! - **A titled option without its `title`** (an option rmcp cannot read
//!   as `const` and `title`): the titled shape does not read, and the
//!   field falls through to a plain string schema: the options are gone,
//!   and the host model sees free text.
//! - **Keywords rmcp does not model are dropped** (`pattern`,
//!   `multipleOf`, `exclusiveMinimum`, `exclusiveMaximum`, `x-*`): no
//!   [`Note::Advisory`](crate::host::Note::Advisory) for them.
//! - **A property named twice** keeps its last definition, in the first
//!   one's place: no [`Note::DuplicateProperty`](crate::host::Note::DuplicateProperty).
//! - **The requests of an `input_required` result** come sorted by key
//!   (rmcp's `BTreeMap`), not in the server's order.
//! - **A `number`'s bounds** pass through `f64`.
//!
//! Where the request's JSON is at hand (a proxy, a transport of one's
//! own), [`Request::from_params_str`](crate::host::Request::from_params_str)
//! reads all of it.

use std::borrow::Cow;
use std::future::Future;
use std::time::Duration;

use ::rmcp::model;
use ::rmcp::service::ElicitationMode;
use ::rmcp::{Peer, RoleServer};

mod ask;
mod client;
mod convert;
#[cfg(feature = "host")]
mod host;
mod task;

// What the docs above link to.
// What the docs link to: imported in every build, so that the links
// resolve where enum-schema re-exports these docs too.
#[allow(unused_imports)]
use crate::{
    ask::RequestStateSeal,
    schema::primitive::NumberSchema,
    schema::{MultiSelectSchema, PrimitiveSchema, RequestedSchema, SingleSelectSchema},
};
// What the docs link to: imported in every build, so that the links
// resolve where enum-schema re-exports these docs too.
#[allow(unused_imports)]
use ::rmcp::model::{ElicitationSchema, EnumSchema, PrimitiveSchemaDefinition};

pub use ask::{Ask, Rmcp, SealProvider};

use crate::ask::ElicitError;
/// The client side: read a received elicitation, check the answer.
pub use client::{accept, read_request, ClientError};
pub use convert::{parse_form_result, parse_result};

use crate::form::{ElicitAction, ElicitForm, Form, FormFields};
use crate::schema::ElicitRequestFormParams;
use crate::version::ProtocolVersion;

/// Asking the client with derived types, on rmcp's server [`Peer`], with
/// `elicitation/create`: revisions before 2026-07-28 only (on 2026-07-28 it
/// is [`ElicitError::NoServerRequests`]); [`Ask`] works on every revision.
///
/// Each method checks that the client declared form elicitation, shapes
/// the request for the negotiated revision
/// ([`ElicitRequestFormParams::for_version`]), sends it with rmcp's
/// `create_elicitation`, and parses the answer: an accept is re-validated
/// field by field, so a value outside the options, a title sent instead of
/// a value, a string where an array belongs or too many items is an
/// [`ElicitError::Invalid`], never a panic and never a silently wrong value.
pub trait PeerElicitExt: private::Sealed {
    /// Sends `F`'s form with `message` and returns the typed answer.
    ///
    /// # Errors
    ///
    /// See [`ElicitError`].
    fn elicit_form<F>(
        &self,
        message: impl Into<Cow<'static, str>>,
    ) -> impl Future<Output = Result<ElicitAction<F>, ElicitError>> + Send
    where
        F: ElicitForm + Send,
    {
        self.elicit_form_with_timeout(message, None)
    }

    /// As [`elicit_form`](Self::elicit_form), giving up after `timeout`
    /// (`None`: rmcp's default).
    ///
    /// # Errors
    ///
    /// See [`ElicitError`]; an expired timeout is [`ElicitError::Service`]
    /// holding rmcp's `ServiceError::Timeout` (see
    /// [`ElicitError::into_sdk_error`]).
    fn elicit_form_with_timeout<F>(
        &self,
        message: impl Into<Cow<'static, str>>,
        timeout: Option<Duration>,
    ) -> impl Future<Output = Result<ElicitAction<F>, ElicitError>> + Send
    where
        F: ElicitForm + Send,
    {
        let params = F::request(message);
        async move {
            let result = send_negotiated(self.peer(), params, timeout).await?;
            parse_result::<F>(&result).map_err(ElicitError::Invalid)
        }
    }

    /// Sends a run-time [`Form`] with `message` and returns the tuple of its
    /// typed answers.
    ///
    /// # Errors
    ///
    /// See [`ElicitError`].
    fn elicit_fields<F>(
        &self,
        form: &Form<F>,
        message: impl Into<Cow<'static, str>>,
    ) -> impl Future<Output = Result<ElicitAction<F::Output>, ElicitError>> + Send
    where
        F: FormFields + Sync,
        F::Output: Send,
    {
        let params = form.request(message);
        async move {
            let result = send_negotiated(self.peer(), params, None).await?;
            parse_form_result(form, &result).map_err(ElicitError::Invalid)
        }
    }
}

/// The peer's negotiated revision, as sent and as this crate knows it.
fn negotiated(peer: &Peer<RoleServer>) -> Option<(String, Option<ProtocolVersion>)> {
    let info = peer.peer_info()?;
    let version = info.protocol_version.as_str().to_owned();
    let known = ProtocolVersion::for_peer(&version).ok();
    Some((version, known))
}

/// Checks that `peer` can be asked, shapes `params` for `version` and sends
/// them as `elicitation/create`.
pub(crate) async fn send(
    peer: &Peer<RoleServer>,
    params: ElicitRequestFormParams,
    version: Option<ProtocolVersion>,
    timeout: Option<Duration>,
) -> Result<model::ElicitResult, ElicitError> {
    let params = match version {
        Some(version) if version.uses_input_required() => {
            return Err(ElicitError::NoServerRequests {
                version: version.as_str().to_owned(),
            })
        }
        Some(version) => params.for_version(version).map_err(ElicitError::Version)?,
        // No handshake (rmcp then decides): the newest shapes.
        None => params,
    };
    if !peer
        .supported_elicitation_modes()
        .contains(&ElicitationMode::Form)
    {
        return Err(ElicitError::Unsupported {
            method: "elicitation/create",
        });
    }
    peer.create_elicitation_with_timeout((&params).into(), timeout)
        .await
        .map_err(ElicitError::from)
}

/// [`send`] with the revision of the peer's handshake.
async fn send_negotiated(
    peer: &Peer<RoleServer>,
    params: ElicitRequestFormParams,
    timeout: Option<Duration>,
) -> Result<model::ElicitResult, ElicitError> {
    let version = match negotiated(peer) {
        Some((_, Some(known))) => Some(known),
        // A revision newer than this crate knows has no requests either.
        Some((version, None)) => return Err(ElicitError::NoServerRequests { version }),
        None => None,
    };
    send(peer, params, version, timeout).await
}

mod private {
    use ::rmcp::{Peer, RoleServer};

    /// Seals [`PeerElicitExt`](super::PeerElicitExt) to rmcp's server peer.
    pub trait Sealed: Sync {
        fn peer(&self) -> &Peer<RoleServer>;
    }

    impl Sealed for Peer<RoleServer> {
        fn peer(&self) -> &Peer<RoleServer> {
            self
        }
    }
}

impl PeerElicitExt for Peer<RoleServer> {}
