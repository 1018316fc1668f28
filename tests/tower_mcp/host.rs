//! tower-mcp's client types and the host form model
//! (`enum_schema::host`): the conversions, and what tower-mcp 0.25's
//! `ElicitRequestParams` loses before the host model sees a form, pinned
//! so that a fix in tower-mcp shows (the `tower_mcp` module docs list
//! these). End to end with tower-mcp's client: `host_e2e.rs`.

use enum_schema::host::{Kind, ReadError, Request, Response};
use enum_schema::tower_mcp::FieldValueError;
use serde_json::{json, Value};
use tower_mcp::protocol::{ElicitRequestParams, ElicitResult};

/// The params of a form whose property `order` is `property`, beside a
/// plain text field.
fn params(property: Value) -> Value {
    json!({
        "mode": "form",
        "message": "Which order?",
        "requestedSchema": {"type": "object", "properties": {"order": property, "note": {"type": "string"}}},
    })
}

/// The form as the host model reads it from tower-mcp's type, and from the
/// same params' JSON.
fn both(params: &Value) -> (Request, Request) {
    let through_tower: ElicitRequestParams = serde_json::from_value(params.clone()).unwrap();
    (
        Request::try_from(&through_tower).unwrap(),
        Request::from_params(params).unwrap(),
    )
}

fn labels(request: &Request) -> Vec<&str> {
    let options = request.fields()[0].options();
    options.iter().map(|option| option.label()).collect()
}

fn accept(content: Value) -> Response {
    Response::Accept(content.as_object().unwrap().clone())
}

#[test]
fn the_conversions() {
    // A URL elicitation, `mode` left out as tower-mcp allows.
    let url: ElicitRequestParams = serde_json::from_value(json!({
        "message": "Sign in", "url": "https://example.com/login", "elicitationId": "e1",
    }))
    .unwrap();
    assert_eq!(
        Request::try_from(url),
        Err(ReadError::NotAForm {
            mode: "url".to_owned()
        })
    );

    // Each value as the type that writes it back the same: a whole number
    // as an integer, not `45.0`.
    let answer = json!({"severity": "high", "minutes": 45, "ratio": 2.5, "ok": true,
        "services": ["search", "login"]});
    let result = ElicitResult::try_from(accept(answer.clone())).unwrap();
    assert_eq!(
        serde_json::to_value(&result).unwrap(),
        json!({"action": "accept", "content": answer})
    );
    for (response, expected) in [
        (Response::Decline, json!({"action": "decline"})),
        (Response::Cancel, json!({"action": "cancel"})),
    ] {
        let result = ElicitResult::try_from(response).unwrap();
        assert_eq!(serde_json::to_value(&result).unwrap(), expected);
    }

    // What its `ElicitFieldValue` cannot carry.
    for value in [json!(u64::MAX), json!(null), json!({"a": 1}), json!([1, 2])] {
        let error = ElicitResult::try_from(accept(json!({"count": value}))).unwrap_err();
        assert_eq!(
            (error.field.as_str(), &error.value),
            ("count", &value),
            "{error}"
        );
    }
    let error: FieldValueError =
        ElicitResult::try_from(accept(json!({"count": null}))).unwrap_err();
    assert_eq!(
        error.to_string(),
        "field `count`: tower-mcp's ElicitFieldValue cannot carry null (a string, a number, \
         a boolean or an array of strings; a whole number within i64)"
    );
}

#[test]
fn what_tower_mcp_loses_before_the_host_model_sees_a_form() {
    // A titled single-select (`oneOf`, no `enum`) reads as a plain string:
    // the options are gone.
    let (through_tower, json) = both(&params(json!({
        "type": "string",
        "oneOf": [{"const": "a1", "title": "First"}, {"const": "b2", "title": "Second"}],
    })));
    assert!(matches!(through_tower.fields()[0].kind(), Kind::Text(_)));
    assert_eq!(labels(&json), ["First", "Second"]);

    // Legacy `enumNames` are dropped: the options keep their values only.
    let (through_tower, json) = both(&params(json!({
        "type": "string", "enum": ["a1", "b2"], "enumNames": ["First", "Second"],
    })));
    assert_eq!(labels(&through_tower), ["a1", "b2"]);
    assert_eq!(labels(&json), ["First", "Second"]);

    // A titled multi-select (`items.anyOf`): the whole request does not
    // read.
    let titled_multi = params(json!({
        "type": "array",
        "items": {"anyOf": [{"const": "a1", "title": "First"}, {"const": "b2", "title": "Second"}]},
    }));
    let error = serde_json::from_value::<ElicitRequestParams>(titled_multi.clone()).unwrap_err();
    assert!(
        error.to_string().contains("did not match any variant"),
        "{error}"
    );
    assert!(matches!(
        Request::from_params(&titled_multi).unwrap().fields()[0].kind(),
        Kind::MultiSelect(_)
    ));

    // `minItems` and `maxItems` are not modelled: the host model cannot
    // refuse a count before sending.
    let (through_tower, json) = both(&params(json!({
        "type": "array", "minItems": 1, "maxItems": 2,
        "items": {"type": "string", "enum": ["a1", "b2", "c3"]},
    })));
    let Kind::MultiSelect(select) = through_tower.fields()[0].kind() else {
        panic!("a multi-select")
    };
    assert_eq!((select.min_items(), select.max_items()), (None, None));
    assert!(through_tower.fields()[0].parse_text("1, 2, 3").is_ok());
    let Kind::MultiSelect(select) = json.fields()[0].kind() else {
        panic!("a multi-select")
    };
    assert_eq!((select.min_items(), select.max_items()), (Some(1), Some(2)));

    // An integer bound with a fraction: the whole request does not read.
    let bound = params(json!({"type": "integer", "minimum": 1.0}));
    assert!(serde_json::from_value::<ElicitRequestParams>(bound).is_err());

    // Keywords it does not model are dropped (`x-*`); `format` and
    // `pattern` it keeps.
    let (through_tower, json) = both(&params(json!({
        "type": "string", "format": "uuid", "pattern": "^[0-9a-f-]+$", "x-widget": "order-id",
    })));
    assert_eq!(through_tower.fields()[0].notes().len(), 2);
    assert_eq!(json.fields()[0].notes().len(), 3);

    // What it cannot type is kept verbatim: a nested object reaches the
    // host model, which shows it as a field it cannot answer.
    let (through_tower, _) = both(&params(json!({"type": "object", "properties": {}})));
    assert!(matches!(
        through_tower.fields()[0].kind(),
        Kind::Unsupported(_)
    ));
}
