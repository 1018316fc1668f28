//! The `#[derive(ElicitEnum)]` and `#[derive(ElicitForm)]` macros. Use them
//! through the `enum-schema` crate, which re-exports them and documents
//! their attributes on the `ElicitEnum` and `ElicitForm` traits.
//!
//! Shared by both derives: `attr` (the attributes, read in one loop),
//! `name` (wire values and property names), `case` (serde's rename rules),
//! `doc` (doc comments as descriptions), `ast` (the typed views),
//! `ctxt` (the errors), `rule` (the runtime's count, length and bound
//! rules and every rule's words, the same file), `valid` (the early checks,
//! calling `rule`), `message` (how the settings are named in a rule's
//! words) and `fallback` (the stub impl beside errors). One
//! generation file per derive: `derives/elicit_enum.rs` and
//! `derives/elicit_form.rs`.

mod ast;
mod attr;
mod case;
mod ctxt;
mod derives;
mod doc;
mod fallback;
mod group;
mod message;
mod name;
// The runtime's `schema/rule/shared.rs`, compiled here too (this file is a
// link to it): the rules the early checks call, and every rule's words.
mod rule;
mod valid;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `enum_schema::ElicitEnum`; see that trait for the attributes.
#[proc_macro_derive(ElicitEnum, attributes(elicit))]
pub fn derive_elicit_enum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    derives::elicit_enum::derive(&input).into()
}

/// Derives `enum_schema::ElicitForm`; see that trait for the field types and
/// attributes.
#[proc_macro_derive(ElicitForm, attributes(elicit))]
pub fn derive_elicit_form(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    derives::elicit_form::derive(&input).into()
}
