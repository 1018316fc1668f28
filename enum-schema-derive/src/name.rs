//! The one wire-name computation: a variant's wire value and a field's
//! property name, from `#[elicit]`, else `#[serde]`, else the Rust name.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::{Ident, LitStr};

use crate::attr::{RenameAll, Renaming};

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

impl<'a> Renames<'a> {
    /// An item's own `rename`s and its container's `rename_all`s.
    pub fn new(rename: &'a Renaming<LitStr>, rename_all: &'a Renaming<RenameAll>) -> Self {
        Renames {
            rename: rename.elicit.get(),
            rename_all: rename_all.elicit.get(),
            serde_rename: rename.serde.as_ref(),
            serde_rename_all: rename_all.serde.as_ref(),
        }
    }
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

#[cfg(test)]
mod tests {
    use quote::ToTokens;
    use syn::{parse_quote, Ident, LitStr};

    use super::{Name, Renames, Role};
    use crate::attr::RenameAll;
    use crate::case::RenameRule;

    fn rename_all(rule: &str) -> RenameAll {
        RenameAll {
            rule: RenameRule::from_str(rule).ok().unwrap(),
            lit: LitStr::new(rule, proc_macro2::Span::call_site()),
        }
    }

    #[test]
    fn elicit_then_serde_then_the_rust_name() {
        let ident: Ident = parse_quote!(r#UsEast);
        let none = || Renames {
            rename: None,
            rename_all: None,
            serde_rename: None,
            serde_rename_all: None,
        };
        let variant = |renames| Name::new(&ident, Role::Variant, renames);
        let name = variant(none());
        assert_eq!(name.value, "UsEast");
        assert_eq!(name.tokens.to_string(), "r#UsEast");
        assert!(name.elicit.is_none() && name.serde.is_none());

        let kebab = rename_all("kebab-case");
        let snake = rename_all("snake_case");
        let name = variant(Renames {
            serde_rename_all: Some(&snake),
            ..none()
        });
        assert_eq!(name.value, "us_east");
        let name = variant(Renames {
            rename_all: Some(&kebab),
            serde_rename_all: Some(&snake),
            ..none()
        });
        assert_eq!(name.value, "us-east");
        assert_eq!(name.serde.unwrap().0, "us_east");
        // The item's own rename is blamed for a collision.
        let lit: LitStr = parse_quote!("east");
        let name = variant(Renames {
            serde_rename: Some(&lit),
            rename_all: Some(&kebab),
            ..none()
        });
        assert_eq!(name.value, "us-east");
        assert_eq!(name.tokens.to_string(), lit.to_token_stream().to_string());
        // A field: `rename_all` applies to a snake_case name.
        let field: Ident = parse_quote!(user_name);
        let camel = rename_all("camelCase");
        let name = Name::new(
            &field,
            Role::Field,
            Renames {
                rename_all: Some(&camel),
                ..none()
            },
        );
        assert_eq!(name.value, "userName");
    }
}
