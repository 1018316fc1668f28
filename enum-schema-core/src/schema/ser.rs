//! The wire model's serialization: exactly the JSON of the MCP
//! `schema.json`, key for key.

use std::borrow::Cow;

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

use crate::schema::option::{is_titled, EnumOption};
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
use crate::schema::{
    ElicitRequestFormParams, MultiSelectSchema, PrimitiveSchema, RequestedSchema,
    SingleSelectSchema,
};

impl Serialize for StringFormat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// `key: value`, left out without a value: the spec's optional keys.
fn optional<M: SerializeMap, V: Serialize>(
    map: &mut M,
    key: &'static str,
    value: Option<V>,
) -> Result<(), M::Error> {
    match value {
        Some(value) => map.serialize_entry(key, &value),
        None => Ok(()),
    }
}

/// A property's map, begun with the keys every property has: `type`,
/// `title`, `description`.
fn property_map<S: Serializer>(
    serializer: S,
    kind: &str,
    title: Option<&str>,
    description: Option<&str>,
) -> Result<S::SerializeMap, S::Error> {
    let mut map = serializer.serialize_map(None)?;
    map.serialize_entry("type", kind)?;
    optional(&mut map, "title", title)?;
    optional(&mut map, "description", description)?;
    Ok(map)
}

/// [`property_map`] with a primitive schema's own `title` and
/// `description`.
fn primitive_map<S: Serializer>(
    serializer: S,
    kind: &str,
    title: &Option<Cow<'static, str>>,
    description: &Option<Cow<'static, str>>,
) -> Result<S::SerializeMap, S::Error> {
    property_map(serializer, kind, title.as_deref(), description.as_deref())
}

impl Serialize for StringSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = primitive_map(serializer, "string", &self.title, &self.description)?;
        optional(&mut map, "minLength", self.min_length)?;
        optional(&mut map, "maxLength", self.max_length)?;
        optional(&mut map, "format", self.format)?;
        optional(&mut map, "default", self.default.as_ref())?;
        map.end()
    }
}

impl Serialize for NumberSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let kind = if self.integer { "integer" } else { "number" };
        let mut map = primitive_map(serializer, kind, &self.title, &self.description)?;
        optional(&mut map, "minimum", self.advertised_minimum())?;
        optional(&mut map, "maximum", self.advertised_maximum())?;
        optional(&mut map, "default", self.advertised_default())?;
        map.end()
    }
}

impl Serialize for BooleanSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = primitive_map(serializer, "boolean", &self.title, &self.description)?;
        optional(&mut map, "default", self.default)?;
        map.end()
    }
}

impl Serialize for SingleSelectSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = primitive_map(serializer, "string", &self.title, &self.description)?;
        let (options, titled) = (&self.options[..], self.is_titled());
        if self.legacy {
            map.serialize_entry("enum", &Values(options))?;
            if titled {
                map.serialize_entry("enumNames", &Labels(options))?;
            }
        } else if titled {
            map.serialize_entry("oneOf", &Consts(options))?;
        } else {
            map.serialize_entry("enum", &Values(options))?;
        }
        optional(&mut map, "default", self.default.as_deref())?;
        map.end()
    }
}

impl Serialize for MultiSelectSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_multi(
            serializer,
            self.title.as_deref(),
            self.description.as_deref(),
            &self.options,
            self.min_items,
            self.max_items,
            self.default.as_deref(),
        )
    }
}

impl Serialize for PrimitiveSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            PrimitiveSchema::String(schema) => schema.serialize(serializer),
            PrimitiveSchema::Number(schema) => schema.serialize(serializer),
            PrimitiveSchema::Boolean(schema) => schema.serialize(serializer),
            PrimitiveSchema::SingleSelect(schema) => schema.serialize(serializer),
            PrimitiveSchema::MultiSelect(schema) => schema.serialize(serializer),
        }
    }
}

impl Serialize for RequestedSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", "object")?;
        map.serialize_entry("properties", &OrderedMap(&self.properties))?;
        if !self.required.is_empty() {
            map.serialize_entry("required", &self.required)?;
        }
        map.end()
    }
}

impl Serialize for ElicitRequestFormParams {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("message", &self.message)?;
        map.serialize_entry("requestedSchema", &self.requested_schema)?;
        map.end()
    }
}

/// `{key: value, ..}`, the pairs in order: the properties of a
/// `requestedSchema`, the requests of an `InputRequiredResult`.
pub(crate) struct OrderedMap<'a, K, V>(pub(crate) &'a [(K, V)]);

impl<K: Serialize, V: Serialize> Serialize for OrderedMap<'_, K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(key, value)| (key, value)))
    }
}

/// `["a","b"]`: the options' values.
struct Values<'a>(&'a [EnumOption]);

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(EnumOption::value))
    }
}

/// `["A","B"]`: the options' labels, for `enumNames`.
struct Labels<'a>(&'a [EnumOption]);

impl Serialize for Labels<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(EnumOption::label))
    }
}

/// `[{"const":"a","title":"A"},..]`, for `oneOf` and `items.anyOf`.
struct Consts<'a>(&'a [EnumOption]);

impl Serialize for Consts<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Const<'a>(&'a EnumOption);
        impl Serialize for Const<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let description = self.0.description();
                let mut map =
                    serializer.serialize_map(Some(2 + usize::from(description.is_some())))?;
                map.serialize_entry("const", self.0.value())?;
                map.serialize_entry("title", self.0.label())?;
                if let Some(description) = description {
                    map.serialize_entry("description", description)?;
                }
                map.end()
            }
        }
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for option in self.0 {
            seq.serialize_element(&Const(option))?;
        }
        seq.end()
    }
}

pub(crate) fn serialize_multi<S: Serializer, D: Serialize>(
    serializer: S,
    title: Option<&str>,
    description: Option<&str>,
    options: &[EnumOption],
    min_items: Option<usize>,
    max_items: Option<usize>,
    default: Option<D>,
) -> Result<S::Ok, S::Error> {
    struct Items<'a>(&'a [EnumOption]);
    impl Serialize for Items<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            if is_titled(self.0) {
                map.serialize_entry("anyOf", &Consts(self.0))?;
            } else {
                map.serialize_entry("type", "string")?;
                map.serialize_entry("enum", &Values(self.0))?;
            }
            map.end()
        }
    }
    let mut map = property_map(serializer, "array", title, description)?;
    optional(&mut map, "minItems", min_items)?;
    optional(&mut map, "maxItems", max_items)?;
    map.serialize_entry("items", &Items(options))?;
    optional(&mut map, "default", default)?;
    map.end()
}
