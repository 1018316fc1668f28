//! `From` conversions between the wire model and rmcp's model types, and
//! rmcp's `ElicitResult` read back.

use std::borrow::Cow;

use ::rmcp::model::{
    self, BooleanSchema as RmcpBoolean, ConstTitle, ElicitationSchema, EnumSchema,
    IntegerSchema as RmcpInteger, LegacyEnumSchema, MultiSelectEnumSchema,
    NumberSchema as RmcpNumber, PrimitiveSchemaDefinition, SingleSelectEnumSchema,
    StringFormat as RmcpFormat, StringSchema as RmcpString, TitledItems,
    TitledMultiSelectEnumSchema, TitledSingleSelectEnumSchema,
};
use serde_json::{Number, Value};

use crate::error::{Error, ErrorKind};
use crate::field::elicit_enum::ElicitEnum;
use crate::field::elicit_enum::{MultiSelectField, SingleSelectField};
use crate::form::{ElicitAction, ElicitForm, Form, FormFields};
use crate::schema::option::EnumOption;
use crate::schema::owned::{self, labels, values};
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
use crate::schema::{
    ElicitRequestFormParams, MultiSelectSchema, PrimitiveSchema, RequestedSchema,
    SingleSelectSchema,
};

fn consts(options: &[EnumOption]) -> Vec<ConstTitle> {
    options
        .iter()
        .map(|option| ConstTitle::new(option.value(), option.label()))
        .collect()
}

/// A single-select schema as rmcp's `EnumSchema`, to the same JSON:
/// `EnumSchema::Single(Untitled)` for `{"type":"string","enum":[..]}`,
/// `EnumSchema::Single(Titled)` for `{"type":"string","oneOf":[..]}`,
/// `EnumSchema::Legacy` for `{"type":"string","enum":[..],"enumNames":[..]}`.
impl From<&SingleSelectSchema> for EnumSchema {
    fn from(schema: &SingleSelectSchema) -> Self {
        let title = schema.title.clone();
        let description = schema.description.clone();
        let default = schema.default.as_ref().map(|value| value.to_string());
        if schema.legacy {
            let mut legacy = LegacyEnumSchema::new(values(&schema.options));
            legacy.title = title;
            legacy.description = description;
            legacy.enum_names = schema.is_titled().then(|| labels(&schema.options));
            legacy.default = default;
            return EnumSchema::Legacy(legacy);
        }
        if schema.is_titled() {
            let mut titled = TitledSingleSelectEnumSchema::new(consts(&schema.options));
            titled.title = title;
            titled.description = description;
            titled.default = default;
            return EnumSchema::Single(SingleSelectEnumSchema::Titled(titled));
        }
        // rmcp has no constructor for the untitled shape but its builder.
        let mut built = EnumSchema::builder(values(&schema.options)).build();
        if let EnumSchema::Single(SingleSelectEnumSchema::Untitled(untitled)) = &mut built {
            untitled.title = title;
            untitled.description = description;
            untitled.default = default;
        }
        built
    }
}

/// A multi-select schema as rmcp's `EnumSchema::Multi`, to the same JSON:
/// `Untitled` for `{"type":"array","items":{"type":"string","enum":[..]}}`,
/// `Titled` for `{"type":"array","items":{"anyOf":[..]}}`.
impl From<&MultiSelectSchema> for EnumSchema {
    fn from(schema: &MultiSelectSchema) -> Self {
        let title = schema.title.clone();
        let description = schema.description.clone();
        let min_items = schema.min_items.map(|min| min as u64);
        let max_items = schema.max_items.map(|max| max as u64);
        let default = owned::default_values(schema);
        if schema.is_titled() {
            let mut titled =
                TitledMultiSelectEnumSchema::new(TitledItems::new(consts(&schema.options)));
            titled.title = title;
            titled.description = description;
            titled.min_items = min_items;
            titled.max_items = max_items;
            titled.default = default;
            return EnumSchema::Multi(MultiSelectEnumSchema::Titled(titled));
        }
        let mut built = EnumSchema::builder(values(&schema.options))
            .multiselect()
            .build();
        if let EnumSchema::Multi(MultiSelectEnumSchema::Untitled(untitled)) = &mut built {
            untitled.title = title;
            untitled.description = description;
            untitled.min_items = min_items;
            untitled.max_items = max_items;
            untitled.default = default;
        }
        built
    }
}

/// `T::SINGLE_SELECT` (or a variation of it) as rmcp's `EnumSchema`, for rmcp's
/// own `ElicitationSchema::builder().required_enum_schema(..)`.
impl<T: ElicitEnum> From<SingleSelectField<T>> for EnumSchema {
    fn from(schema: SingleSelectField<T>) -> Self {
        EnumSchema::from(&schema.to_schema())
    }
}

/// `T::MULTI_SELECT` (or a variation of it) as rmcp's `EnumSchema`.
impl<T: ElicitEnum> From<MultiSelectField<T>> for EnumSchema {
    fn from(schema: MultiSelectField<T>) -> Self {
        EnumSchema::from(&schema.to_schema())
    }
}

fn rmcp_format(format: StringFormat) -> RmcpFormat {
    match format {
        StringFormat::Email => RmcpFormat::Email,
        StringFormat::Uri => RmcpFormat::Uri,
        StringFormat::Date => RmcpFormat::Date,
        StringFormat::DateTime => RmcpFormat::DateTime,
    }
}

/// `{"type":"string",..}` as rmcp's `StringSchema`; lengths beyond `u32`
/// (rmcp's type) are clamped.
impl From<&StringSchema> for RmcpString {
    fn from(schema: &StringSchema) -> Self {
        let length = |length: usize| u32::try_from(length).unwrap_or(u32::MAX);
        let mut string = RmcpString::new();
        string.title = schema.title.clone();
        string.description = schema.description.clone();
        string.min_length = schema.min_length.map(length);
        string.max_length = schema.max_length.map(length);
        string.format = schema.format.map(rmcp_format);
        string.default = schema.default.as_ref().map(|value| value.to_string());
        string
    }
}

/// `{"type":"boolean",..}` as rmcp's `BooleanSchema`.
impl From<&BooleanSchema> for RmcpBoolean {
    fn from(schema: &BooleanSchema) -> Self {
        let mut boolean = RmcpBoolean::new();
        boolean.title = schema.title.clone();
        boolean.description = schema.description.clone();
        boolean.default = schema.default;
        boolean
    }
}

/// A number property as rmcp's `PrimitiveSchemaDefinition`:
/// `Integer` for `"type":"integer"`, `Number` for `"type":"number"`.
fn number_definition(schema: &NumberSchema) -> PrimitiveSchemaDefinition {
    // rmcp's two number types have the same fields, of other types: the same
    // readable bounds as the JSON the crate sends, integers within i64.
    macro_rules! bounded {
        ($target:expr, $as:path) => {{
            let mut target = $target;
            target.title = schema.title.clone();
            target.description = schema.description.clone();
            let of = |number: Option<Number>| number.as_ref().and_then($as);
            target.minimum = of(schema.advertised_minimum());
            target.maximum = of(schema.advertised_maximum());
            target.default = of(schema.advertised_default());
            target
        }};
    }
    if schema.integer {
        PrimitiveSchemaDefinition::Integer(bounded!(RmcpInteger::new(), Number::as_i64))
    } else {
        PrimitiveSchemaDefinition::Number(bounded!(RmcpNumber::new(), Number::as_f64))
    }
}

/// One property as rmcp's `PrimitiveSchemaDefinition`, to the same JSON
/// (integer bounds as [`NumberSchema::minimum`] says they are sent).
impl From<&PrimitiveSchema> for PrimitiveSchemaDefinition {
    fn from(schema: &PrimitiveSchema) -> Self {
        match schema {
            PrimitiveSchema::String(string) => PrimitiveSchemaDefinition::String(string.into()),
            PrimitiveSchema::Number(number) => number_definition(number),
            PrimitiveSchema::Boolean(boolean) => PrimitiveSchemaDefinition::Boolean(boolean.into()),
            PrimitiveSchema::SingleSelect(single) => PrimitiveSchemaDefinition::Enum(single.into()),
            PrimitiveSchema::MultiSelect(multi) => PrimitiveSchemaDefinition::Enum(multi.into()),
        }
    }
}

/// A `requestedSchema` as rmcp's `ElicitationSchema`:
/// `{"type":"object","properties":{..},"required":[..]}`, the properties in
/// the same order (rmcp keeps it in `property_order`), `required` left out
/// when empty.
impl From<&RequestedSchema> for ElicitationSchema {
    fn from(schema: &RequestedSchema) -> Self {
        let mut elicitation = ElicitationSchema::new(owned::properties(schema));
        elicitation.property_order = Some(
            schema
                .properties
                .iter()
                .map(|(name, _)| name.to_string())
                .collect(),
        );
        if !schema.required.is_empty() {
            elicitation.required = Some(owned::required(schema));
        }
        elicitation
    }
}

/// Form-mode params as rmcp's `ElicitRequestParams::FormElicitationParams`:
/// `{"mode":"form","message":"..","requestedSchema":{..}}` (rmcp always
/// writes the optional `mode`).
impl From<&ElicitRequestFormParams> for model::ElicitRequestParams {
    fn from(params: &ElicitRequestFormParams) -> Self {
        model::ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: params.message.to_string(),
            requested_schema: (&params.requested_schema).into(),
        }
    }
}

from_owned! {
    SingleSelectSchema => EnumSchema,
    MultiSelectSchema => EnumSchema,
    PrimitiveSchema => PrimitiveSchemaDefinition,
    RequestedSchema => ElicitationSchema,
    ElicitRequestFormParams => model::ElicitRequestParams,
}

/// rmcp's `ElicitResult` as the JSON the client sent:
/// `{"action":..,"content":..}`.
pub(crate) fn result_json(result: &model::ElicitResult) -> Result<Value, Error> {
    serde_json::to_value(result).map_err(|error| {
        Error::from(ErrorKind::MalformedResult {
            reason: Cow::Owned(format!("the ElicitResult does not serialize: {error}")),
            found: None,
        })
    })
}

/// Parses rmcp's `ElicitResult` into a derived form: accept (the struct,
/// re-validated), decline or cancel.
///
/// # Errors
///
/// As [`ElicitForm::parse_result`]: [`ErrorKind::MalformedResult`] if `content`
/// is not an object, then every failing field.
pub fn parse_result<F: ElicitForm>(result: &model::ElicitResult) -> Result<ElicitAction<F>, Error> {
    F::parse_result(result_json(result)?)
}

/// Parses rmcp's `ElicitResult` into the tuple of a run-time [`Form`]'s
/// answers.
///
/// # Errors
///
/// As [`Form::parse_result`].
pub fn parse_form_result<F: FormFields>(
    form: &Form<F>,
    result: &model::ElicitResult,
) -> Result<ElicitAction<F::Output>, Error> {
    form.parse_result(result_json(result)?)
}
