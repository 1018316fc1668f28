//! Writes the `ElicitEnum` impl. Everything it needs, it asks the typed
//! view; it never reads an attribute itself.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::DeriveInput;

use crate::ast::{self, Enum};
use crate::attr::OptionRef;
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
    let cx = Ctxt::default();
    let Some(form) = ast::Form::from_ast(&cx, input) else {
        let error = cx
            .check()
            .err()
            .unwrap_or_else(|| syn::Error::new_spanned(&input.ident, "not a struct"));
        return Ok(fallback::expand_form(input, quote!(::enum_schema), error));
    };
    valid::check_form(&cx, &form);
    if let Err(error) = cx.check() {
        return Ok(fallback::expand_form(input, form.krate(), error));
    }
    Ok(expand_form(&form))
}

/// How to build the field's `FormField` value.
fn descriptor(krate: &TokenStream, field: &ast::Field) -> Descriptor {
    let attrs = &field.attrs;
    let mut calls: Vec<(proc_macro2::Span, TokenStream)> = Vec::new();
    let mut constant = true;
    if let Some(title) = attrs.title.get() {
        calls.push((title.span(), quote_spanned!(title.span()=> .title(#title))));
    }
    if let Some(description) = field.description() {
        calls.push((
            proc_macro2::Span::call_site(),
            quote!(.description(#description)),
        ));
    }
    let base = match &field.kind {
        ast::Kind::String => {
            constant = false;
            if let Some((tokens, min)) = attrs.min_length.get_with_tokens() {
                calls.push((
                    span_of(tokens),
                    quote_spanned!(span_of(tokens)=> .min_length(#min)),
                ));
            }
            if let Some((tokens, max)) = attrs.max_length.get_with_tokens() {
                calls.push((
                    span_of(tokens),
                    quote_spanned!(span_of(tokens)=> .max_length(#max)),
                ));
            }
            if let Some((tokens, format)) = attrs.format.get_with_tokens() {
                let variant = syn::Ident::new(format.variant(), span_of(tokens));
                calls.push((
                    span_of(tokens),
                    quote_spanned!(span_of(tokens)=> .format(#krate::StringFormat::#variant)),
                ));
            }
            if let Some(default) = attrs.default.get() {
                let span = span_of(&default.to_token_stream());
                calls.push((span, quote_spanned!(span=> .default(#default))));
            }
            quote!(#krate::StringField::new())
        }
        ast::Kind::Boolean => {
            constant = false;
            if let Some(default) = attrs.default.get() {
                let span = span_of(&default.to_token_stream());
                calls.push((span, quote_spanned!(span=> .default(#default))));
            }
            quote!(#krate::BooleanField::new())
        }
        ast::Kind::Number(ty) => {
            constant = false;
            for (attr, method) in [
                (&attrs.minimum, "minimum"),
                (&attrs.maximum, "maximum"),
                (&attrs.default, "default"),
            ] {
                if let Some(expr) = attr.get() {
                    let span = span_of(&expr.to_token_stream());
                    let method = syn::Ident::new(method, span);
                    calls.push((span, quote_spanned!(span=> .#method(#expr))));
                }
            }
            quote!(#krate::NumberField::<#ty>::new())
        }
        ast::Kind::Single(ty) => {
            if let Some(default) = attrs.default.get() {
                let span = span_of(&default.to_token_stream());
                match valid::literal_str(default) {
                    Some(lit) => calls.push((span, quote_spanned!(span=> .default_value(#lit)))),
                    None => {
                        constant = false;
                        calls.push((span, quote_spanned!(span=> .default(#default))));
                    }
                }
            }
            quote_spanned!(span_of(&ty.to_token_stream())=> <#ty as #krate::ElicitEnum>::SCHEMA)
        }
        ast::Kind::Multi(ty) => {
            if let Some((tokens, min)) = attrs.min_items.get_with_tokens() {
                calls.push((
                    span_of(tokens),
                    quote_spanned!(span_of(tokens)=> .min_items(#min)),
                ));
            }
            if let Some((tokens, max)) = attrs.max_items.get_with_tokens() {
                calls.push((
                    span_of(tokens),
                    quote_spanned!(span_of(tokens)=> .max_items(#max)),
                ));
            }
            if let Some((tokens, items)) = attrs.default_items.get_with_tokens() {
                let span = span_of(tokens);
                if items.iter().all(|item| matches!(item, OptionRef::Value(_))) {
                    calls.push((span, quote_spanned!(span=> .default_values(&[#(#items),*]))));
                } else {
                    constant = false;
                    let variants = items.iter().map(|item| quote!(<#ty>::#item));
                    calls.push((
                        span,
                        quote_spanned!(span=> .default_items(&[#(#variants),*])),
                    ));
                }
            }
            quote_spanned!(span_of(&ty.to_token_stream())=> <#ty as #krate::ElicitEnum>::MULTI_SCHEMA)
        }
        ast::Kind::Unsupported(_) => unreachable!("rejected by valid::check_field"),
    };
    Descriptor {
        base,
        calls,
        constant,
        optional: field.optional.then(|| krate.clone()),
    }
}

/// How a field's `FormField` value is built: a base value and builder calls,
/// each spanned on the attribute that asked for it.
struct Descriptor {
    base: TokenStream,
    calls: Vec<(proc_macro2::Span, TokenStream)>,
    /// Whether every call is a `const fn`, so that the compiler can check
    /// the builders' rules.
    constant: bool,
    /// The runtime crate, for a field wrapped in `Optional`.
    optional: Option<TokenStream>,
}

impl Descriptor {
    fn expr(&self) -> TokenStream {
        let base = &self.base;
        let calls = self.calls.iter().map(|(_, call)| call);
        let inner = quote!(#base #(#calls)*);
        match &self.optional {
            Some(krate) => quote!(#krate::Optional(#inner)),
            None => inner,
        }
    }

    /// Statements that run the builders one call at a time in a constant,
    /// so that a failed check is reported on the attribute it came from.
    fn const_check(&self) -> TokenStream {
        if !self.constant {
            return TokenStream::new();
        }
        let base = &self.base;
        let steps = self
            .calls
            .iter()
            .map(|(span, call)| quote_spanned!(*span=> let __descriptor = __descriptor #call;));
        quote!({
            let __descriptor = #base;
            #(#steps)*
            let _ = __descriptor;
        })
    }
}

/// The span of the first token, for errors about a value as a whole.
fn span_of(tokens: &TokenStream) -> proc_macro2::Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(proc_macro2::Span::call_site, |token| token.span())
}

fn expand_form(form: &ast::Form) -> TokenStream {
    let krate = form.krate();
    let ident = form.ident;
    let message = some_str(form.attrs.message.get().map(|lit| lit.value()));
    let mut checks = TokenStream::new();
    let mut pushes = TokenStream::new();
    let mut parses = TokenStream::new();
    let mut locals = Vec::new();
    let mut members = Vec::new();
    for (index, field) in form.fields.iter().enumerate() {
        let built = descriptor(&krate, field);
        let descriptor = built.expr();
        let name = &field.name;
        let local = quote::format_ident!("__field{}", index);
        checks.extend(built.const_check());
        if let (ast::Kind::String, Some(default)) = (&field.kind, field.attrs.default.get()) {
            if let Some(lit) = valid::literal_str(default) {
                let min = some_usize(field.attrs.min_length.get().copied());
                let max = some_usize(field.attrs.max_length.get().copied());
                let format = match field.attrs.format.get() {
                    Some(format) => {
                        let variant = syn::Ident::new(format.variant(), lit.span());
                        quote!(::core::option::Option::Some(#krate::StringFormat::#variant))
                    }
                    None => quote!(::core::option::Option::None),
                };
                checks.extend(quote_spanned!(lit.span()=>
                    #krate::__private::check_string_default(#lit, #min, #max, #format);
                ));
            }
        }
        pushes
            .extend(quote!(#krate::__private::push_property(&mut __schema, #name, &#descriptor);));
        parses.extend(quote!(
            let #local = #krate::__private::parse_field(&mut __errors, &mut __content, #name, &#descriptor);
        ));
        members.push(field.ident);
        locals.push(local);
    }
    quote! {
        #[automatically_derived]
        impl #krate::ElicitForm for #ident {
            const MESSAGE: ::core::option::Option<&'static str> = #message;

            fn requested_schema() -> #krate::RequestedSchema {
                // Evaluated when the server compiles: the builders' checks
                // become compile errors on the attribute.
                const _: () = {
                    #checks
                };
                let mut __schema = <#krate::RequestedSchema as ::core::default::Default>::default();
                #pushes
                __schema
            }

            fn from_content(
                mut __content: #krate::__private::JsonMap<::std::string::String, #krate::__private::JsonValue>,
            ) -> ::core::result::Result<Self, #krate::Error> {
                let mut __errors = ::std::vec::Vec::new();
                #parses
                match (#(#locals,)*) {
                    (#(::core::option::Option::Some(#locals),)*) => ::core::result::Result::Ok(Self {
                        #(#members: #locals,)*
                    }),
                    _ => ::core::result::Result::Err(#krate::__private::combine(__errors)),
                }
            }
        }
    }
}
