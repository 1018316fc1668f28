//! On error: the compile errors, plus a stub impl so that the user's uses of
//! the trait do not add a cascade of errors to the real ones.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Enum;

pub fn expand(item: &Enum, error: syn::Error) -> TokenStream {
    let errors = error.to_compile_error();
    if !item.input.generics.params.is_empty() {
        return errors;
    }
    let krate = item.krate();
    let ident = item.ident;
    quote! {
        #errors

        #[automatically_derived]
        impl #krate::ElicitEnum for #ident {
            const OPTIONS: &'static [#krate::EnumOption] = &[];
            const SCHEMA: #krate::SingleSelect<Self> = #krate::SingleSelect::__from_derive(
                ::core::option::Option::None,
                ::core::option::Option::None,
                ::core::option::Option::None,
                false,
            );
            const MULTI_SCHEMA: #krate::MultiSelect<Self> = #krate::MultiSelect::__from_derive(
                ::core::option::Option::None,
                ::core::option::Option::None,
                ::core::option::Option::None,
                ::core::option::Option::None,
                ::core::option::Option::None,
            );

            fn value(&self) -> &'static str {
                ::core::unreachable!()
            }

            fn option_index(&self) -> ::core::option::Option<usize> {
                ::core::unreachable!()
            }

            fn from_option_index(_: usize) -> ::core::option::Option<Self> {
                ::core::unreachable!()
            }

            fn from_value(_: &str) -> ::core::option::Option<Self> {
                ::core::unreachable!()
            }
        }
    }
}
