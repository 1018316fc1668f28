//! The rules a schema itself must follow: one home for each, called by the
//! derive's compile-time checks (through `__private::rules`), by the typed
//! fields' builders (`SingleSelectField`, `MultiSelectField`, `StringField`,
//! `NumberField`), by the selects built at run time
//! (`SingleSelectSchema::new`, `MultiSelectSchema::new` and their
//! `with_*` builders) and by the peer reader (`PrimitiveSchema::from_json`).
//!
//! Each rule is written once, here; the callers only turn a [`Rule`] into
//! their own error (a panic or compile error in the derive's words, a
//! [`SchemaError`](crate::schema::SchemaError) for the run-time builders and the
//! reader). The comparisons a rule makes are the ones the answer checks
//! make ([`char_count`], [`StringFormat::matches`], the option lookup, the
//! exact JSON number comparison in `check`), so a default passes its rule
//! exactly when it would pass as an answer.
//!
//! | rule | [`Rule`] | implementation |
//! |---|---|---|
//! | `minLength <= maxLength` | `MinLengthAboveMaxLength` | [`string`] |
//! | string `default` within `minLength..=maxLength`, in code points | `DefaultShorterThanMinLength`, `DefaultLongerThanMaxLength` | [`string`] |
//! | string `default` in the `format` | `DefaultNotInFormat` | [`string`] |
//! | bounds and `default` finite (Rust floats) | `NotFinite` | [`number`] |
//! | `minimum <= maximum` | `MinimumAboveMaximum` | [`bounds`], through [`integer`], [`number`], [`json_number`] |
//! | `minimum <= default <= maximum` | `DefaultBelowMinimum`, `DefaultAboveMaximum` | [`bounds`], through the same three |
//! | an integer schema's `default` is an integer | `DefaultNotAnInteger` | [`json_number`] (Rust integers are integers) |
//! | at least one option | `NoOptions` | [`options`] |
//! | no option value twice | `DuplicateOption` | [`options`] |
//! | single-select `default` is an option's value | `DefaultNotAnOption` | [`single_select`] and its run-time twin, one body (`single_default!`) |
//! | `maxItems >= 1`, `maxItems <=` options (code-written schemas only: `strict`) | `MaxItemsZero`, `MaxItemsAboveOptions` | [`items`] |
//! | `minItems <= maxItems` | `MinItemsAboveMaxItems` | [`items`] |
//! | `minItems <=` options | `MinItemsAboveOptions` | [`items`] |
//! | multi-select `default` items are options, none twice | `DefaultItemNotAnOption`, `DefaultItemTwice` | [`multi_select`] and its run-time twin, one body (`default_items!`) |
//! | multi-select `default` count within `minItems..=maxItems` | `DefaultBelowMinItems`, `DefaultAboveMaxItems` | [`default_count`] |
//!
//! Where a multi-select's rules are all checked, they are checked in this
//! order: `strict` ones, the bounds ([`items`]), the default's items, their
//! count ([`default_count`]); the first broken one is the verdict.
//!
//! The two rules that look up option values are written once each as a
//! macro body, instantiated twice: as a `const fn` over options known
//! when the server compiles ([`single_select`], [`multi_select`]; a
//! `const fn` cannot read a `String`, nor use a hash set) and as a plain
//! function over any options (`single_select_any`, `multi_select_any`,
//! with hash sets: linear time for the run-time builders and the reader).
//! Only the lookups differ; the verdicts and their order are the body's.

use std::cmp::Ordering;
use std::collections::HashSet;

use serde_json::Number;

use crate::schema::check::{char_count, position, str_eq};
use crate::schema::number::{within, Reading};
use crate::schema::option::EnumOption;
use crate::schema::primitive::StringFormat;

/// A rule that a schema's own settings break.
///
/// Each variant is one rule; [`Rule::message`] says it in the derive's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rule {
    /// `minLength` is greater than `maxLength`.
    MinLengthAboveMaxLength,
    /// The `default` has fewer code points than `minLength`.
    DefaultShorterThanMinLength,
    /// The `default` has more code points than `maxLength`.
    DefaultLongerThanMaxLength,
    /// The `default` does not match the `format`.
    DefaultNotInFormat,
    /// A bound or the `default` of a number is NaN or infinite.
    NotFinite,
    /// `minimum` is greater than `maximum`.
    MinimumAboveMaximum,
    /// The `default` is less than `minimum`.
    DefaultBelowMinimum,
    /// The `default` is greater than `maximum`.
    DefaultAboveMaximum,
    /// A single-select's `default` is no option's value.
    DefaultNotAnOption,
    /// `maxItems` is 0: no answer could be given (derived schemas only).
    MaxItemsZero,
    /// `maxItems` is greater than the number of options (derived schemas
    /// only).
    MaxItemsAboveOptions,
    /// `minItems` is greater than `maxItems`.
    MinItemsAboveMaxItems,
    /// `minItems` is greater than the number of options.
    MinItemsAboveOptions,
    /// The multi-select `default` has fewer items than `minItems`.
    DefaultBelowMinItems,
    /// The multi-select `default` has more items than `maxItems`.
    DefaultAboveMaxItems,
    /// A multi-select `default` item is no option's value.
    DefaultItemNotAnOption,
    /// A multi-select `default` item appears twice.
    DefaultItemTwice,
    /// An enum schema with no option.
    NoOptions,
    /// Two options with the same value.
    DuplicateOption,
    /// An option's wire value is empty: form renderers send `""` for
    /// "nothing selected". Refused in what this crate sends, read in a
    /// peer's schema.
    EmptyValue,
    /// The `default` of an integer schema has a fractional part (only a
    /// schema read from a peer can have one).
    DefaultNotAnInteger,
}

impl Rule {
    /// The rule, in the words of the derive's own errors.
    pub const fn message(self) -> &'static str {
        match self {
            Rule::MinLengthAboveMaxLength => "min_length is greater than max_length",
            Rule::DefaultShorterThanMinLength => "the default is shorter than min_length",
            Rule::DefaultLongerThanMaxLength => "the default is longer than max_length",
            Rule::DefaultNotInFormat => "the default does not match the field's format",
            Rule::NotFinite => "a number field's bounds and default must be finite",
            Rule::MinimumAboveMaximum => "minimum is greater than maximum",
            Rule::DefaultBelowMinimum => "the default is less than minimum",
            Rule::DefaultAboveMaximum => "the default is greater than maximum",
            Rule::DefaultNotAnOption => {
                "the default is not one of the options' values (a skipped variant is not an option)"
            }
            Rule::MaxItemsZero => "max_items must be at least 1",
            Rule::MaxItemsAboveOptions => "max_items is greater than the number of options",
            Rule::MinItemsAboveMaxItems => "min_items is greater than max_items",
            Rule::MinItemsAboveOptions => "min_items is greater than the number of options",
            Rule::DefaultBelowMinItems => "the default has fewer items than min_items",
            Rule::DefaultAboveMaxItems => "the default has more items than max_items",
            Rule::DefaultItemNotAnOption => {
                "a default item is not one of the options' values (a skipped variant is not an option)"
            }
            Rule::DefaultItemTwice => "a default item appears twice",
            Rule::NoOptions => "an enum schema needs at least one option",
            Rule::DuplicateOption => "two options have the same value",
            Rule::EmptyValue => {
                "an option's wire value is empty, and form renderers send \"\" for \"nothing selected\""
            }
            Rule::DefaultNotAnInteger => "the default of an integer field is not an integer",
        }
    }
}

/// `count` within `min..=max`, else the rule it breaks: `below` or
/// `above`.
const fn count_within(
    count: usize,
    min: Option<usize>,
    max: Option<usize>,
    [below, above]: [Rule; 2],
) -> Result<(), Rule> {
    if let Some(min) = min {
        if count < min {
            return Err(below);
        }
    }
    if let Some(max) = max {
        if count > max {
            return Err(above);
        }
    }
    Ok(())
}

/// A string property's settings: `minLength <= maxLength`, and a `default`
/// within them and in the `format`.
pub const fn string(
    min_length: Option<usize>,
    max_length: Option<usize>,
    format: Option<StringFormat>,
    default: Option<&str>,
) -> Result<(), Rule> {
    if let (Some(min), Some(max)) = (min_length, max_length) {
        if min > max {
            return Err(Rule::MinLengthAboveMaxLength);
        }
    }
    if let Some(default) = default {
        let lengths = [
            Rule::DefaultShorterThanMinLength,
            Rule::DefaultLongerThanMaxLength,
        ];
        if let Err(rule) = count_within(char_count(default), min_length, max_length, lengths) {
            return Err(rule);
        }
        if let Some(format) = format {
            if !format.matches(default) {
                return Err(Rule::DefaultNotInFormat);
            }
        }
    }
    Ok(())
}

/// The order of two bounds and a default, once compared: `minimum <=
/// maximum`, then `minimum <= default`, then `default <= maximum`. Each
/// number rule ([`integer`], [`number`], [`json_number`]) compares in its
/// own domain and gives the verdict here.
pub const fn bounds(inverted: bool, below: bool, above: bool) -> Result<(), Rule> {
    if inverted {
        return Err(Rule::MinimumAboveMaximum);
    }
    if below {
        return Err(Rule::DefaultBelowMinimum);
    }
    if above {
        return Err(Rule::DefaultAboveMaximum);
    }
    Ok(())
}

/// [`bounds`] over values of one ordered type, for the `const fn`s that
/// cannot be generic over `PartialOrd` ([`integer`], [`number`]).
macro_rules! compared {
    ($minimum:ident, $maximum:ident, $default:ident) => {{
        let inverted = match ($minimum, $maximum) {
            (Some(min), Some(max)) => min > max,
            _ => false,
        };
        let (below, above) = match $default {
            Some(default) => (
                matches!($minimum, Some(min) if default < min),
                matches!($maximum, Some(max) if default > max),
            ),
            None => (false, false),
        };
        bounds(inverted, below, above)
    }};
}

/// An integer property's settings, exact (every Rust integer up to `u64`
/// fits in `i128`): `minimum <= default <= maximum`.
pub const fn integer(
    minimum: Option<i128>,
    maximum: Option<i128>,
    default: Option<i128>,
) -> Result<(), Rule> {
    compared!(minimum, maximum, default)
}

/// A number property's settings (`f32` widens to `f64` exactly): every one
/// finite, and `minimum <= default <= maximum`.
pub const fn number(
    minimum: Option<f64>,
    maximum: Option<f64>,
    default: Option<f64>,
) -> Result<(), Rule> {
    let values = [minimum, maximum, default];
    let mut i = 0;
    while i < values.len() {
        if let Some(value) = values[i] {
            if !value.is_finite() {
                return Err(Rule::NotFinite);
            }
        }
        i += 1;
    }
    compared!(minimum, maximum, default)
}

/// A number or integer property's settings as JSON numbers (a schema read
/// from a peer): `minimum <= maximum`, an integer `default` for
/// `"type":"integer"`, and `minimum <= default <= maximum`, the default
/// compared exactly as an answer is (`check::within`).
pub fn json_number(
    integer: bool,
    minimum: Option<&Number>,
    maximum: Option<&Number>,
    default: Option<&Number>,
) -> Result<(), Rule> {
    let inverted = match (minimum, maximum) {
        (Some(min), Some(max)) => {
            crate::schema::number::compare(min, max) == Some(Ordering::Greater)
        }
        _ => false,
    };
    if inverted {
        return Err(Rule::MinimumAboveMaximum);
    }
    let Some(default) = default else {
        return Ok(());
    };
    if integer && matches!(Reading::of(default), Reading::Fraction(_)) {
        return Err(Rule::DefaultNotAnInteger);
    }
    let below = minimum.is_some_and(|min| !within(default, min, Ordering::Less));
    let above = maximum.is_some_and(|max| !within(default, max, Ordering::Greater));
    bounds(false, below, above)
}

/// Options are a non-empty list with no value twice: `Err` with the
/// position of the first option whose value came earlier.
pub(crate) fn options_at(options: &[EnumOption]) -> Result<(), (Rule, usize)> {
    if options.is_empty() {
        return Err((Rule::NoOptions, 0));
    }
    let mut seen = HashSet::with_capacity(options.len());
    for (index, option) in options.iter().enumerate() {
        if !seen.insert(option.value()) {
            return Err((Rule::DuplicateOption, index));
        }
    }
    Ok(())
}

/// Options this crate sends: [`options_at`], and no empty value
/// ([`Rule::EmptyValue`]).
pub(crate) fn sent_options_at(options: &[EnumOption]) -> Result<(), (Rule, usize)> {
    options_at(options)?;
    match options.iter().position(|option| option.value().is_empty()) {
        Some(index) => Err((Rule::EmptyValue, index)),
        None => Ok(()),
    }
}

/// An enum schema's options: at least one, and no value twice.
pub fn options(options: &[EnumOption]) -> Result<(), Rule> {
    options_at(options).map_err(|(rule, _)| rule)
}

/// The body of the single-select `default` rule, for both lookups.
macro_rules! single_default {
    ($options:expr, $default:expr, $position:expr) => {
        match $default {
            Some(default) if $position($options, default).is_none() => {
                Err(Rule::DefaultNotAnOption)
            }
            _ => Ok(()),
        }
    };
}

/// A single-select's `default` is one of its options' values (options
/// known when the server compiles: a run-time option is never found).
pub const fn single_select(options: &[EnumOption], default: Option<&str>) -> Result<(), Rule> {
    single_default!(options, default, position)
}

/// [`single_select`], for options of any origin.
pub(crate) fn single_select_any(options: &[EnumOption], default: Option<&str>) -> Result<(), Rule> {
    single_default!(options, default, position_any)
}

/// The position of the option whose value is `value`, any option.
fn position_any(options: &[EnumOption], value: &str) -> Option<usize> {
    options.iter().position(|option| option.value() == value)
}

/// A multi-select's bounds: `strict` (schemas written in code: derived or
/// in a constant) asks `1 <= maxItems <= options`; always, `minItems <=
/// maxItems` and `minItems <= options`, so that some answer meets them.
pub const fn items(
    options: usize,
    min_items: Option<usize>,
    max_items: Option<usize>,
    strict: bool,
) -> Result<(), Rule> {
    if strict {
        if let Some(max) = max_items {
            if max == 0 {
                return Err(Rule::MaxItemsZero);
            }
            if max > options {
                return Err(Rule::MaxItemsAboveOptions);
            }
        }
    }
    if let (Some(min), Some(max)) = (min_items, max_items) {
        if min > max {
            return Err(Rule::MinItemsAboveMaxItems);
        }
    }
    if let Some(min) = min_items {
        if min > options {
            return Err(Rule::MinItemsAboveOptions);
        }
    }
    Ok(())
}

/// A multi-select `default` of `count` items within `minItems..=maxItems`.
pub const fn default_count(
    count: usize,
    min_items: Option<usize>,
    max_items: Option<usize>,
) -> Result<(), Rule> {
    let counts = [Rule::DefaultBelowMinItems, Rule::DefaultAboveMaxItems];
    count_within(count, min_items, max_items, counts)
}

/// The body of the multi-select default-items rule, for both lookups:
/// each item an option's value, then none twice; `Err` with the position
/// of the first item that breaks it. `$is_option` and `$twice` are
/// expressions over `$values[$i]`.
macro_rules! default_items {
    ($values:ident, $i:ident, is_option: $is_option:expr, twice: $twice:expr) => {{
        let mut verdict = Ok(());
        let mut $i = 0;
        while $i < $values.len() {
            if !$is_option {
                verdict = Err((Rule::DefaultItemNotAnOption, $i));
                break;
            }
            if $twice {
                verdict = Err((Rule::DefaultItemTwice, $i));
                break;
            }
            $i += 1;
        }
        verdict
    }};
}

/// Whether `values[i]` equals an earlier value.
const fn twice_before(values: &[&str], i: usize) -> bool {
    let mut j = 0;
    while j < i {
        if str_eq(values[i], values[j]) {
            return true;
        }
        j += 1;
    }
    false
}

/// A multi-select's settings: bounds some answer can meet ([`items`]), and
/// a `default` of distinct options, as many as the bounds allow. `strict`
/// adds the rules for schemas written in code (derived or in a constant):
/// `maxItems` at least 1 and no more than the options. Options known when
/// the server compiles: a run-time option is never found.
pub const fn multi_select(
    options: &[EnumOption],
    min_items: Option<usize>,
    max_items: Option<usize>,
    default: Option<&[&str]>,
    strict: bool,
) -> Result<(), Rule> {
    if let Err(rule) = items(options.len(), min_items, max_items, strict) {
        return Err(rule);
    }
    let Some(values) = default else {
        return Ok(());
    };
    let items: Result<(), (Rule, usize)> = default_items!(
        values,
        i,
        is_option: position(options, values[i]).is_some(),
        twice: twice_before(values, i)
    );
    if let Err((rule, _)) = items {
        return Err(rule);
    }
    default_count(values.len(), min_items, max_items)
}

/// [`multi_select`], for options of any origin; `Err` also gives the
/// position of the default item that breaks the rule, when one does.
pub(crate) fn multi_select_any(
    options: &[EnumOption],
    min_items: Option<usize>,
    max_items: Option<usize>,
    default: Option<&[&str]>,
    strict: bool,
) -> Result<(), (Rule, Option<usize>)> {
    items(options.len(), min_items, max_items, strict).map_err(|rule| (rule, None))?;
    let Some(values) = default else {
        return Ok(());
    };
    // Sets, so that a long list of options or of default items costs
    // linear time.
    let known: HashSet<&str> = options.iter().map(EnumOption::value).collect();
    let mut seen = HashSet::with_capacity(values.len());
    let items: Result<(), (Rule, usize)> = default_items!(
        values,
        i,
        is_option: known.contains(values[i]),
        twice: !seen.insert(values[i])
    );
    items.map_err(|(rule, index)| (rule, Some(index)))?;
    default_count(values.len(), min_items, max_items).map_err(|rule| (rule, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTIONS: &[EnumOption] = &[EnumOption::untitled("a"), EnumOption::untitled("b")];

    #[test]
    fn each_rule_has_its_verdict() {
        let (one, half) = (Number::from(1), Number::from_f64(0.5).unwrap());
        // One verdict a line: the rule, and what it says.
        #[rustfmt::skip]
        let verdicts = [
            (options(&[]), Err(Rule::NoOptions)),
            (options(&[EnumOption::untitled("a"), EnumOption::untitled("a")]), Err(Rule::DuplicateOption)),
            (options(OPTIONS), Ok(())),
            (json_number(true, None, None, Some(&half)), Err(Rule::DefaultNotAnInteger)),
            (json_number(false, Some(&one), None, Some(&half)), Err(Rule::DefaultBelowMinimum)),
            (json_number(false, Some(&one), Some(&half), None), Err(Rule::MinimumAboveMaximum)),
            (string(Some(3), Some(2), None, None), Err(Rule::MinLengthAboveMaxLength)),
            (string(Some(3), None, None, Some("ab")), Err(Rule::DefaultShorterThanMinLength)),
            (string(None, Some(1), None, Some("ab")), Err(Rule::DefaultLongerThanMaxLength)),
            (string(None, None, Some(StringFormat::Date), Some("x")), Err(Rule::DefaultNotInFormat)),
            (string(Some(2), Some(2), Some(StringFormat::Date), None), Ok(())),
            (integer(Some(2), Some(1), None), Err(Rule::MinimumAboveMaximum)),
            (integer(Some(2), None, Some(1)), Err(Rule::DefaultBelowMinimum)),
            (integer(None, Some(2), Some(3)), Err(Rule::DefaultAboveMaximum)),
            (integer(Some(1), Some(1), Some(1)), Ok(())),
            (number(Some(f64::NAN), None, None), Err(Rule::NotFinite)),
            (number(None, None, Some(f64::INFINITY)), Err(Rule::NotFinite)),
            (number(Some(0.5), Some(0.25), None), Err(Rule::MinimumAboveMaximum)),
            (number(Some(0.5), None, Some(0.25)), Err(Rule::DefaultBelowMinimum)),
            (number(None, Some(0.5), Some(0.75)), Err(Rule::DefaultAboveMaximum)),
            (single_select(OPTIONS, Some("c")), Err(Rule::DefaultNotAnOption)),
            (single_select(OPTIONS, Some("b")), Ok(())),
            (multi_select(OPTIONS, None, Some(0), None, true), Err(Rule::MaxItemsZero)),
            (multi_select(OPTIONS, None, Some(0), None, false), Ok(())),
            (multi_select(OPTIONS, None, Some(3), None, true), Err(Rule::MaxItemsAboveOptions)),
            (multi_select(OPTIONS, Some(2), Some(1), None, false), Err(Rule::MinItemsAboveMaxItems)),
            (multi_select(OPTIONS, Some(3), None, None, false), Err(Rule::MinItemsAboveOptions)),
            (multi_select(OPTIONS, Some(2), None, Some(&["a"]), false), Err(Rule::DefaultBelowMinItems)),
            (multi_select(OPTIONS, None, Some(1), Some(&["a", "b"]), false), Err(Rule::DefaultAboveMaxItems)),
            (multi_select(OPTIONS, None, None, Some(&["c"]), false), Err(Rule::DefaultItemNotAnOption)),
            (multi_select(OPTIONS, None, None, Some(&["a", "a"]), false), Err(Rule::DefaultItemTwice)),
            (multi_select(OPTIONS, Some(1), Some(2), Some(&["b", "a"]), true), Ok(())),
        ];
        for (at, (found, expected)) in verdicts.into_iter().enumerate() {
            assert_eq!(found, expected, "verdict {at}");
        }
    }
}
