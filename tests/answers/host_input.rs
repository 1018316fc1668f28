//! The MCP 2026-07-28 `input_required` envelope as a host reads it
//! (`InputRequired`: each request in the order written, an elicitation
//! that cannot be read kept with its error, any other method passed
//! through) and the params of the call sent again (`retry_params`), with
//! and without a `requestState`: the exact JSON.

use enum_schema::host::{Defaults, InputRequest, InputRequired, ReadError, Response};
use serde_json::{json, Map, Value};

const ROUND: &str = r#"{
    "resultType": "input_required",
    "inputRequests": {
        "zeta": {"method": "elicitation/create", "params": {
            "message": "Deploy?",
            "requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean", "title": "Go"}}, "required": ["ok"]}}},
        "model": {"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 10}},
        "roots": {"method": "roots/list"},
        "link": {"method": "elicitation/create", "params": {"mode": "url", "message": "Sign in", "url": "https://example.com", "elicitationId": "e1"}},
        "bare": {"method": "elicitation/create"}
    },
    "requestState": "sealed-state"
}"#;

#[test]
fn input_required_read_in_order() {
    let result = InputRequired::from_result_str(ROUND).unwrap();
    assert_eq!(result.request_state(), Some("sealed-state"));
    let keys: Vec<&str> = result
        .requests()
        .iter()
        .map(|(key, _)| key.as_str())
        .collect();
    assert_eq!(keys, ["zeta", "model", "roots", "link", "bare"]);
    let (_, InputRequest::Elicitation(Ok(form))) = &result.requests()[0] else {
        panic!("{:?}", result.requests()[0])
    };
    assert_eq!(
        (
            form.message(),
            form.fields()[0].label(),
            form.fields()[0].is_required()
        ),
        ("Deploy?", "Go", true)
    );
    assert_eq!(
        result.requests()[1].1,
        InputRequest::Other {
            method: "sampling/createMessage".into(),
            params: json!({"messages": [], "maxTokens": 10}),
        }
    );
    assert_eq!(
        result.requests()[2].1,
        InputRequest::Other {
            method: "roots/list".into(),
            params: Value::Null
        }
    );
    assert_eq!(
        result.requests()[3].1,
        InputRequest::Elicitation(Err(ReadError::NotAForm { mode: "url".into() }))
    );
    assert_eq!(
        result.requests()[4].1,
        InputRequest::Elicitation(Err(ReadError::InvalidMember {
            member: "params",
            expected: "an object",
            found: None
        }))
    );
    let value: Value = serde_json::from_str(ROUND).unwrap();
    assert_eq!(
        InputRequired::from_result(&value).unwrap().request_state(),
        Some("sealed-state")
    );
}

#[test]
fn retry_params_with_state() {
    let result = InputRequired::from_result_str(ROUND).unwrap();
    let (_, InputRequest::Elicitation(Ok(form))) = &result.requests()[0] else {
        unreachable!()
    };
    let mut draft = form.draft(Defaults::Prefill);
    draft.set_text("ok", "y").unwrap();
    let answer = Value::from(draft.finish().unwrap());
    let sampled =
        json!({"role": "assistant", "content": {"type": "text", "text": "ok"}, "model": "m"});
    let call = json!({
        "name": "deploy",
        "arguments": {"env": "prod"},
        "inputResponses": {"old": {"action": "cancel"}},
        "requestState": "earlier-round",
    });
    let retry = result.retry_params(
        call,
        [
            ("zeta".to_owned(), answer),
            ("model".to_owned(), sampled.clone()),
            ("link".to_owned(), Value::from(Response::Decline)),
            ("bare".to_owned(), Value::from(Response::Decline)),
        ],
    );
    assert_eq!(
        retry.to_string(),
        json!({
            "name": "deploy",
            "arguments": {"env": "prod"},
            "inputResponses": {
                "zeta": {"action": "accept", "content": {"ok": true}},
                "model": sampled,
                "link": {"action": "decline"},
                "bare": {"action": "decline"},
            },
            "requestState": "sealed-state",
        })
        .to_string()
    );
}

#[test]
fn retry_params_without_state() {
    let result = InputRequired::from_result_str(
        r#"{"resultType": "input_required", "inputRequests": {"q": {"method": "elicitation/create", "params": {
            "message": "m", "requestedSchema": {"type": "object", "properties": {}}}}}}"#,
    )
    .unwrap();
    assert_eq!(result.request_state(), None);
    let retry = result.retry_params(
        json!({"name": "t", "requestState": "stale", "inputResponses": {"x": {}}}),
        [("q".to_owned(), Response::Cancel)],
    );
    assert_eq!(
        retry,
        json!({"name": "t", "inputResponses": {"q": {"action": "cancel"}}})
    );
    // A call that was no object: the retry's own members only.
    assert_eq!(
        result.retry_params(
            Value::Null,
            [("q".to_owned(), Response::Accept(Map::new()))]
        ),
        json!({"inputResponses": {"q": {"action": "accept", "content": {}}}})
    );
}

#[test]
fn input_required_read_errors() {
    let member = |member: &'static str, expected: &'static str, found: Option<Value>| {
        ReadError::InvalidMember {
            member,
            expected,
            found,
        }
    };
    let cases = [
        (
            r#"{"resultType": "input_required""#,
            ReadError::InvalidJson {
                message: "EOF while parsing an object at line 1 column 31".into(),
            },
        ),
        ("[1]", member("result", "an object", Some(json!([1])))),
        (
            r#"{"inputRequests": {}}"#,
            member("resultType", "\"input_required\"", None),
        ),
        (
            r#"{"resultType": "complete", "inputRequests": {}}"#,
            member("resultType", "\"input_required\"", Some(json!("complete"))),
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": []}"#,
            member("inputRequests", "an object", Some(json!([]))),
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": {"a": {"params": {}}}}"#,
            member(
                "inputRequests.*.method",
                "a string",
                Some(json!({"params": {}})),
            ),
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": {"a": {"method": 7}}}"#,
            member("inputRequests.*.method", "a string", Some(json!(7))),
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": {"a": 5}}"#,
            member("inputRequests.*.method", "a string", Some(json!(5))),
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": {}, "requestState": {"k": 1}}"#,
            member("requestState", "a string", Some(json!({"k": 1}))),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(
            InputRequired::from_result_str(text),
            Err(expected.clone()),
            "{text}"
        );
        if let Ok(value) = serde_json::from_str::<Value>(text) {
            assert_eq!(InputRequired::from_result(&value), Err(expected), "{text}");
        }
    }
    assert_eq!(
        InputRequired::from_result_str(
            r#"{"resultType": "input_required", "inputRequests": {"a": {"method": 7}}}"#
        )
        .unwrap_err()
        .to_string(),
        "`inputRequests.*.method` must be a string, found 7"
    );
    // An elicitation whose params cannot be read is kept with its error.
    let result = InputRequired::from_result_str(
        r#"{"resultType": "input_required", "inputRequests": {"a": {"method": "elicitation/create", "params": {"message": 1}}}}"#,
    )
    .unwrap();
    assert_eq!(
        result.requests()[0].1,
        InputRequest::Elicitation(Err(member("message", "a string", Some(json!(1)))))
    );
}

/// A member of the result, or a key of `inputRequests`, named twice:
/// refused, as peers would disagree on what was asked.
#[test]
fn a_key_named_twice_in_the_envelope() {
    for (text, key) in [
        (
            r#"{"resultType": "input_required", "requestState": "a", "requestState": "b"}"#,
            "requestState",
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": {
                "k": {"method": "roots/list"}, "k": {"method": "roots/list"}}}"#,
            "k",
        ),
    ] {
        assert_eq!(
            InputRequired::from_result_str(text),
            Err(ReadError::DuplicateKey { key: key.into() })
        );
    }
}

/// MCP 2026-07-28 makes `inputRequests` optional: a round that carries
/// only a `requestState` (the spec's
/// `input-required-result-with-request-state-only.json`) is sent back
/// with no answers and the state unchanged.
#[test]
fn a_round_with_only_a_request_state() {
    let result =
        InputRequired::from_result_str(r#"{"resultType": "input_required", "requestState": "s1"}"#)
            .unwrap();
    assert!(result.requests().is_empty());
    assert_eq!(result.request_state(), Some("s1"));
    let retry = result.retry_params(json!({"name": "t"}), Vec::<(String, Value)>::new());
    assert_eq!(
        retry,
        json!({"name": "t", "inputResponses": {}, "requestState": "s1"})
    );
}
