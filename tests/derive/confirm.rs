//! `enum_schema::Confirm`, the yes/no form: the exact `requestedSchema` on
//! every revision, the answers it accepts, the ones it refuses (exact error
//! and message), and the `bool` it gives.
//!
//! Source: MCP 2025-11-25 (`ElicitRequestFormParams.requestedSchema`,
//! `ElicitResult`, SEP-1330's titled single-select), 2025-06-18 (the legacy
//! `enum` + `enumNames` form).

use enum_schema::{
    error::JsonType, Confirm, ElicitAction, ElicitForm, Error, ErrorKind, ProtocolVersion,
};
use serde_json::{json, Value};

fn accept(content: Value) -> Value {
    json!({"action": "accept", "content": content})
}

fn rejected(result: Value) -> Error {
    match Confirm::parse_result(result) {
        Err(error) => error,
        Ok(answer) => panic!("accepted: {answer:?}"),
    }
}

#[test]
fn the_schema_is_one_required_titled_select_of_yes_and_no() {
    // No default: nothing is chosen for the user.
    assert_eq!(
        serde_json::to_value(Confirm::requested_schema()).unwrap(),
        json!({
            "type": "object",
            "properties": {"confirm": {
                "type": "string",
                "oneOf": [{"const": "yes", "title": "Yes"}, {"const": "no", "title": "No"}],
            }},
            "required": ["confirm"],
        }),
    );
    assert_eq!(Confirm::PROPERTY, "confirm");
    assert_eq!(Confirm::MESSAGE, None);
}

#[test]
fn the_request_carries_the_question_as_its_message() {
    assert_eq!(
        serde_json::to_value(Confirm::request("Deploy billing to prod-eu?")).unwrap(),
        json!({
            "message": "Deploy billing to prod-eu?",
            "requestedSchema": {
                "type": "object",
                "properties": {"confirm": {
                    "type": "string",
                    "oneOf": [{"const": "yes", "title": "Yes"}, {"const": "no", "title": "No"}],
                }},
                "required": ["confirm"],
            },
        }),
    );
}

#[test]
fn a_2025_06_18_peer_gets_the_legacy_enum_names() {
    let request =
        Confirm::request_for(ProtocolVersion::V2025_06_18, "Deploy billing to prod-eu?").unwrap();
    assert_eq!(
        serde_json::to_value(request).unwrap()["requestedSchema"]["properties"]["confirm"],
        json!({"type": "string", "enum": ["yes", "no"], "enumNames": ["Yes", "No"]}),
    );
    let request = Confirm::request_for(ProtocolVersion::V2026_07_28, "Deploy?").unwrap();
    assert_eq!(
        serde_json::to_value(request).unwrap()["requestedSchema"],
        serde_json::to_value(Confirm::requested_schema()).unwrap(),
    );
}

#[test]
fn yes_and_no_parse_to_their_variant_and_bool() {
    let yes = Confirm::parse_result(accept(json!({"confirm": "yes"}))).unwrap();
    assert_eq!(yes, ElicitAction::Accept(Confirm::Yes));
    assert!(yes.is_confirmed());
    let no = Confirm::parse_result(accept(json!({"confirm": "no"}))).unwrap();
    assert_eq!(no, ElicitAction::Accept(Confirm::No));
    assert!(!no.is_confirmed());

    assert!(Confirm::Yes.is_yes());
    assert!(!Confirm::No.is_yes());
    assert!(bool::from(Confirm::Yes));
    assert!(!bool::from(Confirm::No));
    assert_eq!(Confirm::from(true), Confirm::Yes);
    assert_eq!(Confirm::from(false), Confirm::No);
    assert_eq!((Confirm::Yes.value(), Confirm::No.value()), ("yes", "no"));
}

#[test]
fn decline_and_cancel_are_not_a_yes() {
    let declined = Confirm::parse_result(json!({"action": "decline"})).unwrap();
    assert_eq!(declined, ElicitAction::Decline);
    assert!(!declined.is_confirmed());
    // The content of a cancel is not looked at, even a "yes".
    let cancelled =
        Confirm::parse_result(json!({"action": "cancel", "content": {"confirm": "yes"}})).unwrap();
    assert_eq!(cancelled, ElicitAction::Cancel);
    assert!(!cancelled.is_confirmed());
}

#[test]
fn other_properties_are_ignored() {
    let answer =
        Confirm::parse_result(accept(json!({"confirm": "yes", "note": "ship it"}))).unwrap();
    assert_eq!(answer, ElicitAction::Accept(Confirm::Yes));
}

#[test]
fn a_title_instead_of_a_value_is_refused_with_the_hint() {
    let error = rejected(accept(json!({"confirm": "Yes"})));
    match error.kind() {
        ErrorKind::InvalidValue { value, allowed } => {
            assert_eq!(error.field(), Some("confirm"));
            assert_eq!(value, "Yes");
            let allowed: Vec<_> = allowed
                .iter()
                .map(|option| (option.value(), option.title()))
                .collect();
            assert_eq!(allowed, [("yes", Some("Yes")), ("no", Some("No"))]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        error.to_string(),
        r#"field `confirm`: invalid value "Yes": the client sent the title of option "yes" instead of its value; expected one of "yes", "no""#,
    );
}

#[test]
fn a_value_not_offered_is_refused() {
    let error = rejected(accept(json!({"confirm": "maybe"})));
    assert_eq!(
        error.to_string(),
        r#"field `confirm`: invalid value "maybe": expected one of "yes", "no""#,
    );
}

#[test]
fn a_boolean_is_the_wrong_type() {
    let error = rejected(accept(json!({"confirm": true})));
    assert_eq!(
        error,
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: json!(true),
        })
        .in_field("confirm"),
    );
    assert_eq!(
        error.to_string(),
        "field `confirm`: wrong type: expected a string, found a boolean (true)",
    );
}

#[test]
fn a_missing_answer_is_refused() {
    let error = rejected(accept(json!({})));
    assert_eq!(
        error,
        Error::from(ErrorKind::MissingField).in_field("confirm")
    );
    assert_eq!(
        error.to_string(),
        "field `confirm`: missing value for a required field"
    );
    // An accept without content is the same.
    let error = rejected(json!({"action": "accept"}));
    assert_eq!(
        error.to_string(),
        "field `confirm`: missing value for a required field"
    );
}

/// The runtime writes `Confirm`'s two options out by hand (it does not
/// depend on the derive, so that a build compiles the two side by side):
/// the `confirm` property is what the derive writes for the same enum, and
/// it reads the same values. (The runtime's own unit test checks the JSON
/// text it keeps against its serializer.)
mod written_as_the_derive_writes {
    use enum_schema::{Confirm, ElicitEnum, ElicitForm};
    use serde_json::json;

    #[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
    #[elicit(rename_all = "lowercase", description = false)]
    enum Answer {
        #[elicit(title = "Yes")]
        Yes,
        #[elicit(title = "No")]
        No,
    }

    #[test]
    fn confirm_s_property_is_the_derive_s() {
        let schema = serde_json::to_value(Confirm::requested_schema()).unwrap();
        let derived = serde_json::to_value(Answer::SINGLE_SELECT.to_schema()).unwrap();
        assert_eq!(schema["properties"]["confirm"], derived);
        for value in ["yes", "no", "Yes", "y", "", "no "] {
            let answer = json!({"action": "accept", "content": {"confirm": value}});
            let confirm = Confirm::parse_result(answer)
                .ok()
                .map(|action| action.accepted());
            let expected = Answer::from_wire_value(value).map(|answer| Some(answer == Answer::Yes));
            assert_eq!(
                confirm.map(|confirm| confirm.map(|confirm| confirm.is_yes())),
                expected,
                "{value:?}"
            );
        }
    }
}
