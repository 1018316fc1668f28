//! The `ElicitEnum` derive: the impl, its single- and multi-select
//! schemas, and their canonical JSON written when the server compiles.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use syn::DeriveInput;

use crate::ast::{self, Defaults, Enum};
use crate::doc::Doc;
use crate::{fallback, valid};

/// The impl, or the errors and a stub impl.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let (cx, item) = match super::view(input, Enum::from_ast, "not an enum") {
        Ok(view) => view,
        Err(error) => return fallback::expand(input, ast::fallback_crate(input), error),
    };
    valid::check(&cx, &item);
    let defaults = item.defaults(&cx);
    if let Err(error) = cx.check() {
        return fallback::expand(input, item.krate(), error);
    }
    expand(&item, &defaults)
}

/// A JSON string literal, escaped as serde_json escapes it.
fn json_string(text: &str) -> String {
    let mut json = String::with_capacity(text.len() + 2);
    json.push('"');
    for ch in text.chars() {
        match ch {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            '\n' => json.push_str("\\n"),
            '\r' => json.push_str("\\r"),
            '\t' => json.push_str("\\t"),
            '\u{8}' => json.push_str("\\b"),
            '\u{c}' => json.push_str("\\f"),
            ch if (ch as u32) < 0x20 => json.push_str(&format!("\\u{:04x}", ch as u32)),
            ch => json.push(ch),
        }
    }
    json.push('"');
    json
}

fn json_array<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.map(json_string).collect();
    format!("[{}]", items.join(","))
}

/// The canonical JSON of the single- and multi-select schemas, written
/// when the server compiles, key for key as `enum_schema`'s serializers
/// write it (a test compares the two on every shape); `None` when the
/// description comes from a macro and is only known to rustc.
fn canonical_json(item: &Enum, defaults: &Defaults) -> Option<(String, String)> {
    let description = match item.description() {
        Some(Doc::Text(text)) => Some(text),
        Some(Doc::Tokens(_)) => return None,
        None => None,
    };
    let mut head = String::new();
    if let Some(title) = item.attrs.title.get() {
        head.push_str(&format!(",\"title\":{}", json_string(&title.value())));
    }
    if let Some(description) = &description {
        head.push_str(&format!(",\"description\":{}", json_string(description)));
    }
    let offered: Vec<_> = item.offered().collect();
    let values = || json_array(offered.iter().map(|variant| variant.wire.value.as_str()));
    let titled = item.is_titled();
    let consts = || {
        let consts: Vec<String> = offered
            .iter()
            .map(|variant| {
                let title = variant
                    .attrs
                    .title
                    .get()
                    .map_or(variant.wire.value.clone(), |title| title.value());
                format!(
                    "{{\"const\":{},\"title\":{}}}",
                    json_string(&variant.wire.value),
                    json_string(&title)
                )
            })
            .collect();
        format!("[{}]", consts.join(","))
    };
    let mut single = format!("{{\"type\":\"string\"{head}");
    if item.attrs.legacy.get().is_some() {
        single.push_str(&format!(",\"enum\":{}", values()));
        if titled {
            let titles: Vec<String> = offered
                .iter()
                .map(|variant| {
                    variant
                        .attrs
                        .title
                        .get()
                        .map_or(variant.wire.value.clone(), |title| title.value())
                })
                .collect();
            single.push_str(&format!(
                ",\"enumNames\":{}",
                json_array(titles.iter().map(String::as_str))
            ));
        }
    } else if titled {
        single.push_str(&format!(",\"oneOf\":{}", consts()));
    } else {
        single.push_str(&format!(",\"enum\":{}", values()));
    }
    if let Some(variant) = defaults.single {
        single.push_str(&format!(
            ",\"default\":{}",
            json_string(&variant.wire.value)
        ));
    }
    single.push('}');

    let mut multi = format!("{{\"type\":\"array\"{head}");
    if let Some(min) = item.attrs.min_items.get() {
        multi.push_str(&format!(",\"minItems\":{min}"));
    }
    if let Some(max) = item.attrs.max_items.get() {
        multi.push_str(&format!(",\"maxItems\":{max}"));
    }
    if titled {
        multi.push_str(&format!(",\"items\":{{\"anyOf\":{}}}", consts()));
    } else {
        multi.push_str(&format!(
            ",\"items\":{{\"type\":\"string\",\"enum\":{}}}",
            values()
        ));
    }
    if let Some(variants) = &defaults.multi {
        multi.push_str(&format!(
            ",\"default\":{}",
            json_array(variants.iter().map(|variant| variant.wire.value.as_str()))
        ));
    }
    multi.push('}');
    Some((single, multi))
}

fn expand(item: &Enum, defaults: &Defaults) -> TokenStream {
    let krate = item.krate();
    let ident = item.ident;
    let titled = item.is_titled();

    // Each variant is spelled three times, as strum's three derives spell
    // it: its wire value in `OPTIONS`, an arm of `__elicit_index`, an arm
    // of `from_wire_value`. The rest is derived from those. The variant
    // lists are flat vectors of tokens, interpolated by one `quote!` each,
    // never a `TokenStream` per variant: every stream built is a round
    // trip to the compiler, and with a thousand variants those add up.
    let offered: Vec<_> = item.offered().collect();
    let idents: Vec<&syn::Ident> = offered.iter().map(|variant| variant.ident).collect();
    let values: Vec<Literal> = offered
        .iter()
        .map(|variant| Literal::string(&variant.wire.value))
        .collect();
    let indices = (0..offered.len()).map(Literal::usize_unsuffixed);
    let accepted_values: Vec<Vec<String>> = offered
        .iter()
        .map(|variant| variant.accepted_values().collect())
        .collect();
    let accepted: Vec<Vec<Literal>> = accepted_values
        .iter()
        .map(|values| values.iter().map(|value| Literal::string(value)).collect())
        .collect();
    let options = if titled {
        // `valid` has checked that every offered variant has a title.
        let titles = offered.iter().map(|variant| variant.attrs.title.get());
        quote!(#krate::__private::titled([#((#values, #titles)),*]))
    } else {
        quote!(#krate::__private::untitled([#(#values),*]))
    };

    let skipped: Vec<_> = item
        .variants
        .iter()
        .filter(|variant| variant.is_skipped())
        .collect();
    let skipped_idents = skipped.iter().map(|variant| variant.ident);
    // Only skipped variants may carry data.
    let skipped_rest = skipped.iter().map(|variant| match variant.fields {
        syn::Fields::Unit => quote!(),
        syn::Fields::Unnamed(_) => quote!((..)),
        syn::Fields::Named(_) => quote!({ .. }),
    });
    let skipped_values = skipped.iter().map(|variant| &variant.wire.value);

    // The enum-level attributes: only those the enum sets; the rest come
    // from `Derived::NONE`.
    let mut attrs = TokenStream::new();
    if let Some(title) = item.attrs.title.get() {
        attrs.extend(quote!(title: ::core::option::Option::Some(#title),));
    }
    match item.description() {
        Some(Doc::Text(text)) => {
            attrs.extend(quote!(description: ::core::option::Option::Some(#text),));
        }
        Some(Doc::Tokens(tokens)) => {
            attrs.extend(quote!(description: #krate::__private::doc_text(#tokens),));
        }
        None => {}
    }
    if let Some(variant) = defaults.single {
        let value = &variant.wire.value;
        attrs.extend(quote!(default: ::core::option::Option::Some(#value),));
    }
    if item.attrs.legacy.get().is_some() {
        attrs.extend(quote!(legacy: true,));
    }
    if let Some(min) = item.attrs.min_items.get() {
        attrs.extend(quote!(min_items: ::core::option::Option::Some(#min),));
    }
    if let Some(max) = item.attrs.max_items.get() {
        attrs.extend(quote!(max_items: ::core::option::Option::Some(#max),));
    }
    if let Some(variants) = &defaults.multi {
        let values = variants.iter().map(|variant| &variant.wire.value);
        attrs.extend(quote!(default_items: ::core::option::Option::Some(&[#(#values),*]),));
    }
    // Each variant's accepted values after its own: its aliases.
    let (aliases, alias_indices): (Vec<&Literal>, Vec<Literal>) = accepted
        .iter()
        .enumerate()
        .flat_map(|(index, values)| {
            values[1..]
                .iter()
                .map(move |alias| (alias, Literal::usize_unsuffixed(index)))
        })
        .unzip();
    if !aliases.is_empty() {
        attrs.extend(quote!(aliases: &[#((#aliases, #alias_indices)),*],));
    }
    let json = match canonical_json(item, defaults) {
        Some((single, multi)) => quote!(::core::option::Option::Some([#single, #multi])),
        None => quote!(::core::option::Option::None),
    };

    // The parameter of `from_wire_value`: mixed-site hygiene, and the
    // derives' own prefix, as every local of theirs (`elicit_form::local`).
    let value = syn::Ident::new("__elicit_value", proc_macro2::Span::mixed_site());
    let lookup = lookup(&value, &idents, &accepted_values, &accepted);
    let allows = ast::lint_allows(item.input);
    // No `const _: () = { .. }` around the impls: one more body for rustc
    // to check per enum, and nothing here needs a private scope. An
    // `#[allow]` on the enum does not reach the impls: `allows` carries it
    // to each. `__elicit_index` is the variant's position in `OPTIONS`, or
    // a skipped variant's wire value, in a `const fn` for `ElicitForm` to
    // check a default variant when the server compiles.
    let std_impls = std_impls(item, &krate);
    quote! {
        #allows
        // Not `#[automatically_derived]`: rustc takes it on trait impls only.
        impl #ident {
            #[doc(hidden)]
            #[inline]
            pub const fn __elicit_index(
                &self,
            ) -> ::core::result::Result<::core::primitive::usize, &'static ::core::primitive::str> {
                ::core::result::Result::Ok(match *self {
                    #(Self::#idents => #indices,)*
                    #(Self::#skipped_idents #skipped_rest => return ::core::result::Result::Err(#skipped_values),)*
                })
            }
        }

        #allows
        #[automatically_derived]
        impl #krate::ElicitEnum for #ident {
            const __ELICIT_ENUM_DERIVE_ONLY: #krate::__private::Derived<Self> = #krate::__private::Derived {
                index: Self::__elicit_index,
                options: &#options,
                json: #json,
                #attrs
                ..#krate::__private::Derived::NONE
            };

            #[inline]
            fn from_wire_value(#value: &::core::primitive::str) -> ::core::option::Option<Self> {
                #lookup
            }
        }

        #krate::__private::json_schema!(#allows enum #ident);

        #std_impls
    }
}

/// Above this many accepted values (wire values and aliases),
/// `from_wire_value` narrows the arms before it compares strings. Below,
/// the flat `match` is as fast as a hand-written one, and it is the
/// cheapest to compile: every narrowing is one more `match` for rustc.
const NARROW_ABOVE: usize = 64;

/// Arms of one length are narrowed by a byte when more than this many.
const COMPARE_AT_MOST: usize = 16;

/// The body of `from_wire_value`. A `match` on a `&str` tries the arms of
/// the value's length one after the other, so for a long list it first
/// takes the arms of the value's byte length, then (if more than
/// [`COMPARE_AT_MOST`] are left) those whose byte at one position is the
/// value's, the position that tells most of them apart, each a jump: a
/// 512-variant enum's look-up compares a few strings, not a few dozen. One
/// byte deep at most, so that the narrowing adds a few `match`es per length,
/// never one per variant.
fn lookup(
    value: &syn::Ident,
    idents: &[&syn::Ident],
    accepted_values: &[Vec<String>],
    accepted: &[Vec<Literal>],
) -> TokenStream {
    let count: usize = accepted.iter().map(Vec::len).sum();
    if count <= NARROW_ABOVE {
        return quote! {
            ::core::option::Option::Some(match #value {
                #(#(#accepted)|* => Self::#idents,)*
                _ => return ::core::option::Option::None,
            })
        };
    }
    // Each accepted value with its variant, by byte length; in declaration
    // order within a length, as in the flat `match`.
    let mut by_length: BTreeMap<usize, Vec<Arm<'_>>> = BTreeMap::new();
    for ((ident, values), literals) in idents.iter().zip(accepted_values).zip(accepted) {
        for (string, literal) in values.iter().zip(literals) {
            by_length.entry(string.len()).or_default().push(Arm {
                bytes: string.as_bytes(),
                literal,
                ident,
            });
        }
    }
    let lengths = by_length
        .keys()
        .map(|length| Literal::usize_unsuffixed(*length));
    let groups = by_length.values().map(|arms| narrowed(value, arms));
    quote! {
        ::core::option::Option::Some(match #value.len() {
            #(#lengths => #groups,)*
            _ => return ::core::option::Option::None,
        })
    }
}

/// An accepted value of `from_wire_value` and its variant.
#[derive(Clone, Copy)]
struct Arm<'a> {
    bytes: &'a [u8],
    literal: &'a Literal,
    ident: &'a syn::Ident,
}

/// The `match` over `arms`, all of one byte length: if more than
/// [`COMPARE_AT_MOST`], first by the byte that tells most of them apart,
/// then on the whole string.
fn narrowed(value: &syn::Ident, arms: &[Arm<'_>]) -> TokenStream {
    if arms.len() <= COMPARE_AT_MOST {
        return flat(value, arms);
    }
    let distinct = |position: usize| {
        let bytes: BTreeSet<u8> = arms.iter().map(|arm| arm.bytes[position]).collect();
        bytes.len()
    };
    // The position of the most distinct bytes (the first of those), if it
    // tells any two arms apart.
    let position = (0..arms[0].bytes.len())
        .map(|position| (distinct(position), Reverse(position)))
        .max()
        .filter(|&(distinct, _)| distinct > 1)
        .map(|(_, Reverse(position))| position);
    let Some(position) = position else {
        return flat(value, arms);
    };
    let mut by_byte: BTreeMap<u8, Vec<Arm<'_>>> = BTreeMap::new();
    for arm in arms {
        by_byte.entry(arm.bytes[position]).or_default().push(*arm);
    }
    let bytes = by_byte.keys().map(|byte| Literal::u8_suffixed(*byte));
    let groups = by_byte.values().map(|arms| flat(value, arms));
    let position = Literal::usize_unsuffixed(position);
    quote! {
        match #value.as_bytes().get(#position) {
            #(::core::option::Option::Some(&#bytes) => #groups,)*
            _ => return ::core::option::Option::None,
        }
    }
}

/// The `match` on the whole string over `arms`.
fn flat(value: &syn::Ident, arms: &[Arm<'_>]) -> TokenStream {
    let literals = arms.iter().map(|arm| arm.literal);
    let idents = arms.iter().map(|arm| arm.ident);
    quote! {
        match #value {
            #(#literals => Self::#idents,)*
            _ => return ::core::option::Option::None,
        }
    }
}

/// The std impls the enum opts into (`from_str`, `display`, `as_ref`), each
/// over the wire value. Opt-in: an impl of the user's own would conflict,
/// and each costs every build of the enum's crate a body to check.
fn std_impls(item: &Enum, krate: &TokenStream) -> TokenStream {
    let ident = item.ident;
    let allows = ast::lint_allows(item.input);
    let mut impls = TokenStream::new();
    if item.attrs.from_str.get().is_some() {
        impls.extend(quote! {
            #allows
            #[automatically_derived]
            impl ::core::str::FromStr for #ident {
                type Err = #krate::Error;

                #[inline]
                fn from_str(value: &::core::primitive::str) -> ::core::result::Result<Self, #krate::Error> {
                    <Self as #krate::ElicitEnum>::parse(value).map_err(#krate::Error::from)
                }
            }
        });
    }
    if item.attrs.display.get().is_some() {
        impls.extend(quote! {
            #allows
            #[automatically_derived]
            impl ::core::fmt::Display for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.pad(<Self as #krate::ElicitEnum>::value(self))
                }
            }
        });
    }
    if item.attrs.as_ref.get().is_some() {
        impls.extend(quote! {
            #allows
            #[automatically_derived]
            impl ::core::convert::AsRef<::core::primitive::str> for #ident {
                #[inline]
                fn as_ref(&self) -> &::core::primitive::str {
                    <Self as #krate::ElicitEnum>::value(self)
                }
            }
        });
    }
    impls
}
