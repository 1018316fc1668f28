//! One table of schema-rule vectors, walked through every path that applies
//! the rules: (a) `__private::rules`, what the derive's compile-time checks
//! call; (b) the builders (the typed fields `StringField`, `NumberField`,
//! `SingleSelectField`, `MultiSelectField`, which panic, and the run-time
//! `SingleSelectSchema::new` / `MultiSelectSchema::new` builders, which
//! return a `SchemaError`); (c) the peer reader (`PrimitiveSchema::from_json_str`
//! on the JSON text of the same schema). Every path must give the same
//! verdict. The documented differences: schemas written in code
//! (derived, typed builders) follow the `strict` multi-select rules
//! (`maxItems` at least 1, no more than the options), those built at run
//! time or read from a peer do not; and what this crate sends (derived or
//! built at run time) has no title twice, where a peer's schema with one is
//! read as it is. The table gives each path's verdict.

use std::panic::{catch_unwind, AssertUnwindSafe};

use enum_schema::__private::rules::{self, Rule};
use enum_schema::{
    schema::{
        EnumOption, MultiSelectSchema, PrimitiveSchema, SchemaError, SingleSelectSchema,
        StringFormat,
    },
    ElicitEnum, Error, ErrorKind, NumberField, StringField,
};
use serde_json::{json, Map, Value};

type Verdict = Result<(), Rule>;

/// The options of every select vector with typed builders: `a`, `b`, `c`.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Abc {
    A,
    B,
    C,
}

const ABC: &[&str] = &["a", "b", "c"];

enum Settings {
    String {
        min: Option<usize>,
        max: Option<usize>,
        format: Option<StringFormat>,
        default: Option<&'static str>,
    },
    Integer {
        min: Option<i64>,
        max: Option<i64>,
        default: Option<i64>,
    },
    Number {
        min: Option<f64>,
        max: Option<f64>,
        default: Option<f64>,
    },
    Single {
        options: &'static [&'static str],
        default: Option<&'static str>,
    },
    Multi {
        options: &'static [&'static str],
        min: Option<usize>,
        max: Option<usize>,
        default: Option<&'static [&'static str]>,
    },
    /// A titled single- or multi-select, `(value, title)` options.
    Titled {
        multi: bool,
        options: &'static [(&'static str, &'static str)],
    },
}

struct Vector {
    settings: Settings,
    /// The verdict for schemas written in code: the derive's rules and the
    /// typed builders.
    code: Verdict,
    /// The verdict for schemas built at run time.
    run_time: Verdict,
    /// The verdict for schemas read from a peer.
    read: Verdict,
}

fn same(settings: Settings, verdict: Verdict) -> Vector {
    Vector {
        settings,
        code: verdict,
        run_time: verdict,
        read: verdict,
    }
}

fn string(
    min: Option<usize>,
    max: Option<usize>,
    format: Option<StringFormat>,
    default: Option<&'static str>,
) -> Settings {
    Settings::String {
        min,
        max,
        format,
        default,
    }
}

fn multi(
    options: &'static [&'static str],
    min: Option<usize>,
    max: Option<usize>,
    default: Option<&'static [&'static str]>,
) -> Settings {
    Settings::Multi {
        options,
        min,
        max,
        default,
    }
}

fn table() -> Vec<Vector> {
    use Rule::*;
    use StringFormat::{Date, Email};
    let integer = |min, max, default| Settings::Integer { min, max, default };
    let number = |min, max, default| Settings::Number { min, max, default };
    let single = |options, default| Settings::Single { options, default };
    vec![
        // Strings: bounds, default length in code points, format.
        same(string(None, None, None, None), Ok(())),
        same(string(Some(2), Some(2), None, Some("éé")), Ok(())),
        same(
            string(Some(3), Some(2), None, None),
            Err(MinLengthAboveMaxLength),
        ),
        same(
            string(Some(3), None, None, Some("éé")),
            Err(DefaultShorterThanMinLength),
        ),
        same(
            string(None, Some(1), None, Some("éé")),
            Err(DefaultLongerThanMaxLength),
        ),
        same(
            string(None, None, Some(Date), Some("2026-02-30")),
            Err(DefaultNotInFormat),
        ),
        same(string(None, None, Some(Date), Some("2026-02-28")), Ok(())),
        same(string(None, None, Some(Email), Some("a@b.example")), Ok(())),
        same(
            string(None, None, Some(Email), Some("a b")),
            Err(DefaultNotInFormat),
        ),
        // Lengths no string of the format meets (a hostile trial's
        // `format: date` with `minLength: 11`): no answer could be given.
        same(
            string(None, Some(5), Some(Date), None),
            Err(MaxLengthBelowFormat),
        ),
        same(
            string(Some(11), None, Some(Date), None),
            Err(MinLengthAboveFormat),
        ),
        same(
            string(None, Some(2), Some(Email), None),
            Err(MaxLengthBelowFormat),
        ),
        same(
            string(Some(10), Some(10), Some(Date), Some("2026-02-28")),
            Ok(()),
        ),
        same(string(None, Some(3), Some(Email), None), Ok(())),
        // Integers.
        same(integer(Some(1), Some(3), Some(2)), Ok(())),
        same(integer(Some(2), Some(1), None), Err(MinimumAboveMaximum)),
        same(integer(Some(2), None, Some(1)), Err(DefaultBelowMinimum)),
        same(integer(None, Some(2), Some(3)), Err(DefaultAboveMaximum)),
        same(
            integer(Some(i64::MIN), Some(i64::MAX), Some(i64::MIN)),
            Ok(()),
        ),
        // Equal bounds allow one value (mutation testing found this edge
        // untested for numbers).
        same(integer(Some(2), Some(2), Some(2)), Ok(())),
        // Numbers.
        same(number(Some(0.5), Some(1.5), Some(1.5)), Ok(())),
        same(number(Some(0.5), Some(0.5), Some(0.5)), Ok(())),
        same(
            number(Some(0.5), Some(0.25), None),
            Err(MinimumAboveMaximum),
        ),
        same(
            number(Some(0.5), None, Some(0.25)),
            Err(DefaultBelowMinimum),
        ),
        same(
            number(None, Some(0.5), Some(0.75)),
            Err(DefaultAboveMaximum),
        ),
        // Options, and the single-select default.
        same(single(ABC, Some("b")), Ok(())),
        same(single(ABC, None), Ok(())),
        same(single(ABC, Some("d")), Err(DefaultNotAnOption)),
        same(single(ABC, Some("B")), Err(DefaultNotAnOption)),
        same(single(&[], None), Err(NoOptions)),
        same(single(&["a", "b", "a"], None), Err(DuplicateOption)),
        // Multi-selects: bounds, then the default's items, then their count.
        same(multi(ABC, Some(1), Some(2), Some(&["c", "a"])), Ok(())),
        same(multi(ABC, Some(3), Some(3), None), Ok(())),
        same(
            multi(ABC, Some(2), Some(1), None),
            Err(MinItemsAboveMaxItems),
        ),
        same(multi(ABC, Some(4), None, None), Err(MinItemsAboveOptions)),
        same(
            multi(ABC, None, None, Some(&["d"])),
            Err(DefaultItemNotAnOption),
        ),
        same(
            multi(ABC, None, None, Some(&["a", "b", "a"])),
            Err(DefaultItemTwice),
        ),
        same(
            multi(ABC, Some(2), None, Some(&["a"])),
            Err(DefaultBelowMinItems),
        ),
        same(
            multi(ABC, None, Some(1), Some(&["a", "b"])),
            Err(DefaultAboveMaxItems),
        ),
        same(multi(ABC, None, None, Some(&[])), Ok(())),
        same(multi(&[], None, None, None), Err(NoOptions)),
        same(multi(&["a", "a"], None, None, None), Err(DuplicateOption)),
        // Stricter for schemas written in code: `maxItems` 0 allows no
        // answer, and above the options it promises what is not there; a
        // peer's schema saying so is read as it is.
        Vector {
            settings: multi(ABC, None, Some(0), None),
            code: Err(MaxItemsZero),
            run_time: Ok(()),
            read: Ok(()),
        },
        Vector {
            settings: multi(ABC, None, Some(4), None),
            code: Err(MaxItemsAboveOptions),
            run_time: Ok(()),
            read: Ok(()),
        },
        // Titles: none twice in what this crate sends, compared exactly; a
        // peer's schema with two is read as it is.
        same(titled(false, &[("a", "A"), ("b", "B")]), Ok(())),
        same(titled(true, &[("a", "A"), ("b", "a")]), Ok(())),
        Vector {
            settings: titled(false, &[("a", "A"), ("b", "A")]),
            code: Err(DuplicateTitle),
            run_time: Err(DuplicateTitle),
            read: Ok(()),
        },
        Vector {
            settings: titled(true, &[("a", "A"), ("b", "B"), ("c", "A")]),
            code: Err(DuplicateTitle),
            run_time: Err(DuplicateTitle),
            read: Ok(()),
        },
        // A value given twice is the verdict before a title given twice.
        same(
            titled(false, &[("a", "A"), ("a", "A")]),
            Err(DuplicateOption),
        ),
    ]
}

fn titled(multi: bool, options: &'static [(&'static str, &'static str)]) -> Settings {
    Settings::Titled { multi, options }
}

fn options(values: &'static [&'static str]) -> Vec<EnumOption> {
    values.iter().copied().map(EnumOption::untitled).collect()
}

/// (a) The rules as the derive's compile-time checks call them; the
/// options first, as the derive's own checks do.
fn through_rules(settings: &Settings) -> Verdict {
    match *settings {
        Settings::String {
            min,
            max,
            format,
            default,
        } => rules::string(min, max, format, default),
        Settings::Integer { min, max, default } => rules::integer(
            min.map(i128::from),
            max.map(i128::from),
            default.map(i128::from),
        ),
        Settings::Number { min, max, default } => rules::number(min, max, default),
        Settings::Single {
            options: values,
            default,
        } => {
            let options = options(values);
            rules::options(&options)?;
            rules::single_select(&options, default)
        }
        Settings::Multi {
            options: values,
            min,
            max,
            default,
        } => {
            let options = options(values);
            rules::options(&options)?;
            rules::multi_select(&options, min, max, default, true)
        }
        Settings::Titled { options, .. } => {
            let options: Vec<EnumOption> = options.iter().copied().map(Into::into).collect();
            rules::options(&options)
        }
    }
}

/// The rule a builder's panic names, in the derive's words.
fn rule_of_panic(build: impl FnOnce()) -> Verdict {
    let Err(payload) = catch_unwind(AssertUnwindSafe(build)) else {
        return Ok(());
    };
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|text| text.to_string()))
        .unwrap_or_default();
    let rules = [
        Rule::MinLengthAboveMaxLength,
        Rule::MaxLengthBelowFormat,
        Rule::MinLengthAboveFormat,
        Rule::DefaultShorterThanMinLength,
        Rule::DefaultLongerThanMaxLength,
        Rule::DefaultNotInFormat,
        Rule::NotFinite,
        Rule::MinimumAboveMaximum,
        Rule::DefaultBelowMinimum,
        Rule::DefaultAboveMaximum,
        Rule::DefaultNotAnOption,
        Rule::MaxItemsZero,
        Rule::MaxItemsAboveOptions,
        Rule::MinItemsAboveMaxItems,
        Rule::MinItemsAboveOptions,
        Rule::DefaultBelowMinItems,
        Rule::DefaultAboveMaxItems,
        Rule::DefaultItemNotAnOption,
        Rule::DefaultItemTwice,
        Rule::NoOptions,
        Rule::DuplicateOption,
        Rule::DuplicateTitle,
        Rule::DefaultNotAnInteger,
    ];
    match rules.into_iter().find(|rule| rule.message() == message) {
        Some(rule) => Err(rule),
        None => panic!("a builder panicked with no rule's message: {message:?}"),
    }
}

/// (b) The typed fields' builders (the selects over `Abc`, for vectors
/// with its options), which panic.
fn through_typed_builders(settings: &Settings) -> Option<Verdict> {
    Some(match *settings {
        Settings::String {
            min,
            max,
            format,
            default,
        } => rule_of_panic(|| {
            let mut field = StringField::new();
            if let Some(min) = min {
                field = field.with_min_length(min);
            }
            if let Some(max) = max {
                field = field.with_max_length(max);
            }
            if let Some(format) = format {
                field = field.with_format(format);
            }
            if let Some(default) = default {
                field = field.with_default_value(default);
            }
            let _ = field;
        }),
        Settings::Integer { min, max, default } => rule_of_panic(|| {
            let mut field = NumberField::<i64>::new();
            if let Some(min) = min {
                field = field.with_minimum(min);
            }
            if let Some(max) = max {
                field = field.with_maximum(max);
            }
            if let Some(default) = default {
                field = field.with_default_value(default);
            }
            let _ = field;
        }),
        Settings::Number { min, max, default } => rule_of_panic(|| {
            let mut field = NumberField::<f64>::new();
            if let Some(min) = min {
                field = field.with_minimum(min);
            }
            if let Some(max) = max {
                field = field.with_maximum(max);
            }
            if let Some(default) = default {
                field = field.with_default_value(default);
            }
            let _ = field;
        }),
        Settings::Single { options, default } if options == ABC => rule_of_panic(|| {
            let mut select = Abc::SINGLE_SELECT;
            if let Some(default) = default {
                select = select.with_default_value(default);
            }
            let _ = select;
        }),
        Settings::Multi {
            options,
            min,
            max,
            default,
        } if options == ABC => rule_of_panic(|| {
            let mut select = Abc::MULTI_SELECT;
            if let Some(min) = min {
                select = select.with_min_items(min);
            }
            if let Some(max) = max {
                select = select.with_max_items(max);
            }
            if let Some(default) = default {
                select = select.with_default_values(default);
            }
            let _ = select;
        }),
        Settings::Single { .. } | Settings::Multi { .. } | Settings::Titled { .. } => return None,
    })
}

/// (b) The run-time select builders, which return a `SchemaError`; `None`
/// for the other vectors.
fn through_run_time_builders(settings: &Settings) -> Option<Verdict> {
    let result = match *settings {
        Settings::Single { options, default } => SingleSelectSchema::new(options.iter().copied())
            .and_then(|select| match default {
                Some(default) => select.with_default_value(default),
                None => Ok(select),
            })
            .map(drop),
        Settings::Multi {
            options,
            min,
            max,
            default,
        } => MultiSelectSchema::new(options.iter().copied())
            .and_then(|select| select.with_items(min, max))
            .and_then(|select| match default {
                Some(default) => select.with_default_values(default.iter().copied()),
                None => Ok(select),
            })
            .map(drop),
        Settings::Titled {
            multi: false,
            options,
        } => SingleSelectSchema::new(options.iter().copied()).map(drop),
        Settings::Titled {
            multi: true,
            options,
        } => MultiSelectSchema::new(options.iter().copied()).map(drop),
        _ => return None,
    };
    Some(result.map_err(|error| rule_of_schema_error(&error, settings)))
}

/// The JSON text of the schema the settings describe.
fn json_text(settings: &Settings) -> String {
    let mut schema = Map::new();
    let mut set = |key: &str, value: Value| {
        schema.insert(key.to_owned(), value);
    };
    match *settings {
        Settings::String {
            min,
            max,
            format,
            default,
        } => {
            set("type", json!("string"));
            if let Some(min) = min {
                set("minLength", json!(min));
            }
            if let Some(max) = max {
                set("maxLength", json!(max));
            }
            if let Some(format) = format {
                set("format", json!(format.as_str()));
            }
            if let Some(default) = default {
                set("default", json!(default));
            }
        }
        Settings::Integer { min, max, default } => {
            set("type", json!("integer"));
            if let Some(min) = min {
                set("minimum", json!(min));
            }
            if let Some(max) = max {
                set("maximum", json!(max));
            }
            if let Some(default) = default {
                set("default", json!(default));
            }
        }
        Settings::Number { min, max, default } => {
            set("type", json!("number"));
            if let Some(min) = min {
                set("minimum", json!(min));
            }
            if let Some(max) = max {
                set("maximum", json!(max));
            }
            if let Some(default) = default {
                set("default", json!(default));
            }
        }
        Settings::Single { options, default } => {
            set("type", json!("string"));
            set("enum", json!(options));
            if let Some(default) = default {
                set("default", json!(default));
            }
        }
        Settings::Multi {
            options,
            min,
            max,
            default,
        } => {
            set("type", json!("array"));
            set("items", json!({"type": "string", "enum": options}));
            if let Some(min) = min {
                set("minItems", json!(min));
            }
            if let Some(max) = max {
                set("maxItems", json!(max));
            }
            if let Some(default) = default {
                set("default", json!(default));
            }
        }
        Settings::Titled { multi, options } => {
            let options: Vec<Value> = options
                .iter()
                .map(|(value, title)| json!({"const": value, "title": title}))
                .collect();
            if multi {
                set("type", json!("array"));
                set("items", json!({"anyOf": options}));
            } else {
                set("type", json!("string"));
                set("oneOf", json!(options));
            }
        }
    }
    Value::Object(schema).to_string()
}

/// (c) The peer reader, on the JSON text of the same schema.
fn through_reader(settings: &Settings) -> Verdict {
    PrimitiveSchema::from_json_str(&json_text(settings))
        .map(drop)
        .map_err(|error| rule_of_schema_error(&error, settings))
}

/// The rule a `SchemaError` reports.
fn rule_of_schema_error(error: &SchemaError, settings: &Settings) -> Rule {
    match error {
        SchemaError::NoOptions => Rule::NoOptions,
        SchemaError::DuplicateValue { .. } => Rule::DuplicateOption,
        SchemaError::DuplicateTitle { .. } => Rule::DuplicateTitle,
        SchemaError::BoundsInverted {
            keyword: "minLength",
        } => Rule::MinLengthAboveMaxLength,
        SchemaError::BoundsInverted { keyword: "minimum" } => Rule::MinimumAboveMaximum,
        SchemaError::LengthOutsideFormat {
            keyword: "minLength",
            ..
        } => Rule::MinLengthAboveFormat,
        SchemaError::LengthOutsideFormat {
            keyword: "maxLength",
            ..
        } => Rule::MaxLengthBelowFormat,
        SchemaError::BoundsInverted {
            keyword: "minItems",
        } => Rule::MinItemsAboveMaxItems,
        SchemaError::MinItemsAboveOptions { .. } => Rule::MinItemsAboveOptions,
        SchemaError::DefaultNotAnOption { .. } => match settings {
            Settings::Multi { .. } => Rule::DefaultItemNotAnOption,
            _ => Rule::DefaultNotAnOption,
        },
        SchemaError::DuplicateDefault { .. } => Rule::DefaultItemTwice,
        SchemaError::DefaultCount {
            count, min_items, ..
        } => {
            if min_items.is_some_and(|min| *count < min) {
                Rule::DefaultBelowMinItems
            } else {
                Rule::DefaultAboveMaxItems
            }
        }
        SchemaError::InvalidDefault { error } => match error.kind() {
            ErrorKind::TooShort { .. } => Rule::DefaultShorterThanMinLength,
            ErrorKind::TooLong { .. } => Rule::DefaultLongerThanMaxLength,
            ErrorKind::InvalidFormat { .. } => Rule::DefaultNotInFormat,
            ErrorKind::NotAnInteger { .. } => Rule::DefaultNotAnInteger,
            ErrorKind::OutOfRange { value, minimum, .. } => {
                let below = minimum
                    .as_ref()
                    .is_some_and(|minimum| value.as_f64() < minimum.as_f64());
                if below {
                    Rule::DefaultBelowMinimum
                } else {
                    Rule::DefaultAboveMaximum
                }
            }
            other => panic!("no rule for the default's error {other:?}"),
        },
        other => panic!("no rule for {other:?}"),
    }
}

#[test]
fn every_path_gives_every_vector_the_same_verdict() {
    let mut checked = (0, 0, 0, 0);
    for (index, vector) in table().iter().enumerate() {
        let json = json_text(&vector.settings);
        assert_eq!(
            through_rules(&vector.settings),
            vector.code,
            "rules, vector {index}: {json}"
        );
        if let Some(verdict) = through_typed_builders(&vector.settings) {
            assert_eq!(
                verdict, vector.code,
                "typed builders, vector {index}: {json}"
            );
            checked.1 += 1;
        }
        if let Some(verdict) = through_run_time_builders(&vector.settings) {
            assert_eq!(
                verdict, vector.run_time,
                "run-time builders, vector {index}: {json}"
            );
            checked.2 += 1;
        }
        assert_eq!(
            through_reader(&vector.settings),
            vector.read,
            "reader, vector {index}: {json}"
        );
        checked.0 += 1;
        checked.3 += 1;
    }
    // Every vector went through the rules and the reader; the builders
    // saw all but the selects over other options than `Abc`'s.
    assert_eq!(checked, (49, 40, 24, 49));
}

#[test]
fn non_finite_numbers_break_a_rule_where_rust_can_write_them() {
    // JSON has no NaN or infinity, so the reader never meets this rule.
    for (min, max, default) in [
        (Some(f64::NAN), None, None),
        (None, Some(f64::INFINITY), None),
        (None, None, Some(f64::NEG_INFINITY)),
    ] {
        let settings = Settings::Number { min, max, default };
        assert_eq!(through_rules(&settings), Err(Rule::NotFinite));
        assert_eq!(
            through_typed_builders(&settings),
            Some(Err(Rule::NotFinite))
        );
    }
}

#[test]
fn a_fractional_default_breaks_an_integer_schema_read_from_a_peer() {
    // A Rust integer cannot be fractional: only the reader meets this rule.
    assert_eq!(
        PrimitiveSchema::from_json_str(r#"{"type":"integer","default":1.5}"#).map(drop),
        Err(SchemaError::InvalidDefault {
            error: Error::from(ErrorKind::NotAnInteger {
                value: serde_json::Number::from_f64(1.5).unwrap(),
            }),
        })
    );
    let (half, one) = (
        serde_json::Number::from_f64(1.5).unwrap(),
        serde_json::Number::from(1),
    );
    assert_eq!(
        rules::json_number(true, Some(&one), None, Some(&half)),
        Err(Rule::DefaultNotAnInteger)
    );
    assert_eq!(
        rules::json_number(false, Some(&one), None, Some(&half)),
        Ok(())
    );
}
