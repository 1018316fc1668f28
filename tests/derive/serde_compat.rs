//! The wire values of a derived enum are the ones serde uses: for every
//! `rename_all` rule, on names with acronyms, digits, non-ASCII letters and
//! raw identifiers, serde and the schema agree value for value.
#![allow(non_camel_case_types)]

use enum_schema::ElicitEnum;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Asserts that serde serializes each variant to its `value()`, parses it
/// back, and that `from_wire_value` agrees.
fn assert_agrees<T>(variants: &[T])
where
    T: ElicitEnum + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    for variant in variants {
        let value = variant.value();
        assert_eq!(
            serde_json::to_value(variant).unwrap(),
            json!(value),
            "{variant:?}"
        );
        assert_eq!(&serde_json::from_value::<T>(json!(value)).unwrap(), variant);
        assert_eq!(T::from_wire_value(value).as_ref(), Some(variant));
    }
}

macro_rules! rule {
    ($name:ident, $rule:literal, [$($variant:ident),+], $expected:expr) => {
        #[test]
        fn $name() {
            #[derive(ElicitEnum, Serialize, Deserialize, Debug, PartialEq)]
            #[serde(rename_all = $rule)]
            enum ViaSerde {
                $($variant),+
            }

            #[derive(ElicitEnum, Serialize, Deserialize, Debug, PartialEq)]
            #[serde(rename_all = $rule)]
            #[elicit(rename_all = $rule)]
            enum ViaBoth {
                $($variant),+
            }

            let values: Vec<_> = [$(ViaSerde::$variant),+].iter().map(ElicitEnum::value).collect();
            assert_eq!(values, $expected);
            let both: Vec<_> = [$(ViaBoth::$variant),+].iter().map(ElicitEnum::value).collect();
            assert_eq!(both, $expected);
            assert_agrees(&[$(ViaSerde::$variant),+]);
            assert_agrees(&[$(ViaBoth::$variant),+]);
        }
    };
}

rule!(
    lowercase,
    "lowercase",
    [HTTPServer, VeryTasty, Z42, Ärger, Groß, r#type],
    ["httpserver", "verytasty", "z42", "Ärger", "groß", "type"]
);
rule!(
    uppercase,
    "UPPERCASE",
    [HTTPServer, VeryTasty, Z42, Ärger, Groß, r#type],
    ["HTTPSERVER", "VERYTASTY", "Z42", "ÄRGER", "GROß", "TYPE"]
);
rule!(
    pascal_case,
    "PascalCase",
    [HTTPServer, VeryTasty, Z42, Ärger, Groß, r#type],
    ["HTTPServer", "VeryTasty", "Z42", "Ärger", "Groß", "type"]
);
// serde's camelCase slices the first byte, so it panics on a non-ASCII first
// letter: no `Ärger` here.
rule!(
    camel_case,
    "camelCase",
    [HTTPServer, VeryTasty, Z42, Groß, r#type],
    ["hTTPServer", "veryTasty", "z42", "groß", "type"]
);
rule!(
    snake_case,
    "snake_case",
    [HTTPServer, VeryTasty, Z42, Ärger, GroßÄrger, r#type],
    [
        "h_t_t_p_server",
        "very_tasty",
        "z42",
        "Ärger",
        "groß_Ärger",
        "type"
    ]
);
rule!(
    screaming_snake_case,
    "SCREAMING_SNAKE_CASE",
    [HTTPServer, VeryTasty, Z42, Ärger, GroßÄrger, r#type],
    [
        "H_T_T_P_SERVER",
        "VERY_TASTY",
        "Z42",
        "ÄRGER",
        "GROß_ÄRGER",
        "TYPE"
    ]
);
rule!(
    kebab_case,
    "kebab-case",
    [HTTPServer, VeryTasty, Z42, Ärger, GroßÄrger, r#type],
    [
        "h-t-t-p-server",
        "very-tasty",
        "z42",
        "Ärger",
        "groß-Ärger",
        "type"
    ]
);
rule!(
    screaming_kebab_case,
    "SCREAMING-KEBAB-CASE",
    [HTTPServer, VeryTasty, Z42, Ärger, GroßÄrger, r#type],
    [
        "H-T-T-P-SERVER",
        "VERY-TASTY",
        "Z42",
        "ÄRGER",
        "GROß-ÄRGER",
        "TYPE"
    ]
);

#[derive(ElicitEnum, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
enum Region {
    UsEast,
    #[serde(rename = "eu")]
    Europe,
    #[serde(alias = "ap")]
    AsiaPacific,
    #[serde(rename(serialize = "sa-out", deserialize = "sa"))]
    SouthAmerica,
    #[serde(skip)]
    Moon,
}

#[test]
fn serde_variant_attributes_are_honoured() {
    let values: Vec<_> = Region::OPTIONS
        .iter()
        .map(|option| option.value())
        .collect();
    // The value offered is the one serde deserializes.
    assert_eq!(values, ["us-east", "eu", "asia-pacific", "sa"]);
    assert_eq!(Region::from_wire_value("ap"), Some(Region::AsiaPacific));
    assert_eq!(
        serde_json::from_value::<Region>(json!("ap")).unwrap(),
        Region::AsiaPacific
    );
    assert_eq!(
        serde_json::from_value::<Region>(json!("sa")).unwrap(),
        Region::SouthAmerica
    );
    // serde cannot parse a skipped variant, so it is never offered.
    assert_eq!(Region::Moon.option_index(), None);
    assert_eq!(Region::from_wire_value("moon"), None);
    assert!(serde_json::from_value::<Region>(json!("moon")).is_err());
}

#[derive(ElicitEnum, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
#[elicit(rename_all = "snake_case")]
enum Agreeing {
    FirstOne,
    #[serde(rename = "second")]
    #[elicit(rename = "second", alias = "2nd")]
    SecondOne,
}

#[test]
fn agreeing_attributes_compile_and_match() {
    assert_eq!(
        serde_json::to_value(Agreeing::SINGLE_SELECT).unwrap(),
        json!({"type": "string", "enum": ["first_one", "second"]})
    );
    assert_eq!(Agreeing::from_wire_value("2nd"), Some(Agreeing::SecondOne));
    assert_agrees(&[Agreeing::FirstOne, Agreeing::SecondOne]);
}
