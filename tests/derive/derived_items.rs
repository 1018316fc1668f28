//! What a derived enum's provided items give (`value`, `option_index`,
//! `from_option_index`, `options`, `OPTIONS`, the schemas and their
//! compile-time JSON) on every shape, in constants too; awkward names and
//! shapes (raw identifiers, skipped variants with data, explicit
//! discriminants, variants named like trait items); and a derived form read
//! in any key order. Written by a hostile review of the impl that is one
//! constant (`__ELICIT_ENUM_DERIVE_ONLY`) and `from_wire_value`.
#![deny(warnings, unused_qualifications, unreachable_pub)]

use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use serde_json::{json, Value};

fn wire<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).unwrap()
}

// ---- a private enum used only through the trait: no dead_code -----------
mod private_only {
    use enum_schema::ElicitEnum;
    #[derive(ElicitEnum, Debug, PartialEq)]
    enum Hidden {
        One,
        Two,
    }
    #[test]
    fn private_enum_parses() {
        assert_eq!(Hidden::parse("Two").ok(), Some(Hidden::Two));
        assert_eq!(Hidden::One.value(), "One");
    }
}

// ---- macro_rules-generated enum, doc from a macro fragment ---------------
macro_rules! choice {
    ($(#[$m:meta])* $vis:vis enum $name:ident { $($(#[$vm:meta])* $v:ident),* $(,)? }) => {
        #[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
        $(#[$m])*
        $vis enum $name { $($(#[$vm])* $v),* }
    };
}

choice! {
    #[doc = concat!("Pick \"one\"", "\n\ttab \\ back")]
    #[elicit(title = "T\u{1}itle", default = B, min_items = 1, max_items = 2, default_items = [A, "b"])]
    #[elicit(rename_all = "lowercase")]
    pub enum FromMacro { #[elicit(title = "Ä \"a\"")] A, #[elicit(title = "B\u{7f}\u{2028}")] B, #[elicit(skip)] C }
}

#[allow(clippy::tabs_in_doc_comments)] // the tab is the case
/// Literal doc with escapes: "quoted" \ back	tab and a control  char.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(title = "T\u{1}itle", default = B, min_items = 1, max_items = 2, default_items = [A, "b"])]
#[elicit(rename_all = "lowercase")]
pub enum Literal {
    #[elicit(title = "Ä \"a\"", alias = "aa", alias = "AAA")]
    A,
    #[elicit(title = "B\u{7f}\u{2028}")]
    B,
    #[elicit(skip)]
    C,
}

/// Legacy, titled.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy, rename_all = "SCREAMING-KEBAB-CASE", default = "ONE-TWO")]
pub enum Legacy {
    #[elicit(title = "One two")]
    OneTwo,
    #[elicit(title = "Three")]
    Three,
}

#[test]
fn canonical_json_equals_serde_every_shape() {
    fn both<T: ElicitEnum>() {
        let single = T::SINGLE_SELECT.to_json();
        let multi = T::MULTI_SELECT.to_json();
        assert_eq!(single, serde_json::to_string(&T::SINGLE_SELECT).unwrap());
        assert_eq!(multi, serde_json::to_string(&T::MULTI_SELECT).unwrap());
        // And what the builders produce when they drop the cached text.
        assert_eq!(
            serde_json::from_str::<Value>(&single).unwrap(),
            wire(T::SINGLE_SELECT.with_legacy(T::SINGLE_SELECT.is_legacy()))
        );
    }
    both::<FromMacro>();
    both::<Literal>();
    both::<Legacy>();
    assert_eq!(
        FromMacro::SINGLE_SELECT.to_json(),
        Literal::SINGLE_SELECT.to_json().replace(
            "Literal doc with escapes: \\\"quoted\\\" \\\\ back\\ttab and a control  char.",
            "Pick \\\"one\\\"\\n\\ttab \\\\ back"
        )
    );
}

#[test]
fn legacy_exact() {
    assert_eq!(
        Legacy::SINGLE_SELECT.to_json(),
        r#"{"type":"string","description":"Legacy, titled.","enum":["ONE-TWO","THREE"],"enumNames":["One two","Three"],"default":"ONE-TWO"}"#
    );
}

#[test]
fn provided_items_every_variant() {
    assert_eq!(Literal::A.value(), "a");
    assert_eq!(Literal::C.value(), "c");
    assert_eq!(Literal::C.option_index(), None);
    assert_eq!(Literal::B.option_index(), Some(1));
    assert_eq!(Literal::from_option_index(0), Some(Literal::A));
    assert_eq!(Literal::from_option_index(1), Some(Literal::B));
    assert_eq!(Literal::from_option_index(2), None);
    assert_eq!(Literal::from_option_index(usize::MAX), None);
    assert_eq!(Literal::from_wire_value("aa"), Some(Literal::A));
    assert_eq!(Literal::from_wire_value("AAA"), Some(Literal::A));
    assert_eq!(Literal::from_wire_value("c"), None);
    assert_eq!(Literal::from_wire_value("A"), None);
    let opts: Vec<_> = Literal::variants()
        .map(|(v, o)| (v, o.value().to_owned()))
        .collect();
    assert_eq!(
        opts,
        vec![(Literal::A, "a".to_owned()), (Literal::B, "b".to_owned())]
    );
}

/// A variant's title, label and wire value, straight from the value (issue 48):
/// no title for a skipped variant nor in an untitled enum; the legacy
/// form's `enumNames` are titles too; the enum's own `title` (the field's)
/// is another item, on its select.
#[test]
fn a_variants_title_and_value_are_at_hand() {
    assert_eq!(Literal::A.title(), Some("Ä \"a\""));
    assert_eq!(Literal::B.title(), Some("B\u{7f}\u{2028}"));
    assert_eq!(Literal::C.title(), None);
    assert_eq!(Literal::C.value(), "c");
    assert_eq!(Legacy::Three.title(), Some("Three"));
    assert_eq!(Data::First.title(), None);
    assert_eq!(Data::First.value(), "first");
    assert_eq!(Literal::SINGLE_SELECT.title(), Some("T\u{1}itle"));
    let shown = format!("Refund €42.50 ({})?", Legacy::OneTwo.label());
    assert_eq!(shown, "Refund €42.50 (One two)?");
    // The label: the title, else the wire value, as an option's.
    assert_eq!(Literal::A.label(), "Ä \"a\"");
    assert_eq!(Literal::C.label(), "c");
    assert_eq!(Data::SecondOne.label(), "second_one");
    assert_eq!(Literal::A.label(), Literal::OPTIONS[0].label());
}

const DEFAULT: Option<&str> = Literal::SINGLE_SELECT.default_value();
const TITLE: Option<&str> = Literal::MULTI_SELECT.title();
const MIN: Option<usize> = Literal::MULTI_SELECT.min_items();
const N: usize = Literal::OPTIONS.len();

#[test]
fn const_contexts() {
    assert_eq!(DEFAULT, Some("b"));
    assert_eq!(TITLE, Some("T\u{1}itle"));
    assert_eq!(MIN, Some(1));
    assert_eq!(N, 2);
}

// ---- skipped variants with data, repr, discriminants ----------------------
#[derive(ElicitEnum, Debug, PartialEq)]
#[repr(u8)]
#[non_exhaustive]
#[elicit(rename_all = "snake_case")]
pub enum Data {
    First = 7,
    #[elicit(skip)]
    TupleOne(u8, String) = 3,
    #[elicit(skip, rename = "strukt")]
    StructOne {
        x: u8,
    } = 9,
    SecondOne = 1,
}

#[test]
fn skipped_with_data() {
    assert_eq!(Data::TupleOne(1, "x".into()).value(), "tuple_one");
    assert_eq!(Data::StructOne { x: 1 }.value(), "strukt");
    assert_eq!(Data::StructOne { x: 1 }.option_index(), None);
    assert_eq!(Data::SecondOne.option_index(), Some(1));
    assert_eq!(Data::from_option_index(1), Some(Data::SecondOne));
    assert_eq!(
        Data::SINGLE_SELECT.to_json(),
        r#"{"type":"string","enum":["first","second_one"]}"#
    );
}

// ---- names -----------------------------------------------------------------
mod names {
    #![allow(non_camel_case_types, non_snake_case, clippy::upper_case_acronyms)]
    use enum_schema::ElicitEnum;

    #[derive(ElicitEnum, Debug, PartialEq)]
    pub(crate) enum Derived {
        __DERIVED,
        __ELICIT_ENUM_DERIVE_ONLY,
        OPTIONS,
        SINGLE_SELECT,
        MULTI_SELECT,
        index,
        value,
        options,
        variants,
        NONE,
        from_wire_value,
        title,
        label,
    }

    #[derive(ElicitEnum, Debug, PartialEq)]
    pub(crate) enum None {
        Some,
    }

    #[derive(ElicitEnum, Debug, PartialEq)]
    pub(crate) enum Some {
        None,
    }

    #[test]
    fn works() {
        assert_eq!(<Derived as ElicitEnum>::OPTIONS.len(), 13);
        assert_eq!(Derived::title.title(), None);
        assert_eq!(Derived::label.label(), "label");
        assert_eq!(Derived::value.value(), "value");
        assert_eq!(Derived::NONE.option_index(), Some(9));
        assert_eq!(
            <Derived as ElicitEnum>::from_option_index(0),
            Some(Derived::__DERIVED)
        );
        assert_eq!(None::Some.value(), "Some");
        assert_eq!(Some::None.value(), "None");
    }
}

// ---- forms -------------------------------------------------------------------
#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
pub struct Form {
    first_name: String,
    #[elicit(rename = "the-pick")]
    pick: Literal,
    maybe: Option<u8>,
    #[elicit(default = A)]
    with_default: Literal,
    #[elicit(default_items = [B, "a"])]
    many: Vec<Literal>,
}

fn accept(content: &str) -> Result<ElicitAction<Form>, enum_schema::Error> {
    let text = format!(r#"{{"action":"accept","content":{content}}}"#);
    Form::parse_result(serde_json::from_str::<Value>(&text).unwrap())
}

#[test]
fn form_schema_names_and_defaults() {
    let schema = wire(Form::requested_schema());
    assert_eq!(
        schema["required"],
        json!(["firstName", "the-pick", "withDefault", "many"])
    );
    assert_eq!(schema["properties"]["withDefault"]["default"], json!("a"));
    assert_eq!(schema["properties"]["many"]["default"], json!(["b", "a"]));
}

#[test]
fn form_any_order_unknown_and_duplicate_keys() {
    let expected = Form {
        first_name: "n".into(),
        pick: Literal::B,
        maybe: None,
        with_default: Literal::A,
        many: vec![Literal::B],
    };
    let got = accept(
        r#"{"many":["b"],"zzz":1,"withDefault":"aa","the-pick":"b","firstName":"n","first_name":"x","pick":"zz"}"#,
    );
    assert_eq!(got, Ok(ElicitAction::Accept(expected)));
    // Duplicate key: serde_json keeps the last.
    let got = accept(r#"{"many":["a"],"withDefault":"a","the-pick":"a","the-pick":"b","firstName":"n","maybe":3}"#).unwrap();
    let ElicitAction::Accept(form) = got else {
        panic!()
    };
    assert_eq!((form.pick, form.maybe), (Literal::B, Some(3)));
    // Many unknown keys.
    let mut content = serde_json::Map::new();
    for i in 0..10_000 {
        content.insert(format!("k{i}"), json!(i));
    }
    content.insert("firstName".into(), json!("n"));
    content.insert("the-pick".into(), json!("a"));
    content.insert("withDefault".into(), json!("b"));
    content.insert("many".into(), json!(["a", "b"]));
    let got = Form::parse_result(json!({"action": "accept", "content": content})).unwrap();
    assert!(matches!(
        got,
        ElicitAction::Accept(Form {
            pick: Literal::A,
            ..
        })
    ));
}

#[test]
fn form_missing_required_reports_all() {
    let error = accept(r#"{"pick":"a","maybe":null}"#).unwrap_err();
    println!("{error}");
    let text = error.to_string();
    for name in ["firstName", "the-pick", "withDefault", "many"] {
        assert!(text.contains(name), "{text}");
    }
}

// ---- raw identifiers, uninhabited skipped data ------------------------------

#[derive(ElicitEnum, Debug, PartialEq)]
#[allow(non_camel_case_types)]
#[elicit(rename_all = "UPPERCASE")]
pub enum Raw {
    r#Match,
    r#type,
    #[elicit(skip)]
    Never(std::convert::Infallible),
    #[elicit(skip)]
    Unit,
}

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "PascalCase")]
pub struct RawForm {
    r#type: Raw,
    r#match: Option<String>,
}

#[test]
fn raw_identifiers() {
    assert_eq!(
        Raw::SINGLE_SELECT.to_json(),
        r#"{"type":"string","enum":["MATCH","TYPE"]}"#
    );
    assert_eq!(Raw::Unit.value(), "UNIT");
    assert_eq!(Raw::from_option_index(1), Some(Raw::r#type));
    assert_eq!(
        wire(RawForm::requested_schema()),
        json!({"type": "object", "properties": {
            "Type": {"type": "string", "enum": ["MATCH", "TYPE"]},
            "Match": {"type": "string"}}, "required": ["Type"]})
    );
    assert_eq!(
        RawForm::parse_result(
            json!({"action": "accept", "content": {"Match": "m", "Type": "TYPE", "type": "MATCH"}})
        ),
        Ok(ElicitAction::Accept(RawForm {
            r#type: Raw::r#type,
            r#match: Some("m".into())
        }))
    );
}

// ---- defaults written as an alias -------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(default = "aa", default_items = ["aa", "B"])]
pub enum AliasDefault {
    #[elicit(alias = "aa")]
    A,
    B,
}

#[test]
fn enum_level_alias_default_is_the_value() {
    assert_eq!(
        AliasDefault::SINGLE_SELECT.to_json(),
        r#"{"type":"string","enum":["A","B"],"default":"A"}"#
    );
    assert_eq!(
        AliasDefault::MULTI_SELECT.to_json(),
        r#"{"type":"array","items":{"type":"string","enum":["A","B"]},"default":["A","B"]}"#
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
pub struct AliasAnswers {
    many: Vec<AliasDefault>,
    maybe: Option<String>,
}

#[test]
fn alias_and_value_of_one_variant_are_a_duplicate_and_null_is_absent() {
    let error = AliasAnswers::parse_result(
        json!({"action": "accept", "content": {"many": ["aa", "A"], "maybe": null}}),
    )
    .unwrap_err();
    assert_eq!(
        format!("{:?}", error.kind()),
        r#"DuplicateItem { index: 1, items: [String("aa"), String("A")] }"#
    );
    assert_eq!(error.field(), Some("many"));
}

/// `from_str`, `display` and `as_ref` are opt-in impls over the wire value:
/// `FromStr` is `parse` (values and aliases, exactly) with an owned error,
/// `Display` pads as a `str` does, and a skipped variant shows its own
/// value.
#[test]
fn std_impls_are_the_wire_value() {
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "kebab-case", from_str, display, as_ref)]
    enum Region {
        #[elicit(alias = "use1")]
        UsEast,
        EuWest,
        #[elicit(skip)]
        Retired,
    }
    assert_eq!("us-east".parse::<Region>(), Ok(Region::UsEast));
    assert_eq!("use1".parse::<Region>(), Ok(Region::UsEast));
    let error = "US-EAST".parse::<Region>().unwrap_err();
    assert_eq!(
        error,
        enum_schema::ErrorKind::InvalidValue {
            value: "US-EAST".into(),
            allowed: Region::OPTIONS.into(),
        }
    );
    assert_eq!(
        error.to_string(),
        r#"invalid value "US-EAST": expected one of "us-east", "eu-west""#
    );
    assert!("retired".parse::<Region>().is_err());
    assert_eq!(Region::EuWest.to_string(), "eu-west");
    assert_eq!(format!("{:<9}|", Region::EuWest), "eu-west  |");
    assert_eq!(Region::Retired.to_string(), "retired");
    assert_eq!(Region::UsEast.as_ref(), "us-east");
    fn takes(text: impl AsRef<str>) -> usize {
        text.as_ref().len()
    }
    assert_eq!(takes(Region::EuWest), 7);
}

// ---- a long list: the look-up narrowed by length, then by a byte --------

/// More than 64 accepted values of several byte lengths: `from_wire_value`
/// takes the arms of the value's length, then of one byte, before it
/// compares strings. Each value and alias (an alias may be of another
/// length than its value, or of one no value has) finds its own variant; a
/// near-miss, a prefix, a longer string and a length no value has find none.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Animal {
    #[elicit(alias = "rf", alias = "the-red-fox-of-the-north")]
    RedFox,
    RedOwl,
    RedBear,
    RedWolf,
    RedHawk,
    RedLynx,
    RedOtter,
    RedRaven,
    RedHeron,
    RedBadger,
    RedFalcon,
    RedMarten,
    RedBeaver,
    RedBison,
    RedCrane,
    RedEagle,
    RedFerret,
    RedGecko,
    RedIbis,
    RedJackal,
    RedKoala,
    RedLemur,
    RedMoose,
    RedNewt,
    BlueFox,
    #[elicit(alias = "owl")]
    BlueOwl,
    BlueBear,
    BlueWolf,
    BlueHawk,
    BlueLynx,
    BlueOtter,
    BlueRaven,
    BlueHeron,
    BlueBadger,
    BlueFalcon,
    BlueMarten,
    BlueBeaver,
    BlueBison,
    BlueCrane,
    BlueEagle,
    BlueFerret,
    BlueGecko,
    BlueIbis,
    BlueJackal,
    BlueKoala,
    BlueLemur,
    BlueMoose,
    BlueNewt,
    GreenFox,
    GreenOwl,
    GreenBear,
    GreenWolf,
    GreenHawk,
    GreenLynx,
    GreenOtter,
    GreenRaven,
    GreenHeron,
    GreenBadger,
    GreenFalcon,
    GreenMarten,
    GreenBeaver,
    GreenBison,
    GreenCrane,
    GreenEagle,
    GreenFerret,
    GreenGecko,
    GreenIbis,
    GreenJackal,
    GreenKoala,
    GreenLemur,
    GreenMoose,
    #[elicit(rename = "x")]
    GreenNewt,
}

#[test]
fn a_long_list_finds_every_value_and_alias_and_nothing_else() {
    let variants: Vec<_> = Animal::variants().collect();
    assert_eq!(variants.len(), 72);
    for (variant, option) in variants {
        let value = option.value();
        assert_eq!(Animal::from_wire_value(value), Some(variant), "{value}");
        assert_eq!(Animal::parse(value).ok(), Some(variant), "{value}");
    }
    for (alias, variant) in [
        ("rf", Animal::RedFox),
        ("the-red-fox-of-the-north", Animal::RedFox),
        ("owl", Animal::BlueOwl),
        ("x", Animal::GreenNewt),
    ] {
        assert_eq!(Animal::from_wire_value(alias), Some(variant), "{alias}");
    }
    for miss in [
        "red-foy",
        "red-fo",
        "red-fox-",
        "Red-fox",
        "",
        "y",
        "rg",
        "green-newt",
        "blue-owl ",
        "the-red-fox-of-the-nortH",
        "a-length-no-value-has-at-all",
    ] {
        assert_eq!(Animal::from_wire_value(miss), None, "{miss}");
    }
}
