//! Conformance against the normative JSON Schemas of the MCP specification
//! (`<spec>/<version>/schema.json`, located by `tests/common/mod.rs`):
//! derived enums and forms, selects built at run time, every protocol
//! revision, and the schemas read from peers. One test binary (one link)
//! for the lot; each file is a module.

#[path = "../common/mod.rs"]
mod common;

// `pub`: a file's `pub` items stay reachable from the crate root, as when
// each file was a test crate of its own, so `dead_code` judges them as
// before.
pub mod dynamic;
pub mod enums;
pub mod forms;
#[cfg(all(feature = "proptest", feature = "host"))]
pub mod host_forms;
#[cfg(all(feature = "proptest", feature = "host"))]
pub mod host_properties;
#[cfg(all(feature = "proptest", feature = "host"))]
pub mod host_schemas;
pub mod peer;
#[cfg(feature = "proptest")]
pub mod properties;
pub mod revisions;
