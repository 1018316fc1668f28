//! The `ElicitForm` derive: one property per field, built by the runtime's
//! typed fields, and a constant per field that checks its settings with
//! the runtime's schema rules when the server compiles.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::DeriveInput;

use super::{respan, some_str, some_usize, span_of};
use crate::ast;
use crate::attr::OptionRef;
use crate::ctxt::Ctxt;
use crate::{fallback, message, valid};

/// The impl, or the errors and a stub impl.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let Some(form) = ast::Form::from_ast(&cx, input) else {
        let error = cx
            .check()
            .err()
            .unwrap_or_else(|| syn::Error::new_spanned(&input.ident, "not a struct"));
        return fallback::expand_form(input, ast::fallback_crate(input), error);
    };
    valid::check_form(&cx, &form);
    if let Err(error) = cx.check() {
        return fallback::expand_form(input, form.krate(), error);
    }
    expand(&form)
}

/// A user's expression, checked against `ty` where it is written, so that
/// a type error points at the attribute and says what was expected. `Self`
/// in it is the form struct.
fn typed(ty: &TokenStream, expr: &syn::Expr, field: &ast::Field, form: &syn::Ident) -> TokenStream {
    let expr = replace_self(expr.to_token_stream(), form);
    let span = span_of(&expr);
    // The expected type is spanned on the field's type, which rustc then
    // shows as the reason for the expectation. `__value` is declared and
    // used with the same span, so it resolves wherever the attribute's
    // tokens come from.
    let ty = respan(
        ty.clone(),
        span_of(&ast::ungroup(field.ty).to_token_stream()),
    );
    quote_spanned!(span=> { let __value: #ty = #expr; __value })
}

/// `tokens` with every `Self` replaced by the form struct's name: the
/// expressions of field attributes are evaluated outside the struct's
/// impls, where `Self` means nothing, and a form is never generic.
fn replace_self(tokens: TokenStream, form: &syn::Ident) -> TokenStream {
    tokens
        .into_iter()
        .map(|token| match token {
            proc_macro2::TokenTree::Ident(ident) if ident == "Self" => {
                let mut name = form.clone();
                name.set_span(ident.span());
                proc_macro2::TokenTree::Ident(name)
            }
            proc_macro2::TokenTree::Group(group) => {
                let mut replaced =
                    proc_macro2::Group::new(group.delimiter(), replace_self(group.stream(), form));
                replaced.set_span(group.span());
                proc_macro2::TokenTree::Group(replaced)
            }
            token => token,
        })
        .collect()
}

/// One builder call on a field's `FormField` value: `.method(arguments)`,
/// spanned on the attribute that asked for it.
struct Call {
    span: proc_macro2::Span,
    method: syn::Ident,
    arguments: TokenStream,
}

/// How to build the field's `FormField` value.
fn descriptor(krate: &TokenStream, field: &ast::Field, form: &syn::Ident) -> Descriptor {
    let attrs = &field.attrs;
    let mut calls: Vec<Call> = Vec::new();
    if let Some(title) = attrs.title.get() {
        calls.push(Call {
            span: title.span(),
            method: syn::Ident::new("title", title.span()),
            arguments: quote!(#title),
        });
    }
    if let Some(description) = field.description() {
        let span = proc_macro2::Span::call_site();
        calls.push(Call {
            span,
            method: syn::Ident::new("description", span),
            arguments: quote!(#description),
        });
    } else if field.no_description() {
        let span = proc_macro2::Span::call_site();
        calls.push(Call {
            span,
            method: syn::Ident::new("no_description", span),
            arguments: TokenStream::new(),
        });
    }
    let mut call = |tokens: &TokenStream, method: &str, arguments: TokenStream| {
        let span = span_of(tokens);
        calls.push(Call {
            span,
            method: syn::Ident::new(method, span),
            arguments,
        });
    };
    let (base, ty, constant) = match &field.kind {
        ast::Kind::String => {
            if let Some((tokens, min)) = attrs.min_length.get_with_tokens() {
                call(tokens, "min_length", quote!(#min));
            }
            if let Some((tokens, max)) = attrs.max_length.get_with_tokens() {
                call(tokens, "max_length", quote!(#max));
            }
            if let Some((tokens, format)) = attrs.format.get_with_tokens() {
                let variant = syn::Ident::new(format.variant(), span_of(tokens));
                call(tokens, "format", quote!(#krate::StringFormat::#variant));
            }
            if let Some((tokens, default)) = attrs.default.get_with_tokens() {
                call(
                    tokens,
                    "default_value",
                    typed(
                        &quote!(&'static ::core::primitive::str),
                        default,
                        field,
                        form,
                    ),
                );
            }
            (
                quote!(#krate::StringField::new()),
                quote!(#krate::StringField),
                false,
            )
        }
        ast::Kind::Boolean => {
            if let Some((tokens, default)) = attrs.default.get_with_tokens() {
                call(
                    tokens,
                    "default_value",
                    typed(&quote!(::core::primitive::bool), default, field, form),
                );
            }
            (
                quote!(#krate::BooleanField::new()),
                quote!(#krate::BooleanField),
                false,
            )
        }
        ast::Kind::Number(ty) => {
            let number = ty.to_token_stream();
            for (attr, method) in [
                (&attrs.minimum, "minimum"),
                (&attrs.maximum, "maximum"),
                (&attrs.default, "default_value"),
            ] {
                if let Some((tokens, expr)) = attr.get_with_tokens() {
                    call(tokens, method, typed(&number, expr, field, form));
                }
            }
            (
                quote!(#krate::NumberField::<#ty>::new()),
                quote!(#krate::NumberField<#ty>),
                false,
            )
        }
        ast::Kind::Single(ty) => {
            if let Some((tokens, default)) = attrs.default.get_with_tokens() {
                let value = match valid::literal_str(default) {
                    Some(lit) => quote!(#lit),
                    // The variant's wire value, computed in a constant so that
                    // the builder's check runs when the server compiles.
                    None => {
                        // A bare name is a variant of the field's enum, as in
                        // `default_items`; any other expression (a path such
                        // as `Size::Large` or `self::DEFAULT`) is used as is.
                        let variant = match ast::bare_ident(default) {
                            Some(name) => quote_spanned!(name.span()=> <#ty>::#name),
                            None => typed(&ty.to_token_stream(), default, field, form),
                        };
                        quote!({
                            const __DEFAULT: &'static ::core::primitive::str = <#ty>::__elicit_value(&#variant);
                            __DEFAULT
                        })
                    }
                };
                call(tokens, "default_value", value);
            }
            let span = span_of(&ty.to_token_stream());
            (
                quote_spanned!(span=> <#ty as #krate::ElicitEnum>::SCHEMA),
                quote!(#krate::SingleSelect<#ty>),
                true,
            )
        }
        ast::Kind::Multi(ty) => {
            // The field's settings replace the enum's together, and are
            // checked as a whole.
            let min = some_usize(attrs.min_items.get().copied());
            let max = some_usize(attrs.max_items.get().copied());
            let default = match attrs.default_items.get() {
                Some(items) => {
                    let values = items.iter().map(|item| match item {
                        OptionRef::Value(lit) => quote!(#lit),
                        OptionRef::Variant(ident) => {
                            quote_spanned!(ident.span()=> <#ty>::__elicit_value(&<#ty>::#ident))
                        }
                    });
                    quote!(::core::option::Option::Some({
                        const __DEFAULT_ITEMS: &[&'static ::core::primitive::str] = &[#(#values),*];
                        __DEFAULT_ITEMS
                    }))
                }
                None => quote!(::core::option::Option::None),
            };
            let first = [
                attrs.min_items.get_with_tokens().map(|(tokens, _)| tokens),
                attrs.max_items.get_with_tokens().map(|(tokens, _)| tokens),
                attrs
                    .default_items
                    .get_with_tokens()
                    .map(|(tokens, _)| tokens),
            ]
            .into_iter()
            .flatten()
            .next()
            .cloned();
            if let Some(tokens) = first {
                call(&tokens, "__override", quote!(#min, #max, #default));
            }
            let span = span_of(&ty.to_token_stream());
            (
                quote_spanned!(span=> <#ty as #krate::ElicitEnum>::MULTI_SCHEMA),
                quote!(#krate::MultiSelect<#ty>),
                true,
            )
        }
        ast::Kind::Unsupported(_) => unreachable!("rejected by valid::check_field"),
    };
    let fill = attrs
        .fill_default
        .key()
        .map(|key| (krate.clone(), fill_default_check(field, key)));
    Descriptor {
        base,
        ty,
        calls,
        constant,
        optional: field.optional.then(|| krate.clone()),
        fill,
    }
}

/// For `fill_default` on an enum field without a default of its own: a
/// check, run on the built select in a constant, that the enum gives one,
/// spanned on `fill_default`.
fn fill_default_check(field: &ast::Field, key: &syn::Path) -> TokenStream {
    let attrs = &field.attrs;
    let (ty, has_default, own) = match &field.kind {
        ast::Kind::Single(ty) => (
            ty,
            quote!(__descriptor.get_default().is_some()),
            attrs.default.key().is_some(),
        ),
        ast::Kind::Multi(ty) => (
            ty,
            quote!(__descriptor.has_default()),
            attrs.default_items.key().is_some(),
        ),
        _ => return TokenStream::new(),
    };
    if own {
        return TokenStream::new();
    }
    let (keyword, attribute) = match field.kind {
        ast::Kind::Multi(_) => ("default_items", "default_items = [..]"),
        _ => ("default", "default = .."),
    };
    let span = span_of(&key.to_token_stream());
    let message = syn::LitStr::new(
        &format!(
            "`fill_default` has no default to fill: neither field `{}` nor `{}` has `{keyword}`; add `{attribute}` or remove `fill_default`",
            field.rust_name(),
            ty.to_token_stream().to_string().replace(' ', ""),
        ),
        span,
    );
    quote_spanned!(span=> ::core::assert!(#has_default, #message);)
}

/// How a field's `FormField` value is built: a base value and builder calls,
/// each spanned on the attribute that asked for it.
struct Descriptor {
    base: TokenStream,
    /// The type of `base` and of every call's result.
    ty: TokenStream,
    calls: Vec<Call>,
    /// Whether every call is a `const fn`, so that the compiler can check
    /// the builders' rules.
    constant: bool,
    /// The runtime crate, for a field wrapped in `Optional`.
    optional: Option<TokenStream>,
    /// The runtime crate and the generated check, for a field wrapped in
    /// `FillDefault`.
    fill: Option<(TokenStream, TokenStream)>,
}

impl Descriptor {
    fn expr(&self) -> TokenStream {
        let base = &self.base;
        let calls = self.calls.iter().map(
            |Call {
                 span,
                 method,
                 arguments,
             }| quote_spanned!(*span=> .#method(#arguments)),
        );
        let inner = quote!(#base #(#calls)*);
        match (&self.optional, &self.fill) {
            (Some(krate), _) => quote!(#krate::Optional(#inner)),
            (None, Some((krate, _))) => quote!(#krate::FillDefault::new(#inner)),
            (None, None) => inner,
        }
    }

    /// Statements that run the builders one call at a time in a constant,
    /// so that a failed check is reported on the attribute it came from.
    ///
    /// Each step is `<Type>::method(__descriptor, ..)`: the call's first
    /// and last tokens carry the attribute's span (rustc spans the call from
    /// the one to the other), while the local `__descriptor` keeps the
    /// span it was declared with, so that it resolves in any hygiene
    /// context (C22).
    fn const_check(&self) -> TokenStream {
        if !self.constant {
            return TokenStream::new();
        }
        let (base, ty) = (&self.base, &self.ty);
        let steps = self.calls.iter().map(
            |Call {
                 span,
                 method,
                 arguments,
             }| {
                let function = quote_spanned!(*span=> <#ty>::#method);
                let mut arguments = proc_macro2::Group::new(
                    proc_macro2::Delimiter::Parenthesis,
                    quote!(__descriptor, #arguments),
                );
                arguments.set_span(*span);
                quote!(let __descriptor = #function #arguments;)
            },
        );
        let fill = self.fill.as_ref().map(|(_, check)| check);
        quote!({
            let __descriptor = #base;
            #(#steps)*
            #fill
            let _ = __descriptor;
        })
    }
}

/// The return type of a field's `__propertyN()`:
/// `impl FormField<Output = FieldType>`, so that the impls' bodies never
/// name a field type that rustc has already refused there. Spanned on the
/// type rustc checks, where its error about the field's type goes too.
fn opaque(krate: &TokenStream, field: &ast::Field) -> TokenStream {
    let output = field.ty;
    let span = match &field.kind {
        ast::Kind::Single(ty) | ast::Kind::Multi(ty) => span_of(&ty.to_token_stream()),
        _ => span_of(&ast::ungroup(field.ty).to_token_stream()),
    };
    // The trait's path too: rustc spans the opaque type from `impl` to the
    // end of its bound.
    let bound = respan(quote!(#krate::FormField), span);
    quote_spanned!(span=> impl #bound<Output = #output>)
}

/// Statements, run in a constant, that check a string or number field's
/// default and bounds against each other when the server compiles, each
/// spanned on the value it is about.
fn primitive_checks(krate: &TokenStream, field: &ast::Field, form: &syn::Ident) -> TokenStream {
    let attrs = &field.attrs;
    match &field.kind {
        ast::Kind::String => {
            let Some(default) = attrs.default.get() else {
                return TokenStream::new();
            };
            let span = span_of(&default.to_token_stream());
            let value = typed(
                &quote!(&'static ::core::primitive::str),
                default,
                field,
                form,
            );
            let min = some_usize(attrs.min_length.get().copied());
            let max = some_usize(attrs.max_length.get().copied());
            let format = match attrs.format.get() {
                Some(format) => {
                    let variant = syn::Ident::new(format.variant(), span);
                    quote!(::core::option::Option::Some(#krate::StringFormat::#variant))
                }
                None => quote!(::core::option::Option::None),
            };
            // The call is spanned from its path to its closing parenthesis,
            // both on the default; the value keeps the spans `typed` gave it.
            let function = respan(quote!(#krate::__private::check_string_default), span);
            let mut arguments = proc_macro2::Group::new(
                proc_macro2::Delimiter::Parenthesis,
                quote!(#value, #min, #max, #format),
            );
            arguments.set_span(span);
            quote!(#function #arguments;)
        }
        ast::Kind::Number(ty) => {
            let number = ty.to_token_stream();
            let float = ast::is_float(ty);
            let value = |expr: &syn::Expr| typed(&number, expr, field, form);
            let span = |expr: &syn::Expr| span_of(&expr.to_token_stream());
            let mut checks = TokenStream::new();
            for expr in [
                attrs.minimum.get(),
                attrs.maximum.get(),
                attrs.default.get(),
            ]
            .into_iter()
            .flatten()
            {
                if float {
                    let value = value(expr);
                    checks.extend(quote_spanned!(span(expr)=>
                        ::core::assert!((#value).is_finite(), "a number field's bounds and default must be finite");
                    ));
                }
            }
            if let (Some(minimum), Some(maximum)) = (attrs.minimum.get(), attrs.maximum.get()) {
                let (low, high) = (value(minimum), value(maximum));
                checks.extend(quote_spanned!(span(minimum)=>
                    ::core::assert!(#low <= #high, "minimum is greater than maximum");
                ));
            }
            if let Some(default) = attrs.default.get() {
                let current = value(default);
                if let Some(minimum) = attrs.minimum.get() {
                    let low = value(minimum);
                    checks.extend(quote_spanned!(span(default)=>
                        ::core::assert!(#current >= #low, "the default is less than minimum");
                    ));
                }
                if let Some(maximum) = attrs.maximum.get() {
                    let high = value(maximum);
                    checks.extend(quote_spanned!(span(default)=>
                        ::core::assert!(#current <= #high, "the default is greater than maximum");
                    ));
                }
            }
            checks
        }
        _ => TokenStream::new(),
    }
}

fn expand(form: &ast::Form) -> TokenStream {
    let krate = form.krate();
    let ident = form.ident;
    let message = some_str(form.attrs.message.get().map(|lit| lit.value()));
    let mut checks = TokenStream::new();
    let mut properties = TokenStream::new();
    let mut pushes = TokenStream::new();
    let mut parses = TokenStream::new();
    let mut locals = Vec::new();
    let mut members = Vec::new();
    // Every local below (`__schema`, `__content`, `__errors`, `__fieldN`) is
    // declared and used with the call site's span: the user's tokens may come
    // from another expansion, and rustc has already checked each field's
    // type in its `__propertyN()`.
    for (index, field) in form.fields.iter().enumerate() {
        let built = descriptor(&krate, field, ident);
        checks.extend(built.const_check());
        checks.extend(primitive_checks(&krate, field, ident));
        let property = quote::format_ident!("__property{}", index);
        let (opaque, expr) = (opaque(&krate, field), built.expr());
        properties.extend(quote! {
            fn #property() -> #opaque {
                #expr
            }
        });
        let name = &field.wire.value;
        let local = quote::format_ident!("__field{}", index);
        pushes.extend(quote!(
            #krate::__private::push_property(&mut __schema, #name, &#property());
        ));
        parses.extend(quote!(
            let #local = #krate::__private::parse_field(&mut __errors, &mut __content, #name, &#property());
        ));
        members.push(field.ident);
        locals.push(local);
    }
    let allows = ast::lint_allows(form.input);
    // A constant in an attribute is named by its path on purpose (on an
    // enum field a bare name is a variant): `self::DEFAULT` is no
    // `unused_qualifications` of the user's.
    let qualified = form.fields.iter().any(|field| {
        [
            &field.attrs.default,
            &field.attrs.minimum,
            &field.attrs.maximum,
        ]
        .into_iter()
        .any(|attr| {
            attr.get()
                .is_some_and(|expr| expr.to_token_stream().to_string().contains("::"))
        })
    });
    let qualifications = qualified.then(|| quote!(#[allow(unused_qualifications)]));
    // `default = (3)` is the user's own spelling: parentheses that rustc
    // would call unnecessary where the generated code puts the value.
    let parenthesized = form.fields.iter().any(|field| {
        [
            &field.attrs.default,
            &field.attrs.minimum,
            &field.attrs.maximum,
        ]
        .into_iter()
        .any(|attr| {
            attr.get()
                .is_some_and(|expr| matches!(ast::ungroup_expr(expr), syn::Expr::Paren(_)))
        })
    });
    let parens = parenthesized.then(|| quote!(#[allow(unused_parens)]));
    quote! {
        // An `#[allow]` on the struct does not reach here: `allows` carries
        // it, the one on a field type's use included.
        #[doc(hidden)]
        #allows
        #qualifications
        #parens
        const _: () = {
            // Evaluated when the server compiles: the builders' checks become
            // compile errors on the attribute.
            const _: () = {
                #checks
            };

            #properties

            #[automatically_derived]
            impl #krate::ElicitForm for #ident {
                const MESSAGE: ::core::option::Option<&'static ::core::primitive::str> = #message;

                fn requested_schema() -> #krate::RequestedSchema {
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

            #krate::__private::json_schema!(form #ident);
        };
    }
}

