//! What a client sends back, and the rules it is checked against at run
//! time: single- and multi-select answers, whole `ElicitResult`s, the
//! string formats, exact numbers, selects built at run time, the schema
//! rules on every path, schemas read from a peer, the JSON-Schema-Test-Suite
//! vectors, the real-world failure cases of `shared/cases/`, and the
//! allocations of the parsing paths. One test binary (one link) for the
//! lot; each file is a module.

// `pub`: a file's `pub` items stay reachable from the crate root, as when
// each file was a test crate of its own, so `dead_code` judges them as
// before.
// The binary's global allocator, counting the allocations of each thread.
pub mod allocations;
pub mod cases;
pub mod checks;
pub mod dynamic;
pub mod formats;
#[cfg(feature = "host")]
pub mod host;
#[cfg(feature = "host")]
pub mod host_cases;
#[cfg(feature = "host")]
pub mod host_choices;
#[cfg(feature = "host")]
pub mod host_draft;
#[cfg(feature = "host")]
pub mod host_hostile;
#[cfg(feature = "host")]
pub mod host_input;
#[cfg(feature = "host")]
pub mod host_lenient;
#[cfg(feature = "host")]
pub mod host_text;
pub mod json_schema_suite;
pub mod numbers;
pub mod parse;
pub mod peer_descriptions;
pub mod peer_duplicates;
pub mod rules;
