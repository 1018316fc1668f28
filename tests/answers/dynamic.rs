//! Selects built from options known only when the server runs
//! (`SingleSelectSchema::new`, `MultiSelectSchema::new`): the shapes they
//! produce for each revision, every construction error, every answer
//! error (the same as a derived enum's, checked side by side), their use
//! in a run-time `Form`, a 10,000-option round trip, and the opt-in
//! default (`FillDefault`, `#[elicit(fill_default)]`).
//!
//! Errors are checked twice: the exact value and its exact message.

use std::borrow::Cow;

use enum_schema::{
    error::JsonType,
    schema::{
        EnumOption, MultiSelectSchema, PrimitiveSchema, RequestedSchema, SchemaError,
        SingleSelectSchema,
    },
    BooleanField, Choice, ElicitAction, ElicitEnum, ElicitForm, ElicitFormWith, Error, ErrorKind,
    FillDefault, Form, NumberField, Optional, OwnedChoice, ProtocolVersion, StringField,
    VersionError,
};

#[cfg(feature = "ask")]
use enum_schema::ask::adapter::InputRequiredResult;
use serde_json::{json, Value};

fn wire<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).expect("a schema always serializes")
}

fn accept(content: Value) -> Value {
    json!({"action": "accept", "content": content})
}

/// `error` is `expected`, and says `message`.
#[track_caller]
fn assert_error<E: std::fmt::Debug + std::fmt::Display + PartialEq>(
    error: E,
    expected: E,
    message: &str,
) {
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

fn fruits() -> Vec<EnumOption> {
    vec![
        EnumOption::titled("apple", "Apple"),
        EnumOption::titled("banana", "Banana"),
        EnumOption::titled("cherry", "Sour cherry"),
    ]
}

// The same options, derived: answers must fare exactly alike.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Fruit {
    #[elicit(title = "Apple")]
    Apple,
    #[elicit(title = "Banana")]
    Banana,
    #[elicit(title = "Sour cherry")]
    Cherry,
}

// ---------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------

#[test]
fn untitled_single_select() {
    let select = SingleSelectSchema::new(["a.txt", "b.txt"])
        .unwrap()
        .with_title("File")
        .with_description("Pick one")
        .with_default_value("b.txt")
        .unwrap();
    assert_eq!(
        wire(&select),
        json!({
            "type": "string",
            "title": "File",
            "description": "Pick one",
            "enum": ["a.txt", "b.txt"],
            "default": "b.txt",
        })
    );
    assert!(!select.is_titled());
    assert_eq!(select.default_value(), Some("b.txt"));
}

#[test]
fn titled_single_select_from_pairs_of_owned_strings() {
    let users = vec![
        ("u1".to_owned(), "Ada".to_owned()),
        ("u2".to_owned(), "Grace".to_owned()),
    ];
    let select = SingleSelectSchema::new(users).unwrap();
    assert_eq!(
        wire(&select),
        json!({
            "type": "string",
            "oneOf": [{"const": "u1", "title": "Ada"}, {"const": "u2", "title": "Grace"}],
        })
    );
    // Serializes as a derived enum with the same options does.
    let fruit = SingleSelectSchema::new(fruits()).unwrap();
    assert_eq!(wire(&fruit), wire(Fruit::SINGLE_SELECT));
}

#[test]
fn a_title_on_some_options_makes_the_select_titled() {
    let options = vec![
        EnumOption::from("plain"),
        EnumOption::from(("fancy", "Fancy")),
    ];
    let select = SingleSelectSchema::new(options).unwrap();
    assert_eq!(
        wire(&select),
        json!({
            "type": "string",
            "oneOf": [{"const": "plain", "title": "plain"}, {"const": "fancy", "title": "Fancy"}],
        })
    );
}

#[test]
fn legacy_single_select() {
    let select = SingleSelectSchema::new(fruits()).unwrap().with_legacy(true);
    assert!(select.is_legacy());
    assert_eq!(
        wire(&select),
        json!({
            "type": "string",
            "enum": ["apple", "banana", "cherry"],
            "enumNames": ["Apple", "Banana", "Sour cherry"],
        })
    );
    assert_eq!(wire(&select), wire(Fruit::SINGLE_SELECT.with_legacy(true)));
}

#[test]
fn untitled_and_titled_multi_selects() {
    let untitled = MultiSelectSchema::new(["x", "y", "z"])
        .unwrap()
        .with_title("Tags")
        .with_description("Any two")
        .with_items(Some(1), Some(2))
        .unwrap()
        .with_default_values(["z"])
        .unwrap();
    assert_eq!(
        wire(&untitled),
        json!({
            "type": "array",
            "title": "Tags",
            "description": "Any two",
            "minItems": 1,
            "maxItems": 2,
            "items": {"type": "string", "enum": ["x", "y", "z"]},
            "default": ["z"],
        })
    );
    let titled = MultiSelectSchema::new(fruits()).unwrap();
    assert_eq!(
        wire(&titled),
        json!({
            "type": "array",
            "items": {"anyOf": [
                {"const": "apple", "title": "Apple"},
                {"const": "banana", "title": "Banana"},
                {"const": "cherry", "title": "Sour cherry"},
            ]},
        })
    );
    assert_eq!(wire(&titled), wire(Fruit::MULTI_SELECT));
}

#[test]
fn shaped_per_revision() {
    let single = PrimitiveSchema::from(
        SingleSelectSchema::new(fruits())
            .unwrap()
            .with_default_value("banana")
            .unwrap(),
    );
    // 2025-06-18: the legacy form, without the default it cannot carry.
    assert_eq!(
        wire(single.for_version(ProtocolVersion::V2025_06_18).unwrap()),
        json!({
            "type": "string",
            "enum": ["apple", "banana", "cherry"],
            "enumNames": ["Apple", "Banana", "Sour cherry"],
        })
    );
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        assert_eq!(single.for_version(version).unwrap(), single);
    }
    let multi = PrimitiveSchema::from(MultiSelectSchema::new(["a", "b"]).unwrap());
    assert_error(
        multi.for_version(ProtocolVersion::V2025_06_18).unwrap_err(),
        VersionError::NoMultiSelect {
            version: ProtocolVersion::V2025_06_18,
            property: None,
        },
        "protocol version 2025-06-18 has no multi-select (array) properties; they arrived in 2025-11-25 \
         (SEP-1330): ask with a single-select, or one boolean per option",
    );
    assert_eq!(
        multi.for_version(ProtocolVersion::V2025_11_25).unwrap(),
        multi
    );
}

#[test]
fn what_is_built_reads_back_as_a_peer_would() {
    let single = PrimitiveSchema::from(
        SingleSelectSchema::new(fruits())
            .unwrap()
            .with_default_value("cherry")
            .unwrap(),
    );
    let multi = PrimitiveSchema::from(
        MultiSelectSchema::new(["a", "b", "c"])
            .unwrap()
            .with_items(None, Some(5))
            .unwrap()
            .with_default_values(["c", "a"])
            .unwrap(),
    );
    for schema in [single, multi] {
        assert_eq!(PrimitiveSchema::from_json(&wire(&schema)).unwrap(), schema);
    }
}

// ---------------------------------------------------------------------------
// Construction errors
// ---------------------------------------------------------------------------

#[test]
fn an_empty_list_is_refused() {
    let none: [&'static str; 0] = [];
    assert_error(
        SingleSelectSchema::new(none).unwrap_err(),
        SchemaError::NoOptions,
        "the enum schema has no option",
    );
    assert_error(
        MultiSelectSchema::new(Vec::<String>::new()).unwrap_err(),
        SchemaError::NoOptions,
        "the enum schema has no option",
    );
}

#[test]
fn a_value_given_twice_is_refused_and_named() {
    assert_error(
        SingleSelectSchema::new(["a", "b", "b", "a"]).unwrap_err(),
        SchemaError::DuplicateValue { value: "b".into() },
        r#"two options have the value "b""#,
    );
    // Titles do not make two options with one value different.
    assert_error(
        MultiSelectSchema::new([("a", "One"), ("a", "Two")]).unwrap_err(),
        SchemaError::DuplicateValue { value: "a".into() },
        r#"two options have the value "a""#,
    );
}

#[test]
fn a_single_select_default_outside_the_list_is_refused_and_named() {
    let select = SingleSelectSchema::new(fruits()).unwrap();
    // A title is not a value.
    assert_error(
        select.clone().with_default_value("Apple").unwrap_err(),
        SchemaError::DefaultNotAnOption {
            default: "Apple".into(),
        },
        r#"the default "Apple" is not one of the options' values"#,
    );
    assert_eq!(select.default_value(), None);
}

#[test]
fn a_multi_select_default_outside_the_list_or_repeated_is_refused_and_named() {
    let select = MultiSelectSchema::new(["a", "b", "c"]).unwrap();
    assert_error(
        select.clone().with_default_values(["a", "d"]).unwrap_err(),
        SchemaError::DefaultNotAnOption {
            default: "d".into(),
        },
        r#"the default "d" is not one of the options' values"#,
    );
    assert_error(
        select
            .clone()
            .with_default_values(["b", "a", "b"])
            .unwrap_err(),
        SchemaError::DuplicateDefault { value: "b".into() },
        r#"the default names "b" twice"#,
    );
}

#[test]
fn impossible_bounds_are_refused() {
    let select = MultiSelectSchema::new(["a", "b", "c"]).unwrap();
    assert_error(
        select.clone().with_items(Some(3), Some(2)).unwrap_err(),
        SchemaError::BoundsInverted {
            keyword: "minItems",
        },
        "`minItems` is greater than its upper bound",
    );
    assert_error(
        select.clone().with_items(Some(4), None).unwrap_err(),
        SchemaError::MinItemsAboveOptions {
            min_items: 4,
            options: 3,
        },
        "`minItems` is 4 but there are only 3 options, so no answer fits",
    );
    // More allowed than there are options is possible: a list read at run
    // time may be shorter than the most a user may pick.
    let loose = select.with_items(Some(0), Some(10)).unwrap();
    assert_eq!((loose.min_items(), loose.max_items()), (Some(0), Some(10)));
}

#[test]
fn a_default_that_does_not_fit_the_bounds_is_refused_whichever_comes_first() {
    let select = MultiSelectSchema::new(["a", "b", "c"]).unwrap();
    assert_error(
        select
            .clone()
            .with_items(Some(2), Some(3))
            .unwrap()
            .with_default_values(["a"])
            .unwrap_err(),
        SchemaError::DefaultCount {
            count: 1,
            min_items: Some(2),
            max_items: Some(3),
        },
        "the default has 1 items, outside minItems 2 ..= maxItems 3",
    );
    assert_error(
        select
            .with_default_values(["a", "b"])
            .unwrap()
            .with_items(None, Some(1))
            .unwrap_err(),
        SchemaError::DefaultCount {
            count: 2,
            min_items: None,
            max_items: Some(1),
        },
        "the default has 2 items, outside maxItems 1",
    );
}

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

#[test]
fn a_single_answer_is_the_chosen_option_borrowed_from_the_list() {
    let select = SingleSelectSchema::new(fruits()).unwrap();
    let choice = select.parse_value(json!("banana")).unwrap();
    assert_eq!(choice.index(), 1);
    assert_eq!(choice.value(), "banana");
    assert_eq!(choice.title(), Some("Banana"));
    assert!(std::ptr::eq(choice.option(), &select.options()[1]));
    assert_eq!(select.check(json!("banana")), Ok("banana".to_owned()));
}

#[test]
fn single_answer_errors_are_a_derived_enums() {
    let select = SingleSelectSchema::new(fruits()).unwrap();
    let cases = [
        (
            json!("Sour cherry"),
            Error::from(ErrorKind::InvalidValue {
                value: "Sour cherry".into(),
                allowed: Cow::Owned(fruits()),
            }),
            r#"invalid value "Sour cherry": the client sent the title of option "cherry" instead of its value; expected one of "apple", "banana", "cherry""#,
        ),
        (
            json!("APPLE"),
            Error::from(ErrorKind::InvalidValue {
                value: "APPLE".into(),
                allowed: Cow::Owned(fruits()),
            }),
            r#"invalid value "APPLE": expected one of "apple", "banana", "cherry""#,
        ),
        (
            json!(0),
            Error::from(ErrorKind::TypeMismatch {
                expected: JsonType::String,
                found: json!(0),
            }),
            "wrong type: expected a string, found a number (0)",
        ),
        (
            json!(["apple"]),
            Error::from(ErrorKind::TypeMismatch {
                expected: JsonType::String,
                found: json!(["apple"]),
            }),
            r#"wrong type: expected a string, found an array (["apple"]); a single-select answer is one string"#,
        ),
    ];
    for (answer, expected, message) in cases {
        assert_error(
            select.parse_value(answer.clone()).unwrap_err(),
            expected,
            message,
        );
        assert_eq!(
            Fruit::SINGLE_SELECT
                .parse_value(answer)
                .unwrap_err()
                .to_string(),
            message,
            "the derived enum says the same"
        );
    }
}

#[test]
fn an_owned_choice_is_the_borrowed_one_copied() {
    let select = SingleSelectSchema::new(fruits()).unwrap();
    let choice = select.parse_value(json!("cherry")).unwrap();
    let owned = OwnedChoice::from(choice);
    assert_eq!(
        (owned.index(), owned.value(), owned.title()),
        (2, "cherry", Some("Sour cherry"))
    );
    assert_eq!(owned.option(), &EnumOption::titled("cherry", "Sour cherry"));
    assert_eq!(owned.as_choice(), choice);
    drop(select);
    assert_eq!(
        owned.into_option(),
        EnumOption::titled("cherry", "Sour cherry")
    );
}

#[test]
fn a_multi_answer_is_the_chosen_options_in_the_clients_order() {
    let select = MultiSelectSchema::new(fruits()).unwrap();
    let chosen = select.parse_value(json!(["cherry", "apple"])).unwrap();
    let got: Vec<(usize, &str)> = chosen.iter().map(|c| (c.index(), c.value())).collect();
    assert_eq!(got, [(2, "cherry"), (0, "apple")]);
    assert!(std::ptr::eq(chosen[0].option(), &select.options()[2]));
    assert_eq!(select.parse_value(json!([])), Ok(Vec::<Choice>::new()));
    assert_eq!(
        select.check(json!(["banana"])),
        Ok(vec!["banana".to_owned()])
    );
}

#[test]
fn multi_answer_errors_are_a_derived_enums() {
    let select = MultiSelectSchema::new(fruits())
        .unwrap()
        .with_items(Some(1), Some(2))
        .unwrap();
    let derived = Fruit::MULTI_SELECT.with_min_items(1).with_max_items(2);
    let cases = [
        (
            json!("apple"),
            Error::from(ErrorKind::TypeMismatch {
                expected: JsonType::Array,
                found: json!("apple"),
            }),
            r#"wrong type: expected an array, found a string ("apple"); a multi-select answer is an array of strings"#,
        ),
        (
            json!([]),
            Error::from(ErrorKind::TooFewItems {
                min: 1,
                items: vec![],
            }),
            "too few items: selected 0, at least 1 required",
        ),
        (
            json!(["apple", "banana", "cherry"]),
            Error::from(ErrorKind::TooManyItems {
                max: 2,
                items: vec![json!("apple"), json!("banana"), json!("cherry")],
            }),
            "too many items: selected 3, at most 2 allowed",
        ),
        (
            json!(["apple", "Banana"]),
            Error::from(ErrorKind::InvalidItem {
                index: 1,
                items: vec![json!("apple"), json!("Banana")],
                allowed: Cow::Owned(fruits()),
            }),
            r#"invalid item at index 1: "Banana" is not an option; the client sent the title of option "banana" instead of its value; expected one of "apple", "banana", "cherry""#,
        ),
        (
            json!([7]),
            Error::from(ErrorKind::InvalidItem {
                index: 0,
                items: vec![json!(7)],
                allowed: Cow::Owned(fruits()),
            }),
            r#"invalid item at index 0: expected a string, found a number (7); expected one of "apple", "banana", "cherry""#,
        ),
        (
            json!(["cherry", "cherry"]),
            Error::from(ErrorKind::DuplicateItem {
                index: 1,
                items: vec![json!("cherry"), json!("cherry")],
            }),
            r#"duplicate item at index 1: "cherry" names an option that is already selected"#,
        ),
    ];
    for (answer, expected, message) in cases {
        assert_error(
            select.parse_value(answer.clone()).unwrap_err(),
            expected,
            message,
        );
        assert_eq!(
            derived.parse_value(answer).unwrap_err().to_string(),
            message,
            "the derived enum says the same"
        );
    }
}

// ---------------------------------------------------------------------------
// In a run-time form
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Priority {
    Low,
    High,
}

#[test]
fn beside_derived_enums_and_primitives_in_a_form() {
    let reviewer = SingleSelectSchema::new([("u1", "Ada"), ("u2", "Grace")])
        .unwrap()
        .with_title("Reviewer");
    let labels = MultiSelectSchema::new(["bug", "docs"]).unwrap();
    let form = Form::new((
        ("reviewer", &reviewer),
        ("labels", Optional::new(&labels)),
        ("priority", Priority::SINGLE_SELECT),
        ("note", StringField::new().with_max_length(20)),
        ("urgent", BooleanField::new()),
    ));
    assert_eq!(
        wire(form.requested_schema()),
        json!({
            "type": "object",
            "properties": {
                "reviewer": {
                    "type": "string",
                    "title": "Reviewer",
                    "oneOf": [{"const": "u1", "title": "Ada"}, {"const": "u2", "title": "Grace"}],
                },
                "labels": {"type": "array", "items": {"type": "string", "enum": ["bug", "docs"]}},
                "priority": {"type": "string", "enum": ["low", "high"]},
                "note": {"type": "string", "maxLength": 20},
                "urgent": {"type": "boolean"},
            },
            "required": ["reviewer", "priority", "note", "urgent"],
        })
    );
    let answer = accept(json!({
        "reviewer": "u2", "labels": ["docs"], "priority": "high", "note": "ok", "urgent": false,
    }));
    let ElicitAction::Accept((who, labels_chosen, priority, note, urgent)) =
        form.parse_result(answer).unwrap()
    else {
        panic!("not an accept")
    };
    assert_eq!(
        (who.index(), who.value(), who.title()),
        (1, "u2", Some("Grace"))
    );
    let labels_chosen: Vec<&str> = labels_chosen.unwrap().iter().map(Choice::value).collect();
    assert_eq!(labels_chosen, ["docs"]);
    assert_eq!(
        (priority, note.as_str(), urgent),
        (Priority::High, "ok", false)
    );

    // Every failing field is named, the run-time ones too.
    let error = form
        .parse_result(accept(json!({
            "reviewer": "Ada", "labels": ["bug", "bug"], "priority": "low", "note": "", "urgent": true,
        })))
        .unwrap_err();
    assert_error(
        error,
        Error::from(ErrorKind::Multiple(vec![
            Error::from(ErrorKind::InvalidValue {
                value: "Ada".into(),
                allowed: Cow::Owned(vec![
                    EnumOption::titled("u1", "Ada"),
                    EnumOption::titled("u2", "Grace"),
                ]),
            })
            .in_field("reviewer"),
            Error::from(ErrorKind::DuplicateItem {
                index: 1,
                items: vec![json!("bug"), json!("bug")],
            })
            .in_field("labels"),
        ])),
        r#"2 fields rejected: field `reviewer`: invalid value "Ada": the client sent the title of option "u1" instead of its value; expected one of "u1", "u2"; field `labels`: duplicate item at index 1: "bug" names an option that is already selected"#,
    );
    assert_error(
        form.parse_result(accept(
            json!({"priority": "low", "note": "", "urgent": true}),
        ))
        .unwrap_err(),
        Error::from(ErrorKind::MissingField).in_field("reviewer"),
        "field `reviewer`: missing value for a required field",
    );
}

#[cfg(feature = "ask")]
#[test]
fn the_2026_07_28_path_carries_a_run_time_form() {
    let maps = SingleSelectSchema::new(["dust2", "nuke"]).unwrap();
    let form = Form::new((("map", &maps),));
    let result = InputRequiredResult::new().elicit("map", form.request("Which map?"));
    assert_eq!(
        wire(&result),
        json!({
            "resultType": "input_required",
            "inputRequests": {"map": {"method": "elicitation/create", "params": {
                "message": "Which map?",
                "requestedSchema": {
                    "type": "object",
                    "properties": {"map": {"type": "string", "enum": ["dust2", "nuke"]}},
                    "required": ["map"],
                },
            }}},
        })
    );
    let responses = json!({"map": {"action": "accept", "content": {"map": "nuke"}}});
    let ElicitAction::Accept((map,)) = form.parse_result(responses["map"].clone()).unwrap() else {
        panic!("not an accept")
    };
    assert_eq!((map.index(), map.value()), (1, "nuke"));
}

// ---------------------------------------------------------------------------
// Ten thousand options
// ---------------------------------------------------------------------------

#[test]
fn ten_thousand_options_go_out_and_come_back() {
    let files: Vec<(String, String)> = (0..10_000)
        .map(|i| (format!("file-{i:05}"), format!("File №{i}")))
        .collect();
    let single = SingleSelectSchema::new(files.clone()).unwrap();
    let multi = MultiSelectSchema::new(files)
        .unwrap()
        .with_items(Some(1), None)
        .unwrap();
    let form = Form::new((("file", &single), ("also", &multi)));

    // What goes on the wire is what a client reads back.
    let text = serde_json::to_string(&form.request("Pick files")).unwrap();
    let request: Value = serde_json::from_str(&text).unwrap();
    let schema_text = serde_json::to_string(&form.requested_schema()).unwrap();
    assert!(text.contains(&schema_text));
    let read = RequestedSchema::from_json_str(&schema_text).unwrap();
    // Not assert_eq: a failure would print ten thousand options.
    assert!(
        read == form.requested_schema(),
        "the schema read back differs"
    );
    let one_of = &request["requestedSchema"]["properties"]["file"]["oneOf"];
    assert_eq!(one_of.as_array().map(Vec::len), Some(10_000));
    assert_eq!(
        one_of[9_999],
        json!({"const": "file-09999", "title": "File №9999"})
    );

    // Every option in one answer, backwards.
    let all: Vec<Value> = (0..10_000)
        .rev()
        .map(|i| json!(format!("file-{i:05}")))
        .collect();
    let answer = accept(json!({"file": "file-09999", "also": all}));
    let ElicitAction::Accept((file, also)) = form.parse_result(answer).unwrap() else {
        panic!("not an accept")
    };
    assert_eq!((file.index(), file.title()), (9_999, Some("File №9999")));
    assert_eq!(also.len(), 10_000);
    assert_eq!((also[0].index(), also[9_999].index()), (9_999, 0));

    // A duplicate at the very end is still found.
    let mut twice: Vec<Value> = (0..10_000).map(|i| json!(format!("file-{i:05}"))).collect();
    twice.push(json!("file-00000"));
    match multi
        .parse_value(Value::Array(twice))
        .unwrap_err()
        .into_kind()
    {
        ErrorKind::DuplicateItem { index, .. } => assert_eq!(index, 10_000),
        other => panic!("{other:?}"),
    }
    // The message lists a few of the options, not ten thousand.
    assert_eq!(
        single.parse_value(json!("nope")).unwrap_err().to_string(),
        r#"invalid value "nope": expected one of "file-00000", "file-00001", "file-00002", "file-00003", "file-00004", "file-00005", "file-00006", "file-00007", "file-00008", "file-00009", "file-00010", "file-00011" and 9988 more"#,
    );
}

// ---------------------------------------------------------------------------
// The opt-in default: run-time form
// ---------------------------------------------------------------------------

#[test]
fn fill_default_takes_the_field_out_of_required_and_fills_it() {
    let region = SingleSelectSchema::new(["eu", "us"])
        .unwrap()
        .with_default_value("eu")
        .unwrap();
    let zones = MultiSelectSchema::new(["a", "b", "c"])
        .unwrap()
        .with_default_values(["a", "c"])
        .unwrap();
    let form = Form::new((
        ("region", FillDefault::new(&region)),
        ("zones", FillDefault::new(&zones)),
        (
            "replicas",
            FillDefault::new(NumberField::<u8>::new().with_default_value(3)),
        ),
        (
            "name",
            FillDefault::new(StringField::new().with_default_value("web")),
        ),
        (
            "public",
            FillDefault::new(BooleanField::new().with_default_value(false)),
        ),
        (
            "size",
            FillDefault::new(Priority::SINGLE_SELECT.with_default_value("low")),
        ),
        ("strict", NumberField::<u8>::new().with_default_value(1)),
    ));
    let schema = wire(form.requested_schema());
    assert_eq!(schema["required"], json!(["strict"]));
    assert_eq!(schema["properties"]["zones"]["default"], json!(["a", "c"]));

    // Left out: filled.
    let ElicitAction::Accept((region_chosen, zones_chosen, replicas, name, public, size, strict)) =
        form.parse_result(accept(json!({"strict": 2}))).unwrap()
    else {
        panic!("not an accept")
    };
    assert_eq!(region_chosen.value(), "eu");
    let zones_chosen: Vec<usize> = zones_chosen.iter().map(Choice::index).collect();
    assert_eq!(zones_chosen, [0, 2]);
    assert_eq!(
        (replicas, name.as_str(), public, size, strict),
        (3, "web", false, Priority::Low, 2)
    );

    // Sent: the client's value, checked as ever.
    let sent = accept(json!({
        "region": "us", "zones": ["b"], "replicas": 5, "name": "api", "public": true, "size": "high", "strict": 2,
    }));
    let ElicitAction::Accept((region_chosen, _, replicas, name, public, size, _)) =
        form.parse_result(sent).unwrap()
    else {
        panic!("not an accept")
    };
    assert_eq!(
        (region_chosen.value(), replicas, name.as_str(), public, size),
        ("us", 5, "api", true, Priority::High)
    );

    // Without fill_default, strict as before: no value is invented.
    assert_error(
        form.parse_result(accept(json!({}))).unwrap_err(),
        Error::from(ErrorKind::MissingField).in_field("strict"),
        "field `strict`: missing value for a required field",
    );
}

#[test]
fn fill_default_fills_null_and_rejects_bad_values() {
    let form = Form::new((
        (
            "replicas",
            FillDefault::new(NumberField::<u8>::new().with_default_value(3)),
        ),
        (
            "region",
            FillDefault::new(Priority::SINGLE_SELECT.with_default_value("high")),
        ),
    ));
    // A `null` is the field left out: its default, parsed.
    let Ok(ElicitAction::Accept((replicas, region))) =
        form.parse_result(accept(json!({"replicas": null, "region": null})))
    else {
        panic!("a blank field with a default was refused")
    };
    assert_eq!((replicas, region), (3, Priority::High));
    assert_error(
        form.parse_result(accept(json!({"replicas": null, "region": "medium"})))
            .unwrap_err(),
        Error::from(ErrorKind::InvalidValue {
            value: "medium".into(),
            allowed: Cow::Borrowed(Priority::OPTIONS),
        })
        .in_field("region"),
        r#"field `region`: invalid value "medium": expected one of "low", "high""#,
    );
}

#[test]
#[should_panic(expected = "FillDefault needs a field with a `default` to fill")]
fn fill_default_without_a_default_is_a_server_bug() {
    let _ = FillDefault::new(StringField::new());
}

#[test]
#[should_panic(expected = "FillDefault needs a field with a `default` to fill")]
fn fill_default_on_a_run_time_select_without_a_default_is_a_server_bug() {
    let select = SingleSelectSchema::new(["a"]).unwrap();
    let _ = FillDefault::new(&select);
}

// ---------------------------------------------------------------------------
// The opt-in default: derived form
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase", default = Medium, default_items = [Small])]
enum Size {
    Small,
    Medium,
    Large,
}

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Deploy {
    #[elicit(default = "web", fill_default)]
    name: String,
    #[elicit(minimum = 1, maximum = 9, default = 3, fill_default)]
    replicas: u8,
    #[elicit(default = 0.5, fill_default)]
    ratio: f64,
    #[elicit(default = true, fill_default)]
    public: bool,
    #[elicit(default = High, fill_default)]
    priority: Priority,
    /// The enum's own default.
    #[elicit(fill_default)]
    size: Size,
    #[elicit(default_items = [Large, "medium"], fill_default)]
    sizes: Vec<Size>,
    /// The enum's own default items.
    #[elicit(fill_default)]
    more_sizes: Vec<Size>,
    /// Strict: required, even with a default.
    #[elicit(default = 8)]
    port: u16,
    note: Option<String>,
}

#[test]
fn derived_fill_default_schema() {
    assert_eq!(
        wire(Deploy::requested_schema()),
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "default": "web"},
                "replicas": {"type": "integer", "minimum": 1, "maximum": 9, "default": 3},
                "ratio": {"type": "number", "default": 0.5},
                "public": {"type": "boolean", "default": true},
                "priority": {"type": "string", "enum": ["low", "high"], "default": "high"},
                "size": {"type": "string", "description": "The enum's own default.", "enum": ["small", "medium", "large"], "default": "medium"},
                "sizes": {"type": "array", "items": {"type": "string", "enum": ["small", "medium", "large"]}, "default": ["large", "medium"]},
                "moreSizes": {"type": "array", "description": "The enum's own default items.", "items": {"type": "string", "enum": ["small", "medium", "large"]}, "default": ["small"]},
                "port": {"type": "integer", "description": "Strict: required, even with a default.", "minimum": 0, "maximum": 65535, "default": 8},
                "note": {"type": "string"},
            },
            "required": ["port"],
        })
    );
}

#[test]
fn derived_fill_default_fills_what_is_left_out() {
    assert_eq!(
        Deploy::parse_result(accept(json!({"port": 80}))),
        Ok(ElicitAction::Accept(Deploy {
            name: "web".into(),
            replicas: 3,
            ratio: 0.5,
            public: true,
            priority: Priority::High,
            size: Size::Medium,
            sizes: vec![Size::Large, Size::Medium],
            more_sizes: vec![Size::Small],
            port: 80,
            note: None,
        }))
    );
    let sent = accept(json!({
        "name": "api", "replicas": 2, "ratio": 1.5, "public": false, "priority": "low",
        "size": "large", "sizes": [], "moreSizes": ["medium", "large"], "port": 81, "note": "hi",
    }));
    assert_eq!(
        Deploy::parse_result(sent),
        Ok(ElicitAction::Accept(Deploy {
            name: "api".into(),
            replicas: 2,
            ratio: 1.5,
            public: false,
            priority: Priority::Low,
            size: Size::Large,
            sizes: vec![],
            more_sizes: vec![Size::Medium, Size::Large],
            port: 81,
            note: Some("hi".into()),
        }))
    );
}

#[test]
fn derived_fill_default_still_checks_what_is_sent() {
    assert_error(
        Deploy::parse_result(accept(json!({"port": 80, "replicas": 10, "size": null})))
            .unwrap_err(),
        Error::from(ErrorKind::OutOfRange {
            value: 10.into(),
            minimum: Some(1.into()),
            maximum: Some(9.into()),
        })
        .in_field("replicas"),
        "field `replicas`: out of range: 10 is not between 1 and 9",
    );
    // A `null` is the field left out: the default, as if not sent; an
    // `Option` field's is `None`.
    let nulls = json!({
        "port": 80, "name": null, "replicas": null, "ratio": null, "public": null,
        "priority": null, "size": null, "sizes": null, "moreSizes": null, "note": null,
    });
    assert_eq!(
        Deploy::parse_result(accept(nulls)),
        Deploy::parse_result(accept(json!({"port": 80}))),
    );
    // A required field's `null` is a type mismatch.
    assert_error(
        Deploy::parse_result(accept(json!({"port": null}))).unwrap_err(),
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Number,
            found: Value::Null,
        })
        .in_field("port"),
        "field `port`: wrong type: expected a number, found null",
    );
    // The field without fill_default stays strict.
    assert_error(
        Deploy::parse_result(accept(json!({}))).unwrap_err(),
        Error::from(ErrorKind::MissingField).in_field("port"),
        "field `port`: missing value for a required field",
    );
}

/// `fill_default` expands with absolute paths only, and without warnings.
#[deny(warnings, unused_qualifications)]
#[no_implicit_prelude]
mod hygiene {
    #![allow(dead_code, non_camel_case_types)]

    use ::enum_schema::{ElicitEnum, ElicitForm};

    struct Result;
    struct Option;
    struct Some;
    struct None;
    struct Ok;
    struct Err;
    struct String;
    struct Default;
    struct Vec;
    struct bool;
    mod core {}
    mod std {}
    mod enum_schema {}

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(crate = "::enum_schema", default = B, default_items = [A])]
    pub enum Letter {
        A,
        B,
    }

    #[derive(ElicitForm, Debug, PartialEq)]
    #[elicit(crate = "::enum_schema")]
    pub struct Shadowed {
        #[elicit(fill_default)]
        letter: Letter,
        #[elicit(fill_default)]
        letters: ::std::vec::Vec<Letter>,
        #[elicit(default = 2, fill_default)]
        count: u8,
    }

    #[test]
    fn fill_default_is_hygienic() {
        ::std::assert_eq!(
            <Shadowed as ElicitForm>::parse_result_str(r#"{"action": "accept", "content": {}}"#),
            ::std::result::Result::Ok(::enum_schema::ElicitAction::Accept(Shadowed {
                letter: Letter::B,
                letters: ::std::vec![Letter::A],
                count: 2,
            }))
        );
    }
}

#[test]
fn options_from_borrowed_strings_are_copied() {
    let names = vec!["notes.md".to_owned(), "plan.txt".to_owned()];
    let select = SingleSelectSchema::new(&names).unwrap();
    drop(names);
    assert_eq!(
        serde_json::to_value(&select).unwrap(),
        json!({"type": "string", "enum": ["notes.md", "plan.txt"]}),
    );
}

// ---------------------------------------------------------------------------
// In a derived form
// ---------------------------------------------------------------------------

/// The same selects as fields of a derived form (`OwnedChoice`,
/// `Vec<OwnedChoice>`, options in the generated `PickOptions`).
#[derive(ElicitForm, Debug)]
struct Pick {
    fruit: OwnedChoice,
    basket: Vec<OwnedChoice>,
    spare: Option<OwnedChoice>,
}

#[test]
fn a_derived_form_asks_and_checks_run_time_selects_as_a_run_time_form_does() {
    let single = SingleSelectSchema::new(fruits()).unwrap();
    let multi = MultiSelectSchema::new(fruits())
        .unwrap()
        .with_items(Some(1), Some(2))
        .unwrap();
    let form = Form::new((
        ("fruit", &single),
        ("basket", &multi),
        ("spare", Optional::new(&single)),
    ));
    let options = PickOptions {
        fruit: single.clone(),
        basket: multi.clone(),
        spare: single.clone(),
    };
    assert_eq!(
        Pick::requested_schema_with(&options),
        form.requested_schema()
    );
    let answers = [
        json!({"fruit": "apple", "basket": ["cherry", "banana"], "spare": "banana"}),
        json!({"fruit": "Apple", "basket": ["cherry"]}),
        json!({"fruit": "apple", "basket": []}),
        json!({"fruit": "apple", "basket": ["apple", "apple"], "spare": null}),
        json!({"basket": ["kiwi"], "spare": 3}),
    ];
    for answer in answers {
        let derived = Pick::parse_result_with(accept(answer.clone()), &options);
        let tuple = form.parse_result(accept(answer.clone()));
        match (derived, tuple) {
            (Ok(ElicitAction::Accept(pick)), Ok(ElicitAction::Accept((fruit, basket, spare)))) => {
                assert_eq!(pick.fruit.as_choice(), fruit);
                let basket: Vec<OwnedChoice> = basket.into_iter().map(OwnedChoice::from).collect();
                assert_eq!(pick.basket, basket);
                assert_eq!(pick.spare, spare.map(OwnedChoice::from));
            }
            (Err(derived), Err(tuple)) => assert_eq!(derived, tuple, "{answer}"),
            (derived, tuple) => panic!("{answer}: {derived:?} but {tuple:?}"),
        }
    }
    // The first accepted, the others refused: both sides agree on each.
    assert!(Pick::parse_result_with(
        accept(json!({"fruit": "apple", "basket": ["apple"]})),
        &options
    )
    .is_ok());
    assert_error(
        Pick::parse_result_with(accept(json!({"fruit": "apple", "basket": []})), &options)
            .unwrap_err(),
        Error::from(ErrorKind::TooFewItems {
            min: 1,
            items: Vec::new(),
        })
        .in_field("basket"),
        "field `basket`: too few items: selected 0, at least 1 required",
    );
}

/// Form renderers send `""` for "nothing selected": a select built to be
/// sent refuses an option with that value, as the derive does, naming its
/// position; a peer's schema with one is still read.
#[test]
fn an_empty_wire_value_is_refused_in_a_select_built_to_be_sent() {
    assert_error(
        SingleSelectSchema::new([""]).unwrap_err(),
        SchemaError::EmptyValue { index: 0 },
        r#"the option at index 0 (counting from 0) has an empty value, and form renderers send "" for "nothing selected"; give it a non-empty value"#,
    );
    assert_error(
        MultiSelectSchema::new([("a", "A"), ("", "None")]).unwrap_err(),
        SchemaError::EmptyValue { index: 1 },
        r#"the option at index 1 (counting from 0) has an empty value, and form renderers send "" for "nothing selected"; give it a non-empty value"#,
    );
    // A value given twice is named first: the list is wrong before any
    // one option is.
    assert_error(
        SingleSelectSchema::new(["", ""]).unwrap_err(),
        SchemaError::DuplicateValue { value: "".into() },
        r#"two options have the value """#,
    );
    let read = PrimitiveSchema::from_json(&json!({"type": "string", "enum": ["", "a"]})).unwrap();
    assert_eq!(wire(read), json!({"type": "string", "enum": ["", "a"]}));
}

/// Two options with the same title show a person two entries they could
/// not tell apart: a select built to be sent refuses them, as the derive
/// does, naming the title; titles compare exactly, and an untitled option
/// of a titled select shows its value as its title. A peer's schema with
/// them is still read, and round-trips.
#[test]
fn a_title_given_twice_is_refused_in_a_select_built_to_be_sent() {
    let message = r#"two options have the title "Web", and a person could not tell them apart; give each option its own title"#;
    assert_error(
        SingleSelectSchema::new([("web-eu-1", "Web"), ("web-us-1", "Web")]).unwrap_err(),
        SchemaError::DuplicateTitle {
            title: "Web".into(),
        },
        message,
    );
    assert_error(
        MultiSelectSchema::new([
            EnumOption::titled("db", "Database"),
            EnumOption::titled("web-eu-1", "Web"),
            EnumOption::titled("web-us-1", "Web"),
        ])
        .unwrap_err(),
        SchemaError::DuplicateTitle {
            title: "Web".into(),
        },
        message,
    );
    // An untitled option shows its value as its title.
    assert_error(
        SingleSelectSchema::new([
            EnumOption::untitled("Web"),
            EnumOption::titled("web-us-1", "Web"),
        ])
        .unwrap_err(),
        SchemaError::DuplicateTitle {
            title: "Web".into(),
        },
        message,
    );
    // A value given twice is named first, then an empty value, then a title.
    assert_eq!(
        SingleSelectSchema::new([("a", "A"), ("a", "A")]),
        Err(SchemaError::DuplicateValue { value: "a".into() })
    );
    assert_eq!(
        SingleSelectSchema::new([("a", "A"), ("", "A")]),
        Err(SchemaError::EmptyValue { index: 1 })
    );
    // Exactly: titles that differ in case or spaces are different titles.
    for titles in [["Web", "web"], ["Web", "Web "]] {
        let options = [("web-eu-1", titles[0]), ("web-us-1", titles[1])];
        assert!(SingleSelectSchema::new(options).is_ok(), "{titles:?}");
        assert!(MultiSelectSchema::new(options).is_ok(), "{titles:?}");
    }

    // A peer's schema is what it is: read, and sent back as it came, in
    // each shape that carries titles.
    for schema in [
        json!({"type": "string", "oneOf": [
            {"const": "web-eu-1", "title": "Web"},
            {"const": "web-us-1", "title": "Web"},
        ]}),
        json!({"type": "array", "items": {"anyOf": [
            {"const": "web-eu-1", "title": "Web"},
            {"const": "web-us-1", "title": "Web"},
        ]}}),
        json!({"type": "string", "enum": ["web-eu-1", "web-us-1"], "enumNames": ["Web", "Web"]}),
    ] {
        let read = PrimitiveSchema::from_json(&schema).unwrap();
        assert_eq!(wire(&read), schema);
        let text = schema.to_string();
        assert_eq!(wire(PrimitiveSchema::from_json_str(&text).unwrap()), schema);
        let deserialized: PrimitiveSchema = serde_json::from_value(schema.clone()).unwrap();
        assert_eq!(deserialized, read);
        let requested = json!({"type": "object", "properties": {"server": schema}});
        let read = RequestedSchema::from_json_str(&requested.to_string()).unwrap();
        assert_eq!(wire(read), requested);
    }
}

/// The string, number and boolean wire schemas are built through checked
/// builders: no public path builds one this crate would refuse to send.
#[test]
fn primitive_schemas_refuse_what_they_would_not_send() {
    use enum_schema::schema::{BooleanSchema, NumberSchema, StringFormat, StringSchema};
    assert_error(
        StringSchema::new()
            .with_length(Some(5), Some(1))
            .unwrap_err(),
        SchemaError::BoundsInverted {
            keyword: "minLength",
        },
        "`minLength` is greater than its upper bound",
    );
    let short = StringSchema::new().with_default_value("ab").unwrap();
    let SchemaError::InvalidDefault { error } =
        short.clone().with_length(Some(3), None).unwrap_err()
    else {
        panic!("a default shorter than minLength")
    };
    assert_eq!(
        error.to_string(),
        r#"too short: "ab" has 2 characters, at least 3 required"#
    );
    assert!(short.with_format(StringFormat::Date).is_err());
    // Lengths no string of the format meets: no answer could be given, on
    // the builder's path and the peer reader's alike.
    let date = StringSchema::new().with_format(StringFormat::Date).unwrap();
    assert_error(
        date.clone().with_length(Some(11), None).unwrap_err(),
        SchemaError::LengthOutsideFormat {
            keyword: "minLength",
            format: StringFormat::Date,
        },
        r#"`minLength` leaves no string of format "date" (10 characters)"#,
    );
    assert_error(
        date.with_length(None, Some(5)).unwrap_err(),
        SchemaError::LengthOutsideFormat {
            keyword: "maxLength",
            format: StringFormat::Date,
        },
        r#"`maxLength` leaves no string of format "date" (10 characters)"#,
    );
    assert_error(
        PrimitiveSchema::from_json(&json!({"type": "string", "format": "email", "maxLength": 2}))
            .unwrap_err(),
        SchemaError::LengthOutsideFormat {
            keyword: "maxLength",
            format: StringFormat::Email,
        },
        r#"`maxLength` leaves no string of format "email" (at least 3 characters)"#,
    );
    let inverted = NumberSchema::number().with_bounds(Some(2.into()), Some(1.into()));
    assert_error(
        inverted.unwrap_err(),
        SchemaError::BoundsInverted { keyword: "minimum" },
        "`minimum` is greater than its upper bound",
    );
    // No integer between 1.5 and 1.7: sent rounded inwards, 2..=1.
    let fractional = |integer: bool| {
        let schema = if integer {
            NumberSchema::integer()
        } else {
            NumberSchema::number()
        };
        let bound = |value: f64| serde_json::Number::from_f64(value);
        schema.with_bounds(bound(1.5), bound(1.7))
    };
    assert_eq!(
        fractional(true).unwrap_err(),
        SchemaError::BoundsInverted { keyword: "minimum" }
    );
    assert!(fractional(false).is_ok());
    // A default no peer reads as the same number is refused, not dropped.
    assert_error(
        NumberSchema::integer().with_default_value(u64::MAX).unwrap_err(),
        SchemaError::InvalidKeyword {
            keyword: "default",
            expected: "a number every peer reads the same (an integer within i64, a double)",
            found: json!(u64::MAX),
        },
        "`default` must be a number every peer reads the same (an integer within i64, a double), found 18446744073709551615",
    );
    let percent = NumberSchema::integer()
        .with_title("Percent")
        .with_bounds(Some(0.into()), Some(100.into()))
        .unwrap()
        .with_default_value(5)
        .unwrap();
    assert_eq!(
        (
            percent.title(),
            percent.is_integer(),
            percent.default_value()
        ),
        (Some("Percent"), true, Some(&5.into()))
    );
    assert_eq!(
        wire(PrimitiveSchema::Number(percent)),
        json!({"type": "integer", "title": "Percent", "minimum": 0, "maximum": 100, "default": 5})
    );
    let page = BooleanSchema::new()
        .with_description("Page the on-call")
        .with_default_value(true);
    assert_eq!(
        wire(PrimitiveSchema::Boolean(page)),
        json!({"type": "boolean", "description": "Page the on-call", "default": true})
    );
}
