//! The wire model's builders: selects whose options are known only when
//! the server runs (answered with the chosen options borrowed from the
//! list), and the string, number and boolean schemas; each checked as a
//! peer's schema is read.

use std::borrow::Cow;

use serde_json::{Number, Value};

use crate::error::Error;
use crate::field::{parse_required, FormField};
use crate::schema::check::Choice;
use crate::schema::option::EnumOption;
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
use crate::schema::read::{
    check_items, check_number, check_sent_options, check_single_default, check_string,
};
use crate::schema::{MultiSelectSchema, PrimitiveSchema, SchemaError, SingleSelectSchema};

/// Options from anything that converts into them: wire values alone
/// (`"a"`, `String`) or `(value, title)` pairs.
fn collect_options<O: Into<EnumOption>>(
    options: impl IntoIterator<Item = O>,
) -> Result<Vec<EnumOption>, SchemaError> {
    let options: Vec<EnumOption> = options.into_iter().map(Into::into).collect();
    check_sent_options(&options)?;
    Ok(options)
}

impl SingleSelectSchema {
    /// A single-select offering `options`, in this order, for a choice known
    /// only when the server runs (files in a folder, users, maps): untitled
    /// (`{"type":"string","enum":[..]}`) when no option has a title, titled
    /// (`{"type":"string","oneOf":[{"const":..,"title":..},..]}`) when any
    /// has one (MCP 2025-11-25, SEP-1330); in a titled select, an option
    /// without a title shows its value as its title (options read at run
    /// time may lack some titles, where a derived enum makes it a compile
    /// error). An option is a wire value (`"a"`,
    /// a `String`), a `(value, title)` pair, or an [`EnumOption`].
    ///
    /// The rules are those a peer's schema is read with
    /// ([`PrimitiveSchema::from_json`]), so what is built here can always be
    /// sent, and read back.
    ///
    /// # Errors
    ///
    /// [`SchemaError::NoOptions`] for an empty list,
    /// [`SchemaError::DuplicateValue`] naming the first value given twice,
    /// [`SchemaError::EmptyValue`] for an option whose value is `""` (form
    /// renderers send `""` for "nothing selected"),
    /// [`SchemaError::DuplicateTitle`] naming the first title given twice (a
    /// person could not tell the two apart; titles compare exactly, and an
    /// untitled option in a titled select shows its value as its title).
    ///
    /// ```
    /// use enum_schema::schema::{SchemaError, SingleSelectSchema};
    /// use serde_json::json;
    ///
    /// let users = SingleSelectSchema::new([("u1", "Ada"), ("u2", "Grace")])?
    ///     .with_title("Reviewer")
    ///     .with_default_value("u2")?;
    /// assert_eq!(
    ///     serde_json::to_value(&users).unwrap(),
    ///     json!({
    ///         "type": "string",
    ///         "title": "Reviewer",
    ///         "oneOf": [{"const": "u1", "title": "Ada"}, {"const": "u2", "title": "Grace"}],
    ///         "default": "u2",
    ///     }),
    /// );
    /// assert_eq!(
    ///     SingleSelectSchema::new(["a", "b", "a"]),
    ///     Err(SchemaError::DuplicateValue { value: "a".into() }),
    /// );
    /// assert_eq!(
    ///     SingleSelectSchema::new([("web-eu-1", "Web"), ("web-us-1", "Web")]),
    ///     Err(SchemaError::DuplicateTitle { title: "Web".into() }),
    /// );
    /// # Ok::<(), SchemaError>(())
    /// ```
    pub fn new<O: Into<EnumOption>>(
        options: impl IntoIterator<Item = O>,
    ) -> Result<Self, SchemaError> {
        Ok(SingleSelectSchema {
            title: None,
            description: None,
            options: Cow::Owned(collect_options(options)?),
            default: None,
            legacy: false,
        })
    }

    label_builders!(impl Into<Cow<'static, str>>, self => Into::into);

    /// Sets `default` to the option whose wire value is `value`.
    ///
    /// # Errors
    ///
    /// [`SchemaError::DefaultNotAnOption`] naming `value` if no option has
    /// it (a title is not a value).
    pub fn with_default_value(
        mut self,
        value: impl Into<Cow<'static, str>>,
    ) -> Result<Self, SchemaError> {
        let value = value.into();
        check_single_default(&self.options, &value)?;
        self.default = Some(value);
        Ok(self)
    }

    /// Chooses the deprecated legacy `enum` + `enumNames` form or, with
    /// `false`, the SEP-1330 shapes. A peer of 2025-06-18 gets the legacy
    /// form anyway through [`for_version`](PrimitiveSchema::for_version).
    pub fn with_legacy(mut self, legacy: bool) -> Self {
        self.legacy = legacy;
        self
    }
}

impl MultiSelectSchema {
    /// A multi-select offering `options`, in this order, for choices known
    /// only when the server runs: untitled
    /// (`{"type":"array","items":{"type":"string","enum":[..]}}`) when no
    /// option has a title, titled (`{"type":"array","items":{"anyOf":[..]}}`)
    /// when any has one (MCP 2025-11-25, SEP-1330). Options as for
    /// [`SingleSelectSchema::new`]. There is no legacy multi-select: a peer
    /// of 2025-06-18 cannot be sent one.
    ///
    /// # Errors
    ///
    /// [`SchemaError::NoOptions`] for an empty list,
    /// [`SchemaError::DuplicateValue`] naming the first value given twice,
    /// [`SchemaError::EmptyValue`] for an option whose value is `""` (form
    /// renderers send `""` for "nothing selected"),
    /// [`SchemaError::DuplicateTitle`] naming the first title given twice (a
    /// person could not tell the two apart; titles compare exactly, and an
    /// untitled option in a titled select shows its value as its title).
    ///
    /// ```
    /// use enum_schema::schema::{MultiSelectSchema, SchemaError};
    /// use serde_json::json;
    ///
    /// let labels = MultiSelectSchema::new(["bug", "docs", "ui"])?
    ///     .with_items(Some(1), Some(2))?
    ///     .with_default_values(["bug"])?;
    /// assert_eq!(
    ///     serde_json::to_value(&labels).unwrap(),
    ///     json!({
    ///         "type": "array",
    ///         "minItems": 1,
    ///         "maxItems": 2,
    ///         "items": {"type": "string", "enum": ["bug", "docs", "ui"]},
    ///         "default": ["bug"],
    ///     }),
    /// );
    /// let chosen = labels.parse_value(json!(["ui", "bug"])).unwrap();
    /// assert_eq!(chosen.iter().map(|c| c.index()).collect::<Vec<_>>(), [2, 0]);
    /// # Ok::<(), SchemaError>(())
    /// ```
    pub fn new<O: Into<EnumOption>>(
        options: impl IntoIterator<Item = O>,
    ) -> Result<Self, SchemaError> {
        Ok(MultiSelectSchema {
            title: None,
            description: None,
            options: Cow::Owned(collect_options(options)?),
            min_items: None,
            max_items: None,
            default: None,
        })
    }

    label_builders!(impl Into<Cow<'static, str>>, self => Into::into);

    /// Sets `minItems` and `maxItems` (`None` leaves a bound out). A
    /// `maxItems` above the number of options is allowed: a list read at
    /// run time may be shorter than the most a user may pick.
    ///
    /// # Errors
    ///
    /// [`SchemaError::BoundsInverted`] if `min_items > max_items`,
    /// [`SchemaError::MinItemsAboveOptions`] if `min_items` is more than the
    /// options, [`SchemaError::DefaultCount`] if the default no longer fits.
    pub fn with_items(
        mut self,
        min_items: Option<usize>,
        max_items: Option<usize>,
    ) -> Result<Self, SchemaError> {
        check_items(&self.options, min_items, max_items, self.default.as_deref())?;
        self.min_items = min_items;
        self.max_items = max_items;
        Ok(self)
    }

    /// Sets `default` to the options with these wire values, in this order.
    ///
    /// # Errors
    ///
    /// [`SchemaError::DefaultNotAnOption`] naming the first value no option
    /// has, [`SchemaError::DuplicateDefault`] naming the first value given
    /// twice, [`SchemaError::DefaultCount`] if the count is outside
    /// `minItems..=maxItems`.
    pub fn with_default_values<V: Into<Cow<'static, str>>>(
        mut self,
        values: impl IntoIterator<Item = V>,
    ) -> Result<Self, SchemaError> {
        let values: Vec<Cow<'static, str>> = values.into_iter().map(Into::into).collect();
        check_items(&self.options, self.min_items, self.max_items, Some(&values))?;
        self.default = Some(values);
        Ok(self)
    }
}

/// A select built at run time as a form field, answered by the chosen
/// option borrowed from it: put `&select` in the [`Form`](crate::Form)'s
/// tuple.
impl<'a> FormField for &'a SingleSelectSchema {
    type Output = Choice<'a>;

    fn property(&self) -> PrimitiveSchema {
        PrimitiveSchema::SingleSelect((*self).clone())
    }

    fn is_required(&self) -> bool {
        true
    }

    fn default_answer(&self) -> Option<Value> {
        self.default_value()
            .map(|value| Value::String(value.to_owned()))
    }

    fn parse_field(&self, name: &'static str, value: Option<Value>) -> Result<Choice<'a>, Error> {
        let schema: &'a SingleSelectSchema = self;
        parse_required(name, value, |value| schema.parse_value(value))
    }
}

/// A multi-select built at run time as a form field, answered by the chosen
/// options borrowed from it.
impl<'a> FormField for &'a MultiSelectSchema {
    type Output = Vec<Choice<'a>>;

    fn property(&self) -> PrimitiveSchema {
        PrimitiveSchema::MultiSelect((*self).clone())
    }

    fn is_required(&self) -> bool {
        true
    }

    fn default_answer(&self) -> Option<Value> {
        let values = self.default_values()?;
        Some(Value::Array(
            values
                .iter()
                .map(|value| Value::String(value.to_string()))
                .collect(),
        ))
    }

    fn parse_field(
        &self,
        name: &'static str,
        value: Option<Value>,
    ) -> Result<Vec<Choice<'a>>, Error> {
        let schema: &'a MultiSelectSchema = self;
        parse_required(name, value, |value| schema.parse_value(value))
    }
}

impl StringSchema {
    /// A string property with no settings: `{"type":"string"}`.
    pub fn new() -> Self {
        StringSchema::default()
    }

    label_builders!(impl Into<Cow<'static, str>>, self => Into::into);

    /// Sets `minLength` and `maxLength`, in Unicode code points.
    ///
    /// # Errors
    ///
    /// [`SchemaError::BoundsInverted`] for `min > max`;
    /// [`SchemaError::InvalidDefault`] if the `default` already set is
    /// outside them.
    pub fn with_length(
        mut self,
        min: Option<usize>,
        max: Option<usize>,
    ) -> Result<Self, SchemaError> {
        (self.min_length, self.max_length) = (min, max);
        check_string(&self).map(|()| self)
    }

    /// Sets `format`.
    ///
    /// # Errors
    ///
    /// [`SchemaError::InvalidDefault`] if the `default` already set is not
    /// in that format.
    pub fn with_format(mut self, format: StringFormat) -> Result<Self, SchemaError> {
        self.format = Some(format);
        check_string(&self).map(|()| self)
    }

    /// Sets `default`.
    ///
    /// # Errors
    ///
    /// [`SchemaError::InvalidDefault`], holding the answer's error, for a
    /// default the schema refuses (too short, too long, not in the
    /// `format`).
    ///
    /// ```
    /// use enum_schema::schema::{SchemaError, StringFormat, StringSchema};
    /// use enum_schema::ErrorKind;
    /// use serde_json::json;
    ///
    /// let email = StringSchema::new()
    ///     .with_title("Email")
    ///     .with_format(StringFormat::Email)?
    ///     .with_default_value("ada@example.com")?;
    /// assert_eq!(
    ///     serde_json::to_value(&email).unwrap(),
    ///     json!({"type": "string", "title": "Email", "format": "email", "default": "ada@example.com"}),
    /// );
    /// let Err(SchemaError::InvalidDefault { error }) = email.with_default_value("ada") else {
    ///     panic!("not an email");
    /// };
    /// assert!(matches!(error.kind(), ErrorKind::InvalidFormat { .. }));
    /// # Ok::<(), SchemaError>(())
    /// ```
    pub fn with_default_value(
        mut self,
        default: impl Into<Cow<'static, str>>,
    ) -> Result<Self, SchemaError> {
        self.default = Some(default.into());
        check_string(&self).map(|()| self)
    }
}

impl NumberSchema {
    /// An integer property with no bounds: `{"type":"integer"}`.
    pub fn integer() -> Self {
        NumberSchema {
            integer: true,
            title: None,
            description: None,
            minimum: None,
            maximum: None,
            default: None,
        }
    }

    /// A number property with no bounds: `{"type":"number"}`.
    pub fn number() -> Self {
        NumberSchema {
            integer: false,
            ..NumberSchema::integer()
        }
    }

    label_builders!(impl Into<Cow<'static, str>>, self => Into::into);

    /// Sets `minimum` and `maximum`.
    ///
    /// # Errors
    ///
    /// [`SchemaError::BoundsInverted`] for `minimum > maximum`, and on an
    /// integer schema for bounds with no integer between them (`1.5..=1.7`,
    /// which would be sent rounded inwards as `2..=1`);
    /// [`SchemaError::InvalidDefault`] if the `default` already set is
    /// outside them.
    pub fn with_bounds(
        mut self,
        minimum: Option<Number>,
        maximum: Option<Number>,
    ) -> Result<Self, SchemaError> {
        (self.minimum, self.maximum) = (minimum, maximum);
        check_number(&self).map(|()| self)
    }

    /// Sets `default`.
    ///
    /// # Errors
    ///
    /// [`SchemaError::InvalidDefault`], holding the answer's error, for a
    /// default outside the bounds, or with a fractional part on an integer
    /// schema; [`SchemaError::InvalidKeyword`] for a default peers would
    /// read as another number (an integer beyond `i64`, or beyond 2^53 on a
    /// `number` schema where no double holds it), which would not be sent.
    ///
    /// ```
    /// use enum_schema::schema::{NumberSchema, SchemaError};
    /// use serde_json::json;
    ///
    /// let percent = NumberSchema::integer()
    ///     .with_bounds(Some(0.into()), Some(100.into()))?
    ///     .with_default_value(50)?;
    /// assert_eq!(
    ///     serde_json::to_value(&percent).unwrap(),
    ///     json!({"type": "integer", "minimum": 0, "maximum": 100, "default": 50}),
    /// );
    /// assert!(matches!(
    ///     percent.with_default_value(101),
    ///     Err(SchemaError::InvalidDefault { .. }),
    /// ));
    /// # Ok::<(), SchemaError>(())
    /// ```
    pub fn with_default_value(mut self, default: impl Into<Number>) -> Result<Self, SchemaError> {
        let default = default.into();
        self.default = Some(default.clone());
        check_number(&self)?;
        // A default peers would read as another number is never sent:
        // refused here rather than dropped.
        if self.advertised_default().is_none() {
            return Err(SchemaError::InvalidKeyword {
                keyword: "default",
                expected: "a number every peer reads the same (an integer within i64, a double)",
                found: Value::Number(default),
            });
        }
        Ok(self)
    }
}

impl BooleanSchema {
    /// A boolean property with no settings: `{"type":"boolean"}`.
    pub fn new() -> Self {
        BooleanSchema::default()
    }

    label_builders!(impl Into<Cow<'static, str>>, self => Into::into);

    /// Sets `default`.
    pub fn with_default_value(mut self, default: bool) -> Self {
        self.default = Some(default);
        self
    }
}
