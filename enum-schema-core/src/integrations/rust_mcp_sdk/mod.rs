//! [rust-mcp-sdk](https://docs.rs/rust-mcp-sdk) 2.0 (feature `rust-mcp-sdk`,
//! tested with rust-mcp-sdk 2.0.0 and rust-mcp-schema 2.0.0).
//!
//! One derived choice is one call, as on rmcp: [`Ask::form`] returns the
//! client's answer as an [`ElicitAction`] of the derived type, re-validated,
//! and `?` ends the tool with the `input_required` result that asks for it
//! when the answer is not there yet.
//!
//! ```no_run
//! use enum_schema::ask::RequestStateSeal;
//! use enum_schema::rust_mcp_sdk::Ask;
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//! use rust_mcp_sdk::schema::{
//!     CallToolRequestParams, CallToolResult, RpcError, ServerResult, TextContent,
//! };
//!
//! #[derive(ElicitEnum, Debug)]
//! #[elicit(rename_all = "lowercase")]
//! enum Severity { Low, High }
//!
//! #[derive(ElicitForm, Debug)]
//! struct Triage { severity: Severity }
//!
//! // In `ServerHandler::handle_call_tool_request_mrtr`; `seal` holds the
//! // server's `RequestStateCodec`.
//! async fn triage(params: &CallToolRequestParams, seal: &RequestStateSeal)
//!     -> Result<ServerResult, RpcError>
//! {
//!     Ask::for_tool(params, seal)?.tool(|ask| async move {
//!         let text = match ask.form::<Triage>("triage", "How bad is it?").await? {
//!             ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
//!             ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
//!         };
//!         Ok(CallToolResult::text_content(vec![TextContent::from(text)]))
//!     })
//!     .await
//! }
//! ```
//!
//! # What happens on the wire
//!
//! rust-mcp-sdk 2.0 speaks MCP 2026-07-28 only, where a server sends no
//! requests to the client: the first `tools/call` ends at the first
//! question with `{"resultType":"input_required","inputRequests":{KEY:{"method":"elicitation/create","params":{..}}},"requestState":".."}`,
//! and the client calls the tool again with `inputResponses: {KEY: ElicitResult}`
//! and the `requestState` unchanged. The tool runs again from the start;
//! [`Ask::form`](crate::ask::Ask::form) now finds the answer under its
//! key and returns it. `Ask` is [`enum_schema::ask::Ask`](crate::ask::Ask)
//! on rust-mcp-sdk, the same type as `enum_schema::rmcp::Ask` on rmcp, so a
//! tool reads the same on both SDKs and behaves the same: several
//! questions in one round with [`all`](crate::ask::Ask::all), a rejected
//! answer asked again with the reason (see "A second chance" there), the
//! same errors.
//!
//! # `requestState`: sealed, stateless
//!
//! Earlier answers travel in `requestState`, so that the retry may reach any
//! server process that holds the same key (nothing is kept in memory between
//! calls): the core's payload (see [`enum_schema::ask::RequestStateSeal`](crate::ask::RequestStateSeal))
//! after the SHA-256 digest of what the state is bound to (the method, the
//! tool, prompt or resource, and its arguments), signed with the SDK's own
//! [`RequestStateCodec`] (HMAC-SHA256, base64url). On the retry, a state
//! that the key does not verify, that expired, or that was sealed for
//! another request, is an [`ElicitError::RequestState`]. Limits:
//! - the codec signs, it does not encrypt: do not ask for secrets this way;
//! - every process must hold the same 32-byte key; the SDK's codec holds one
//!   key, so rotating it refuses the states signed with the old one (the
//!   client has to call the tool anew).
//!
//! # A rejected answer
//!
//! An answer rejected as often as its question may be asked ends a tool
//! with a result with `isError: true`: the reason as text, and as
//! `structuredContent` `{"errors":[{"field":..,"value":..,"allowed":[..],"message":..}]}`
//! ([`ElicitError::data`]). A prompt or resource, which has no error
//! result, ends with the JSON-RPC error `-32602` with the same `data`.
//!
//! # What rust-mcp-sdk 2.0 makes impossible
//!
//! - **MCP 2025-06-18 and 2025-11-25**: the SDK's server runtime answers
//!   only 2026-07-28 requests: there is no `initialize` handshake, every
//!   request must carry the `_meta` keys `io.modelcontextprotocol/protocolVersion`
//!   and `io.modelcontextprotocol/clientCapabilities`, and its `McpServer`
//!   cannot send a request such as `elicitation/create` to the client.
//!   Clients on the older revisions cannot reach a rust-mcp-sdk 2.0 server
//!   at all, elicitation or not: the Python SDK's legacy mode, the
//!   TypeScript SDK 1.x, and the official conformance scenarios that run
//!   only on 2025-11-25 (`tools-call-elicitation`,
//!   `elicitation-sep1330-enums`, `elicitation-sep1034-defaults`;
//!   conformance 0.2.0-alpha.12) all get `-32602` "Invalid params: missing
//!   _meta keys" on their first request. Nor can `Ask` send
//!   `sampling/createMessage` or `roots/list` there; on 2026-07-28 it asks
//!   for them inside the result, as for forms, and the example server
//!   passes the fourteen `input-required-result-*` scenarios.
//! - **Numbers written as floats in answers**: rust-mcp-schema types answer
//!   `content` values as string, integer (`i64`), boolean or array of
//!   strings, so a `tools/call` whose `inputResponses` hold `95.5` (or
//!   `95.0`, as Python writes a float) does not parse as a `tools/call` in
//!   the SDK, which answers `-32601` "No handler is implemented for custom
//!   requests." before the tool runs. Integers (`95`) pass.
//! - **`null` for a blank optional field**: none of those four types is
//!   `null`, so an answer such as `{"name":"x","note":null}`, which `Ask`
//!   reads as the field left out wherever the SDK lets it through, fails
//!   the whole `tools/call` in the same way (HTTP 404, `-32601`) before the
//!   tool runs; the field left out passes.
//! - **Field order, through the typed model**: rust-mcp-schema keeps
//!   `properties` in a `BTreeMap`, so its typed `InputRequiredResult` sorts
//!   the fields. [`Ask`] therefore writes the request as this crate's own
//!   JSON through the SDK's generic result, and this feature turns on
//!   serde_json's `preserve_order` (as the `rmcp` feature does), so the
//!   fields reach the client in declaration order.
//! - **rmcp's client**: rmcp 3.11's client does not put the `_meta` keys
//!   that rust-mcp-sdk 2.0 requires on every request, so the two SDKs do
//!   not talk to each other yet (the server answers `-32602`).
//!
//! # Conversions
//!
//! Every wire-model type converts into its rust-mcp-schema counterpart with
//! `From`: [`SingleSelectSchema`] into [`EnumSchema`] (and
//! [`SingleSelectEnumSchema`] for the two SEP-1330 shapes),
//! [`MultiSelectSchema`] into [`MultiSelectEnumSchema`] and [`EnumSchema`],
//! [`PrimitiveSchema`] into [`PrimitiveSchemaDefinition`], [`RequestedSchema`]
//! into [`ElicitRequestFormParamsRequestedSchema`] and
//! [`ElicitRequestFormParams`] into rust-mcp-schema's form
//! [`ElicitRequestParams`](schema::ElicitRequestParams). The JSON is the
//! same but for what rust-mcp-schema's types cannot hold: number bounds and
//! defaults are `f64` there, so an integer schema's `"minimum":0` comes out
//! as `"minimum":0.0` (and integers beyond 2^53 round); lengths and item
//! counts beyond `i64` are clamped; the properties are sorted by name.

mod ask;
mod convert;

// What the docs above link to.
// What the docs link to: imported in every build, so that the links
// resolve where enum-schema re-exports these docs too.
#[allow(unused_imports)]
use crate::{
    ask::ElicitError,
    form::ElicitAction,
    schema::{
        ElicitRequestFormParams, MultiSelectSchema, PrimitiveSchema, RequestedSchema,
        SingleSelectSchema,
    },
};
// What the docs link to: imported in every build, so that the links
// resolve where enum-schema re-exports these docs too.
#[allow(unused_imports)]
use ::rust_mcp_schema::{
    self as schema, ElicitRequestFormParamsRequestedSchema, EnumSchema, MultiSelectEnumSchema,
    PrimitiveSchemaDefinition, SingleSelectEnumSchema,
};

use ::rust_mcp_sdk::mcp_server::RequestStateCodec;
pub use ask::{Ask, RustMcpSdk};
