//! The rules a schema itself must follow, as `const fn`s: one home for each,
//! called by the derive's compile-time checks (through `__private::rules`),
//! by the builders and by the peer reader.

use crate::dynamic::{item_bounds, ItemBounds};
use crate::parse::position;
use crate::primitive::char_count;
use crate::{EnumOption, StringFormat};

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
        }
    }
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
        let length = char_count(default);
        if let Some(min) = min_length {
            if length < min {
                return Err(Rule::DefaultShorterThanMinLength);
            }
        }
        if let Some(max) = max_length {
            if length > max {
                return Err(Rule::DefaultLongerThanMaxLength);
            }
        }
        if let Some(format) = format {
            if !format.matches(default) {
                return Err(Rule::DefaultNotInFormat);
            }
        }
    }
    Ok(())
}

/// An integer property's settings, exact (every Rust integer up to `u64`
/// fits in `i128`): `minimum <= default <= maximum`.
pub const fn integer(
    minimum: Option<i128>,
    maximum: Option<i128>,
    default: Option<i128>,
) -> Result<(), Rule> {
    if let (Some(min), Some(max)) = (minimum, maximum) {
        if min > max {
            return Err(Rule::MinimumAboveMaximum);
        }
    }
    if let Some(default) = default {
        if let Some(min) = minimum {
            if default < min {
                return Err(Rule::DefaultBelowMinimum);
            }
        }
        if let Some(max) = maximum {
            if default > max {
                return Err(Rule::DefaultAboveMaximum);
            }
        }
    }
    Ok(())
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
    if let (Some(min), Some(max)) = (minimum, maximum) {
        if min > max {
            return Err(Rule::MinimumAboveMaximum);
        }
    }
    if let Some(default) = default {
        if let Some(min) = minimum {
            if default < min {
                return Err(Rule::DefaultBelowMinimum);
            }
        }
        if let Some(max) = maximum {
            if default > max {
                return Err(Rule::DefaultAboveMaximum);
            }
        }
    }
    Ok(())
}

/// A single-select's `default` is one of its options' values.
pub const fn single_select(options: &[EnumOption], default: Option<&str>) -> Result<(), Rule> {
    if let Some(default) = default {
        if position(options, default).is_none() {
            return Err(Rule::DefaultNotAnOption);
        }
    }
    Ok(())
}

/// A multi-select's settings: bounds some answer can meet, and a `default`
/// of distinct options, as many as the bounds allow. `strict` adds the
/// rules for schemas written in code (derived or in a constant): `maxItems`
/// at least 1 and no more than the options.
pub const fn multi_select(
    options: &[EnumOption],
    min_items: Option<usize>,
    max_items: Option<usize>,
    default: Option<&[&str]>,
    strict: bool,
) -> Result<(), Rule> {
    if strict {
        if let Some(max) = max_items {
            if max == 0 {
                return Err(Rule::MaxItemsZero);
            }
            if max > options.len() {
                return Err(Rule::MaxItemsAboveOptions);
            }
        }
    }
    if let Some(values) = default {
        let mut i = 0;
        while i < values.len() {
            let Some(index) = position(options, values[i]) else {
                return Err(Rule::DefaultItemNotAnOption);
            };
            let mut j = 0;
            while j < i {
                if let Some(earlier) = position(options, values[j]) {
                    if earlier == index {
                        return Err(Rule::DefaultItemTwice);
                    }
                }
                j += 1;
            }
            i += 1;
        }
    }
    let default_len = match default {
        Some(values) => Some(values.len()),
        None => None,
    };
    match item_bounds(options.len(), min_items, max_items, default_len) {
        Ok(()) => Ok(()),
        Err(ItemBounds::MinAboveMax) => Err(Rule::MinItemsAboveMaxItems),
        Err(ItemBounds::MinAboveOptions) => Err(Rule::MinItemsAboveOptions),
        Err(ItemBounds::DefaultBelowMin) => Err(Rule::DefaultBelowMinItems),
        Err(ItemBounds::DefaultAboveMax) => Err(Rule::DefaultAboveMaxItems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPTIONS: &[EnumOption] = &[EnumOption::untitled("a"), EnumOption::untitled("b")];

    #[test]
    fn each_rule_has_its_verdict() {
        assert_eq!(
            string(Some(3), Some(2), None, None),
            Err(Rule::MinLengthAboveMaxLength)
        );
        assert_eq!(
            string(Some(3), None, None, Some("ab")),
            Err(Rule::DefaultShorterThanMinLength)
        );
        assert_eq!(
            string(None, Some(1), None, Some("ab")),
            Err(Rule::DefaultLongerThanMaxLength)
        );
        assert_eq!(
            string(None, None, Some(StringFormat::Date), Some("x")),
            Err(Rule::DefaultNotInFormat)
        );
        assert_eq!(
            string(Some(2), Some(2), Some(StringFormat::Date), None),
            Ok(())
        );
        assert_eq!(
            integer(Some(2), Some(1), None),
            Err(Rule::MinimumAboveMaximum)
        );
        assert_eq!(
            integer(Some(2), None, Some(1)),
            Err(Rule::DefaultBelowMinimum)
        );
        assert_eq!(
            integer(None, Some(2), Some(3)),
            Err(Rule::DefaultAboveMaximum)
        );
        assert_eq!(integer(Some(1), Some(1), Some(1)), Ok(()));
        assert_eq!(number(Some(f64::NAN), None, None), Err(Rule::NotFinite));
        assert_eq!(
            number(None, None, Some(f64::INFINITY)),
            Err(Rule::NotFinite)
        );
        assert_eq!(
            number(Some(0.5), Some(0.25), None),
            Err(Rule::MinimumAboveMaximum)
        );
        assert_eq!(
            number(Some(0.5), None, Some(0.25)),
            Err(Rule::DefaultBelowMinimum)
        );
        assert_eq!(
            number(None, Some(0.5), Some(0.75)),
            Err(Rule::DefaultAboveMaximum)
        );
        assert_eq!(
            single_select(OPTIONS, Some("c")),
            Err(Rule::DefaultNotAnOption)
        );
        assert_eq!(single_select(OPTIONS, Some("b")), Ok(()));
        assert_eq!(
            multi_select(OPTIONS, None, Some(0), None, true),
            Err(Rule::MaxItemsZero)
        );
        assert_eq!(multi_select(OPTIONS, None, Some(0), None, false), Ok(()));
        assert_eq!(
            multi_select(OPTIONS, None, Some(3), None, true),
            Err(Rule::MaxItemsAboveOptions)
        );
        assert_eq!(
            multi_select(OPTIONS, Some(2), Some(1), None, false),
            Err(Rule::MinItemsAboveMaxItems)
        );
        assert_eq!(
            multi_select(OPTIONS, Some(3), None, None, false),
            Err(Rule::MinItemsAboveOptions)
        );
        assert_eq!(
            multi_select(OPTIONS, Some(2), None, Some(&["a"]), false),
            Err(Rule::DefaultBelowMinItems)
        );
        assert_eq!(
            multi_select(OPTIONS, None, Some(1), Some(&["a", "b"]), false),
            Err(Rule::DefaultAboveMaxItems)
        );
        assert_eq!(
            multi_select(OPTIONS, None, None, Some(&["c"]), false),
            Err(Rule::DefaultItemNotAnOption)
        );
        assert_eq!(
            multi_select(OPTIONS, None, None, Some(&["a", "a"]), false),
            Err(Rule::DefaultItemTwice)
        );
        assert_eq!(
            multi_select(OPTIONS, Some(1), Some(2), Some(&["b", "a"]), true),
            Ok(())
        );
    }
}
