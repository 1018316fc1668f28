//! The rmcp client side: a received request read into the view, answers
//! checked before they are sent.

use enum_schema::rmcp::{accept, read_request, ClientError};
use enum_schema::{schema::SchemaError, ElicitEnum, ElicitForm, Error, ErrorKind};
use rmcp::model::ElicitRequestParams;
use serde_json::{json, Map, Value};

// Not the shared `Severity`: three options, a default and item bounds, which
// the tests below read back from the request.
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase", default = Low, min_items = 1, max_items = 2)]
enum Severity {
    #[elicit(title = "Low")]
    Low,
    #[elicit(title = "High")]
    High,
    #[elicit(title = "Critical")]
    Critical,
}

// Only the schema is used here.
#[allow(dead_code)]
#[derive(ElicitForm, Debug)]
struct Incident {
    /// How bad
    severity: Severity,
    /// Areas
    areas: Vec<Severity>,
    #[elicit(minimum = 0, maximum = 10)]
    count: Option<i64>,
}

/// The request as rmcp hands it to `create_elicitation`: through JSON text,
/// as it came off the wire.
fn received() -> ElicitRequestParams {
    let text = serde_json::to_string(&Incident::request("What happened?")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn content(value: Value) -> Map<String, Value> {
    value.as_object().unwrap().clone()
}

#[test]
fn the_request_reads_into_the_view_in_the_servers_order() {
    let form = read_request(&received()).unwrap();
    assert_eq!(form.message(), "What happened?");
    assert_eq!(form.requested_schema(), &Incident::requested_schema());
    let names: Vec<&str> = form
        .requested_schema()
        .properties()
        .iter()
        .map(|(name, _)| name.as_ref())
        .collect();
    assert_eq!(names, ["severity", "areas", "count"]);
    let areas = form.requested_schema().properties()[1].1.as_enum().unwrap();
    assert!(areas.is_multi());
    assert_eq!((areas.min_items(), areas.max_items()), (Some(1), Some(2)));
    assert_eq!(areas.options()[2].title(), Some("Critical"));
    let severity = form.requested_schema().properties()[0].1.as_enum().unwrap();
    assert_eq!(severity.default_values(), Some(vec!["low"]));
}

#[test]
fn a_valid_answer_becomes_the_accept_result() {
    let form = read_request(&received()).unwrap();
    let result = accept(
        form.requested_schema(),
        content(json!({"severity": "high", "areas": ["low", "critical"], "count": 3})),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(&result).unwrap(),
        json!({"action": "accept", "content": {"severity": "high", "areas": ["low", "critical"], "count": 3}}),
    );
}

#[test]
fn answers_the_server_would_refuse_are_caught() {
    let form = read_request(&received()).unwrap();
    let schema = form.requested_schema();
    let title = accept(
        schema,
        content(json!({"severity": "High", "areas": ["low"]})),
    )
    .unwrap_err();
    assert!(
        matches!(invalid(&title), Some(ErrorKind::InvalidValue { value, .. }) if value == "High")
    );
    assert_eq!(
        title.to_string(),
        r#"the answer breaks the requestedSchema: field `severity`: invalid value "High": the client sent the title of option "high" instead of its value; expected one of "low", "high", "critical""#
    );
    let many = accept(
        schema,
        content(json!({"severity": "low", "areas": ["low", "high", "critical"]})),
    )
    .unwrap_err();
    assert!(matches!(
        invalid(&many),
        Some(ErrorKind::TooManyItems { max: 2, .. })
    ));
    let string = accept(schema, content(json!({"severity": "low", "areas": "low"}))).unwrap_err();
    assert!(matches!(
        invalid(&string),
        Some(ErrorKind::TypeMismatch { .. })
    ));
    let missing = accept(schema, content(json!({"areas": ["low"]}))).unwrap_err();
    assert_eq!(
        invalid_error(&missing),
        Some(&Error::from(ErrorKind::MissingField).in_field("severity"))
    );
    let range = accept(
        schema,
        content(json!({"severity": "low", "areas": ["low"], "count": 11})),
    )
    .unwrap_err();
    assert!(matches!(
        invalid(&range),
        Some(ErrorKind::OutOfRange { .. })
    ));
    let unknown = accept(
        schema,
        content(json!({"severity": "low", "areas": ["low"], "extra": 1})),
    )
    .unwrap_err();
    assert_eq!(
        unknown,
        ClientError::UnknownField {
            field: "extra".to_owned()
        }
    );
    assert_eq!(
        unknown.to_string(),
        "field `extra` is not in the requestedSchema"
    );
}

#[test]
fn url_mode_and_unreadable_schemas_are_refused() {
    let url: ElicitRequestParams = serde_json::from_value(json!({
        "mode": "url", "message": "Sign in", "url": "https://example.com/login", "elicitationId": "1",
    }))
    .unwrap();
    assert_eq!(
        read_request(&url).unwrap_err(),
        ClientError::NotAForm {
            url: "https://example.com/login".to_owned()
        }
    );
    // A default that is not an option.
    let bad: ElicitRequestParams = serde_json::from_value(json!({
        "message": "Pick",
        "requestedSchema": {"type": "object", "properties": {
            "pick": {"type": "string", "enum": ["a", "b"], "default": "c"},
        }},
    }))
    .unwrap();
    assert!(matches!(
        read_request(&bad),
        Err(ClientError::Schema(SchemaError::Property { ref name, .. })) if name == "pick"
    ));
}

/// The error of a `ClientError::Invalid`.
fn invalid_error(error: &ClientError) -> Option<&Error> {
    match error {
        ClientError::Invalid(error) => Some(error),
        _ => None,
    }
}

/// The details of a `ClientError::Invalid`.
fn invalid(error: &ClientError) -> Option<&ErrorKind> {
    invalid_error(error).map(Error::kind)
}
