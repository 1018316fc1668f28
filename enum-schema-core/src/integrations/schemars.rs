//! `schemars::JsonSchema` with the SEP-1330 shapes (feature `schemars`).
//!
//! schemars is how typed Rust code describes itself as JSON Schema, and
//! rmcp's own typed elicitation (`Peer::elicit::<T>()`) builds its
//! `requestedSchema` with it. Left to its own devices, schemars describes a
//! fieldless enum as a `$ref` to `{"type":"string","enum":[..]}` under
//! `$defs`, which rmcp rejects, or inline without the titles; the impls here
//! give exactly the JSON of this crate's wire model instead, inline, with
//! `type` always present and never a `$ref`, `$defs` or `$schema`.
//!
//! | type | `JsonSchema` |
//! |---|---|
//! | a derived `ElicitEnum` `T` | `T::SINGLE_SELECT`: the single-select shape |
//! | [`SingleSelectField<T>`] | `T::SINGLE_SELECT` |
//! | [`MultiSelectField<T>`] | `T::MULTI_SELECT`: the multi-select shape |
//! | a derived `ElicitForm` `F` | `F::requested_schema()`: `{"type":"object","properties":{..},"required":[..]}` |
//!
//! A schemars-derived struct takes its fields' schemas from their types, so
//! a `T` field gets the single-select shape. Two field types need a
//! `#[schemars(with = "...")]`, because schemars builds their schema from
//! `T`'s without asking `T`: `Vec<T>` (schemars would send
//! `{"type":"array","items":<the single-select schema>}`) and `Option<T>`
//! (schemars would add `null` to the options). Name the multi-select type for
//! the first, and for the second the single-select type with serde's
//! `default`, which keeps the field out of `required`:
//!
//! ```ignore
//! #[derive(schemars::JsonSchema, serde::Deserialize)]
//! struct Triage {
//!     severity: Severity,
//!     #[schemars(with = "enum_schema::MultiSelectField<Service>")]
//!     services: Vec<Service>,
//!     #[serde(default)]
//!     #[schemars(with = "enum_schema::SingleSelectField<Team>")]
//!     team: Option<Team>,
//! }
//! ```
//!
//! A struct deriving `ElicitForm` needs none of this: its `JsonSchema` is
//! its `requestedSchema`.
//!
//! With this feature on, `ElicitEnum` and `ElicitForm` implement
//! `JsonSchema` themselves: do not derive schemars' `JsonSchema` on the same
//! type as well (the two impls would conflict).

use std::borrow::Cow;

use ::schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde_json::Value;

use crate::field::elicit_enum::ElicitEnum;
use crate::field::elicit_enum::{MultiSelectField, SingleSelectField};

/// The schema of a wire-model value: its JSON, which is always an object.
fn to_schema(value: impl Serialize) -> Schema {
    match serde_json::to_value(value) {
        Ok(Value::Object(object)) => Schema::from(object),
        // The wire model serializes to JSON objects, with string keys and
        // finite numbers only; nothing else can come out.
        other => unreachable!("a schema serialized to {other:?}"),
    }
}

/// The last segment of a type's path: `Severity` for `my_crate::Severity`.
fn short_name<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    name.rsplit("::").next().unwrap_or(name)
}

/// The `JsonSchema` of a select field: `T::$constant`, always inline,
/// named `$name` from `T`'s short name.
macro_rules! select_schema {
    ($(#[$doc:meta])* $field:ident, $constant:ident, |$short:ident| $name:expr) => {
        $(#[$doc])*
        impl<T: ElicitEnum> JsonSchema for $field<T> {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> Cow<'static, str> {
                let $short = short_name::<T>();
                $name
            }

            fn schema_id() -> Cow<'static, str> {
                Cow::Owned(format!(
                    concat!("enum_schema::", stringify!($field), "<{}>"),
                    std::any::type_name::<T>()
                ))
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                to_schema(T::$constant)
            }
        }
    };
}

select_schema! {
    /// The single-select schema of a derived enum, `T::SINGLE_SELECT`:
    /// `{"type":"string","enum":[..]}`, `{"type":"string","oneOf":[{"const":..,"title":..},..]}`
    /// or the legacy `{"type":"string","enum":[..],"enumNames":[..]}`, with the
    /// enum's `title`, `description` and `default` (MCP 2025-11-25, SEP-1330).
    /// Always inline.
    ///
    /// ```
    /// use enum_schema::{ElicitEnum, SingleSelectField};
    /// use serde_json::json;
    ///
    /// #[derive(ElicitEnum)]
    /// #[elicit(rename_all = "lowercase", default = Low)]
    /// enum Severity {
    ///     #[elicit(title = "Low")]
    ///     Low,
    ///     #[elicit(title = "High")]
    ///     High,
    /// }
    ///
    /// let schema = schemars::SchemaGenerator::default().into_root_schema_for::<SingleSelectField<Severity>>();
    /// let mut json = schema.to_value();
    /// // What schemars adds at the root of any schema, not ours:
    /// json.as_object_mut().unwrap().remove("$schema");
    /// json.as_object_mut().unwrap().remove("title");
    /// assert_eq!(json, json!({
    ///     "type": "string",
    ///     "oneOf": [{"const": "low", "title": "Low"}, {"const": "high", "title": "High"}],
    ///     "default": "low",
    /// }));
    /// ```
    SingleSelectField, SINGLE_SELECT, |name| Cow::Borrowed(name)
}

select_schema! {
    /// The multi-select schema of a derived enum, `T::MULTI_SELECT`:
    /// `{"type":"array","items":{"type":"string","enum":[..]}}` or
    /// `{"type":"array","items":{"anyOf":[{"const":..,"title":..},..]}}`, with
    /// the enum's `title`, `description`, `minItems`, `maxItems` and `default`
    /// (MCP 2025-11-25, SEP-1330). Always inline: name it in
    /// `#[schemars(with = "enum_schema::MultiSelectField<T>")]` on a `Vec<T>` field.
    MultiSelectField, MULTI_SELECT, |name| {
        Cow::Owned(format!("Array_of_{name}"))
    }
}

/// What `__enum_schema_json_schema!` expands to; not public API.
#[doc(hidden)]
pub mod support {
    pub use ::schemars::{JsonSchema, Schema, SchemaGenerator};

    use crate::field::elicit_enum::ElicitEnum;
    use crate::form::ElicitForm;

    /// The `JsonSchema` of a derived enum: its single-select schema.
    pub fn enum_schema<T: ElicitEnum>() -> Schema {
        super::to_schema(T::SINGLE_SELECT)
    }

    /// The `JsonSchema` of a derived form: its `requestedSchema`.
    pub fn form_schema<F: ElicitForm>() -> Schema {
        super::to_schema(F::requested_schema())
    }
}
