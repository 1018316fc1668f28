//! Parsing of `#[elicit(...)]`, and of the `#[serde(...)]` keys that decide
//! wire values, into plain values that keep their tokens for error spans:
//! one loop (`Keys::from_ast`) for the four kinds of item (enum, variant,
//! form, field), each saying what its keys do (`Keys`).

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Attribute, Ident, LitInt, LitStr, Token};

use crate::case::RenameRule;
use crate::ctxt::Ctxt;

/// The attributes of one kind of item: what each `#[elicit(..)]` key does,
/// and which `#[serde(..)]` keys it reads. `key` is the key's name (`""`
/// for a path like `a::b`, which names no key).
pub trait Keys: Default {
    /// The item, as the error for a key it does not have names it.
    const ITEM: &'static str;
    /// Its `#[elicit]` keys, as that error lists them.
    const KEYS: &'static str;

    /// One `#[elicit]` key: `false` if the item has no such key.
    fn elicit(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool>;

    /// One `#[serde]` key: `false` if this item does not read it.
    fn serde(&mut self, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool>;

    /// The one attribute loop: every `#[elicit]` key, with its errors in
    /// `cx`; the `#[serde]` keys the item reads, without errors (serde
    /// reports its own).
    fn from_ast(cx: &Ctxt, attrs: &[Attribute]) -> Self {
        let mut keys = Self::default();
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                let parsed = attr.parse_nested_meta(|meta| {
                    if keys.elicit(cx, &meta, &key_name(&meta))? {
                        Ok(())
                    } else {
                        Err(unknown_key(&meta, Self::ITEM, Self::KEYS))
                    }
                });
                if let Err(error) = parsed {
                    cx.syn_error(error);
                }
            } else if attr.path().is_ident("serde") {
                let _ = attr.parse_nested_meta(|meta| {
                    if keys.serde(&meta, &key_name(&meta))? {
                        Ok(())
                    } else {
                        skip_meta(&meta)
                    }
                });
            }
        }
        keys
    }
}

/// The name of a key: `""` for a path, which names no key.
fn key_name(meta: &ParseNestedMeta) -> String {
    meta.path
        .get_ident()
        .map(Ident::to_string)
        .unwrap_or_default()
}

/// The keys of a select's settings, the same on the enum and on a form
/// field (where they override the enum's).
struct SelectKeys<'a> {
    title: &'a mut Attr<LitStr>,
    description: &'a mut Attr<Description>,
    min_items: &'a mut Attr<usize>,
    max_items: &'a mut Attr<usize>,
    default_items: &'a mut Attr<Vec<OptionRef>>,
}

/// `select_keys`, on each item that has them.
macro_rules! select_keys {
    ($($item:ident),*) => {$(
        impl $item {
            fn select_keys(&mut self) -> SelectKeys<'_> {
                SelectKeys {
                    title: &mut self.title,
                    description: &mut self.description,
                    min_items: &mut self.min_items,
                    max_items: &mut self.max_items,
                    default_items: &mut self.default_items,
                }
            }
        }
    )*};
}

select_keys!(Container, Field);

impl SelectKeys<'_> {
    /// One key: `false` if it is none of these.
    fn elicit(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        match key {
            // title = "..."
            "title" => self.title.set_title(cx, meta)?,
            // description = "..." | description = false
            "description" => self.description.set_description(cx, meta)?,
            // min_items = 1
            "min_items" => self.min_items.set_count(cx, meta, "min_items")?,
            // max_items = 3
            "max_items" => self.max_items.set_count(cx, meta, "max_items")?,
            // default_items = [Red, "green"]
            "default_items" => self.default_items.set_default_items(cx, meta)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// `crate = ".."` alone, read where nothing else can be (an `ElicitEnum`
/// on a struct, an `ElicitForm` on an enum), so that the fallback impl
/// names the `enum-schema` crate the user does; every other key is skipped, and
/// mistakes are left to the derive that reads them.
pub fn crate_path(attrs: &[Attribute]) -> Option<syn::Path> {
    #[derive(Default)]
    struct Crate(Option<syn::Path>);
    impl Keys for Crate {
        // Every key is read or skipped: none is unknown.
        const ITEM: &'static str = "";
        const KEYS: &'static str = "";

        fn elicit(&mut self, _: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
            if key == "crate" {
                self.0 = Some(crate_value(meta)?.1);
            } else {
                skip_meta(meta)?;
            }
            Ok(true)
        }

        fn serde(&mut self, _: &ParseNestedMeta, _: &str) -> syn::Result<bool> {
            Ok(false)
        }
    }
    let scratch = Ctxt::new();
    let found = Crate::from_ast(&scratch, attrs);
    let _ = scratch.check();
    found.0
}

/// One attribute value and the tokens it was written with.
pub struct Attr<T> {
    key: Option<syn::Path>,
    value: Option<(TokenStream, T)>,
}

impl<T> Default for Attr<T> {
    fn default() -> Self {
        Attr {
            key: None,
            value: None,
        }
    }
}

impl<T> Attr<T> {
    /// Sets the value; a second one is an error on its key.
    fn set(&mut self, cx: &Ctxt, key: &syn::Path, tokens: impl ToTokens, value: T) {
        if self.value.is_some() {
            cx.error_spanned_by(
                key,
                format_args!("duplicate elicit attribute `{}`", key.to_token_stream()),
            );
        } else {
            self.key = Some(key.clone());
            self.value = Some((tokens.into_token_stream(), value));
        }
    }

    /// The key the value was written with.
    pub fn key(&self) -> Option<&syn::Path> {
        self.key.as_ref()
    }

    pub fn get(&self) -> Option<&T> {
        self.value.as_ref().map(|(_, value)| value)
    }

    /// The value with the tokens it was written with.
    pub fn get_with_tokens(&self) -> Option<(&TokenStream, &T)> {
        self.value.as_ref().map(|(tokens, value)| (tokens, value))
    }
}

/// `rename` (of a variant or a field) or `rename_all` (of an enum or a
/// form), as `#[elicit]` and `#[serde]` give it: ours decides the wire
/// name, else serde's.
pub struct Renaming<T> {
    pub elicit: Attr<T>,
    /// serde's, the last one written, as in serde. serde reports its own
    /// mistakes; ours would repeat them.
    pub serde: Option<T>,
}

impl<T> Default for Renaming<T> {
    fn default() -> Self {
        Renaming {
            elicit: Attr::default(),
            serde: None,
        }
    }
}

impl Renaming<LitStr> {
    /// serde's `rename`: `false` for another key.
    fn serde(&mut self, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        if key != "rename" {
            return Ok(false);
        }
        if let Some(lit) = serde_name(meta)? {
            self.serde = Some(lit);
        }
        Ok(true)
    }
}

impl Renaming<RenameAll> {
    /// serde's `rename_all`, when it is a rule serde knows: `false` for
    /// another key.
    fn serde(&mut self, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        if key != "rename_all" {
            return Ok(false);
        }
        if let Some(lit) = serde_name(meta)? {
            if let Ok(rule) = RenameRule::from_str(&lit.value()) {
                self.serde = Some(RenameAll { rule, lit });
            }
        }
        Ok(true)
    }
}

impl Attr<LitStr> {
    /// `key = "..."`.
    fn set_string(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<()> {
        let lit = string_value(meta, key)?;
        self.set(cx, &meta.path, &lit, lit.clone());
        Ok(())
    }

    /// `title = "..."`, not empty.
    fn set_title(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let lit = title_value(cx, meta)?;
        self.set(cx, &meta.path, &lit, lit.clone());
        Ok(())
    }
}

impl Attr<usize> {
    /// `key = N`.
    fn set_count(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<()> {
        let lit = count_value(meta, key)?;
        self.set(cx, &meta.path, &lit, lit.base10_parse()?);
        Ok(())
    }
}

impl Attr<()> {
    /// A key without a value.
    fn set_flag(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<()> {
        flag(meta, key)?;
        self.set(cx, &meta.path, &meta.path, ());
        Ok(())
    }
}

impl Attr<syn::Path> {
    /// `crate = "path::to::enum_schema"`.
    fn set_crate(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let (lit, path) = crate_value(meta)?;
        self.set(cx, &meta.path, &lit, path);
        Ok(())
    }
}

impl Attr<Vec<OptionRef>> {
    /// `default_items = [Red, "green"]`.
    fn set_default_items(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let (tokens, items) = default_items_value(meta)?;
        self.set(cx, &meta.path, tokens, items);
        Ok(())
    }
}

impl Attr<syn::Expr> {
    /// `key = <expression>`, with `example` in the error when it is not one.
    fn set_expr(
        &mut self,
        cx: &Ctxt,
        meta: &ParseNestedMeta,
        key: &str,
        example: &str,
    ) -> syn::Result<()> {
        let expr = expr_value(meta, key, example)?;
        self.set(cx, &meta.path, &expr, expr.clone());
        Ok(())
    }
}

impl Attr<RenameAll> {
    /// `rename_all = "<serde rule>"`; an unknown rule lists the known ones.
    fn set_rename_all(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let lit = string_value(meta, "rename_all")?;
        match RenameRule::from_str(&lit.value()) {
            Ok(rule) => self.set(
                cx,
                &meta.path,
                &lit,
                RenameAll {
                    rule,
                    lit: lit.clone(),
                },
            ),
            Err(unknown) => cx.error_spanned_by(&lit, unknown),
        }
        Ok(())
    }
}

/// A reference to an option in `default` or `default_items`: a variant name,
/// or a wire value.
#[derive(Clone)]
pub enum OptionRef {
    Variant(Ident),
    Value(LitStr),
}

impl ToTokens for OptionRef {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            OptionRef::Variant(ident) => ident.to_tokens(tokens),
            OptionRef::Value(lit) => lit.to_tokens(tokens),
        }
    }
}

impl OptionRef {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(LitStr) {
            input.parse().map(OptionRef::Value)
        } else if input.peek(Ident) {
            input.parse().map(OptionRef::Variant)
        } else {
            Err(input.error("expected a variant name like `High` or a wire value like \"high\""))
        }
    }
}

/// `description = "..."` or `description = false`.
pub enum Description {
    /// The description, in place of the doc comment.
    Text(LitStr),
    /// No description: the doc comment is for Rust readers only.
    Off,
}

impl Attr<Description> {
    /// `description = "..."` (not blank) or `description = false`.
    fn set_description(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let example = "description = \"...\"";
        let input = value_of(meta, "description", example)?;
        if input.peek(syn::LitBool) {
            let lit: syn::LitBool = input.parse()?;
            if lit.value {
                cx.error_spanned_by(
                    &lit,
                    "`description = true` changes nothing, since the doc comment is the description already; \
                     write `description = \"...\"` to replace it, or `description = false` to leave it out",
                );
            }
            self.set(cx, &meta.path, &lit, Description::Off);
            return Ok(());
        }
        let message =
            "`description` must be a string literal or `false`, like `description = \"...\"` \
                       or `description = false`";
        if input.peek(LitStr) {
            let lit = unsuffixed(input, message)?;
            if lit.value().trim().is_empty() {
                cx.error_spanned_by(
                    &lit,
                    "an elicitation description must not be empty; write `description = false` to leave the doc comment out",
                );
            }
            self.set(cx, &meta.path, &lit, Description::Text(lit.clone()));
            return Ok(());
        }
        Err(syn::Error::new(value_span(meta, input)?, message))
    }
}

/// A `rename_all` rule and the literal it came from.
pub struct RenameAll {
    pub rule: RenameRule,
    pub lit: LitStr,
}

#[derive(Default)]
pub struct Container {
    pub title: Attr<LitStr>,
    pub description: Attr<Description>,
    pub rename_all: Renaming<RenameAll>,
    pub default: Attr<OptionRef>,
    pub legacy: Attr<()>,
    /// `from_str`, `display`, `as_ref`: the std impls the enum opts into.
    pub from_str: Attr<()>,
    pub display: Attr<()>,
    pub as_ref: Attr<()>,
    pub krate: Attr<syn::Path>,
    /// serde's `untagged`, `tag = ".."` and `content = ".."` on the enum:
    /// representations under which a unit variant is not its name as a
    /// string (`valid.rs` refuses them).
    pub serde_representation: Vec<syn::Path>,
    pub min_items: Attr<usize>,
    pub max_items: Attr<usize>,
    pub default_items: Attr<Vec<OptionRef>>,
}

#[derive(Default)]
pub struct Variant {
    pub title: Attr<LitStr>,
    pub rename: Renaming<LitStr>,
    pub aliases: Vec<LitStr>,
    pub skip: Attr<()>,
    pub default: Attr<()>,
    pub serde_aliases: Vec<LitStr>,
    pub serde_skip: bool,
    /// serde's `untagged` on the variant (serde 1.0.181 and later): it
    /// reads the variant from `null`, not from its name.
    pub serde_untagged: Option<syn::Path>,
}

impl Keys for Container {
    const ITEM: &'static str = "an enum";
    const KEYS: &'static str = "`title`, `description`, `rename_all`, `default`, `legacy`, \
                                `min_items`, `max_items`, `default_items`, `from_str`, `display`, \
                                `as_ref`, `crate`";

    fn elicit(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        match key {
            // rename_all = "kebab-case"
            "rename_all" => self.rename_all.elicit.set_rename_all(cx, meta)?,
            // default = High | default = "high"
            "default" => {
                let value = OptionRef::parse(value_of(meta, "default", "default = High")?)?;
                self.default.set(cx, &meta.path, &value, value.clone());
            }
            // legacy
            "legacy" => self.legacy.set_flag(cx, meta, "legacy")?,
            // from_str, display, as_ref
            "from_str" => self.from_str.set_flag(cx, meta, "from_str")?,
            "display" => self.display.set_flag(cx, meta, "display")?,
            "as_ref" => self.as_ref.set_flag(cx, meta, "as_ref")?,
            // crate = "path::to::enum_schema"
            "crate" => self.krate.set_crate(cx, meta)?,
            _ => return self.select_keys().elicit(cx, meta, key),
        }
        Ok(true)
    }

    fn serde(&mut self, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        match key {
            "untagged" | "tag" | "content" => {
                self.serde_representation.push(meta.path.clone());
                Ok(false)
            }
            _ => self.rename_all.serde(meta, key),
        }
    }
}

impl Keys for Variant {
    const ITEM: &'static str = "a variant";
    const KEYS: &'static str = "`title`, `rename`, `alias`, `skip`, `default`";

    fn elicit(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        match key {
            // title = "..."
            "title" => self.title.set_title(cx, meta)?,
            // rename = "..."
            "rename" => self.rename.elicit.set_string(cx, meta, "rename")?,
            // alias = "..." (repeatable)
            "alias" => self.aliases.push(string_value(meta, "alias")?),
            // skip
            "skip" => self.skip.set_flag(cx, meta, "skip")?,
            // default
            "default" => self.default.set_flag(cx, meta, "default")?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn serde(&mut self, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        match key {
            "alias" => self.serde_aliases.push(meta.value()?.parse()?),
            "skip" | "skip_deserializing" => self.serde_skip = true,
            "untagged" => self.serde_untagged = Some(meta.path.clone()),
            _ => return self.rename.serde(meta, key),
        }
        Ok(true)
    }
}

/// `default_items = [A, "b"]`: the list and the tokens it was written with.
fn default_items_value(meta: &ParseNestedMeta) -> syn::Result<(TokenStream, Vec<OptionRef>)> {
    let input = value_of(meta, "default_items", "default_items = [A, B]")?;
    if !input.peek(syn::token::Bracket) {
        return Err(input.error("`default_items` must be a list, like `default_items = [A, B]`"));
    }
    let content;
    let brackets = syn::bracketed!(content in input);
    let items = content.parse_terminated(OptionRef::parse, Token![,])?;
    let mut tokens = TokenStream::new();
    brackets.surround(&mut tokens, |inner| items.to_tokens(inner));
    Ok((tokens, items.into_iter().collect()))
}

/// `crate = "path"`: the literal and the path in it.
fn crate_value(meta: &ParseNestedMeta) -> syn::Result<(LitStr, syn::Path)> {
    let lit = string_value(meta, "crate")?;
    let path = lit.parse::<syn::Path>().map_err(|_| {
        syn::Error::new(
            lit.span(),
            "`crate` must be a path, like `crate = \"my_crate::enum_schema\"`",
        )
    })?;
    Ok((lit, path))
}

/// `key = <expression>`: a literal, a path or a simple expression (syn
/// parses only those without its "full" feature).
fn expr_value(meta: &ParseNestedMeta, key: &str, example: &str) -> syn::Result<syn::Expr> {
    let input = value_of(meta, key, example)?;
    if input.is_empty() || input.peek(Token![,]) {
        return Err(syn::Error::new_spanned(
            &meta.path,
            format_args!("`{key}` needs a value, like `{example}`"),
        ));
    }
    input.parse().map_err(|error| {
        let message = if key == "default" {
            format!(
                "`{key}` must be a literal, a constant or a variant, like `{example}`; \
                 compute anything more complex in a `const` and name it here \
                 (on an enum field by its path, like `self::DEFAULT`: a bare name there is a variant)"
            )
        } else {
            format!(
                "`{key}` must be a literal or a constant, like `{example}`; \
                 compute anything more complex in a `const` and name it here"
            )
        };
        syn::Error::new(error.span(), message)
    })
}

/// A key that none of `item`'s attributes has, with the list of those it has.
fn unknown_key(meta: &ParseNestedMeta, item: &str, keys: &str) -> syn::Error {
    meta.error(format_args!(
        "unknown elicit attribute `{}` on {item}; expected one of {keys}",
        meta.path.to_token_stream(),
    ))
}

/// A key that takes no value.
fn flag(meta: &ParseNestedMeta, key: &str) -> syn::Result<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        return Err(syn::Error::new_spanned(
            &meta.path,
            format_args!("`{key}` takes no value; write `#[elicit({key})]`"),
        ));
    }
    Ok(())
}

/// The input after `key =`, with a message showing `example` when the `=`
/// is missing.
fn value_of<'a>(
    meta: &'a ParseNestedMeta,
    key: &str,
    example: &str,
) -> syn::Result<ParseStream<'a>> {
    if !meta.input.peek(Token![=]) {
        return Err(syn::Error::new_spanned(
            &meta.path,
            format_args!("`{key}` needs a value, like `{example}`"),
        ));
    }
    meta.value()
}

/// `key = "..."`, with a message naming the key when the value is not a
/// string literal.
fn string_value(meta: &ParseNestedMeta, key: &str) -> syn::Result<LitStr> {
    let example = format!("{key} = \"...\"");
    let input = value_of(meta, key, &example)?;
    let message = format!("`{key}` must be a string literal, like `{example}`");
    if input.peek(LitStr) {
        return unsuffixed(input, &message);
    }
    Err(syn::Error::new(value_span(meta, input)?, message))
}

/// A string literal without a suffix (`"..."x` is none), else `message`
/// on it.
fn unsuffixed(input: ParseStream, message: &str) -> syn::Result<LitStr> {
    let lit: LitStr = input.parse()?;
    if !lit.suffix().is_empty() {
        return Err(syn::Error::new(lit.span(), message));
    }
    Ok(lit)
}

/// Where a value of the wrong kind stands, for its error: its first token,
/// or the key when the value is missing.
fn value_span(meta: &ParseNestedMeta, input: ParseStream) -> syn::Result<proc_macro2::Span> {
    if input.is_empty() {
        Ok(meta.path.span())
    } else {
        Ok(input.parse::<proc_macro2::TokenTree>()?.span())
    }
}

/// `title = "..."`: a string, not empty.
fn title_value(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<LitStr> {
    let lit = string_value(meta, "title")?;
    if lit.value().trim().is_empty() {
        cx.error_spanned_by(
            &lit,
            "an elicitation title must not be empty; leave the title out instead",
        );
    }
    Ok(lit)
}

/// `key = N`: a non-negative integer literal.
fn count_value(meta: &ParseNestedMeta, key: &str) -> syn::Result<LitInt> {
    let example = format!("{key} = 2");
    let input = value_of(meta, key, &example)?;
    let message = format!("`{key}` must be a non-negative integer, like `{example}`");
    if input.peek(LitInt) {
        let lit: LitInt = input.parse()?;
        if lit.base10_parse::<usize>().is_ok() {
            return Ok(lit);
        }
        return Err(syn::Error::new(lit.span(), message));
    }
    if input.peek(Token![-]) {
        let minus: Token![-] = input.parse()?;
        let lit: proc_macro2::TokenTree = input.parse()?;
        return Err(syn::Error::new_spanned(quote::quote!(#minus #lit), message));
    }
    Err(syn::Error::new(value_span(meta, input)?, message))
}

/// serde's `rename = "..."` or `rename(serialize = "...", deserialize = "...")`:
/// the name serde deserializes, which is what a client's answer must match.
fn serde_name(meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
    if meta.input.peek(Token![=]) {
        return meta.value()?.parse().map(Some);
    }
    let mut deserialize = None;
    meta.parse_nested_meta(|inner| {
        if inner.path.is_ident("deserialize") {
            deserialize = Some(inner.value()?.parse()?);
        } else {
            skip_meta(&inner)?;
        }
        Ok(())
    })?;
    Ok(deserialize)
}

/// Skips a serde key we do not read, whatever its form.
fn skip_meta(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        let input = meta.value()?;
        while !input.is_empty() && !input.peek(Token![,]) {
            input.parse::<proc_macro2::TokenTree>()?;
        }
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| skip_meta(&inner))?;
    }
    Ok(())
}

/// The `format` of a string field.
#[derive(Clone, Copy)]
pub enum Format {
    Email,
    Uri,
    Date,
    DateTime,
}

impl Format {
    /// The name on the wire.
    pub fn wire(self) -> &'static str {
        match self {
            Format::Email => "email",
            Format::Uri => "uri",
            Format::Date => "date",
            Format::DateTime => "date-time",
        }
    }

    pub fn variant(self) -> &'static str {
        match self {
            Format::Email => "Email",
            Format::Uri => "Uri",
            Format::Date => "Date",
            Format::DateTime => "DateTime",
        }
    }
}

impl Attr<Format> {
    /// `format = "email" | "uri" | "date" | "date-time"`.
    fn set_format(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let lit = string_value(meta, "format")?;
        let format = match lit.value().as_str() {
            "email" => Format::Email,
            "uri" => Format::Uri,
            "date" => Format::Date,
            "date-time" => Format::DateTime,
            _ => {
                return Err(syn::Error::new(
                    lit.span(),
                    format_args!(
                        "unknown string format {:?}; expected one of \"email\", \"uri\", \"date\", \"date-time\"",
                        lit.value()
                    ),
                ))
            }
        };
        self.set(cx, &meta.path, &lit, format);
        Ok(())
    }
}

/// `#[elicit(...)]` and `#[serde(...)]` on a form struct.
#[derive(Default)]
pub struct FormContainer {
    pub rename_all: Renaming<RenameAll>,
    pub message: Attr<LitStr>,
    /// The name of the generated options struct.
    pub options: Attr<Ident>,
    pub krate: Attr<syn::Path>,
}

/// `#[elicit(...)]` and `#[serde(...)]` on a form field.
#[derive(Default)]
pub struct Field {
    pub title: Attr<LitStr>,
    pub description: Attr<Description>,
    pub rename: Renaming<LitStr>,
    pub default: Attr<syn::Expr>,
    pub min_length: Attr<usize>,
    pub max_length: Attr<usize>,
    pub format: Attr<Format>,
    pub minimum: Attr<syn::Expr>,
    pub maximum: Attr<syn::Expr>,
    pub min_items: Attr<usize>,
    pub max_items: Attr<usize>,
    pub default_items: Attr<Vec<OptionRef>>,
    pub fill_default: Attr<()>,
}

impl Keys for FormContainer {
    const ITEM: &'static str = "a form";
    const KEYS: &'static str = "`rename_all`, `message`, `options`, `crate`";

    fn elicit(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        match key {
            // rename_all = "camelCase"
            "rename_all" => self.rename_all.elicit.set_rename_all(cx, meta)?,
            // message = "..."
            "message" => {
                let lit = string_value(meta, "message")?;
                if lit.value().trim().is_empty() {
                    cx.error_spanned_by(
                        &lit,
                        "an elicitation message must not be empty: it is the question the user reads",
                    );
                }
                self.message.set(cx, &meta.path, &lit, lit.clone());
            }
            // options = "DeployChoices"
            "options" => {
                let lit = string_value(meta, "options")?;
                match lit.parse::<Ident>() {
                    Ok(ident) => self.options.set(cx, &meta.path, &lit, ident),
                    Err(_) => cx.error_spanned_by(
                        &lit,
                        format_args!(
                            "`options` names the generated options struct, and {:?} is not a Rust identifier; write one such as `options = \"DeployChoices\"`",
                            lit.value(),
                        ),
                    ),
                }
            }
            // crate = "path::to::enum_schema"
            "crate" => self.krate.set_crate(cx, meta)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn serde(&mut self, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        self.rename_all.serde(meta, key)
    }
}

impl Keys for Field {
    const ITEM: &'static str = "a form field";
    const KEYS: &'static str = "`title`, `description`, `rename`, `default`, `min_length`, \
                                `max_length`, `format`, `minimum`, `maximum`, `min_items`, \
                                `max_items`, `default_items`, `fill_default`";

    fn elicit(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        match key {
            // rename = "..."
            "rename" => self.rename.elicit.set_string(cx, meta, "rename")?,
            // default = <expression of the field's type>
            "default" => self.default.set_expr(cx, meta, "default", "default = 30")?,
            // min_length = 1
            "min_length" => self.min_length.set_count(cx, meta, "min_length")?,
            // max_length = 80
            "max_length" => self.max_length.set_count(cx, meta, "max_length")?,
            // format = "email" | "uri" | "date" | "date-time"
            "format" => self.format.set_format(cx, meta)?,
            // minimum = 0
            "minimum" => self.minimum.set_expr(cx, meta, "minimum", "minimum = 0")?,
            // maximum = 100
            "maximum" => self
                .maximum
                .set_expr(cx, meta, "maximum", "maximum = 100")?,
            // fill_default
            "fill_default" => self.fill_default.set_flag(cx, meta, "fill_default")?,
            _ => return self.select_keys().elicit(cx, meta, key),
        }
        Ok(true)
    }

    fn serde(&mut self, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        self.rename.serde(meta, key)
    }
}
