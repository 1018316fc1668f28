//! [rmcp](https://docs.rs/rmcp), the official Rust MCP SDK (feature `rmcp`,
//! tested with rmcp 3.11.0).
//!
//! # One call, every revision: [`Ask`]
//!
//! A tool asks for a derived form with one call, [`Ask::form`], and gets an
//! [`ElicitAction`] of the derived type, whichever revision the client
//! picked. The server type holds a [`RequestStateSeal`] (it implements
//! `AsRef<RequestStateSeal>`), and the tool takes [`Ask`] as an argument:
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
//!   `impl AsRef<RequestStateSeal>` (the [`SealProvider`] bound). rmcp's
//!   router tries several handler shapes for each method, so the compiler
//!   names rmcp's trait, not the impl that is missing underneath; where the
//!   bound is checked directly (`Ask::from_context_part` in a hand-written
//!   route), the error says so itself.
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

use std::borrow::Cow;
use std::future::Future;
use std::time::Duration;

use ::rmcp::model;
use ::rmcp::service::ElicitationMode;
use ::rmcp::{Peer, RoleServer};

mod ask;
mod client;
mod convert;
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
