//! The typed schemas of a derived enum ([`SingleSelectField`],
//! [`MultiSelectField`], defined beside [`ElicitEnum`]), with `const`
//! builders.

use std::borrow::Cow;
use std::fmt;

use serde::ser::{Serialize, Serializer};
use serde_json::Value;

use crate::error::Error;
use crate::field::elicit_enum::{Defaults, ElicitEnum};
// Defined beside `ElicitEnum`, whose constants they are.
use crate::field::elicit_enum::{MultiSelectField, SingleSelectField};
use crate::schema::check as parse;
use crate::schema::option::EnumOption;
use crate::schema::{
    rule, serialize_multi, MultiSelectSchema, PrimitiveSchema, SingleSelectSchema,
};

/// What the two select fields share, written once: `Clone` and `Copy`
/// whatever `T` is, and the conversion into the wire model.
macro_rules! select_impls {
    ($field:ident => $schema:ident) => {
        impl<T> Clone for $field<T> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<T> Copy for $field<T> {}

        impl<T: ElicitEnum> From<$field<T>> for $schema {
            fn from(select: $field<T>) -> Self {
                select.to_schema()
            }
        }
    };
}

select_impls!(SingleSelectField => SingleSelectSchema);
select_impls!(MultiSelectField => MultiSelectSchema);

/// The start of a select field's `Debug`: its name and labels.
fn debug_labels<'a, 'b>(
    f: &'a mut fmt::Formatter<'b>,
    name: &str,
    title: &Option<&'static str>,
    description: &Option<&'static str>,
) -> fmt::DebugStruct<'a, 'b> {
    let mut debug = f.debug_struct(name);
    debug
        .field("title", title)
        .field("description", description);
    debug
}

/// The label builders and getters of a select field, the same on both;
/// `$schema` and `$json` are the `without_description` example's constant
/// and its JSON.
macro_rules! labels {
    ($schema:ident, $json:literal) => {
        /// Sets the field's `title`.
        ///
        /// # Panics
        ///
        /// If `title` is empty (in a constant: a compile error).
        pub const fn with_title(mut self, title: &'static str) -> Self {
            self.json = None;
            assert!(!title.is_empty(), "an elicitation title must not be empty");
            self.title = Some(title);
            self
        }

        /// Sets the field's `description`.
        pub const fn with_description(mut self, description: &'static str) -> Self {
            self.json = None;
            self.description = Some(description);
            self
        }

        /// Removes `description`, such as the one the enum's doc comment gives
        /// (what a field's `#[elicit(description = false)]` does).
        ///
        /// ```
        /// use enum_schema::ElicitEnum;
        /// use serde_json::json;
        ///
        /// /// Maps to the `region` column.
        /// #[derive(ElicitEnum)]
        /// #[elicit(rename_all = "kebab-case")]
        /// enum Region { UsEast, EuWest }
        ///
        /// assert_eq!(
        #[doc = concat!("     serde_json::to_value(Region::", stringify!($schema), ".without_description()).unwrap(),")]
        #[doc = concat!("     json!(", $json, "),")]
        /// );
        /// ```
        pub const fn without_description(mut self) -> Self {
            self.json = None;
            self.description = None;
            self
        }

        /// The field's `title`.
        pub const fn title(&self) -> Option<&'static str> {
            self.title
        }

        /// The field's `description`.
        pub const fn description(&self) -> Option<&'static str> {
            self.description
        }

        /// The options of `T`, in declaration order.
        pub const fn options(&self) -> &'static [EnumOption] {
            T::OPTIONS
        }
    };
}

/// `to_json`, whose documentation each select field gives: the JSON text
/// the derive wrote, while no builder has changed the schema.
macro_rules! to_json {
    ($(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn to_json(&self) -> Cow<'static, str> {
            match self.json {
                Some(json) => Cow::Borrowed(json),
                None => Cow::Owned(serde_json::to_string(self).unwrap_or_default()),
            }
        }
    };
}

impl<T> fmt::Debug for SingleSelectField<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        debug_labels(f, "SingleSelectField", &self.title, &self.description)
            .field("default", &self.default)
            .field("legacy", &self.legacy)
            .finish()
    }
}

impl<T: ElicitEnum> SingleSelectField<T> {
    labels!(
        SINGLE_SELECT,
        r#"{"type": "string", "enum": ["us-east", "eu-west"]}"#
    );

    /// Sets `default` to the option whose wire value is `value`.
    ///
    /// # Panics
    ///
    /// If no option has that value (in a constant: a compile error).
    pub const fn with_default_value(mut self, value: &'static str) -> Self {
        self.json = None;
        if let Err(rule) = rule::single_select(T::OPTIONS, Some(value)) {
            panic!("{}", rule.message());
        }
        self.default = Some(value);
        self
    }

    /// Sets `default` to `variant`.
    ///
    /// # Panics
    ///
    /// If `variant` is skipped (`#[elicit(skip)]`), so not an option.
    pub fn with_default(mut self, variant: T) -> Self {
        self.json = None;
        assert!(
            variant.option_index().is_some(),
            "the default variant is skipped, so it is not an option",
        );
        self.default = Some(variant.value());
        self
    }

    /// Removes `default`.
    pub const fn without_default(mut self) -> Self {
        self.json = None;
        self.default = None;
        self
    }

    /// Chooses the legacy `enum` + `enumNames` form (for peers that only
    /// know MCP 2025-06-18) or, with `false`, the SEP-1330 forms.
    pub const fn with_legacy(mut self, legacy: bool) -> Self {
        self.json = None;
        self.legacy = legacy;
        self
    }

    /// The wire value of the `default`.
    pub const fn default_value(&self) -> Option<&'static str> {
        self.default
    }

    /// Whether the legacy form is chosen.
    pub const fn is_legacy(&self) -> bool {
        self.legacy
    }

    /// Parses a client's answer for this field: a JSON string that is one of
    /// the options' values (or an alias).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidValue`](crate::ErrorKind::InvalidValue) for any other string (a title, an index, a
    /// value in another case), [`ErrorKind::TypeMismatch`](crate::ErrorKind::TypeMismatch) for any other JSON
    /// type. The error names no field; a form sets it.
    #[inline]
    pub fn parse_value(&self, value: Value) -> Result<T, Error> {
        parse::single(value, || Cow::Borrowed(T::OPTIONS), T::from_wire_value)
    }

    to_json! {
        /// The canonical JSON text of the schema. For a derived enum's
        /// [`SINGLE_SELECT`](ElicitEnum::SINGLE_SELECT) that no builder has changed, it was
        /// written when the server compiled, and costs no allocation; otherwise
        /// it is serialized once.
        ///
        /// ```
        /// use enum_schema::ElicitEnum;
        /// use std::borrow::Cow;
        ///
        /// #[derive(ElicitEnum)]
        /// enum Size { Small, Large }
        ///
        /// assert!(matches!(Size::SINGLE_SELECT.to_json(), Cow::Borrowed(r#"{"type":"string","enum":["Small","Large"]}"#)));
        /// assert!(matches!(Size::SINGLE_SELECT.with_title("Size").to_json(), Cow::Owned(_)));
        /// ```
    }

    /// The schema as a wire-model value, borrowing the static strings.
    pub fn to_schema(&self) -> SingleSelectSchema {
        SingleSelectSchema {
            title: self.title.map(Cow::Borrowed),
            description: self.description.map(Cow::Borrowed),
            options: Cow::Borrowed(T::OPTIONS),
            default: self.default.map(Cow::Borrowed),
            legacy: self.legacy,
        }
    }
}

impl<T: ElicitEnum> Serialize for SingleSelectField<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Borrowed throughout: nothing is copied.
        self.to_schema().serialize(serializer)
    }
}

/// The default items as JSON: the wire values as given, or the variants'.
impl<T: ElicitEnum> Serialize for Defaults<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Defaults::None => serializer.serialize_none(),
            Defaults::Values(values) => values.serialize(serializer),
            Defaults::Variants(variants) => serializer.collect_seq(variants.iter().map(T::value)),
        }
    }
}

impl<T: ElicitEnum> fmt::Debug for MultiSelectField<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        debug_labels(f, "MultiSelectField", &self.title, &self.description)
            .field("min_items", &self.min_items)
            .field("max_items", &self.max_items)
            .field("default", &self.default_values())
            .finish()
    }
}

impl<T: ElicitEnum> MultiSelectField<T> {
    labels!(
        MULTI_SELECT,
        r#"{"type": "array", "items": {"type": "string", "enum": ["us-east", "eu-west"]}}"#
    );

    /// Sets `minItems`: the fewest options the user must select.
    ///
    /// # Panics
    ///
    /// If `min` is greater than `maxItems`, than the number of options, or
    /// than the number of default items (in a constant: a compile error).
    pub const fn with_min_items(mut self, min: usize) -> Self {
        self.json = None;
        self.min_items = Some(min);
        self.assert_rules()
    }

    /// Sets `maxItems`: the most options the user may select.
    ///
    /// # Panics
    ///
    /// If `max` is 0, less than `minItems`, greater than the number of
    /// options, or less than the number of default items (in a constant: a
    /// compile error).
    pub const fn with_max_items(mut self, max: usize) -> Self {
        self.json = None;
        self.max_items = Some(max);
        self.assert_rules()
    }

    /// Sets `default` to the options with these wire values, in this order.
    ///
    /// # Panics
    ///
    /// If a value is not an option's, appears twice, or the count is outside
    /// `minItems..=maxItems` (in a constant: a compile error).
    pub const fn with_default_values(mut self, values: &'static [&'static str]) -> Self {
        self.json = None;
        self.default = Defaults::Values(values);
        self.assert_rules()
    }

    /// Replaces the settings that are `Some` at once, then checks the result
    /// as a whole: what a form field's attributes do to the enum's own.
    #[doc(hidden)]
    pub const fn __override(
        mut self,
        min_items: Option<usize>,
        max_items: Option<usize>,
        default: Option<&'static [&'static str]>,
    ) -> Self {
        self.json = None;
        if min_items.is_some() {
            self.min_items = min_items;
        }
        if max_items.is_some() {
            self.max_items = max_items;
        }
        if let Some(values) = default {
            self.default = Defaults::Values(values);
        }
        self.assert_rules()
    }

    /// Sets `default` to these variants, in this order.
    ///
    /// # Panics
    ///
    /// If a variant is skipped, appears twice, or the count is outside
    /// `minItems..=maxItems`.
    pub fn with_default_items(mut self, variants: &'static [T]) -> Self {
        self.json = None;
        for variant in variants {
            assert!(
                variant.option_index().is_some(),
                "a default item is a skipped variant, so not an option"
            );
        }
        let values: Vec<&str> = variants.iter().map(T::value).collect();
        if let Err(rule) = rule::multi_select(
            T::OPTIONS,
            self.min_items,
            self.max_items,
            Some(&values),
            true,
        ) {
            panic!("{}", rule.message());
        }
        self.default = Defaults::Variants(variants);
        self.assert_rules()
    }

    /// Removes `default`.
    pub const fn without_default(mut self) -> Self {
        self.json = None;
        self.default = Defaults::None;
        self
    }

    /// Panics unless the settings keep the multi-select rules
    /// ([`rule::multi_select`], `strict`: written in code).
    const fn assert_rules(self) -> Self {
        let options = T::OPTIONS;
        let (min, max) = (self.min_items, self.max_items);
        let verdict = match self.default {
            Defaults::None => rule::multi_select(options, min, max, None, true),
            Defaults::Values(values) => rule::multi_select(options, min, max, Some(values), true),
            // The variants' items were checked by `default_items`, which a
            // `const fn` cannot do; the bounds and the count here.
            Defaults::Variants(variants) => match rule::items(options.len(), min, max, true) {
                Ok(()) => rule::default_count(variants.len(), min, max),
                Err(rule) => Err(rule),
            },
        };
        match verdict {
            Ok(()) => self,
            Err(rule) => panic!("{}", rule.message()),
        }
    }

    /// `minItems`.
    pub const fn min_items(&self) -> Option<usize> {
        self.min_items
    }

    /// `maxItems`.
    pub const fn max_items(&self) -> Option<usize> {
        self.max_items
    }

    /// The `default` as wire values, the only kind a constant holds: what
    /// the derive's compile-time check of a form field reads.
    #[doc(hidden)]
    pub const fn __default_values(&self) -> Option<&'static [&'static str]> {
        match self.default {
            Defaults::Values(values) => Some(values),
            Defaults::None | Defaults::Variants(_) => None,
        }
    }

    /// Whether a `default` is set.
    pub const fn has_default(&self) -> bool {
        !matches!(self.default, Defaults::None)
    }

    /// The wire values of the `default`, in order.
    pub fn default_values(&self) -> Option<Vec<&'static str>> {
        match self.default {
            Defaults::None => None,
            Defaults::Values(values) => Some(values.to_vec()),
            Defaults::Variants(variants) => Some(variants.iter().map(T::value).collect()),
        }
    }

    /// Parses a client's answer for this field: a JSON array of distinct
    /// option values (or aliases), kept in the client's order.
    ///
    /// The work done is bounded by the number of options, whatever the
    /// array's length.
    ///
    /// # Errors
    ///
    /// In this order: [`ErrorKind::TypeMismatch`](crate::ErrorKind::TypeMismatch) if the answer is not an array;
    /// then, element by element in the client's order,
    /// [`ErrorKind::InvalidItem`](crate::ErrorKind::InvalidItem) for the first
    /// element that is not a string naming an option or
    /// [`ErrorKind::DuplicateItem`](crate::ErrorKind::DuplicateItem) for the first element naming an option
    /// already named; then [`ErrorKind::TooFewItems`](crate::ErrorKind::TooFewItems) / [`ErrorKind::TooManyItems`](crate::ErrorKind::TooManyItems) if the
    /// options picked are outside `minItems..=maxItems` (`["a","a","a"]`
    /// with `maxItems: 2` picked one option, twice too often: a duplicate).
    /// The error names no field; a form sets it.
    #[inline]
    pub fn parse_value(&self, value: Value) -> Result<Vec<T>, Error> {
        parse::multi(
            value,
            self.min_items.unwrap_or(0),
            self.max_items,
            T::OPTIONS.len(),
            || Cow::Borrowed(T::OPTIONS),
            |value| {
                let variant = T::from_wire_value(value)?;
                Some((variant.option_index()?, variant))
            },
        )
    }

    to_json! {
        /// The canonical JSON text of the schema: written when the server
        /// compiled for a derived enum's [`MULTI_SELECT`](ElicitEnum::MULTI_SELECT)
        /// that no builder has changed (no allocation), serialized once
        /// otherwise.
    }

    /// The schema as a wire-model value, borrowing the static strings.
    pub fn to_schema(&self) -> MultiSelectSchema {
        MultiSelectSchema {
            title: self.title.map(Cow::Borrowed),
            description: self.description.map(Cow::Borrowed),
            options: Cow::Borrowed(T::OPTIONS),
            min_items: self.min_items,
            max_items: self.max_items,
            default: self
                .default_values()
                .map(|values| values.into_iter().map(Cow::Borrowed).collect()),
        }
    }
}

impl<T: ElicitEnum> Serialize for MultiSelectField<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let default = match self.default {
            Defaults::None => None,
            set => Some(set),
        };
        serialize_multi(
            serializer,
            self.title,
            self.description,
            T::OPTIONS,
            self.min_items,
            self.max_items,
            default,
        )
    }
}

required_field!(impl<T: ElicitEnum> FormField for SingleSelectField<T> => T, |field| PrimitiveSchema::SingleSelect(field.to_schema()));

required_field!(impl<T: ElicitEnum> FormField for MultiSelectField<T> => Vec<T>, |field| PrimitiveSchema::MultiSelect(field.to_schema()));
