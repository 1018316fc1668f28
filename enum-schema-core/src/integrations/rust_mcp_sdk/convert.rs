//! `From` conversions from the wire model into rust-mcp-schema's types.

use std::borrow::Cow;

use ::rust_mcp_schema as schema;
use ::rust_mcp_schema::{
    BooleanSchema as SdkBoolean, ElicitRequestFormParamsRequestedSchema, EnumSchema,
    LegacyTitledEnumSchema, MultiSelectEnumSchema, NumberSchema as SdkNumber, NumberSchemaType,
    PrimitiveSchemaDefinition, SingleSelectEnumSchema, StringSchema as SdkString,
    StringSchemaFormat, TitledMultiSelectEnumSchema, TitledMultiSelectEnumSchemaItems,
    TitledMultiSelectEnumSchemaItemsAnyOfItem, TitledSingleSelectEnumSchema,
    TitledSingleSelectEnumSchemaOneOfItem, UntitledMultiSelectEnumSchema,
    UntitledMultiSelectEnumSchemaItems, UntitledSingleSelectEnumSchema,
};

use crate::schema::option::EnumOption;
use crate::schema::owned::{self, labels, values};
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
use crate::schema::{
    ElicitRequestFormParams, MultiSelectSchema, PrimitiveSchema, RequestedSchema,
    SingleSelectSchema,
};

fn text(value: &Option<Cow<'static, str>>) -> Option<String> {
    value.as_ref().map(|value| value.to_string())
}

/// `value` of enum `$from` as the variant of the same name of enum `$to`:
/// rust-mcp-schema names the same shape alike in each of its enums.
macro_rules! same_variant {
    ($value:expr, $from:ident => $to:ident: $($variant:ident),+) => {
        match $value {
            $($from::$variant(inner) => $to::$variant(inner),)+
        }
    };
}

/// Each option as a titled item `{"const":..,"title":..}` of type `T`.
fn consts<T>(options: &[EnumOption], item: impl Fn(String, String) -> T) -> Vec<T> {
    options
        .iter()
        .map(|option| item(option.value().to_owned(), option.label().to_owned()))
        .collect()
}

fn count(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

/// A single-select schema as rust-mcp-schema's `EnumSchema`, to the same
/// JSON: `UntitledSingleSelectEnumSchema` for `{"type":"string","enum":[..]}`,
/// `TitledSingleSelectEnumSchema` for `{"type":"string","oneOf":[..]}`,
/// `LegacyTitledEnumSchema` for `{"type":"string","enum":[..],"enumNames":[..]}`.
impl From<&SingleSelectSchema> for EnumSchema {
    fn from(schema: &SingleSelectSchema) -> Self {
        if schema.legacy {
            let names = if schema.is_titled() {
                labels(&schema.options)
            } else {
                Vec::new()
            };
            return EnumSchema::LegacyTitledEnumSchema(LegacyTitledEnumSchema::new(
                values(&schema.options),
                names,
                text(&schema.default),
                text(&schema.description),
                text(&schema.title),
            ));
        }
        same_variant!(
            SingleSelectEnumSchema::from(schema),
            SingleSelectEnumSchema => EnumSchema:
            UntitledSingleSelectEnumSchema, TitledSingleSelectEnumSchema
        )
    }
}

/// A single-select schema as one of rust-mcp-schema's two SEP-1330
/// single-select shapes. That type has no legacy shape: a legacy schema
/// (`enumNames`) becomes the titled `oneOf` shape with the same values and
/// titles (use the `EnumSchema` conversion to keep `enumNames`).
impl From<&SingleSelectSchema> for SingleSelectEnumSchema {
    fn from(schema: &SingleSelectSchema) -> Self {
        let default = text(&schema.default);
        let (description, title) = (text(&schema.description), text(&schema.title));
        if !schema.is_titled() {
            let values = values(&schema.options);
            let untitled = UntitledSingleSelectEnumSchema::new(values, default, description, title);
            return Self::UntitledSingleSelectEnumSchema(untitled);
        }
        let one_of = consts(&schema.options, |const_, title| {
            TitledSingleSelectEnumSchemaOneOfItem { const_, title }
        });
        let titled = TitledSingleSelectEnumSchema::new(one_of, default, description, title);
        Self::TitledSingleSelectEnumSchema(titled)
    }
}

/// A multi-select schema as rust-mcp-schema's `MultiSelectEnumSchema`, to
/// the same JSON: `UntitledMultiSelectEnumSchema` for
/// `{"type":"array","items":{"type":"string","enum":[..]}}`,
/// `TitledMultiSelectEnumSchema` for `{"type":"array","items":{"anyOf":[..]}}`.
impl From<&MultiSelectSchema> for MultiSelectEnumSchema {
    fn from(schema: &MultiSelectSchema) -> Self {
        let default = owned::default_values(schema).unwrap_or_default();
        let min_items = schema.min_items.map(count);
        let max_items = schema.max_items.map(count);
        if schema.is_titled() {
            let any_of = consts(&schema.options, |const_, title| {
                TitledMultiSelectEnumSchemaItemsAnyOfItem { const_, title }
            });
            return MultiSelectEnumSchema::TitledMultiSelectEnumSchema(
                TitledMultiSelectEnumSchema::new(
                    default,
                    TitledMultiSelectEnumSchemaItems { any_of },
                    text(&schema.description),
                    max_items,
                    min_items,
                    text(&schema.title),
                ),
            );
        }
        MultiSelectEnumSchema::UntitledMultiSelectEnumSchema(UntitledMultiSelectEnumSchema::new(
            default,
            UntitledMultiSelectEnumSchemaItems::new(values(&schema.options)),
            text(&schema.description),
            max_items,
            min_items,
            text(&schema.title),
        ))
    }
}

/// A multi-select schema as rust-mcp-schema's `EnumSchema`.
impl From<&MultiSelectSchema> for EnumSchema {
    fn from(schema: &MultiSelectSchema) -> Self {
        match MultiSelectEnumSchema::from(schema) {
            MultiSelectEnumSchema::UntitledMultiSelectEnumSchema(untitled) => {
                EnumSchema::UntitledMultiSelectEnumSchema(untitled)
            }
            MultiSelectEnumSchema::TitledMultiSelectEnumSchema(titled) => {
                EnumSchema::TitledMultiSelectEnumSchema(titled)
            }
        }
    }
}

fn sdk_format(format: StringFormat) -> StringSchemaFormat {
    match format {
        StringFormat::Email => StringSchemaFormat::Email,
        StringFormat::Uri => StringSchemaFormat::Uri,
        StringFormat::Date => StringSchemaFormat::Date,
        StringFormat::DateTime => StringSchemaFormat::DateTime,
    }
}

/// `{"type":"string",..}` as rust-mcp-schema's `StringSchema`.
impl From<&StringSchema> for SdkString {
    fn from(schema: &StringSchema) -> Self {
        SdkString::new(
            text(&schema.default),
            text(&schema.description),
            schema.format.map(sdk_format),
            schema.max_length.map(count),
            schema.min_length.map(count),
            text(&schema.title),
        )
    }
}

/// `{"type":"number",..}` or `{"type":"integer",..}` as rust-mcp-schema's
/// `NumberSchema`, whose bounds and default are `f64` (see the
/// [module docs](super)).
impl From<&NumberSchema> for SdkNumber {
    fn from(schema: &NumberSchema) -> Self {
        SdkNumber {
            default: schema.default.as_ref().and_then(serde_json::Number::as_f64),
            description: text(&schema.description),
            maximum: schema.maximum.as_ref().and_then(serde_json::Number::as_f64),
            minimum: schema.minimum.as_ref().and_then(serde_json::Number::as_f64),
            title: text(&schema.title),
            type_: if schema.integer {
                NumberSchemaType::Integer
            } else {
                NumberSchemaType::Number
            },
        }
    }
}

/// `{"type":"boolean",..}` as rust-mcp-schema's `BooleanSchema`.
impl From<&BooleanSchema> for SdkBoolean {
    fn from(schema: &BooleanSchema) -> Self {
        SdkBoolean::new(
            schema.default,
            text(&schema.description),
            text(&schema.title),
        )
    }
}

/// An enum shape as the `PrimitiveSchemaDefinition` variant of the same
/// name.
fn enum_definition(schema: EnumSchema) -> PrimitiveSchemaDefinition {
    same_variant!(
        schema,
        EnumSchema => PrimitiveSchemaDefinition:
        UntitledSingleSelectEnumSchema, TitledSingleSelectEnumSchema, LegacyTitledEnumSchema,
        UntitledMultiSelectEnumSchema, TitledMultiSelectEnumSchema
    )
}

/// One property as rust-mcp-schema's `PrimitiveSchemaDefinition`, the
/// variant named for its shape.
impl From<&PrimitiveSchema> for PrimitiveSchemaDefinition {
    fn from(schema: &PrimitiveSchema) -> Self {
        match schema {
            PrimitiveSchema::String(string) => {
                PrimitiveSchemaDefinition::StringSchema(string.into())
            }
            PrimitiveSchema::Number(number) => {
                PrimitiveSchemaDefinition::NumberSchema(number.into())
            }
            PrimitiveSchema::Boolean(boolean) => {
                PrimitiveSchemaDefinition::BooleanSchema(boolean.into())
            }
            PrimitiveSchema::SingleSelect(single) => enum_definition(single.into()),
            PrimitiveSchema::MultiSelect(multi) => enum_definition(multi.into()),
        }
    }
}

/// A `requestedSchema` as rust-mcp-schema's
/// `ElicitRequestFormParamsRequestedSchema`:
/// `{"type":"object","properties":{..},"required":[..]}`, `required` left
/// out when empty, the properties sorted by name (a `BTreeMap` there).
impl From<&RequestedSchema> for ElicitRequestFormParamsRequestedSchema {
    fn from(schema: &RequestedSchema) -> Self {
        ElicitRequestFormParamsRequestedSchema::new(
            owned::properties(schema),
            owned::required(schema),
            None,
        )
    }
}

/// Form-mode params as rust-mcp-schema's `ElicitRequestFormParams`:
/// `{"message":"..","mode":"form","requestedSchema":{..}}` (rust-mcp-schema
/// always writes the optional `mode`).
impl From<&ElicitRequestFormParams> for schema::ElicitRequestFormParams {
    fn from(params: &ElicitRequestFormParams) -> Self {
        schema::ElicitRequestFormParams::new(
            params.message.to_string(),
            (&params.requested_schema).into(),
        )
    }
}

/// Form-mode params as rust-mcp-schema's `ElicitRequestParams::FormParams`.
impl From<&ElicitRequestFormParams> for schema::ElicitRequestParams {
    fn from(params: &ElicitRequestFormParams) -> Self {
        schema::ElicitRequestParams::FormParams(params.into())
    }
}

from_owned! {
    SingleSelectSchema => EnumSchema,
    MultiSelectSchema => MultiSelectEnumSchema,
    MultiSelectSchema => EnumSchema,
    PrimitiveSchema => PrimitiveSchemaDefinition,
    RequestedSchema => ElicitRequestFormParamsRequestedSchema,
    ElicitRequestFormParams => schema::ElicitRequestFormParams,
    ElicitRequestFormParams => schema::ElicitRequestParams,
}
