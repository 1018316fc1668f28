//! `Messages` through rmcp's own client: a server whose seal speaks German
//! (`RequestStateSeal::with_messages`) asks a refused answer again with
//! the reasons in German, titles a confirmation's options in German, and
//! waits for the person with German progress messages.

use std::time::Duration;

use enum_schema::ask::RequestStateSeal;
use rmcp::model::{CallToolRequestParams, ProtocolVersion};
use serde_json::json;

use super::ask::Desk;
use super::connection::{connect, seal, text, Answerer, KEY};

#[path = "../common/deutsch.rs"]
mod deutsch;
use deutsch::Deutsch;

/// The `Desk` of `tests/rmcp/ask.rs`, `seal` speaking German.
fn german(seal: RequestStateSeal) -> Desk {
    Desk::new(seal.with_messages(Deutsch))
}

/// A refused answer (three services of at most two, no reporter) is asked
/// again with the reasons in German, one a line after the message, on
/// every revision that can carry the form.
#[tokio::test]
async fn a_refused_answer_is_asked_again_in_german() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(german(seal(KEY)), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {
                "severity": "high", "services": ["checkout", "search", "login"],
            }}),
            json!({"action": "accept", "content": {
                "severity": "high", "services": ["search"], "reporter": "ana",
            }}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("incident"))
            .await
            .unwrap();
        assert_eq!(
            text(&result),
            "Accept(Incident { severity: High, services: [Search], reporter: \"ana\" })",
            "{version}"
        );
        let seen = connection.seen();
        assert_eq!(seen.len(), 2, "{version}");
        assert_eq!(seen[0]["message"], "Describe the incident", "{version}");
        assert_eq!(
            seen[1]["message"],
            "Describe the incident\n\n\
             services: wähle höchstens 2; du hast 3 gewählt.\n\
             reporter: diese Antwort fehlt noch.",
            "{version}"
        );
    }
}

/// A confirmation's options keep their values and are titled "Ja" and
/// "Nein", and the answer is read by its value.
#[tokio::test]
async fn a_confirmation_is_titled_in_german() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let connection = connect(german(seal(KEY)), Answerer::new(version.clone())).await;
        connection.answer(vec![
            json!({"action": "accept", "content": {"environment": "prod-eu", "regions": ["eu"], "canary": 5}}),
            json!({"action": "accept", "content": {"confirm": "yes"}}),
        ]);
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("deploy"))
            .await
            .unwrap();
        assert_eq!(text(&result), "prod-eu [Eu] 5% confirmed=true", "{version}");
        assert_eq!(
            connection.seen()[1]["requestedSchema"]["properties"]["confirm"],
            json!({"type": "string", "oneOf": [
                {"const": "yes", "title": "Ja"},
                {"const": "no", "title": "Nein"},
            ]}),
            "{version}"
        );
    }
}

/// The progress notifications sent on 2025-11-25 while the call waits for
/// the person carry the German message, on the call's token, `progress`
/// growing by one. The client answers only after two (no timing is
/// asserted: it waits for them).
#[tokio::test]
async fn a_long_wait_sends_progress_in_german() {
    let connection = connect(
        german(seal(KEY).with_progress_interval(Some(Duration::from_millis(20)))),
        Answerer::new(ProtocolVersion::V_2025_11_25).waiting_for_progress(2),
    )
    .await;
    connection.answer(vec![
        json!({"action": "accept", "content": {"severity": "low"}}),
    ]);
    let result = connection
        .client
        .call_tool(CallToolRequestParams::new("two"))
        .await
        .unwrap();
    assert_eq!(text(&result), "Accept(Triage { severity: Low })");
    let received = connection.answerer().progress();
    assert!(received.len() >= 2, "{received:?}");
    let token = &received[0]["progressToken"];
    for (index, progress) in received.iter().enumerate() {
        assert_eq!(&progress["progressToken"], token);
        #[allow(clippy::cast_precision_loss)]
        let expected = (index + 1) as f64;
        assert_eq!(progress["progress"].as_f64(), Some(expected));
        assert_eq!(progress["message"], "Warte auf die Antwort");
    }
}
