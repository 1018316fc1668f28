//! The `ElicitEnum` derive: the impl, its single- and multi-select
//! schemas, and their canonical JSON written when the server compiles.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use super::{some_str, some_usize};
use crate::ast::{self, Defaults, Enum};
use crate::ctxt::Ctxt;
use crate::{fallback, valid};

/// The impl, or the errors and a stub impl.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let Some(item) = Enum::from_ast(&cx, input) else {
        let error = cx
            .check()
            .err()
            .unwrap_or_else(|| syn::Error::new_spanned(&input.ident, "not an enum"));
        return fallback::expand(input, ast::fallback_crate(input), error);
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
        Some(crate::doc::Doc::Text(text)) => Some(text),
        Some(crate::doc::Doc::Tokens(_)) => return None,
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
    // of `from_wire_value`. The rest is derived from those.
    let offered: Vec<_> = item.offered().collect();
    let options = if titled {
        let options = offered.iter().map(|variant| {
            let value = &variant.wire.value;
            // `valid` has checked that every offered variant has a title.
            let title = variant.attrs.title.get();
            quote!((#value, #title))
        });
        quote!(#krate::__private::titled([#(#options),*]))
    } else {
        let values = offered.iter().map(|variant| &variant.wire.value);
        quote!(#krate::__private::untitled([#(#values),*]))
    };

    let mut offered_index = 0;
    let index_arms = item.variants.iter().map(|variant| {
        let variant_ident = variant.ident;
        if variant.is_skipped() {
            // Only skipped variants may carry data.
            let rest = match variant.fields {
                syn::Fields::Unit => quote!(),
                syn::Fields::Unnamed(_) => quote!((..)),
                syn::Fields::Named(_) => quote!({ .. }),
            };
            let value = &variant.wire.value;
            quote!(Self::#variant_ident #rest => return ::core::result::Result::Err(#value))
        } else {
            let index = proc_macro2::Literal::usize_unsuffixed(offered_index);
            offered_index += 1;
            quote!(Self::#variant_ident => #index)
        }
    });
    let from_wire_value_arms = offered.iter().map(|variant| {
        let variant_ident = variant.ident;
        let values = variant.accepted().into_iter().map(|(value, _)| value);
        quote!(#(#values)|* => Self::#variant_ident)
    });

    let title = some_str(item.attrs.title.get().map(|lit| lit.value()));
    let description = match item.description() {
        Some(doc) => quote!(::core::option::Option::Some(#doc)),
        None => quote!(::core::option::Option::None),
    };
    let default = some_str(defaults.single.map(|variant| variant.wire.value.clone()));
    let legacy = item.attrs.legacy.get().is_some();
    let min_items = some_usize(item.attrs.min_items.get().copied());
    let max_items = some_usize(item.attrs.max_items.get().copied());
    let default_items = match &defaults.multi {
        Some(variants) => {
            let values = variants.iter().map(|variant| &variant.wire.value);
            quote!(::core::option::Option::Some(&[#(#values),*]))
        }
        None => quote!(::core::option::Option::None),
    };
    let (single_json, multi_json) = match canonical_json(item, defaults) {
        Some((single, multi)) => (
            quote!(::core::option::Option::Some(#single)),
            quote!(::core::option::Option::Some(#multi)),
        ),
        None => (
            quote!(::core::option::Option::None),
            quote!(::core::option::Option::None),
        ),
    };

    let allows = ast::lint_allows(item.input);
    quote! {
        // An `#[allow]` on the enum does not reach here: `allows` carries it.
        #[doc(hidden)]
        #allows
        const _: () = {
        #[automatically_derived]
        impl #ident {
            /// The variant's position in `OPTIONS`, or a skipped variant's
            /// wire value: in a `const fn`, for `ElicitForm` to check a
            /// default variant when the server compiles.
            #[doc(hidden)]
            #[inline]
            #[allow(dead_code)]
            pub const fn __elicit_index(
                &self,
            ) -> ::core::result::Result<::core::primitive::usize, &'static ::core::primitive::str> {
                ::core::result::Result::Ok(match *self {
                    #(#index_arms,)*
                })
            }
        }

        #[automatically_derived]
        impl #krate::ElicitEnum for #ident {
            const OPTIONS: &'static [#krate::EnumOption] = &#options;
            const SCHEMA: #krate::SingleSelectField<Self> =
                #krate::SingleSelectField::__from_derive(#title, #description, #default, #legacy, #single_json);
            const MULTI_SCHEMA: #krate::MultiSelectField<Self> =
                #krate::MultiSelectField::__from_derive(#title, #description, #min_items, #max_items, #default_items, #multi_json);

            #[inline]
            fn value(&self) -> &'static ::core::primitive::str {
                #krate::__private::wire_value::<Self>(Self::__elicit_index(self))
            }

            #[inline]
            fn option_index(&self) -> ::core::option::Option<::core::primitive::usize> {
                Self::__elicit_index(self).ok()
            }

            #[inline]
            fn from_wire_value(__value: &::core::primitive::str) -> ::core::option::Option<Self> {
                ::core::option::Option::Some(match __value {
                    #(#from_wire_value_arms,)*
                    _ => return ::core::option::Option::None,
                })
            }
        }

        #krate::__private::json_schema!(enum #ident);
        };
    }
}
