//! Describe a choice once, as a Rust enum, and get from it the exact JSON
//! Schema that an MCP elicitation request carries, and typed, re-validated
//! parsing of what the client sends back.
//!
//! ```
//! use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
//!
//! /// How bad is it?
//! #[derive(ElicitEnum, Debug, PartialEq)]
//! #[elicit(rename_all = "lowercase", default = High)]
//! enum Severity {
//!     #[elicit(title = "Low: no user impact")]
//!     Low,
//!     #[elicit(title = "High: users are affected")]
//!     High,
//! }
//!
//! #[derive(ElicitForm, Debug, PartialEq)]
//! struct Triage {
//!     severity: Severity,
//! }
//!
//! let request = serde_json::to_value(Triage::request("Triage the incident")).unwrap();
//! assert_eq!(request["requestedSchema"]["properties"]["severity"]["oneOf"][1]["const"], "high");
//!
//! let answer = serde_json::json!({"action": "accept", "content": {"severity": "low"}});
//! assert_eq!(Triage::parse_result(answer), Ok(ElicitAction::Accept(Triage { severity: Severity::Low })));
//! ```
//!
//! # Guide
//!
//! The [`guide`] walks through the crate, one chapter per topic, each
//! example a doctest:
//! [`attributes`](guide::attributes) (every `#[elicit(..)]` key and what the
//! derive checks), [`parsing`](guide::parsing) (answers and their errors),
//! [`forms`](guide::forms), [`dynamic_choices`](guide::dynamic_choices)
//! (selects built at run time), [`peers_and_revisions`](guide::peers_and_revisions)
//! (reading other servers' schemas, protocol revisions),
//! [`sdks`](guide::sdks) (asking on an MCP server with `Ask`),
//! [`host`](guide::host) (showing a server's form to a person, on a host) and
//! [`testing`](guide::testing) (the project's own tests). The reference for
//! the attributes is [`ElicitEnum`] and [`ElicitForm`].
//!
//! # Cargo features
//!
//! All off by default. The README's table of features gives the minimum
//! Rust of each.
//!
//! - `rmcp`: for servers on [rmcp](https://docs.rs/rmcp), the official Rust
//!   SDK. In any tool, `ask.form::<Triage>("triage", "How bad is it?").await?`
//!   (`enum_schema::rmcp::Ask`) asks with `elicitation/create` on 2025-06-18
//!   and 2025-11-25, and with an `input_required` result and a sealed
//!   `requestState` on 2026-07-28, and returns the client's answer as a
//!   typed, re-validated `ElicitAction`; the module `enum_schema::rmcp` also
//!   has the client side and `From` conversions into rmcp's model types.
//!   Turns on `ask`, and serde_json's `preserve_order` (see the module docs).
//! - `rust-mcp-sdk`: for servers on [rust-mcp-sdk](https://docs.rs/rust-mcp-sdk)
//!   2.0 (MCP 2026-07-28). In any tool,
//!   `ask.form::<Triage>("triage", "How bad is it?").await?`
//!   (`enum_schema::rust_mcp_sdk::Ask`) returns the typed answer, or ends the tool
//!   with the `input_required` result that asks for it, earlier answers
//!   kept in a sealed `requestState`; `From` conversions into
//!   rust-mcp-schema's types. Turns on `ask`.
//! - `tower-mcp`: for servers on [tower-mcp](https://docs.rs/tower-mcp) 0.25,
//!   the same one call (`enum_schema::tower_mcp::Ask`) on both of its
//!   eras: `elicitation/create` on a 2025 session, an `input_required`
//!   result and a `requestState` sealed with tower-mcp's codec on
//!   2026-07-28. Turns on `ask`, and serde_json's `preserve_order`.
//! - `pmcp`: for servers on [pmcp](https://docs.rs/pmcp) 2.23,
//!   the same one call (`enum_schema::pmcp::Ask`) on both of its eras:
//!   requests through the handler's peer on a 2025 session, pmcp's MRTR
//!   signal on 2026-07-28, this crate's state inside the continuation
//!   pmcp encrypts, the answers in a store by default (pmcp carries at
//!   most 8,192 characters). Turns on `ask`, `store`, pmcp's
//!   `streamable-http`, and serde_json's `preserve_order`.
//! - `host`: `enum_schema::host`, for MCP hosts (clients that show forms):
//!   a server's `elicitation/create` params, or a 2026-07-28
//!   `input_required` result, read leniently into fields in the server's
//!   order (labels, kinds, bounds, options, defaults); what a person typed
//!   or a widget set, checked with the server's own checks and refused
//!   with a reason a person reads; the `ElicitResult` to send. No
//!   dependency of its own.
//! - `terminal`: `enum_schema::host::terminal`, that model asked on a
//!   terminal with [inquire](https://docs.rs/inquire) (on crossterm): each
//!   field a prompt (a line read as the server reads it, yes or no, a
//!   list, a checklist), a refused value asked again with its reason, then
//!   send, decline or cancel; Esc cancels. Turns on `host`.
//! - `ask`: `enum_schema::ask`, the elicitation core that every SDK's `Ask`
//!   is built on (`RequestStateSeal`, `Question`, `ElicitError`, the `Sdk`
//!   trait). The SDK features and `store` turn it on; enable it alone to
//!   write an adapter for another SDK.
//! - `schemars`: `schemars::JsonSchema` for derived enums and forms, with the
//!   shapes below inline (never a `$ref`), for code that builds schemas with
//!   schemars, rmcp's own `Peer::elicit::<T>()` among it.
//! - `encrypt`: `ask::EncryptedCodec`, a `requestState` codec that
//!   encrypts the answers it carries (XChaCha20-Poly1305).
//! - `store`: `RequestStateSeal::with_store`, the `ask::AnswerStore` trait
//!   and `ask::MemoryStore`: on 2026-07-28 the answers stay on the server,
//!   the `requestState` carries a sealed single-use handle.
//! - `redis`: `ask::RedisStore`, that store on Redis, shared by every
//!   server process.
//! - `store-contract`: `ask::contract`, the properties every
//!   `AnswerStore` must have (single use under racing takes, expiry, size
//!   limits, isolation, outage), as async checks a test of your own store
//!   runs.
//!
//! # The shapes
//!
//! MCP 2025-11-25 (SEP-1330) defines five enum property schemas. A derived
//! enum gives each of them:
//!
//! | shape | from | JSON |
//! |---|---|---|
//! | untitled single-select | [`ElicitEnum::SINGLE_SELECT`], no variant titled | `{"type":"string","enum":["a","b"]}` |
//! | titled single-select | [`ElicitEnum::SINGLE_SELECT`], variants titled | `{"type":"string","oneOf":[{"const":"a","title":"A"},..]}` |
//! | untitled multi-select | [`ElicitEnum::MULTI_SELECT`], no variant titled | `{"type":"array","items":{"type":"string","enum":[..]}}` |
//! | titled multi-select | [`ElicitEnum::MULTI_SELECT`], variants titled | `{"type":"array","items":{"anyOf":[..]}}` |
//! | legacy (deprecated) | `#[elicit(legacy)]` or [`SingleSelectField::with_legacy`] | `{"type":"string","enum":[..],"enumNames":[..]}` |
//!
//! Each may carry the field's `title`, `description` and `default`;
//! multi-selects also `minItems` and `maxItems`. No `$ref`, `$defs` or
//! `$schema` ever appears, and `type` is always present. Options known only
//! at run time give the same shapes through
//! [`SingleSelectSchema::new`](schema::SingleSelectSchema::new) and
//! [`MultiSelectSchema::new`](schema::MultiSelectSchema::new) (see
//! [`guide::dynamic_choices`]).
//!
//! # Parsing answers
//!
//! Clients are not required to enforce the options, so every answer is
//! checked again: [`ElicitEnum::parse`] and [`SingleSelectField::parse_value`] for one
//! value, [`MultiSelectField::parse_value`] for an array (bounds and duplicates
//! included), [`ElicitForm::parse_result`] and [`Form::parse_result`] for a
//! whole `ElicitResult`. Every rejection is an [`Error`] that keeps what the
//! client sent (see [`guide::parsing`]).
//!
//! # Compile-time checks
//!
//! The derive rejects, with the span on the offending token: a default that
//! is not an offered variant, two defaults, a multi-select default with a
//! duplicate or outside `min_items..=max_items`, impossible bounds, two
//! variants with the same wire value, an unknown `rename_all` rule, variants
//! with fields, enums with no offered variant, generics, unknown or
//! repeated attribute keys, and, on a form field, a `fill_default` with no
//! default to fill (see [`guide::attributes`]).
//!
//! The generated code names the crate `::enum_schema`. Under another name
//! (a renamed dependency, a crate that re-exports this one), write
//! `#[elicit(crate = "path")]` on the enum or form, or
//! `extern crate path as enum_schema;` once in the crate root.

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

#[doc(inline)]
pub use enum_schema_core::*;

pub mod guide;

/// Derives [`ElicitEnum`] for a fieldless enum; see the trait for the
/// attributes.
pub use enum_schema_derive::ElicitEnum;

/// Derives [`ElicitForm`] for a struct with named fields (or, when some
/// field is an [`OwnedChoice`], [`ElicitFormWith`] and the struct of its
/// options); see the traits for the field types and attributes.
pub use enum_schema_derive::ElicitForm;
