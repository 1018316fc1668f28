//! The tower-mcp integration (`enum_schema::tower_mcp`): `Ask` through
//! tower-mcp's JSON-RPC service in process and, with `tower-mcp-client`,
//! end to end over its streamable HTTP transport and its own client. One
//! test binary (one link against tower-mcp and tokio); each file is a
//! module.

// `pub`: a file's `pub` items stay reachable from the crate root, as when
// each file was a test crate of its own, so `dead_code` judges them as
// before.
#[cfg(feature = "tower-mcp-client")]
#[path = "../common/person.rs"]
mod person;

pub mod ask;
#[cfg(feature = "tower-mcp-client")]
pub mod e2e;
pub mod host;
#[cfg(feature = "tower-mcp-client")]
pub mod host_e2e;
