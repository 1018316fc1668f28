//! Property tests (proptest): generated inputs against the rules every
//! answer check and the peer reader must keep.
//!
//! - wire value ↔ variant round trips for derived enums, under every
//!   `rename_all` rule, with renames, aliases and skipped variants, against
//!   serde's own derive on the same enum as the reference;
//! - any other string refused: titles, case changes, padding, look-alike
//!   Unicode, truncations and arbitrary text;
//! - multi-select answers against a model of the rules (bounds, then each
//!   element an option, then no duplicate);
//! - every schema the builders emit, and every schema the peer reader
//!   reads and writes back, valid against the spec's schema.json, as the
//!   definition it is meant to be;
//! - arbitrary JSON into every parsing entry point returns `Ok` or a typed
//!   error, never panics, and the text and `Value` paths agree.
//!
//! Each property runs [`CASES`] cases (a fixed count, so the run takes a
//! few seconds); set `PROPTEST_CASES` to run more. RELIABILITY.md records
//! the counts. Failures are kept in `tests/spec/properties.proptest-regressions`.
//! A module of the `spec` test binary, with the `proptest` feature.

use std::collections::HashSet;

use crate::common::{self, wire, Spec, LEGACY_VERSION};
use enum_schema::{
    error::JsonType,
    schema::{EnumOption, PrimitiveSchema, RequestedSchema, StringFormat},
    BooleanField, ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind, Form, MultiSelectField,
    NumberField, Optional, ProtocolVersion, StringField,
};

use proptest::prelude::*;
use proptest::sample::{select, subsequence};
use serde::Deserialize;
use serde_json::{json, Map, Number, Value};

/// The cases per property, unless `PROPTEST_CASES` says otherwise.
const CASES: u32 = 256;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// The enums: one per rename_all rule, with acronyms, digits, renames,
// aliases and skipped variants; each also derives serde's Deserialize, the
// reference for what a wire value means.
// ---------------------------------------------------------------------------

macro_rules! rule_enum {
    ($name:ident, $rule:literal) => {
        #[derive(ElicitEnum, Deserialize, Debug, Clone, Copy, PartialEq)]
        #[serde(rename_all = $rule)]
        enum $name {
            HTTPServer,
            OnPremises,
            #[serde(alias = "v2")]
            Version2Beta,
            #[serde(rename = "Ünïcödé «x»")]
            Unicode,
            X,
            #[serde(alias = "old-name", alias = "OLD")]
            Renamed,
            #[serde(skip)]
            Retired,
        }
    };
}

rule_enum!(Lower, "lowercase");
rule_enum!(Upper, "UPPERCASE");
rule_enum!(Pascal, "PascalCase");
rule_enum!(Camel, "camelCase");
rule_enum!(Snake, "snake_case");
rule_enum!(ScreamingSnake, "SCREAMING_SNAKE_CASE");
rule_enum!(Kebab, "kebab-case");
rule_enum!(ScreamingKebab, "SCREAMING-KEBAB-CASE");

/// Titled, with `#[elicit]` naming rather than serde's, and a default.
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "kebab-case", default = OnPremises, min_items = 1, max_items = 3)]
enum Hosting {
    #[elicit(title = "On premises", alias = "onprem")]
    OnPremises,
    #[elicit(title = "Public cloud")]
    PublicCloud,
    #[elicit(title = "日本語", rename = "jp")]
    Japan,
    #[elicit(title = "hybrid")]
    Hybrid,
    #[elicit(skip)]
    Retired,
}

const HOSTING_ALIASES: &[(&str, Hosting)] = &[("onprem", Hosting::OnPremises)];

/// Look-alikes of ASCII letters: Cyrillic, Greek, fullwidth, and a dotless i.
const LOOKALIKES: &[(char, char)] = &[
    ('a', 'а'),
    ('e', 'е'),
    ('o', 'о'),
    ('p', 'р'),
    ('c', 'с'),
    ('x', 'х'),
    ('i', 'ı'),
    ('s', 'ѕ'),
    ('A', 'Α'),
    ('E', 'Ε'),
    ('O', 'Ο'),
    ('P', 'Р'),
    ('H', 'Н'),
    ('T', 'Т'),
    ('-', '‐'),
    ('_', '＿'),
    ('n', 'ｎ'),
];

/// Padding a client (or a copy and paste) might add.
const PADDING: &[&str] = &[
    " ", "\t", "\n", "\r\n", "\u{a0}", "\u{200b}", "\u{feff}", "\u{2028}", "\0", "\"",
];

/// Strings near the accepted ones: each of them, and each changed in case,
/// padded, with a look-alike letter, cut short or doubled; the titles; and
/// arbitrary text.
fn near_misses(accepted: Vec<String>, titles: Vec<String>) -> impl Strategy<Value = String> {
    let case = (select(accepted.clone()), any::<u64>()).prop_map(|(value, mask)| {
        value
            .chars()
            .enumerate()
            .map(|(i, c)| {
                if mask & (1 << (i % 64)) != 0 {
                    if c.is_lowercase() {
                        c.to_uppercase().collect::<String>()
                    } else {
                        c.to_lowercase().collect::<String>()
                    }
                } else {
                    c.to_string()
                }
            })
            .collect()
    });
    let padded = (select(accepted.clone()), select(PADDING), 0..3u8).prop_map(
        |(value, pad, side)| match side {
            0 => format!("{pad}{value}"),
            1 => format!("{value}{pad}"),
            _ => format!("{pad}{value}{pad}"),
        },
    );
    let lookalike = (select(accepted.clone()), any::<usize>()).prop_map(|(value, pick)| {
        let spots: Vec<(usize, char)> = value
            .char_indices()
            .filter_map(|(i, c)| {
                LOOKALIKES
                    .iter()
                    .find(|(ascii, _)| *ascii == c)
                    .map(|(_, like)| (i, *like))
            })
            .collect();
        if spots.is_empty() {
            return format!("{value}\u{301}");
        }
        let (at, like) = spots[pick % spots.len()];
        let mut changed = value.clone();
        changed.replace_range(at..at + 1, &like.to_string());
        changed
    });
    let cut = (select(accepted.clone()), any::<usize>()).prop_map(|(value, at)| {
        let ends: Vec<usize> = value.char_indices().map(|(i, _)| i).collect();
        value[..ends[at % ends.len()]].to_owned()
    });
    let doubled =
        (select(accepted.clone()), select(accepted.clone())).prop_map(|(a, b)| format!("{a}{b}"));
    prop_oneof![
        3 => select(accepted),
        2 => case,
        2 => padded,
        2 => lookalike,
        1 => cut,
        1 => doubled,
        1 => select(titles),
        2 => "\\PC{0,12}",
    ]
}

/// The strings an enum accepts: its offered values and the given aliases.
fn accepted<T: ElicitEnum>(aliases: &[&str]) -> Vec<String> {
    T::OPTIONS
        .iter()
        .map(|option| option.value().to_owned())
        .chain(aliases.iter().map(|alias| (*alias).to_owned()))
        .collect()
}

fn titles<T: ElicitEnum>() -> Vec<String> {
    T::OPTIONS
        .iter()
        .map(|option| option.label().to_owned())
        .collect()
}

/// The rules for one string, with serde as the reference for what it means.
fn check_string<T>(value: &str, accepted: &[String])
where
    T: ElicitEnum + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug + Copy,
{
    let serde: Option<T> = serde_json::from_value(json!(value)).ok();
    let ours = T::from_wire_value(value);
    assert_eq!(ours, serde, "{value:?}: enum-schema and serde disagree");
    assert_eq!(
        ours.is_some(),
        accepted.iter().any(|a| a == value),
        "{value:?}"
    );
    check_parse_paths::<T>(value, ours);
}

/// `parse`, `parse_value`, `SingleSelectField::parse_value` and a one-element
/// multi-select agree with `from_wire_value`; a refusal is the exact error.
fn check_parse_paths<T>(value: &str, expected: Option<T>)
where
    T: ElicitEnum + PartialEq + std::fmt::Debug + Copy,
{
    match expected {
        Some(variant) => {
            assert_eq!(T::parse(value), Ok(variant));
            assert_eq!(T::parse_value(json!(value)), Ok(variant));
            assert_eq!(T::SINGLE_SELECT.parse_value(json!(value)), Ok(variant));
            assert_eq!(
                T::MULTI_SELECT
                    .without_default()
                    .with_min_items(0)
                    .parse_value(json!([value])),
                Ok(vec![variant])
            );
            // the value the variant is sent as leads back to it
            assert_eq!(T::from_wire_value(variant.value()), Some(variant));
            let index = variant
                .option_index()
                .expect("an accepted variant is offered");
            assert_eq!(T::OPTIONS[index].value(), variant.value());
            assert_eq!(T::from_option_index(index), Some(variant));
        }
        None => {
            let refused = Error::from(ErrorKind::InvalidValue {
                value: value.to_owned(),
                allowed: T::OPTIONS.into(),
            });
            let miss = T::parse(value).unwrap_err();
            assert_eq!((miss.value(), miss.allowed()), (value, T::OPTIONS));
            assert_eq!(miss.to_string(), refused.to_string());
            assert_eq!(T::parse(value).map_err(Error::from), Err(refused.clone()));
            assert_eq!(T::parse_value(json!(value)), Err(refused.clone()));
            assert_eq!(T::SINGLE_SELECT.parse_value(json!(value)), Err(refused));
            assert_eq!(
                T::MULTI_SELECT
                    .without_default()
                    .with_min_items(0)
                    .parse_value(json!([value])),
                Err(Error::from(ErrorKind::InvalidItem {
                    index: 0,
                    items: vec![json!(value)],
                    allowed: T::OPTIONS.into(),
                }))
            );
        }
    }
}

/// The wire values serde's derive gives, computed by asking serde: for
/// each variant, the one string among the candidates that deserializes to
/// it and that is offered. (The skipped variant has none.)
fn rule_values<T>() -> Vec<(T, &'static str)>
where
    T: ElicitEnum + for<'de> Deserialize<'de> + PartialEq + Copy,
{
    T::variants()
        .map(|(variant, option)| {
            let value: &'static str = option.value().to_owned().leak();
            let serde: T = serde_json::from_value(json!(value))
                .unwrap_or_else(|_| panic!("serde refuses the offered value {value:?}"));
            assert!(serde == variant, "{value:?} is another variant for serde");
            (variant, value)
        })
        .collect()
}

macro_rules! round_trips {
    ($($test:ident: $ty:ident),* $(,)?) => {$(
        proptest! {
            #![proptest_config(config())]

            #[test]
            fn $test(value in near_misses(accepted::<$ty>(&["v2", "old-name", "OLD"]), titles::<$ty>())) {
                check_string::<$ty>(&value, &accepted::<$ty>(&["v2", "old-name", "OLD"]));
            }
        }
    )*};
}

round_trips! {
    lowercase_strings: Lower,
    uppercase_strings: Upper,
    pascal_case_strings: Pascal,
    camel_case_strings: Camel,
    snake_case_strings: Snake,
    screaming_snake_case_strings: ScreamingSnake,
    kebab_case_strings: Kebab,
    screaming_kebab_case_strings: ScreamingKebab,
}

#[test]
fn every_variant_round_trips_under_every_rule() {
    fn check<T>(skipped: T, expected: &[&str])
    where
        T: ElicitEnum + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug + Copy,
    {
        // skipped: never offered, never accepted, by serde either
        assert_eq!(skipped.option_index(), None);
        check_string::<T>(skipped.value(), &accepted::<T>(&["v2", "old-name", "OLD"]));
        let values: Vec<&str> = rule_values::<T>().into_iter().map(|(_, v)| v).collect();
        assert_eq!(values, expected);
        for (variant, value) in rule_values::<T>() {
            assert_eq!(variant.value(), value);
            check_parse_paths::<T>(value, Some(variant));
        }
        for alias in ["v2", "old-name", "OLD"] {
            let serde: T = serde_json::from_value(json!(alias)).unwrap();
            check_parse_paths::<T>(alias, Some(serde));
        }
    }
    // Exactly serde's spellings (HTTPServer is h-t-t-p-server in serde's
    // kebab-case); the skipped variant is never offered.
    check::<Lower>(
        Lower::Retired,
        &[
            "httpserver",
            "onpremises",
            "version2beta",
            "Ünïcödé «x»",
            "x",
            "renamed",
        ],
    );
    check::<Upper>(
        Upper::Retired,
        &[
            "HTTPSERVER",
            "ONPREMISES",
            "VERSION2BETA",
            "Ünïcödé «x»",
            "X",
            "RENAMED",
        ],
    );
    check::<Pascal>(
        Pascal::Retired,
        &[
            "HTTPServer",
            "OnPremises",
            "Version2Beta",
            "Ünïcödé «x»",
            "X",
            "Renamed",
        ],
    );
    check::<Camel>(
        Camel::Retired,
        &[
            "hTTPServer",
            "onPremises",
            "version2Beta",
            "Ünïcödé «x»",
            "x",
            "renamed",
        ],
    );
    check::<Snake>(
        Snake::Retired,
        &[
            "h_t_t_p_server",
            "on_premises",
            "version2_beta",
            "Ünïcödé «x»",
            "x",
            "renamed",
        ],
    );
    check::<ScreamingSnake>(
        ScreamingSnake::Retired,
        &[
            "H_T_T_P_SERVER",
            "ON_PREMISES",
            "VERSION2_BETA",
            "Ünïcödé «x»",
            "X",
            "RENAMED",
        ],
    );
    check::<Kebab>(
        Kebab::Retired,
        &[
            "h-t-t-p-server",
            "on-premises",
            "version2-beta",
            "Ünïcödé «x»",
            "x",
            "renamed",
        ],
    );
    check::<ScreamingKebab>(
        ScreamingKebab::Retired,
        &[
            "H-T-T-P-SERVER",
            "ON-PREMISES",
            "VERSION2-BETA",
            "Ünïcödé «x»",
            "X",
            "RENAMED",
        ],
    );
}

proptest! {
    #![proptest_config(config())]

    /// The titled `#[elicit]`-named enum: values, the alias, titles (which
    /// a client must never send back) and everything near them.
    #[test]
    fn titled_enum_strings(value in near_misses(accepted::<Hosting>(&["onprem"]), titles::<Hosting>())) {
        let expected = Hosting::OPTIONS
            .iter()
            .position(|option| option.value() == value)
            .and_then(Hosting::from_option_index)
            .or_else(|| HOSTING_ALIASES.iter().find(|(alias, _)| *alias == value).map(|(_, v)| *v));
        prop_assert_eq!(Hosting::from_wire_value(&value), expected);
        check_parse_paths::<Hosting>(&value, expected);
    }

    /// Any selection of offered variants, in any order, each written as its
    /// value or an alias, comes back as the same variants in the same
    /// order, through `MultiSelectField::parse_value` and through serde's `Vec<T>`.
    #[test]
    fn multi_select_round_trips(
        picked in subsequence(rule_values::<Kebab>(), 0..=6).prop_shuffle(),
        use_alias in any::<bool>(),
    ) {
        let items: Vec<Value> = picked
            .iter()
            .map(|(variant, value)| match variant {
                Kebab::Version2Beta if use_alias => json!("v2"),
                Kebab::Renamed if use_alias => json!("OLD"),
                _ => json!(value),
            })
            .collect();
        let variants: Vec<Kebab> = picked.iter().map(|(variant, _)| *variant).collect();
        prop_assert_eq!(Kebab::MULTI_SELECT.parse_value(Value::Array(items.clone())), Ok(variants.clone()));
        let serde: Vec<Kebab> = serde_json::from_value(Value::Array(items)).unwrap();
        prop_assert_eq!(serde, variants);
    }

    /// Any array against a model of the multi-select rules: the length
    /// against `minItems..=maxItems` first, then each element in order an
    /// option (`InvalidItem`) and not one already chosen (`DuplicateItem`).
    #[test]
    fn multi_select_follows_the_rules(
        items in prop::collection::vec(item(), 0..7),
        min in 0usize..3,
        extra in 0usize..3,
    ) {
        // `max_items` is at least 1
        let max = (min + extra).clamp(1, Hosting::OPTIONS.len());
        let select: MultiSelectField<Hosting> =
            Hosting::MULTI_SELECT.without_default().with_min_items(0).with_max_items(max).with_min_items(min);
        prop_assert_eq!(select.parse_value(Value::Array(items.clone())), multi_model(&items, min, max));
    }
}

/// An array element: an option, an alias, a title, or another JSON value.
fn item() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => select(vec!["on-premises", "public-cloud", "jp", "hybrid", "onprem"]).prop_map(|v| json!(v)),
        1 => select(vec!["On premises", "retired", "JP", ""]).prop_map(|v| json!(v)),
        1 => prop_oneof![Just(Value::Null), Just(json!(1)), Just(json!(["jp"])), Just(json!({"const": "jp"}))],
    ]
}

/// The multi-select rules: each element in turn an option not named
/// before (`InvalidItem`, `DuplicateItem`), then the count of the options
/// picked (`TooFewItems`, `TooManyItems`).
fn multi_model(items: &[Value], min: usize, max: usize) -> Result<Vec<Hosting>, Error> {
    let mut chosen = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Some(variant) = item.as_str().and_then(Hosting::from_wire_value) else {
            return Err(Error::from(ErrorKind::InvalidItem {
                index,
                items: items.to_vec(),
                allowed: Hosting::OPTIONS.into(),
            }));
        };
        if chosen.contains(&variant) {
            return Err(Error::from(ErrorKind::DuplicateItem {
                index,
                items: items.to_vec(),
            }));
        }
        chosen.push(variant);
    }
    if items.len() < min {
        return Err(Error::from(ErrorKind::TooFewItems {
            min,
            items: items.to_vec(),
        }));
    }
    if items.len() > max {
        return Err(Error::from(ErrorKind::TooManyItems {
            max,
            items: items.to_vec(),
        }));
    }
    Ok(chosen)
}

// ---------------------------------------------------------------------------
// Every emitted schema valid against the spec
// ---------------------------------------------------------------------------

/// The spec definition a schema is meant to be, judged from the wire model.
fn definition_of(schema: &PrimitiveSchema) -> &'static str {
    match schema {
        PrimitiveSchema::SingleSelect(select) if select.is_legacy() => "LegacyTitledEnumSchema",
        PrimitiveSchema::SingleSelect(select) if select.is_titled() => {
            "TitledSingleSelectEnumSchema"
        }
        PrimitiveSchema::SingleSelect(_) => "UntitledSingleSelectEnumSchema",
        PrimitiveSchema::MultiSelect(select) if select.is_titled() => "TitledMultiSelectEnumSchema",
        PrimitiveSchema::MultiSelect(_) => "UntitledMultiSelectEnumSchema",
        PrimitiveSchema::String(_) => "StringSchema",
        PrimitiveSchema::Number(_) => "NumberSchema",
        PrimitiveSchema::Boolean(_) => "BooleanSchema",
        other => panic!("a new PrimitiveSchema variant: {other:?}"),
    }
}

/// The spec revisions, loaded once per test thread.
fn specs() -> Vec<std::rc::Rc<Spec>> {
    thread_local! {
        static SPECS: Vec<std::rc::Rc<Spec>> = {
            let mut specs = Vec::new();
            if let Some(dir) = common::spec_dir() {
                for version in common::SEP1330_VERSIONS.iter().chain([&LEGACY_VERSION]) {
                    if let Some(spec) = Spec::load(&dir, version) {
                        specs.push(std::rc::Rc::new(spec));
                    }
                }
            }
            specs
        };
    }
    SPECS.with(Clone::clone)
}

/// Valid in every SEP-1330 revision as its intended definition (with no
/// undeclared key) and as a `PrimitiveSchemaDefinition`; and, adapted for
/// 2025-06-18, valid there too.
fn assert_spec_valid(schema: &PrimitiveSchema) {
    let json = wire(schema);
    let definition = definition_of(schema);
    for spec in specs() {
        if spec.version == LEGACY_VERSION {
            if let Ok(legacy) = schema.for_version(ProtocolVersion::V2025_06_18) {
                let legacy = wire(&legacy);
                spec.assert_valid("PrimitiveSchemaDefinition", &legacy);
            }
            continue;
        }
        spec.assert_valid(definition, &json);
        spec.assert_keys_declared(definition, &json);
        spec.assert_valid("PrimitiveSchemaDefinition", &json);
    }
}

/// Option values and titles: ASCII, Unicode, quotes, escapes.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-z0-9_-]{1,8}",
        1 => "\\PC{1,6}",
        1 => select(vec!["\"quoted\"", "line\nbreak", "日本語", "back\\slash", "\u{0}"]).prop_map(String::from),
    ]
}

/// Distinct option values with optional titles.
fn options() -> impl Strategy<Value = Vec<(String, Option<String>)>> {
    prop::collection::vec((text(), prop::option::of(text())), 1..6).prop_map(|options| {
        let mut seen = HashSet::new();
        options
            .into_iter()
            .filter(|(value, _)| seen.insert(value.clone()))
            .collect()
    })
}

/// A well-formed property schema of any kind and shape, as a peer would
/// write it, with consistent bounds and defaults.
fn peer_property() -> impl Strategy<Value = Value> {
    let enums = (options(), 0..6u8, any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<bool>())
        .prop_map(|(options, shape, a, b, with_default)| {
            let values: Vec<&String> = options.iter().map(|(value, _)| value).collect();
            let titled: Vec<Value> = options
                .iter()
                .map(|(value, title)| json!({"const": value, "title": title.clone().unwrap_or_else(|| value.clone())}))
                .collect();
            let mut schema = match shape {
                0 => json!({"type": "string", "enum": values}),
                1 => json!({"type": "string", "oneOf": titled}),
                2 => json!({"type": "string", "enum": values,
                            "enumNames": options.iter().map(|(v, t)| t.clone().unwrap_or_else(|| v.clone())).collect::<Vec<_>>()}),
                3 => json!({"type": "array", "items": {"type": "string", "enum": values}}),
                _ => json!({"type": "array", "items": {"anyOf": titled}}),
            };
            let n = values.len();
            if shape >= 3 {
                let min = a.index(n + 1);
                let max = min + b.index(n + 1 - min);
                schema["minItems"] = json!(min);
                schema["maxItems"] = json!(max);
                if with_default {
                    schema["default"] = json!(values[..min].to_vec());
                }
            } else if with_default && shape != 2 {
                schema["default"] = json!(values[a.index(n)]);
            }
            schema
        });
    let strings = (
        prop::option::of(0usize..5),
        prop::option::of(0usize..10),
        prop::option::of(select(vec!["email", "uri", "date", "date-time"])),
        prop::option::of(text()),
    )
        .prop_map(|(min, extra, format, title)| {
            let mut schema = json!({"type": "string"});
            if let Some(min) = min {
                schema["minLength"] = json!(min);
            }
            if let Some(extra) = extra {
                schema["maxLength"] = json!(min.unwrap_or(0) + extra);
            }
            if let Some(format) = format {
                schema["format"] = json!(format);
                // Well formed: some string of the format fits the lengths
                // (a date has 10 characters), else the lengths go.
                let max = extra.map(|extra| min.unwrap_or(0) + extra);
                if enum_schema::__private::rules::format_length(format, min, max).is_err() {
                    let object = schema.as_object_mut().unwrap();
                    object.remove("minLength");
                    object.remove("maxLength");
                }
            }
            if let Some(title) = title {
                schema["title"] = json!(title);
            }
            schema
        });
    let numbers = (any::<bool>(), any::<i32>(), 0..1000i64, prop::option::of(0..1000i64))
        .prop_map(|(integer, min, span, default)| {
            let max = min as i64 + span;
            let mut schema = json!({"type": if integer { "integer" } else { "number" }, "minimum": min, "maximum": max});
            if let Some(default) = default {
                schema["default"] = json!(min as i64 + default.min(span));
            }
            schema
        });
    let booleans = prop::option::of(any::<bool>()).prop_map(|default| match default {
        Some(default) => json!({"type": "boolean", "default": default, "description": "d"}),
        None => json!({"type": "boolean"}),
    });
    prop_oneof![4 => enums, 2 => strings, 1 => numbers, 1 => booleans]
}

proptest! {
    #![proptest_config(config())]

    /// What the peer reader reads from a well-formed schema, it writes as a
    /// schema the spec accepts, as the definition it is; and reads that
    /// back to the same thing.
    #[test]
    fn read_schemas_are_spec_valid(property in peer_property()) {
        let schema = PrimitiveSchema::from_json(&property)
            .unwrap_or_else(|error| panic!("{property} is well formed, but: {error}"));
        assert_spec_valid(&schema);
        prop_assert_eq!(PrimitiveSchema::from_json(&wire(&schema)), Ok(schema));
    }

    /// The builders' schemas (any bounds and defaults the builders allow)
    /// in a whole request: valid as `ElicitRequestFormParams` in every
    /// revision.
    #[test]
    fn built_forms_are_spec_valid(
        min in 0usize..=4,
        extra in 0usize..=4,
        default_count in 0usize..=4,
        single_default in prop::option::of(0usize..4),
        min_length in prop::option::of(0usize..4),
        format in prop::option::of(select(vec![StringFormat::Email, StringFormat::Uri, StringFormat::Date, StringFormat::DateTime])),
        bounds in prop::option::of((-1000i64..1000, 0i64..1000)),
        legacy in any::<bool>(),
    ) {
        // `max_items` is at least 1
        let max = (min + extra).clamp(1, 4);
        let min = min.min(max);
        let defaults: &'static [&'static str] =
            ["on-premises", "public-cloud", "jp", "hybrid"][..default_count.clamp(min, max)].to_vec().leak();
        let mut single = Hosting::SINGLE_SELECT.with_legacy(legacy);
        if let Some(index) = single_default {
            single = single.with_default_value(Hosting::OPTIONS[index].value());
        }
        let multi = Hosting::MULTI_SELECT
            .without_default()
            .with_min_items(0)
            .with_max_items(max)
            .with_min_items(min)
            .with_default_values(defaults);
        let mut string = StringField::new();
        if let Some(min_length) = min_length {
            string = string.with_min_length(min_length);
        }
        if let Some(format) = format {
            string = string.with_format(format);
        }
        let mut number = NumberField::<i64>::new();
        if let Some((minimum, span)) = bounds {
            number = number.with_minimum(minimum).with_maximum(minimum + span);
        }
        let form = Form::new((
            ("single", single),
            ("multi", multi),
            ("text", Optional::new(string)),
            ("count", number),
            ("flag", Optional::new(BooleanField::new().with_default_value(true))),
            ("ratio", NumberField::<f32>::new()),
        ));
        let request = form.request("m");
        for schema in form.requested_schema().properties() {
            assert_spec_valid(&schema.1);
        }
        for spec in specs() {
            if spec.version == LEGACY_VERSION {
                if let Ok(legacy) = request.for_version(ProtocolVersion::V2025_06_18) {
                    let request = json!({"method": "elicitation/create", "params": wire(&legacy)});
                    spec.assert_valid("ElicitRequest", &request);
                }
            } else {
                let json = wire(&request);
                spec.assert_valid("ElicitRequestFormParams", &json);
                spec.assert_keys_declared("ElicitRequestFormParams", &json);
            }
        }
    }
}

/// The derived schemas are fixed; each once.
#[test]
fn derived_schemas_are_spec_valid() {
    fn check<T: ElicitEnum>() {
        assert_spec_valid(&T::SINGLE_SELECT.to_schema().into());
        assert_spec_valid(&T::MULTI_SELECT.to_schema().into());
        assert_spec_valid(&T::SINGLE_SELECT.with_legacy(true).to_schema().into());
    }
    check::<Lower>();
    check::<Upper>();
    check::<Pascal>();
    check::<Camel>();
    check::<Snake>();
    check::<ScreamingSnake>();
    check::<Kebab>();
    check::<ScreamingKebab>();
    check::<Hosting>();
    for schema in Everything::requested_schema().properties() {
        assert_spec_valid(&schema.1);
    }
}

// ---------------------------------------------------------------------------
// Arbitrary JSON into every parsing entry point
// ---------------------------------------------------------------------------

/// The form's enum has no aliases: the peer reader sees only what a schema
/// offers, and aliases are never offered, so with aliases the derived form
/// would accept answers the reader refuses (see
/// `aliases_are_accepted_by_the_derive_only`).
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
enum Zone {
    #[elicit(title = "EU West")]
    EuWest,
    #[elicit(title = "US East", rename = "us-east")]
    UsEast,
    #[elicit(skip)]
    Retired,
}

/// Untitled, without aliases either.
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Large,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Everything {
    hosting: Zone,
    #[elicit(min_items = 1, max_items = 2)]
    regions: Vec<Zone>,
    size: Option<Size>,
    #[elicit(min_length = 2, max_length = 8)]
    name: String,
    #[elicit(format = "date-time")]
    when: Option<String>,
    agreed: bool,
    #[elicit(minimum = 1, maximum = 10)]
    replicas: u8,
    big: Option<i64>,
    ratio: Option<f64>,
}

const KEYS: &[&str] = &[
    "action",
    "content",
    "type",
    "properties",
    "required",
    "enum",
    "oneOf",
    "anyOf",
    "const",
    "title",
    "items",
    "default",
    "minItems",
    "maxItems",
    "enumNames",
    "minimum",
    "maximum",
    "format",
    "minLength",
    "maxLength",
    "hosting",
    "regions",
    "size",
    "name",
    "when",
    "agreed",
    "replicas",
    "big",
    "ratio",
    "key",
];

const STRINGS: &[&str] = &[
    "accept",
    "decline",
    "cancel",
    "object",
    "string",
    "array",
    "integer",
    "number",
    "boolean",
    "on-premises",
    "onprem",
    "EU_WEST",
    "us-east",
    "US East",
    "RETIRED",
    "small",
    "Large",
    "jp",
    "On premises",
    "date-time",
    "2024-02-29T12:00:00Z",
    "",
    "ab",
];

/// Any JSON, leaning towards the keys and strings the entry points look at.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |f| Number::from_f64(f).map(Value::Number)),
        select(vec![
            0.0,
            -0.0,
            1.0,
            1.5,
            10.0,
            1e20,
            -9.3e18,
            1.8446744073709552e19
        ])
        .prop_map(|f| json!(f)),
        select(STRINGS).prop_map(|s| json!(s)),
        "\\PC{0,10}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![3 => select(KEYS).prop_map(String::from), 1 => "\\PC{0,6}"],
                    inner
                ),
                0..6
            )
            .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

/// An `ElicitResult`-like object: an action (or not), content (or not).
fn any_result() -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop_oneof![
            select(vec!["accept", "decline", "cancel"]).prop_map(|a| json!(a)),
            any_json()
        ]),
        prop::option::of(any_json()),
        any_json(),
    )
        .prop_map(|(action, content, noise)| {
            let mut result = Map::new();
            if let Some(action) = action {
                result.insert("action".into(), action);
            }
            if let Some(content) = content {
                result.insert("content".into(), content);
            }
            if let Value::Object(noise) = noise {
                for (key, value) in noise {
                    result.entry(key).or_insert(value);
                }
            }
            Value::Object(result)
        })
}

/// Schemas read once: the derived form's, and one of each shape.
fn read_schemas() -> Vec<RequestedSchema> {
    // From the text, so that the property order (and with it the order of
    // the errors) is the form's.
    let derived = serde_json::to_string(&Everything::requested_schema()).unwrap();
    vec![
        RequestedSchema::from_json_str(&derived).expect("the reader reads the derived schema"),
        RequestedSchema::from_json(&json!({"type": "object", "properties": {
            "a": {"type": "string", "oneOf": [{"const": "x", "title": "X"}]},
            "b": {"type": "array", "minItems": 1, "items": {"anyOf": [{"const": "x", "title": "X"}, {"const": "y", "title": "Y"}]}},
            "c": {"type": "string", "enum": ["x"], "enumNames": ["X"]},
            "d": {"type": "number", "minimum": -1.5, "maximum": 2.5},
            "e": {"type": "string", "format": "email", "maxLength": 5},
            "f": {"type": "boolean"}
        }, "required": ["a", "d"]}))
        .unwrap(),
    ]
}

fn assert_typed(error: &Error) {
    let message = error.to_string();
    assert!(!message.is_empty());
}

fn check_any_value(value: &Value) {
    // One value into a derived enum.
    match value {
        Value::String(string) => {
            assert_eq!(
                Hosting::parse_value(value.clone()),
                Hosting::parse(string).map_err(Error::from)
            );
        }
        _ => {
            let mismatch = |expected| {
                Error::from(ErrorKind::TypeMismatch {
                    expected,
                    found: value.clone(),
                })
            };
            assert_eq!(
                Hosting::parse_value(value.clone()),
                Err(mismatch(JsonType::String))
            );
            assert_eq!(
                Hosting::SINGLE_SELECT.parse_value(value.clone()),
                Err(mismatch(JsonType::String))
            );
            if !value.is_array() {
                assert_eq!(
                    Hosting::MULTI_SELECT.parse_value(value.clone()),
                    Err(mismatch(JsonType::Array))
                );
            }
        }
    }
    if let Err(error) = Hosting::MULTI_SELECT.parse_value(value.clone()) {
        assert_typed(&error);
    }
    // Peer schemas: the text and `Value` paths agree.
    let read = RequestedSchema::from_json(value);
    assert_eq!(RequestedSchema::from_json_str(&value.to_string()), read);
    if let Err(error) = &read {
        assert!(!error.to_string().is_empty());
    }
    if let Ok(property) = PrimitiveSchema::from_json(value) {
        let written = wire(&property);
        assert_eq!(PrimitiveSchema::from_json(&written).map(wire), Ok(written));
    }
    // Checking against read schemas: what passes passes again, unchanged.
    for schema in read_schemas() {
        for (_, property) in schema.properties() {
            match property.check(value.clone()) {
                Ok(checked) => assert_eq!(property.check(checked.clone()), Ok(checked)),
                Err(error) => assert_typed(&error),
            }
        }
        if let Value::Object(content) = value {
            match schema.check_content(content.clone()) {
                Ok(checked) => assert_eq!(schema.check_content(checked.clone()), Ok(checked)),
                Err(error) => assert_typed(&error),
            }
        }
    }
}

fn check_any_result(result: &Value) {
    let typed = Everything::parse_result(result.clone());
    if let Err(error) = &typed {
        assert_typed(error);
    }
    // No duplicate keys in a `Value`: the text path says the same.
    assert_eq!(Everything::parse_result_str(&result.to_string()), typed);
    // The peer reader, on the form's own schema, agrees.
    let read = read_schemas()[0].parse_result(result.clone());
    match (&typed, &read) {
        (Ok(ElicitAction::Accept(_)), Ok(ElicitAction::Accept(_)))
        | (Ok(ElicitAction::Decline), Ok(ElicitAction::Decline))
        | (Ok(ElicitAction::Cancel), Ok(ElicitAction::Cancel)) => {}
        (Err(typed), Err(read)) => assert_eq!(typed, read),
        _ => panic!("{result}: derived form {typed:?}, peer reader {read:?}"),
    }
    for schema in read_schemas() {
        if let Err(error) = schema.parse_result(result.clone()) {
            assert_typed(&error);
        }
    }
    // The action alone decides decline and cancel; an accept may still
    // fail on its content (a form of no field has none to fail on).
    match RequestedSchema::default().parse_result(result.clone()) {
        Ok(ElicitAction::Accept(_)) => {
            assert!(matches!(typed, Ok(ElicitAction::Accept(_)) | Err(_)))
        }
        Ok(ElicitAction::Decline) => assert_eq!(typed, Ok(ElicitAction::Decline)),
        Ok(ElicitAction::Cancel) => assert_eq!(typed, Ok(ElicitAction::Cancel)),
        Err(error) => assert_eq!(typed, Err(error)),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_json_into_every_entry_point(value in any_json()) {
        check_any_value(&value);
        if value.get("action").is_some() {
            check_any_result(&value);
        } else if let Err(error) = Everything::parse_result(value.clone()) {
            assert_typed(&error);
        }
    }

    #[test]
    fn any_result_into_every_form_entry_point(result in any_result()) {
        check_any_result(&result);
        check_any_value(&result);
    }

    /// Any finite float written as a bound is read back as the same `f64`
/// (serde_json's `float_roundtrip`; the fuzz target peer_schema found a bound
/// that moved by one unit in the last place): the bound itself is accepted,
/// the next float past it refused, and the schema written, read and written
/// again is the same text.
#[test]
fn floats_are_exact_through_text(x in any::<f64>().prop_filter("finite", |x| x.is_finite())) {
    let float = |x: f64| serde_json::to_string(&x).unwrap();
    let text = format!(
        r#"{{"type":"object","properties":{{"p":{{"type":"number","minimum":{},"maximum":{}}}}}}}"#,
        float(x),
        float(x)
    );
    let schema = RequestedSchema::from_json_str(&text).unwrap();
    let written = serde_json::to_string(&schema).unwrap();
    prop_assert_eq!(
        RequestedSchema::from_json_str(&written).map(|schema| serde_json::to_string(&schema).unwrap()),
        Ok(written)
    );
    let answer = |x: f64| {
        let text = format!(r#"{{"action":"accept","content":{{"p":{}}}}}"#, float(x));
        serde_json::from_str::<Value>(&text).unwrap()
    };
    prop_assert!(schema.parse_result(answer(x)).is_ok(), "{} refused", x);
    for past in [x.next_up(), x.next_down()] {
        if past.is_finite() {
            let result = schema.parse_result(answer(past));
            prop_assert!(matches!(result.as_ref().map_err(Error::kind), Err(ErrorKind::OutOfRange { .. })), "{} accepted for {}", past, x);
        }
    }
}

/// Text that may not even be JSON, into the entry points that take text.
    #[test]
    fn any_text_into_text_entry_points(text in prop_oneof![any_json().prop_map(|v| v.to_string()), "\\PC{0,40}"]) {
        if let Err(error) = Everything::parse_result_str(&text) {
            assert_typed(&error);
        }
        if let Err(error) = RequestedSchema::from_json_str(&text) {
            assert!(!error.to_string().is_empty());
        }
        // The text as a string answer to every property read.
        for schema in read_schemas() {
            for (_, property) in schema.properties() {
                match property.check(json!(text)) {
                    Ok(checked) => assert_eq!(checked, json!(text)),
                    Err(error) => assert_typed(&error),
                }
            }
        }
    }
}

/// Found by fuzzing (form_result, the first run): an alias is accepted by
/// the derived form and refused by the peer reader reading the same form's
/// schema. By design: aliases are for old clients of this server and are
/// never offered, so a proxy that checks answers against the schema alone
/// refuses them. What the schema offers, both accept alike.
#[test]
fn aliases_are_accepted_by_the_derive_only() {
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Aliased {
        hosting: Hosting,
    }
    let reader = RequestedSchema::from_json(&wire(Aliased::requested_schema())).unwrap();
    let answer = json!({"action": "accept", "content": {"hosting": "onprem"}});
    assert_eq!(
        Aliased::parse_result(answer.clone()),
        Ok(ElicitAction::Accept(Aliased {
            hosting: Hosting::OnPremises
        }))
    );
    assert_eq!(
        reader.parse_result(answer),
        Err(Error::from(ErrorKind::InvalidValue {
            value: "onprem".into(),
            allowed: Hosting::OPTIONS.into(),
        })
        .in_field("hosting"))
    );
    let offered = json!({"action": "accept", "content": {"hosting": "on-premises"}});
    assert_eq!(
        reader.parse_result(offered.clone()).unwrap(),
        ElicitAction::Accept(serde_json::from_value(offered["content"].clone()).unwrap())
    );
    assert_eq!(
        Aliased::parse_result(offered),
        Ok(ElicitAction::Accept(Aliased {
            hosting: Hosting::OnPremises
        }))
    );
}

/// Found by fuzzing (peer_schema): a titled schema with an untitled option
/// is read as it is (the option untitled), and written with the value as
/// the option's title, since the spec requires one. Reading that back gives
/// a titled option, so the round trip is stable on the wire, not in the
/// model.
#[test]
fn a_partly_titled_schema_is_stable_on_the_wire() {
    let peer =
        json!({"type": "string", "oneOf": [{"const": "a", "title": "Alpha"}, {"const": "b"}]});
    let read = PrimitiveSchema::from_json(&peer).unwrap();
    let Some(view) = read.as_enum() else {
        panic!("an enum")
    };
    assert_eq!(view.options()[1].title(), None);
    let written = wire(&read);
    assert_eq!(
        written,
        json!({"type": "string", "oneOf": [{"const": "a", "title": "Alpha"}, {"const": "b", "title": "b"}]})
    );
    let reread = PrimitiveSchema::from_json(&written).unwrap();
    assert_eq!(reread.as_enum().unwrap().options()[1].title(), Some("b"));
    assert_eq!(wire(&reread), written);
}

/// The option list the errors carry is the enum's own.
#[test]
fn refusals_carry_the_offered_options() {
    assert_eq!(Hosting::Retired.value(), "retired");
    assert_eq!(Hosting::Retired.option_index(), None);
    assert_eq!(Hosting::from_wire_value("retired"), None);
    assert_eq!(Zone::Retired.value(), "RETIRED");
    assert_eq!(Zone::from_wire_value("RETIRED"), None);
    let Err(miss) = Hosting::parse("On premises") else {
        panic!("a title is refused");
    };
    let allowed = miss.allowed();
    assert_eq!(
        allowed.iter().map(EnumOption::value).collect::<Vec<_>>(),
        ["on-premises", "public-cloud", "jp", "hybrid"]
    );
}
