//! This crate's state inside pmcp's continuation, measured against pmcp's
//! 8,192 characters: raw MCP 2026-07-28 requests to the tool `notes`
//! (three rounds, one free-text note of at most 1,000 characters each),
//! answered with the longest notes the form allows, and the length of
//! every `requestState` pmcp sends.

use enum_schema::ask::RequestStateSeal;
use enum_schema::pmcp::{Continuation, MAX_REQUEST_STATE_LENGTH};
use serde_json::{json, Value};

use crate::{http, meta, post};

/// The rounds of `notes`, each note answered with `note`: the length of
/// each `requestState`, and the last response.
async fn rounds(seal: &RequestStateSeal, note: &str) -> (Vec<usize>, Value) {
    let address = http(seal).await;
    let mut params = json!({"name": "notes", "arguments": {}, "_meta": meta()});
    let mut lengths = Vec::new();
    loop {
        let response = post(address, "tools/call", "notes", params.clone()).await;
        let result = &response["result"];
        if result["resultType"] != "input_required" {
            return (lengths, response);
        }
        let state = result["requestState"].as_str().unwrap();
        lengths.push(state.len());
        let key = result["inputRequests"]
            .as_object()
            .unwrap()
            .keys()
            .next()
            .unwrap()
            .clone();
        params["requestState"] = json!(state);
        params["inputResponses"] = json!({key: {"action": "accept", "content": {"text": note}}});
    }
}

fn completed(response: &Value) -> &Value {
    &response["result"]["content"][0]["text"]
}

/// The longest note in JSON: 1,000 characters that each take 6 bytes
/// (`\u0001`).
fn longest() -> String {
    "\u{1}".repeat(1000)
}

#[tokio::test]
async fn with_the_store_every_state_is_the_same_few_hundred_characters() {
    let (lengths, response) = rounds(&enum_schema::pmcp::seal(), &longest()).await;
    assert_eq!(lengths, [LENGTH_WITH_STORE; 3]);
    assert_eq!(
        completed(&response),
        "notes of [1000, 1000, 1000] characters"
    );
}

const LENGTH_WITH_STORE: usize = 339;
const _: () = assert!(LENGTH_WITH_STORE < MAX_REQUEST_STATE_LENGTH);

#[tokio::test]
async fn without_a_store_three_plain_notes_fit() {
    let seal = RequestStateSeal::new(Continuation);
    let (lengths, response) = rounds(&seal, &"x".repeat(1000)).await;
    assert_eq!(lengths, [472, 1971, 3471]);
    assert_eq!(
        completed(&response),
        "notes of [1000, 1000, 1000] characters"
    );
}

#[tokio::test]
async fn without_a_store_the_longest_note_does_not_fit_and_the_error_says_so() {
    let seal = RequestStateSeal::new(Continuation);
    let (lengths, response) = rounds(&seal, &longest()).await;
    assert_eq!(lengths, [472]);
    assert_eq!(
        response["error"],
        json!({
            "code": -32603,
            "message": "Protocol error: -32603 - the server's questions need a requestState of 8640 \
                        characters, more than the 8192 pmcp carries",
        })
    );
}

/// The rounds of one call, each served by the other of two servers that
/// share pmcp's key: without a store the answers ride in pmcp's token and
/// either server goes on; with the default seal, each server's answers are
/// in its own memory, and the other refuses the handle.
#[tokio::test]
async fn two_servers_sharing_pmcp_s_key_go_on_without_a_store_only() {
    let note = |state: &Value| {
        json!({
            "name": "notes",
            "arguments": {},
            "_meta": meta(),
            "requestState": state,
            "inputResponses": {"note1": {"action": "accept", "content": {"text": "x"}}},
        })
    };
    let first = json!({"name": "notes", "arguments": {}, "_meta": meta()});
    let without_store = RequestStateSeal::new(Continuation);
    let (a, b) = (http(&without_store).await, http(&without_store).await);
    let asked = post(a, "tools/call", "notes", first.clone()).await;
    let retry = post(
        b,
        "tools/call",
        "notes",
        note(&asked["result"]["requestState"]),
    )
    .await;
    assert_eq!(retry["result"]["resultType"], "input_required");
    assert_eq!(
        retry["result"]["inputRequests"]["note2"]["params"]["message"],
        "A note"
    );

    let (a, b) = (
        http(&enum_schema::pmcp::seal()).await,
        http(&enum_schema::pmcp::seal()).await,
    );
    let asked = post(a, "tools/call", "notes", first).await;
    let retry = post(
        b,
        "tools/call",
        "notes",
        note(&asked["result"]["requestState"]),
    )
    .await;
    assert_eq!(
        retry["error"],
        json!({
            "code": -32603,
            "message": "Protocol error: -32602 - requestState was already used, or the answers \
                        it stands for are no longer held by the server; a requestState is \
                        accepted once: continue from the response to the request that used it, \
                        or send the request again without requestState and inputResponses, \
                        which asks the person again",
        })
    );
}
