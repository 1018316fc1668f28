//! A person who takes longer than pmcp waits (before MCP 2026-07-28, a
//! fixed 60 seconds on `Server::run`, 30 on its HTTP server): the call
//! ends with a tool result that says so and what to do, never a hang or
//! an internal error; in process, on tokio's paused clock. (pmcp's client
//! reads nothing while its elicitation handler runs, so the result
//! reaches it when the person's late answer is sent.) And the progress a
//! waiting call sends, and a call cancelled while it waits.

use std::time::Duration;

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
    let client = in_process(&enum_schema::pmcp::seal(), &host).await;
    let result = client
        .call_tool("incident".into(), json!({}))
        .await
        .unwrap();
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
    let client = in_process(&enum_schema::pmcp::seal(), &host).await;
    let result = client
        .call_tool("incident".into(), json!({}))
        .await
        .unwrap();
    let result = serde_json::to_value(result).unwrap();
    assert_eq!(result["isError"], false);
    assert_eq!(host.seen().len(), 3);
}

#[tokio::test(start_paused = true)]
async fn a_seal_that_waits_less_than_pmcp_ends_the_call_the_same_way() {
    let seal = enum_schema::pmcp::seal().with_ttl(Duration::from_secs(5));
    let host = Host::answering([high()]).after(Duration::from_secs(6));
    let client = in_process(&seal, &host).await;
    let result = client
        .call_tool("incident".into(), json!({}))
        .await
        .unwrap();
    let result = serde_json::to_value(result).unwrap();
    assert_eq!(result["content"][0]["text"], MESSAGE);
    assert_eq!(result["isError"], true);
    assert_eq!(host.seen().len(), 1);
}

/// While the person takes their time, a call with a `progressToken` gets
/// `notifications/progress` every interval of the seal (pmcp sends
/// `progress` as a float), which keeps a client that resets its own
/// timeout on progress waiting. On the real clock: pmcp drops a second
/// notification within 100 ms of real time.
#[tokio::test]
async fn progress_while_the_person_answers() {
    use pmcp::types::protocol::RequestMeta;
    let seal = enum_schema::pmcp::seal().with_progress_interval(Some(Duration::from_secs(1)));
    let host = Host::answering([high()]).after(Duration::from_millis(2500));
    let crate::InProcess {
        client,
        client_received: notifications,
        ..
    } = crate::in_process_noting(&seal, &host).await;
    let token = serde_json::from_value(json!("p1")).unwrap();
    let meta = RequestMeta::new().with_progress_token(token);
    let result = client
        .call_tool_with_meta("incident".into(), json!({}), meta)
        .await
        .unwrap();
    assert_eq!(serde_json::to_value(result).unwrap()["isError"], false);
    let progress: Vec<Value> = notifications
        .lock()
        .unwrap()
        .iter()
        .filter(|notification| notification["method"] == "notifications/progress")
        .map(|notification| notification["params"].clone())
        .collect();
    let waiting = |progress: f64| json!({"progressToken": "p1", "progress": progress, "message": "Waiting for the person to answer"});
    assert_eq!(progress, [waiting(1.0), waiting(2.0)]);
}

/// `notifications/cancelled` for a call that waits for the person: the
/// call stops waiting at once, asks nothing more, and pmcp answers it with
/// `-32603` naming the cancellation (MCP says a cancelled request gets no
/// answer; pmcp sends one).
#[tokio::test(start_paused = true)]
async fn a_cancelled_call_stops_waiting_and_asks_nothing_more() {
    use pmcp::shared::TransportMessage;
    use pmcp::types::{ClientNotification, Notification};
    let host = Host::answering([high()]).after(Duration::from_secs(100));
    let crate::InProcess {
        client,
        server_received,
        to_server,
        ..
    } = crate::in_process_noting(&enum_schema::pmcp::seal(), &host).await;
    let cancel = async {
        // The call's id, once the server has it and asked the person.
        let id = loop {
            tokio::time::sleep(Duration::from_millis(10)).await;
            let call = server_received
                .lock()
                .unwrap()
                .iter()
                .find(|received| received["request"]["method"] == "tools/call")
                .map(|received| received["id"].clone());
            if let (Some(id), false) = (call, host.seen().is_empty()) {
                break id;
            }
        };
        let cancelled: ClientNotification = serde_json::from_value(json!({
            "method": "notifications/cancelled",
            "params": {"requestId": id, "reason": "the person closed the form"},
        }))
        .unwrap();
        let cancelled = Notification::Client(cancelled);
        to_server
            .send(TransportMessage::Notification(cancelled))
            .unwrap();
    };
    let (result, ()) = tokio::join!(client.call_tool("incident".into(), json!({})), cancel);
    // pmcp's client writes the JSON-RPC error as its own `Protocol` error:
    // the outer `-32603` is the wire's, the inner text pmcp's.
    assert_eq!(
        result.unwrap_err().to_string(),
        "Protocol error: -32603 - Protocol error: -32603 - the request was cancelled before \
         the server acted on an answer; nothing more was done"
    );
    assert_eq!(host.seen(), [r#"elicitation/create "How bad is it?""#]);
}
