//! Asking the person behind a client, from inside a tool, prompt or
//! resource handler: [`Ask`], the same on every MCP revision a client may
//! speak and on every SDK (`enum_schema::rmcp::Ask`,
//! `enum_schema::rust_mcp_sdk::Ask` and `enum_schema::tower_mcp::Ask` are
//! this type for their SDK).
//!
//! A handler runs its body through [`Ask::tool`] (or [`Ask::prompt`],
//! [`Ask::resource`]) and asks with [`Ask::form`], [`Ask::choice`] (one
//! derived enum), [`Ask::all`] (several questions in one round),
//! [`Ask::choose`] (one of a long list),
//! [`Ask::create_message`] (the client's model) or [`Ask::list_roots`]; a
//! [`Question`] can also be answered by the call's own argument, where the
//! model knows the answer. Every answer is re-validated; a person who made
//! a mistake is asked again with the reason ("A second chance" on
//! [`Ask`]); where the client cannot show a form, the call ends with a
//! result for the model ([`Unasked`]). [`RequestStateSeal`] says how a
//! server seals what one round carries to the next on 2026-07-28 (its
//! codec, time to live, attempts, an answer store, the [`Messages`] a
//! person reads), and [`ElicitError`] is every way a call can end.
//!
//! How a question travels depends on the revision: before 2026-07-28,
//! each is an `elicitation/create` (or `sampling/createMessage`,
//! `roots/list`) request inside the call, asked in turn; on 2026-07-28,
//! the call answers `input_required` with every question not answered
//! yet, and the client calls again with the answers, which a sealed
//! `requestState` binds to the questions asked. Both are one decision,
//! written once.
//!
//! [`adapter`] is the other face: what someone writing an adapter for
//! another SDK needs ([`adapter::Sdk`], [`adapter::Request`],
//! [`adapter::StateCodec`], ..), and a tool author does not.

pub mod adapter;
mod arguments;
mod call;
mod completed;
#[cfg(feature = "store-contract")]
#[cfg_attr(docsrs, doc(cfg(feature = "store-contract")))]
// Its links to `RedisStore` are text in a build without `redis` (the docs
// with every feature check them).
#[cfg_attr(not(feature = "redis"), allow(rustdoc::broken_intra_doc_links))]
pub mod contract;
mod decide;
mod drive;
#[cfg(feature = "encrypt")]
mod encrypt;
mod error;
mod expiry;
mod messages;
mod narrow;
mod payload;
mod question;
mod reask;
#[cfg(feature = "redis")]
mod redis_store;
mod rejection;
mod request;
mod round;
mod search;
mod state;
#[cfg(feature = "store")]
mod store;
mod unasked;

#[doc(no_inline)]
pub use crate::messages::{English, Messages};
pub use call::Ask;
#[cfg(feature = "encrypt")]
#[cfg_attr(docsrs, doc(cfg(feature = "encrypt")))]
pub use encrypt::EncryptedCodec;
#[allow(unused_imports)]
pub(crate) use error::INTERNAL_ERROR;
pub use error::{ElicitError, RequestStateError, StoreError};
pub use narrow::LONG_LIST;
pub use question::{AnyQuestion, CreateMessage, ElicitChoice, ListRoots, Question, Questions};
#[cfg(feature = "redis")]
#[cfg_attr(docsrs, doc(cfg(feature = "redis")))]
pub use redis_store::RedisStore;
// One adapter's log reads it; the core names no SDK, so it is allowed
// to go unused in a build without that adapter.
#[allow(unused_imports)]
pub(crate) use request::declares_arguments;
/// Lowercase hex in one `String`, for an adapter's own digests.
#[allow(unused_imports)]
pub(crate) use round::hex;
pub use state::RequestStateSeal;
#[cfg(feature = "store")]
#[cfg_attr(docsrs, doc(cfg(feature = "store")))]
pub use store::{AnswerStore, MemoryStore, StoreFuture};
pub use unasked::Unasked;

// The answers of `Ask::create_message` and `Ask::list_roots`, and what
// they are asked with.
pub use crate::input::{CreateMessageParams, CreateMessageResult, ListRootsResult, Role, Root};
