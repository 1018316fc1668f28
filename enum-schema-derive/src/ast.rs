//! A typed view of the derive input, borrowing from syn, with each
//! variant's wire value worked out.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Data, DeriveInput, Fields, Ident};

use crate::attr;
use crate::ctxt::Ctxt;

pub struct Enum<'a> {
    pub ident: &'a Ident,
    pub input: &'a DeriveInput,
    pub attrs: attr::Container,
    pub variants: Vec<Variant<'a>>,
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub fields: &'a Fields,
    pub attrs: attr::Variant,
    /// The wire value: what the schema offers and what parsing accepts.
    pub value: String,
    /// The tokens that decided `value`, for error spans.
    pub value_tokens: TokenStream,
}

impl<'a> Enum<'a> {
    /// The view of an enum, or `None` (with an error in `cx`) for a struct
    /// or union.
    pub fn from_ast(cx: &Ctxt, input: &'a DeriveInput) -> Option<Self> {
        let data = match &input.data {
            Data::Enum(data) => data,
            Data::Struct(data) => {
                cx.error_spanned_by(
                    data.struct_token,
                    "ElicitEnum can only be derived for an enum; a struct is not a choice",
                );
                return None;
            }
            Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "ElicitEnum can only be derived for an enum; a union is not a choice",
                );
                return None;
            }
        };
        let container = attr::Container::from_ast(cx, &input.attrs);
        let variants = data
            .variants
            .iter()
            .map(|variant| {
                let attrs = attr::Variant::from_ast(cx, &variant.attrs);
                let value = match elicit_value(&variant.ident, &attrs, &container) {
                    Some((value, _)) => value,
                    None => match serde_value(&variant.ident, &attrs, &container) {
                        Some((value, _)) => value,
                        None => unraw(&variant.ident),
                    },
                };
                // A collision is the fault of the variant's own rename, or
                // else of the variant itself.
                let value_tokens = match (attrs.rename.get(), &attrs.serde_rename) {
                    (Some(lit), _) | (None, Some(lit)) => lit.to_token_stream(),
                    (None, None) => variant.ident.to_token_stream(),
                };
                Variant {
                    ident: &variant.ident,
                    fields: &variant.fields,
                    attrs,
                    value,
                    value_tokens,
                }
            })
            .collect();
        Some(Enum {
            ident: &input.ident,
            input,
            attrs: container,
            variants,
        })
    }

    /// The offered variants, in declaration order.
    pub fn offered(&self) -> impl Iterator<Item = &Variant<'a>> {
        self.variants.iter().filter(|variant| !variant.is_skipped())
    }

    /// Whether any offered variant has a title.
    pub fn is_titled(&self) -> bool {
        self.offered()
            .any(|variant| variant.attrs.title.get().is_some())
    }

    /// The path of the runtime crate.
    pub fn krate(&self) -> TokenStream {
        match self.attrs.krate.get() {
            Some(path) => path.to_token_stream(),
            None => quote!(::enum_schema),
        }
    }

    /// The field description: `description = ".."`, else the doc comment.
    pub fn description(&self) -> Option<String> {
        match self.attrs.description.get() {
            Some(lit) => Some(lit.value()),
            None => self.attrs.doc.clone(),
        }
    }
}

impl Variant<'_> {
    pub fn is_skipped(&self) -> bool {
        self.attrs.skip.get().is_some() || self.attrs.serde_skip
    }

    /// The variant name as written, without `r#`.
    pub fn name(&self) -> String {
        unraw(self.ident)
    }

    /// Every value that parses to this variant: its wire value, then its
    /// aliases (`#[elicit]`'s, then serde's not already listed), with the
    /// tokens each came from.
    pub fn accepted(&self) -> Vec<(String, TokenStream)> {
        let mut accepted = vec![(self.value.clone(), self.value_tokens.clone())];
        for alias in &self.attrs.aliases {
            accepted.push((alias.value(), alias.to_token_stream()));
        }
        for alias in &self.attrs.serde_aliases {
            if !self
                .attrs
                .aliases
                .iter()
                .any(|elicit| elicit.value() == alias.value())
            {
                accepted.push((alias.value(), alias.to_token_stream()));
            }
        }
        accepted
    }
}

pub fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(name) => name.to_owned(),
        None => name,
    }
}

/// The wire value `#[elicit]` gives a variant, if it says anything about
/// it, with the tokens that decided it.
pub fn elicit_value(
    ident: &Ident,
    variant: &attr::Variant,
    container: &attr::Container,
) -> Option<(String, TokenStream)> {
    if let Some(lit) = variant.rename.get() {
        return Some((lit.value(), lit.to_token_stream()));
    }
    let rename_all = container.rename_all.get()?;
    Some((
        rename_all.rule.apply_to_variant(&unraw(ident)),
        rename_all.lit.to_token_stream(),
    ))
}

/// The wire value `#[serde]` gives a variant, if it says anything about it,
/// with the tokens that decided it.
pub fn serde_value(
    ident: &Ident,
    variant: &attr::Variant,
    container: &attr::Container,
) -> Option<(String, TokenStream)> {
    if let Some(lit) = &variant.serde_rename {
        return Some((lit.value(), lit.to_token_stream()));
    }
    let rename_all = container.serde_rename_all.as_ref()?;
    Some((
        rename_all.rule.apply_to_variant(&unraw(ident)),
        rename_all.lit.to_token_stream(),
    ))
}
