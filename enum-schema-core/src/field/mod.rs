//! The typed fields: builders over the wire model, and [`FormField`], what
//! makes each one a field of a form.

use serde_json::Value;

use crate::error::{Error, ErrorKind};
use crate::schema::PrimitiveSchema;

/// `with_title` and `with_description`, the label builders every field
/// has: each stores `$store(text)` in the `title` or `description` of
/// `self` (or of `self.$place`).
macro_rules! label_builders {
    ($text:ty, self $(.$place:ident)* => $store:expr) => {
        /// Sets the field's `title`.
        pub fn with_title(mut self, title: $text) -> Self {
            self$(.$place)*.title = Some($store(title));
            self
        }

        /// Sets the field's `description`.
        pub fn with_description(mut self, description: $text) -> Self {
            self$(.$place)*.description = Some($store(description));
            self
        }
    };
}

/// One field of a [`Form`](crate::Form): its property schema and how its answer parses.
///
/// Implemented by [`SingleSelectField<T>`](crate::SingleSelectField) (answer `T`), [`MultiSelectField<T>`](crate::MultiSelectField)
/// (answer `Vec<T>`), [`StringField`](crate::StringField) (`String`),
/// [`NumberField<N>`](crate::NumberField) (`N`),
/// [`BooleanField`](crate::BooleanField) (`bool`), `&`[`SingleSelectSchema`](crate::schema::SingleSelectSchema)
/// and `&`[`MultiSelectSchema`](crate::schema::MultiSelectSchema) (options known at
/// run time; answer [`Choice`](crate::Choice) and `Vec<Choice>`, borrowed
/// from the schema), [`Optional`](crate::Optional) (answer `Option<_>`, not in `required`)
/// and [`FillDefault`](crate::FillDefault) (the field's `default` when left out, not in
/// `required`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a form field",
    label = "not a FormField",
    note = "a form field is a derived enum's `SINGLE_SELECT` or `MULTI_SELECT`, a `StringField`, `NumberField` or `BooleanField`, a `&SingleSelectSchema` or `&MultiSelectSchema`, or one of these in `Optional` or `FillDefault`",
    note = "a select built at run time is a field by reference: write `&select` (its answer borrows from it)"
)]
pub trait FormField {
    /// The typed answer.
    type Output;

    /// The property schema.
    fn property(&self) -> PrimitiveSchema;

    /// Whether the property is listed in `required`.
    fn is_required(&self) -> bool;

    /// The property's `default` as the answer a client would send for it
    /// (see [`PrimitiveSchema::default_answer`]): what [`FillDefault`](crate::FillDefault)
    /// parses when the client leaves the field out.
    fn default_answer(&self) -> Option<Value> {
        self.property().default_answer()
    }

    /// Parses the answer; `value` is `None` when the client sent none.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MissingField`] for a missing required value, and the errors
    /// of the field's own parsing, with `field` set to `name`.
    fn parse_field(&self, name: &'static str, value: Option<Value>) -> Result<Self::Output, Error>;
}

/// Parses the value of a required field, naming the field in any error.
pub(crate) fn parse_required<T>(
    name: &'static str,
    value: Option<Value>,
    parse: impl FnOnce(Value) -> Result<T, Error>,
) -> Result<T, Error> {
    let value = value.ok_or_else(|| Error::from(ErrorKind::MissingField).in_field(name))?;
    parse(value).map_err(|error| error.in_field(name))
}

/// The `FormField` impl of a field that is required and answered by its
/// own `parse_value`: `$property` is its property, computed from `$field`.
macro_rules! required_field {
    (impl$(<$param:ident: $bound:path>)? FormField for $ty:ty => $output:ty, |$field:ident| $property:expr) => {
        impl$(<$param: $bound>)? $crate::field::FormField for $ty {
            type Output = $output;

            fn property(&self) -> $crate::schema::PrimitiveSchema {
                let $field = self;
                $property
            }

            fn is_required(&self) -> bool {
                true
            }

            fn parse_field(
                &self,
                name: &'static str,
                value: ::core::option::Option<::serde_json::Value>,
            ) -> ::core::result::Result<$output, $crate::error::Error> {
                $crate::field::parse_required(name, value, |value| self.parse_value(value))
            }
        }
    };
}

pub(crate) mod dynamic;
pub(crate) mod elicit_enum;
pub(crate) mod primitive;
pub(crate) mod select;
