//! What generated code needs; not public API.

use std::any::Any;
use std::borrow::Cow;
use std::mem;
use std::sync::OnceLock;

use serde_json::Value;

pub use crate::__enum_schema_json_schema as json_schema;
pub use serde_json::Map as JsonMap;
pub use serde_json::Value as JsonValue;

/// The schema rules, for the derive's compile-time checks.
pub mod rules {
    pub use crate::schema::rule::*;
}
use crate::error::{Error, ErrorKind};
use crate::field::elicit_enum::ElicitEnum;
pub use crate::field::elicit_enum::{wire_value, Derived};
use crate::field::{parse_required, FormField};
use crate::schema::check::OwnedChoice;
use crate::schema::option::EnumOption;
use crate::schema::rule::shared::str_eq;
use crate::schema::{MultiSelectSchema, PrimitiveSchema, RequestedSchema, SingleSelectSchema};

/// A description from a doc comment with a `#[doc = macro!(..)]` line,
/// which the derive could not read: the text trimmed of ASCII whitespace
/// at both ends (an `include_str!` file's last newline), `None` when
/// nothing is left.
pub const fn doc_text(text: &'static str) -> Option<&'static str> {
    let text = text.trim_ascii();
    if text.is_empty() {
        None
    } else {
        Some(text)
    }
}

/// A derived untitled enum's `OPTIONS`: one option per wire value, in
/// order. One call per enum, where one `EnumOption::untitled` per variant
/// would cost the user's build a call to type-check per variant.
pub const fn untitled<const N: usize>(values: [&'static str; N]) -> [EnumOption; N] {
    let mut options = [const { EnumOption::untitled("") }; N];
    let mut index = 0;
    while index < N {
        // `forget`: a `const fn` cannot run `EnumOption`'s drop glue, and
        // the placeholder it replaces owns nothing.
        mem::forget(mem::replace(
            &mut options[index],
            EnumOption::untitled(values[index]),
        ));
        index += 1;
    }
    options
}

/// A derived titled enum's `OPTIONS`: one option per `(value, title)`, in
/// order (every offered variant of a titled enum has a title).
pub const fn titled<const N: usize>(options: [(&'static str, &'static str); N]) -> [EnumOption; N] {
    let mut titled = [const { EnumOption::untitled("") }; N];
    let mut index = 0;
    while index < N {
        let (value, title) = options[index];
        mem::forget(mem::replace(
            &mut titled[index],
            EnumOption::titled(value, title),
        ));
        index += 1;
    }
    titled
}

/// The wire value a string in a derive attribute names (a form field's
/// `default`, an item of its `default_items`): `value` itself, or the value
/// of the option whose alias it is, as the enum's own `default` reads it.
/// Anything else comes back as it is, for the rule check to refuse.
pub const fn option_value<T: ElicitEnum>(value: &'static str) -> &'static str {
    let aliases = T::__ELICIT_ENUM_DERIVE_ONLY.aliases;
    let mut index = 0;
    while index < aliases.len() {
        let (alias, option) = aliases[index];
        if str_eq(alias, value) {
            return wire_value::<T>(Ok(option));
        }
        index += 1;
    }
    value
}

/// Adds one field's property to a `requestedSchema`.
pub fn push_property<F: FormField>(schema: &mut RequestedSchema, name: &'static str, field: &F) {
    schema
        .properties
        .push((Cow::Borrowed(name), field.property()));
    if field.is_required() {
        schema.required.push(Cow::Borrowed(name));
    }
}

/// Parses one field's answer (`None` when `content` had no such
/// property), keeping its error.
pub fn parse_field<F: FormField>(
    errors: &mut Vec<Error>,
    answer: Option<Value>,
    name: &'static str,
    field: &F,
) -> Option<F::Output> {
    match field.parse_field(name, answer) {
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

/// A derived form's field whose options are given when the request is
/// built: the select from the form's options struct, with the field's
/// `title` and `description` attributes over its own, answered by an
/// owned choice. Built for each request and each answer, from the
/// options passed in (nothing to keep in a `FieldCache`).
pub struct RunTime<'a, S> {
    schema: &'a S,
    title: Option<&'static str>,
    /// `Some(None)`: `description = false`.
    description: Option<Option<&'static str>>,
}

impl<'a, S> RunTime<'a, S> {
    /// The select as given.
    pub fn new(schema: &'a S) -> Self {
        RunTime {
            schema,
            title: None,
            description: None,
        }
    }

    /// The field's `title` attribute.
    pub fn with_title(mut self, title: &'static str) -> Self {
        self.title = Some(title);
        self
    }

    /// The field's `description` attribute or doc comment.
    pub fn with_description(mut self, description: &'static str) -> Self {
        self.description = Some(Some(description));
        self
    }

    /// `description = false`.
    pub fn without_description(mut self) -> Self {
        self.description = Some(None);
        self
    }

    /// The title and description the property carries.
    fn text(
        &self,
        title: &mut Option<Cow<'static, str>>,
        description: &mut Option<Cow<'static, str>>,
    ) {
        if let Some(own) = self.title {
            *title = Some(Cow::Borrowed(own));
        }
        if let Some(own) = self.description {
            *description = own.map(Cow::Borrowed);
        }
    }
}

/// The `FormField` impl of a run-time select in a derived form: the
/// select's own, under the field's labels, its choices owned.
macro_rules! run_time_field {
    ($schema:ident => $output:ty, $variant:ident, |$chosen:ident| $owned:expr) => {
        impl FormField for RunTime<'_, $schema> {
            type Output = $output;

            fn property(&self) -> PrimitiveSchema {
                let mut schema = self.schema.clone();
                self.text(&mut schema.title, &mut schema.description);
                PrimitiveSchema::$variant(schema)
            }

            fn is_required(&self) -> bool {
                true
            }

            fn default_answer(&self) -> Option<Value> {
                FormField::default_answer(&self.schema)
            }

            fn parse_field(
                &self,
                name: &'static str,
                value: Option<Value>,
            ) -> Result<$output, Error> {
                parse_required(name, value, |value| {
                    let $chosen = self.schema.parse_value(value)?;
                    Ok($owned)
                })
            }
        }
    };
}

run_time_field!(SingleSelectSchema => OwnedChoice, SingleSelect, |chosen| OwnedChoice::from(chosen));
run_time_field!(MultiSelectSchema => Vec<OwnedChoice>, MultiSelect, |chosen| {
    chosen.into_iter().map(OwnedChoice::from).collect()
});
