//! [`SchemaError`]: why a schema read from a peer, or a select built
//! from options known at run time, cannot be used, as a person reads it.
//! `read.rs` maps each broken rule to one.

use std::fmt;

use serde_json::Value;

use crate::error::quote::{Quoted, QuotedStr};
use crate::error::Error;
use crate::schema::primitive::StringFormat;

/// Why a schema received from a peer, or built from options known at run
/// time ([`SingleSelectSchema::new`](super::SingleSelectSchema::new), [`MultiSelectSchema::new`](super::MultiSelectSchema::new) and their
/// builders), cannot be used. Reading never panics and never quietly turns
/// one schema into a different one; building checks the same rules.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SchemaError {
    /// A schema (or `requestedSchema`) that is not a JSON object.
    NotAnObject {
        /// What was found.
        found: Value,
    },
    /// A keyword the shape requires is absent (`type`, `items`, `properties`).
    MissingKeyword {
        /// The keyword.
        keyword: &'static str,
    },
    /// A keyword with a value of the wrong kind (`title: 5`, `minItems: -1`,
    /// `minItems: 1.5`, `format: "phone"`).
    InvalidKeyword {
        /// The keyword.
        keyword: &'static str,
        /// What it should be.
        expected: &'static str,
        /// What was found.
        found: Value,
    },
    /// A JSON Schema keyword that restricts answers in a way this model
    /// cannot carry (`pattern`, `const`, `$ref`, `exclusiveMinimum`, ..), or
    /// a string constraint on a single-select. Dropping it would accept
    /// answers the peer's schema refuses.
    UnsupportedKeyword {
        /// The keyword.
        keyword: &'static str,
    },
    /// A `default` that the schema's own constraints refuse.
    InvalidDefault {
        /// Why the default fails, as an answer would.
        error: Error,
    },
    /// Text that is not JSON.
    InvalidJson {
        /// serde_json's message.
        message: String,
    },
    /// A `type` that no elicitation property has (`object`, `null`, ..).
    UnknownType {
        /// What was found.
        found: Value,
    },
    /// Two ways of listing options in one schema (`enum` and `oneOf`).
    AmbiguousOptions,
    /// An enum schema with no option.
    NoOptions,
    /// Options on a number, integer or boolean schema: elicitation options
    /// are strings.
    NonStringOptions,
    /// A multi-select whose `minItems` is more than its number of options,
    /// so no answer can satisfy it.
    MinItemsAboveOptions {
        /// `minItems`.
        min_items: usize,
        /// The number of options.
        options: usize,
    },
    /// An option of `oneOf`/`anyOf` that is not an object with a string
    /// `const`.
    OptionWithoutConst {
        /// Its position.
        index: usize,
    },
    /// Two options with the same value.
    DuplicateValue {
        /// The value.
        value: String,
    },
    /// An option with an empty wire value, in a schema built to be sent
    /// (`SingleSelectSchema::new`, `MultiSelectSchema::new`): form renderers
    /// send `""` for "nothing selected". A peer's schema with one is read.
    EmptyValue {
        /// Its position among the options.
        index: usize,
    },
    /// Two options with the same title, in a schema built to be sent
    /// (`SingleSelectSchema::new`, `MultiSelectSchema::new`): a person could
    /// not tell them apart. Titles compare exactly, and an untitled option
    /// of a titled schema shows its value as its title. A peer's schema with
    /// them is read.
    DuplicateTitle {
        /// The title.
        title: String,
    },
    /// `enumNames` not as long as `enum`: clients pair them by index.
    EnumNamesLength {
        /// Length of `enum`.
        values: usize,
        /// Length of `enumNames`.
        names: usize,
    },
    /// A `default` that is not one of the options' values.
    DefaultNotAnOption {
        /// The default.
        default: String,
    },
    /// A multi-select `default` naming an option twice.
    DuplicateDefault {
        /// The repeated value.
        value: String,
    },
    /// A multi-select `default` with a count outside `minItems..=maxItems`.
    DefaultCount {
        /// The number of default items.
        count: usize,
        /// `minItems`, if set.
        min_items: Option<usize>,
        /// `maxItems`, if set.
        max_items: Option<usize>,
    },
    /// A lower bound greater than its upper bound (`minItems`/`maxItems`,
    /// `minLength`/`maxLength`, `minimum`/`maximum`).
    BoundsInverted {
        /// The lower bound's keyword.
        keyword: &'static str,
    },
    /// `minLength` or `maxLength` that no string of the `format` meets
    /// (`"format": "date"` with `"maxLength": 5`: a date has 10
    /// characters), so no answer can satisfy the schema.
    LengthOutsideFormat {
        /// `minLength` or `maxLength`.
        keyword: &'static str,
        /// The format.
        format: StringFormat,
    },
    /// `minItems`/`maxItems` on a single-select (string) schema, where they
    /// mean nothing.
    ItemBoundsOnSingleSelect,
    /// A `required` entry that names no property.
    UnknownRequired {
        /// The name.
        name: String,
    },
    /// A `requestedSchema` text that names a property twice. JSON parsers
    /// disagree on which definition counts (most keep the last), so a
    /// proxy and a client could each show a different field.
    DuplicateProperty {
        /// The property name.
        name: String,
    },
    /// A schema text with an object that names a key twice (`"type"`
    /// given twice, say), for the same reason.
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// A select with more options than a host shows
    /// (`host::MAX_OPTIONS`, feature `host`); the strict reader has no
    /// such limit.
    TooManyOptions {
        /// How many options it lists.
        options: usize,
        /// The limit.
        limit: usize,
    },
    /// A property of a `requestedSchema` that cannot be read.
    Property {
        /// The property name.
        name: String,
        /// Why.
        error: Box<SchemaError>,
    },
}

impl std::error::Error for SchemaError {}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SchemaError::NotAnObject { found } => write!(f, "a schema must be a JSON object, found {}", Quoted(found)),
            SchemaError::MissingKeyword { keyword } => write!(f, "the schema has no `{keyword}`"),
            SchemaError::InvalidKeyword { keyword, expected, found } => {
                write!(f, "`{keyword}` must be {expected}, found {}", Quoted(found))
            }
            SchemaError::UnknownType { found } => write!(
                f,
                r#"`type` {} is not an elicitation property type; expected "string", "number", "integer", "boolean" or "array""#,
                Quoted(found)
            ),
            SchemaError::AmbiguousOptions => f.write_str("the schema lists its options twice (`enum` and `oneOf`/`anyOf`)"),
            SchemaError::NoOptions => f.write_str("the enum schema has no option"),
            SchemaError::UnsupportedKeyword { keyword } => write!(
                f,
                "`{keyword}` restricts answers in a way an elicitation schema cannot carry here"
            ),
            SchemaError::InvalidDefault { error } => {
                write!(f, "the default does not satisfy the schema: {error}")
            }
            SchemaError::InvalidJson { message } => write!(f, "not JSON: {message}"),
            SchemaError::NonStringOptions => {
                f.write_str("only a string schema can list options; elicitation options are strings (`\"type\": \"string\"`)")
            }
            SchemaError::MinItemsAboveOptions { min_items, options } => {
                write!(f, "`minItems` is {min_items} but there are only {options} options, so no answer fits")
            }
            SchemaError::OptionWithoutConst { index } => {
                write!(f, "option {index} has no string `const`")
            }
            SchemaError::DuplicateValue { value } => write!(f, "two options have the value {}", QuotedStr(value)),
            SchemaError::DuplicateTitle { title } => write!(
                f,
                "two options have the title {}, and a person could not tell them apart; give each option its own title",
                QuotedStr(title)
            ),
            SchemaError::EmptyValue { index } => write!(f, "the option at index {index} (counting from 0) has an empty value, and form renderers send \"\" for \"nothing selected\"; give it a non-empty value"),
            SchemaError::EnumNamesLength { values, names } => write!(
                f,
                "`enumNames` has {names} entries but `enum` has {values}; clients pair them by index"
            ),
            SchemaError::DefaultNotAnOption { default } => {
                write!(f, "the default {} is not one of the options' values", QuotedStr(default))
            }
            SchemaError::DuplicateDefault { value } => write!(f, "the default names {} twice", QuotedStr(value)),
            SchemaError::DefaultCount { count, min_items, max_items } => {
                write!(f, "the default has {count} items, outside ")?;
                match (min_items, max_items) {
                    (Some(min), Some(max)) => write!(f, "minItems {min} ..= maxItems {max}"),
                    (Some(min), None) => write!(f, "minItems {min}"),
                    (None, Some(max)) => write!(f, "maxItems {max}"),
                    (None, None) => f.write_str("the bounds"),
                }
            }
            SchemaError::BoundsInverted { keyword } => write!(f, "`{keyword}` is greater than its upper bound"),
            SchemaError::LengthOutsideFormat { keyword, format } => {
                let (shortest, longest) = crate::schema::rule::format_lengths(format.as_str());
                let lengths = match longest {
                    Some(longest) if longest == shortest => format!("{shortest} characters"),
                    Some(longest) => format!("{shortest} to {longest} characters"),
                    None => format!("at least {shortest} characters"),
                };
                write!(f, "`{keyword}` leaves no string of format \"{format}\" ({lengths})")
            }
            SchemaError::ItemBoundsOnSingleSelect => {
                f.write_str("`minItems`/`maxItems` on a single-select schema mean nothing; a multi-select has `\"type\": \"array\"`")
            }
            SchemaError::UnknownRequired { name } => write!(f, "`required` names {}, which is not a property", QuotedStr(name)),
            SchemaError::DuplicateProperty { name } => write!(
                f,
                "property {} is defined twice; peers disagree on which definition counts",
                QuotedStr(name)
            ),
            SchemaError::DuplicateKey { key } => write!(
                f,
                "the key {} appears twice in one object; peers disagree on which one counts",
                QuotedStr(key)
            ),
            SchemaError::TooManyOptions { options, limit } => write!(
                f,
                "the select lists {options} options, more than the {limit} a person can be shown"
            ),
            SchemaError::Property { name, error } => write!(f, "property {}: {error}", QuotedStr(name)),
        }
    }
}
