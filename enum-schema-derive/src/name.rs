//! The one wire-name computation: a variant's wire value and a field's
//! property name, from `#[elicit]`, else `#[serde]`, else the Rust name.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{Ident, LitStr};

use crate::attr::RenameAll;

/// What is being named: `rename_all` treats the two differently, as serde
/// does.
#[derive(Clone, Copy)]
pub enum Role {
    Variant,
    Field,
}

/// A name on the wire, with what each attribute family says about it.
pub struct Name {
    /// The name a schema offers and parsing accepts.
    pub value: String,
    /// The tokens to blame for it: the item's own `rename` (`#[elicit]`'s,
    /// else `#[serde]`'s), else the item's identifier.
    pub tokens: TokenStream,
    /// The name `#[elicit]` gives, and the tokens that decided it.
    pub elicit: Option<(String, TokenStream)>,
    /// The name `#[serde]` gives, and the tokens that decided it.
    pub serde: Option<(String, TokenStream)>,
}

/// The renames that apply to one variant or field.
pub struct Renames<'a> {
    pub rename: Option<&'a LitStr>,
    pub rename_all: Option<&'a RenameAll>,
    pub serde_rename: Option<&'a LitStr>,
    pub serde_rename_all: Option<&'a RenameAll>,
}

impl Name {
    pub fn new(ident: &Ident, role: Role, renames: Renames) -> Self {
        let rust = unraw(ident);
        let decide = |rename: Option<&LitStr>, rename_all: Option<&RenameAll>| {
            if let Some(lit) = rename {
                return Some((lit.value(), lit.to_token_stream()));
            }
            let rename_all = rename_all?;
            let value = match role {
                Role::Variant => rename_all.rule.apply_to_variant(&rust),
                Role::Field => rename_all.rule.apply_to_field(&rust),
            };
            Some((value, rename_all.lit.to_token_stream()))
        };
        let elicit = decide(renames.rename, renames.rename_all);
        let serde = decide(renames.serde_rename, renames.serde_rename_all);
        let value = match (&elicit, &serde) {
            (Some((value, _)), _) | (None, Some((value, _))) => value.clone(),
            (None, None) => rust,
        };
        // A collision is the fault of the item's own rename, or else of the
        // item itself.
        let tokens = match renames.rename.or(renames.serde_rename) {
            Some(lit) => lit.to_token_stream(),
            None => ident.to_token_stream(),
        };
        Name {
            value,
            tokens,
            elicit,
            serde,
        }
    }
}

/// The identifier as written, without `r#`.
pub fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(name) => name.to_owned(),
        None => name,
    }
}
