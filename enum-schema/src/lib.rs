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
//! # Cargo features
//!
//! All off by default.
//!
//! - `rmcp`: for servers on [rmcp](https://docs.rs/rmcp), the official Rust
//!   SDK. In any tool, `ask.form::<Triage>("triage", "How bad is it?").await?`
//!   (`enum_schema::rmcp::Ask`) asks with `elicitation/create` on 2025-06-18
//!   and 2025-11-25, and with an `input_required` result and a sealed
//!   `requestState` on 2026-07-28, and returns the client's answer as a
//!   typed, re-validated `ElicitAction`; the module `enum_schema::rmcp` also
//!   has `From` conversions into rmcp's model types. Turns on serde_json's
//!   `preserve_order` (see the module docs).
//! - `rust-mcp-sdk`: for servers on [rust-mcp-sdk](https://docs.rs/rust-mcp-sdk)
//!   2.0 (MCP 2026-07-28). In any tool,
//!   `ask.form::<Triage>("triage", "How bad is it?").await?`
//!   (`rust_mcp_sdk::Ask`) returns the typed answer, or ends the tool
//!   with the `input_required` result that asks for it, earlier answers
//!   kept in a sealed `requestState`; `From` conversions into
//!   rust-mcp-schema's types.
//! - `tower-mcp`: for servers on [tower-mcp](https://docs.rs/tower-mcp) 0.25,
//!   the same one call (`enum_schema::tower_mcp::Ask`) on both of its
//!   eras: `elicitation/create` on a 2025 session, an `input_required`
//!   result and a `requestState` sealed with tower-mcp's codec on
//!   2026-07-28. Turns on serde_json's `preserve_order`.
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
//! `$schema` ever appears, and `type` is always present.
//!
//! # Parsing answers
//!
//! Clients are not required to enforce the options, so every answer is
//! checked again: [`ElicitEnum::parse`] and [`SingleSelectField::parse_value`] for one
//! value, [`MultiSelectField::parse_value`] for an array (bounds and duplicates
//! included), and [`Form::parse_result`] for a whole `ElicitResult`. Every
//! rejection is an [`Error`] that keeps what the client sent.
//!
//! # Forms
//!
//! [`ElicitForm`] turns a struct into the whole `requestedSchema`: enum
//! fields, `Vec`s of them, strings, numbers, booleans, and `Option`s of
//! these. [`Form`] builds the same from a tuple of fields at run time.
//! A yes/no question is [`Confirm`]: one required select of "Yes" and "No"
//! (its docs say why that shape, and not a form with no field or a lone
//! checkbox).
//!
//! A field with a default may let the client leave it out:
//! `#[elicit(fill_default)]` on a derived form's field, [`FillDefault`] in a
//! run-time [`Form`], take it out of `required` and fill its `default` when
//! the client sends no value. Without it a field stays required: a missing
//! value is [`ErrorKind::MissingField`], and no default is filled silently.
//!
//! # Dynamic choices
//!
//! Options known only when the server runs (the files in a folder, the
//! users of a team) make a select through the wire model itself:
//! [`SingleSelectSchema::new`](schema::SingleSelectSchema::new) and [`MultiSelectSchema::new`](schema::MultiSelectSchema::new) take the
//! options (wire values, `(value, title)` pairs, or [`EnumOption`](schema::EnumOption)s) and
//! give the same shapes as a derived enum (MCP 2025-11-25, SEP-1330):
//!
//! | built with | JSON |
//! |---|---|
//! | `SingleSelectSchema::new(["a", "b"])` | `{"type":"string","enum":["a","b"]}` |
//! | `SingleSelectSchema::new([("a", "A"), ..])` | `{"type":"string","oneOf":[{"const":"a","title":"A"},..]}` |
//! | `MultiSelectSchema::new(["a", "b"])` | `{"type":"array","items":{"type":"string","enum":["a","b"]}}` |
//! | `MultiSelectSchema::new([("a", "A"), ..])` | `{"type":"array","items":{"anyOf":[{"const":"a","title":"A"},..]}}` |
//! | [`with_legacy(true)`](schema::SingleSelectSchema::with_legacy), or [`for_version`](schema::PrimitiveSchema::for_version) for 2025-06-18 | `{"type":"string","enum":[..],"enumNames":[..]}` |
//!
//! with the field's `title`, `description` and `default`
//! ([`with_title`](schema::SingleSelectSchema::with_title),
//! [`with_description`](schema::SingleSelectSchema::with_description),
//! [`with_default_value`](schema::SingleSelectSchema::with_default_value),
//! [`with_default_values`](schema::MultiSelectSchema::with_default_values)) and, on a
//! multi-select, `minItems`/`maxItems`
//! ([`with_items`](schema::MultiSelectSchema::with_items)).
//!
//! Building checks the options with the rules a peer's schema is read
//! with, and returns a [`SchemaError`](schema::SchemaError) naming the offending value, never a
//! malformed request: [`SchemaError::NoOptions`](schema::SchemaError::NoOptions) (an empty list),
//! [`SchemaError::DuplicateValue`](schema::SchemaError::DuplicateValue) (a value given twice),
//! [`SchemaError::DefaultNotAnOption`](schema::SchemaError::DefaultNotAnOption) (a default outside the list, a title
//! included), [`SchemaError::DuplicateDefault`](schema::SchemaError::DuplicateDefault),
//! [`SchemaError::DefaultCount`](schema::SchemaError::DefaultCount) (a multi-select default outside the
//! bounds), [`SchemaError::BoundsInverted`](schema::SchemaError::BoundsInverted) and
//! [`SchemaError::MinItemsAboveOptions`](schema::SchemaError::MinItemsAboveOptions) (bounds no answer can meet).
//!
//! Answers are checked as a derived enum's, with the same [`Error`]s
//! (membership, the title-instead-of-value hint, duplicates, bounds), and
//! parse to the chosen [`Choice`]: its index and option, borrowed from the
//! list. `&select` is a field of a run-time [`Form`], beside derived enums
//! and primitives, so it goes through `rmcp`'s `elicit_fields` and the
//! 2026-07-28 [`InputRequiredResult`](input::InputRequiredResult) like any other.
//!
//! In a derived form, a field of type [`OwnedChoice`] (or
//! `Vec<OwnedChoice>`, or an `Option` of either) is such a select: the
//! derive generates a struct for the selects' options, and the form is
//! asked with [`ElicitFormWith::request_with`] and read with
//! [`ElicitFormWith::parse_result_with`], which take it, so one form asks
//! everything. The answer is owned: the chosen option's index, value and
//! title.
//!
//! ```
//! use enum_schema::schema::{SchemaError, SingleSelectSchema};
//! use enum_schema::{ElicitAction, Form};
//! use serde_json::json;
//!
//! let files = vec!["notes.md".to_owned(), "plan.txt".to_owned()]; // read at run time
//! let select = SingleSelectSchema::new(files)?.with_title("File");
//! let form = Form::new((("file", &select),));
//! assert_eq!(
//!     serde_json::to_value(form.requested_schema()).unwrap()["properties"]["file"],
//!     json!({"type": "string", "title": "File", "enum": ["notes.md", "plan.txt"]}),
//! );
//!
//! let answer = json!({"action": "accept", "content": {"file": "plan.txt"}});
//! let Ok(ElicitAction::Accept((file,))) = form.parse_result(answer) else { unreachable!() };
//! assert_eq!((file.index(), file.value()), (1, "plan.txt"));
//!
//! assert_eq!(
//!     SingleSelectSchema::new(Vec::<String>::new()),
//!     Err(SchemaError::NoOptions),
//! );
//! # Ok::<(), SchemaError>(())
//! ```
//!
//! # Peers and revisions
//!
//! Clients and proxies read any server's schema with
//! [`PrimitiveSchema::from_json`](schema::PrimitiveSchema::from_json) and [`RequestedSchema::from_json_str`](schema::RequestedSchema::from_json_str)
//! (invalid ones are a [`SchemaError`](schema::SchemaError)) and check answers with the same
//! errors. [`ProtocolVersion`] and the `for_version` methods adapt what goes
//! out to the negotiated revision (legacy `enumNames` for 2025-06-18), and
//! [`InputRequiredResult`](input::InputRequiredResult) / [`parse_input_response`](input::parse_input_response) carry elicitation
//! inside a tool result (2026-07-28).
//!
//! # Compile-time checks
//!
//! The derive rejects, with the span on the offending token: a default that
//! is not an offered variant, two defaults, a multi-select default with a
//! duplicate or outside `min_items..=max_items`, impossible bounds, two
//! variants with the same wire value, an unknown `rename_all` rule, variants
//! with fields, enums with no offered variant, generics, unknown or
//! repeated attribute keys, and, on a form field, a `fill_default` with no
//! default to fill. See [`ElicitEnum`] and [`ElicitForm`] for the
//! attributes.

#![deny(missing_docs)]

// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

#[doc(inline)]
pub use enum_schema_core::*;

/// Derives [`ElicitEnum`] for a fieldless enum; see the trait for the
/// attributes.
pub use enum_schema_derive::ElicitEnum;

/// Derives [`ElicitForm`] for a struct with named fields (or, when some
/// field is an [`OwnedChoice`], [`ElicitFormWith`] and the struct of its
/// options); see the traits for the field types and attributes.
pub use enum_schema_derive::ElicitForm;
