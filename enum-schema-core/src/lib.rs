//! The runtime of [`enum-schema`](https://docs.rs/enum-schema): every
//! trait, type and function it has, without the two derive macros.
//!
//! Depend on `enum-schema`, not on this crate: it re-exports all of this at
//! the same paths (`enum_schema::ElicitEnum`, `enum_schema::schema`, ..)
//! beside `#[derive(ElicitEnum)]` and `#[derive(ElicitForm)]`, and its
//! features turn on the ones of the same name here. The two crates are
//! apart so that a build compiles this one and the derive side by side
//! (the derive needs `syn`, this one `serde_json`), as `serde_core` and
//! `serde_derive` are; the code the derive writes names `enum_schema`.
//! The documentation, with the examples, is `enum-schema`'s.

#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// Invokes `$m!` once for each tuple arity from 1 to 12, with the type
/// parameters and indices of that arity: the forms of tuples of fields and
/// the tuples of questions are implemented up to the same size.
macro_rules! for_each_tuple {
    ($m:ident) => {
        $m!(A 0);
        $m!(A 0, B 1);
        $m!(A 0, B 1, C 2);
        $m!(A 0, B 1, C 2, D 3);
        $m!(A 0, B 1, C 2, D 3, E 4);
        $m!(A 0, B 1, C 2, D 3, E 4, F 5);
        $m!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
        $m!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
        $m!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
        $m!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
        $m!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
        $m!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
    };
}

#[cfg(feature = "ask")]
#[cfg_attr(docsrs, doc(cfg(feature = "ask")))]
pub mod ask;
mod confirm;
pub mod error;
mod field;
mod form;
#[cfg(feature = "host")]
#[cfg_attr(docsrs, doc(cfg(feature = "host")))]
pub mod host;
// The input requests and results `ask` sends and reads; named from
// `ask` (the answer types) and `ask::adapter` (the rest).
#[cfg(feature = "ask")]
mod input;
mod version;

#[doc(hidden)]
pub mod __private;
mod integrations;
#[cfg(any(feature = "ask", feature = "host"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "ask", feature = "host"))))]
pub mod messages;
pub mod schema;

pub use crate::confirm::Confirm;
pub use crate::error::{Error, ErrorKind};
pub use crate::field::elicit_enum::ElicitEnum;
pub use crate::field::elicit_enum::{MultiSelectField, SingleSelectField};
pub use crate::field::primitive::{BooleanField, NumberField, NumberType, StringField};
pub use crate::field::FormField;
// Named in the error of a run-time form's `request`.
#[doc(hidden)]
pub use crate::form::RequestWithoutOptions;
pub use crate::form::{
    ElicitAction, ElicitForm, ElicitFormWith, FillDefault, Form, FormFields, Optional,
};
#[cfg(feature = "pmcp")]
pub use crate::integrations::pmcp;
#[cfg(feature = "rmcp")]
pub use crate::integrations::rmcp;
#[cfg(feature = "rust-mcp-sdk")]
pub use crate::integrations::rust_mcp_sdk;
#[cfg(feature = "schemars")]
#[doc(hidden)]
pub use crate::integrations::schemars::support as __schemars;
#[cfg(feature = "tower-mcp")]
pub use crate::integrations::tower_mcp;
pub use crate::schema::check::{Choice, OwnedChoice};
pub use crate::version::{ProtocolVersion, VersionError};
