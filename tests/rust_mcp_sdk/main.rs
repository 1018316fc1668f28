//! The rust-mcp-sdk integration (`enum_schema::rust_mcp_sdk`): the wire
//! model converted into rust-mcp-schema's types, `Ask` over the rounds of
//! a tool call, and what the SDK's own HTTP handler lets through to it.
//! One test binary (one link against rust-mcp-sdk and tokio); each file is
//! a module.

// `pub`: a file's `pub` items stay reachable from the crate root, as when
// each file was a test crate of its own, so `dead_code` judges them as
// before.
pub mod ask;
pub mod convert;
pub mod host;
pub mod wire;

#[path = "../common/person.rs"]
mod person;
