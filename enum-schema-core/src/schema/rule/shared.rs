//! The rules on counts, lengths and bounds, and the words of every rule:
//! the part of the schema rules that depends on nothing but `core` and
//! `alloc`, so that it compiles into both crates. The runtime has it as
//! `schema::rule::shared`; the derive compiles this same file as its
//! `rule` module (`enum-schema-derive/src/rule.rs` is a link to it, as
//! serde_derive shares `serde_derive_internals`), and calls these
//! functions for its early, well-spanned errors. One file, so one verdict
//! and one wording per rule on both sides of the macro boundary.
//!
//! Each rule's words are written once, in `rules!`, as a sentence with
//! slots for the settings it names. [`Rule::message`] fills each slot with
//! its own name (the builders' panics, a `const` context);
//! [`Rule::describe`] fills them as the caller says (the derive writes
//! "`min_items = 3`", "the `min_items` of `Color`").

// Not every item is used on both sides of the macro boundary.
#![allow(dead_code)]

/// Declares [`Rule`], one variant per rule, and its words: a sentence of
/// literal text with `{"slot"}`s for the settings it names.
macro_rules! rules {
    ($(
        $(#[$doc:meta])*
        $rule:ident => $first:literal $({$slot:literal} $text:literal)*;
    )*) => {
        /// A rule that a schema's own settings break.
        ///
        /// Each variant is one rule; [`Rule::message`] says it,
        /// [`Rule::describe`] says it with the settings the caller names.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[$doc])* $rule,)*
        }

        impl Rule {
            /// Every rule.
            pub const ALL: &'static [Rule] = &[$(Rule::$rule),*];

            /// The rule, its settings named by their slot names
            /// ("min_items is greater than max_items").
            pub const fn message(self) -> &'static str {
                match self {
                    $(Rule::$rule => concat!($first $(, $slot, $text)*),)*
                }
            }

            /// The rule, each setting named as `slot` says: `slot` gets a
            /// slot's name (`"min_items"`, `"the default"`, ..) and returns
            /// the words for it. With `|slot| slot.to_owned()`, this is
            /// [`message`](Self::message).
            pub fn describe(self, slot: impl Fn(&'static str) -> String) -> String {
                match self {
                    $(Rule::$rule => {
                        #[allow(unused_mut)] // a rule without a slot
                        let mut out = String::from($first);
                        $(
                            out.push_str(&slot($slot));
                            out.push_str($text);
                        )*
                        out
                    })*
                }
            }
        }
    };
}

rules! {
    /// `minLength` is greater than `maxLength`.
    MinLengthAboveMaxLength => "" {"min_length"} " is greater than " {"max_length"} "";
    /// `maxLength` is less than the shortest string of the `format`: no
    /// answer can meet both.
    MaxLengthBelowFormat => "" {"max_length"} " is shorter than any string of " {"the field's format"} "";
    /// `minLength` is greater than the longest string of the `format`.
    MinLengthAboveFormat => "" {"min_length"} " is longer than any string of " {"the field's format"} "";
    /// The `default` has fewer code points than `minLength`.
    DefaultShorterThanMinLength => "" {"the default"} " is shorter than " {"min_length"} "";
    /// The `default` has more code points than `maxLength`.
    DefaultLongerThanMaxLength => "" {"the default"} " is longer than " {"max_length"} "";
    /// The `default` does not match the `format`.
    DefaultNotInFormat => "" {"the default"} " does not match " {"the field's format"} "";
    /// A bound or the `default` of a number is NaN or infinite.
    NotFinite => "" {"a bound or the default"} " is not finite: a number field's bounds and default must be finite";
    /// `minimum` is greater than `maximum`.
    MinimumAboveMaximum => "" {"minimum"} " is greater than " {"maximum"} "";
    /// The `default` is less than `minimum`.
    DefaultBelowMinimum => "" {"the default"} " is less than " {"minimum"} "";
    /// The `default` is greater than `maximum`.
    DefaultAboveMaximum => "" {"the default"} " is greater than " {"maximum"} "";
    /// A single-select's `default` is no option's value.
    DefaultNotAnOption => "" {"the default"} " is not one of " {"the options"} " (a skipped variant is not an option)";
    /// `maxItems` is 0: no answer could be given (derived schemas only).
    MaxItemsZero => "" {"a max_items of 0"} " leaves nothing to select; use at least 1";
    /// `maxItems` is greater than the number of options (derived schemas
    /// only).
    MaxItemsAboveOptions => "" {"max_items"} " is more than " {"the number of options"} "";
    /// `minItems` is greater than `maxItems`.
    MinItemsAboveMaxItems => "" {"min_items"} " is greater than " {"max_items"} "";
    /// `minItems` is greater than the number of options.
    MinItemsAboveOptions => "" {"min_items"} " is more than " {"the number of options"} "";
    /// The multi-select `default` has fewer items than `minItems`.
    DefaultBelowMinItems => "" {"the default"} " has " {"fewer items"} " than " {"min_items"} "";
    /// The multi-select `default` has more items than `maxItems`.
    DefaultAboveMaxItems => "" {"the default"} " has " {"more items"} " than " {"max_items"} "";
    /// A multi-select `default` item is no option's value.
    DefaultItemNotAnOption => "" {"a default item"} " is not one of " {"the options"} " (a skipped variant is not an option)";
    /// A multi-select `default` item appears twice.
    DefaultItemTwice => "" {"a default item"} " appears twice in " {"the default"} "";
    /// An enum schema with no option.
    NoOptions => "an enum schema needs at least one option";
    /// Two options with the same value.
    DuplicateOption => "two options have " {"the same value"} "";
    /// An option's wire value is empty: form renderers send `""` for
    /// "nothing selected". Refused in what this crate sends, read in a
    /// peer's schema.
    EmptyValue => "" {"an option's wire value"} " is empty, and form renderers send \"\" for \"nothing selected\"";
    /// Two options with the same title, compared exactly, as values are
    /// (an untitled option in a titled schema shows its value as its
    /// title): a person could not tell them apart. Refused in what this
    /// crate sends, read in a peer's schema.
    DuplicateTitle => "two options have " {"the same title"} ", and a person could not tell them apart";
    /// The `default` of an integer schema has a fractional part (only a
    /// schema read from a peer can have one).
    DefaultNotAnInteger => "" {"the default"} " of an integer field is not an integer";
}

/// `count` within `min..=max`, else the rule it breaks: `below` or
/// `above`.
pub const fn count_within(
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

/// `minLength <= maxLength`.
pub const fn length_order(
    min_length: Option<usize>,
    max_length: Option<usize>,
) -> Result<(), Rule> {
    match (min_length, max_length) {
        (Some(min), Some(max)) if min > max => Err(Rule::MinLengthAboveMaxLength),
        _ => Ok(()),
    }
}

/// The lengths, in code points, of the strings a `format` (by its wire
/// name) accepts: the shortest, and the longest if there is one. An
/// `email` is at least `a@b`, a `uri` at least `a:`, a `date` exactly
/// `YYYY-MM-DD`, a `date-time` at least `YYYY-MM-DDTHH:MM:SSZ` (its
/// fraction of a second has no bound). `(0, None)` for another name.
pub const fn format_lengths(format: &str) -> (usize, Option<usize>) {
    if str_eq(format, "email") {
        (3, None)
    } else if str_eq(format, "uri") {
        (2, None)
    } else if str_eq(format, "date") {
        (10, Some(10))
    } else if str_eq(format, "date-time") {
        (20, None)
    } else {
        (0, None)
    }
}

/// `minLength..=maxLength` holds some string of the `format` (by its wire
/// name): `maxLength` no shorter than its shortest, `minLength` no longer
/// than its longest.
pub const fn format_length(
    format: &str,
    min_length: Option<usize>,
    max_length: Option<usize>,
) -> Result<(), Rule> {
    let (shortest, longest) = format_lengths(format);
    if let Some(max) = max_length {
        if max < shortest {
            return Err(Rule::MaxLengthBelowFormat);
        }
    }
    if let (Some(min), Some(longest)) = (min_length, longest) {
        if min > longest {
            return Err(Rule::MinLengthAboveFormat);
        }
    }
    Ok(())
}

/// A string `default` within `minLength..=maxLength`, in code points.
pub const fn default_length(
    default: &str,
    min_length: Option<usize>,
    max_length: Option<usize>,
) -> Result<(), Rule> {
    let lengths = [
        Rule::DefaultShorterThanMinLength,
        Rule::DefaultLongerThanMaxLength,
    ];
    count_within(char_count(default), min_length, max_length, lengths)
}

/// The order of two bounds and a default, once compared: `minimum <=
/// maximum`, then `minimum <= default`, then `default <= maximum`. Each
/// number rule ([`integer`], [`number`], and the runtime's `json_number`)
/// compares in its own domain and gives the verdict here.
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

/// `maxItems` of a schema written in code (derived or in a constant): at
/// least 1, and no more than the `options`.
pub const fn max_items(options: usize, max_items: Option<usize>) -> Result<(), Rule> {
    match max_items {
        Some(0) => Err(Rule::MaxItemsZero),
        Some(max) if max > options => Err(Rule::MaxItemsAboveOptions),
        _ => Ok(()),
    }
}

/// `minItems <= maxItems`.
pub const fn items_order(min_items: Option<usize>, max_items: Option<usize>) -> Result<(), Rule> {
    match (min_items, max_items) {
        (Some(min), Some(max)) if min > max => Err(Rule::MinItemsAboveMaxItems),
        _ => Ok(()),
    }
}

/// `minItems` no more than the `options`, so that some answer meets it.
pub const fn min_items(options: usize, min_items: Option<usize>) -> Result<(), Rule> {
    match min_items {
        Some(min) if min > options => Err(Rule::MinItemsAboveOptions),
        _ => Ok(()),
    }
}

/// A multi-select's bounds: `strict` (schemas written in code: derived or
/// in a constant) asks [`max_items`]; always, [`items_order`] and
/// [`min_items`], so that some answer meets them. The first broken one,
/// in that order, is the verdict.
pub const fn items(
    options: usize,
    min: Option<usize>,
    max: Option<usize>,
    strict: bool,
) -> Result<(), Rule> {
    if strict {
        if let Err(rule) = max_items(options, max) {
            return Err(rule);
        }
    }
    if let Err(rule) = items_order(min, max) {
        return Err(rule);
    }
    min_items(options, min)
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

/// Whether `values[i]` equals an earlier value: a [`Rule::DefaultItemTwice`].
pub const fn twice_before(values: &[&str], i: usize) -> bool {
    let mut j = 0;
    while j < i {
        if str_eq(values[i], values[j]) {
            return true;
        }
        j += 1;
    }
    false
}

/// `a == b`, in a `const fn`.
pub const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The number of Unicode code points in `value`, the unit of `minLength`
/// and `maxLength`.
pub const fn char_count(value: &str) -> usize {
    let bytes = value.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] & 0xC0 != 0x80 {
            count += 1;
        }
        i += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One wording per rule: `message` is `describe` with each slot named
    /// by its own name, in both crates that compile this file.
    #[test]
    fn message_is_describe_with_the_slot_names() {
        for &rule in Rule::ALL {
            assert_eq!(
                rule.describe(|slot| slot.to_owned()),
                rule.message(),
                "{rule:?}"
            );
        }
        assert_eq!(Rule::ALL.len(), 24);
        let said = Rule::MinItemsAboveMaxItems.describe(|slot| match slot {
            "min_items" => "`min_items = 3`".to_owned(),
            _ => "`max_items = 2`".to_owned(),
        });
        assert_eq!(said, "`min_items = 3` is greater than `max_items = 2`");
    }

    #[test]
    fn the_count_length_and_bound_rules() {
        #[rustfmt::skip]
        let verdicts = [
            (length_order(Some(3), Some(2)), Err(Rule::MinLengthAboveMaxLength)),
            (length_order(Some(2), Some(2)), Ok(())),
            (default_length("ab", Some(3), None), Err(Rule::DefaultShorterThanMinLength)),
            (default_length("ab", None, Some(1)), Err(Rule::DefaultLongerThanMaxLength)),
            // Code points, not bytes.
            (default_length("éé", None, Some(2)), Ok(())),
            (format_length("date", Some(11), None), Err(Rule::MinLengthAboveFormat)),
            (format_length("date", None, Some(9)), Err(Rule::MaxLengthBelowFormat)),
            (format_length("date", Some(10), Some(10)), Ok(())),
            (format_length("date-time", None, Some(19)), Err(Rule::MaxLengthBelowFormat)),
            (format_length("date-time", Some(1000), None), Ok(())),
            (format_length("email", None, Some(2)), Err(Rule::MaxLengthBelowFormat)),
            (format_length("uri", None, Some(1)), Err(Rule::MaxLengthBelowFormat)),
            (format_length("uri", None, Some(2)), Ok(())),
            (max_items(2, Some(0)), Err(Rule::MaxItemsZero)),
            (max_items(2, Some(3)), Err(Rule::MaxItemsAboveOptions)),
            (max_items(2, Some(2)), Ok(())),
            (items_order(Some(2), Some(1)), Err(Rule::MinItemsAboveMaxItems)),
            (min_items(2, Some(3)), Err(Rule::MinItemsAboveOptions)),
            (items(2, Some(3), Some(0), true), Err(Rule::MaxItemsZero)),
            (items(2, Some(3), Some(0), false), Err(Rule::MinItemsAboveMaxItems)),
            (default_count(1, Some(2), None), Err(Rule::DefaultBelowMinItems)),
            (default_count(3, None, Some(2)), Err(Rule::DefaultAboveMaxItems)),
        ];
        for (at, (found, expected)) in verdicts.into_iter().enumerate() {
            assert_eq!(found, expected, "verdict {at}");
        }
        assert!(twice_before(&["a", "b", "a"], 2));
        assert!(!twice_before(&["a", "b", "a"], 1));
        assert_eq!(char_count("aé€😀"), 4);
    }
}
