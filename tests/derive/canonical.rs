//! The canonical JSON the derive writes when the server compiles is,
//! byte for byte, what the runtime serializers write: on every shape, with
//! every optional key, and with strings that need escaping.

use std::borrow::Cow;

use enum_schema::{ElicitEnum, MultiSelectField, SingleSelectField};

/// Asserts that both schemas of `T` come precomputed and equal to their
/// serialization.
fn assert_canonical<T: ElicitEnum>() {
    let single = T::SINGLE_SELECT.to_json();
    assert!(
        matches!(single, Cow::Borrowed(_)),
        "not precomputed: {single}"
    );
    assert_eq!(single, serde_json::to_string(&T::SINGLE_SELECT).unwrap());
    let multi = T::MULTI_SELECT.to_json();
    assert!(
        matches!(multi, Cow::Borrowed(_)),
        "not precomputed: {multi}"
    );
    assert_eq!(multi, serde_json::to_string(&T::MULTI_SELECT).unwrap());
}

#[derive(ElicitEnum)]
enum Untitled {
    Alpha,
    Beta,
}

/// Documented, titled, with every key.
#[derive(ElicitEnum)]
#[elicit(
    title = "Pick \"one\"",
    rename_all = "kebab-case",
    default = SecondOne,
    min_items = 1,
    max_items = 2,
    default_items = [FirstOne]
)]
enum Titled {
    #[elicit(title = "First\tone\\")]
    FirstOne,
    #[elicit(title = "Zweite – 日本語 🚀")]
    SecondOne,
    #[elicit(title = "Bell \u{7} and \u{1f}")]
    Third,
    #[allow(dead_code)]
    #[elicit(skip)]
    Hidden,
}

#[derive(ElicitEnum)]
#[elicit(legacy, description = "Line one\nline two", default = "en")]
enum Legacy {
    #[elicit(rename = "en", title = "English")]
    English,
    #[elicit(rename = "de", title = "Deutsch")]
    German,
}

#[derive(ElicitEnum)]
#[allow(non_camel_case_types)]
enum Raw {
    r#type,
    #[elicit(rename = "with \"quotes\" and \\ slash")]
    Quoted,
}

#[test]
fn precomputed_json_is_the_serialized_json() {
    assert_canonical::<Untitled>();
    assert_canonical::<Titled>();
    assert_canonical::<Legacy>();
    assert_canonical::<Raw>();
    assert_eq!(
        Untitled::SINGLE_SELECT.to_json(),
        r#"{"type":"string","enum":["Alpha","Beta"]}"#
    );
}

/// Any builder call drops the precomputed text: what goes out is always
/// the schema as changed.
#[test]
fn builders_serialize_the_changed_schema() {
    const RETITLED: SingleSelectField<Titled> = Titled::SINGLE_SELECT.with_title("Other");
    let json = RETITLED.to_json();
    assert!(matches!(json, Cow::Owned(_)));
    assert_eq!(json, serde_json::to_string(&RETITLED).unwrap());
    assert!(json.contains(r#""title":"Other""#));

    const WIDER: MultiSelectField<Titled> = Titled::MULTI_SELECT.with_max_items(3);
    let json = WIDER.to_json();
    assert!(matches!(json, Cow::Owned(_)));
    assert!(json.contains(r#""maxItems":3"#), "{json}");
    assert!(matches!(
        Legacy::SINGLE_SELECT.with_legacy(false).to_json(),
        Cow::Owned(_)
    ));
}
