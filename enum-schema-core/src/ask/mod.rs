//! The elicitation core: [`Ask`] and its rounds, written once for every
//! SDK.
//!
//! An SDK adapter (`enum_schema::rmcp`, `enum_schema::rust_mcp_sdk`, or
//! your own) implements [`Sdk`]: how its codec seals and opens a
//! `requestState`, how it sends `elicitation/create` where the revision has
//! it, and how it answers with a result, an `input_required` result, a
//! tool error result or a JSON-RPC error ([`Reply`], [`Sdk::tool_error`], [`Sdk::error`]). Then
//! `Ask<ItsSdk>` is the SDK's `Ask`: reading answers from `inputResponses`
//! or the sealed state, asking again after a rejected answer (with the
//! reason and the valid parts pre-filled), several questions in one round,
//! the misuse checks, and the one [`ElicitError`] with its `Display`,
//! `data()` and JSON-RPC code are the same on every SDK.
//!
//! One round, on MCP 2026-07-28:
//!
//! 1. the adapter reads the request ([`Request`]: method, name, arguments,
//!    revision, capability, `inputResponses`, `requestState`) and calls
//!    [`Ask::open`], which opens and checks the state with [`StateCodec::open`];
//! 2. [`Ask::tool`] runs the body; each question ([`Ask::form`],
//!    [`Ask::all`]) takes its answer from the state or `inputResponses`,
//!    re-validates it, and keeps it; a missing or rejected answer is a
//!    request in the round's `input_required` result;
//! 3. the state (earlier answers, attempts) is sealed with [`StateCodec::seal`]
//!    and the outcome goes back through [`Reply`] as the SDK's response.
//!
//! With an answer store (`RequestStateSeal::with_store`, feature `store`),
//! step 3 puts the answers in the store under a fresh handle and seals only
//! the handle, and before step 2 the next round takes them out (once).
//!
//! Before 2026-07-28, step 2 sends each question with [`Sdk::send`] and
//! waits for the answer, asking again inside the same call.

pub mod adapter;
mod call;
#[cfg(feature = "store-contract")]
#[cfg_attr(docsrs, doc(cfg(feature = "store-contract")))]
pub mod contract;
mod decide;
mod drive;
#[cfg(feature = "encrypt")]
mod encrypt;
mod error;
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

pub use call::Ask;
#[cfg(feature = "encrypt")]
#[cfg_attr(docsrs, doc(cfg(feature = "encrypt")))]
pub use encrypt::EncryptedCodec;
#[allow(unused_imports)]
pub(crate) use error::INTERNAL_ERROR;
pub use error::{ElicitError, RequestStateError, StoreError};
pub use messages::{English, Messages};
pub use narrow::LONG_LIST;
pub use question::{AnyQuestion, CreateMessage, ListRoots, Question, Questions};
#[cfg(feature = "redis")]
#[cfg_attr(docsrs, doc(cfg(feature = "redis")))]
pub use redis_store::RedisStore;
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
