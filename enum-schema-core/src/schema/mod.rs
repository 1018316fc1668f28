//! The wire model of MCP elicitation: the JSON Schemas of a
//! `requestedSchema` (MCP 2025-06-18 and later, "Elicitation"; the enum
//! shapes of SEP-1330, MCP 2025-11-25), as types that serialize to exactly
//! that JSON, read any peer's schema, and check an answer against it.
//!
//! - **Sent**: what a derived form's `request()` or a [`Form`](crate::Form)
//!   builds ([`ElicitRequestFormParams`] around a [`RequestedSchema`] of
//!   [`PrimitiveSchema`] properties), and what a server builds at run time:
//!   [`SingleSelectSchema`] and [`MultiSelectSchema`] from options read at
//!   run time, [`StringSchema`], [`NumberSchema`] and [`BooleanSchema`]
//!   from their checked builders. No public path builds a schema this
//!   crate would refuse to send: every constructor and `with_*` builder
//!   checks the schema's own rules and returns a [`SchemaError`].
//! - **Read**: [`RequestedSchema::from_json`] and
//!   [`PrimitiveSchema::from_json`] read a peer's schema (every SEP-1330
//!   shape and the legacy `enumNames`), refusing what they cannot enforce;
//!   [`PrimitiveSchema::as_enum`] gives an [`EnumView`] of either select.
//! - **Checked**: `check` on each schema and
//!   [`RequestedSchema::check_content`] validate an answer as a client or
//!   proxy would, with the same errors as a derived form.
//!
//! ```
//! use enum_schema::schema::{RequestedSchema, SingleSelectSchema};
//! use serde_json::json;
//!
//! let read = RequestedSchema::from_json(&json!({
//!     "type": "object",
//!     "properties": {"env": {"type": "string", "enum": ["dev", "prod"]}},
//!     "required": ["env"],
//! }))
//! .unwrap();
//! let (name, env) = &read.properties()[0];
//! assert_eq!(name, "env");
//! assert_eq!(env.as_enum().unwrap().options().len(), 2);
//! assert!(SingleSelectSchema::new(["dev", "dev"]).is_err());
//! ```

// Laid out by layer (as serde_json's `value/`): this file holds the enum
// shapes, `PrimitiveSchema`, `RequestedSchema`, `ElicitRequestFormParams`
// and `EnumView`; `primitive` the string, number and boolean schemas and
// `StringFormat`; `option` `EnumOption`; `ser` their serialization, key for
// key the JSON of the MCP `schema.json`; `rule` the rules a schema's own
// settings follow, each written once; `check` the answer checks, one per
// wire type; `format` the `format` validators (RFC 5321, 3986, 3339);
// `read` the peer reader, calling the same rules and checks. Nothing here
// depends on the typed fields (`crate::field`) or on forms; they build on
// this.

/// The getters every property schema has: `title`, `description`.
macro_rules! label_getters {
    () => {
        /// The field's `title`.
        pub fn title(&self) -> Option<&str> {
            self.title.as_deref()
        }

        /// The field's `description`.
        pub fn description(&self) -> Option<&str> {
            self.description.as_deref()
        }
    };
}

/// The getters every select has: `label_getters!`'s, `options` and
/// `is_titled`.
macro_rules! select_getters {
    () => {
        label_getters!();

        /// The options, in order.
        pub fn options(&self) -> &[EnumOption] {
            &self.options
        }

        /// Whether the schema is titled: some option has a title.
        pub fn is_titled(&self) -> bool {
            crate::schema::option::is_titled(&self.options)
        }
    };
}

pub(crate) mod check;
mod error;
pub(crate) mod format;
pub(crate) mod number;
pub(crate) mod option;
pub(crate) mod primitive;
pub(crate) mod read;
pub(crate) mod rule;
mod ser;

pub(crate) use ser::serialize_multi;
#[cfg(feature = "ask")]
pub(crate) use ser::OrderedMap;

pub use self::error::SchemaError;
pub use self::option::EnumOption;
pub use self::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};

use std::borrow::Cow;

/// A single-select enum property schema, in one of three shapes (MCP
/// 2025-11-25, SEP-1330):
///
/// - untitled, when no option has a title:
///   `{"type":"string","enum":["a","b"],"default":"a"}`
///   (`UntitledSingleSelectEnumSchema`);
/// - titled, when any option has one:
///   `{"type":"string","oneOf":[{"const":"a","title":"A"},..],"default":"a"}`
///   (`TitledSingleSelectEnumSchema`); an option without a title is given its
///   value as title, since the spec requires one;
/// - legacy, when [`legacy`](Self::is_legacy) is set:
///   `{"type":"string","enum":["a","b"],"enumNames":["A","B"]}`
///   (`LegacyTitledEnumSchema`, deprecated but still valid); `enumNames` is
///   left out when no option has a title, and is always as long as `enum`.
///
/// `title` and `description` (of the field) and `default` appear only when
/// set. Derived enums produce one through [`SingleSelectField::to_schema`](crate::SingleSelectField::to_schema)
/// without copying any string.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SingleSelectSchema {
    pub(crate) title: Option<Cow<'static, str>>,
    pub(crate) description: Option<Cow<'static, str>>,
    pub(crate) options: Cow<'static, [EnumOption]>,
    pub(crate) default: Option<Cow<'static, str>>,
    pub(crate) legacy: bool,
}

impl SingleSelectSchema {
    select_getters!();

    /// The `default` value.
    pub fn default_value(&self) -> Option<&str> {
        self.default.as_deref()
    }

    /// Whether the schema goes out in the legacy `enum` + `enumNames` form.
    pub fn is_legacy(&self) -> bool {
        self.legacy
    }
}

/// A multi-select enum property schema (MCP 2025-11-25, SEP-1330), in one of
/// two shapes:
///
/// - untitled, when no option has a title:
///   `{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string","enum":["a","b"]},"default":["a"]}`
///   (`UntitledMultiSelectEnumSchema`);
/// - titled, when any option has one:
///   `{"type":"array","items":{"anyOf":[{"const":"a","title":"A"},..]},"default":["a"]}`
///   (`TitledMultiSelectEnumSchema`: no `items.type`, as in the published
///   schema); an option without a title is given its value as title.
///
/// `title`, `description`, `minItems`, `maxItems` and `default` appear only
/// when set. There is no legacy multi-select shape.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MultiSelectSchema {
    pub(crate) title: Option<Cow<'static, str>>,
    pub(crate) description: Option<Cow<'static, str>>,
    pub(crate) options: Cow<'static, [EnumOption]>,
    pub(crate) min_items: Option<usize>,
    pub(crate) max_items: Option<usize>,
    pub(crate) default: Option<Vec<Cow<'static, str>>>,
}

impl MultiSelectSchema {
    select_getters!();

    /// `minItems`.
    pub fn min_items(&self) -> Option<usize> {
        self.min_items
    }

    /// `maxItems`.
    pub fn max_items(&self) -> Option<usize> {
        self.max_items
    }

    /// The `default` values, in order; `None` without a `default`, as
    /// [`MultiSelectField::default_values`](crate::MultiSelectField::default_values).
    pub fn default_values(&self) -> Option<Vec<&str>> {
        Some(self.default.as_ref()?.iter().map(Cow::as_ref).collect())
    }
}

/// One property of a `requestedSchema`: the `PrimitiveSchemaDefinition` of
/// MCP 2025-11-25 (strings, numbers, booleans and the enum shapes; nothing
/// nested).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrimitiveSchema {
    /// `{"type":"string",..}` without options.
    String(StringSchema),
    /// `{"type":"integer"|"number",..}`.
    Number(NumberSchema),
    /// `{"type":"boolean",..}`.
    Boolean(BooleanSchema),
    /// A single-select enum (untitled, titled or legacy).
    SingleSelect(SingleSelectSchema),
    /// A multi-select enum (untitled or titled).
    MultiSelect(MultiSelectSchema),
}

impl PrimitiveSchema {
    /// The property's `default` as the answer a client would send for it:
    /// a string, a number, a boolean, or (multi-select) an array of strings.
    /// `None` when the property has no `default`.
    ///
    /// ```
    /// use enum_schema::schema::{MultiSelectSchema, PrimitiveSchema};
    /// use serde_json::json;
    ///
    /// let tags = MultiSelectSchema::new(["a", "b"]).unwrap().with_default_values(["b"]).unwrap();
    /// assert_eq!(PrimitiveSchema::from(tags).default_answer(), Some(json!(["b"])));
    /// ```
    pub fn default_answer(&self) -> Option<serde_json::Value> {
        use serde_json::Value;
        match self {
            PrimitiveSchema::String(schema) => schema
                .default
                .as_ref()
                .map(|default| Value::String(default.to_string())),
            PrimitiveSchema::Number(schema) => schema.default.clone().map(Value::Number),
            PrimitiveSchema::Boolean(schema) => schema.default.map(Value::Bool),
            PrimitiveSchema::SingleSelect(schema) => schema
                .default_value()
                .map(|default| Value::String(default.to_owned())),
            PrimitiveSchema::MultiSelect(schema) => schema.default_values().map(|values| {
                Value::Array(
                    values
                        .iter()
                        .map(|value| Value::String(value.to_string()))
                        .collect(),
                )
            }),
        }
    }
}

impl From<SingleSelectSchema> for PrimitiveSchema {
    fn from(schema: SingleSelectSchema) -> Self {
        PrimitiveSchema::SingleSelect(schema)
    }
}

impl From<MultiSelectSchema> for PrimitiveSchema {
    fn from(schema: MultiSelectSchema) -> Self {
        PrimitiveSchema::MultiSelect(schema)
    }
}

/// The `requestedSchema` of an elicitation request:
/// `{"type":"object","properties":{NAME: PrimitiveSchema,..},"required":[NAME,..]}`,
/// properties in order, `required` left out when empty (MCP 2025-11-25,
/// `ElicitRequestFormParams.requestedSchema`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct RequestedSchema {
    pub(crate) properties: Vec<(Cow<'static, str>, PrimitiveSchema)>,
    pub(crate) required: Vec<Cow<'static, str>>,
}

impl RequestedSchema {
    /// The properties, in order.
    pub fn properties(&self) -> &[(Cow<'static, str>, PrimitiveSchema)] {
        &self.properties
    }

    /// The names of the required properties, in order.
    pub fn required(&self) -> &[Cow<'static, str>] {
        &self.required
    }

    /// The `content` of an accept in which the person left every field as
    /// the form was shown: each property's `default`, as the answer a
    /// client sends for it ([`PrimitiveSchema::default_answer`]); a
    /// property without one is left out. What a client pre-fills (SEP-1034,
    /// MCP 2025-11-25 on); put the person's own answers over it.
    ///
    /// ```
    /// use enum_schema::schema::RequestedSchema;
    /// use serde_json::json;
    ///
    /// let schema = RequestedSchema::from_json(&json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "name": {"type": "string", "default": "John Doe"},
    ///         "age": {"type": "integer", "default": 30},
    ///         "notes": {"type": "string"},
    ///     },
    /// }))?;
    /// let mut content = schema.default_content();
    /// content.insert("name".to_owned(), json!("Ada"));
    /// assert_eq!(json!(content), json!({"name": "Ada", "age": 30}));
    /// # Ok::<(), enum_schema::schema::SchemaError>(())
    /// ```
    pub fn default_content(&self) -> serde_json::Map<String, serde_json::Value> {
        self.properties
            .iter()
            .filter_map(|(name, property)| Some((name.to_string(), property.default_answer()?)))
            .collect()
    }
}

/// The owned values an SDK's model types are built from: one definition
/// for the conversions of every SDK.
#[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk", feature = "tower-mcp"))]
pub(crate) mod owned {
    use super::*;

    /// The options' wire values.
    #[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
    pub(crate) fn values(options: &[EnumOption]) -> Vec<String> {
        options
            .iter()
            .map(|option| option.value().to_owned())
            .collect()
    }

    /// The options' titles, a value standing for a missing one (a legacy
    /// schema's `enumNames`).
    #[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
    pub(crate) fn labels(options: &[EnumOption]) -> Vec<String> {
        options
            .iter()
            .map(|option| option.label().to_owned())
            .collect()
    }

    /// A multi-select's `default`.
    #[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
    pub(crate) fn default_values(schema: &MultiSelectSchema) -> Option<Vec<String>> {
        let values = schema.default.as_ref()?;
        Some(values.iter().map(|value| value.to_string()).collect())
    }

    /// The properties by name, each converted into the SDK's type.
    #[cfg(any(feature = "rmcp", feature = "rust-mcp-sdk"))]
    pub(crate) fn properties<P: for<'a> From<&'a PrimitiveSchema>>(
        schema: &RequestedSchema,
    ) -> std::collections::BTreeMap<String, P> {
        schema
            .properties
            .iter()
            .map(|(name, property)| (name.to_string(), property.into()))
            .collect()
    }

    /// The names of the required properties, in order.
    pub(crate) fn required(schema: &RequestedSchema) -> Vec<String> {
        schema
            .required
            .iter()
            .map(|name| name.to_string())
            .collect()
    }
}

/// The params of a form-mode `elicitation/create` request:
/// `{"message": "...", "requestedSchema": {..}}`, named after the spec's
/// `ElicitRequestFormParams` (MCP 2025-11-25 and later, where
/// `ElicitRequestParams` is the union of these and the URL-mode
/// `ElicitRequestURLParams`, which this crate does not build). `mode` is
/// optional for forms and left out, so the same params are valid for
/// 2025-06-18 peers, whose `elicitation/create` has only this shape.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ElicitRequestFormParams {
    pub(crate) message: Cow<'static, str>,
    pub(crate) requested_schema: RequestedSchema,
}

impl ElicitRequestFormParams {
    /// The message shown to the user.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The `requestedSchema`.
    pub fn requested_schema(&self) -> &RequestedSchema {
        &self.requested_schema
    }
}

/// One view over the five enum shapes, as a client renders them: the
/// options (value, title) in order, whether several may be chosen, the
/// bounds and the default. Legacy, titled and untitled schemas all look the
/// same here.
///
/// ```
/// use enum_schema::schema::PrimitiveSchema;
/// use serde_json::json;
///
/// let legacy = PrimitiveSchema::from_json(&json!(
///     {"type": "string", "enum": ["en", "de"], "enumNames": ["English", "Deutsch"]}
/// )).unwrap();
/// let view = legacy.as_enum().unwrap();
/// assert!(!view.is_multi());
/// assert_eq!(view.options()[1].value(), "de");
/// assert_eq!(view.options()[1].title(), Some("Deutsch"));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct EnumView<'a> {
    title: Option<&'a str>,
    description: Option<&'a str>,
    options: &'a [EnumOption],
    multi: bool,
    min_items: Option<usize>,
    max_items: Option<usize>,
    default: Option<Defaults<'a>>,
}

#[derive(Clone, Copy, Debug)]
enum Defaults<'a> {
    Single(&'a str),
    Multi(&'a [Cow<'static, str>]),
}

impl<'a> EnumView<'a> {
    /// The field's `title`.
    pub fn title(&self) -> Option<&'a str> {
        self.title
    }

    /// The field's `description`.
    pub fn description(&self) -> Option<&'a str> {
        self.description
    }

    /// The options, in order.
    pub fn options(&self) -> &'a [EnumOption] {
        self.options
    }

    /// Whether several options may be chosen (an array answer).
    pub fn is_multi(&self) -> bool {
        self.multi
    }

    /// `minItems`, for a multi-select.
    pub fn min_items(&self) -> Option<usize> {
        self.min_items
    }

    /// `maxItems`, for a multi-select.
    pub fn max_items(&self) -> Option<usize> {
        self.max_items
    }

    /// The default value or values, in order (one for a single-select);
    /// `None` without a `default`, as
    /// [`MultiSelectSchema::default_values`].
    pub fn default_values(&self) -> Option<Vec<&'a str>> {
        Some(match self.default? {
            Defaults::Single(value) => vec![value],
            Defaults::Multi(values) => values.iter().map(|value| value.as_ref()).collect(),
        })
    }
}

impl PrimitiveSchema {
    /// The enum view of a single- or multi-select; `None` for a string,
    /// number or boolean property.
    pub fn as_enum(&self) -> Option<EnumView<'_>> {
        match self {
            PrimitiveSchema::SingleSelect(schema) => Some(EnumView {
                title: schema.title(),
                description: schema.description(),
                options: schema.options(),
                multi: false,
                min_items: None,
                max_items: None,
                default: schema.default_value().map(Defaults::Single),
            }),
            PrimitiveSchema::MultiSelect(schema) => Some(EnumView {
                title: schema.title(),
                description: schema.description(),
                options: schema.options(),
                multi: true,
                min_items: schema.min_items(),
                max_items: schema.max_items(),
                default: schema.default.as_deref().map(Defaults::Multi),
            }),
            _ => None,
        }
    }
}
