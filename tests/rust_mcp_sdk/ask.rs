//! `Ask` on rust-mcp-sdk 2.0: the rounds of a 2026-07-28 tool call, the
//! sealed `requestState`, and what a client gets back.

use enum_schema::ask::{ElicitError, RequestStateSeal};
use enum_schema::rust_mcp_sdk::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use rust_mcp_sdk::mcp_server::RequestStateCodec;
use rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, RpcError, ServerResult, TextContent,
};
use serde_json::{json, Value};

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Severity {
    #[elicit(title = "Low")]
    Low,
    #[elicit(title = "High")]
    High,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Triage {
    severity: Severity,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Service {
    Search,
    Login,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Impact {
    services: Vec<Service>,
}

fn seal(key: u8) -> RequestStateSeal {
    RequestStateSeal::new(RequestStateCodec::with_key([key; 32]))
}

fn params(name: &str, extra: Value) -> CallToolRequestParams {
    let mut request = json!({
        "name": name,
        "arguments": {"ticket": 7},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        },
    });
    for (key, value) in extra.as_object().unwrap() {
        request[key] = value.clone();
    }
    serde_json::from_value(request).unwrap()
}

/// The tool: asks how bad, then, if high, which services.
async fn tool(
    request: &CallToolRequestParams,
    seal: &RequestStateSeal,
) -> Result<ServerResult, RpcError> {
    Ask::for_tool(request, seal)?
        .tool(|ask| async move {
            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
            let mut text = format!("{triage:?}");
            if triage
                == ElicitAction::Accept(Triage {
                    severity: Severity::High,
                })
            {
                let impact = ask.form::<Impact>("impact", "Which services?").await?;
                text = format!("{text}; {impact:?}");
            }
            Ok(CallToolResult::text_content(vec![TextContent::from(text)]))
        })
        .await
}

fn value(result: Result<ServerResult, RpcError>) -> Value {
    serde_json::to_value(result.unwrap()).unwrap()
}

/// The `requestState` of an `input_required` result, taken out of it:
/// every round that asks seals one, the first included.
fn take_state(result: &mut Value) -> String {
    match result.as_object_mut().unwrap().remove("requestState") {
        Some(Value::String(state)) if !state.is_empty() => state,
        other => panic!("every round that asks seals a state: {other:?}"),
    }
}

/// The state of the tool's first round (nothing answered yet), which a
/// client presents with its answer to the first question.
async fn first_state(seal: &RequestStateSeal) -> String {
    take_state(&mut value(tool(&params("triage", json!({})), seal).await))
}

#[tokio::test]
async fn two_rounds_two_processes_then_the_typed_answer() {
    // The first call asks, and seals the question it asked.
    let mut first = value(tool(&params("triage", json!({})), &seal(1)).await);
    let asked = take_state(&mut first);
    assert_eq!(
        first,
        json!({
            "resultType": "input_required",
            "inputRequests": {"triage": {"method": "elicitation/create", "params": {
                "message": "How bad is it?",
                "requestedSchema": {"type": "object", "properties": {"severity": {
                    "type": "string",
                    "oneOf": [{"const": "low", "title": "Low"}, {"const": "high", "title": "High"}],
                }}, "required": ["severity"]},
            }}},
        }),
    );
    // The retry, on another process with the same key: the second question,
    // the first answer sealed in requestState.
    let retry = params(
        "triage",
        json!({
            "inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}},
            "requestState": asked,
        }),
    );
    let second = value(tool(&retry, &seal(1)).await);
    assert_eq!(
        second["inputRequests"]["impact"]["params"]["message"],
        "Which services?"
    );
    let state = second["requestState"].as_str().unwrap().to_owned();
    // The last round sends only the new answer and the state.
    let last = params(
        "triage",
        json!({
            "inputResponses": {"impact": {"action": "accept", "content": {"services": ["login"]}}},
            "requestState": state,
        }),
    );
    let done = value(tool(&last, &seal(1)).await);
    assert_eq!(
        done["content"][0]["text"],
        "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })"
    );
    // Signed with another key: refused.
    let error = tool(&last, &seal(2)).await.unwrap_err();
    assert_eq!(error.code, -32602);
    assert_eq!(
        error.message,
        "requestState was not issued by this server for this request; send the request again \
         without requestState and inputResponses"
    );
    assert_eq!(error.data, Some(json!({"requestState": "invalid"})));
    // Issued for another tool: refused.
    let mut foreign = last.clone();
    foreign.name = "other".to_owned();
    assert!(matches!(
        Ask::for_tool(&foreign, &seal(1)),
        Err(ElicitError::RequestState(
            enum_schema::ask::RequestStateError::OtherRequest
        ))
    ));
    // The sealed answer, changed in a retry (of another call: this one
    // completed, and a call completes once): the state's round did not
    // ask it, so the change is ignored and the sealed answer holds.
    let mut first = value(tool(&params("triage", json!({})), &seal(1)).await);
    let triage = json!({
        "inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}},
        "requestState": take_state(&mut first),
    });
    let mut second = value(tool(&params("triage", triage), &seal(1)).await);
    let changed = params(
        "triage",
        json!({
            "inputResponses": {
                "triage": {"action": "accept", "content": {"severity": "low"}},
                "impact": {"action": "accept", "content": {"services": ["login"]}},
            },
            "requestState": take_state(&mut second),
        }),
    );
    assert_eq!(
        value(tool(&changed, &seal(1)).await)["content"][0]["text"],
        "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })"
    );
}

/// A title sent instead of a value is asked again, with the reason and the
/// option pre-filled, the count sealed in `requestState`; then another
/// wrong answer (not the same twice in a row, which ends the call sooner),
/// asked again; the title a third time ends the tool with an error result
/// and its `data`.
#[tokio::test]
async fn a_title_instead_of_a_value_is_asked_again_then_a_tool_error_with_data() {
    let wrong = json!({"triage": {"action": "accept", "content": {"severity": "High"}}});
    let other = json!({"triage": {"action": "accept", "content": {"severity": "Low"}}});
    let mut state = Some(first_state(&seal(1)).await);
    for (attempt, (answer, reason, prefilled)) in [
        (&wrong, "please choose “High” again from the list.", "high"),
        (&other, "please choose “Low” again from the list.", "low"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut extra = json!({"inputResponses": answer});
        if let Some(state) = &state {
            extra["requestState"] = json!(state);
        }
        let again = value(tool(&params("triage", extra), &seal(1)).await);
        assert_eq!(again["resultType"], "input_required", "attempt {attempt}");
        let asked = &again["inputRequests"]["triage"]["params"];
        assert_eq!(
            asked["message"],
            format!("How bad is it?\n\nseverity: {reason}"),
            "attempt {attempt}"
        );
        assert_eq!(
            asked["requestedSchema"]["properties"]["severity"]["default"], prefilled,
            "attempt {attempt}"
        );
        state = Some(again["requestState"].as_str().unwrap().to_owned());
    }
    let last = params(
        "triage",
        json!({"inputResponses": wrong, "requestState": state.unwrap()}),
    );
    let result = value(tool(&last, &seal(1)).await);
    assert_eq!(result["isError"], true);
    assert_eq!(
        result["content"][0]["text"],
        r#"the client's answer was rejected: field `severity`: invalid value "High": the client sent the title of option "high" instead of its value; expected one of "low", "high""#
    );
    assert_eq!(
        result["structuredContent"],
        json!({"errors": [{
            "field": "severity",
            "value": "High",
            "allowed": ["low", "high"],
            "message": r#"field `severity`: invalid value "High": the client sent the title of option "high" instead of its value; expected one of "low", "high""#,
        }]}),
    );
}

#[tokio::test]
async fn decline_and_a_client_without_elicitation() {
    let retry = params(
        "triage",
        json!({
            "inputResponses": {"triage": {"action": "decline"}},
            "requestState": first_state(&seal(1)).await,
        }),
    );
    assert_eq!(
        value(tool(&retry, &seal(1)).await)["content"][0]["text"],
        "Decline"
    );
    let mut without = params("triage", json!({}));
    without.meta.client_capabilities.elicitation = None;
    // The result for the model, which says what was not asked.
    let result = value(tool(&without, &seal(1)).await);
    assert_eq!(result["isError"], true);
    assert_eq!(
        result["content"][0]["text"],
        "This client cannot show the person a form (it did not declare form elicitation), so \
         these questions were not asked:\n\n- \"How bad is it?\": only a person can answer \
         this, in a client that shows forms (MCP elicitation); no argument can answer it."
    );
    assert_eq!(
        result["structuredContent"]["requiredCapabilities"],
        json!({"elicitation": {"form": {}}})
    );
}

fn prompt_params(extra: Value) -> rust_mcp_sdk::schema::GetPromptRequestParams {
    let mut request = json!({
        "name": "triage",
        "arguments": {"team": "search"},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
        },
    });
    for (key, value) in extra.as_object().unwrap() {
        request[key] = value.clone();
    }
    serde_json::from_value(request).unwrap()
}

/// A prompt that asks with a run-time form.
async fn prompt(
    request: &rust_mcp_sdk::schema::GetPromptRequestParams,
) -> Result<ServerResult, RpcError> {
    let form = enum_schema::Form::new((("severity", Severity::SINGLE_SELECT),));
    Ask::for_prompt(request, &seal(1))?
        .prompt(|ask| async move {
            let answer = ask.fields("triage", &form, "How bad is it?").await?;
            Ok(rust_mcp_sdk::schema::GetPromptResult {
                description: Some(format!("{answer:?}")),
                messages: Vec::new(),
                meta: None,
                result_type: "complete".to_owned(),
            })
        })
        .await
}

#[tokio::test]
async fn a_prompt_asks_with_a_run_time_form_and_refuses_a_bad_answer_with_a_json_rpc_error() {
    // `"elicitation": {}` declares form mode.
    let mut first = value(prompt(&prompt_params(json!({}))).await);
    let asked = take_state(&mut first);
    assert_eq!(first["resultType"], "input_required");
    assert_eq!(
        first["inputRequests"]["triage"]["params"]["requestedSchema"]["properties"]["severity"]
            ["oneOf"][1],
        json!({"const": "high", "title": "High"}),
    );
    let answered = prompt_params(json!({
        "inputResponses": {"triage": {"action": "accept", "content": {"severity": "low"}}},
        "requestState": asked,
    }));
    assert_eq!(
        value(prompt(&answered).await)["description"],
        "Accept((Low,))"
    );
    // Asked again twice (never the same wrong answer twice in a row), then
    // refused.
    let wrong = json!({"triage": {"action": "accept", "content": {"severity": "urgent"}}});
    let other = json!({"triage": {"action": "accept", "content": {"severity": "severe"}}});
    // Another call (this one completed, and a call completes once).
    let asked = take_state(&mut value(prompt(&prompt_params(json!({}))).await));
    let mut extra = json!({"requestState": asked});
    for answer in [&wrong, &other] {
        extra["inputResponses"] = answer.clone();
        let again = value(prompt(&prompt_params(extra.clone())).await);
        assert_eq!(again["resultType"], "input_required");
        extra["requestState"] = again["requestState"].clone();
    }
    extra["inputResponses"] = wrong;
    let error = prompt(&prompt_params(extra)).await.unwrap_err();
    assert_eq!(error.code, -32602);
    assert_eq!(
        error.data,
        Some(json!({"errors": [{
            "field": "severity",
            "value": "urgent",
            "allowed": ["low", "high"],
            "message": r#"field `severity`: invalid value "urgent": expected one of "low", "high""#,
        }]})),
    );
}

/// The two server bugs the types let through are refused, as on rmcp: a
/// question outside the handler's body, and two questions under one key.
#[tokio::test]
async fn asking_outside_the_handler_or_twice_under_one_key_is_refused() {
    let seal = seal(1);
    let request = params("triage", json!({}));
    let ask = Ask::for_tool(&request, &seal).unwrap();
    let error = ask
        .form::<Triage>("triage", "How bad is it?")
        .await
        .unwrap_err();
    assert!(matches!(error, ElicitError::OutsideHandler), "{error:?}");
    assert_eq!(
        error.to_string(),
        "the server asked for input where its response cannot carry the request"
    );

    async fn twice(ask: Ask) -> Result<CallToolResult, ElicitError> {
        ask.form::<Triage>("q", "How bad is it?").await?;
        ask.form::<Impact>("q", "Which services?").await?;
        Ok(CallToolResult::text_content(vec![]))
    }
    // The first question asked, then answered with the state that asked it.
    let request = params("triage", json!({}));
    let mut asked = value(Ask::for_tool(&request, &seal).unwrap().tool(twice).await);
    let request = params(
        "triage",
        json!({
            "inputResponses": {"q": {"action": "accept", "content": {"severity": "low"}}},
            "requestState": take_state(&mut asked),
        }),
    );
    let error = Ask::for_tool(&request, &seal)
        .unwrap()
        .tool(twice)
        .await
        .unwrap_err();
    assert_eq!(error.code, RpcError::internal_error().code);
    assert_eq!(
        error.message,
        r#"the server asked two questions under the key "q" in one request"#
    );
}

/// The answer store through the SDK's own `Ask`: the same three rounds,
/// on two "processes" sharing the store and the key; the state carries a
/// sealed handle only, and the final round is accepted once.
#[cfg(feature = "store")]
#[tokio::test]
async fn with_a_store_the_state_is_a_handle_and_the_final_round_is_accepted_once() {
    use enum_schema::ask::MemoryStore;

    let store = MemoryStore::new();
    let stored = || seal(1).with_store(store.clone());
    // With a store, the first round already carries a handle.
    let first = value(tool(&params("triage", json!({})), &stored()).await);
    let handle = first["requestState"].as_str().unwrap().to_owned();
    assert_eq!(store.len(), 1);
    let retry = params(
        "triage",
        json!({
            "inputResponses": {"triage": {"action": "accept", "content": {"severity": "high"}}},
            "requestState": handle,
        }),
    );
    let second = value(tool(&retry, &stored()).await);
    let state = second["requestState"].as_str().unwrap().to_owned();
    assert!(state.len() < 200, "{state}");
    assert_eq!(store.len(), 1);
    let last = params(
        "triage",
        json!({
            "inputResponses": {"impact": {"action": "accept", "content": {"services": ["login"]}}},
            "requestState": state,
        }),
    );
    let done = value(tool(&last, &stored()).await);
    assert_eq!(
        done["content"][0]["text"],
        "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })"
    );
    // The answers were taken; the store remembers that the round
    // completed its call (issue 45), and a replay is told so, as without a
    // store, not to start over.
    assert_eq!((store.len(), store.marks()), (0, 1));
    let error = tool(&last, &stored()).await.unwrap_err();
    assert_eq!(error.code, -32602);
    assert_eq!(
        error.message,
        "the call this requestState belongs to already completed (or is completing): what it \
         did is done once, and not again, and its result is not sent twice; do not send this \
         request again"
    );
    assert_eq!(error.data, Some(json!({"requestState": "completed"})));
    // A round that only asked, sent again: its handle was used.
    let error = tool(&retry, &stored()).await.unwrap_err();
    assert_eq!(error.code, -32602);
    assert_eq!(error.data, Some(json!({"requestState": "used"})));
}

/// The argument `triage` answers the question without a round; without it,
/// a client that shows no form gets the result for the model.
#[tokio::test]
async fn an_argument_answers_and_a_client_without_forms_is_told_which() {
    async fn argued(
        request: &CallToolRequestParams,
        seal: &RequestStateSeal,
    ) -> Result<ServerResult, RpcError> {
        Ask::for_tool(request, seal)?
            .tool(|ask| async move {
                let question =
                    enum_schema::ask::Question::form::<Triage>("triage", "How bad is it?")
                        .with_argument();
                let triage = ask.question(question).await?;
                Ok(CallToolResult::text_content(vec![TextContent::from(
                    format!("{triage:?}"),
                )]))
            })
            .await
    }
    let with = params(
        "triage",
        json!({"arguments": {"triage": {"severity": "high"}}}),
    );
    assert_eq!(
        value(argued(&with, &seal(1)).await)["content"][0]["text"],
        "Accept(Triage { severity: High })"
    );
    let mut without = params("triage", json!({"arguments": {}}));
    without.meta.client_capabilities.elicitation = None;
    let result = value(argued(&without, &seal(1)).await);
    assert_eq!(result["isError"], true);
    assert_eq!(
        result["structuredContent"]["unasked"][0]["argument"],
        "triage"
    );
}
