//! Lenient reading (`enum_schema::host`): every rule by which a host reads
//! what a strict reader refuses, so that one field never degrades the
//! form. Advice it cannot check is kept as a `Note::Advisory`; what breaks
//! the schema's own rules is left out with a `Note::Dropped`; a field it
//! cannot show stays in the form, `Kind::Unsupported` with the strict
//! reader's `SchemaError`, and `can_accept` says whether the form can
//! still be accepted.

use enum_schema::host::{Field, Kind, Note, Request};
use enum_schema::schema::SchemaError;
use enum_schema::{Error, ErrorKind};
use serde_json::{json, Value};

use crate::host::{kind_name, params, request, unsupported};

// ---------------------------------------------------------------------------
// Lenient reading: advice kept and not checked
// ---------------------------------------------------------------------------

/// An unknown `format`, a `pattern` and `x-*` keys are advice: the field
/// is plain text, nothing of them is checked.
#[test]
fn unknown_format_pattern_and_extensions_are_advice() {
    let request = request(
        r#""code": {"type": "string", "x-widget": "otp", "format": "uuid", "pattern": "^[0-9]{6}$", "maxLength": 6}"#,
        &[],
    );
    let code = &request.fields()[0];
    assert_eq!(kind_name(code), "text");
    assert_eq!(
        code.notes(),
        [
            Note::Advisory {
                keyword: "x-widget".into(),
                value: json!("otp")
            },
            Note::Advisory {
                keyword: "pattern".into(),
                value: json!("^[0-9]{6}$")
            },
            Note::Advisory {
                keyword: "format".into(),
                value: json!("uuid")
            },
        ]
    );
    let shown: Vec<String> = code.notes().iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            r#"`x-widget` ("otp") is advice: shown, not checked before sending"#,
            r#"`pattern` ("^[0-9]{6}$") is advice: shown, not checked before sending"#,
            r#"`format` ("uuid") is advice: shown, not checked before sending"#,
        ]
    );
    let Kind::Text(text) = code.kind() else {
        unreachable!()
    };
    assert_eq!((text.format(), text.max_length()), (None, Some(6)));
    // Not checked: the pattern and the format are the server's to check.
    assert_eq!(code.parse_text("abc"), Ok(Some(json!("abc"))));
    // What is checked still is.
    assert!(code.parse_text("1234567").is_err());
}

/// A `format` that is no string is advice too.
#[test]
fn a_format_that_is_no_string_is_advice() {
    let request = request(r#""f": {"type": "string", "format": 5}"#, &[]);
    assert_eq!(kind_name(&request.fields()[0]), "text");
    assert_eq!(
        request.fields()[0].notes(),
        [Note::Advisory {
            keyword: "format".into(),
            value: json!(5)
        }]
    );
}

/// `multipleOf`, `exclusiveMinimum` and `exclusiveMaximum` on a number
/// are advice; the inclusive bounds are still checked.
#[test]
fn multiple_of_and_exclusive_bounds_are_advice() {
    let request = request(
        r#""n": {"type": "number", "exclusiveMaximum": 10, "multipleOf": 0.5, "exclusiveMinimum": 0, "maximum": 10}"#,
        &[],
    );
    let n = &request.fields()[0];
    assert_eq!(kind_name(n), "number");
    assert_eq!(
        n.notes(),
        [
            Note::Advisory {
                keyword: "multipleOf".into(),
                value: json!(0.5)
            },
            Note::Advisory {
                keyword: "exclusiveMinimum".into(),
                value: json!(0)
            },
            Note::Advisory {
                keyword: "exclusiveMaximum".into(),
                value: json!(10)
            },
        ]
    );
    assert_eq!(n.parse_text("0.3"), Ok(Some(json!(0.3))));
    assert_eq!(n.parse_text("10"), Ok(Some(json!(10))));
    assert!(n.parse_text("10.5").is_err());
}

// ---------------------------------------------------------------------------
// Lenient reading: what breaks the schema's own rules is left out
// ---------------------------------------------------------------------------

/// One property read with one `Note::Dropped`: the field as read, the note.
#[track_caller]
fn dropped(
    schema: &str,
    keyword: &str,
    value: Value,
    error: SchemaError,
    display: &str,
) -> Request {
    let request = request(&format!(r#""f": {schema}"#), &[]);
    let field = &request.fields()[0];
    assert!(field.is_supported(), "{schema}: {:?}", field.kind());
    assert_eq!(
        field.notes(),
        [Note::Dropped {
            keyword: keyword.into(),
            value,
            error
        }],
        "{schema}"
    );
    assert_eq!(field.notes()[0].to_string(), display);
    request
}

#[test]
fn a_default_that_breaks_a_bound_is_left_out() {
    let request = dropped(
        r#"{"type": "string", "maxLength": 3, "default": "toolong"}"#,
        "default",
        json!("toolong"),
        SchemaError::InvalidDefault {
            error: Error::from(ErrorKind::TooLong { value: "toolong".into(), max_length: 3 }),
        },
        "`default` left out: the default does not satisfy the schema: too long: 7 characters, at most 3 allowed",
    );
    assert_eq!(request.fields()[0].default_value(), None);
    let request = dropped(
        r#"{"type": "integer", "minimum": 1, "maximum": 5, "default": 9}"#,
        "default",
        json!(9),
        SchemaError::InvalidDefault {
            error: Error::from(ErrorKind::OutOfRange {
                value: 9.into(),
                minimum: Some(1.into()),
                maximum: Some(5.into()),
            }),
        },
        "`default` left out: the default does not satisfy the schema: out of range: 9 is not between 1 and 5",
    );
    assert_eq!(request.fields()[0].default_value(), None);
    dropped(
        r#"{"type": "string", "format": "date", "default": "tomorrow"}"#,
        "default",
        json!("tomorrow"),
        SchemaError::InvalidDefault {
            error: Error::from(ErrorKind::InvalidFormat {
                value: "tomorrow".into(),
                format: enum_schema::schema::StringFormat::Date,
            }),
        },
        r#"`default` left out: the default does not satisfy the schema: invalid format: "tomorrow" is not a valid date"#,
    );
}

#[test]
fn a_default_of_the_wrong_type_is_left_out() {
    dropped(
        r#"{"type": "boolean", "default": "yes"}"#,
        "default",
        json!("yes"),
        SchemaError::InvalidKeyword {
            keyword: "default",
            expected: "a boolean",
            found: json!("yes"),
        },
        r#"`default` left out: `default` must be a boolean, found "yes""#,
    );
    dropped(
        r#"{"type": "string", "enum": ["a"], "default": 1}"#,
        "default",
        json!(1),
        SchemaError::InvalidKeyword {
            keyword: "default",
            expected: "a string",
            found: json!(1),
        },
        "`default` left out: `default` must be a string, found 1",
    );
    dropped(
        r#"{"type": "array", "items": {"enum": ["a"]}, "default": "a"}"#,
        "default",
        json!("a"),
        SchemaError::InvalidKeyword {
            keyword: "default",
            expected: "an array of strings",
            found: json!("a"),
        },
        r#"`default` left out: `default` must be an array of strings, found "a""#,
    );
}

/// An integer's default that only a rounded double carries (`1e20`):
/// the host's own check refuses it, as a server's typed integer field
/// does, so it is not pre-filled.
#[test]
fn an_integer_default_beyond_a_double_s_integers_is_left_out() {
    let rounded = dropped(
        r#"{"type": "integer", "default": 1e20}"#,
        "default",
        json!(1e20),
        SchemaError::InvalidDefault {
            error: Error::from(ErrorKind::Inexact {
                text: "100000000000000000000".into(),
            }),
        },
        "`default` left out: the default does not satisfy the schema: not exact: 100000000000000000000 arrived as a double beyond 2^53, which stands for several integers; an integer that large is exact as an integer literal",
    );
    assert_eq!(rounded.fields()[0].default_value(), None);
    // Nor does the field's kind show it.
    let enum_schema::host::Kind::Integer(schema) = rounded.fields()[0].kind() else {
        panic!("not an integer field");
    };
    assert_eq!(schema.default_value(), None);
    let exact = request(
        r#""f": {"type": "integer", "default": 9007199254740993}"#,
        &[],
    );
    assert_eq!(
        exact.fields()[0].default_value(),
        Some(&json!(9007199254740993u64))
    );
}

#[test]
fn a_default_that_is_not_an_option_is_left_out() {
    let request = dropped(
        r#"{"type": "string", "oneOf": [{"const": "a", "title": "A"}], "default": "A"}"#,
        "default",
        json!("A"),
        SchemaError::DefaultNotAnOption {
            default: "A".into(),
        },
        r#"`default` left out: the default "A" is not one of the options' values"#,
    );
    assert_eq!(request.fields()[0].default_value(), None);
    dropped(
        r#"{"type": "array", "items": {"enum": ["a", "b"]}, "default": ["a", "c"]}"#,
        "default",
        json!(["a", "c"]),
        SchemaError::DefaultNotAnOption {
            default: "c".into(),
        },
        r#"`default` left out: the default "c" is not one of the options' values"#,
    );
    dropped(
        r#"{"type": "array", "items": {"enum": ["a", "b"]}, "default": ["a", "a"]}"#,
        "default",
        json!(["a", "a"]),
        SchemaError::DuplicateDefault { value: "a".into() },
        r#"`default` left out: the default names "a" twice"#,
    );
    dropped(
        r#"{"type": "array", "items": {"enum": ["a", "b"]}, "maxItems": 1, "default": ["a", "b"]}"#,
        "default",
        json!(["a", "b"]),
        SchemaError::DefaultCount {
            count: 2,
            min_items: None,
            max_items: Some(1),
        },
        "`default` left out: the default has 2 items, outside maxItems 1",
    );
}

/// `enumNames` that do not pair with `enum`: the options are shown by
/// their values, and the field is an untitled single-select.
#[test]
fn enum_names_of_another_length_are_left_out() {
    let request = dropped(
        r#"{"type": "string", "enum": ["en", "ja"], "enumNames": ["English"]}"#,
        "enumNames",
        json!(["English"]),
        SchemaError::EnumNamesLength { values: 2, names: 1 },
        "`enumNames` left out: `enumNames` has 1 entries but `enum` has 2; clients pair them by index",
    );
    let field = &request.fields()[0];
    let Kind::SingleSelect(select) = field.kind() else {
        unreachable!()
    };
    assert!(!select.is_legacy());
    let labels: Vec<&str> = field
        .options()
        .iter()
        .map(|option| option.label())
        .collect();
    assert_eq!(labels, ["en", "ja"]);
    dropped(
        r#"{"type": "string", "enum": ["en"], "enumNames": [1]}"#,
        "enumNames",
        json!([1]),
        SchemaError::InvalidKeyword {
            keyword: "enumNames",
            expected: "an array of strings",
            found: json!([1]),
        },
        "`enumNames` left out: `enumNames` must be an array of strings, found [1]",
    );
}

/// A `title` or `description` that is no string: the label is the key.
#[test]
fn a_title_that_is_no_string_is_left_out() {
    let request = dropped(
        r#"{"type": "integer", "title": 5}"#,
        "title",
        json!(5),
        SchemaError::InvalidKeyword {
            keyword: "title",
            expected: "a string",
            found: json!(5),
        },
        "`title` left out: `title` must be a string, found 5",
    );
    let field = &request.fields()[0];
    assert_eq!((field.label(), field.title()), ("f", None));
    let request = dropped(
        r#"{"type": "boolean", "description": ["two", "lines"]}"#,
        "description",
        json!(["two", "lines"]),
        SchemaError::InvalidKeyword {
            keyword: "description",
            expected: "a string",
            found: json!(["two", "lines"]),
        },
        r#"`description` left out: `description` must be a string, found ["two","lines"]"#,
    );
    assert_eq!(request.fields()[0].description(), None);
}

/// `minItems`/`maxItems` on a single-select, and a string's constraints
/// on one, mean nothing there: left out, one note each.
#[test]
fn constraints_that_mean_nothing_are_left_out() {
    let request = request(
        r#""f": {"type": "string", "enum": ["a", "b"], "minItems": 1, "maxItems": 2, "format": "email", "maxLength": 3}"#,
        &[],
    );
    let field = &request.fields()[0];
    assert_eq!(kind_name(field), "single-select");
    assert_eq!(
        field.notes(),
        [
            Note::Dropped {
                keyword: "maxLength".into(),
                value: json!(3),
                error: SchemaError::UnsupportedKeyword {
                    keyword: "maxLength"
                },
            },
            Note::Dropped {
                keyword: "format".into(),
                value: json!("email"),
                error: SchemaError::UnsupportedKeyword { keyword: "format" },
            },
            Note::Dropped {
                keyword: "minItems".into(),
                value: json!(1),
                error: SchemaError::ItemBoundsOnSingleSelect,
            },
            Note::Dropped {
                keyword: "maxItems".into(),
                value: json!(2),
                error: SchemaError::ItemBoundsOnSingleSelect,
            },
        ]
    );
    // A plain string with `minItems`: the same.
    dropped(
        r#"{"type": "string", "minItems": 1}"#,
        "minItems",
        json!(1),
        SchemaError::ItemBoundsOnSingleSelect,
        "`minItems` left out: `minItems`/`maxItems` on a single-select schema mean nothing; a multi-select has `\"type\": \"array\"`",
    );
}

// ---------------------------------------------------------------------------
// Lenient reading: fields the model cannot show
// ---------------------------------------------------------------------------

/// Each unsupported shape, with the strict reader's reason, kept in the
/// form in its place; the others stay usable.
#[test]
fn fields_that_cannot_be_shown_stay_in_the_form() {
    let request = request(
        r##"
        "before": {"type": "string"},
        "address": {"type": "object", "properties": {"street": {"type": "string"}}},
        "people": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
        "nullable": {"type": ["string", "null"]},
        "twice": {"type": "string", "type": "integer"},
        "ref": {"$ref": "#/$defs/x", "type": "string"},
        "untyped": {"enum": ["a"]},
        "both": {"type": "string", "enum": ["a"], "oneOf": [{"const": "a"}]},
        "empty": {"type": "string", "enum": []},
        "same": {"type": "string", "enum": ["a", "a"]},
        "numbers": {"type": "integer", "enum": [1, 2]},
        "inverted": {"type": "integer", "minimum": 3, "maximum": 1},
        "unfit": {"type": "array", "minItems": 3, "items": {"enum": ["a", "b"]}},
        "scalar": 5,
        "after": {"type": "boolean"}
        "##,
        &[],
    );
    let reasons: Vec<(&str, Option<&SchemaError>)> = request
        .fields()
        .iter()
        .map(|field| match field.kind() {
            Kind::Unsupported(error) => (field.key(), Some(error)),
            _ => (field.key(), None),
        })
        .collect();
    let expected = [
        ("before", None),
        (
            "address",
            Some(SchemaError::UnknownType {
                found: json!("object"),
            }),
        ),
        (
            "people",
            Some(SchemaError::InvalidKeyword {
                keyword: "items.type",
                expected: r#""string": multi-select options are strings"#,
                found: json!("object"),
            }),
        ),
        (
            "nullable",
            Some(SchemaError::UnknownType {
                found: json!(["string", "null"]),
            }),
        ),
        (
            "twice",
            Some(SchemaError::DuplicateKey { key: "type".into() }),
        ),
        (
            "ref",
            Some(SchemaError::UnsupportedKeyword { keyword: "$ref" }),
        ),
        (
            "untyped",
            Some(SchemaError::MissingKeyword { keyword: "type" }),
        ),
        ("both", Some(SchemaError::AmbiguousOptions)),
        ("empty", Some(SchemaError::NoOptions)),
        (
            "same",
            Some(SchemaError::DuplicateValue { value: "a".into() }),
        ),
        ("numbers", Some(SchemaError::NonStringOptions)),
        (
            "inverted",
            Some(SchemaError::BoundsInverted { keyword: "minimum" }),
        ),
        (
            "unfit",
            Some(SchemaError::MinItemsAboveOptions {
                min_items: 3,
                options: 2,
            }),
        ),
        ("scalar", Some(SchemaError::NotAnObject { found: json!(5) })),
        ("after", None),
    ];
    let expected: Vec<(&str, Option<&SchemaError>)> = expected
        .iter()
        .map(|(key, error)| (*key, error.as_ref()))
        .collect();
    assert_eq!(reasons, expected);
    for field in request.fields() {
        assert!(
            field.notes().is_empty(),
            "{}: {:?}",
            field.key(),
            field.notes()
        );
        if !field.is_supported() {
            assert_eq!(
                (field.schema(), field.default_value(), field.hint()),
                (None, None, String::new())
            );
            assert!(field.options().is_empty());
        }
    }
    // None is required: the form can be accepted without them.
    assert!(request.can_accept());
    assert!(!Request::from_params_str(&params(
        r#""address": {"type": "object"}, "ok": {"type": "boolean"}"#,
        &["address"]
    ))
    .unwrap()
    .can_accept());
}

/// An unsupported field refuses whatever is typed, with the reason that
/// no value mends it; blank text is nothing for an optional one.
#[test]
fn an_unsupported_field_refuses_every_value() {
    let request = request(
        r#""address": {"type": "object", "title": "Address"}, "extra": {"type": ["string", "null"]}"#,
        &["address"],
    );
    let [address, extra] = request.fields() else {
        unreachable!()
    };
    let refusal = address.parse_text("Main Street 1").unwrap_err();
    assert_eq!(
        refusal.error(),
        &Error::from(ErrorKind::Unsupported {
            found: json!("Main Street 1"),
        })
        .in_field("address")
    );
    assert_eq!(
        refusal.reason(),
        r#"Address: this field cannot be answered here; decline the form instead."#
    );
    assert_eq!(
        refusal.error().to_string(),
        r#"field `address`: unsupported field: its schema cannot be shown, so no value is sent (offered "Main Street 1")"#
    );
    let blank = address.parse_text("  ").unwrap_err();
    assert_eq!(
        blank.error(),
        &Error::from(ErrorKind::MissingField).in_field("address")
    );
    assert_eq!(blank.reason(), refusal.reason());
    assert_eq!(extra.parse_text(""), Ok(None));
    assert_eq!(
        extra.check(json!("x")).unwrap_err().reason(),
        r#"extra: this field cannot be answered here; leave it blank."#
    );
}

/// A property named twice: neither definition is shown, and the request
/// says so.
#[test]
fn a_property_defined_twice_is_shown_by_neither_definition() {
    let request = request(
        r#""tone": {"type": "string", "enum": ["formal"]}, "ok": {"type": "boolean"}, "tone": {"type": "string"}"#,
        &["ok"],
    );
    let keys: Vec<&str> = request.fields().iter().map(Field::key).collect();
    assert_eq!(keys, ["tone", "ok"]);
    assert_eq!(
        unsupported(&request.fields()[0]),
        &SchemaError::DuplicateProperty {
            name: "tone".into()
        }
    );
    assert_eq!(
        request.notes(),
        [Note::DuplicateProperty {
            name: "tone".into()
        }]
    );
    assert_eq!(
        request.notes()[0].to_string(),
        r#"property "tone" is defined more than once; the field cannot be shown"#
    );
    assert!(request.can_accept());
    // Three times: one note.
    let thrice = self::request(
        r#""t": {"type": "string"}, "t": {"type": "string"}, "t": {"type": "string"}"#,
        &["t"],
    );
    assert_eq!(thrice.fields().len(), 1);
    assert_eq!(
        thrice.notes(),
        [Note::DuplicateProperty { name: "t".into() }]
    );
    assert!(!thrice.can_accept());
}

/// A property defined twice whose first definition has a default: the
/// default goes with the definition, and an optional field that cannot
/// be shown stands in no one's way.
#[test]
fn a_property_defined_twice_keeps_no_default() {
    let request = request(
        r#""tone": {"type": "string", "default": "formal"}, "tone": {"type": "string"}"#,
        &[],
    );
    let tone = &request.fields()[0];
    assert_eq!(tone.default_value(), None);
    let draft = request.draft(enum_schema::host::Defaults::Prefill);
    assert_eq!(draft.value("tone"), None);
    assert!(draft.blockers().is_empty());
    assert_eq!(
        draft.finish().map(Value::from),
        Ok(json!({"action": "accept", "content": {}}))
    );
}

/// A name in `required` that is no property, and a `required` that is no
/// array of strings: noted, left out.
#[test]
fn required_names_that_are_no_property() {
    let request = request(r#""a": {"type": "boolean"}"#, &["ghost", "a", "ghost2"]);
    assert_eq!(
        request.notes(),
        [
            Note::UnknownRequired {
                name: "ghost".into()
            },
            Note::UnknownRequired {
                name: "ghost2".into()
            },
        ]
    );
    assert_eq!(
        request.notes()[0].to_string(),
        r#"`required` names "ghost", which is not a property; left out"#
    );
    assert!(request.fields()[0].is_required());
    assert!(request.can_accept());

    let text = r#"{"message": "m", "requestedSchema": {"type": "object", "properties": {"a": {"type": "boolean"}}, "required": "a"}}"#;
    let request = Request::from_params_str(text).unwrap();
    let invalid = SchemaError::InvalidKeyword {
        keyword: "required",
        expected: "an array of strings",
        found: json!("a"),
    };
    assert_eq!(
        request.notes(),
        [Note::Dropped {
            keyword: "required".into(),
            value: json!("a"),
            error: invalid
        }]
    );
    assert!(!request.fields()[0].is_required());

    // An entry that is no string is left out with a note; the others count.
    let text = r#"{"message": "m", "requestedSchema": {"type": "object", "properties": {"a": {"type": "boolean"}}, "required": [5, "a"]}}"#;
    let request = Request::from_params_str(text).unwrap();
    let invalid = SchemaError::InvalidKeyword {
        keyword: "required",
        expected: "a string",
        found: json!(5),
    };
    assert_eq!(
        request.notes(),
        [Note::Dropped {
            keyword: "required".into(),
            value: json!(5),
            error: invalid
        }]
    );
    assert_eq!(
        request.notes()[0].to_string(),
        "`required` left out: `required` must be a string, found 5"
    );
    assert!(request.fields()[0].is_required());
}
