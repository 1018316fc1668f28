//! The typed views of the derive inputs, shared by both derives: an enum
//! (`Enum`, with each variant's wire value and its defaults resolved to
//! variants) and a form struct (`Form`, with each field's property name and
//! kind), borrowing from syn.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Data, DeriveInput, Fields, Ident, LitStr};

use crate::attr::{self, Keys as _, OptionRef};
use crate::ctxt::Ctxt;
use crate::doc::{doc_comment, Doc};
use crate::group::{ungroup, ungroup_expr};
use crate::message;
use crate::name::{unraw, Name, Renames, Role};
use crate::rule::{self, Rule};

pub struct Enum<'a> {
    pub ident: &'a Ident,
    pub input: &'a DeriveInput,
    pub attrs: attr::Container,
    /// The doc comment, as a description.
    pub doc: Option<Doc>,
    pub variants: Vec<Variant<'a>>,
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub fields: &'a Fields,
    pub attrs: attr::Variant,
    /// The wire value: what the schema offers and what parsing accepts.
    pub wire: Name,
}

impl<'a> Enum<'a> {
    /// The view of an enum, or `None` (with an error in `cx`) for a struct
    /// or union.
    pub fn from_ast(cx: &Ctxt, input: &'a DeriveInput) -> Option<Self> {
        let Data::Enum(data) = &input.data else {
            let kind = match input.data {
                Data::Union(_) => "union",
                _ => "struct",
            };
            let message =
                format!("ElicitEnum can only be derived for an enum; a {kind} is not a choice");
            return wrong_kind(cx, &input.data, &message);
        };
        let container = attr::Container::from_ast(cx, &input.attrs);
        let variants = data
            .variants
            .iter()
            .map(|variant| {
                let attrs = attr::Variant::from_ast(cx, &variant.attrs);
                let renames = Renames::new(&attrs.rename, &container.rename_all);
                let wire = Name::new(&variant.ident, Role::Variant, renames);
                Variant {
                    ident: &variant.ident,
                    fields: &variant.fields,
                    attrs,
                    wire,
                }
            })
            .collect();
        Some(Enum {
            ident: &input.ident,
            input,
            attrs: container,
            doc: doc_comment(&input.attrs),
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

    /// The path of the `enum-schema` crate: `crate = ".."`, else
    /// `::enum_schema`.
    pub fn krate(&self) -> TokenStream {
        crate_or_runtime(self.attrs.krate.get())
    }

    /// The field description: `description = ".."`, else the doc comment,
    /// unless `description = false`.
    pub fn description(&self) -> Option<Doc> {
        description(&self.attrs.description, &self.doc)
    }
}

/// `None`, with `message` on the keyword that declares the item (`struct`,
/// `enum` or `union`): a kind of item the derive does not take.
fn wrong_kind<T>(cx: &Ctxt, data: &Data, message: &str) -> Option<T> {
    match data {
        Data::Struct(data) => cx.error_spanned_by(data.struct_token, message),
        Data::Enum(data) => cx.error_spanned_by(data.enum_token, message),
        Data::Union(data) => cx.error_spanned_by(data.union_token, message),
    }
    None
}

/// An enum's or a field's description: `description = ".."`, else the doc
/// comment, unless `description = false`.
fn description(description: &attr::Attr<attr::Description>, doc: &Option<Doc>) -> Option<Doc> {
    match description.get() {
        Some(attr::Description::Text(lit)) => Some(Doc::Text(lit.value())),
        Some(attr::Description::Off) => None,
        None => doc.clone(),
    }
}

/// An enum's defaults, resolved to variants.
pub struct Defaults<'v, 'a> {
    /// The single-select `default`.
    pub single: Option<&'v Variant<'a>>,
    /// The multi-select `default_items`, when every item names an option.
    pub multi: Option<Vec<&'v Variant<'a>>>,
}

impl<'a> Enum<'a> {
    /// The defaults, resolved to variants, with an error on each that names
    /// no option, or one twice.
    pub fn defaults<'v>(&'v self, cx: &Ctxt) -> Defaults<'v, 'a> {
        Defaults {
            single: single_default(cx, self),
            multi: default_items(cx, self),
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
            .map(|variant| format!("{:?}", variant.wire.value))
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
                            variant.wire.value,
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

/// The multi-select default items, if every one names an option; also
/// reports one named twice.
fn default_items<'v, 'a>(cx: &Ctxt, item: &'v Enum<'a>) -> Option<Vec<&'v Variant<'a>>> {
    let items = item.attrs.default_items.get()?;
    let mut chosen: Vec<&Variant> = Vec::new();
    // The variants' names, unique as the variants are.
    let mut names: Vec<String> = Vec::new();
    for option in items {
        if let Some(variant) = resolve(cx, item, option, "default_items") {
            names.push(variant.name());
            let values: Vec<&str> = names.iter().map(String::as_str).collect();
            if rule::twice_before(&values, values.len() - 1) {
                let shown = format!("`{}`", variant.name());
                let slots = [
                    ("a default item", shown.as_str()),
                    ("the default", "`default_items`"),
                ];
                cx.error_spanned_by(option, message::rule(Rule::DefaultItemTwice, &slots));
            }
            chosen.push(variant);
        }
    }
    (chosen.len() == items.len()).then_some(chosen)
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
        let mut accepted = vec![(self.wire.value.clone(), self.wire.tokens.clone())];
        accepted.extend(
            self.aliases()
                .map(|alias| (alias.value(), alias.to_token_stream())),
        );
        accepted
    }

    /// The values [`accepted`](Self::accepted) lists, without their tokens
    /// (what `from_wire_value` matches).
    pub fn accepted_values(&self) -> impl Iterator<Item = String> + '_ {
        std::iter::once(self.wire.value.clone()).chain(self.aliases().map(LitStr::value))
    }

    /// `#[elicit]`'s aliases, then serde's not already listed.
    fn aliases(&self) -> impl Iterator<Item = &LitStr> {
        let serde = self.attrs.serde_aliases.iter().filter(|alias| {
            !self
                .attrs
                .aliases
                .iter()
                .any(|elicit| elicit.value() == alias.value())
        });
        self.attrs.aliases.iter().chain(serde)
    }
}

/// The lint attributes of the generated code: what the user wrote around
/// the item holds for the code derived from it. The item's own `#[allow]`s
/// (an `#[expect]` as an `#[allow]`, since the generated code need not
/// raise the lint), and `#[allow(deprecated)]` when the item, a variant or
/// a field is `#[deprecated]`, which its own definition does not warn
/// about but the generated impls would. Nothing more, so that a
/// `#![forbid(..)]` the item does not contradict still holds.
pub fn lint_allows(input: &DeriveInput) -> TokenStream {
    let mut allows = TokenStream::new();
    let mut deprecated = input.attrs.iter().any(is_deprecated);
    match &input.data {
        Data::Enum(data) => {
            deprecated |= data
                .variants
                .iter()
                .any(|variant| variant.attrs.iter().any(is_deprecated));
        }
        Data::Struct(data) => {
            deprecated |= data
                .fields
                .iter()
                .any(|field| field.attrs.iter().any(is_deprecated));
        }
        Data::Union(_) => {}
    }
    if deprecated {
        allows.extend(quote!(#[allow(deprecated)]));
    }
    // An `#[allow]` on a variant or a field covers the generated code too,
    // which touches them all at once.
    let inner: Vec<&syn::Attribute> = match &input.data {
        Data::Enum(data) => data.variants.iter().flat_map(|v| &v.attrs).collect(),
        Data::Struct(data) => data.fields.iter().flat_map(|f| &f.attrs).collect(),
        Data::Union(_) => Vec::new(),
    };
    for attr in input.attrs.iter().chain(inner) {
        if attr.path().is_ident("allow") || attr.path().is_ident("expect") {
            if let syn::Meta::List(list) = &attr.meta {
                let lints = &list.tokens;
                allows.extend(quote!(#[allow(#lints)]));
            }
        }
    }
    allows
}

fn is_deprecated(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("deprecated")
}

/// The `enum-schema` crate when no `crate = ".."` names it: `::enum_schema`,
/// as a dependency is named in Rust code. A crate that renames the
/// dependency (`es = { package = "enum-schema" }`) or re-exports it names
/// it with `crate = ".."`, or makes `::enum_schema` resolve with
/// `extern crate es as enum_schema;` in its root: the derive reads no
/// manifest, as serde's does not.
pub fn runtime_crate() -> TokenStream {
    quote!(::enum_schema)
}

/// `enum-schema`'s path for an input the derive cannot read further
/// (a struct given to `ElicitEnum`, an enum given to `ElicitForm`): its
/// `crate = ".."` if it has one, else [`runtime_crate`].
pub fn fallback_crate(input: &DeriveInput) -> TokenStream {
    crate_or_runtime(attr::crate_path(&input.attrs).as_ref())
}

/// `crate = ".."`'s path if there is one, else [`runtime_crate`].
fn crate_or_runtime(path: Option<&syn::Path>) -> TokenStream {
    path.map_or_else(runtime_crate, ToTokens::to_token_stream)
}

/// A form struct: each named field is one property.
pub struct Form<'a> {
    pub ident: &'a Ident,
    pub input: &'a DeriveInput,
    pub attrs: attr::FormContainer,
    pub fields: Vec<Field<'a>>,
}

/// What kind of property a field's type makes.
pub enum Kind<'a> {
    String,
    Boolean,
    /// An integer or float type.
    Number(&'a syn::Type),
    /// An `ElicitEnum` type (checked by rustc).
    Single(&'a syn::Type),
    /// `Vec` of an `ElicitEnum` type.
    Multi(&'a syn::Type),
    /// `OwnedChoice`: a single-select whose options are given when the
    /// request is built.
    RunTimeSingle,
    /// `Vec<OwnedChoice>`: a multi-select whose options are given when the
    /// request is built.
    RunTimeMulti,
    /// A type no property can hold, and why.
    Unsupported(&'static str),
}

pub struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a syn::Type,
    pub attrs: attr::Field,
    /// The doc comment, as a description.
    pub doc: Option<Doc>,
    /// The property name on the wire.
    pub wire: Name,
    /// `Option<..>`: not in `required`.
    pub optional: bool,
    pub kind: Kind<'a>,
}

impl<'a> Form<'a> {
    /// The view of a struct with named fields, or `None` (with an error in
    /// `cx`) for anything else.
    pub fn from_ast(cx: &Ctxt, input: &'a DeriveInput) -> Option<Self> {
        let fields = match &input.data {
            Data::Struct(syn::DataStruct {
                fields: Fields::Named(fields),
                ..
            }) => fields,
            Data::Struct(data) => {
                let message = "ElicitForm needs a struct with named fields: each field name is a property name";
                match &data.fields {
                    Fields::Unit => cx.error_spanned_by(&input.ident, message),
                    fields => cx.error_spanned_by(fields, message),
                }
                return None;
            }
            Data::Enum(_) | Data::Union(_) => {
                let message = match input.data {
                    // What to write instead: the enum derives ElicitEnum,
                    // asked alone or as a form's field.
                    Data::Enum(_) => {
                        let name = unraw(&input.ident);
                        let field = crate::case::RenameRule::SnakeCase.apply_to_variant(&name);
                        format!(
                            "ElicitForm can only be derived for a struct; for a choice, derive \
                             ElicitEnum on `{name}` instead, then ask it alone with \
                             `ask.choice::<{name}>(key, message)` (`Vec<{name}>` for several), \
                             or as a form's field: `#[derive(ElicitForm)] struct Answer \
                             {{ {field}: {name} }}`"
                        )
                    }
                    _ => "ElicitForm can only be derived for a struct".to_owned(),
                };
                return wrong_kind(cx, &input.data, &message);
            }
        };
        let container = attr::FormContainer::from_ast(cx, &input.attrs);
        let fields = fields
            .named
            .iter()
            .filter_map(|field| {
                let ident = field.ident.as_ref()?;
                let attrs = attr::Field::from_ast(cx, &field.attrs);
                let renames = Renames::new(&attrs.rename, &container.rename_all);
                let wire = Name::new(ident, Role::Field, renames);
                let (optional, ty) = match generic_argument(&field.ty, "Option") {
                    Some(inner) => (true, inner),
                    None => (false, &field.ty),
                };
                Some(Field {
                    ident,
                    ty: &field.ty,
                    attrs,
                    doc: doc_comment(&field.attrs),
                    wire,
                    optional,
                    kind: Kind::of(ty),
                })
            })
            .collect();
        Some(Form {
            ident: &input.ident,
            input,
            attrs: container,
            fields,
        })
    }

    /// The path of the `enum-schema` crate: `crate = ".."`, else
    /// `::enum_schema`.
    pub fn krate(&self) -> TokenStream {
        crate_or_runtime(self.attrs.krate.get())
    }

    /// Whether some field takes its options when the request is built.
    pub fn has_run_time_fields(&self) -> bool {
        self.fields.iter().any(Field::is_run_time)
    }

    /// The name of the generated options struct: `options = ".."`, else
    /// the form's name and `Options`, located at the form's name.
    pub fn options_ident(&self) -> Ident {
        match self.attrs.options.get() {
            Some(ident) => ident.clone(),
            None => quote::format_ident!("{}Options", unraw(self.ident), span = self.ident.span()),
        }
    }
}

impl Field<'_> {
    /// Whether the field's options are given when the request is built.
    pub fn is_run_time(&self) -> bool {
        matches!(self.kind, Kind::RunTimeSingle | Kind::RunTimeMulti)
    }

    /// The field name as written, without `r#`.
    pub fn rust_name(&self) -> String {
        unraw(self.ident)
    }

    /// The property description: `description = ".."`, else the doc comment,
    /// unless `description = false`.
    pub fn description(&self) -> Option<Doc> {
        description(&self.attrs.description, &self.doc)
    }

    /// Whether `description = false` also removes the description the
    /// field's enum gives.
    pub fn drops_description(&self) -> bool {
        matches!(self.attrs.description.get(), Some(attr::Description::Off))
            && matches!(
                self.kind,
                Kind::Single(_) | Kind::Multi(_) | Kind::RunTimeSingle | Kind::RunTimeMulti
            )
    }
}

const INTEGERS: &[&str] = &[
    "i8", "i16", "i32", "i64", "isize", "u8", "u16", "u32", "u64", "usize",
];

impl<'a> Kind<'a> {
    fn of(ty: &'a syn::Type) -> Self {
        let ty = ungroup(ty);
        if generic_argument(ty, "Option").is_some() {
            return Kind::Unsupported(
                "an `Option` inside an `Option` says nothing more; use one `Option`",
            );
        }
        if let Some(inner) = generic_argument(ty, "Vec") {
            return match Kind::of(inner) {
                Kind::Single(inner) => Kind::Multi(inner),
                Kind::RunTimeSingle => Kind::RunTimeMulti,
                _ => Kind::Unsupported(
                    "a `Vec` field must hold an ElicitEnum type or `OwnedChoice`: the spec's only array property is a multi-select",
                ),
            };
        }
        let syn::Type::Path(path) = ty else {
            if let syn::Type::Reference(reference) = ty {
                if matches!(ungroup(&reference.elem), syn::Type::Path(path) if path.path.is_ident("str"))
                {
                    return Kind::Unsupported("a text field is a `String`");
                }
            }
            return Kind::Unsupported("the spec allows only flat primitive properties");
        };
        let Some(last) = path.path.segments.last() else {
            return Kind::Unsupported("the spec allows only flat primitive properties");
        };
        if !last.arguments.is_none() {
            // An ElicitEnum is never generic; other generic types are
            // collections or wrappers the spec has no property for.
            return Kind::Unsupported(
                "a generic type other than `Option` and `Vec` has no property",
            );
        }
        if path.qself.is_some() {
            return Kind::Single(ty);
        }
        let name = last.ident.to_string();
        match name.as_str() {
            "String" => Kind::String,
            "bool" => Kind::Boolean,
            "f32" | "f64" => Kind::Number(ty),
            name if INTEGERS.contains(&name) => Kind::Number(ty),
            "i128" | "u128" => Kind::Unsupported("JSON numbers hold integers up to 64 bits"),
            "str" | "char" => Kind::Unsupported("a text field is a `String`"),
            "OwnedChoice" => Kind::RunTimeSingle,
            _ => Kind::Single(ty),
        }
    }
}

/// Whether a number type is `f32` or `f64` (by its last path segment, as
/// `Kind` recognizes it).
pub fn is_float(ty: &syn::Type) -> bool {
    match ungroup(ty) {
        syn::Type::Path(path) => path
            .path
            .segments
            .last()
            .is_some_and(|last| last.ident == "f32" || last.ident == "f64"),
        _ => false,
    }
}

/// The name in a default that is a bare identifier (`default = Large`),
/// through invisible groups: on an enum field, a variant.
pub fn bare_ident(expr: &syn::Expr) -> Option<&Ident> {
    match ungroup_expr(expr) {
        syn::Expr::Path(path) if path.qself.is_none() && path.attrs.is_empty() => {
            path.path.get_ident()
        }
        _ => None,
    }
}

/// `T` in `Name<T>` (any path ending in `Name`), through invisible groups
/// around the whole type and around `T`.
fn generic_argument<'t>(ty: &'t syn::Type, name: &str) -> Option<&'t syn::Type> {
    let syn::Type::Path(path) = ungroup(ty) else {
        return None;
    };
    if path.qself.is_some() {
        return None;
    }
    let last = path.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let syn::PathArguments::AngleBracketed(arguments) = &last.arguments else {
        return None;
    };
    match arguments.args.iter().collect::<Vec<_>>().as_slice() {
        [syn::GenericArgument::Type(inner)] => Some(ungroup(inner)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_fallback_honours_crate() {
        let input: syn::DeriveInput = syn::parse_quote! {
            #[elicit(title = "ignored", crate = "my::reexport")]
            struct NotAnEnum;
        };
        assert_eq!(super::fallback_crate(&input).to_string(), "my :: reexport");
        let input: syn::DeriveInput = syn::parse_quote!(
            struct NotAnEnum;
        );
        assert_eq!(super::fallback_crate(&input).to_string(), ":: enum_schema");
    }
}
