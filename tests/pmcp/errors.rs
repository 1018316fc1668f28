//! What a client gets when a call cannot go on: pmcp sends every error a
//! handler returns as `-32603`, the core's code only in its text; a tool's
//! rejected answer is a result (`isError: true`) with the core's `data`.

use serde_json::{json, Value};

use crate::{http, meta, post};

const REASON: &str = "severity: \u{201c}urgent\u{201d} is not one of the choices; choose \
    \u{201c}Low: no user impact\u{201d} or \u{201c}High: users are affected\u{201d}.";

#[tokio::test]
async fn a_rejected_answer_is_asked_again_then_a_tool_result_with_the_data() {
    let address = http(&enum_schema::pmcp::seal()).await;
    let mut params = json!({"name": "incident", "arguments": {}, "_meta": meta()});
    let mut messages = Vec::new();
    let response = loop {
        let response = post(address, "tools/call", "incident", params.clone()).await;
        let result = &response["result"];
        if result["resultType"] != "input_required" {
            break response;
        }
        messages.push(result["inputRequests"]["incident"]["params"]["message"].clone());
        params["requestState"] = result["requestState"].clone();
        // Three different wrong answers: a person's mistakes, not a client
        // that answers without showing the form.
        let wrong = ["urgent", "severe", "critical"][messages.len() - 1];
        params["inputResponses"] =
            json!({"incident": {"action": "accept", "content": {"severity": wrong}}});
    };
    assert_eq!(messages[0], "How bad is it?");
    assert_eq!(messages[1], format!("How bad is it?\n\n{REASON}"));
    assert_eq!(messages.len(), 3);
    let message = "field `severity`: invalid value \"critical\": expected one of \"low\", \"high\"";
    assert_eq!(
        response["result"],
        json!({
            "content": [{"type": "text", "text": format!("the client's answer was rejected: {message}")}],
            "isError": true,
            "structuredContent": {"errors": [{
                "field": "severity",
                "value": "critical",
                "allowed": ["low", "high"],
                "message": message,
            }]},
            "resultType": "complete",
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "pmcp-tests", "version": "1.0.0"}},
        })
    );
}

/// A prompt has no error result: what cannot go on is a JSON-RPC error,
/// which pmcp sends as `-32603`, the core's `-32021` in the text and its
/// `data` dropped.
#[tokio::test]
async fn a_prompt_for_a_client_without_forms_is_minus_32603_naming_minus_32021() {
    let address = http(&enum_schema::pmcp::seal()).await;
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    let params = json!({"name": "summary", "_meta": meta});
    let response = post(address, "prompts/get", "summary", params).await;
    assert_eq!(
        response["error"],
        json!({
            "code": -32603,
            "message": "Protocol error: -32021 - This client cannot show the person a form (it did \
                        not declare form elicitation), so these questions were not asked:\n\n- \
                        \"How bad is it?\": only a person can answer this, in a client that shows \
                        forms (MCP elicitation); no argument can answer it.",
        })
    );
}

/// pmcp checks its own token before the tool runs, and keeps its code.
#[tokio::test]
async fn a_state_sent_with_other_arguments_is_refused_by_pmcp_with_minus_32602() {
    let address = http(&enum_schema::pmcp::seal()).await;
    let first = json!({"name": "incident", "arguments": {"a": 1}, "_meta": meta()});
    let response = post(address, "tools/call", "incident", first).await;
    let state: Value = response["result"]["requestState"].clone();
    let retry = json!({
        "name": "incident",
        "arguments": {"a": 2},
        "_meta": meta(),
        "requestState": state,
        "inputResponses": {"incident": {"action": "accept", "content": {"severity": "low"}}},
    });
    let response = post(address, "tools/call", "incident", retry).await;
    assert_eq!(response["error"]["code"], -32602);
    assert_eq!(response["error"]["message"], "invalid requestState");
}

/// pmcp hands a tool whatever `arguments` were sent; MCP's
/// `CallToolRequest` takes an object, so anything else but `null` is
/// refused before anything is asked.
#[tokio::test]
async fn arguments_that_are_no_object_are_refused_with_minus_32602_in_the_text() {
    let address = http(&enum_schema::pmcp::seal()).await;
    let cases = [
        (json!([1]), "an array"),
        (json!("high"), "a string"),
        (json!(7), "a number"),
        (json!(true), "true or false"),
    ];
    for (arguments, found) in cases {
        let params = json!({"name": "incident", "arguments": arguments, "_meta": meta()});
        let response = post(address, "tools/call", "incident", params).await;
        let message = format!(
            "Protocol error: -32602 - `arguments` is {found}; a tools/call takes an object"
        );
        assert_eq!(
            response["error"],
            json!({"code": -32603, "message": message}),
            "{arguments}"
        );
    }
}
