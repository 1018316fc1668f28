//! The optional integrations, each behind the cargo feature of the same
//! name: `rmcp`, `rust-mcp-sdk`, `tower-mcp`, `pmcp` and `schemars`. Each SDK
//! adapter implements the core's `Sdk` (`crate::ask`).

/// `From<$from> for $into` by value, through the conversion by reference:
/// the owned forms of an SDK's conversions.
#[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
macro_rules! from_owned {
    ($($from:ty => $into:ty),* $(,)?) => {$(
        impl From<$from> for $into {
            fn from(value: $from) -> Self {
                <$into>::from(&value)
            }
        }
    )*};
}

/// A prompt's `arguments` (MCP's `GetPromptRequest`: strings by name), as
/// the JSON object a state is bound to and an argument answers from, for
/// the SDKs that hand a prompt handler a map of strings.
#[cfg(any(feature = "pmcp", feature = "tower-mcp"))]
fn prompt_arguments(
    arguments: &std::collections::HashMap<String, String>,
) -> serde_json::Map<String, serde_json::Value> {
    arguments
        .iter()
        .map(|(name, value)| (name.clone(), serde_json::Value::from(value.as_str())))
        .collect()
}

// The docs of pmcp, rmcp and tower-mcp have a section on the `host`
// feature, which links to `crate::host`: a build without it has no such
// items, and there the links are text. The docs with every feature
// (docs.rs, .ci/habits.sh) check each link.
#[cfg(feature = "pmcp")]
#[cfg_attr(not(feature = "host"), allow(rustdoc::broken_intra_doc_links))]
pub mod pmcp;
#[cfg(feature = "rmcp")]
#[cfg_attr(not(feature = "host"), allow(rustdoc::broken_intra_doc_links))]
pub mod rmcp;
#[cfg(feature = "rust-mcp-sdk")]
pub mod rust_mcp_sdk;
#[cfg(feature = "schemars")]
pub mod schemars;
#[cfg(feature = "tower-mcp")]
#[cfg_attr(not(feature = "host"), allow(rustdoc::broken_intra_doc_links))]
pub mod tower_mcp;

/// `schemars::JsonSchema` for a derived type, or nothing when the `schemars`
/// feature is off: the derives emit `__enum_schema_json_schema!(enum Type)`
/// and `__enum_schema_json_schema!(form Type)`, each optionally preceded by
/// the type's `#[allow]`s for the impl, so that the feature is decided
/// here, in the runtime crate, and users never name schemars.
#[cfg(feature = "schemars")]
#[doc(hidden)]
#[macro_export]
macro_rules! __enum_schema_json_schema {
    ($(#[$attr:meta])* enum $ty:ty) => {
        $crate::__enum_schema_json_schema!(@impl [$(#[$attr])*] $ty, enum_schema);
    };
    ($(#[$attr:meta])* form $ty:ty) => {
        $crate::__enum_schema_json_schema!(@impl [$(#[$attr])*] $ty, form_schema);
    };
    (@impl [$($attr:tt)*] $ty:ty, $schema:ident) => {
        $($attr)*
        #[automatically_derived]
        impl $crate::__schemars::JsonSchema for $ty {
            fn inline_schema() -> ::core::primitive::bool {
                true
            }

            fn schema_name() -> ::std::borrow::Cow<'static, ::core::primitive::str> {
                ::std::borrow::Cow::Borrowed(::core::stringify!($ty))
            }

            fn schema_id() -> ::std::borrow::Cow<'static, ::core::primitive::str> {
                ::std::borrow::Cow::Borrowed(::core::concat!(
                    ::core::module_path!(),
                    "::",
                    ::core::stringify!($ty)
                ))
            }

            fn json_schema(
                _: &mut $crate::__schemars::SchemaGenerator,
            ) -> $crate::__schemars::Schema {
                $crate::__schemars::$schema::<$ty>()
            }
        }
    };
}

/// The `schemars` feature is off: no `JsonSchema` impl.
#[cfg(not(feature = "schemars"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __enum_schema_json_schema {
    ($($input:tt)*) => {};
}
