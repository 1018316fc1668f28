//! The `#[derive(ElicitEnum)]` macro. Use it through the `enum-schema`
//! crate, which re-exports it and documents its attributes.

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

/// Derives `enum_schema::ElicitEnum`; see that trait for the attributes.
#[proc_macro_derive(ElicitEnum, attributes(elicit))]
pub fn derive_elicit_enum(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    TokenStream::new()
}
