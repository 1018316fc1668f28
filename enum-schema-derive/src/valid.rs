//! The early checks: the rules the derive can see in the input itself,
//! reported on the exact token (a variant, a literal, a key), before any
//! code is generated. Each schema rule is asked of the shared rule
//! functions (`rule.rs`, the runtime's own file) and said in its one
//! wording (`Rule::describe`, through `message::rule`); each rule is asked
//! alone, so that every broken one is reported. What only the compiler
//! can know (the value of a constant, an enum field's options) is checked
//! by the generated code, with the same rules and words.

use std::collections::BTreeMap;

use quote::{quote, ToTokens};
use syn::Fields;

use crate::ast::{self, Enum, Variant};
use crate::ctxt::Ctxt;
use crate::group;
use crate::message;
use crate::rule::{self, Rule};

/// The rules of an enum: its shape, its wire values, its titles and its
/// multi-select bounds. (Its defaults are resolved, and checked, by
/// `ast::Enum::defaults`.)
pub fn check(cx: &Ctxt, item: &Enum) {
    check_generics(cx, item);
    check_variants(cx, item);
    check_serde_agrees(cx, item);
    check_serde_representation(cx, item);
    check_untagged_variants(cx, item);
    check_empty_values(cx, item);
    check_unique_values(cx, item);
    check_titles(cx, item);
    check_unique_titles(cx, item);
    check_multi(cx, item);
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
        if variant.ident == "__elicit_index" {
            cx.error_spanned_by(
                variant.ident,
                "the variant name `__elicit_index` is reserved: the derive generates a method of that name",
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
        if let (Some((elicit, tokens)), Some((serde, _))) =
            (&variant.wire.elicit, &variant.wire.serde)
        {
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

/// The schema offers each variant as its wire value, a JSON string, which
/// is what serde reads in its default representation (externally tagged).
/// Under `untagged`, `tag` or `tag` + `content`, serde writes a unit
/// variant as `null` or as an object and reads no string back: a value
/// the client picked could never be deserialized.
fn check_serde_representation(cx: &Ctxt, item: &Enum) {
    let keys = &item.attrs.serde_representation;
    let is = |name: &str| keys.iter().find(|path| path.is_ident(name));
    let (path, what) = if let Some(path) = is("untagged") {
        (path, "`#[serde(untagged)]` writes a unit variant as `null`")
    } else if let (Some(path), Some(_)) = (is("tag"), is("content")) {
        (path, "`#[serde(tag = \"..\", content = \"..\")]` writes a unit variant as an object, `{\"<tag>\": \"<variant>\"}`")
    } else if let Some(path) = is("tag") {
        (path, "`#[serde(tag = \"..\")]` writes a unit variant as an object, `{\"<tag>\": \"<variant>\"}`")
    } else {
        // `content` alone is serde's own error.
        return;
    };
    cx.error_spanned_by(
        path,
        format_args!(
            "ElicitEnum offers each variant as a string, and {what} and reads no string back, \
             so serde could not read the client's answer; remove it to keep serde's default representation",
        ),
    );
}

/// `#[serde(untagged)]` on one variant: serde reads it from `null`.
fn check_untagged_variants(cx: &Ctxt, item: &Enum) {
    for variant in item.offered() {
        if let Some(path) = &variant.attrs.serde_untagged {
            cx.error_spanned_by(
                path,
                format_args!(
                    "ElicitEnum offers `{}` as a string, and `#[serde(untagged)]` on a unit variant reads it \
                     from `null`, so serde could not read the client's answer; remove it or mark the variant \
                     `#[elicit(skip)]`",
                    variant.name(),
                ),
            );
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
    let mut firsts = Firsts::default();
    for variant in item.offered() {
        for (value, tokens) in variant.accepted() {
            if value.is_empty() {
                // reported by check_empty_values
                continue;
            }
            match firsts.before(&value, variant) {
                Some(first) if std::ptr::eq(first, variant) => cx.error_spanned_by(
                    tokens,
                    format_args!(
                        "the alias {:?} repeats a value of variant `{}`",
                        value,
                        variant.name()
                    ),
                ),
                Some(first) => cx.error_spanned_by(
                    tokens,
                    twice("wire value", &value, variant, first)
                        + "; give one of them another `rename`",
                ),
                None => {}
            }
        }
    }
}

/// The first offered variant to give each value (a wire value, a title):
/// the error about another names it, as strum's `occurrence_error` does.
#[derive(Default)]
struct Firsts<'v, 'a>(BTreeMap<String, &'v Variant<'a>>);

impl<'v, 'a> Firsts<'v, 'a> {
    /// The variant that gave `value` before, if one did; otherwise
    /// `variant` is its first from now on.
    fn before(&mut self, value: &str, variant: &'v Variant<'a>) -> Option<&'v Variant<'a>> {
        if let Some(first) = self.0.get(value) {
            return Some(first);
        }
        self.0.insert(value.to_owned(), variant);
        None
    }
}

/// "two variants have the `what` `value`: `B` and `A` (the first one)".
fn twice(what: &str, value: &str, variant: &Variant, first: &Variant) -> String {
    format!(
        "two variants have the {what} {value:?}: `{}` and `{}` (the first one)",
        variant.name(),
        first.name(),
    )
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

/// Two offered variants with the same title would show a person two
/// entries they could not tell apart (and a title sent back instead of a
/// value would name the first). Titles compare exactly, as wire values do
/// and as the runtime's `Rule::DuplicateTitle` does: a folding has no one
/// right answer, and would refuse titles a person tells apart ("US" and
/// "us"). The legacy `enumNames` are the same titles.
fn check_unique_titles(cx: &Ctxt, item: &Enum) {
    let mut firsts = Firsts::default();
    for variant in item.offered() {
        let Some(title) = variant.attrs.title.get() else {
            continue;
        };
        let text = title.value();
        if let Some(first) = firsts.before(&text, variant) {
            cx.error_spanned_by(
                title,
                twice("title", &text, variant, first)
                    + ", and a person could not tell them apart; give each option its own title",
            );
        }
    }
}

/// The multi-select bounds against each other, the number of options and
/// the number of default items.
fn check_multi(cx: &Ctxt, item: &Enum) {
    let offered = item.offered().count();
    let min = item.attrs.min_items.get_with_tokens();
    let max = item.attrs.max_items.get_with_tokens();
    let options = format!("the {offered} offered variants of `{}`", item.ident);
    let items = Items::new(
        min.map(|(tokens, min)| (tokens, *min)),
        max.map(|(_, max)| *max),
    );
    if let Some((tokens, min)) = min {
        let min_text = message::written("min_items", min);
        let slots = [
            ("min_items", min_text.as_str()),
            ("the number of options", &options),
        ];
        if let Err(broken) = rule::min_items(offered, Some(*min)) {
            cx.error_spanned_by(tokens, message::rule(broken, &slots));
        }
    }
    items.check_order(cx);
    if let Some((tokens, max)) = max {
        let max_text = message::written("max_items", max);
        let slots = [
            ("max_items", max_text.as_str()),
            ("a max_items of 0", &max_text),
            ("the number of options", &options),
        ];
        if let Err(broken) = rule::max_items(offered, Some(*max)) {
            cx.error_spanned_by(tokens, message::rule(broken, &slots));
        }
    }
    items.check_default_count(cx, item.attrs.default_items.get_with_tokens());
}

/// The `min_items` and `max_items` written on an enum or a field.
struct Items<'a> {
    min: Option<(&'a proc_macro2::TokenStream, usize)>,
    max: Option<usize>,
}

impl<'a> Items<'a> {
    fn new(min: Option<(&'a proc_macro2::TokenStream, usize)>, max: Option<usize>) -> Self {
        Items { min, max }
    }

    fn slots(&self) -> [(&'static str, Option<String>); 2] {
        [
            (
                "min_items",
                self.min.map(|(_, min)| message::written("min_items", min)),
            ),
            (
                "max_items",
                self.max.map(|max| message::written("max_items", max)),
            ),
        ]
    }

    /// `min_items <= max_items`, the error on `min_items`.
    fn check_order(&self, cx: &Ctxt) {
        let Some((tokens, min)) = self.min else {
            return;
        };
        if let Err(broken) = rule::items_order(Some(min), self.max) {
            cx.error_spanned_by(tokens, say(broken, &self.slots()));
        }
    }

    /// A `default_items` list within `min_items..=max_items`, the error on
    /// the list.
    fn check_default_count(
        &self,
        cx: &Ctxt,
        default_items: Option<(&proc_macro2::TokenStream, &Vec<crate::attr::OptionRef>)>,
    ) {
        let Some((list_tokens, items)) = default_items else {
            return;
        };
        let len = Some(items.len());
        let [min, max] = self.slots();
        let slots = [
            min,
            max,
            ("the default", Some("`default_items`".to_owned())),
            ("fewer items", Some(message::count(len, "fewer"))),
            ("more items", Some(message::count(len, "more"))),
        ];
        // Each bound alone, so that both are reported when both are broken.
        let min = self.min.map(|(_, min)| min);
        for broken in [
            rule::default_count(items.len(), None, self.max),
            rule::default_count(items.len(), min, None),
        ] {
            if let Err(broken) = broken {
                cx.error_spanned_by(list_tokens, say(broken, &slots));
            }
        }
    }
}

/// [`message::rule`] over the slots that are known.
fn say(broken: Rule, slots: &[(&'static str, Option<String>)]) -> String {
    message::rule(broken, &message::known(slots))
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
            "ElicitForm needs at least one field: a form with no property gives the user nothing to submit, \
             and some clients cancel it; to ask yes or no, use `enum_schema::Confirm`",
        );
    }
    check_options(cx, form);
    let mut seen: BTreeMap<&str, &ast::Field> = BTreeMap::new();
    for field in &form.fields {
        check_field(cx, field);
        if field.wire.value.is_empty() {
            cx.error_spanned_by(
                &field.wire.tokens,
                format_args!(
                    "the property name of `{}` is empty, and clients drop a property named \"\" or report it missing; \
                     rename it to a non-empty name",
                    field.rust_name(),
                ),
            );
            continue;
        }
        if let (Some((elicit, tokens)), Some((serde, _))) = (&field.wire.elicit, &field.wire.serde)
        {
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
        match seen.get(field.wire.value.as_str()) {
            Some(first) => cx.error_spanned_by(
                &field.wire.tokens,
                format_args!(
                    "two fields have the property name {:?}: `{}` and `{}` (the first one); rename one of them",
                    field.wire.value,
                    field.rust_name(),
                    first.rust_name(),
                ),
            ),
            None => {
                seen.insert(&field.wire.value, field);
            }
        }
    }
}

/// The container attributes that depend on whether some field takes its
/// options when the request is built.
fn check_options(cx: &Ctxt, form: &ast::Form) {
    let run_time = form.fields.iter().find(|field| field.is_run_time());
    match (run_time, form.attrs.message.key(), form.attrs.options.key()) {
        (Some(field), Some(key), _) => cx.error_spanned_by(
            key,
            format_args!(
                "`message` is the message of `ElicitForm::default_request`, which `{}` has not: field `{}` takes its options \
                 when the request is built; pass the message to `request_with` and remove `message`",
                form.ident,
                field.rust_name(),
            ),
        ),
        (None, _, Some(key)) => cx.error_spanned_by(
            key,
            format_args!(
                "`options` names the struct of options given when the request is built, and no field of `{}` takes any \
                 (an `OwnedChoice` or `Vec<OwnedChoice>` field does); remove `options`",
                form.ident,
            ),
        ),
        _ => {}
    }
    if let Some((tokens, name)) = form.attrs.options.get_with_tokens() {
        if name == form.ident {
            cx.error_spanned_by(
                tokens,
                format_args!(
                    "`options` names a struct of its own, and `{name}` is the form; write another name, such as `options = \"{name}Choices\"`",
                ),
            );
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
        ast::Kind::RunTimeSingle => "a single-select field whose options are given at run time",
        ast::Kind::RunTimeMulti => "a multi-select field whose options are given at run time",
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
            group::ungroup(field.ty),
            format_args!(
                "field `{}` has a type no elicitation property can hold ({reason}); supported: String, bool, \
                 integers up to 64 bits, f32, f64, an ElicitEnum type, Vec of an ElicitEnum type, \
                 OwnedChoice or Vec<OwnedChoice> (options given when the request is built), and Option of these",
                field.rust_name(),
            ),
        );
        return;
    }
    let is_string = matches!(field.kind, ast::Kind::String);
    let is_number = matches!(field.kind, ast::Kind::Number(_));
    let is_multi = matches!(field.kind, ast::Kind::Multi(_));
    // A run-time multi-select's bounds and defaults are refused by
    // `check_run_time`, with what to write instead.
    let is_any_multi = is_multi || matches!(field.kind, ast::Kind::RunTimeMulti);
    let misplaced = [
        (attrs.min_length.key(), is_string, "`String`"),
        (attrs.max_length.key(), is_string, "`String`"),
        (attrs.format.key(), is_string, "`String`"),
        (attrs.minimum.key(), is_number, "number"),
        (attrs.maximum.key(), is_number, "number"),
        (attrs.min_items.key(), is_any_multi, "multi-select (`Vec`)"),
        (attrs.max_items.key(), is_any_multi, "multi-select (`Vec`)"),
        (
            attrs.default_items.key(),
            is_any_multi,
            "multi-select (`Vec`)",
        ),
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
    if field.is_run_time() {
        check_run_time(cx, field);
    } else {
        check_fill_default(cx, field);
    }
    if let (true, Some(key)) = (is_multi, attrs.default.key()) {
        cx.error_spanned_by(
            key,
            "a multi-select default is a list: write `default_items = [A, B]` instead of `default`",
        );
    }
    check_format_length(cx, field);
    if let Some((tokens, &min)) = attrs.min_length.get_with_tokens() {
        let max = attrs.max_length.get().copied();
        if let Err(broken) = rule::length_order(Some(min), max) {
            let slots = [
                ("min_length", Some(message::written("min_length", min))),
                (
                    "max_length",
                    max.map(|max| message::written("max_length", max)),
                ),
            ];
            cx.error_spanned_by(tokens, say(broken, &slots));
        }
    }
    if is_number {
        check_number_literals(cx, field);
    }
    if is_multi {
        let min = attrs.min_items.get_with_tokens();
        let items = Items::new(
            min.map(|(tokens, min)| (tokens, *min)),
            attrs.max_items.get().copied(),
        );
        items.check_order(cx);
        if let Some(list) = attrs.default_items.get() {
            let written: Vec<String> = list
                .iter()
                .map(|item| item.to_token_stream().to_string())
                .collect();
            let values: Vec<&str> = written.iter().map(String::as_str).collect();
            for (index, item) in list.iter().enumerate() {
                if rule::twice_before(&values, index) {
                    let shown = format!("`{}`", values[index]);
                    let slots = [
                        ("a default item", shown.as_str()),
                        ("the default", "`default_items`"),
                    ];
                    cx.error_spanned_by(item, message::rule(Rule::DefaultItemTwice, &slots));
                }
            }
        }
        items.check_default_count(cx, attrs.default_items.get_with_tokens());
    }
}

/// A string field's literal `min_length`/`max_length` against its
/// `format`: some string of the format must fit (a `date` has 10
/// characters), the error on the length that no string meets.
fn check_format_length(cx: &Ctxt, field: &ast::Field) {
    let attrs = &field.attrs;
    let Some((format_tokens, format)) = attrs.format.get_with_tokens() else {
        return;
    };
    let min = attrs.min_length.get_with_tokens();
    let max = attrs.max_length.get_with_tokens();
    let Err(broken) = rule::format_length(
        format.wire(),
        min.map(|(_, min)| *min),
        max.map(|(_, max)| *max),
    ) else {
        return;
    };
    let (tokens, slot, key, value) = match (broken, min, max) {
        (Rule::MinLengthAboveFormat, Some((tokens, min)), _) => {
            (tokens, "min_length", "min_length", *min)
        }
        (_, _, Some((tokens, max))) => (tokens, "max_length", "max_length", *max),
        _ => return,
    };
    let setting = message::written(key, value);
    let format_text = message::written("format", format_tokens.to_string());
    let slots = [
        (slot, setting.as_str()),
        ("the field's format", format_text.as_str()),
    ];
    cx.error_spanned_by(tokens, message::rule(broken, &slots));
}

/// A number field's literal bounds and default, each rule asked alone:
/// `minimum <= maximum` (the error on `minimum`), then the default against
/// each bound (the errors on the default).
fn check_number_literals(cx: &Ctxt, field: &ast::Field) {
    let attrs = &field.attrs;
    let minimum = attrs.minimum.get().and_then(literal_number);
    let maximum = attrs.maximum.get().and_then(literal_number);
    let default = attrs.default.get_with_tokens();
    let default_value = default.and_then(|(_, default)| literal_number(default));
    let slots = [
        (
            "minimum",
            minimum.map(|minimum| message::written("minimum", minimum)),
        ),
        (
            "maximum",
            maximum.map(|maximum| message::written("maximum", maximum)),
        ),
        (
            "the default",
            default_value.map(|default| format!("the default {default}")),
        ),
    ];
    if let (Some(_), Some((tokens, _))) = (minimum, attrs.minimum.get_with_tokens()) {
        // A literal beyond `f64` is not finite: the generated check says
        // which one.
        if let Err(broken @ Rule::MinimumAboveMaximum) = rule::number(minimum, maximum, None) {
            cx.error_spanned_by(tokens, say(broken, &slots));
        }
    }
    if let (Some(value), Some((tokens, _))) = (default_value, default) {
        for broken in [
            rule::number(minimum, None, Some(value)),
            rule::number(None, maximum, Some(value)),
        ] {
            if let Err(broken @ (Rule::DefaultBelowMinimum | Rule::DefaultAboveMaximum)) = broken {
                cx.error_spanned_by(tokens, say(broken, &slots));
            }
        }
    }
}

/// A field whose options are given when the request is built takes no
/// setting that must be checked against them: a default, bounds, and so
/// `fill_default`, are set on the select in the form's options, whose
/// builders check them.
fn check_run_time(cx: &Ctxt, field: &ast::Field) {
    let attrs = &field.attrs;
    let multi = matches!(field.kind, ast::Kind::RunTimeMulti);
    let (schema, default_builder) = if multi {
        ("MultiSelectSchema", "with_default_values([..])")
    } else {
        ("SingleSelectSchema", "with_default_value(..)")
    };
    let whose = format!(
        "`{}`, whose options are given when the request is built",
        field.rust_name()
    );
    let mut settings = vec![(attrs.default.key(), default_builder)];
    if multi {
        settings.extend([
            (attrs.default_items.key(), default_builder),
            (attrs.min_items.key(), "with_items(min, max)"),
            (attrs.max_items.key(), "with_items(min, max)"),
        ]);
    }
    for (key, builder) in settings {
        if let Some(key) = key {
            cx.error_spanned_by(
                key,
                format_args!(
                    "`{}` on {whose}: set it on the `{schema}` in the form's options (`{builder}`), where it is checked against them",
                    key.to_token_stream(),
                ),
            );
        }
    }
    if let Some(key) = attrs.fill_default.key() {
        cx.error_spanned_by(
            key,
            format_args!(
                "`fill_default` fills a default known when the server compiles, and {whose}; \
                 make the field an `Option` and fall back to a default in code, or remove `fill_default`",
            ),
        );
    }
}

/// `fill_default` needs a default to fill, and a field that is not already
/// optional. An enum field may take its enum's own default, which only the
/// compiler can see: that check is generated (`derives::elicit_form`).
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
        // The field's own, or else the enum's (checked when the server
        // compiles); a run-time field's is refused by `check_run_time`.
        ast::Kind::Single(_)
        | ast::Kind::Multi(_)
        | ast::Kind::RunTimeSingle
        | ast::Kind::RunTimeMulti
        | ast::Kind::Unsupported(_) => true,
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
