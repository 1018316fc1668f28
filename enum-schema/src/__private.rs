//! What generated code needs; not public API.

use std::borrow::Cow;

use serde_json::{Map, Value};

pub use crate::__enum_schema_json_schema as json_schema;
pub use serde_json::Map as JsonMap;
pub use serde_json::Value as JsonValue;

/// The schema rules, for the derive's compile-time checks.
pub mod rules {
    pub use crate::schema::rule::*;
}
use crate::{Error, FormField, RequestedSchema, StringFormat};

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

/// The error for the fields that failed.
pub fn combine(errors: Vec<Error>) -> Error {
    Error::combine(errors).unwrap_or(Error::Multiple(Vec::new()))
}

/// Checks a literal string default against its field's constraints when the
/// server compiles ([`rules::string`]).
pub const fn check_string_default(
    default: &str,
    min_length: Option<usize>,
    max_length: Option<usize>,
    format: Option<StringFormat>,
) {
    if let Err(rule) = rules::string(min_length, max_length, format, Some(default)) {
        panic!("{}", rule.message());
    }
}
