//! The rmcp integration (`enum_schema::rmcp`): `Ask` and the elicitation
//! calls driven by rmcp's own client, in process; the conversions into
//! rmcp's model; the client side; the guide's rmcp server. With `spec`,
//! the bounds every path emits, read by rmcp and checked against the spec;
//! with `schemars`, rmcp's typed `Peer::elicit`. One test binary (one link
//! against rmcp and tokio) for the lot; each file is a module,
//! `fixtures` the questions several of them ask and `connection` how each
//! connects rmcp's client to its server. The stateless retry across server
//! processes is `tests/rmcp_process.rs`, a binary of its own.

#[cfg(feature = "spec")]
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/person.rs"]
mod person;

// `pub`: a file's `pub` items stay reachable from the crate root, as when
// each file was a test crate of its own, so `dead_code` judges them as
// before.
pub mod arguments;
pub mod ask;
#[cfg(feature = "spec")]
pub mod bounds;
pub mod cancel;
pub mod client;
pub mod connection;
pub mod convert;
pub mod dynamic;
pub mod e2e;
pub mod fixtures;
pub mod guide;
pub mod host;
pub mod inputs;
pub mod messages;
pub mod narrowing;
pub mod refund;
pub mod tasks;
// examples/rmcp_client.rs on a pseudo-terminal (rexpect: Unix only).
#[cfg(all(feature = "pty", unix))]
pub mod terminal;
#[cfg(feature = "schemars")]
pub mod with_schemars;
