//! The `ElicitForm` derive: one property per field, built by the runtime's
//! typed fields, and a constant per field that checks its settings with
//! the runtime's schema rules when the server compiles.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::DeriveInput;

use super::{respan, some_str, some_usize, span_of, text};
use crate::ast;
use crate::attr::OptionRef;
use crate::doc::Doc;
use crate::rule::Rule;
use crate::{fallback, group, message, valid};

/// The impl, or the errors and a stub impl.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let (cx, form) = match super::view(input, ast::Form::from_ast, "not a struct") {
        Ok(view) => view,
        Err(error) => return fallback::expand_form(input, ast::fallback_crate(input), error),
    };
    valid::check_form(&cx, &form);
    if let Err(error) = cx.check() {
        // A generic form, or an options struct named like the form, gets
        // the plain stub: nothing more to build on.
        let name = form.options_ident();
        if form.has_run_time_fields() && input.generics.params.is_empty() && name != *form.ident {
            let krate = form.krate();
            let options = (&name, options_struct(&krate, &form, &name));
            return fallback::expand_run_time_form(krate.clone(), form.ident, options, error);
        }
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
    // shows as the reason for the expectation. `__elicit_value` is a
    // hygienic local (see `local`) located at the attribute's tokens.
    let ty = respan(
        ty.clone(),
        span_of(&group::ungroup(field.ty).to_token_stream()),
    );
    let value = local("__elicit_value", span);
    quote_spanned!(span=> { let #value: #ty = #expr; #value })
}

/// [`typed`], then cast `as #cast`: a number for its rule. A cast to the
/// value's own type is left out (rustc would call it trivial).
fn typed_as(
    ty: &TokenStream,
    expr: &syn::Expr,
    field: &ast::Field,
    form: &syn::Ident,
    cast: &TokenStream,
) -> TokenStream {
    let expr = replace_self(expr.to_token_stream(), form);
    let span = span_of(&expr);
    let target = respan(
        ty.clone(),
        span_of(&group::ungroup(field.ty).to_token_stream()),
    );
    let same = ty.to_string().rsplit(' ').next() == cast.to_string().rsplit(' ').next();
    let value = local("__elicit_value", span);
    if same {
        quote_spanned!(span=> { let #value: #target = #expr; #value })
    } else {
        quote_spanned!(span=> { let #value: #target = #expr; #value as #cast })
    }
}

/// A local of the generated code, located at `span` for messages, with
/// mixed-site hygiene as a `macro_rules!` local: the user's own locals
/// and expressions cannot see it. Its name starts with `__elicit`, the
/// derives' own prefix, because a pattern binding still yields to a
/// constant or unit struct of the same name in scope (`const __value`
/// would turn `let __value` into a refutable pattern); only the reserved
/// prefix keeps those apart.
fn local(name: &str, span: proc_macro2::Span) -> syn::Ident {
    syn::Ident::new(name, proc_macro2::Span::mixed_site().located_at(span))
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
/// spanned on the attribute that asked for it; with `optional`, `arguments`
/// is an `Option`, and the call is made only when it is `Some`.
struct Call {
    span: proc_macro2::Span,
    method: syn::Ident,
    arguments: TokenStream,
    optional: bool,
}

/// How to build the field's `FormField` value.
fn descriptor(krate: &TokenStream, field: &ast::Field, form: &syn::Ident) -> Descriptor {
    let attrs = &field.attrs;
    let mut calls: Vec<Call> = Vec::new();
    if let Some(title) = attrs.title.get() {
        calls.push(Call {
            span: title.span(),
            method: syn::Ident::new("with_title", title.span()),
            arguments: quote!(#title),
            optional: false,
        });
    }
    if let Some(description) = field.description() {
        let span = proc_macro2::Span::call_site();
        // A doc comment with a macro line is known only when the user's
        // crate compiles, and may turn out blank.
        let (arguments, optional) = match description {
            Doc::Text(text) => (quote!(#text), false),
            Doc::Tokens(tokens) => (quote!(#krate::__private::doc_text(#tokens)), true),
        };
        calls.push(Call {
            span,
            method: syn::Ident::new("with_description", span),
            arguments,
            optional,
        });
    } else if field.drops_description() {
        let span = proc_macro2::Span::call_site();
        calls.push(Call {
            span,
            method: syn::Ident::new("without_description", span),
            arguments: TokenStream::new(),
            optional: false,
        });
    }
    let mut call = |tokens: &TokenStream, method: &str, arguments: TokenStream| {
        let span = span_of(tokens);
        calls.push(Call {
            span,
            method: syn::Ident::new(method, span),
            arguments,
            optional: false,
        });
    };
    let base = match &field.kind {
        ast::Kind::String => {
            if let Some((tokens, min)) = attrs.min_length.get_with_tokens() {
                call(tokens, "with_min_length", quote!(#min));
            }
            if let Some((tokens, max)) = attrs.max_length.get_with_tokens() {
                call(tokens, "with_max_length", quote!(#max));
            }
            if let Some((tokens, format)) = attrs.format.get_with_tokens() {
                let variant = syn::Ident::new(format.variant(), span_of(tokens));
                call(
                    tokens,
                    "with_format",
                    quote!(#krate::schema::StringFormat::#variant),
                );
            }
            if let Some((tokens, default)) = attrs.default.get_with_tokens() {
                call(
                    tokens,
                    "with_default_value",
                    typed(
                        &quote!(&'static ::core::primitive::str),
                        default,
                        field,
                        form,
                    ),
                );
            }
            quote!(#krate::StringField::new())
        }
        ast::Kind::Boolean => {
            if let Some((tokens, default)) = attrs.default.get_with_tokens() {
                call(
                    tokens,
                    "with_default_value",
                    typed(&quote!(::core::primitive::bool), default, field, form),
                );
            }
            quote!(#krate::BooleanField::new())
        }
        ast::Kind::Number(ty) => {
            let number = ty.to_token_stream();
            for (attr, method) in [
                (&attrs.minimum, "with_minimum"),
                (&attrs.maximum, "with_maximum"),
                (&attrs.default, "with_default_value"),
            ] {
                if let Some((tokens, expr)) = attr.get_with_tokens() {
                    call(tokens, method, typed(&number, expr, field, form));
                }
            }
            quote!(#krate::NumberField::<#ty>::new())
        }
        ast::Kind::Single(ty) => {
            if let Some((tokens, default)) = attrs.default.get_with_tokens() {
                let value = single_default_value(krate, ty, default, field, form);
                call(tokens, "with_default_value", value);
            }
            let span = span_of(&ty.to_token_stream());
            quote_spanned!(span=> <#ty as #krate::ElicitEnum>::SINGLE_SELECT)
        }
        ast::Kind::Multi(ty) => {
            // The field's settings replace the enum's together, and are
            // checked as a whole.
            let min = some_usize(attrs.min_items.get().copied());
            let max = some_usize(attrs.max_items.get().copied());
            let default = match attrs.default_items.get() {
                Some(items) => {
                    let values = default_item_values(krate, ty, items);
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
            quote_spanned!(span=> <#ty as #krate::ElicitEnum>::MULTI_SELECT)
        }
        ast::Kind::RunTimeSingle | ast::Kind::RunTimeMulti => {
            // The select from the form's options: its default and bounds
            // are its own (valid::check_run_time).
            let options = local("__elicit_options", proc_macro2::Span::call_site());
            let member = field.ident;
            quote!(#krate::__private::RunTime::new(&#options.#member))
        }
        ast::Kind::Unsupported(_) => unreachable!("rejected by valid::check_field"),
    };
    Descriptor {
        base,
        calls,
        optional: field.optional.then(|| krate.clone()),
        fill: attrs.fill_default.key().map(|_| krate.clone()),
    }
}

/// How a field's `FormField` value is built: a base value and builder calls,
/// each spanned on the attribute that asked for it.
struct Descriptor {
    base: TokenStream,
    calls: Vec<Call>,
    /// The runtime crate, for a field wrapped in `Optional`.
    optional: Option<TokenStream>,
    /// The runtime crate, for a field wrapped in `FillDefault`.
    fill: Option<TokenStream>,
}

impl Descriptor {
    fn expr(&self) -> TokenStream {
        let mut inner = self.base.clone();
        for call in &self.calls {
            let Call {
                span,
                method,
                arguments,
                optional,
            } = call;
            inner = if *optional {
                let field = local("__elicit_field", *span);
                let argument = local("__elicit_argument", *span);
                quote_spanned!(*span=> {
                    let #field = #inner;
                    match #arguments {
                        ::core::option::Option::Some(#argument) => #field.#method(#argument),
                        ::core::option::Option::None => #field,
                    }
                })
            } else {
                quote_spanned!(*span=> #inner.#method(#arguments))
            };
        }
        match (&self.optional, &self.fill) {
            (Some(krate), _) => quote!(#krate::Optional::new(#inner)),
            (None, Some(krate)) => quote!(#krate::FillDefault::new(#inner)),
            (None, None) => inner,
        }
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
        _ => span_of(&group::ungroup(field.ty).to_token_stream()),
    };
    // The trait's path too: rustc spans the opaque type from `impl` to the
    // end of its bound.
    let bound = respan(quote!(#krate::FormField), span);
    quote_spanned!(span=> impl #bound<Output = #output>)
}

/// What a field's check is written with: the runtime crate's path, the
/// field, and the form (whose `Self` a default may name).
#[derive(Clone, Copy)]
struct Checked<'a> {
    krate: &'a TokenStream,
    field: &'a ast::Field<'a>,
    form: &'a syn::Ident,
}

/// A field's check when the server compiles: one constant making one call
/// of the runtime's schema rule for the field's kind
/// (`__private::rules::{string, integer, number, single_select,
/// multi_select}`), each broken rule a `panic!` spanned on the value that
/// broke it and saying so in `message`'s words; and `fill_default`'s check
/// of the enum's own default. Empty when there is nothing to check.
fn field_check(krate: &TokenStream, field: &ast::Field, form: &syn::Ident) -> TokenStream {
    let rule = match &field.kind {
        ast::Kind::String => string_check(Checked { krate, field, form }),
        ast::Kind::Number(ty) => number_check(Checked { krate, field, form }, ty),
        ast::Kind::Single(ty) => single_check(Checked { krate, field, form }, ty),
        ast::Kind::Multi(ty) => multi_check(krate, field, ty),
        ast::Kind::Boolean
        | ast::Kind::RunTimeSingle
        | ast::Kind::RunTimeMulti
        | ast::Kind::Unsupported(_) => TokenStream::new(),
    };
    let fill = fill_default_check(krate, field);
    if rule.is_empty() && fill.is_empty() {
        return TokenStream::new();
    }
    quote! {
        const _: () = {
            #rule
            #fill
        };
    }
}

/// `panic!` with the field's name and `message`, spanned on `tokens`: where
/// rustc's "evaluation panicked" points. The call's path carries the first
/// token's span and its parentheses the last token's, so that rustc spans
/// the call over the whole value (`f64::NAN`, not `f64`).
fn fail(tokens: &TokenStream, field: &ast::Field, message: &str) -> TokenStream {
    let first = span_of(tokens);
    let last = tokens
        .clone()
        .into_iter()
        .last()
        .map_or(first, |token| token.span());
    let text = message::field(&field.rust_name(), message)
        .replace('{', "{{")
        .replace('}', "}}");
    let lit = syn::LitStr::new(&text, first);
    let mut arguments = proc_macro2::Group::new(
        proc_macro2::Delimiter::Parenthesis,
        quote_spanned!(first=> #lit),
    );
    arguments.set_span(last);
    quote_spanned!(first=> ::core::panic! #arguments)
}

/// `match <call> { Ok(()) => <ok>, Err(_) => <panic> }`: one rule asked
/// again of one setting, to find the setting that breaks it.
fn ok_or_panic(call: TokenStream, ok: TokenStream, panic: TokenStream) -> TokenStream {
    quote! {
        match #call {
            ::core::result::Result::Ok(()) => #ok,
            ::core::result::Result::Err(_) => #panic,
        }
    }
}

/// The arms of a field's [`rule_match`](Arms::rule_match), in the making:
/// for each rule the settings can break, what breaking it does, most often
/// a `panic!` on the tokens to blame, in the rule's words with `slots`
/// filled.
struct Arms<'a> {
    field: &'a ast::Field<'a>,
    slots: Vec<(&'static str, &'a str)>,
    arms: Vec<(Rule, TokenStream)>,
}

impl<'a> Arms<'a> {
    fn new(field: &'a ast::Field<'a>, slots: Vec<(&'static str, &'a str)>) -> Self {
        Arms {
            field,
            slots,
            arms: Vec::new(),
        }
    }

    /// `rule` broken: a `panic!` on `tokens` that says it.
    fn fail(&mut self, rule: Rule, tokens: &TokenStream) {
        let message = message::rule(rule, &self.slots);
        self.arms.push((rule, fail(tokens, self.field, &message)));
    }

    /// `rule` broken: `then`.
    fn push(&mut self, rule: Rule, then: TokenStream) {
        self.arms.push((rule, then));
    }

    /// `match <call> { Ok(()) => {}, Err(Rule::X) => panic!(..), .. }`; a
    /// rule without an arm, which the settings given cannot break, fails
    /// on `tokens`.
    fn rule_match(
        self,
        krate: &TokenStream,
        call: TokenStream,
        tokens: &TokenStream,
    ) -> TokenStream {
        let arms = self.arms.into_iter().map(|(rule, panic)| {
            let rule = syn::Ident::new(&format!("{rule:?}"), proc_macro2::Span::call_site());
            quote!(::core::result::Result::Err(#krate::__private::rules::Rule::#rule) => #panic,)
        });
        let other = fail(tokens, self.field, "the settings break a schema rule");
        quote! {
            match #call {
                ::core::result::Result::Ok(()) => {}
                #(#arms)*
                ::core::result::Result::Err(_) => #other,
            }
        }
    }
}

/// A string field's default against its length bounds and format.
fn string_check(checked: Checked) -> TokenStream {
    let Checked { krate, field, form } = checked;
    let attrs = &field.attrs;
    let Some((tokens, default)) = attrs.default.get_with_tokens() else {
        return TokenStream::new();
    };
    let value = typed(
        &quote!(&'static ::core::primitive::str),
        default,
        field,
        form,
    );
    let shown = format!("`{}`", text(tokens));
    let min = attrs.min_length.get().copied();
    let max = attrs.max_length.get().copied();
    let format = attrs.format.get_with_tokens();
    let format_arg = match format {
        Some((format_tokens, format)) => {
            let variant = syn::Ident::new(format.variant(), span_of(format_tokens));
            quote!(::core::option::Option::Some(#krate::schema::StringFormat::#variant))
        }
        None => quote!(::core::option::Option::None),
    };
    let (min_arg, max_arg) = (some_usize(min), some_usize(max));
    let call = quote!(#krate::__private::rules::string(
        #min_arg, #max_arg, #format_arg, ::core::option::Option::Some(#value)
    ));
    let min_text = min.map(|min| message::written("min_length", min));
    let max_text = max.map(|max| message::written("max_length", max));
    let default_text = format!("the default {shown}");
    let format_text =
        format.map(|(format_tokens, _)| message::written("format", text(format_tokens)));
    let slots = [
        ("min_length", min_text.as_deref()),
        ("max_length", max_text.as_deref()),
        ("the default", Some(default_text.as_str())),
        ("the field's format", format_text.as_deref()),
    ];
    let mut arms = Arms::new(field, message::known(&slots));
    if let (Some((min_tokens, _)), Some(_)) = (attrs.min_length.get_with_tokens(), max) {
        arms.fail(Rule::MinLengthAboveMaxLength, min_tokens);
    }
    if min.is_some() {
        arms.fail(Rule::DefaultShorterThanMinLength, tokens);
    }
    if max.is_some() {
        arms.fail(Rule::DefaultLongerThanMaxLength, tokens);
    }
    if format.is_some() {
        arms.fail(Rule::DefaultNotInFormat, tokens);
    }
    arms.rule_match(krate, call, tokens)
}

/// A number field's bounds and default: finite, and in order. Integers go
/// in as `i128` (exact), floats as `f64`.
fn number_check(checked: Checked, ty: &syn::Type) -> TokenStream {
    let Checked { krate, field, form } = checked;
    let attrs = &field.attrs;
    let settings = [
        ("minimum", attrs.minimum.get_with_tokens()),
        ("maximum", attrs.maximum.get_with_tokens()),
        ("default", attrs.default.get_with_tokens()),
    ];
    let Some(first) = settings
        .iter()
        .find_map(|(_, setting)| setting.map(|(tokens, _)| tokens))
    else {
        return TokenStream::new();
    };
    let float = ast::is_float(ty);
    let (function, cast) = if float {
        ("number", quote!(::core::primitive::f64))
    } else {
        ("integer", quote!(::core::primitive::i128))
    };
    let function = syn::Ident::new(function, proc_macro2::Span::call_site());
    let number = ty.to_token_stream();
    let value = |expr: &syn::Expr| {
        let value = typed_as(&number, expr, field, form, &cast);
        quote!(::core::option::Option::Some(#value))
    };
    let none = quote!(::core::option::Option::None);
    let args: Vec<TokenStream> = settings
        .iter()
        .map(|(_, setting)| setting.map_or_else(|| none.clone(), |(_, expr)| value(expr)))
        .collect();
    let (min_arg, max_arg, default_arg) = (&args[0], &args[1], &args[2]);
    let call = quote!(#krate::__private::rules::#function(#min_arg, #max_arg, #default_arg));
    let written = |key: &str, tokens: &TokenStream| message::written(key, text(tokens));
    let min_text = settings[0].1.map(|(tokens, _)| written("minimum", tokens));
    let max_text = settings[1].1.map(|(tokens, _)| written("maximum", tokens));
    let default_text = settings[2]
        .1
        .map(|(tokens, _)| format!("the default `{}`", text(tokens)));
    let slots = [
        ("minimum", min_text.as_deref()),
        ("maximum", max_text.as_deref()),
        ("the default", default_text.as_deref()),
    ];
    let mut arms = Arms::new(field, message::known(&slots));
    if float {
        // Which value is not finite: the same rule, on each alone.
        let mut locate = fail(first, field, "the settings break a schema rule");
        for (index, (key, setting)) in settings.iter().enumerate().rev() {
            let Some((tokens, _)) = setting else {
                continue;
            };
            let mut alone = [none.clone(), none.clone(), none.clone()];
            alone[index] = args[index].clone();
            let (a, b, c) = (&alone[0], &alone[1], &alone[2]);
            let setting = written(key, tokens);
            let message = message::rule(Rule::NotFinite, &[("a bound or the default", &setting)]);
            let panic = fail(tokens, field, &message);
            locate = ok_or_panic(
                quote!(#krate::__private::rules::number(#a, #b, #c)),
                locate,
                panic,
            );
        }
        arms.push(Rule::NotFinite, locate);
    }
    if let (Some((min_tokens, _)), Some(_)) = (settings[0].1, settings[1].1) {
        arms.fail(Rule::MinimumAboveMaximum, min_tokens);
    }
    if let Some((default_tokens, _)) = settings[2].1 {
        if settings[0].1.is_some() {
            arms.fail(Rule::DefaultBelowMinimum, default_tokens);
        }
        if settings[1].1.is_some() {
            arms.fail(Rule::DefaultAboveMaximum, default_tokens);
        }
    }
    arms.rule_match(krate, call, first)
}

/// An enum field's default is one of the enum's options.
fn single_check(checked: Checked, ty: &syn::Type) -> TokenStream {
    let Checked { krate, field, form } = checked;
    let Some((tokens, default)) = field.attrs.default.get_with_tokens() else {
        return TokenStream::new();
    };
    let value = single_default_value(krate, ty, default, field, form);
    let span = span_of(&ty.to_token_stream());
    let options = quote_spanned!(span=> <#ty as #krate::ElicitEnum>::OPTIONS);
    let call = quote!(#krate::__private::rules::single_select(
        #options, ::core::option::Option::Some(#value)
    ));
    let default = message::written("default", text(tokens));
    let options = format!("the options of `{}`", text(&ty.to_token_stream()));
    let slots = vec![("the default", default.as_str()), ("the options", &options)];
    let mut arms = Arms::new(field, slots);
    arms.fail(Rule::DefaultNotAnOption, tokens);
    unless_failed(krate, ty, arms.rule_match(krate, call, tokens))
}

/// `check`, unless `ty`'s own derive failed: its stub impl has no options
/// (a derived enum always has one), and its errors say what is wrong.
fn unless_failed(krate: &TokenStream, ty: &syn::Type, check: TokenStream) -> TokenStream {
    let span = span_of(&ty.to_token_stream());
    let options = quote_spanned!(span=> <#ty as #krate::ElicitEnum>::OPTIONS);
    quote! {
        if !#options.is_empty() {
            #check
        }
    }
}

/// A `Vec` field's settings, the enum's where the field gives none, as a
/// whole: bounds some answer can meet, and a default of distinct options.
fn multi_check(krate: &TokenStream, field: &ast::Field, ty: &syn::Type) -> TokenStream {
    let attrs = &field.attrs;
    let min = attrs.min_items.get_with_tokens();
    let max = attrs.max_items.get_with_tokens();
    let items = attrs.default_items.get_with_tokens();
    let Some(first) = [
        min.map(|(tokens, _)| tokens),
        max.map(|(tokens, _)| tokens),
        items.map(|(tokens, _)| tokens),
    ]
    .into_iter()
    .flatten()
    .next() else {
        return TokenStream::new();
    };
    let enum_name = text(&ty.to_token_stream());
    let span = span_of(&ty.to_token_stream());
    let schema = quote_spanned!(span=> <#ty as #krate::ElicitEnum>::MULTI_SELECT);
    let options = quote_spanned!(span=> <#ty as #krate::ElicitEnum>::OPTIONS);
    let min_arg = match min {
        Some((_, min)) => quote!(::core::option::Option::Some(#min)),
        None => quote!(#schema.min_items()),
    };
    let max_arg = match max {
        Some((_, max)) => quote!(::core::option::Option::Some(#max)),
        None => quote!(#schema.max_items()),
    };
    let (items_const, default_arg) = match items {
        Some((_, items)) => {
            let values = default_item_values(krate, ty, items);
            (
                quote!(const __DEFAULT_ITEMS: &[&'static ::core::primitive::str] = &[#(#values),*];),
                quote!(::core::option::Option::Some(__DEFAULT_ITEMS)),
            )
        }
        None => (TokenStream::new(), quote!(#schema.__default_values())),
    };
    let call = quote!(#krate::__private::rules::multi_select(
        #options, #min_arg, #max_arg, #default_arg, true
    ));
    // How a message names each setting: as written on the field, or as the
    // enum gives it.
    let min_text = match min {
        Some((_, min)) => message::written("min_items", min),
        None => message::inherited("min_items", &enum_name),
    };
    let max_text = match max {
        Some((_, max)) => message::written("max_items", max),
        None => message::inherited("max_items", &enum_name),
    };
    let (items_text, len) = match items {
        Some((_, items)) => ("`default_items`".to_owned(), Some(items.len())),
        None => (message::inherited("default_items", &enum_name), None),
    };
    let (min_tokens, max_tokens, items_tokens) = (
        min.map(|(tokens, _)| tokens),
        max.map(|(tokens, _)| tokens),
        items.map(|(tokens, _)| tokens),
    );
    let offered = format!("the offered variants of `{enum_name}`");
    let options_text = format!("the options of `{enum_name}`");
    let (fewer, more) = (message::count(len, "fewer"), message::count(len, "more"));
    let slots = vec![
        ("min_items", min_text.as_str()),
        ("max_items", &max_text),
        ("a max_items of 0", &max_text),
        ("the number of options", &offered),
        ("the default", &items_text),
        ("fewer items", &fewer),
        ("more items", &more),
    ];
    let mut arms = Arms::new(field, slots);
    if let Some(max_tokens) = max_tokens {
        arms.fail(Rule::MaxItemsZero, max_tokens);
        arms.fail(Rule::MaxItemsAboveOptions, max_tokens);
    }
    if let Some(tokens) = min_tokens.or(max_tokens) {
        arms.fail(Rule::MinItemsAboveMaxItems, tokens);
    }
    if let Some(min_tokens) = min_tokens {
        arms.fail(Rule::MinItemsAboveOptions, min_tokens);
    }
    if let Some(tokens) = min_tokens.or(items_tokens) {
        arms.fail(Rule::DefaultBelowMinItems, tokens);
    }
    if let Some(tokens) = max_tokens.or(items_tokens) {
        arms.fail(Rule::DefaultAboveMaxItems, tokens);
    }
    if let Some((list_tokens, list)) = items {
        // Which item: the single-select rule on each alone, and the
        // multi-select rule on each prefix.
        let mut not_an_option = fail(list_tokens, field, "the settings break a schema rule");
        let mut twice = not_an_option.clone();
        for (index, item) in list.iter().enumerate().rev() {
            let item_tokens = item.to_token_stream();
            let shown = format!("`{}` in `default_items`", text(&item_tokens));
            let message = message::rule(
                Rule::DefaultItemNotAnOption,
                &[("a default item", &shown), ("the options", &options_text)],
            );
            let panic = fail(&item_tokens, field, &message);
            not_an_option = ok_or_panic(
                quote!(#krate::__private::rules::single_select(
                    #options, ::core::option::Option::Some(__DEFAULT_ITEMS[#index])
                )),
                not_an_option,
                panic,
            );
            let prefix = index + 1;
            let message = message::rule(
                Rule::DefaultItemTwice,
                &[
                    ("a default item", &format!("`{}`", text(&item_tokens))),
                    ("the default", "`default_items`"),
                ],
            );
            let panic = fail(&item_tokens, field, &message);
            twice = quote! {
                match #krate::__private::rules::multi_select(
                    #options,
                    ::core::option::Option::None,
                    ::core::option::Option::None,
                    ::core::option::Option::Some(__DEFAULT_ITEMS.split_at(#prefix).0),
                    false,
                ) {
                    ::core::result::Result::Err(#krate::__private::rules::Rule::DefaultItemTwice) => #panic,
                    _ => #twice,
                }
            };
        }
        arms.push(Rule::DefaultItemNotAnOption, not_an_option);
        arms.push(Rule::DefaultItemTwice, twice);
    }
    let check = arms.rule_match(krate, call, first);
    unless_failed(
        krate,
        ty,
        quote! {
            #items_const
            #check
        },
    )
}

/// For `fill_default` on an enum field without a default of its own: that
/// the enum gives one, spanned on `fill_default`.
fn fill_default_check(krate: &TokenStream, field: &ast::Field) -> TokenStream {
    let attrs = &field.attrs;
    let Some(key) = attrs.fill_default.key() else {
        return TokenStream::new();
    };
    let (ty, own, keyword, attribute) = match &field.kind {
        ast::Kind::Single(ty) => (ty, attrs.default.key(), "default", "default = .."),
        ast::Kind::Multi(ty) => (
            ty,
            attrs.default_items.key(),
            "default_items",
            "default_items = [..]",
        ),
        _ => return TokenStream::new(),
    };
    if own.is_some() {
        return TokenStream::new();
    }
    let ty_span = span_of(&ty.to_token_stream());
    let has_default = match field.kind {
        ast::Kind::Multi(_) => {
            quote_spanned!(ty_span=> <#ty as #krate::ElicitEnum>::MULTI_SELECT.has_default())
        }
        _ => {
            quote_spanned!(ty_span=> <#ty as #krate::ElicitEnum>::SINGLE_SELECT.default_value().is_some())
        }
    };
    let span = span_of(&key.to_token_stream());
    let message = syn::LitStr::new(
        &format!(
            "`fill_default` has no default to fill: neither field `{}` nor `{}` has `{keyword}`; add `{attribute}` or remove `fill_default`",
            field.rust_name(),
            text(&ty.to_token_stream()),
        ),
        span,
    );
    unless_failed(
        krate,
        ty,
        quote_spanned!(span=> ::core::assert!(#has_default, #message);),
    )
}

/// A single-select default as a wire value known in a constant: the
/// literal, or the variant's value through its `const fn __elicit_index`.
fn single_default_value(
    krate: &TokenStream,
    ty: &syn::Type,
    default: &syn::Expr,
    field: &ast::Field,
    form: &syn::Ident,
) -> TokenStream {
    match valid::literal_str(default) {
        // An alias names its option, as in the enum's own `default`.
        Some(lit) => quote!(#krate::__private::option_value::<#ty>(#lit)),
        None => {
            // A bare name is a variant of the field's enum, as in
            // `default_items`; any other expression (a path such as
            // `Size::Large` or `self::DEFAULT`) is used as is.
            let variant = match ast::bare_ident(default) {
                Some(name) => quote_spanned!(name.span()=> <#ty>::#name),
                None => typed(&ty.to_token_stream(), default, field, form),
            };
            quote!({
                const __DEFAULT: &'static ::core::primitive::str =
                    #krate::__private::wire_value::<#ty>(<#ty>::__elicit_index(&#variant));
                __DEFAULT
            })
        }
    }
}

/// The wire values of `default_items`, each known in a constant.
fn default_item_values(
    krate: &TokenStream,
    ty: &syn::Type,
    items: &[OptionRef],
) -> Vec<TokenStream> {
    items
        .iter()
        .map(|item| match item {
            OptionRef::Value(lit) => quote!(#krate::__private::option_value::<#ty>(#lit)),
            OptionRef::Variant(ident) => {
                quote_spanned!(ident.span()=> #krate::__private::wire_value::<#ty>(<#ty>::__elicit_index(&<#ty>::#ident)))
            }
        })
        .collect()
}

fn expand(form: &ast::Form) -> TokenStream {
    let krate = form.krate();
    let ident = form.ident;
    let message = some_str(form.attrs.message.get().map(|lit| lit.value()));
    let mut checks = TokenStream::new();
    let mut properties = TokenStream::new();
    let mut pushes = TokenStream::new();
    let mut parses = TokenStream::new();
    let mut answers = TokenStream::new();
    let mut arms = TokenStream::new();
    let mut locals = Vec::new();
    let mut members = Vec::new();
    // Every local below (`__elicit_schema`, `__elicit_content`, ..) has
    // mixed-site hygiene (see `local`). rustc has already checked each
    // field's type in its `__propertyN()`.
    let call_site = proc_macro2::Span::call_site();
    let schema = local("__elicit_schema", call_site);
    let content = local("__elicit_content", call_site);
    let errors = local("__elicit_errors", call_site);
    let name_local = local("__elicit_name", call_site);
    let value_local = local("__elicit_value", call_site);
    let options_local = local("__elicit_options", call_site);
    let options_ident = form.options_ident();
    for (index, field) in form.fields.iter().enumerate() {
        let built = descriptor(&krate, field, ident);
        checks.extend(field_check(&krate, field, ident));
        let property = quote::format_ident!("__property{}", index);
        let (opaque, expr) = (opaque(&krate, field), built.expr());
        let name = &field.wire.value;
        let field_local = local(&format!("__elicit_field{index}"), call_site);
        let answer = local(&format!("__elicit_answer{index}"), call_site);
        answers.extend(quote!(let mut #answer = ::core::option::Option::None;));
        arms.extend(quote!(#name => #answer = ::core::option::Option::Some(#value_local),));
        if field.is_run_time() {
            // Built from the options passed in, for each request and answer.
            properties.extend(quote! {
                fn #property<'__elicit>(#options_local: &'__elicit #options_ident) -> #opaque + '__elicit {
                    #expr
                }
            });
            pushes.extend(quote!(
                #krate::__private::push_property(&mut #schema, #name, &#property(#options_local));
            ));
            parses.extend(quote!(
                let #field_local = #krate::__private::parse_field(&mut #errors, #answer, #name, &#property(#options_local));
            ));
        } else {
            properties.extend(quote! {
                fn #property() -> #opaque {
                    #expr
                }
            });
            let cache = quote::format_ident!("__FIELD{}", index);
            pushes.extend(quote!(
                #krate::__private::push_property(&mut #schema, #name, &#property());
            ));
            // Each field is built once, on the first answer, and kept.
            parses.extend(quote!(
                static #cache: #krate::__private::FieldCache = #krate::__private::FieldCache::new();
                let #field_local = #krate::__private::parse_field(&mut #errors, #answer, #name, #krate::__private::cached(&#cache, #property));
            ));
        }
        members.push(field.ident);
        locals.push(field_local);
    }
    let allows = ast::lint_allows(form.input);
    // Whether `test` holds for an expression some field's `default`,
    // `minimum` or `maximum` gives.
    let any_expr = |test: &dyn Fn(&syn::Expr) -> bool| {
        form.fields.iter().any(|field| {
            [
                &field.attrs.default,
                &field.attrs.minimum,
                &field.attrs.maximum,
            ]
            .into_iter()
            .any(|attr| attr.get().is_some_and(test))
        })
    };
    // A constant in an attribute is named by its path on purpose (on an
    // enum field a bare name is a variant): `self::DEFAULT` is no
    // `unused_qualifications` of the user's.
    let qualified = any_expr(&|expr| expr.to_token_stream().to_string().contains("::"));
    let qualifications = qualified.then(|| quote!(#[allow(unused_qualifications)]));
    // `default = (3)` is the user's own spelling: parentheses that rustc
    // would call unnecessary where the generated code puts the value.
    let parenthesized = any_expr(&|expr| matches!(group::ungroup_expr(expr), syn::Expr::Paren(_)));
    let parens = parenthesized.then(|| quote!(#[allow(unused_parens)]));
    // One walk over `content`, in its own order, as serde's derive reads a
    // map: no lookup per field. Properties the form does not name are
    // ignored.
    let from_content = quote! {
        #answers
        for (#name_local, #value_local) in #content {
            match #name_local.as_str() {
                #arms
                _ => {}
            }
        }
        let mut #errors = ::std::vec::Vec::new();
        #parses
        match (#(#locals,)*) {
            (#(::core::option::Option::Some(#locals),)*) => ::core::result::Result::Ok(Self {
                #(#members: #locals,)*
            }),
            _ => ::core::result::Result::Err(#krate::__private::combine(#errors)),
        }
    };
    let content_type =
        quote!(#krate::__private::JsonMap<::std::string::String, #krate::__private::JsonValue>);
    let (implementation, options_struct) = if form.has_run_time_fields() {
        let implementation = quote! {
            #[automatically_derived]
            impl #krate::ElicitFormWith for #ident {
                type Options = #options_ident;

                fn requested_schema_with(#options_local: &#options_ident) -> #krate::schema::RequestedSchema {
                    let mut #schema = <#krate::schema::RequestedSchema as ::core::default::Default>::default();
                    #pushes
                    #schema
                }

                fn from_content_with(
                    #content: #content_type,
                    #options_local: &#options_ident,
                ) -> ::core::result::Result<Self, #krate::Error> {
                    #from_content
                }
            }

            // `request` without the options: an error that says what to
            // call instead, on the caller's line.
            // Not `#[automatically_derived]`: rustc takes it on trait impls only.
            impl #ident {
                #[doc(hidden)]
                pub fn request<__ElicitMessage>(_: __ElicitMessage) -> #krate::schema::ElicitRequestFormParams
                where
                    Self: #krate::RequestWithoutOptions<__ElicitMessage>,
                {
                    ::core::unreachable!()
                }
            }
        };
        (implementation, options_struct(&krate, form, &options_ident))
    } else {
        let implementation = quote! {
            #[automatically_derived]
            impl #krate::ElicitForm for #ident {
                const MESSAGE: ::core::option::Option<&'static ::core::primitive::str> = #message;

                fn requested_schema() -> #krate::schema::RequestedSchema {
                    let mut #schema = <#krate::schema::RequestedSchema as ::core::default::Default>::default();
                    #pushes
                    #schema
                }

                fn from_content(
                    #content: #content_type,
                ) -> ::core::result::Result<Self, #krate::Error> {
                    #from_content
                }
            }

            #krate::__private::json_schema!(form #ident);
        };
        (implementation, TokenStream::new())
    };
    quote! {
        #options_struct

        // An `#[allow]` on the struct does not reach here: `allows` carries
        // it, the one on a field type's use included.
        #[doc(hidden)]
        #allows
        #qualifications
        #parens
        const _: () = {
            // Evaluated when the server compiles: a broken schema rule
            // becomes a compile error on the attribute.
            #checks

            #properties

            #implementation
        };
    }
}

/// The struct of the options given when the request is built: one field
/// per field of the form that takes them, with the form's visibility.
fn options_struct(krate: &TokenStream, form: &ast::Form, name: &syn::Ident) -> TokenStream {
    let vis = &form.input.vis;
    let ident = form.ident;
    let fields = form.fields.iter().filter(|field| field.is_run_time()).map(|field| {
        let member = field.ident;
        let (schema, shape) = match field.kind {
            ast::Kind::RunTimeMulti => (quote!(#krate::schema::MultiSelectSchema), "multi-select"),
            _ => (quote!(#krate::schema::SingleSelectSchema), "single-select"),
        };
        let doc = format!(
            "The options of `{}` (property {:?}), a {shape}: built and checked with its own constructor and builders.",
            field.rust_name(),
            field.wire.value,
        );
        quote!(#[doc = #doc] #vis #member: #schema,)
    });
    let doc = format!(
        "The options of the fields of [`{ident}`] that are given when the request is built: what \
         `ElicitFormWith::request_with` and `parse_result_with` take. Generated by `#[derive(ElicitForm)]`."
    );
    quote! {
        #[doc = #doc]
        #[derive(::core::clone::Clone, ::core::fmt::Debug)]
        #vis struct #name {
            #(#fields)*
        }
    }
}
