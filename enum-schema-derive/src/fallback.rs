//! On error: the compile errors, plus a stub impl so that the user's uses of
//! the trait do not add a cascade of errors to the real ones.

use proc_macro2::TokenStream;
use quote::quote;

use syn::{DeriveInput, GenericParam};

/// `krate` is `enum-schema`'s path, when the input could be read far
/// enough to know it.
pub fn expand(input: &DeriveInput, krate: TokenStream, error: syn::Error) -> TokenStream {
    let errors = error.to_compile_error();
    let generics = &input.generics;
    // ElicitEnum needs `'static`: the stub bounds every type parameter, and
    // gives up on borrowed types.
    if generics.lifetimes().next().is_some() {
        return errors;
    }
    let bounds: Vec<TokenStream> = generics
        .params
        .iter()
        .filter_map(|param| match param {
            GenericParam::Type(param) => {
                let ident = &param.ident;
                Some(quote!(#ident: 'static))
            }
            _ => None,
        })
        .collect();
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let predicates: Vec<_> = where_clause
        .map(|clause| &clause.predicates)
        .into_iter()
        .collect();
    let ident = &input.ident;
    quote! {
        #errors

        #[automatically_derived]
        impl #impl_generics #krate::ElicitEnum for #ident #ty_generics
        where
            #(#predicates,)*
            #(#bounds,)*
        {
            const __ELICIT_ENUM_DERIVE_ONLY: #krate::__private::Derived<Self> = #krate::__private::Derived::NONE;

            fn from_wire_value(_: &::core::primitive::str) -> ::core::option::Option<Self> {
                ::core::unreachable!()
            }
        }

        // What a form's checks of a default variant call: with no options,
        // the form skips them (the derive's errors say what is wrong).
        // Not `#[automatically_derived]`: rustc takes it on trait impls only.
        impl #impl_generics #ident #ty_generics
        where
            #(#predicates,)*
            #(#bounds,)*
        {
            #[doc(hidden)]
            pub const fn __elicit_index(
                &self,
            ) -> ::core::result::Result<::core::primitive::usize, &'static ::core::primitive::str> {
                ::core::result::Result::Err("")
            }
        }
    }
}

/// The errors, plus a stub `ElicitForm` impl for a struct without generics.
pub fn expand_form(input: &DeriveInput, krate: TokenStream, error: syn::Error) -> TokenStream {
    let errors = error.to_compile_error();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #errors

        #[automatically_derived]
        impl #impl_generics #krate::ElicitForm for #ident #ty_generics #where_clause {
            const MESSAGE: ::core::option::Option<&'static ::core::primitive::str> = ::core::option::Option::None;

            fn requested_schema() -> #krate::schema::RequestedSchema {
                ::core::unreachable!()
            }

            fn from_content(
                _: #krate::__private::JsonMap<::std::string::String, #krate::__private::JsonValue>,
            ) -> ::core::result::Result<Self, #krate::Error> {
                ::core::unreachable!()
            }
        }
    }
}

/// The errors, plus the options struct and a stub `ElicitFormWith` impl,
/// for a form with fields whose options are given at run time: the code
/// that builds its options and asks it raises nothing more.
pub fn expand_run_time_form(
    krate: TokenStream,
    ident: &syn::Ident,
    options: (&syn::Ident, TokenStream),
    error: syn::Error,
) -> TokenStream {
    let errors = error.to_compile_error();
    let (options_ident, options_struct) = options;
    quote! {
        #errors

        #options_struct

        #[automatically_derived]
        impl #krate::ElicitFormWith for #ident {
            type Options = #options_ident;

            fn requested_schema_with(_: &#options_ident) -> #krate::schema::RequestedSchema {
                ::core::unreachable!()
            }

            fn from_content_with(
                _: #krate::__private::JsonMap<::std::string::String, #krate::__private::JsonValue>,
                _: &#options_ident,
            ) -> ::core::result::Result<Self, #krate::Error> {
                ::core::unreachable!()
            }
        }
    }
}
