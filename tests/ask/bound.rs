//! An answer counts only for the question a person was shown (issue 29):
//! every round that asks seals the keys it asked and each question's
//! digest; an `inputResponses` entry counts only under a key that the
//! state's round asked, while the question is unchanged. The attacks of a
//! client that answers ahead, without a state, or for another plan.

use std::sync::Mutex;

use enum_schema::schema::SingleSelectSchema;
use enum_schema::{Confirm, ElicitAction, Form};
use serde_json::{json, Map, Value};

use super::*;

/// A deploy tool: which severity (a stand-in for the plan's form), then
/// a confirmation whose message names the plan.
async fn deploy(ask: Ask<Fake>, plan: &Mutex<String>) -> Result<ToolResult, ElicitError> {
    let ElicitAction::Accept(triage) = ask.form::<Triage>("deploy", "Which severity?").await?
    else {
        return Ok(ToolResult::Text("not deployed".to_owned()));
    };
    let plan = plan.lock().unwrap().clone();
    let confirmed = ask
        .form::<Confirm>("confirm", format!("Deploy {plan}?"))
        .await?
        .is_confirmed();
    Ok(ToolResult::Text(if confirmed {
        format!("deployed {plan} at {:?}", triage.severity)
    } else {
        "not deployed".to_owned()
    }))
}

fn yes() -> Value {
    accept(json!({"confirm": "yes"}))
}

fn high() -> Value {
    accept(json!({"severity": "high"}))
}

/// One round of `deploy` on 2026-07-28 with these responses and state.
fn round(
    client: &Client,
    plan: &Mutex<String>,
    responses: Value,
    state: Option<&str>,
) -> Outcome<ToolResult> {
    let Value::Object(responses) = responses else {
        panic!("responses are an object")
    };
    once(client, responses, state, |ask| deploy(ask, plan))
}

/// The `input_required` result of a round: the keys it asks, with each
/// question's message, and its state.
fn asked(outcome: Outcome<ToolResult>) -> (Vec<(String, String)>, String) {
    let Ok(Done::InputRequired(result)) = outcome else {
        panic!("expected input_required, got {outcome:?}")
    };
    let keys = result
        .input_requests()
        .map(|(key, request)| {
            let message = request.as_elicitation().unwrap().message();
            (key.to_owned(), message.to_owned())
        })
        .collect();
    let state = result
        .request_state()
        .expect("every round that asks seals a state")
        .to_owned();
    (keys, state)
}

fn plan(text: &str) -> Mutex<String> {
    Mutex::new(text.to_owned())
}

fn pair(key: &str, message: &str) -> (String, String) {
    (key.to_owned(), message.to_owned())
}

#[test]
fn answers_sent_with_the_first_call_count_for_nothing() {
    let client = Client::new(V0728, vec![]);
    let plan = plan("billing v1 to production");
    // No state: no round asked anything yet.
    let outcome = round(
        &client,
        &plan,
        json!({"deploy": high(), "confirm": yes()}),
        None,
    );
    let (keys, state) = asked(outcome);
    assert_eq!(keys, [pair("deploy", "Which severity?")]);
    // Nothing the client sent was sealed; the state names the question.
    let payload = peek(&state);
    assert_eq!(payload["answers"], json!({}));
    assert_eq!(payload["questions"].as_object().unwrap().len(), 1);
    assert!(payload["questions"]["deploy"].is_string(), "{payload}");
}

/// Round 2 answers the form and, ahead, the confirmation it was never
/// shown: the confirmation is asked all the same, and only round 3's
/// answer to it deploys. Returns round 2's state.
fn confirmation_answered_ahead(client: &Client) -> String {
    let plan = plan("billing v1 to production");
    let (keys, state) = asked(round(client, &plan, json!({}), None));
    assert_eq!(keys, [pair("deploy", "Which severity?")]);
    let outcome = round(
        client,
        &plan,
        json!({"deploy": high(), "confirm": yes()}),
        Some(&state),
    );
    let (keys, second) = asked(outcome);
    assert_eq!(keys, [pair("confirm", "Deploy billing v1 to production?")]);
    let outcome = round(client, &plan, json!({"confirm": yes()}), Some(&second));
    assert_eq!(text(outcome), "deployed billing v1 to production at High");
    second
}

/// The plan changes between the round that asks the confirmation and the
/// one that answers it: the "yes" was to the old plan, so the new one is
/// asked, and only its answer deploys. Returns the state that asks it.
fn confirmation_of_another_plan(client: &Client) -> String {
    let plan = plan("billing v1 to staging");
    let (_, state) = asked(round(client, &plan, json!({}), None));
    let (keys, state) = asked(round(
        client,
        &plan,
        json!({"deploy": high()}),
        Some(&state),
    ));
    assert_eq!(keys, [pair("confirm", "Deploy billing v1 to staging?")]);
    *plan.lock().unwrap() = "billing v1 to production".to_owned();
    let outcome = round(client, &plan, json!({"confirm": yes()}), Some(&state));
    let (keys, again) = asked(outcome);
    assert_eq!(keys, [pair("confirm", "Deploy billing v1 to production?")]);
    let outcome = round(client, &plan, json!({"confirm": yes()}), Some(&again));
    assert_eq!(text(outcome), "deployed billing v1 to production at High");
    again
}

#[test]
fn a_confirmation_answered_before_it_is_asked_is_asked_all_the_same() {
    let second = confirmation_answered_ahead(&Client::new(V0728, vec![]));
    assert_eq!(
        peek(&second)["answers"],
        json!({"deploy": {"action": "accept", "content": {"severity": "high"}}}),
        "the unasked confirmation is not sealed"
    );
}

#[test]
fn a_confirmation_of_another_plan_confirms_nothing() {
    let again = confirmation_of_another_plan(&Client::new(V0728, vec![]));
    // The earlier answer to an unchanged question still holds.
    assert_eq!(
        peek(&again)["answers"],
        json!({"deploy": {"action": "accept", "content": {"severity": "high"}}})
    );
}

#[test]
fn an_answer_sent_again_under_an_answered_key_is_ignored() {
    let client = Client::new(V0728, vec![]);
    let plan = plan("billing v1 to production");
    let (_, state) = asked(round(&client, &plan, json!({}), None));
    let (_, state) = asked(round(
        &client,
        &plan,
        json!({"deploy": high()}),
        Some(&state),
    ));
    // The last round resends the first answer, changed: the sealed one holds.
    let low = accept(json!({"severity": "low"}));
    let outcome = round(
        &client,
        &plan,
        json!({"deploy": low, "confirm": yes()}),
        Some(&state),
    );
    assert_eq!(text(outcome), "deployed billing v1 to production at High");
}

#[test]
fn a_state_from_an_earlier_round_does_not_carry_a_later_question() {
    let client = Client::new(V0728, vec![]);
    let plan = plan("billing v1 to production");
    let (_, first) = asked(round(&client, &plan, json!({}), None));
    let (_, _second) = asked(round(
        &client,
        &plan,
        json!({"deploy": high()}),
        Some(&first),
    ));
    // The first round's state with both answers: its round asked only
    // `deploy`, so the confirmation is asked.
    let outcome = round(
        &client,
        &plan,
        json!({"deploy": high(), "confirm": yes()}),
        Some(&first),
    );
    let (keys, _) = asked(outcome);
    assert_eq!(keys, [pair("confirm", "Deploy billing v1 to production?")]);
}

#[test]
fn before_2026_the_confirmation_is_always_sent() {
    for version in [V0618, V1125] {
        let client = Client::new(version, vec![high(), yes()]);
        let plan = plan("billing v1 to production");
        let ask = Ask::open(
            Arc::clone(&client.script),
            client.seal.clone(),
            client.request(Map::new(), None),
        )
        .unwrap();
        let outcome = block_on(ask.tool(|ask| deploy(ask, &plan)));
        assert_eq!(text(outcome), "deployed billing v1 to production at High");
        let messages: Vec<Value> = client
            .seen()
            .iter()
            .map(|request| request["message"].clone())
            .collect();
        assert_eq!(
            messages,
            [
                json!("Which severity?"),
                json!("Deploy billing v1 to production?")
            ],
            "{}",
            name(version)
        );
    }
}

#[cfg(feature = "store")]
mod with_a_store {
    use enum_schema::ask::MemoryStore;

    use super::*;

    fn client() -> Client {
        Client::new(V0728, vec![])
            .sealed_with(RequestStateSeal::new(codec(KEY)).with_store(MemoryStore::new()))
    }

    #[test]
    fn a_confirmation_answered_ahead_is_asked_all_the_same() {
        confirmation_answered_ahead(&client());
    }

    #[test]
    fn a_confirmation_of_another_plan_confirms_nothing() {
        confirmation_of_another_plan(&client());
    }
}

// ---------------------------------------------------------------------------
// A question whose options change between rounds (issue 37, item 6)
// ---------------------------------------------------------------------------

/// A tool that asks for one file of `folder` as the folder is at each
/// round (a run-time select), then confirms it.
async fn open_file(
    ask: Ask<Fake>,
    folder: &Mutex<Vec<&'static str>>,
) -> Result<ToolResult, ElicitError> {
    let files = folder.lock().unwrap().clone();
    let select = SingleSelectSchema::new(files).unwrap().with_title("File");
    let form = Form::new((("file", &select),));
    let ElicitAction::Accept((file,)) = ask.fields("file", &form, "Which file?").await? else {
        return Ok(ToolResult::Text("no file".to_owned()));
    };
    let file = file.value().to_owned();
    let confirmed = ask
        .form::<Confirm>("confirm", format!("Open {file}?"))
        .await?
        .is_confirmed();
    Ok(ToolResult::Text(if confirmed {
        format!("opened {file}")
    } else {
        "not opened".to_owned()
    }))
}

fn file(name: &str) -> Value {
    accept(json!({"file": name}))
}

/// One round of `open_file` on 2026-07-28.
fn file_round(
    client: &Client,
    folder: &Mutex<Vec<&'static str>>,
    responses: Value,
    state: Option<&str>,
) -> Outcome<ToolResult> {
    let Value::Object(responses) = responses else {
        panic!("responses are an object")
    };
    once(client, responses, state, |ask| open_file(ask, folder))
}

/// The folder gains a file in front of the one chosen between the round
/// that asks and the one that answers: the answer, still one of the
/// options, is the answer (validated against the options now).
#[test]
fn an_answer_still_one_of_the_changed_options_is_kept() {
    let client = Client::new(V0728, vec![]);
    let folder = Mutex::new(vec!["a.txt", "b.txt"]);
    let (keys, state) = asked(file_round(&client, &folder, json!({}), None));
    assert_eq!(keys, [pair("file", "Which file?")]);
    folder.lock().unwrap().insert(0, "0.txt");
    let (keys, state) = asked(file_round(
        &client,
        &folder,
        json!({"file": file("b.txt")}),
        Some(&state),
    ));
    assert_eq!(keys, [pair("confirm", "Open b.txt?")]);
    assert_eq!(peek(&state)["answers"]["file"], file("b.txt"));
    // Changed again while the confirmation is asked: still kept.
    folder.lock().unwrap().remove(1);
    let done = file_round(&client, &folder, json!({"confirm": yes()}), Some(&state));
    assert_eq!(text(done), "opened b.txt");
}

/// The file chosen is gone: the question is asked again, its message
/// saying that the answer is no longer one of the choices, and no
/// attempt is counted; a file that is there then answers it.
#[test]
fn an_answer_the_change_took_away_is_asked_again_with_the_reason() {
    let client = Client::new(V0728, vec![]);
    let folder = Mutex::new(vec!["a.txt", "b.txt"]);
    let (_, state) = asked(file_round(&client, &folder, json!({}), None));
    *folder.lock().unwrap() = vec!["a.txt", "c.txt"];
    let outcome = file_round(
        &client,
        &folder,
        json!({"file": file("b.txt")}),
        Some(&state),
    );
    let (keys, state) = asked(outcome);
    assert_eq!(
        keys,
        [pair(
            "file",
            "Which file?\n\nFile: “b.txt” is no longer one of the choices; choose “a.txt” or “c.txt”."
        )]
    );
    let payload = peek(&state);
    assert_eq!(payload["answers"], json!({}));
    assert_eq!(payload.get("attempts"), None, "{payload}");
    let (keys, state) = asked(file_round(
        &client,
        &folder,
        json!({"file": file("c.txt")}),
        Some(&state),
    ));
    assert_eq!(keys, [pair("confirm", "Open c.txt?")]);
    let done = file_round(&client, &folder, json!({"confirm": yes()}), Some(&state));
    assert_eq!(text(done), "opened c.txt");
}

/// A file kept from an earlier round and gone by a later one: asked again
/// with the reason, and the confirmation of the old file confirms nothing.
#[test]
fn a_kept_answer_the_change_took_away_is_asked_again() {
    let client = Client::new(V0728, vec![]);
    let folder = Mutex::new(vec!["a.txt", "b.txt"]);
    let (_, state) = asked(file_round(&client, &folder, json!({}), None));
    let (_, state) = asked(file_round(
        &client,
        &folder,
        json!({"file": file("b.txt")}),
        Some(&state),
    ));
    folder.lock().unwrap().retain(|name| *name != "b.txt");
    let outcome = file_round(&client, &folder, json!({"confirm": yes()}), Some(&state));
    let (keys, _) = asked(outcome);
    assert_eq!(
        keys,
        [pair(
            "file",
            "Which file?\n\nFile: “b.txt” is no longer one of the choices; choose “a.txt”."
        )]
    );
}

/// Before 2026-07-28 the question is asked inside the call, and a
/// rejected answer is asked again with the same question: the options
/// sent, the reason that the answer is not one of them.
#[test]
fn before_2026_a_rejected_answer_is_asked_again_with_the_same_options() {
    let client = Client::new(V1125, vec![file("z.txt"), file("b.txt"), yes()]);
    let folder = Mutex::new(vec!["a.txt", "b.txt"]);
    assert_eq!(
        text(client.tool(|ask| open_file(ask, &folder))),
        "opened b.txt"
    );
    let seen = client.seen();
    assert_eq!(seen[0]["requestedSchema"], seen[1]["requestedSchema"]);
    assert_eq!(
        seen[1]["message"],
        "Which file?\n\nFile: “z.txt” is not one of the choices; choose “a.txt” or “b.txt”."
    );
}
