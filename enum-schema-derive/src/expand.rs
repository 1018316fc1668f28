//! Writes the `ElicitEnum` impl. Everything it needs, it asks the typed
//! view; it never reads an attribute itself.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::ast::Enum;
use crate::ctxt::Ctxt;
use crate::{fallback, valid};

pub fn derive(input: &DeriveInput) -> syn::Result<TokenStream> {
    let cx = Ctxt::default();
    let Some(item) = Enum::from_ast(&cx, input) else {
        let error = cx
            .check()
            .err()
            .unwrap_or_else(|| syn::Error::new_spanned(&input.ident, "not an enum"));
        return Ok(fallback::expand(input, quote!(::enum_schema), error));
    };
    let defaults = valid::check(&cx, &item);
    if let Err(error) = cx.check() {
        return Ok(fallback::expand(input, item.krate(), error));
    }
    Ok(expand(&item, &defaults))
}

fn some_str(value: Option<String>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

fn some_usize(value: Option<usize>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

fn expand(item: &Enum, defaults: &valid::Defaults) -> TokenStream {
    let krate = item.krate();
    let ident = item.ident;
    let titled = item.is_titled();

    let options = item.offered().map(|variant| {
        let value = &variant.value;
        match variant.attrs.title.get() {
            Some(title) if titled => quote!(#krate::EnumOption::titled(#value, #title)),
            _ => quote!(#krate::EnumOption::untitled(#value)),
        }
    });

    let value_arms = item.variants.iter().map(|variant| {
        let (variant_ident, value) = (variant.ident, &variant.value);
        // Only skipped variants may carry data.
        let rest = match variant.fields {
            syn::Fields::Unit => quote!(),
            syn::Fields::Unnamed(_) => quote!((..)),
            syn::Fields::Named(_) => quote!({ .. }),
        };
        quote!(Self::#variant_ident #rest => #value)
    });

    let offered: Vec<_> = item.offered().collect();
    let index_arms = offered.iter().enumerate().map(|(index, variant)| {
        let variant_ident = variant.ident;
        quote!(Self::#variant_ident => ::core::option::Option::Some(#index))
    });
    let has_skipped = offered.len() < item.variants.len();
    let skipped_arm = has_skipped.then(|| quote!(_ => ::core::option::Option::None));
    let from_index_arms = offered.iter().enumerate().map(|(index, variant)| {
        let variant_ident = variant.ident;
        quote!(#index => ::core::option::Option::Some(Self::#variant_ident))
    });
    let from_value_arms = offered.iter().map(|variant| {
        let variant_ident = variant.ident;
        let values = variant.accepted().into_iter().map(|(value, _)| value);
        quote!(#(#values)|* => ::core::option::Option::Some(Self::#variant_ident))
    });

    let title = some_str(item.attrs.title.get().map(|lit| lit.value()));
    let description = some_str(item.description());
    let default = some_str(defaults.single.map(|variant| variant.value.clone()));
    let legacy = item.attrs.legacy.get().is_some();
    let min_items = some_usize(item.attrs.min_items.get().copied());
    let max_items = some_usize(item.attrs.max_items.get().copied());
    let default_items = match &defaults.multi {
        Some(variants) => {
            let values = variants.iter().map(|variant| &variant.value);
            quote!(::core::option::Option::Some(&[#(#values),*]))
        }
        None => quote!(::core::option::Option::None),
    };

    quote! {
        #[automatically_derived]
        #[allow(deprecated)]
        impl #krate::ElicitEnum for #ident {
            const OPTIONS: &'static [#krate::EnumOption] = &[#(#options),*];
            const SCHEMA: #krate::SingleSelect<Self> =
                #krate::SingleSelect::__from_derive(#title, #description, #default, #legacy);
            const MULTI_SCHEMA: #krate::MultiSelect<Self> =
                #krate::MultiSelect::__from_derive(#title, #description, #min_items, #max_items, #default_items);

            fn value(&self) -> &'static str {
                match *self {
                    #(#value_arms,)*
                }
            }

            fn option_index(&self) -> ::core::option::Option<usize> {
                match *self {
                    #(#index_arms,)*
                    #skipped_arm
                }
            }

            fn from_option_index(__index: usize) -> ::core::option::Option<Self> {
                match __index {
                    #(#from_index_arms,)*
                    _ => ::core::option::Option::None,
                }
            }

            fn from_value(__value: &str) -> ::core::option::Option<Self> {
                match __value {
                    #(#from_value_arms,)*
                    _ => ::core::option::Option::None,
                }
            }
        }
    }
}

pub fn derive_form(input: &DeriveInput) -> syn::Result<TokenStream> {
    Err(syn::Error::new_spanned(&input.ident, "not yet"))
}
