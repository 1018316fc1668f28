//! The `#[derive(ElicitEnum)]` macro. Use it through the `enum-schema`
//! crate, which re-exports it and documents its attributes on the
//! `ElicitEnum` trait.

mod ast;
mod attr;
mod case;
mod ctxt;
mod doc;
mod expand;
mod fallback;
mod valid;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `enum_schema::ElicitEnum`; see that trait for the attributes.
#[proc_macro_derive(ElicitEnum, attributes(elicit))]
pub fn derive_elicit_enum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `enum_schema::ElicitForm`; see that trait for the field types and
/// attributes.
#[proc_macro_derive(ElicitForm, attributes(elicit))]
pub fn derive_elicit_form(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive_form(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
