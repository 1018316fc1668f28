//! A person who takes longer than pmcp waits (before MCP 2026-07-28, a
//! fixed 60 seconds on `Server::run`, 30 on its HTTP server): the call
//! ends with a tool result that says so and what to do, never a hang or
//! an internal error; in process, on tokio's paused clock. (pmcp's client
//! reads nothing while its elicitation handler runs, so the result
//! reaches it when the person's late answer is sent.)

use std::time::Duration;

use enum_schema::pmcp::Continuation;
use serde_json::{json, Value};

use crate::{in_process, Host};

const MESSAGE: &str = "no answer to elicitation/create in time: pmcp waits at most 30 seconds \
    (60 on stdio) for the client before MCP 2026-07-28, and nothing was done; call the tool \
    again when the person is ready to answer at once (a client of MCP 2026-07-28 has no such \
    limit)";

fn high() -> Value {
    json!({"action": "accept", "content": {"severity": "high"}})
}

#[tokio::test(start_paused = true)]
async fn a_person_slower_than_pmcp_gets_a_result_that_names_the_timeout() {
    let host = Host::answering([high()]).after(Duration::from_secs(61));
    let client = in_process(&Continuation::seal(), &host).await;
    let result = client.call_tool("incident".into(), json!({})).await.unwrap();
    assert_eq!(
        serde_json::to_value(result).unwrap(),
        json!({
            "content": [{"type": "text", "text": MESSAGE}],
            "isError": true,
            "structuredContent": {"timedOut": "elicitation/create"},
        })
    );
    // Nothing after the form was asked.
    assert_eq!(host.seen(), [r#"elicitation/create "How bad is it?""#]);
}

#[tokio::test(start_paused = true)]
async fn a_person_within_pmcp_s_time_is_answered() {
    let host = Host::answering([high()]).after(Duration::from_secs(59));
    let client = in_process(&Continuation::seal(), &host).await;
    let result = client.call_tool("incident".into(), json!({})).await.unwrap();
    let result = serde_json::to_value(result).unwrap();
    assert_eq!(result["isError"], false);
    assert_eq!(host.seen().len(), 3);
}

#[tokio::test(start_paused = true)]
async fn a_seal_that_waits_less_than_pmcp_ends_the_call_the_same_way() {
    let seal = Continuation::seal().with_ttl(Duration::from_secs(5));
    let host = Host::answering([high()]).after(Duration::from_secs(6));
    let client = in_process(&seal, &host).await;
    let result = client.call_tool("incident".into(), json!({})).await.unwrap();
    let result = serde_json::to_value(result).unwrap();
    assert_eq!(result["content"][0]["text"], MESSAGE);
    assert_eq!(result["isError"], true);
    assert_eq!(host.seen().len(), 1);
}
