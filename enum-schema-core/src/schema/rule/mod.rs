//! The rules a schema itself must follow: one home for each, called by the
//! derive's compile-time checks (through `__private::rules`), by the typed
//! fields' builders (`SingleSelectField`, `MultiSelectField`, `StringField`,
//! `NumberField`), by the selects built at run time
//! (`SingleSelectSchema::new`, `MultiSelectSchema::new` and their
//! `with_*` builders) and by the peer reader (`PrimitiveSchema::from_json`).
//!
//! Each rule is written once, here: the rules on counts, lengths and
//! bounds, and the words of every rule ([`Rule::message`],
//! [`Rule::describe`]), in [`shared`], a file the derive compiles too, so
//! its early checks call the same functions; the rules that need the
//! option types, the formats or exact JSON numbers in this file. The
//! callers only turn a [`Rule`] into their own error (a panic or compile
//! error in the rule's words, a
//! [`SchemaError`](crate::schema::SchemaError) for the run-time builders and the
//! reader). The comparisons a rule makes are the ones the answer checks
//! make ([`char_count`], [`StringFormat::matches`], the option lookup, the
//! exact JSON number comparison in `check`), so a default passes its rule
//! exactly when it would pass as an answer.
//!
//! | rule | [`Rule`] | implementation |
//! |---|---|---|
//! | `minLength <= maxLength` | `MinLengthAboveMaxLength` | [`length_order`], through [`string`] |
//! | string `default` within `minLength..=maxLength`, in code points | `DefaultShorterThanMinLength`, `DefaultLongerThanMaxLength` | [`default_length`], through [`string`] |
//! | `minLength..=maxLength` holds some string of the `format` | `MaxLengthBelowFormat`, `MinLengthAboveFormat` | [`format_length`], through [`string`] |
//! | string `default` in the `format` | `DefaultNotInFormat` | [`string`] |
//! | bounds and `default` finite (Rust floats) | `NotFinite` | [`number`] |
//! | `minimum <= maximum` | `MinimumAboveMaximum` | [`bounds`], through [`integer`], [`number`], [`json_number`] |
//! | `minimum <= default <= maximum` | `DefaultBelowMinimum`, `DefaultAboveMaximum` | [`bounds`], through the same three |
//! | an integer schema's `default` is an integer | `DefaultNotAnInteger` | [`json_number`] (Rust integers are integers) |
//! | at least one option | `NoOptions` | [`options`] |
//! | no option value twice | `DuplicateOption` | [`options`] |
//! | no empty option value (what this crate sends only) | `EmptyValue` | [`options`] |
//! | no option title twice, compared exactly (what this crate sends only) | `DuplicateTitle` | [`options`] |
//! | single-select `default` is an option's value | `DefaultNotAnOption` | [`single_select`] and its run-time twin, one body (`single_default!`) |
//! | `maxItems >= 1`, `maxItems <=` options (code-written schemas only: `strict`) | `MaxItemsZero`, `MaxItemsAboveOptions` | [`max_items`], through [`items`] |
//! | `minItems <= maxItems` | `MinItemsAboveMaxItems` | [`items_order`], through [`items`] |
//! | `minItems <=` options | `MinItemsAboveOptions` | [`min_items`](shared::min_items), through [`items`] |
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

use crate::schema::check::position;
use crate::schema::number::{within, Reading};
use crate::schema::option::EnumOption;
use crate::schema::primitive::StringFormat;

pub mod shared;

pub use self::shared::*;

/// A string property's settings: `minLength <= maxLength`, and a `default`
/// within them and in the `format`.
pub const fn string(
    min_length: Option<usize>,
    max_length: Option<usize>,
    format: Option<StringFormat>,
    default: Option<&str>,
) -> Result<(), Rule> {
    if let Err(rule) = length_order(min_length, max_length) {
        return Err(rule);
    }
    if let Some(format) = format {
        if let Err(rule) = format_length(format.as_str(), min_length, max_length) {
            return Err(rule);
        }
    }
    if let Some(default) = default {
        if let Err(rule) = default_length(default, min_length, max_length) {
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
    match first_repeat(options, EnumOption::value) {
        Some(index) => Err((Rule::DuplicateOption, index)),
        None => Ok(()),
    }
}

/// The position of the first option whose `text` came earlier. A few
/// options are compared pairwise (a run-time select is checked on every
/// round, and hashing a handful of short strings costs more than comparing
/// them); more, through a set.
fn first_repeat<'a>(
    options: &'a [EnumOption],
    text: fn(&'a EnumOption) -> &'a str,
) -> Option<usize> {
    const PAIRWISE: usize = 16;
    if options.len() <= PAIRWISE {
        return (1..options.len()).find(|&index| {
            options[..index]
                .iter()
                .any(|earlier| text(earlier) == text(&options[index]))
        });
    }
    let mut seen = HashSet::with_capacity(options.len());
    options.iter().position(|option| !seen.insert(text(option)))
}

/// Options this crate sends: [`options_at`], no empty value
/// ([`Rule::EmptyValue`]), and no title twice ([`Rule::DuplicateTitle`]:
/// `Err` with the position of the first option whose title came earlier).
/// Titles are compared as they are shown: an option's
/// [`label`](EnumOption::label), its value where it has no title (a titled
/// shape shows it so; in an untitled list the labels are the values, which
/// are already distinct). And exactly, as values are: what finds an option
/// by its title (the title-instead-of-value hint, a re-ask's pre-fill)
/// compares exactly, so exact twins are what it cannot tell apart, and a
/// folding (case, spaces, Unicode forms) has no one right answer and would
/// refuse titles a person does tell apart ("US" and "us").
pub(crate) fn sent_options_at(options: &[EnumOption]) -> Result<(), (Rule, usize)> {
    options_at(options)?;
    if let Some(index) = options.iter().position(|option| option.value().is_empty()) {
        return Err((Rule::EmptyValue, index));
    }
    match first_repeat(options, EnumOption::label) {
        Some(index) => Err((Rule::DuplicateTitle, index)),
        None => Ok(()),
    }
}

/// An enum schema's options as this crate writes them (derived, or built
/// at run time): at least one, no value twice, none empty, no title twice.
/// A peer's schema is read with the first two only.
pub fn options(options: &[EnumOption]) -> Result<(), Rule> {
    sent_options_at(options).map_err(|(rule, _)| rule)
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

    /// The lengths `format_length` assumes are the validators' own: no
    /// shorter ASCII string passes a format, and one of the shortest does.
    #[test]
    fn the_format_lengths_are_the_validators() {
        let alphabet: Vec<char> = (' '..='~').collect();
        let shorter = |length: usize| -> Vec<String> {
            let mut strings = vec![String::new()];
            for _ in 0..length {
                strings = strings
                    .iter()
                    .flat_map(|prefix| alphabet.iter().map(move |c| format!("{prefix}{c}")))
                    .collect();
            }
            strings
        };
        for (format, shortest) in [
            (StringFormat::Email, "a@b"),
            (StringFormat::Uri, "a:"),
            (StringFormat::Date, "2025-01-01"),
            (StringFormat::DateTime, "2025-01-01T00:00:00Z"),
        ] {
            let (length, _) = format_lengths(format.as_str());
            assert_eq!(shortest.len(), length, "{format}");
            assert!(format.matches(shortest), "{format}");
            // Every shorter ASCII string, up to two characters (longer ones
            // are refused by the validators' fixed shapes, tested in
            // schema/format/).
            for below in 0..length.min(3) {
                for text in shorter(below) {
                    assert!(!format.matches(&text), "{format}: {text:?}");
                }
            }
        }
        assert!(!StringFormat::Date.matches("2025-01-011"));
        assert!(!StringFormat::DateTime.matches("2025-01-01T00:00:0Z"));
    }

    /// The first repeated value or title is found at its position, with
    /// a few options (compared pairwise) and with many (through a set).
    #[test]
    fn a_repeat_is_found_at_its_position_with_few_and_many_options() {
        let titled = |value: String, title: &str| EnumOption::new(value, Some(title.to_owned()));
        let distinct = |count: usize| -> Vec<EnumOption> {
            (0..count)
                .map(|index| titled(format!("v{index}"), &format!("T{index}")))
                .collect()
        };
        for count in [2, 3, 16, 17, 40] {
            assert_eq!(sent_options_at(&distinct(count)), Ok(()), "{count}");
            // The last value repeats the second to last.
            let mut values = distinct(count);
            values[count - 1] = titled(format!("v{}", count - 2), "other");
            assert_eq!(
                options_at(&values),
                Err((Rule::DuplicateOption, count - 1)),
                "{count}"
            );
            // The last title repeats the first; its value repeats none.
            let mut titles = distinct(count);
            titles[count - 1] = titled("last".to_owned(), "T0");
            assert_eq!(options_at(&titles), Ok(()), "{count}");
            assert_eq!(
                sent_options_at(&titles),
                Err((Rule::DuplicateTitle, count - 1)),
                "{count}"
            );
        }
    }

    #[test]
    fn each_rule_has_its_verdict() {
        let (one, half) = (Number::from(1), Number::from_f64(0.5).unwrap());
        // One verdict a line: the rule, and what it says.
        #[rustfmt::skip]
        let verdicts = [
            (options(&[]), Err(Rule::NoOptions)),
            (options(&[EnumOption::untitled("a"), EnumOption::untitled("a")]), Err(Rule::DuplicateOption)),
            (options(&[EnumOption::untitled("a"), EnumOption::untitled("")]), Err(Rule::EmptyValue)),
            (options(&[EnumOption::titled("a", "A"), EnumOption::titled("b", "A")]), Err(Rule::DuplicateTitle)),
            // As shown: an untitled option's title is its value.
            (options(&[EnumOption::untitled("A"), EnumOption::titled("b", "A")]), Err(Rule::DuplicateTitle)),
            // Exactly: a person can tell these apart.
            (options(&[EnumOption::titled("a", "A"), EnumOption::titled("b", "a")]), Ok(())),
            (options(OPTIONS), Ok(())),
            (json_number(true, None, None, Some(&half)), Err(Rule::DefaultNotAnInteger)),
            (json_number(false, Some(&one), None, Some(&half)), Err(Rule::DefaultBelowMinimum)),
            (json_number(false, Some(&one), Some(&half), None), Err(Rule::MinimumAboveMaximum)),
            (string(Some(3), Some(2), None, None), Err(Rule::MinLengthAboveMaxLength)),
            (string(Some(3), None, None, Some("ab")), Err(Rule::DefaultShorterThanMinLength)),
            (string(None, Some(1), None, Some("ab")), Err(Rule::DefaultLongerThanMaxLength)),
            (string(None, None, Some(StringFormat::Date), Some("x")), Err(Rule::DefaultNotInFormat)),
            (string(Some(2), Some(2), Some(StringFormat::Date), None), Err(Rule::MaxLengthBelowFormat)),
            (string(Some(10), Some(10), Some(StringFormat::Date), None), Ok(())),
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
