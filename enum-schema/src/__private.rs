//! What generated code needs; not public API.

use std::any::Any;
use std::borrow::Cow;
use std::sync::OnceLock;

use serde_json::{Map, Value};

pub use crate::__enum_schema_json_schema as json_schema;
pub use serde_json::Map as JsonMap;
pub use serde_json::Value as JsonValue;

/// The schema rules, for the derive's compile-time checks.
pub mod rules {
    pub use crate::schema::rule::*;
}
use crate::{Error, ErrorKind, FormField, RequestedSchema};

/// Adds one field's property to a `requestedSchema`.
pub fn push_property<F: FormField>(schema: &mut RequestedSchema, name: &'static str, field: &F) {
    schema
        .properties
        .push((Cow::Borrowed(name), field.property()));
    if field.is_required() {
        schema.required.push(Cow::Borrowed(name));
    }
}

/// Parses one field out of `content`, keeping its error.
pub fn parse_field<F: FormField>(
    errors: &mut Vec<Error>,
    content: &mut Map<String, Value>,
    name: &'static str,
    field: &F,
) -> Option<F::Output> {
    match field.parse_field(name, content.remove(name)) {
        Ok(value) => Some(value),
        Err(error) => {
            errors.push(error);
            None
        }
    }
}

/// One derived form field, built on first use and kept: `from_content`
/// does not build its fields again for every answer. One per field of a
/// derived form, in a `static`; it holds one value of the field's type
/// (the derive's opaque `impl FormField`, which only a generic function can
/// name, hence the `Any`).
pub struct FieldCache(OnceLock<Box<dyn Any + Send + Sync>>);

impl FieldCache {
    /// An empty cache.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        FieldCache(OnceLock::new())
    }
}

/// The field `build` makes, built the first time and kept in `cache`.
#[inline]
pub fn cached<F: Any + Send + Sync>(cache: &'static FieldCache, build: fn() -> F) -> &'static F {
    let field = cache.0.get_or_init(|| Box::new(build()));
    match field.downcast_ref::<F>() {
        Some(field) => field,
        None => unreachable!("one field type per cache"),
    }
}

/// The error for the fields that failed.
pub fn combine(errors: Vec<Error>) -> Error {
    Error::combine(errors).unwrap_or_else(|| Error::from(ErrorKind::Multiple(Vec::new())))
}
