//! A tool that asks a form, a sampled message and the roots completes on
//! MCP 2025-11-25 (each a request through the handler's peer, in process)
//! and on 2026-07-28 (each an `input_required` round over pmcp's HTTP
//! server, pmcp's client retrying), with the answers in the store
//! (`enum_schema::pmcp::seal`) or in pmcp's continuation; a prompt and a
//! resource ask too.

use std::collections::HashMap;

use enum_schema::ask::RequestStateSeal;
use enum_schema::pmcp::Continuation;
use serde_json::{json, Value};

use crate::{http, in_process, on_2026, Host};

const TEXT: &str =
    r#"severity High; summary "A database failover." by test-model; roots ["file:///srv/app"]"#;

fn high() -> Value {
    json!({"action": "accept", "content": {"severity": "high"}})
}

fn asked() -> Vec<String> {
    vec![
        r#"elicitation/create "How bad is it?""#.to_owned(),
        r#"sampling/createMessage "Summarize the incident""#.to_owned(),
        "roots/list".to_owned(),
    ]
}

fn text(result: impl serde::Serialize) -> (Value, Value) {
    let result = serde_json::to_value(result).unwrap();
    (
        result["content"][0]["text"].clone(),
        result["isError"].clone(),
    )
}

#[tokio::test]
async fn a_form_a_sampled_message_and_the_roots_on_2025_11_25() {
    let host = Host::answering([high()]);
    let client = in_process(&enum_schema::pmcp::seal(), &host).await;
    let result = client
        .call_tool("incident".into(), json!({}))
        .await
        .unwrap();
    assert_eq!(text(result), (json!(TEXT), json!(false)));
    assert_eq!(host.seen(), asked());
}

#[tokio::test]
async fn a_form_a_sampled_message_and_the_roots_on_2026_07_28() {
    for seal in [
        enum_schema::pmcp::seal(),
        RequestStateSeal::new(Continuation),
    ] {
        let address = http(&seal).await;
        let host = Host::answering([high()]);
        let client = on_2026(address, &host).await;
        let result = client
            .call_tool("incident".into(), json!({}))
            .await
            .unwrap();
        assert_eq!(text(result), (json!(TEXT), json!(false)));
        assert_eq!(host.seen(), asked());
    }
}

#[tokio::test]
async fn a_prompt_and_a_resource_ask_on_2026_07_28() {
    let address = http(&enum_schema::pmcp::seal()).await;
    let low = json!({"action": "accept", "content": {"severity": "low"}});
    let host = Host::answering([low.clone(), low]);
    let client = on_2026(address, &host).await;
    let prompt = client
        .get_prompt("summary".into(), HashMap::new())
        .await
        .unwrap();
    let prompt = serde_json::to_value(prompt).unwrap();
    assert_eq!(
        prompt["messages"][0]["content"]["text"],
        "Summarize: Accept(Incident { severity: Low })"
    );
    let resource = client.read_resource("report://today".into()).await.unwrap();
    let resource = serde_json::to_value(resource).unwrap();
    assert_eq!(
        resource["contents"][0]["text"],
        "Accept(Incident { severity: Low })"
    );
    assert_eq!(host.seen(), [r#"elicitation/create "How bad is it?""#; 2]);
}

#[tokio::test]
async fn a_decline_is_an_answer_on_2025_11_25() {
    let host = Host::answering([json!({"action": "decline"})]);
    let client = in_process(&enum_schema::pmcp::seal(), &host).await;
    let result = client
        .call_tool("incident".into(), json!({}))
        .await
        .unwrap();
    assert_eq!(
        text(result),
        (
            json!(
                r#"severity Decline; summary "A database failover." by test-model; roots ["file:///srv/app"]"#
            ),
            json!(false)
        )
    );
}
