//! Run-time rejections of what a client sends back: single-select values,
//! multi-select arrays and whole `ElicitResult`s. Every rejection is checked
//! for its exact variant (with every field) and its exact message.

use enum_schema::{
    error::JsonType, ElicitAction, ElicitEnum, Error, ErrorKind, Form, MultiSelectField, Optional,
};
use serde_json::{json, Value};

// A titled enum with aliases and a skipped variant (plain comments: a doc
// comment would become the schema's description).
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Fruit {
    #[elicit(title = "Apple", alias = "pomme", alias = "apfel")]
    Apple,
    #[elicit(title = "Banana")]
    Banana,
    #[elicit(title = "Cherry")]
    Cherry,
    #[elicit(skip)]
    Durian,
}

// An untitled enum whose alias and skip come from serde's attributes.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Size {
    Small,
    #[serde(alias = "med")]
    Medium,
    ExtraLarge,
    #[serde(skip)]
    Hidden,
}

const FRUITS: &str = r#"expected one of "apple", "banana", "cherry""#;
const SIZES: &str = r#"expected one of "small", "medium", "extra-large""#;

/// The error of `kind`, naming `field` if there is one.
fn in_field(kind: ErrorKind, field: Option<&'static str>) -> Error {
    match field {
        Some(field) => Error::from(kind).in_field(field),
        None => Error::from(kind),
    }
}

fn invalid_value(field: Option<&'static str>, value: &str) -> Error {
    let kind = ErrorKind::InvalidValue {
        value: value.into(),
        allowed: Fruit::OPTIONS.into(),
    };
    in_field(kind, field)
}

fn type_mismatch(field: Option<&'static str>, expected: JsonType, found: Value) -> Error {
    in_field(ErrorKind::TypeMismatch { expected, found }, field)
}

fn items(values: &[Value]) -> Vec<Value> {
    values.to_vec()
}

/// Asserts the exact error and its exact message.
#[track_caller]
fn assert_error<T: std::fmt::Debug>(result: Result<T, Error>, expected: Error, message: &str) {
    let error = result.expect_err("expected a rejection");
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

// ---------------------------------------------------------------------------
// Single-select
// ---------------------------------------------------------------------------

#[test]
fn single_number_where_a_string_belongs() {
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!(1)),
        type_mismatch(None, JsonType::String, json!(1)),
        "wrong type: expected a string, found a number (1)",
    );
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!(2.5)),
        type_mismatch(None, JsonType::String, json!(2.5)),
        "wrong type: expected a string, found a number (2.5)",
    );
}

#[test]
fn single_boolean_where_a_string_belongs() {
    assert_error(
        Fruit::parse_value(json!(true)),
        type_mismatch(None, JsonType::String, json!(true)),
        "wrong type: expected a string, found a boolean (true)",
    );
}

#[test]
fn single_null_where_a_string_belongs() {
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(Value::Null),
        type_mismatch(None, JsonType::String, Value::Null),
        "wrong type: expected a string, found null",
    );
}

#[test]
fn single_object_where_a_string_belongs() {
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!({"value": "apple"})),
        type_mismatch(None, JsonType::String, json!({"value": "apple"})),
        r#"wrong type: expected a string, found an object ({"value":"apple"})"#,
    );
}

#[test]
fn single_array_where_a_string_belongs() {
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!(["apple"])),
        type_mismatch(None, JsonType::String, json!(["apple"])),
        r#"wrong type: expected a string, found an array (["apple"]); a single-select answer is one string"#,
    );
}

#[test]
fn single_long_value_is_quoted_short_but_kept_whole() {
    let long: Vec<Value> = (0..40).map(|i| json!(format!("v{i}"))).collect();
    let found = Value::Array(long);
    let text = found.to_string();
    let quoted: String = text.chars().take(80).collect();
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(found.clone()),
        type_mismatch(None, JsonType::String, found),
        &format!(
            "wrong type: expected a string, found an array ({quoted}…); a single-select answer is one string"
        ),
    );
}

#[test]
fn single_title_instead_of_value_says_so() {
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!("Banana")),
        invalid_value(None, "Banana"),
        &format!(
            r#"invalid value "Banana": the client sent the title of option "banana" instead of its value; {FRUITS}"#
        ),
    );
    // the same through ElicitEnum::parse on a &str, whose borrowed error
    // becomes the same Error
    assert_error(
        Fruit::parse("Cherry").map_err(Error::from),
        invalid_value(None, "Cherry"),
        &format!(
            r#"invalid value "Cherry": the client sent the title of option "cherry" instead of its value; {FRUITS}"#
        ),
    );
}

#[test]
fn single_other_case_or_unknown_value() {
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!("APPLE")),
        invalid_value(None, "APPLE"),
        &format!(r#"invalid value "APPLE": {FRUITS}"#),
    );
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!("")),
        invalid_value(None, ""),
        &format!(r#"invalid value "": {FRUITS}"#),
    );
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!(" apple")),
        invalid_value(None, " apple"),
        &format!(r#"invalid value " apple": {FRUITS}"#),
    );
}

#[test]
fn single_aliases_are_accepted_but_not_offered() {
    assert_eq!(
        Fruit::SINGLE_SELECT.parse_value(json!("pomme")),
        Ok(Fruit::Apple)
    );
    assert_eq!(
        Fruit::SINGLE_SELECT.parse_value(json!("apfel")),
        Ok(Fruit::Apple)
    );
    assert_eq!(Fruit::parse("apple"), Ok(Fruit::Apple));
    assert_eq!(
        Size::SINGLE_SELECT.parse_value(json!("med")),
        Ok(Size::Medium)
    );
    assert_eq!(
        Size::SINGLE_SELECT.parse_value(json!("extra-large")),
        Ok(Size::ExtraLarge)
    );
    // serde agrees on the alias
    assert_eq!(
        serde_json::from_value::<Size>(json!("med")).unwrap(),
        Size::Medium
    );
    assert_eq!(
        serde_json::to_value(Fruit::SINGLE_SELECT).unwrap(),
        json!({
            "type": "string",
            "oneOf": [
                {"const": "apple", "title": "Apple"},
                {"const": "banana", "title": "Banana"},
                {"const": "cherry", "title": "Cherry"}
            ]
        })
    );
    assert_eq!(
        serde_json::to_value(Size::SINGLE_SELECT).unwrap(),
        json!({"type": "string", "enum": ["small", "medium", "extra-large"]})
    );
}

#[test]
fn single_skipped_variants_are_rejected() {
    assert_eq!(Fruit::Durian.value(), "durian");
    assert_eq!(Fruit::Durian.option_index(), None);
    assert_eq!(Fruit::from_wire_value("durian"), None);
    assert_error(
        Fruit::SINGLE_SELECT.parse_value(json!("durian")),
        invalid_value(None, "durian"),
        &format!(r#"invalid value "durian": {FRUITS}"#),
    );
    assert_eq!(Size::Hidden.value(), "hidden");
    assert_error(
        Size::SINGLE_SELECT.parse_value(json!("hidden")),
        Error::from(ErrorKind::InvalidValue {
            value: "hidden".into(),
            allowed: Size::OPTIONS.into(),
        }),
        &format!(r#"invalid value "hidden": {SIZES}"#),
    );
}

// ---------------------------------------------------------------------------
// Multi-select
// ---------------------------------------------------------------------------

#[test]
fn multi_string_where_an_array_belongs() {
    assert_error(
        Fruit::MULTI_SELECT.parse_value(json!("apple")),
        type_mismatch(None, JsonType::Array, json!("apple")),
        r#"wrong type: expected an array, found a string ("apple"); a multi-select answer is an array of strings"#,
    );
}

#[test]
fn multi_number_null_object_where_an_array_belongs() {
    assert_error(
        Fruit::MULTI_SELECT.parse_value(json!(3)),
        type_mismatch(None, JsonType::Array, json!(3)),
        "wrong type: expected an array, found a number (3)",
    );
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Null),
        type_mismatch(None, JsonType::Array, Value::Null),
        "wrong type: expected an array, found null",
    );
    assert_error(
        Fruit::MULTI_SELECT.parse_value(json!({"0": "apple"})),
        type_mismatch(None, JsonType::Array, json!({"0": "apple"})),
        r#"wrong type: expected an array, found an object ({"0":"apple"})"#,
    );
}

#[test]
fn multi_element_that_is_not_a_string() {
    let sent = items(&[json!("apple"), json!(1)]);
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::InvalidItem {
            index: 1,
            items: sent,
            allowed: Fruit::OPTIONS.into(),
        }),
        &format!("invalid item at index 1: expected a string, found a number (1); {FRUITS}"),
    );
    let sent = items(&[Value::Null]);
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::InvalidItem {
            index: 0,
            items: sent,
            allowed: Fruit::OPTIONS.into(),
        }),
        &format!("invalid item at index 0: expected a string, found null; {FRUITS}"),
    );
    let sent = items(&[json!("banana"), json!(["apple"])]);
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::InvalidItem {
            index: 1,
            items: sent,
            allowed: Fruit::OPTIONS.into(),
        }),
        &format!(
            r#"invalid item at index 1: expected a string, found an array (["apple"]); {FRUITS}"#
        ),
    );
}

#[test]
fn multi_title_instead_of_value_says_so() {
    let sent = items(&[json!("cherry"), json!("Banana")]);
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::InvalidItem {
            index: 1,
            items: sent,
            allowed: Fruit::OPTIONS.into(),
        }),
        &format!(
            r#"invalid item at index 1: "Banana" is not an option; the client sent the title of option "banana" instead of its value; {FRUITS}"#
        ),
    );
}

#[test]
fn multi_skipped_variant_is_rejected() {
    let sent = items(&[json!("durian")]);
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::InvalidItem {
            index: 0,
            items: sent,
            allowed: Fruit::OPTIONS.into(),
        }),
        &format!(r#"invalid item at index 0: "durian" is not an option; {FRUITS}"#),
    );
}

#[test]
fn multi_duplicate_through_an_alias() {
    let sent = items(&[json!("apple"), json!("banana"), json!("pomme")]);
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::DuplicateItem {
            index: 2,
            items: sent,
        }),
        r#"duplicate item at index 2: "pomme" names an option that is already selected"#,
    );
    let sent = items(&[json!("med"), json!("medium")]);
    assert_error(
        Size::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: sent,
        }),
        r#"duplicate item at index 1: "medium" names an option that is already selected"#,
    );
}

#[test]
fn multi_plain_duplicate() {
    let sent = items(&[json!("banana"), json!("banana")]);
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: sent,
        }),
        r#"duplicate item at index 1: "banana" names an option that is already selected"#,
    );
}

/// Duplicates first, then the count: a million copies of one option is
/// one option picked again and again, refused at its first repeat (the
/// work stays bounded by the options), not "1000000 picked".
#[test]
fn multi_huge_array_with_max_items_is_a_duplicate() {
    const AT_MOST_TWO: MultiSelectField<Fruit> = Fruit::MULTI_SELECT.with_max_items(2);
    let sent: Vec<Value> = vec![json!("apple"); 1_000_000];
    assert_error(
        AT_MOST_TWO.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: sent,
        }),
        r#"duplicate item at index 1: "apple" names an option that is already selected"#,
    );
}

/// Issue 45: `["apple","apple","apple"]` with `maxItems: 2` picked one
/// option, not three: the duplicate is what the person must mend, and the
/// count is checked only on an array of distinct options (a fourth
/// distinct option is too many).
#[test]
fn multi_duplicates_are_refused_before_the_count() {
    const AT_MOST_TWO: MultiSelectField<Fruit> = Fruit::MULTI_SELECT.with_max_items(2);
    let sent = items(&[json!("apple"), json!("apple"), json!("apple")]);
    assert_error(
        AT_MOST_TWO.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: sent,
        }),
        r#"duplicate item at index 1: "apple" names an option that is already selected"#,
    );
    // With a minimum, the same: two copies of one option are a duplicate,
    // not "one picked".
    const AT_LEAST_TWO: MultiSelectField<Fruit> = Fruit::MULTI_SELECT.with_min_items(2);
    let sent = items(&[json!("apple"), json!("apple")]);
    assert_error(
        AT_LEAST_TWO.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: sent,
        }),
        r#"duplicate item at index 1: "apple" names an option that is already selected"#,
    );
    // Distinct options past the bound are too many; an element that is no
    // option is named before the count too.
    let sent = items(&[json!("apple"), json!("banana"), json!("cherry")]);
    assert_error(
        AT_MOST_TWO.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::TooManyItems {
            max: 2,
            items: sent,
        }),
        "too many items: selected 3, at most 2 allowed",
    );
    let sent = items(&[json!("apple"), json!("banana"), json!("kiwi")]);
    assert!(matches!(
        AT_MOST_TWO
            .parse_value(Value::Array(sent))
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidItem { index: 2, .. }
    ));
    // The wire model and a peer's schema check the same way.
    let schema = enum_schema::schema::MultiSelectSchema::new(["login", "sso", "mfa"])
        .unwrap()
        .with_items(None, Some(2))
        .unwrap();
    let sent = items(&[json!("login"), json!("login"), json!("login")]);
    assert_eq!(
        schema.check(Value::Array(sent.clone())),
        Err(Error::from(ErrorKind::DuplicateItem {
            index: 1,
            items: sent,
        })),
    );
}

/// Without `maxItems`, a huge array still fails within the first
/// `options + 1` elements: once every option is taken, the next element is
/// a duplicate. The index shows how far parsing went (no timing needed).
#[test]
fn multi_huge_array_without_max_items_stops_at_the_first_repeat() {
    let options = Fruit::OPTIONS.len();
    assert_eq!(options, 3);
    let sent: Vec<Value> = (0..1_000_000)
        .map(|i| json!(Fruit::OPTIONS[i % options].value()))
        .collect();
    assert_error(
        Fruit::MULTI_SELECT.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::DuplicateItem {
            index: options,
            items: sent,
        }),
        r#"duplicate item at index 3: "apple" names an option that is already selected"#,
    );
}

#[test]
fn multi_keeps_the_order_sent() {
    assert_eq!(
        Fruit::MULTI_SELECT.parse_value(json!(["cherry", "pomme", "banana"])),
        Ok(vec![Fruit::Cherry, Fruit::Apple, Fruit::Banana])
    );
    assert_eq!(
        Size::MULTI_SELECT.parse_value(json!(["extra-large", "small"])),
        Ok(vec![Size::ExtraLarge, Size::Small])
    );
    assert_eq!(Fruit::MULTI_SELECT.parse_value(json!([])), Ok(vec![]));
}

#[test]
fn multi_bounds() {
    const ONE_OR_TWO: MultiSelectField<Size> =
        Size::MULTI_SELECT.with_min_items(1).with_max_items(2);
    assert_error(
        ONE_OR_TWO.parse_value(json!([])),
        Error::from(ErrorKind::TooFewItems {
            min: 1,
            items: vec![],
        }),
        "too few items: selected 0, at least 1 required",
    );
    let sent = items(&[json!("small"), json!("medium"), json!("extra-large")]);
    assert_error(
        ONE_OR_TWO.parse_value(Value::Array(sent.clone())),
        Error::from(ErrorKind::TooManyItems {
            max: 2,
            items: sent,
        }),
        "too many items: selected 3, at most 2 allowed",
    );
    assert_eq!(
        ONE_OR_TWO.parse_value(json!(["med"])),
        Ok(vec![Size::Medium])
    );
}

// ---------------------------------------------------------------------------
// Whole results
// ---------------------------------------------------------------------------

type FruitForm = Form<(
    (&'static str, enum_schema::SingleSelectField<Fruit>),
    (&'static str, MultiSelectField<Size>),
)>;

fn fruit_form() -> FruitForm {
    Form::new((
        ("fruit", Fruit::SINGLE_SELECT),
        (
            "sizes",
            Size::MULTI_SELECT.with_min_items(1).with_max_items(2),
        ),
    ))
}

#[test]
fn form_accepts_aliases_and_keeps_order() {
    let result =
        json!({"action": "accept", "content": {"fruit": "apfel", "sizes": ["extra-large", "med"]}});
    assert_eq!(
        fruit_form().parse_result(result),
        Ok(ElicitAction::Accept((
            Fruit::Apple,
            vec![Size::ExtraLarge, Size::Medium]
        )))
    );
}

#[test]
fn form_errors_name_the_field() {
    let result = json!({"action": "accept", "content": {"fruit": "Apple", "sizes": ["small"]}});
    assert_error(
        fruit_form().parse_result(result),
        invalid_value(Some("fruit"), "Apple"),
        &format!(
            r#"field `fruit`: invalid value "Apple": the client sent the title of option "apple" instead of its value; {FRUITS}"#
        ),
    );
    let result = json!({"action": "accept", "content": {"fruit": "apple", "sizes": "small"}});
    assert_error(
        fruit_form().parse_result(result),
        type_mismatch(Some("sizes"), JsonType::Array, json!("small")),
        r#"field `sizes`: wrong type: expected an array, found a string ("small"); a multi-select answer is an array of strings"#,
    );
}

#[test]
fn result_that_is_not_an_object() {
    for (found, shown) in [
        (json!([1]), "[1]"),
        (json!("accept"), r#""accept""#),
        (Value::Null, "null"),
    ] {
        assert_error(
            fruit_form().parse_result(found.clone()),
            Error::from(ErrorKind::MalformedResult {
                reason: "an ElicitResult must be a JSON object".into(),
                found: Some(found),
            }),
            &format!(
                "malformed ElicitResult: an ElicitResult must be a JSON object (found {shown})"
            ),
        );
    }
}

#[test]
fn content_that_is_not_an_object() {
    for (found, shown) in [
        (json!("apple"), r#""apple""#),
        (json!([{"fruit": "apple"}]), r#"[{"fruit":"apple"}]"#),
        (Value::Null, "null"),
    ] {
        let result = json!({"action": "accept", "content": found});
        assert_error(
            fruit_form().parse_result(result),
            Error::from(ErrorKind::MalformedResult {
                reason: "`content` must be a JSON object".into(),
                found: Some(found),
            }),
            &format!("malformed ElicitResult: `content` must be a JSON object (found {shown})"),
        );
    }
    // the content of a decline or cancel is never looked at
    assert_eq!(
        fruit_form().parse_result(json!({"action": "decline", "content": "junk"})),
        Ok(ElicitAction::Decline)
    );
    assert_eq!(
        fruit_form().parse_result(json!({"action": "cancel", "content": [1, 2]})),
        Ok(ElicitAction::Cancel)
    );
}

#[test]
fn result_text_that_is_not_json() {
    let text = r#"{"action": "accept", "content": {"fruit": "apple""#;
    let serde_error = serde_json::from_str::<Value>(text).unwrap_err().to_string();
    assert_eq!(
        serde_error,
        "EOF while parsing an object at line 1 column 49"
    );
    assert_error(
        fruit_form().parse_result_str(text),
        Error::from(ErrorKind::MalformedResult {
            reason: format!("not JSON: {serde_error}").into(),
            found: None,
        }),
        "malformed ElicitResult: not JSON: EOF while parsing an object at line 1 column 49",
    );
    assert_error(
        fruit_form().parse_result_str(""),
        Error::from(ErrorKind::MalformedResult {
            reason: "not JSON: EOF while parsing a value at line 1 column 0".into(),
            found: None,
        }),
        "malformed ElicitResult: not JSON: EOF while parsing a value at line 1 column 0",
    );
    // valid text parses as the value would
    assert_eq!(
        fruit_form().parse_result_str(
            r#"{"action":"accept","content":{"fruit":"banana","sizes":["small"]}}"#
        ),
        Ok(ElicitAction::Accept((Fruit::Banana, vec![Size::Small])))
    );
}

#[test]
fn result_without_action() {
    assert_error(
        fruit_form().parse_result(json!({"content": {"fruit": "apple", "sizes": ["small"]}})),
        Error::from(ErrorKind::MissingAction {
            found: json!({"content": {"fruit": "apple", "sizes": ["small"]}}),
        }),
        r#"malformed ElicitResult: missing `action` (found {"content":{"fruit":"apple","sizes":["small"]}})"#,
    );
    assert_error(
        fruit_form().parse_result(json!({})),
        Error::from(ErrorKind::MissingAction { found: json!({}) }),
        "malformed ElicitResult: missing `action` (found {})",
    );
}

#[test]
fn result_with_an_unknown_action() {
    for (action, shown) in [
        (json!("ACCEPT"), r#""ACCEPT""#),
        (json!("approve"), r#""approve""#),
        (json!(1), "1"),
        (Value::Null, "null"),
        (json!({"type": "accept"}), r#"{"type":"accept"}"#),
    ] {
        let result = json!({"action": action, "content": {"fruit": "apple", "sizes": ["small"]}});
        assert_error(
            fruit_form().parse_result(result),
            Error::from(ErrorKind::UnknownAction { action }),
            &format!(r#"unknown action {shown}: expected "accept", "decline" or "cancel""#),
        );
    }
}

#[test]
fn two_bad_fields_are_reported_together_in_field_order() {
    // content keys in the other order, to show the order is the form's
    let result = json!({
        "action": "accept",
        "content": {"sizes": ["small", "medium", "extra-large"], "fruit": "kiwi"}
    });
    assert_error(
        fruit_form().parse_result(result),
        Error::from(ErrorKind::Multiple(vec![
            invalid_value(Some("fruit"), "kiwi"),
            Error::from(ErrorKind::TooManyItems {
                max: 2,
                items: items(&[json!("small"), json!("medium"), json!("extra-large")]),
            })
            .in_field("sizes"),
        ])),
        &format!(
            r#"2 fields rejected: field `fruit`: invalid value "kiwi": {FRUITS}; field `sizes`: too many items: selected 3, at most 2 allowed"#
        ),
    );
}

#[test]
fn missing_and_bad_fields_are_reported_together() {
    let form = Form::new((
        ("first", Fruit::SINGLE_SELECT),
        ("second", Size::SINGLE_SELECT),
        ("third", Fruit::MULTI_SELECT),
    ));
    let result = json!({"action": "accept", "content": {"second": 5, "third": ["apple", "apple"]}});
    let error = form.parse_result(result).unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::Multiple(vec![
            Error::from(ErrorKind::MissingField).in_field("first"),
            type_mismatch(Some("second"), JsonType::String, json!(5)),
            Error::from(ErrorKind::DuplicateItem {
                index: 1,
                items: items(&[json!("apple"), json!("apple")]),
            })
            .in_field("third"),
        ]))
    );
    assert_eq!(
        error.to_string(),
        r#"3 fields rejected: field `first`: missing value for a required field; field `second`: wrong type: expected a string, found a number (5); field `third`: duplicate item at index 1: "apple" names an option that is already selected"#
    );
    assert_eq!(
        error.iter().map(Error::field).collect::<Vec<_>>(),
        [Some("first"), Some("second"), Some("third")]
    );
    assert_eq!(error.field(), None);
}

#[test]
fn optional_field_given_null_is_left_out() {
    let form = Form::new((
        ("fruit", Fruit::SINGLE_SELECT),
        ("extra", Optional::new(Fruit::SINGLE_SELECT)),
    ));
    let result = json!({"action": "accept", "content": {"fruit": "apple", "extra": null}});
    assert_eq!(
        form.parse_result(result),
        Ok(ElicitAction::Accept((Fruit::Apple, None)))
    );
    // a required field's null is a type mismatch
    let result = json!({"action": "accept", "content": {"fruit": null}});
    assert_error(
        form.parse_result(result),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: Value::Null,
        })
        .in_field("fruit"),
        "field `fruit`: wrong type: expected a string, found null",
    );
    // absent is None, present is Some
    assert_eq!(
        form.parse_result(json!({"action": "accept", "content": {"fruit": "apple"}})),
        Ok(ElicitAction::Accept((Fruit::Apple, None)))
    );
    assert_eq!(
        form.parse_result(
            json!({"action": "accept", "content": {"fruit": "apple", "extra": "pomme"}})
        ),
        Ok(ElicitAction::Accept((Fruit::Apple, Some(Fruit::Apple))))
    );
}

#[test]
fn optional_multi_field_given_null_is_left_out() {
    let form = Form::new((("sizes", Optional::new(Size::MULTI_SELECT)),));
    assert_eq!(
        form.parse_result(json!({"action": "accept", "content": {"sizes": null}})),
        Ok(ElicitAction::Accept((None,)))
    );
    assert_eq!(
        form.parse_result(json!({"action": "accept", "content": {}})),
        Ok(ElicitAction::Accept((None,)))
    );
    assert_eq!(
        form.parse_result(json!({"action": "accept", "content": {"sizes": []}})),
        Ok(ElicitAction::Accept((Some(vec![]),)))
    );
}

#[test]
#[should_panic(expected = "two form fields are named `fruit`")]
fn a_form_with_two_fields_of_the_same_name_panics() {
    let _ = Form::new((
        ("fruit", Fruit::SINGLE_SELECT),
        ("fruit", Optional::new(Fruit::SINGLE_SELECT)),
    ));
}

// Fourteen options: a message lists twelve and says how many more.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Letter {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
}

#[test]
fn long_option_lists_are_cut_in_messages_but_kept_in_errors() {
    let miss = Letter::parse("z").unwrap_err();
    assert_eq!((miss.value(), miss.allowed()), ("z", Letter::OPTIONS));
    assert_eq!(
        miss.to_string(),
        r#"invalid value "z": expected one of "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l" and 2 more"#
    );
    let error = Error::from(miss);
    assert_eq!(
        error,
        Error::from(ErrorKind::InvalidValue {
            value: "z".into(),
            allowed: Letter::OPTIONS.into(),
        })
    );
    assert_eq!(
        error.to_string(),
        r#"invalid value "z": expected one of "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l" and 2 more"#
    );
    assert_eq!(Letter::parse("n"), Ok(Letter::N));
}

#[test]
fn values_are_escaped_once_in_messages() {
    let sent = "x\"\ny";
    let error = Error::from(Fruit::parse(sent).unwrap_err());
    assert_eq!(error, invalid_value(None, sent));
    assert_eq!(
        error.to_string(),
        format!(r#"invalid value "x\"\ny": {FRUITS}"#)
    );
    assert!(!error.to_string().contains('\n'));
}

/// JSON parsers disagree on which of two equal keys wins, so an answer that
/// names a key twice is refused rather than resolved.
#[test]
fn result_text_with_a_key_given_twice_is_refused() {
    let form = fruit_form();
    let error = form
        .parse_result_str(r#"{"action":"accept","action":"decline","content":{}}"#)
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"malformed ElicitResult: not JSON: the key "action" appears twice in one object at line 1 column 27"#
    );
    let error = form
        .parse_result_str(
            r#"{"action":"accept","content":{"fruit":"nope","fruit":"apple","sizes":[]}}"#,
        )
        .unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::MalformedResult { found: None, .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        r#"malformed ElicitResult: not JSON: the key "fruit" appears twice in one object at line 1 column 52"#
    );
}

/// What a client or a server's options put into a message is cut short,
/// and a name cannot reorder the text around it.
#[test]
fn messages_stay_bounded_and_readable() {
    let long = "k".repeat(100_000);
    let text = format!(r#"{{"action":"accept","content":{{"{long}":1,"{long}":2}}}}"#);
    let message = enum_schema::Form::new((("a", enum_schema::BooleanField::new()),))
        .parse_result_str(&text)
        .unwrap_err()
        .to_string();
    assert!(message.len() < 300, "{} bytes", message.len());
    assert!(
        message.contains(&format!("the key \"{}\"… appears twice", "k".repeat(80))),
        "{message}"
    );

    let options: Vec<String> = (0..3)
        .map(|i| format!("{i}{}", "v".repeat(100_000)))
        .collect();
    let select = enum_schema::schema::SingleSelectSchema::new(
        options
            .iter()
            .map(|value| (value.clone(), format!("title {value}"))),
    )
    .unwrap();
    let title = format!("title {}", options[1]);
    let message = select.parse_value(json!(title)).unwrap_err().to_string();
    assert!(message.len() < 1_000, "{} bytes", message.len());

    let schema = enum_schema::schema::RequestedSchema::from_json(&json!({
        "type": "object",
        "properties": {"a\u{202e}gpj.exe": {"type": "boolean"}},
        "required": ["a\u{202e}gpj.exe"],
    }))
    .unwrap();
    let message = schema
        .check_content(serde_json::Map::new())
        .unwrap_err()
        .to_string();
    assert!(!message.contains('\u{202e}'), "{message}");
    assert!(message.contains(r"a\u{202e}gpj.exe"), "{message}");

    // A received JSON value quoted in a message: bidirectional controls as
    // JSON escapes.
    let error = enum_schema::schema::RequestedSchema::default()
        .parse_result(json!({"action": "accept\u{202e}"}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"unknown action "accept\u202e": expected "accept", "decline" or "cancel""#
    );
}
