//! Reading the schemas a peer sends: every enum shape of SEP-1330, the
//! spellings real peers use, and a typed error for anything that cannot be
//! used. A schema's own settings go through the rules (`rule`), and this
//! file holds the one mapping from a broken [`Rule`] to a [`SchemaError`],
//! which the run-time select builders (`field/dynamic.rs`) use too. An
//! answer to what was read is checked by `check`, as a typed field's is.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::error::Error;
use crate::schema::option::EnumOption;
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
use crate::schema::rule::{self, Rule};
use crate::schema::{MultiSelectSchema, PrimitiveSchema, RequestedSchema, SingleSelectSchema};

use crate::schema::error::SchemaError;

type Object = Map<String, Value>;

/// Keywords that restrict answers beyond what the elicitation schemas carry.
const UNSUPPORTED: &[&str] = &[
    "$ref",
    "allOf",
    "const",
    "contains",
    "else",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "if",
    "multipleOf",
    "not",
    "pattern",
    "then",
];

/// A schema object's keywords, found in one pass over its keys: each one
/// this reader reads, the keyword of [`UNSUPPORTED`] it names that comes
/// first in that list (the same one whatever order the peer wrote its
/// keys in); [`has_options`](Self::has_options) says whether it names an
/// option keyword. A schema has a handful of keys: comparing each
/// against the keywords costs less than looking each keyword up in the
/// map, each lookup a hash (with `preserve_order`, SipHash).
#[derive(Default)]
struct Keywords<'a> {
    unsupported: Option<&'static str>,
    kind: Option<&'a Value>,
    title: Option<&'a Value>,
    description: Option<&'a Value>,
    default: Option<&'a Value>,
    constant: Option<&'a Value>,
    values: Option<&'a Value>,
    names: Option<&'a Value>,
    one_of: Option<&'a Value>,
    any_of: Option<&'a Value>,
    items: Option<&'a Value>,
    min_items: Option<&'a Value>,
    max_items: Option<&'a Value>,
    min_length: Option<&'a Value>,
    max_length: Option<&'a Value>,
    format: Option<&'a Value>,
    minimum: Option<&'a Value>,
    maximum: Option<&'a Value>,
}

impl<'a> Keywords<'a> {
    fn of(object: &'a Object) -> Self {
        let mut keywords = Keywords::default();
        let mut unsupported = UNSUPPORTED.len();
        for (key, value) in object {
            let slot = match key.as_str() {
                "type" => &mut keywords.kind,
                "title" => &mut keywords.title,
                "description" => &mut keywords.description,
                "default" => &mut keywords.default,
                "const" => {
                    // Unsupported in a property schema, an option's value
                    // in a `oneOf`/`anyOf` entry.
                    unsupported = unsupported.min(2);
                    &mut keywords.constant
                }
                "enum" => &mut keywords.values,
                "enumNames" => &mut keywords.names,
                "oneOf" => &mut keywords.one_of,
                "anyOf" => &mut keywords.any_of,
                "items" => &mut keywords.items,
                "minItems" => &mut keywords.min_items,
                "maxItems" => &mut keywords.max_items,
                "minLength" => &mut keywords.min_length,
                "maxLength" => &mut keywords.max_length,
                "format" => &mut keywords.format,
                "minimum" => &mut keywords.minimum,
                "maximum" => &mut keywords.maximum,
                other => {
                    let index = match other {
                        "$ref" => 0,
                        "allOf" => 1,
                        "contains" => 3,
                        "else" => 4,
                        "exclusiveMaximum" => 5,
                        "exclusiveMinimum" => 6,
                        "if" => 7,
                        "multipleOf" => 8,
                        "not" => 9,
                        "pattern" => 10,
                        "then" => 11,
                        _ => continue,
                    };
                    unsupported = unsupported.min(index);
                    continue;
                }
            };
            *slot = Some(value);
        }
        keywords.unsupported = UNSUPPORTED.get(unsupported).copied();
        keywords
    }

    /// Whether the object names an option keyword (`enum`, `oneOf`,
    /// `anyOf`, `enumNames`).
    fn has_options(&self) -> bool {
        self.values.is_some()
            || self.one_of.is_some()
            || self.any_of.is_some()
            || self.names.is_some()
    }
}

fn text(
    found: Option<&Value>,
    keyword: &'static str,
) -> Result<Option<Cow<'static, str>>, SchemaError> {
    match found {
        None => Ok(None),
        Some(Value::String(text)) => Ok(Some(Cow::Owned(text.clone()))),
        Some(found) => Err(invalid(keyword, "a string", found)),
    }
}

/// A count keyword: a non-negative integer, `1.0` accepted.
fn count(found: Option<&Value>, keyword: &'static str) -> Result<Option<usize>, SchemaError> {
    let Some(found) = found else {
        return Ok(None);
    };
    let invalid = || invalid(keyword, "a non-negative integer", found);
    let Value::Number(number) = found else {
        return Err(invalid());
    };
    if let Some(value) = number.as_u64() {
        return usize::try_from(value).map(Some).map_err(|_| invalid());
    }
    match number.as_f64() {
        Some(value) if value >= 0.0 && value.fract() == 0.0 && value <= u32::MAX as f64 => {
            Ok(Some(value as usize))
        }
        _ => Err(invalid()),
    }
}

fn number(found: Option<&Value>, keyword: &'static str) -> Result<Option<Number>, SchemaError> {
    match found {
        None => Ok(None),
        Some(Value::Number(number)) => Ok(Some(number.clone())),
        Some(found) => Err(invalid(keyword, "a number", found)),
    }
}

/// A keyword with a value of the wrong kind.
fn invalid(keyword: &'static str, expected: &'static str, found: &Value) -> SchemaError {
    SchemaError::InvalidKeyword {
        keyword,
        expected,
        found: found.clone(),
    }
}

/// The object a schema must be.
fn as_object(schema: &Value) -> Result<&Object, SchemaError> {
    match schema {
        Value::Object(object) => Ok(object),
        _ => Err(SchemaError::NotAnObject {
            found: schema.clone(),
        }),
    }
}

/// JSON text read into `T`.
fn from_text<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, SchemaError> {
    serde_json::from_str(json).map_err(|error| SchemaError::InvalidJson {
        message: error.to_string(),
    })
}

fn strings(found: &Value, keyword: &'static str) -> Result<Vec<String>, SchemaError> {
    let invalid = || invalid(keyword, "an array of strings", found);
    let Value::Array(items) = found else {
        return Err(invalid());
    };
    items
        .iter()
        .map(|item| item.as_str().map(str::to_owned).ok_or_else(invalid))
        .collect()
}

/// The options of an enum schema (or of a multi-select's `items`), and
/// whether they came with `enumNames`.
fn options(object: &Keywords) -> Result<(Vec<EnumOption>, bool), SchemaError> {
    let consts = object
        .one_of
        .map(|v| ("oneOf", v))
        .or_else(|| object.any_of.map(|v| ("anyOf", v)));
    let lists = [object.values, object.one_of, object.any_of]
        .iter()
        .filter(|list| list.is_some())
        .count();
    if lists > 1 || (object.names.is_some() && object.values.is_none()) {
        return Err(SchemaError::AmbiguousOptions);
    }
    let options = match (object.values, consts) {
        (Some(_), Some(_)) => return Err(SchemaError::AmbiguousOptions),
        (None, None) => return Err(SchemaError::MissingKeyword { keyword: "enum" }),
        (Some(values), None) => {
            let values = strings(values, "enum")?;
            match object.names {
                None => (
                    values
                        .into_iter()
                        .map(|value| EnumOption::new(value, None::<String>))
                        .collect(),
                    false,
                ),
                Some(names) => {
                    let names = strings(names, "enumNames")?;
                    if names.len() != values.len() {
                        return Err(SchemaError::EnumNamesLength {
                            values: values.len(),
                            names: names.len(),
                        });
                    }
                    let options = values
                        .into_iter()
                        .zip(names)
                        .map(|(value, name)| EnumOption::new(value, Some(name)));
                    (options.collect(), true)
                }
            }
        }
        (None, Some((keyword, consts))) => {
            let Value::Array(consts) = consts else {
                return Err(invalid(
                    keyword,
                    "an array of {\"const\", \"title\"} objects",
                    consts,
                ));
            };
            let mut options = Vec::with_capacity(consts.len());
            for (index, option) in consts.iter().enumerate() {
                let option = match option {
                    Value::Object(option) => Keywords::of(option),
                    _ => Keywords::default(),
                };
                let Some(value) = option.constant.and_then(Value::as_str) else {
                    return Err(SchemaError::OptionWithoutConst { index });
                };
                let title = match option.title {
                    None => None,
                    Some(Value::String(title)) => Some(title.clone()),
                    Some(found) => return Err(invalid("title", "a string", found)),
                };
                let description = match option.description {
                    None => None,
                    Some(Value::String(description)) => Some(description.clone()),
                    Some(found) => return Err(invalid("description", "a string", found)),
                };
                options
                    .push(EnumOption::new(value.to_owned(), title).with_description(description));
            }
            (options, false)
        }
    };
    check_options(&options.0)?;
    Ok(options)
}

/// Options are a non-empty list with no value twice ([`rule::options`]).
pub(crate) fn check_options(options: &[EnumOption]) -> Result<(), SchemaError> {
    rule::options_at(options).map_err(|error| options_error(options, error))
}

/// Options this crate sends ([`rule::sent_options_at`]): as
/// [`check_options`], no empty value and no title twice.
pub(crate) fn check_sent_options(options: &[EnumOption]) -> Result<(), SchemaError> {
    rule::sent_options_at(options).map_err(|error| options_error(options, error))
}

fn options_error(options: &[EnumOption], (rule, index): (Rule, usize)) -> SchemaError {
    match rule {
        Rule::NoOptions => SchemaError::NoOptions,
        Rule::EmptyValue => SchemaError::EmptyValue { index },
        Rule::DuplicateTitle => SchemaError::DuplicateTitle {
            title: options[index].label().to_owned(),
        },
        _ => SchemaError::DuplicateValue {
            value: options[index].value().to_owned(),
        },
    }
}

/// A single-select `default` is one of the options' values
/// ([`rule::single_select`]).
pub(crate) fn check_single_default(
    options: &[EnumOption],
    default: &str,
) -> Result<(), SchemaError> {
    rule::single_select_any(options, Some(default)).map_err(|_| SchemaError::DefaultNotAnOption {
        default: default.to_owned(),
    })
}

/// A multi-select's bounds can be met, and its `default` names distinct
/// options, as many as the bounds allow ([`rule::multi_select`], not
/// `strict`: a peer's `maxItems: 0` is read as it is).
pub(crate) fn check_items(
    options: &[EnumOption],
    min_items: Option<usize>,
    max_items: Option<usize>,
    default: Option<&[Cow<'static, str>]>,
) -> Result<(), SchemaError> {
    let values: Option<Vec<&str>> =
        default.map(|values| values.iter().map(|value| &**value).collect());
    let verdict = rule::multi_select_any(options, min_items, max_items, values.as_deref(), false);
    let Err((rule, index)) = verdict else {
        return Ok(());
    };
    let item = |index: Option<usize>| {
        values
            .as_ref()
            .and_then(|values| values.get(index?))
            .map(|value| value.to_string())
            .unwrap_or_default()
    };
    Err(match rule {
        Rule::MinItemsAboveMaxItems => SchemaError::BoundsInverted {
            keyword: "minItems",
        },
        Rule::MinItemsAboveOptions => SchemaError::MinItemsAboveOptions {
            min_items: min_items.unwrap_or_default(),
            options: options.len(),
        },
        Rule::DefaultItemNotAnOption => SchemaError::DefaultNotAnOption {
            default: item(index),
        },
        Rule::DefaultItemTwice => SchemaError::DuplicateDefault { value: item(index) },
        _ => SchemaError::DefaultCount {
            count: values.as_ref().map_or(0, Vec::len),
            min_items,
            max_items,
        },
    })
}

fn read_single(object: &Keywords) -> Result<SingleSelectSchema, SchemaError> {
    if object.min_items.is_some() || object.max_items.is_some() {
        return Err(SchemaError::ItemBoundsOnSingleSelect);
    }
    let (options, legacy) = options(object)?;
    let default = match object.default {
        None => None,
        Some(Value::String(default)) => {
            check_single_default(&options, default)?;
            Some(Cow::Owned(default.clone()))
        }
        Some(found) => return Err(invalid("default", "a string", found)),
    };
    Ok(SingleSelectSchema {
        title: text(object.title, "title")?,
        description: text(object.description, "description")?,
        options: Cow::Owned(options),
        default,
        legacy,
    })
}

fn read_multi(object: &Keywords) -> Result<MultiSelectSchema, SchemaError> {
    let items = match object.items {
        Some(Value::Object(items)) => Keywords::of(items),
        Some(found) => return Err(invalid("items", "an object with `enum` or `anyOf`", found)),
        None => return Err(SchemaError::MissingKeyword { keyword: "items" }),
    };
    match items.kind {
        None => {}
        Some(Value::String(kind)) if kind == "string" => {}
        Some(found) => {
            return Err(invalid(
                "items.type",
                r#""string": multi-select options are strings"#,
                found,
            ))
        }
    }
    if let Some(keyword) = items.unsupported {
        return Err(SchemaError::UnsupportedKeyword { keyword });
    }
    let (options, _) = options(&items)?;
    let (min_items, max_items) = (
        count(object.min_items, "minItems")?,
        count(object.max_items, "maxItems")?,
    );
    // The bounds first, then the default against them.
    check_items(&options, min_items, max_items, None)?;
    let default: Option<Vec<Cow<'static, str>>> = match object.default {
        None => None,
        Some(found) => Some(
            strings(found, "default")?
                .into_iter()
                .map(Cow::Owned)
                .collect(),
        ),
    };
    check_items(&options, min_items, max_items, default.as_deref())?;
    Ok(MultiSelectSchema {
        title: text(object.title, "title")?,
        description: text(object.description, "description")?,
        options: Cow::Owned(options),
        min_items,
        max_items,
        default,
    })
}

/// A string schema's `default` against its own settings: a default the
/// schema refuses would be offered to the user. The rule and the answer
/// check compare alike, so the check refuses it too, and says why as an
/// answer's error.
pub(crate) fn check_string(string: &StringSchema) -> Result<(), SchemaError> {
    let (min, max) = (string.min_length, string.max_length);
    if rule::length_order(min, max).is_err() {
        return Err(SchemaError::BoundsInverted {
            keyword: "minLength",
        });
    }
    if let Some(format) = string.format {
        if let Err(broken) = rule::format_length(format.as_str(), min, max) {
            let keyword = match broken {
                Rule::MinLengthAboveFormat => "minLength",
                _ => "maxLength",
            };
            return Err(SchemaError::LengthOutsideFormat { keyword, format });
        }
    }
    let Some(default) = &string.default else {
        return Ok(());
    };
    match rule::string(min, max, string.format, Some(default)) {
        Ok(()) => Ok(()),
        Err(_) => invalid_default(string.check(Value::String(default.to_string()))),
    }
}

/// A number schema's bounds and `default`, as [`check_string`].
pub(crate) fn check_number(number: &NumberSchema) -> Result<(), SchemaError> {
    let (min, max) = (number.minimum.as_ref(), number.maximum.as_ref());
    // An integer schema's fractional bounds are sent rounded inwards: bounds
    // with no integer between them (`1.5..=1.7`) would be sent inverted.
    let advertised_inverted = number.integer
        && matches!(
            (number.advertised_minimum(), number.advertised_maximum()),
            (Some(low), Some(high)) if low.as_i64() > high.as_i64()
        );
    if rule::json_number(number.integer, min, max, None).is_err() || advertised_inverted {
        return Err(SchemaError::BoundsInverted { keyword: "minimum" });
    }
    let Some(default) = &number.default else {
        return Ok(());
    };
    match rule::json_number(number.integer, min, max, Some(default)) {
        Ok(()) => Ok(()),
        Err(_) => invalid_default(number.check(Value::Number(default.clone()))),
    }
}

fn invalid_default<T>(checked: Result<T, Error>) -> Result<(), SchemaError> {
    match checked {
        Ok(_) => Ok(()),
        Err(error) => Err(SchemaError::InvalidDefault { error }),
    }
}

fn read_string(object: &Keywords) -> Result<StringSchema, SchemaError> {
    if object.min_items.is_some() || object.max_items.is_some() {
        return Err(SchemaError::ItemBoundsOnSingleSelect);
    }
    // The bounds and the default are checked once the schema is read
    // (`check_string`).
    let (min_length, max_length) = (
        count(object.min_length, "minLength")?,
        count(object.max_length, "maxLength")?,
    );
    let format = match object.format {
        None => None,
        Some(found) => Some(match found.as_str() {
            Some("email") => StringFormat::Email,
            Some("uri") => StringFormat::Uri,
            Some("date") => StringFormat::Date,
            Some("date-time") => StringFormat::DateTime,
            _ => {
                return Err(invalid(
                    "format",
                    r#""email", "uri", "date" or "date-time""#,
                    found,
                ))
            }
        }),
    };
    Ok(StringSchema {
        title: text(object.title, "title")?,
        description: text(object.description, "description")?,
        min_length,
        max_length,
        format,
        default: text(object.default, "default")?,
    })
}

fn read_number(object: &Keywords, integer: bool) -> Result<NumberSchema, SchemaError> {
    // The bounds and the default are checked once the schema is read
    // (`check_number`).
    let (minimum, maximum) = (
        number(object.minimum, "minimum")?,
        number(object.maximum, "maximum")?,
    );
    Ok(NumberSchema {
        integer,
        title: text(object.title, "title")?,
        description: text(object.description, "description")?,
        minimum,
        maximum,
        default: number(object.default, "default")?,
    })
}

fn read_boolean(object: &Keywords) -> Result<BooleanSchema, SchemaError> {
    let default = match object.default {
        None => None,
        Some(Value::Bool(default)) => Some(*default),
        Some(found) => return Err(invalid("default", "a boolean", found)),
    };
    Ok(BooleanSchema {
        title: text(object.title, "title")?,
        description: text(object.description, "description")?,
        default,
    })
}

impl PrimitiveSchema {
    /// Reads one property schema as a peer sent it.
    ///
    /// Accepted: the five shapes of SEP-1330 (MCP 2025-11-25), string,
    /// number, integer and boolean schemas, and the spellings real peers
    /// use: a titled single-select written with `anyOf`, a titled
    /// multi-select with `items.oneOf`, a legacy `enum` without `enumNames`
    /// (read as untitled), `minItems`/`maxItems` written as `1.0`, an
    /// untitled multi-select without `items.type`. The result serializes
    /// back to the canonical form.
    ///
    /// Reading, and checking answers against what was read, take time
    /// linear in the number of options, so there is no size at which this
    /// crate warns: a schema with hundreds or thousands of options is
    /// limited only by the transport's message size.
    ///
    /// # Errors
    ///
    /// A [`SchemaError`] naming the problem: not an object, unknown `type`,
    /// no options, an option without `const`, duplicate values, `enumNames`
    /// of another length than `enum`, a default that is not an option (or,
    /// for multi-select, repeated or outside the bounds), inverted bounds,
    /// `minItems`/`maxItems` on a single-select, a keyword of the wrong kind.
    ///
    /// ```
    /// use enum_schema::schema::{PrimitiveSchema, SchemaError};
    /// use serde_json::json;
    ///
    /// let peer = json!({"type": "array", "minItems": 1.0,
    ///                   "items": {"oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}});
    /// let schema = PrimitiveSchema::from_json(&peer).unwrap();
    /// assert_eq!(
    ///     serde_json::to_value(&schema).unwrap(),
    ///     json!({"type": "array", "minItems": 1,
    ///            "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}}),
    /// );
    ///
    /// let bad = json!({"type": "string", "enum": ["a", "b"], "enumNames": ["A"]});
    /// assert_eq!(PrimitiveSchema::from_json(&bad), Err(SchemaError::EnumNamesLength { values: 2, names: 1 }));
    /// ```
    pub fn from_json(schema: &Value) -> Result<PrimitiveSchema, SchemaError> {
        let object = Keywords::of(as_object(schema)?);
        let kind = object
            .kind
            .ok_or(SchemaError::MissingKeyword { keyword: "type" })?;
        // A constraint this model cannot carry would be dropped, and the
        // schema read would accept answers the peer's refuses.
        if let Some(keyword) = object.unsupported {
            return Err(SchemaError::UnsupportedKeyword { keyword });
        }
        let schema = match kind.as_str() {
            Some("string") if object.has_options() => {
                let string_only = [
                    ("minLength", object.min_length),
                    ("maxLength", object.max_length),
                    ("format", object.format),
                ];
                if let Some((keyword, _)) = string_only.iter().find(|(_, found)| found.is_some()) {
                    return Err(SchemaError::UnsupportedKeyword { keyword });
                }
                read_single(&object).map(PrimitiveSchema::SingleSelect)
            }
            Some("string") => read_string(&object).map(PrimitiveSchema::String),
            Some("array") => read_multi(&object).map(PrimitiveSchema::MultiSelect),
            Some("number" | "integer" | "boolean") if object.has_options() => {
                Err(SchemaError::NonStringOptions)
            }
            Some("number") => read_number(&object, false).map(PrimitiveSchema::Number),
            Some("integer") => read_number(&object, true).map(PrimitiveSchema::Number),
            Some("boolean") => read_boolean(&object).map(PrimitiveSchema::Boolean),
            _ => Err(SchemaError::UnknownType {
                found: kind.clone(),
            }),
        }?;
        match &schema {
            PrimitiveSchema::String(string) => check_string(string)?,
            PrimitiveSchema::Number(number) => check_number(number)?,
            _ => {}
        }
        Ok(schema)
    }
}

impl PrimitiveSchema {
    /// Reads one property schema from JSON text, as
    /// [`from_json`](Self::from_json), refusing an object anywhere in it
    /// that names a key twice.
    ///
    /// # Errors
    ///
    /// [`SchemaError::InvalidJson`] for text that is not JSON,
    /// [`SchemaError::DuplicateKey`], then as [`from_json`](Self::from_json).
    ///
    /// ```
    /// use enum_schema::schema::{PrimitiveSchema, SchemaError};
    ///
    /// let twice = r#"{"type": "string", "enum": ["a"], "enum": ["a", "b"]}"#;
    /// assert_eq!(
    ///     PrimitiveSchema::from_json_str(twice),
    ///     Err(SchemaError::DuplicateKey { key: "enum".into() }),
    /// );
    /// ```
    pub fn from_json_str(json: &str) -> Result<PrimitiveSchema, SchemaError> {
        let unique: Unique = from_text(json)?;
        unique.read(PrimitiveSchema::from_json)
    }
}

impl<'de> Deserialize<'de> for PrimitiveSchema {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Unique::deserialize(deserializer)?
            .read(PrimitiveSchema::from_json)
            .map_err(serde::de::Error::custom)
    }
}

/// The `visit_*` methods of a visitor that keeps a scalar as its JSON
/// value, wrapped into its output by `$wrap`.
macro_rules! visit_scalars {
    ($output:ty, $wrap:expr) => {
        fn visit_bool<E>(self, value: bool) -> Result<$output, E> {
            Ok($wrap(Value::Bool(value)))
        }

        fn visit_i64<E>(self, value: i64) -> Result<$output, E> {
            Ok($wrap(Value::from(value)))
        }

        fn visit_u64<E>(self, value: u64) -> Result<$output, E> {
            Ok($wrap(Value::from(value)))
        }

        fn visit_f64<E>(self, value: f64) -> Result<$output, E> {
            Ok($wrap(Value::from(value)))
        }

        fn visit_str<E>(self, value: &str) -> Result<$output, E> {
            Ok($wrap(Value::from(value)))
        }

        fn visit_string<E>(self, value: String) -> Result<$output, E> {
            Ok($wrap(Value::String(value)))
        }

        fn visit_unit<E>(self) -> Result<$output, E> {
            Ok($wrap(Value::Null))
        }
    };
}

/// A JSON value read from text, and the first key (in text order) that an
/// object in it names twice. A `serde_json::Value` keeps one of the two
/// silently, so the text is the only place to see it.
struct Unique {
    value: Value,
    duplicate: Option<String>,
}

impl Unique {
    fn read<T>(
        self,
        read: impl FnOnce(&Value) -> Result<T, SchemaError>,
    ) -> Result<T, SchemaError> {
        match self.duplicate {
            Some(key) => Err(SchemaError::DuplicateKey { key }),
            None => read(&self.value),
        }
    }
}

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl UniqueVisitor {
    fn plain(value: Value) -> Unique {
        Unique {
            value,
            duplicate: None,
        }
    }
}

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    visit_scalars!(Unique, Self::plain);

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        let mut duplicate = None;
        while let Some(item) = seq.next_element::<Unique>()? {
            duplicate = duplicate.or(item.duplicate);
            items.push(item.value);
        }
        Ok(Unique {
            value: Value::Array(items),
            duplicate,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut object = Map::new();
        let mut duplicate = None;
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value::<Unique>()?;
            if duplicate.is_none() && object.contains_key(&key) {
                duplicate = Some(key.clone());
            }
            duplicate = duplicate.or(value.duplicate);
            object.insert(key, value.value);
        }
        Ok(Unique {
            value: Value::Object(object),
            duplicate,
        })
    }
}

impl RequestedSchema {
    /// Reads a `requestedSchema` as a peer sent it:
    /// `{"type":"object","properties":{..},"required":[..]}`, each property
    /// read by [`PrimitiveSchema::from_json`]. Property order is kept when
    /// reading from text ([`from_json_str`](Self::from_json_str)); a
    /// `serde_json::Value` built without serde_json's `preserve_order`
    /// feature has already sorted its keys, and kept only one of two
    /// entries with the same key: read text with
    /// [`from_json_str`](Self::from_json_str) to have those refused.
    ///
    /// # Errors
    ///
    /// [`SchemaError::Property`] naming the first property that cannot be
    /// read, [`SchemaError::UnknownRequired`], or the errors of the object
    /// itself.
    pub fn from_json(schema: &Value) -> Result<RequestedSchema, SchemaError> {
        let object = as_object(schema)?;
        let properties = match object.get("properties") {
            Some(Value::Object(properties)) => properties
                .iter()
                .map(|(name, schema)| (name.clone(), schema.clone()))
                .collect(),
            Some(found) => return Err(invalid("properties", "an object", found)),
            None => {
                return Err(SchemaError::MissingKeyword {
                    keyword: "properties",
                })
            }
        };
        read_requested(object, properties)
    }

    /// Reads a `requestedSchema` from JSON text, keeping the property order
    /// and refusing a name or key given twice, which a
    /// `serde_json::Value` would have kept only one of. The serde
    /// `Deserialize` impl reads the same way.
    ///
    /// # Errors
    ///
    /// [`SchemaError::InvalidJson`] for text that is not JSON;
    /// [`SchemaError::DuplicateProperty`] for a property named twice,
    /// [`SchemaError::DuplicateKey`] for any other object with a key given
    /// twice (inside [`SchemaError::Property`] when it is in a property's
    /// schema); then as [`from_json`](Self::from_json).
    ///
    /// ```
    /// use enum_schema::schema::{RequestedSchema, SchemaError};
    ///
    /// let twice = r#"{"type": "object", "properties": {
    ///     "tone": {"type": "string", "enum": ["formal"]},
    ///     "tone": {"type": "string"}}}"#;
    /// let error = RequestedSchema::from_json_str(twice).unwrap_err();
    /// assert_eq!(error, SchemaError::DuplicateProperty { name: "tone".into() });
    /// assert_eq!(
    ///     error.to_string(),
    ///     r#"property "tone" is defined twice; peers disagree on which definition counts"#,
    /// );
    /// ```
    pub fn from_json_str(json: &str) -> Result<RequestedSchema, SchemaError> {
        let raw: RawRequested = match serde_json::from_str(json) {
            Ok(raw) => raw,
            // Not an object with an object of properties: the order no
            // longer matters, and `from_json` names the problem.
            Err(_) => {
                return RequestedSchema::from_json(&from_text(json)?);
            }
        };
        raw.read()
    }
}

fn read_requested(
    object: &Object,
    properties: Vec<(String, Value)>,
) -> Result<RequestedSchema, SchemaError> {
    match object.get("type") {
        Some(Value::String(kind)) if kind == "object" => {}
        Some(found) => {
            return Err(SchemaError::UnknownType {
                found: found.clone(),
            })
        }
        None => return Err(SchemaError::MissingKeyword { keyword: "type" }),
    }
    // MCP 2025-11-25 on: `"$schema": {"type": "string"}`, like `required`
    // a keyword whose JSON type is checked.
    match object.get("$schema") {
        None | Some(Value::String(_)) => {}
        Some(found) => {
            return Err(SchemaError::InvalidKeyword {
                keyword: "$schema",
                expected: "a string",
                found: found.clone(),
            })
        }
    }
    let mut schema = RequestedSchema::default();
    for (name, property) in properties {
        match PrimitiveSchema::from_json(&property) {
            Ok(property) => schema.properties.push((Cow::Owned(name), property)),
            Err(error) => {
                return Err(SchemaError::Property {
                    name,
                    error: Box::new(error),
                })
            }
        }
    }
    if let Some(required) = object.get("required") {
        let names: HashSet<&str> = schema
            .properties
            .iter()
            .map(|(name, _)| name.as_ref())
            .collect();
        let mut listed = HashSet::new();
        let mut required_names = Vec::new();
        for name in strings(required, "required")? {
            if !names.contains(name.as_str()) {
                return Err(SchemaError::UnknownRequired { name });
            }
            // A name listed twice is still one required property.
            if listed.insert(name.clone()) {
                required_names.push(Cow::Owned(name));
            }
        }
        schema.required = required_names;
    }
    Ok(schema)
}

/// A `requestedSchema` as text: `properties` in order, the rest as JSON,
/// and the first key given twice, as the error it makes.
struct RawRequested {
    properties: Option<Properties>,
    rest: Object,
    duplicate: Option<SchemaError>,
}

/// `properties` as written: an object, in order, with the first name or
/// key given twice in it, or whatever else was sent (for the error).
enum Properties {
    Ordered(Vec<(String, Value)>, Option<SchemaError>),
    Other(Value),
}

impl<'de> Deserialize<'de> for Properties {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PropertiesVisitor;
        impl<'de> Visitor<'de> for PropertiesVisitor {
            type Value = Properties;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of property schemas")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Properties, A::Error> {
                let mut entries: Vec<(String, Value)> = Vec::new();
                let mut names: HashSet<String> = HashSet::new();
                let mut duplicate = None;
                while let Some((name, schema)) = map.next_entry::<String, Unique>()? {
                    if duplicate.is_none() {
                        if names.contains(&name) {
                            duplicate = Some(SchemaError::DuplicateProperty { name: name.clone() });
                        } else if let Some(key) = schema.duplicate {
                            duplicate = Some(SchemaError::Property {
                                name: name.clone(),
                                error: Box::new(SchemaError::DuplicateKey { key }),
                            });
                        }
                    }
                    names.insert(name.clone());
                    entries.push((name, schema.value));
                }
                Ok(Properties::Ordered(entries, duplicate))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Properties, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Value>()? {
                    items.push(item);
                }
                Ok(Properties::Other(Value::Array(items)))
            }
            visit_scalars!(Properties, Properties::Other);
        }
        deserializer.deserialize_any(PropertiesVisitor)
    }
}

impl<'de> Deserialize<'de> for RawRequested {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RawVisitor;
        impl<'de> Visitor<'de> for RawVisitor {
            type Value = RawRequested;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a requestedSchema object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawRequested, A::Error> {
                let mut raw = RawRequested {
                    properties: None,
                    rest: Map::new(),
                    duplicate: None,
                };
                while let Some(key) = map.next_key::<String>()? {
                    let twice = if key == "properties" {
                        let properties = map.next_value::<Properties>()?;
                        if let Properties::Ordered(_, Some(error)) = &properties {
                            raw.duplicate = raw.duplicate.or_else(|| Some(error.clone()));
                        }
                        raw.properties.replace(properties).is_some()
                    } else {
                        let value = map.next_value::<Unique>()?;
                        if let Some(key) = value.duplicate {
                            raw.duplicate =
                                raw.duplicate.or(Some(SchemaError::DuplicateKey { key }));
                        }
                        raw.rest.insert(key.clone(), value.value).is_some()
                    };
                    if twice {
                        raw.duplicate = raw.duplicate.or(Some(SchemaError::DuplicateKey { key }));
                    }
                }
                Ok(raw)
            }
        }
        deserializer.deserialize_map(RawVisitor)
    }
}

impl RawRequested {
    fn read(self) -> Result<RequestedSchema, SchemaError> {
        if let Some(error) = self.duplicate {
            return Err(error);
        }
        match self.properties {
            Some(Properties::Ordered(properties, _)) => read_requested(&self.rest, properties),
            Some(Properties::Other(found)) => Err(SchemaError::InvalidKeyword {
                keyword: "properties",
                expected: "an object",
                found,
            }),
            None => Err(SchemaError::MissingKeyword {
                keyword: "properties",
            }),
        }
    }
}

impl<'de> Deserialize<'de> for RequestedSchema {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RawRequested::deserialize(deserializer)?
            .read()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::{Keywords, UNSUPPORTED};

    fn found(value: &Value) -> (Option<&'static str>, bool) {
        let keywords = Keywords::of(value.as_object().unwrap());
        (keywords.unsupported, keywords.has_options())
    }

    /// `Keywords::of` names each keyword of `UNSUPPORTED` (its match and
    /// the list agree), the one first in the list when there are several,
    /// whatever the order of the keys, and sees the option keywords.
    #[test]
    fn keywords_find_the_first_unsupported_keyword_and_the_options() {
        for keyword in UNSUPPORTED {
            let schema = json!({"type": "string", *keyword: 1});
            assert_eq!(found(&schema), (Some(*keyword), false));
        }
        let reversed = json!({"then": 1, "pattern": "x", "const": "a", "allOf": []});
        assert_eq!(found(&reversed), (Some("allOf"), false));
        for options in ["enum", "oneOf", "anyOf", "enumNames"] {
            let schema = json!({"type": "string", options: []});
            assert_eq!(found(&schema), (None, true));
        }
        let plain = json!({"type": "string", "title": "T", "format": "email"});
        assert_eq!(found(&plain), (None, false));
    }
}
