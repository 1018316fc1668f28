//! The answer checks: what a client sends, checked against one property,
//! one check per wire type, shared by the typed fields (`crate::field`),
//! the selects built at run time and the schemas read from a peer:
//!
//! | wire type | check | callers |
//! |---|---|---|
//! | single-select | [`single`] | `SingleSelectField::parse_value`, `SingleSelectSchema::parse_value`/`check` |
//! | multi-select | [`multi`] | `MultiSelectField::parse_value`, `MultiSelectSchema::parse_value`/`check` |
//! | string | [`string`] | `StringField::parse_value`, `StringSchema::check` |
//! | number, integer | [`number`] | `NumberField::parse_value`, `NumberSchema::check` |
//! | boolean | `BooleanSchema::check` | `BooleanField::parse_value` |
//!
//! The schema rules (`rule`) compare defaults with the same primitives:
//! [`char_count`], `StringFormat::matches`, [`position`], and the exact
//! number comparisons of `schema::number`.
//!
//! `check` has one meaning in the public API: `check(value)` on a wire-model
//! schema (`PrimitiveSchema`, `SingleSelectSchema`, `MultiSelectSchema`,
//! `StringSchema`, `NumberSchema`, `BooleanSchema`) validates one answer
//! against it and returns JSON-level values (`String`, `Number`, `bool`,
//! `Value`); `RequestedSchema::check_content` does the same for a whole
//! `content` object. `parse_value` runs the same checks and returns Rust types
//! (a variant, a `Choice`, a form's struct). A builder's own consistency is
//! never called `check`: the typed builders assert the `rule`s and panic
//! (in a constant: a compile error), the run-time ones return a
//! `SchemaError`.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::HashMap;

use serde_json::{Number, Value};

use crate::error::{Error, ErrorKind, JsonType};
use crate::schema::number::{Limit, Reading};
use crate::schema::option::EnumOption;
use crate::schema::primitive::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
use crate::schema::rule::shared::{char_count, str_eq};
use crate::schema::{MultiSelectSchema, PrimitiveSchema, SingleSelectSchema};

/// An answer of the wrong JSON type for its field.
fn mismatch(expected: JsonType, found: Value) -> Error {
    Error::from(ErrorKind::TypeMismatch { expected, found })
}

/// Parses a single-select answer: a JSON string naming one option.
#[inline]
pub(crate) fn single<R>(
    value: Value,
    allowed: impl FnOnce() -> Cow<'static, [EnumOption]>,
    lookup: impl FnOnce(&str) -> Option<R>,
) -> Result<R, Error> {
    match value {
        Value::String(string) => match lookup(&string) {
            Some(found) => Ok(found),
            None => Err(Error::from(ErrorKind::InvalidValue {
                value: string,
                allowed: allowed(),
            })),
        },
        found => Err(mismatch(JsonType::String, found)),
    }
}

/// Parses a multi-select answer: a JSON array of distinct option values,
/// with `min..=max` elements.
///
/// The elements are checked first, in the client's order (the first that
/// is no option, or names an option an earlier one named, is refused),
/// and the count after: `["login","login","login"]` picked one option
/// twice too often, not three options, so it is refused as a duplicate
/// whatever `maxItems` says. The work is still bounded by the option
/// count: each accepted element marks a distinct option, so an array
/// longer than the options fails on a duplicate or an invalid element
/// within its first `options + 1` elements, and the count is checked only
/// on an array of distinct options.
#[inline]
pub(crate) fn multi<R>(
    value: Value,
    min: usize,
    max: Option<usize>,
    options: usize,
    allowed: impl FnOnce() -> Cow<'static, [EnumOption]>,
    lookup: impl Fn(&str) -> Option<(usize, R)>,
) -> Result<Vec<R>, Error> {
    let items = match value {
        Value::Array(items) => items,
        found => return Err(mismatch(JsonType::Array, found)),
    };
    // The answer's elements, in the client's order, wait on the stack until
    // every one has passed: a refusal allocates its `Error` alone, an
    // acceptance the returned `Vec` alone, of the exact length. `options`
    // is a constant for a derived enum, so one arm is left.
    let chosen = match options {
        0..=16 => chosen_inline::<R, 16>(&items, options, lookup),
        17..=64 => chosen_inline::<R, 64>(&items, options, lookup),
        65..=512 => chosen_inline::<R, 512>(&items, options, lookup),
        _ => {
            let mut seen = vec![0; options.div_ceil(64)];
            let mut parsed = Vec::with_capacity(items.len().min(options));
            each_chosen(&items, &mut seen, options, lookup, |found| {
                parsed.push(found)
            })
            .map(|()| parsed)
        }
    };
    let chosen = match chosen {
        Ok(chosen) => chosen,
        Err(Refusal::Invalid(index)) => {
            return Err(Error::from(ErrorKind::InvalidItem {
                index,
                items,
                allowed: allowed(),
            }))
        }
        Err(Refusal::Duplicate(index)) => {
            return Err(Error::from(ErrorKind::DuplicateItem { index, items }))
        }
    };
    // Every element names an option of its own: the count is the options
    // picked.
    if items.len() < min {
        return Err(Error::from(ErrorKind::TooFewItems { min, items }));
    }
    if let Some(max) = max {
        if items.len() > max {
            return Err(Error::from(ErrorKind::TooManyItems { max, items }));
        }
    }
    Ok(chosen)
}

/// Why a multi-select answer's element at this index was refused.
enum Refusal {
    /// Not a string naming an option.
    Invalid(usize),
    /// Names an option an earlier element named.
    Duplicate(usize),
}

/// [`each_chosen`] with the chosen options kept in `N` slots on the stack,
/// for up to `N` options (at most 512: the bitset's 8 words).
#[inline]
fn chosen_inline<R, const N: usize>(
    items: &[Value],
    options: usize,
    lookup: impl Fn(&str) -> Option<(usize, R)>,
) -> Result<Vec<R>, Refusal> {
    let mut seen = [0u64; 8];
    let mut slots: [Option<R>; N] = [const { None }; N];
    let mut count = 0;
    each_chosen(items, &mut seen, options, lookup, |found| {
        // In bounds: each element kept names a distinct option of the
        // `options <= N`, so at most `options` are kept.
        slots[count] = Some(found);
        count += 1;
    })?;
    let mut parsed = Vec::with_capacity(count);
    parsed.extend(slots[..count].iter_mut().filter_map(Option::take));
    Ok(parsed)
}

/// Looks every element of `items` up and hands each to `keep`, in order;
/// the first that names no option, or one already named, is refused.
/// `seen` has a bit for each of the `options` positions, all clear.
#[inline]
fn each_chosen<R>(
    items: &[Value],
    seen: &mut [u64],
    options: usize,
    lookup: impl Fn(&str) -> Option<(usize, R)>,
    mut keep: impl FnMut(R),
) -> Result<(), Refusal> {
    for (index, item) in items.iter().enumerate() {
        let found = match item {
            Value::String(string) => lookup(string),
            _ => None,
        };
        let Some((position, found)) = found else {
            return Err(Refusal::Invalid(index));
        };
        // A position past the options names none (a look-up of the hidden
        // `Derived` API written by hand could report one).
        if position >= options {
            return Err(Refusal::Invalid(index));
        }
        let (word, bit) = (position / 64, 1u64 << (position % 64));
        match seen.get_mut(word) {
            Some(word) if *word & bit == 0 => *word |= bit,
            _ => return Err(Refusal::Duplicate(index)),
        }
        keep(found);
    }
    Ok(())
}

/// The position of the option whose value is `value`, usable in `const fn`
/// (options owned at run time are never found here; they cannot exist in a
/// constant).
pub(crate) const fn position(options: &[EnumOption], value: &str) -> Option<usize> {
    let mut i = 0;
    while i < options.len() {
        if let Cow::Borrowed(candidate) = options[i].value_cow() {
            if str_eq(candidate, value) {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}

/// Checks a string answer: `minLength`, `maxLength` (in code points), then
/// `format`.
pub(crate) fn string(
    value: Value,
    min_length: Option<usize>,
    max_length: Option<usize>,
    format: Option<StringFormat>,
) -> Result<String, Error> {
    let value = match value {
        Value::String(value) => value,
        found => return Err(mismatch(JsonType::String, found)),
    };
    let length = char_count(&value);
    if let Some(min_length) = min_length {
        if length < min_length {
            return Err(Error::from(ErrorKind::TooShort { value, min_length }));
        }
    }
    if let Some(max_length) = max_length {
        if length > max_length {
            return Err(Error::from(ErrorKind::TooLong { value, max_length }));
        }
    }
    if let Some(format) = format {
        if !format.matches(&value) {
            return Err(Error::from(ErrorKind::InvalidFormat { value, format }));
        }
    }
    Ok(value)
}

/// Checks a number answer, the one check of every number field (typed
/// [`NumberField`](crate::NumberField), [`NumberSchema`](crate::schema::NumberSchema)
/// built or read from a peer): a JSON number, an integer when `integer`
/// (`3.0` counts, as in JSON Schema), within `minimum..=maximum`, where an
/// answer serde_json could only read as a double stands for every number
/// that rounds to it. `out_of_range` makes the error for a number outside.
pub(crate) fn number(
    value: Value,
    integer: bool,
    minimum: Option<Limit<'_>>,
    maximum: Option<Limit<'_>>,
    out_of_range: impl FnOnce(Number) -> Error,
) -> Result<Number, Error> {
    let number = match value {
        Value::Number(number) => number,
        found => return Err(mismatch(JsonType::Number, found)),
    };
    if integer {
        if let Reading::Fraction(_) = Reading::of(&number) {
            return Err(Error::from(ErrorKind::NotAnInteger { value: number }));
        }
    }
    let below = minimum.is_some_and(|minimum| !minimum.holds(&number, Ordering::Less));
    let above = maximum.is_some_and(|maximum| !maximum.holds(&number, Ordering::Greater));
    if below || above {
        return Err(out_of_range(number));
    }
    Ok(number)
}

impl PrimitiveSchema {
    /// Checks one answer against this property: the same checks, and the
    /// same errors, as the typed parsing of a derived form.
    ///
    /// Returns the value as it was sent.
    ///
    /// # Errors
    ///
    /// [`Error`] naming no field (a form sets it).
    pub fn check(&self, value: Value) -> Result<Value, Error> {
        match self {
            PrimitiveSchema::String(schema) => schema.check(value).map(Value::String),
            PrimitiveSchema::Number(schema) => schema.check(value).map(Value::Number),
            PrimitiveSchema::Boolean(schema) => schema.check(value).map(Value::Bool),
            PrimitiveSchema::SingleSelect(schema) => schema.check(value).map(Value::String),
            PrimitiveSchema::MultiSelect(schema) => schema
                .check(value)
                .map(|values| Value::Array(values.into_iter().map(Value::String).collect())),
        }
    }
}

impl SingleSelectSchema {
    /// Checks a single-select answer: a string that is one of the options'
    /// values. Returns it.
    ///
    /// # Errors
    ///
    /// As [`parse_value`](Self::parse_value): [`ErrorKind::InvalidValue`] or
    /// [`ErrorKind::TypeMismatch`], as for a derived enum.
    pub fn check(&self, value: Value) -> Result<String, Error> {
        self.parse_value(value)
            .map(|choice| choice.value().to_owned())
    }
}

impl MultiSelectSchema {
    /// Checks a multi-select answer: an array of distinct option values
    /// within `minItems..=maxItems` (the elements first, then the count).
    /// Returns them in the client's order. The work is bounded by the
    /// number of options.
    ///
    /// # Errors
    ///
    /// As [`parse_value`](Self::parse_value) and [`MultiSelectField::parse_value`](crate::MultiSelectField::parse_value).
    pub fn check(&self, value: Value) -> Result<Vec<String>, Error> {
        self.parse_value(value).map(|choices| {
            choices
                .into_iter()
                .map(|choice| choice.value().to_owned())
                .collect()
        })
    }
}

impl StringSchema {
    /// Checks a string answer against `minLength`, `maxLength` (in Unicode
    /// code points) and `format`. Returns it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TypeMismatch`], [`ErrorKind::TooShort`], [`ErrorKind::TooLong`],
    /// [`ErrorKind::InvalidFormat`].
    pub fn check(&self, value: Value) -> Result<String, Error> {
        string(value, self.min_length, self.max_length, self.format)
    }
}

impl NumberSchema {
    /// Checks a number answer: an integer for `"type":"integer"` (`3.0`
    /// counts, as in JSON Schema), within `minimum..=maximum`. Returns it.
    ///
    /// Against a bound written as an integer, the comparison is exact, and
    /// an answer serde_json could only read as a double at or beyond 2^53
    /// passes only if every number that rounds to that double does (see
    /// [`NumberField::parse_value`](crate::NumberField::parse_value)): with
    /// `"minimum": -9223372036854775808`, the answer `-9223372036854775809`
    /// is out of range. A bound that is itself such a double is compared as
    /// the double it is.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TypeMismatch`], [`ErrorKind::NotAnInteger`], [`ErrorKind::OutOfRange`].
    pub fn check(&self, value: Value) -> Result<Number, Error> {
        number(
            value,
            self.integer,
            self.minimum.as_ref().map(Limit::of),
            self.maximum.as_ref().map(Limit::of),
            |value| {
                Error::from(ErrorKind::OutOfRange {
                    value,
                    minimum: self.minimum.clone(),
                    maximum: self.maximum.clone(),
                })
            },
        )
    }
}

impl BooleanSchema {
    /// Checks a boolean answer.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TypeMismatch`] for anything but `true` or `false`.
    pub fn check(&self, value: Value) -> Result<bool, Error> {
        match value {
            Value::Bool(value) => Ok(value),
            found => Err(mismatch(JsonType::Boolean, found)),
        }
    }
}

/// One option a client chose from a select built at run time: its position
/// in the list and the option itself, borrowed from the schema.
///
/// ```
/// use enum_schema::schema::SingleSelectSchema;
/// use serde_json::json;
///
/// let maps = SingleSelectSchema::new(["dust2", "inferno", "nuke"]).unwrap();
/// let choice = maps.parse_value(json!("nuke")).unwrap();
/// assert_eq!((choice.index(), choice.value()), (2, "nuke"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice<'a> {
    index: usize,
    option: &'a EnumOption,
}

impl<'a> Choice<'a> {
    /// The chosen option's position in the schema's options.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The chosen option.
    pub fn option(&self) -> &'a EnumOption {
        self.option
    }

    /// The chosen option's wire value: what the client sent.
    pub fn value(&self) -> &'a str {
        self.option.value()
    }

    /// The chosen option's title, if it has one.
    pub fn title(&self) -> Option<&'a str> {
        self.option.title()
    }
}

/// One option a client chose from a select whose options were given when
/// the request was built, owned: its position in the list and the option
/// (wire value and title), copied out of the schema. What a field of type
/// `OwnedChoice` in an [`ElicitForm`](crate::ElicitForm) struct holds
/// (`Vec<OwnedChoice>` for a multi-select), so that the answer outlives the
/// options it was checked against. [`Choice`] is the same answer borrowed
/// from the schema.
///
/// On the wire the answer is only the option's value (MCP 2025-11-25,
/// `ElicitResult.content`, SEP-1330): `"staging"` for a single-select,
/// `["eu", "us"]` for a multi-select; the title and position come from the
/// options the server gave, never from the client.
///
/// ```
/// use enum_schema::schema::SingleSelectSchema;
/// use enum_schema::OwnedChoice;
/// use serde_json::json;
///
/// let envs = SingleSelectSchema::new([("stg", "Staging"), ("prod", "Production")]).unwrap();
/// let choice = OwnedChoice::from(envs.parse_value(json!("prod")).unwrap());
/// drop(envs);
/// assert_eq!((choice.index(), choice.value(), choice.title()), (1, "prod", Some("Production")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OwnedChoice {
    index: usize,
    option: EnumOption,
}

impl OwnedChoice {
    /// The chosen option's position in the options given.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The chosen option.
    pub fn option(&self) -> &EnumOption {
        &self.option
    }

    /// The chosen option's wire value: what the client sent.
    pub fn value(&self) -> &str {
        self.option.value()
    }

    /// The chosen option's title, if it has one.
    pub fn title(&self) -> Option<&str> {
        self.option.title()
    }

    /// The chosen option, taken out.
    pub fn into_option(self) -> EnumOption {
        self.option
    }

    /// The same answer as a [`Choice`] borrowed from this one.
    pub fn as_choice(&self) -> Choice<'_> {
        Choice {
            index: self.index,
            option: &self.option,
        }
    }
}

/// The borrowed answer, copied.
impl From<Choice<'_>> for OwnedChoice {
    fn from(choice: Choice<'_>) -> Self {
        OwnedChoice {
            index: choice.index,
            option: choice.option.clone(),
        }
    }
}

/// Past a few options, a map from value to position keeps the work of
/// checking an answer linear in its length.
fn positions(options: &[EnumOption]) -> HashMap<&str, usize> {
    options
        .iter()
        .enumerate()
        .map(|(position, option)| (option.value(), position))
        .collect()
}

impl SingleSelectSchema {
    /// Parses a client's answer: a JSON string that is one of the options'
    /// values. Returns the chosen option, borrowed from this schema. The
    /// same checks and errors as [`SingleSelectField::parse_value`](crate::SingleSelectField::parse_value)
    /// on a derived enum.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::InvalidValue`] for any other string (a title, an index, a
    /// value in another case; the message says when it is a title),
    /// [`ErrorKind::TypeMismatch`] for any other JSON type. It names no field; a
    /// form sets it.
    pub fn parse_value(&self, value: Value) -> Result<Choice<'_>, Error> {
        let options = &self.options;
        single(
            value,
            || options.clone(),
            |value| {
                let index = options.iter().position(|option| option.value() == value)?;
                Some(Choice {
                    index,
                    option: &options[index],
                })
            },
        )
    }
}

impl MultiSelectSchema {
    /// Parses a client's answer: a JSON array of distinct option values
    /// within `minItems..=maxItems`. Returns the chosen options in the
    /// client's order, borrowed from this schema. The same checks, in the
    /// same order, and the same errors as
    /// [`MultiSelectField::parse_value`](crate::MultiSelectField::parse_value) on a derived enum;
    /// the work is bounded by the number of options.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TypeMismatch`] if the answer is not an array; then, in
    /// the client's order, [`ErrorKind::InvalidItem`] for the first element
    /// that is not an option's value or [`ErrorKind::DuplicateItem`] for the
    /// first that names an option an earlier one named; then, for an array
    /// of distinct options, [`ErrorKind::TooFewItems`] /
    /// [`ErrorKind::TooManyItems`] outside the bounds (`["a","a","a"]` with
    /// `maxItems: 2` is a duplicate: one option was picked). It names no
    /// field; a form sets it.
    pub fn parse_value(&self, value: Value) -> Result<Vec<Choice<'_>>, Error> {
        let options = &self.options;
        // Built on the first look-up of an array of two elements or more:
        // its cost is one entry per option, as is the work of the check.
        // (Mutation testing: the thresholds and the `&&` below only choose
        // between two look-ups that give the same positions; a mutant there
        // changes the speed, not the result, and tests/mutants.sh skips it.)
        let index = std::cell::OnceCell::new();
        let indexed = options.len() > 16 && value.as_array().is_some_and(|items| items.len() > 1);
        multi(
            value,
            self.min_items.unwrap_or(0),
            self.max_items,
            options.len(),
            || options.clone(),
            |value| {
                let index = if indexed {
                    *index.get_or_init(|| positions(options)).get(value)?
                } else {
                    options.iter().position(|option| option.value() == value)?
                };
                Some((
                    index,
                    Choice {
                        index,
                        option: &options[index],
                    },
                ))
            },
        )
    }
}
