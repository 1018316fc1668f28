//! The rules that span several attributes or variants.

use std::collections::BTreeMap;

use quote::{quote, ToTokens};
use syn::Fields;

use crate::ast::{self, Enum, Variant};
use crate::attr::OptionRef;
use crate::ctxt::Ctxt;

/// The defaults, resolved to variants.
pub struct Defaults<'v, 'a> {
    pub single: Option<&'v Variant<'a>>,
    pub multi: Option<Vec<&'v Variant<'a>>>,
}

pub fn check<'v, 'a>(cx: &Ctxt, item: &'v Enum<'a>) -> Defaults<'v, 'a> {
    check_generics(cx, item);
    check_variants(cx, item);
    check_serde_agrees(cx, item);
    check_empty_values(cx, item);
    check_unique_values(cx, item);
    check_titles(cx, item);
    Defaults {
        single: single_default(cx, item),
        multi: check_multi(cx, item),
    }
}

fn check_generics(cx: &Ctxt, item: &Enum) {
    let generics = &item.input.generics;
    if !generics.params.is_empty() {
        cx.error_spanned_by(
            generics,
            "ElicitEnum cannot be derived for a generic enum; an elicitation choice is a fixed list of unit variants",
        );
    }
}

fn check_variants(cx: &Ctxt, item: &Enum) {
    for variant in &item.variants {
        if variant.ident == "__elicit_value" {
            cx.error_spanned_by(
                variant.ident,
                "the variant name `__elicit_value` is reserved: the derive generates a method of that name",
            );
        }
        if !matches!(variant.fields, Fields::Unit) && !variant.is_skipped() {
            let (ident, fields) = (variant.ident, variant.fields);
            cx.error_spanned_by(
                quote!(#ident #fields),
                format_args!(
                    "only unit variants are supported: `{}` has fields, and an elicitation offers only strings; \
                     remove them or mark the variant `#[elicit(skip)]`",
                    variant.name(),
                ),
            );
        }
    }
    if item.offered().next().is_none() {
        cx.error_spanned_by(
            item.ident,
            format_args!(
                "ElicitEnum needs at least one selectable variant, and `{}` has none that is not skipped or configured out",
                item.ident,
            ),
        );
    }
}

/// Where `#[elicit]` and `#[serde]` both decide a variant's wire value, they
/// must agree: serde parses what the schema offers.
fn check_serde_agrees(cx: &Ctxt, item: &Enum) {
    for variant in &item.variants {
        let elicit = ast::elicit_value(variant.ident, &variant.attrs, &item.attrs);
        let serde = ast::serde_value(variant.ident, &variant.attrs, &item.attrs);
        if let (Some((elicit, tokens)), Some((serde, _))) = (elicit, serde) {
            if elicit != serde {
                cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "`#[elicit]` gives variant `{}` the wire value {:?} but `#[serde]` gives it {:?}; \
                         serde must parse what the schema offers, so make them agree or keep only one",
                        variant.name(),
                        elicit,
                        serde,
                    ),
                );
            }
        }
    }
}

/// Form renderers send `""` for "nothing selected" (case C29): an option
/// with that value could never be told apart from no answer, and an alias
/// `""` would read no answer as a choice. Whether `#[elicit]` or `#[serde]`
/// gave the value.
fn check_empty_values(cx: &Ctxt, item: &Enum) {
    for variant in item.offered() {
        for (index, (value, tokens)) in variant.accepted().into_iter().enumerate() {
            if !value.is_empty() {
                continue;
            }
            if index == 0 {
                cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "the wire value of `{}` is empty, and form renderers send \"\" for \"nothing selected\"; \
                         rename it to a non-empty value",
                        variant.name(),
                    ),
                );
            } else {
                cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "an empty alias would read \"nothing selected\" as `{}`; remove it",
                        variant.name(),
                    ),
                );
            }
        }
    }
}

fn check_unique_values(cx: &Ctxt, item: &Enum) {
    let mut seen: BTreeMap<String, &Variant> = BTreeMap::new();
    for variant in item.offered() {
        for (value, tokens) in variant.accepted() {
            if value.is_empty() {
                // reported by check_empty_values
                continue;
            }
            match seen.get(&value) {
                Some(first) if std::ptr::eq(*first, variant) => cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "the alias {:?} repeats a value of variant `{}`",
                        value,
                        variant.name()
                    ),
                ),
                Some(first) => cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "two variants have the wire value {:?}: `{}` and `{}` (the first one); \
                         give one of them another `rename`",
                        value,
                        variant.name(),
                        first.name(),
                    ),
                ),
                None => {
                    seen.insert(value, variant);
                }
            }
        }
    }
}

fn check_titles(cx: &Ctxt, item: &Enum) {
    let legacy = item.attrs.legacy.get().is_some();
    let first_titled = item
        .offered()
        .find(|variant| variant.attrs.title.get().is_some());
    for variant in item.offered() {
        if variant.attrs.title.get().is_some() {
            continue;
        }
        if legacy {
            cx.error_spanned_by(
                variant.ident,
                format_args!(
                    "the legacy `enumNames` form needs a title for every option: add `#[elicit(title = \"...\")]` to `{}`",
                    variant.name(),
                ),
            );
        } else if let Some(titled) = first_titled {
            cx.error_spanned_by(
                variant.ident,
                format_args!(
                    "`{}` has no title, but the schema is titled because `{}` has one; \
                     add `#[elicit(title = \"...\")]` to `{}`, or remove every title",
                    variant.name(),
                    titled.name(),
                    variant.name(),
                ),
            );
        }
    }
}

/// The variant an `OptionRef` names, with errors on its token when it names
/// no variant, or a skipped one.
fn resolve<'v, 'a>(
    cx: &Ctxt,
    item: &'v Enum<'a>,
    option: &OptionRef,
    key: &str,
) -> Option<&'v Variant<'a>> {
    let found = match option {
        OptionRef::Variant(ident) => item.variants.iter().find(|variant| variant.ident == ident),
        OptionRef::Value(lit) => item.variants.iter().find(|variant| {
            variant
                .accepted()
                .iter()
                .any(|(value, _)| *value == lit.value())
        }),
    };
    let offered_names = || {
        item.offered()
            .map(|variant| format!("`{}`", variant.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let offered_values = || {
        item.offered()
            .map(|variant| format!("{:?}", variant.value))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let written = match key {
        "default" => format!("`default = {}`", option.to_token_stream()),
        _ => format!("`{}` in `{key}`", option.to_token_stream()),
    };
    match found {
        None => {
            let message = match option {
                OptionRef::Variant(_) => {
                    format!(
                        "{written} names no variant of `{}`; expected one of {}",
                        item.ident,
                        offered_names()
                    )
                }
                OptionRef::Value(lit) => {
                    let value = lit.value();
                    let titled = item.offered().find(|variant| {
                        variant
                            .attrs
                            .title
                            .get()
                            .is_some_and(|title| title.value() == value)
                    });
                    match titled {
                        Some(variant) => format!(
                            "{written} is the title of `{}`, not a wire value; a default names the value, here {:?}",
                            variant.name(),
                            variant.value,
                        ),
                        None => format!(
                            "{written} is not a wire value of `{}`; expected one of {}",
                            item.ident,
                            offered_values()
                        ),
                    }
                }
            };
            cx.error_spanned_by(option, message);
            None
        }
        Some(variant) if variant.is_skipped() => {
            cx.error_spanned_by(
                option,
                format_args!(
                    "the default `{}` is skipped, so it is not an option; expected one of {}",
                    variant.name(),
                    offered_names()
                ),
            );
            None
        }
        Some(variant) => Some(variant),
    }
}

/// The single-select default, if any; also reports two defaults.
fn single_default<'v, 'a>(cx: &Ctxt, item: &'v Enum<'a>) -> Option<&'v Variant<'a>> {
    let mut chosen: Option<(&Variant, String)> = None;
    if let Some(option) = item.attrs.default.get() {
        if let Some(variant) = resolve(cx, item, option, "default") {
            chosen = Some((variant, option.to_token_stream().to_string()));
        }
    }
    for variant in &item.variants {
        if let Some((tokens, ())) = variant.attrs.default.get_with_tokens() {
            if let Some((first, _)) = &chosen {
                cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "two defaults: `{}` is already the default, and a single-select has one; remove one of them",
                        first.name()
                    ),
                );
            } else if variant.is_skipped() {
                cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "the default `{}` is skipped, so it is not an option",
                        variant.name()
                    ),
                );
            } else {
                chosen = Some((variant, variant.name()));
            }
        }
    }
    chosen.map(|(variant, _)| variant)
}

fn check_multi<'v, 'a>(cx: &Ctxt, item: &'v Enum<'a>) -> Option<Vec<&'v Variant<'a>>> {
    let offered = item.offered().count();
    let min = item.attrs.min_items.get_with_tokens();
    let max = item.attrs.max_items.get_with_tokens();
    if let Some((tokens, &min)) = min {
        if min > offered {
            cx.error_spanned_by(
                tokens,
                format_args!(
                    "`min_items = {min}` is more than the {offered} offered variants of `{}`",
                    item.ident
                ),
            );
        }
        if let Some((_, &max)) = max {
            if min > max {
                cx.error_spanned_by(
                    tokens,
                    format_args!("`min_items = {min}` is greater than `max_items = {max}`"),
                );
            }
        }
    }
    if let Some((tokens, &max)) = max {
        if max == 0 {
            cx.error_spanned_by(
                tokens,
                "`max_items = 0` leaves nothing to select; use at least 1",
            );
        } else if max > offered {
            cx.error_spanned_by(
                tokens,
                format_args!(
                    "`max_items = {max}` is more than the {offered} offered variants of `{}`",
                    item.ident
                ),
            );
        }
    }
    let (list_tokens, items) = item.attrs.default_items.get_with_tokens()?;
    let mut chosen: Vec<&Variant> = Vec::new();
    for option in items {
        if let Some(variant) = resolve(cx, item, option, "default_items") {
            if chosen.iter().any(|earlier| std::ptr::eq(*earlier, variant)) {
                cx.error_spanned_by(
                    option,
                    format_args!("`{}` appears twice in `default_items`", variant.name()),
                );
            }
            chosen.push(variant);
        }
    }
    let len = items.len();
    if let Some((_, &max)) = max {
        if len > max {
            cx.error_spanned_by(
                list_tokens,
                format_args!(
                    "`default_items` has {}, more than `max_items = {max}`",
                    items_count(len)
                ),
            );
        }
    }
    if let Some((_, &min)) = min {
        if len < min {
            cx.error_spanned_by(
                list_tokens,
                format_args!(
                    "`default_items` has {}, fewer than `min_items = {min}`",
                    items_count(len)
                ),
            );
        }
    }
    (chosen.len() == len).then_some(chosen)
}

fn items_count(len: usize) -> String {
    match len {
        1 => "1 item".to_owned(),
        len => format!("{len} items"),
    }
}

/// The rules of a form struct.
pub fn check_form(cx: &Ctxt, form: &ast::Form) {
    if !form.input.generics.params.is_empty() {
        cx.error_spanned_by(
            &form.input.generics,
            "ElicitForm cannot be derived for a generic struct; a form is a fixed list of properties",
        );
    }
    if form.fields.is_empty() {
        cx.error_spanned_by(
            form.ident,
            "ElicitForm needs at least one field: a form with no property gives the user nothing to submit",
        );
    }
    let mut seen: BTreeMap<&str, &ast::Field> = BTreeMap::new();
    for field in &form.fields {
        check_field(cx, field);
        if field.name.is_empty() {
            cx.error_spanned_by(
                &field.name_tokens,
                format_args!(
                    "the property name of `{}` is empty, and clients drop a property named \"\" or report it missing; \
                     rename it to a non-empty name",
                    field.rust_name(),
                ),
            );
            continue;
        }
        let elicit = ast::elicit_field_name(field.ident, &field.attrs, &form.attrs);
        let serde = ast::serde_field_name(field.ident, &field.attrs, &form.attrs);
        if let (Some((elicit, tokens)), Some((serde, _))) = (elicit, serde) {
            if elicit != serde {
                cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "`#[elicit]` names field `{}` {:?} but `#[serde]` names it {:?}; make them agree or keep only one",
                        field.rust_name(),
                        elicit,
                        serde,
                    ),
                );
            }
        }
        match seen.get(field.name.as_str()) {
            Some(first) => cx.error_spanned_by(
                &field.name_tokens,
                format_args!(
                    "two fields have the property name {:?}: `{}` and `{}` (the first one); rename one of them",
                    field.name,
                    field.rust_name(),
                    first.rust_name(),
                ),
            ),
            None => {
                seen.insert(&field.name, field);
            }
        }
    }
}

fn kind_name(kind: &ast::Kind) -> &'static str {
    match kind {
        ast::Kind::String => "a `String` field",
        ast::Kind::Boolean => "a `bool` field",
        ast::Kind::Number(_) => "a number field",
        ast::Kind::Single(_) => "a single-select field",
        ast::Kind::Multi(_) => "a multi-select (`Vec`) field",
        ast::Kind::Unsupported(_) => "an unsupported field",
    }
}

/// A literal number, possibly negated: what the derive can compare.
pub fn literal_number(expr: &syn::Expr) -> Option<f64> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(lit),
            ..
        }) => lit.base10_parse::<f64>().ok(),
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(lit),
            ..
        }) => lit.base10_parse::<f64>().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => literal_number(expr).map(|n| -n),
        syn::Expr::Paren(paren) => literal_number(&paren.expr),
        syn::Expr::Group(group) => literal_number(&group.expr),
        _ => None,
    }
}

/// A literal string.
pub fn literal_str(expr: &syn::Expr) -> Option<&syn::LitStr> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(lit),
            ..
        }) => Some(lit),
        syn::Expr::Group(group) => literal_str(&group.expr),
        _ => None,
    }
}

fn check_field(cx: &Ctxt, field: &ast::Field) {
    let attrs = &field.attrs;
    if let ast::Kind::Unsupported(reason) = field.kind {
        cx.error_spanned_by(
            ast::ungroup(field.ty),
            format_args!(
                "field `{}` has a type no elicitation property can hold ({reason}); supported: String, bool, \
                 integers up to 64 bits, f32, f64, an ElicitEnum type, Vec of an ElicitEnum type, and Option of these",
                field.rust_name(),
            ),
        );
        return;
    }
    let is_string = matches!(field.kind, ast::Kind::String);
    let is_number = matches!(field.kind, ast::Kind::Number(_));
    let is_multi = matches!(field.kind, ast::Kind::Multi(_));
    let misplaced = [
        (attrs.min_length.key(), is_string, "`String`"),
        (attrs.max_length.key(), is_string, "`String`"),
        (attrs.format.key(), is_string, "`String`"),
        (attrs.minimum.key(), is_number, "number"),
        (attrs.maximum.key(), is_number, "number"),
        (attrs.min_items.key(), is_multi, "multi-select (`Vec`)"),
        (attrs.max_items.key(), is_multi, "multi-select (`Vec`)"),
        (attrs.default_items.key(), is_multi, "multi-select (`Vec`)"),
    ];
    for (key, applies, kind) in misplaced {
        if let (Some(key), false) = (key, applies) {
            cx.error_spanned_by(
                key,
                format_args!(
                    "`{}` applies to {kind} fields, and `{}` is {}",
                    key.to_token_stream(),
                    field.rust_name(),
                    kind_name(&field.kind),
                ),
            );
        }
    }
    check_fill_default(cx, field);
    if let (true, Some(key)) = (is_multi, attrs.default.key()) {
        cx.error_spanned_by(
            key,
            "a multi-select default is a list: write `default_items = [A, B]` instead of `default`",
        );
    }
    if let (Some((tokens, &min)), Some(&max)) =
        (attrs.min_length.get_with_tokens(), attrs.max_length.get())
    {
        if min > max {
            cx.error_spanned_by(
                tokens,
                format_args!("`min_length = {min}` is greater than `max_length = {max}`"),
            );
        }
    }
    if is_number {
        let minimum = attrs.minimum.get().and_then(literal_number);
        let maximum = attrs.maximum.get().and_then(literal_number);
        if let (Some(minimum), Some(maximum), Some((tokens, _))) =
            (minimum, maximum, attrs.minimum.get_with_tokens())
        {
            if minimum > maximum {
                cx.error_spanned_by(
                    tokens,
                    format_args!("`minimum = {minimum}` is greater than `maximum = {maximum}`"),
                );
            }
        }
        if let Some((tokens, default)) = attrs.default.get_with_tokens() {
            if let Some(default) = literal_number(default) {
                if let Some(minimum) = minimum.filter(|minimum| default < *minimum) {
                    cx.error_spanned_by(
                        tokens,
                        format_args!("the default {default} is less than `minimum = {minimum}`"),
                    );
                }
                if let Some(maximum) = maximum.filter(|maximum| default > *maximum) {
                    cx.error_spanned_by(
                        tokens,
                        format_args!("the default {default} is greater than `maximum = {maximum}`"),
                    );
                }
            }
        }
    }
    if is_multi {
        if let (Some((tokens, &min)), Some(&max)) =
            (attrs.min_items.get_with_tokens(), attrs.max_items.get())
        {
            if min > max {
                cx.error_spanned_by(
                    tokens,
                    format_args!("`min_items = {min}` is greater than `max_items = {max}`"),
                );
            }
        }
        if let Some((list_tokens, items)) = attrs.default_items.get_with_tokens() {
            let mut written: Vec<String> = Vec::new();
            for item in items {
                let text = item.to_token_stream().to_string();
                if written.contains(&text) {
                    cx.error_spanned_by(
                        item,
                        format_args!("`{text}` appears twice in `default_items`"),
                    );
                }
                written.push(text);
            }
            let len = items.len();
            if let Some(&max) = attrs.max_items.get() {
                if len > max {
                    cx.error_spanned_by(
                        list_tokens,
                        format_args!(
                            "`default_items` has {}, more than `max_items = {max}`",
                            items_count(len)
                        ),
                    );
                }
            }
            if let Some(&min) = attrs.min_items.get() {
                if len < min {
                    cx.error_spanned_by(
                        list_tokens,
                        format_args!(
                            "`default_items` has {}, fewer than `min_items = {min}`",
                            items_count(len)
                        ),
                    );
                }
            }
        }
    }
}

/// `fill_default` needs a default to fill, and a field that is not already
/// optional. An enum field may take its enum's own default, which only the
/// compiler can see: that check is generated (`expand::fill_default_check`).
fn check_fill_default(cx: &Ctxt, field: &ast::Field) {
    let Some(key) = field.attrs.fill_default.key() else {
        return;
    };
    if field.optional {
        cx.error_spanned_by(
            key,
            format_args!(
                "`fill_default` on an `Option` field: `{}` is already optional and answers `None` when left out; \
                 remove `Option` to fill the default, or remove `fill_default`",
                field.rust_name(),
            ),
        );
        return;
    }
    let has_default = match field.kind {
        ast::Kind::String | ast::Kind::Boolean | ast::Kind::Number(_) => {
            field.attrs.default.key().is_some()
        }
        // The field's own, or else the enum's (checked when the server compiles).
        ast::Kind::Single(_) | ast::Kind::Multi(_) | ast::Kind::Unsupported(_) => true,
    };
    if !has_default {
        cx.error_spanned_by(
            key,
            format_args!(
                "`fill_default` has no default to fill: `{}` has no `default`; add `default = ..` or remove `fill_default`",
                field.rust_name(),
            ),
        );
    }
}
