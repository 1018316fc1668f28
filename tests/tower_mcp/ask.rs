//! `Ask` on tower-mcp 0.25, through tower-mcp's own JSON-RPC service (the
//! router the HTTP transport runs, in-process): the rounds of a 2026-07-28
//! tool call, the sealed `requestState`, a prompt, and what a client gets
//! back.

use std::collections::HashMap;

use enum_schema::ask::RequestStateSeal;
use enum_schema::tower_mcp::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use serde_json::{json, Value};
use tower_mcp::protocol::{GetPromptResult, ReadResourceResult};
use tower_mcp::RequestStateCodec;
use tower_mcp::{
    CallToolResult, JsonRpcRequest, JsonRpcResponse, JsonRpcService, McpRouter, PromptBuilder,
    RequestContext, ResourceBuilder, ToolBuilder,
};

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
#[elicit(rename_all = "lowercase", max_items = 2)]
enum Service {
    Search,
    Login,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Impact {
    services: Vec<Service>,
}

fn seal(key: u8) -> RequestStateSeal {
    let codec = RequestStateCodec::new([key; 32], RequestStateSeal::DEFAULT_TTL).unwrap();
    RequestStateSeal::new(codec)
}

/// A server with the tool `triage` (how bad, then, if high, which
/// services) and the prompt `summary` (how bad), sealing with `key`.
fn server(key: u8) -> JsonRpcService<McpRouter> {
    let tool_seal = seal(key);
    let tool = ToolBuilder::new("triage")
        .mrtr_handler(move |ctx: RequestContext, input: Value| {
            let seal = tool_seal.clone();
            async move {
                Ask::for_tool(&ctx, "triage", &input, &seal)?
                    .tool(|ask| async move {
                        let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
                        let mut text = format!("{triage:?}");
                        let high = ElicitAction::Accept(Triage {
                            severity: Severity::High,
                        });
                        if triage == high {
                            let impact = ask.form::<Impact>("impact", "Which services?").await?;
                            text = format!("{text}; {impact:?}");
                        }
                        Ok(CallToolResult::text(text))
                    })
                    .await
            }
        })
        .build();
    let prompt_seal = seal(key);
    let prompt = PromptBuilder::new("summary")
        .mrtr_handler(
            move |ctx: RequestContext, arguments: HashMap<String, String>| {
                let seal = prompt_seal.clone();
                async move {
                    Ask::for_prompt(&ctx, "summary", &arguments, &seal)?
                        .prompt(|ask| async move {
                            let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
                            Ok(GetPromptResult::user_message(format!("{triage:?}")))
                        })
                        .await
                }
            },
        )
        .build();
    let resource_seal = seal(key);
    let resource = ResourceBuilder::new("triage://current")
        .name("current triage")
        .mrtr_handler(move |ctx: RequestContext| {
            let seal = resource_seal.clone();
            async move {
                Ask::for_resource(&ctx, "triage://current", &seal)?
                    .resource(|ask| async move {
                        let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
                        Ok(ReadResourceResult::text(
                            "triage://current",
                            format!("{triage:?}"),
                        ))
                    })
                    .await
            }
        })
        .build();
    let argued_seal = seal(key);
    let argued = ToolBuilder::new("triage_argued")
        .mrtr_handler(move |ctx: RequestContext, input: Value| {
            let seal = argued_seal.clone();
            async move {
                Ask::for_tool(&ctx, "triage_argued", &input, &seal)?
                    .tool(|ask| async move {
                        let question =
                            enum_schema::ask::Question::form::<Triage>("triage", "How bad is it?")
                                .with_argument();
                        let triage = ask.question(question).await?;
                        Ok(CallToolResult::text(format!("{triage:?}")))
                    })
                    .await
            }
        })
        .build();
    let router = McpRouter::new()
        .server_info("test", "1.0.0")
        .tool(tool)
        .tool(argued)
        .prompt(prompt)
        .resource(resource);
    JsonRpcService::new(router)
}

const META: &str = r#"{
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
    "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"}
}"#;

/// Calls `method` with `params` (plus the 2026-07-28 `_meta`): the result,
/// or the JSON-RPC error as `{"error": ..}`.
async fn call(server: &mut JsonRpcService<McpRouter>, method: &str, params: Value) -> Value {
    let mut params = params;
    if params.get("_meta").is_none() {
        params["_meta"] = serde_json::from_str(META).unwrap();
    }
    let request = JsonRpcRequest::new(1, method).with_params(params);
    match server.call_single(request).await.unwrap() {
        JsonRpcResponse::Result(response) => response.result,
        JsonRpcResponse::Error(response) => json!({"error": response.error}),
        other => panic!("not a response to one request: {other:?}"),
    }
}

fn triage(extra: Value) -> Value {
    let mut params = json!({"name": "triage", "arguments": {"ticket": 7}});
    for (key, value) in extra.as_object().unwrap() {
        params[key] = value.clone();
    }
    params
}

fn text(result: &Value) -> &str {
    result["content"][0]["text"].as_str().unwrap()
}

/// The `requestState` of an `input_required` result: every round that asks
/// seals one, the first included, and an answer counts only with it.
fn state_of(result: &Value) -> String {
    assert_eq!(result["resultType"], "input_required", "{result}");
    let state = result["requestState"].as_str().expect("a requestState");
    assert!(!state.is_empty());
    state.to_owned()
}

#[tokio::test]
async fn two_rounds_two_processes_then_the_typed_answer() {
    let (mut a, mut b) = (server(1), server(1));

    let first = call(&mut a, "tools/call", triage(json!({}))).await;
    assert_eq!(first["resultType"], "input_required");
    let request = &first["inputRequests"]["triage"];
    assert_eq!(request["method"], "elicitation/create");
    assert_eq!(request["params"]["message"], "How bad is it?");
    assert_eq!(
        request["params"]["requestedSchema"],
        json!({"type": "object", "properties": {"severity": {"type": "string",
            "oneOf": [{"const": "low", "title": "Low"}, {"const": "high", "title": "High"}]}},
            "required": ["severity"]}),
    );
    // The question asked is sealed.
    let asked = state_of(&first);

    // The retry reaches another process with the same key.
    let answer = json!({"triage": {"action": "accept", "content": {"severity": "high"}}});
    let second = call(
        &mut b,
        "tools/call",
        triage(json!({"inputResponses": answer, "requestState": asked})),
    )
    .await;
    assert_eq!(second["resultType"], "input_required");
    assert_eq!(
        second["inputRequests"]["impact"]["params"]["requestedSchema"]["properties"]["services"],
        json!({"type": "array", "items": {"type": "string", "enum": ["search", "login"]},
            "maxItems": 2}),
    );
    let state = second["requestState"].as_str().unwrap().to_owned();

    // Only this round's answer in inputResponses; the first from the state.
    let answer = json!({"impact": {"action": "accept", "content": {"services": ["login"]}}});
    let third = call(
        &mut a,
        "tools/call",
        triage(json!({"inputResponses": answer, "requestState": state})),
    )
    .await;
    assert_eq!(third["resultType"], "complete");
    assert_eq!(third.get("isError"), None);
    assert_eq!(
        text(&third),
        "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })",
    );
    // The round that completed the call, sent again to the same process:
    // refused, and told apart from a state to start over by its `data`
    // (issue 45).
    let replayed = call(
        &mut a,
        "tools/call",
        triage(json!({"inputResponses": answer, "requestState": state})),
    )
    .await;
    assert_eq!(replayed["error"]["code"], -32602, "{replayed}");
    assert_eq!(
        replayed["error"]["data"],
        json!({"requestState": "completed"}),
        "{replayed}"
    );

    // Another key, or other arguments: the state is refused.
    let answer = json!({"impact": {"action": "accept", "content": {"services": ["login"]}}});
    for (mut server, arguments) in [
        (server(2), json!({"ticket": 7})),
        (server(1), json!({"ticket": 8})),
    ] {
        let params = json!({"name": "triage", "arguments": arguments,
            "inputResponses": answer, "requestState": state});
        let refused = call(&mut server, "tools/call", params).await;
        assert_eq!(refused["error"]["code"], -32602, "{refused}");
        assert!(
            refused["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with("requestState was not issued by this server for this request"),
            "{refused}",
        );
        assert_eq!(
            refused["error"]["data"],
            json!({"requestState": "invalid"}),
            "{refused}"
        );
    }
}

#[tokio::test]
async fn a_title_instead_of_a_value_is_asked_again_then_a_tool_error_with_data() {
    let mut server = server(1);
    let title = json!({"triage": {"action": "accept", "content": {"severity": "High"}}});
    let asked = state_of(&call(&mut server, "tools/call", triage(json!({}))).await);
    let again = call(
        &mut server,
        "tools/call",
        triage(json!({"inputResponses": title, "requestState": asked})),
    )
    .await;
    assert_eq!(again["resultType"], "input_required");
    let message = again["inputRequests"]["triage"]["params"]["message"]
        .as_str()
        .unwrap();
    assert!(message.starts_with("How bad is it?"), "{message}");
    assert_ne!(message, "How bad is it?", "the reason follows the message");

    // Another wrong answer, then the title again (never the same wrong
    // answer twice in a row, which ends the call sooner).
    let other = json!({"triage": {"action": "accept", "content": {"severity": "Low"}}});
    let mut state = again["requestState"].as_str().unwrap().to_owned();
    for answer in [&other, &title] {
        let params = triage(json!({"inputResponses": answer, "requestState": state}));
        let result = call(&mut server, "tools/call", params).await;
        if result["resultType"] == "input_required" {
            state = result["requestState"].as_str().unwrap().to_owned();
            continue;
        }
        assert_eq!(result["isError"], true, "{result}");
        assert!(text(&result).starts_with("the client's answer was rejected: field `severity`"));
        let error = &result["structuredContent"]["errors"][0];
        assert_eq!(error["field"], "severity");
        assert_eq!(error["value"], "High");
        assert_eq!(error["allowed"], json!(["low", "high"]));
        return;
    }
    panic!("the third rejected answer did not end the call");
}

/// The tool ends with the result for the model, which says what was not
/// asked and why.
#[tokio::test]
async fn a_client_without_elicitation_gets_a_result_for_the_model() {
    let mut server = server(1);
    let mut meta: Value = serde_json::from_str(META).unwrap();
    meta["io.modelcontextprotocol/clientCapabilities"] = json!({});
    let result = call(&mut server, "tools/call", triage(json!({"_meta": meta}))).await;
    assert_eq!(result["isError"], true, "{result}");
    assert!(
        text(&result).starts_with(
            "This client cannot show the person a form (it did not declare form elicitation), \
             so these questions were not asked:"
        ),
        "{result}"
    );
    assert_eq!(
        result["structuredContent"]["requiredCapabilities"],
        json!({"elicitation": {"form": {}}})
    );
}

#[tokio::test]
async fn decline_ends_the_tool_with_its_own_result() {
    let mut server = server(1);
    let declined = json!({"triage": {"action": "decline"}});
    let asked = state_of(&call(&mut server, "tools/call", triage(json!({}))).await);
    let result = call(
        &mut server,
        "tools/call",
        triage(json!({"inputResponses": declined, "requestState": asked})),
    )
    .await;
    assert_eq!(text(&result), "Decline");
}

#[tokio::test]
async fn a_prompt_asks_and_refuses_a_bad_answer_with_a_json_rpc_error() {
    let mut server = server(1);
    let params = json!({"name": "summary", "arguments": {"topic": "db"}});
    let first = call(&mut server, "prompts/get", params.clone()).await;
    assert_eq!(first["resultType"], "input_required");
    assert_eq!(
        first["inputRequests"]["triage"]["method"],
        "elicitation/create"
    );

    let asked = state_of(&first);

    let mut retry = params.clone();
    retry["inputResponses"] =
        json!({"triage": {"action": "accept", "content": {"severity": "low"}}});
    retry["requestState"] = json!(asked);
    let done = call(&mut server, "prompts/get", retry).await;
    assert_eq!(
        done["messages"][0]["content"]["text"],
        "Accept(Triage { severity: Low })"
    );

    let empty = json!({"triage": {"action": "accept", "content": {}}});
    let urgent = json!({"triage": {"action": "accept", "content": {"severity": "urgent"}}});
    // Another call (this one completed, and a call completes once).
    let asked = state_of(&call(&mut server, "prompts/get", params.clone()).await);
    let mut bad = params;
    bad["inputResponses"] = empty.clone();
    bad["requestState"] = json!(asked);
    let mut result = call(&mut server, "prompts/get", bad.clone()).await;
    // Asked again twice (never the same wrong answer twice in a row), then
    // the JSON-RPC error with the data.
    for answer in [urgent, empty] {
        assert_eq!(result["resultType"], "input_required", "{result}");
        bad["requestState"] = result["requestState"].clone();
        bad["inputResponses"] = answer;
        result = call(&mut server, "prompts/get", bad.clone()).await;
    }
    assert_eq!(result["error"]["code"], -32602, "{result}");
    assert_eq!(result["error"]["data"]["errors"][0]["field"], "severity");
}

#[tokio::test]
async fn a_resource_read_asks_and_its_state_is_bound_to_the_uri() {
    let mut server = server(1);
    let read = json!({"uri": "triage://current"});
    let first = call(&mut server, "resources/read", read.clone()).await;
    assert_eq!(first["resultType"], "input_required", "{first}");
    assert_eq!(
        first["inputRequests"]["triage"]["params"]["message"],
        "How bad is it?"
    );

    let mut retry = read;
    retry["inputResponses"] =
        json!({"triage": {"action": "accept", "content": {"severity": "high"}}});
    retry["requestState"] = json!(state_of(&first));
    let done = call(&mut server, "resources/read", retry).await;
    assert_eq!(
        done["contents"][0]["text"], "Accept(Triage { severity: High })",
        "{done}"
    );
    assert_eq!(done["contents"][0]["uri"], "triage://current");

    // A state sealed for the tool is refused by the resource.
    let title = json!({"triage": {"action": "accept", "content": {"severity": "High"}}});
    let asked = state_of(&call(&mut server, "tools/call", triage(json!({}))).await);
    let tool_round = call(
        &mut server,
        "tools/call",
        triage(json!({"inputResponses": title, "requestState": asked})),
    )
    .await;
    // Asked again, with the attempt sealed.
    assert_ne!(state_of(&tool_round), asked);
    let params = json!({"uri": "triage://current", "requestState": tool_round["requestState"]});
    let refused = call(&mut server, "resources/read", params).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
}

/// The argument `triage` answers the question without a round; without it,
/// a client that shows no form gets the result for the model.
#[tokio::test]
async fn an_argument_answers_and_a_client_without_forms_is_told_which() {
    let mut server = server(1);
    let params = json!({"name": "triage_argued", "arguments": {"triage": {"severity": "high"}}});
    let result = call(&mut server, "tools/call", params).await;
    assert_eq!(
        text(&result),
        "Accept(Triage { severity: High })",
        "{result}"
    );

    let mut meta: Value = serde_json::from_str(META).unwrap();
    meta["io.modelcontextprotocol/clientCapabilities"] = json!({});
    let params = json!({"name": "triage_argued", "arguments": {}, "_meta": meta});
    let result = call(&mut server, "tools/call", params).await;
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(
        result["structuredContent"]["unasked"][0]["argument"], "triage",
        "{result}"
    );
    assert!(
        text(&result).contains("call the tool `triage_argued` again with the argument `triage`"),
        "{result}"
    );
}
