//! The real-world cases of `shared/cases/` that concern a host, end to
//! end: a server on this crate derives the request, the host reads its
//! JSON as it arrives and fills it in as a person would, and the server
//! parses the answer into its typed struct; what the host refuses, the
//! server refuses with the same error.

use enum_schema::host::{Defaults, Request, Response};
use enum_schema::schema::SchemaError;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind};
use serde_json::{json, Value};

use crate::host::request;

/// A request derived on a server, as the host reads it off the wire.
fn from_server(params: impl serde::Serialize) -> Request {
    Request::from_params_str(&serde_json::to_string(&params).unwrap()).unwrap()
}

/// C17: a person picks an option by its label or its number; the host
/// sends the value, which the server takes. (The server refuses a label
/// or a number sent as the value, `cases.rs`.)
#[test]
fn c17_label_and_number_become_the_value() {
    #[derive(ElicitEnum, Debug, PartialEq)]
    enum Pet {
        #[elicit(rename = "pet-1", title = "Cats")]
        Cats,
        #[elicit(rename = "pet-2", title = "Dogs")]
        Dogs,
        #[elicit(rename = "pet-3", title = "Birds")]
        Birds,
    }
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Adopt {
        pet: Pet,
    }
    let request = from_server(Adopt::request("Which pet?"));
    for (typed, pet) in [
        ("Dogs", Pet::Dogs),
        ("dogs", Pet::Dogs),
        ("1", Pet::Cats),
        ("pet-3", Pet::Birds),
    ] {
        let mut draft = request.draft(Defaults::Never);
        draft.set_text("pet", typed).unwrap();
        let answer = Value::from(draft.finish().unwrap());
        assert_eq!(
            Adopt::parse_result(answer),
            Ok(ElicitAction::Accept(Adopt { pet })),
            "{typed}"
        );
    }
    let field = request.field("pet").unwrap();
    assert_eq!(
        field.parse_text("PET-2").unwrap_err().reason(),
        "pet: “PET-2” is not one of the choices; choose “Cats”, “Dogs” or “Birds”."
    );
}

/// C07: a multi-select's bounds and options, refused before sending with
/// the server's own errors; what is sent, the server takes in order.
#[test]
fn c07_multi_select_bounds() {
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase", min_items = 1, max_items = 2)]
    enum Color {
        Red,
        Green,
        Blue,
    }
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Paint {
        colors: Vec<Color>,
    }
    let request = from_server(Paint::request("Colours"));
    let colors = request.field("colors").unwrap();
    let server = |value: Value| {
        Paint::parse_result(json!({"action": "accept", "content": {"colors": value}}))
    };
    let value = colors.parse_text("blue, red").unwrap().unwrap();
    assert_eq!(
        server(value),
        Ok(ElicitAction::Accept(Paint {
            colors: vec![Color::Blue, Color::Red]
        }))
    );
    for (typed, sent) in [
        ("red, green, blue", json!(["red", "green", "blue"])),
        ("[]", json!([])),
        ("red, purple", json!(["red", "purple"])),
    ] {
        let refused = colors.parse_text(typed).unwrap_err();
        assert_eq!(server(sent), Err(refused.error().clone()), "{typed}");
    }
}

/// C20: decline and cancel carry no content; an accept of a required
/// field left blank is refused before it is sent, as the server would.
#[test]
fn c20_actions_and_content() {
    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    enum Priority {
        Low,
        Medium,
        High,
    }
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Task {
        priority: Priority,
    }
    let request = from_server(Task::request("Priority?"));
    let draft = request.draft(Defaults::Prefill);
    let blockers = draft.blockers();
    assert_eq!(
        Task::parse_result(json!({"action": "accept", "content": {}})),
        Err(blockers[0].error().clone())
    );
    assert_eq!(
        Task::parse_result(Value::from(Response::Decline)),
        Ok(ElicitAction::Decline)
    );
    assert_eq!(
        Task::parse_result(Value::from(Response::Cancel)),
        Ok(ElicitAction::Cancel)
    );
}

/// C05 and C13: titles with other scripts, quotes, a backslash, a tab
/// and a newline are labels a person can type, and a reason quotes them
/// on one line.
#[test]
fn c05_c13_labels_in_other_scripts_and_with_escapes() {
    let legacy = request(
        r#""language": {"type": "string", "title": "Language", "enum": ["en", "es", "fr", "de", "ja"],
            "enumNames": ["English", "Español", "Français", "Deutsch", "日本語"]}"#,
        &[],
    );
    let language = &legacy.fields()[0];
    assert_eq!(language.parse_text("español"), Ok(Some(json!("es"))));
    assert_eq!(language.parse_text("日本語"), Ok(Some(json!("ja"))));
    let sizes = request(
        r#""size": {"type": "string", "description": "Pick a \"size\"\nfor the box", "oneOf": [
            {"const": "klein", "title": "Klein – 6\" box"}, {"const": "groß", "title": "Groß \\ big"},
            {"const": "Ärger", "title": "Ärger 🚀\t(tab)"}]}"#,
        &[],
    );
    let size = &sizes.fields()[0];
    assert_eq!(size.description(), Some("Pick a \"size\"\nfor the box"));
    assert_eq!(size.parse_text("Klein – 6\" box"), Ok(Some(json!("klein"))));
    assert_eq!(size.parse_text("groß \\ big"), Ok(Some(json!("groß"))));
    assert_eq!(size.parse_text("3"), Ok(Some(json!("Ärger"))));
    assert_eq!(
        size.parse_text("klein\nbox").unwrap_err().reason(),
        "size: “klein box” is not one of the choices; choose “Klein – 6\" box”, “Groß \\ big” or “Ärger 🚀 (tab)”."
    );
}

/// C23 and C28: integers at the edges of u64 and i64, typed into the
/// fields a server derives for `u64` (which advertises at most
/// `i64::MAX`, the largest bound every peer reads) and `i64`.
#[test]
fn c23_c28_integers_at_the_edges() {
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Quota {
        bytes: u64,
    }
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Offset {
        b: i64,
    }
    let quota = from_server(Quota::request("Quota"));
    let bytes = quota.field("bytes").unwrap();
    let value = bytes.parse_text("9223372036854775807").unwrap().unwrap();
    assert_eq!(
        Quota::parse_result(json!({"action": "accept", "content": {"bytes": value}})),
        Ok(ElicitAction::Accept(Quota {
            bytes: i64::MAX as u64
        }))
    );
    // Past what the server advertises, the host refuses, though the
    // server's `u64` would take it: a host goes by the schema it is sent.
    let refused = bytes.parse_text("18446744073709551615").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::OutOfRange {
            value: u64::MAX.into(),
            minimum: Some(0.into()),
            maximum: Some(i64::MAX.into()),
        })
        .in_field("bytes")
    );
    assert_eq!(
        refused.reason(),
        "bytes: enter a number from 0 to 9223372036854775807; you entered “18446744073709551615”."
    );

    let offset = from_server(Offset::request("Offset"));
    let b = offset.field("b").unwrap();
    let value = b.parse_text("-9223372036854775808").unwrap().unwrap();
    assert_eq!(
        Offset::parse_result(json!({"action": "accept", "content": {"b": value}})),
        Ok(ElicitAction::Accept(Offset { b: i64::MIN }))
    );
    // The server reads the same digits from the accept's text, and
    // refuses them with the same error.
    for typed in ["-9223372036854775809", "9223372036854775808"] {
        let refused = b.parse_text(typed).unwrap_err();
        assert!(
            matches!(refused.error().kind(), ErrorKind::OutOfRange { .. }),
            "{typed}: {refused:?}"
        );
        let text = format!(r#"{{"action": "accept", "content": {{"b": {typed}}}}}"#);
        assert_eq!(
            Offset::parse_result_str(&text),
            Err(refused.error().clone()),
            "{typed}"
        );
    }
}

/// C29: an option whose value is `""` can be chosen by its label or its
/// number (an empty line is a blank answer), and set by a widget.
#[test]
fn c29_an_empty_value_is_chosen_by_its_label() {
    let request = request(
        r#""filter": {"type": "string", "oneOf": [{"const": "", "title": "Any"}, {"const": "open", "title": "Open"}]}"#,
        &["filter"],
    );
    let filter = &request.fields()[0];
    assert_eq!(filter.parse_text("Any"), Ok(Some(json!(""))));
    assert_eq!(filter.parse_text("1"), Ok(Some(json!(""))));
    assert_eq!(
        filter.parse_text("").unwrap_err().error(),
        &Error::from(ErrorKind::MissingField).in_field("filter")
    );
    let mut draft = request.draft(Defaults::Never);
    draft.select("filter", "").unwrap();
    assert_eq!(
        Value::from(draft.finish().unwrap()),
        json!({"action": "accept", "content": {"filter": ""}})
    );
}

/// C01 and C02: a titled select without `type`, and one behind a `$ref`
/// (without `type` too): neither can be shown, and the error says why.
#[test]
fn c01_c02_selects_that_cannot_be_shown() {
    let request = request(
        r##""priority": {"oneOf": [{"const": "low", "title": "Low Priority"}, {"const": "high", "title": "High Priority"}]},
            "level": {"$ref": "#/$defs/Level"}"##,
        &[],
    );
    let kinds: Vec<SchemaError> = request
        .fields()
        .iter()
        .map(|field| crate::host::unsupported(field).clone())
        .collect();
    assert_eq!(
        kinds,
        [
            SchemaError::MissingKeyword { keyword: "type" },
            SchemaError::MissingKeyword { keyword: "type" }
        ]
    );
    assert!(request.can_accept());
}
