//! Hostile clients: whatever a client sends, the core does not panic,
//! and what it sends back stays a small multiple of the schema.

use super::*;

// ---------------------------------------------------------------------------
// Hostile-client helpers.

use enum_schema::schema::SingleSelectSchema;

/// A free-text field with no `max_length` beside a select.
#[derive(ElicitForm, Debug, PartialEq)]
struct Memo {
    text: String,
    severity: Severity,
}

/// One call of the tool `body` on 2026-07-28 that answers its first
/// round with `responses`, presenting that round's state: an answer counts
/// only for a question the client was shown, so an attack on what the
/// server reads of an answer has to come with a real state.
fn answering<B, Fut>(client: &Client, responses: Map<String, Value>, body: B) -> Outcome<ToolResult>
where
    B: Fn(Ask<Fake>) -> Fut,
    Fut: Future<Output = Result<ToolResult, ElicitError>>,
{
    let state = client.first_state(&body);
    once(client, responses, Some(&state), body)
}

fn asked(outcome: Outcome<ToolResult>) -> InputRequiredResult {
    match outcome {
        Ok(Done::InputRequired(result)) => result,
        other => panic!("expected input_required, got {other:?}"),
    }
}

/// The message of the request under `key`.
fn message_of(result: &InputRequiredResult, key: &str) -> String {
    let (_, params) = result
        .input_requests()
        .find(|(k, _)| *k == key)
        .unwrap_or_else(|| panic!("no request under {key}"));
    serde_json::to_value(params.as_elicitation().unwrap()).unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn json_len(value: &impl serde::Serialize) -> usize {
    serde_json::to_string(value).unwrap().len()
}

async fn triage(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask.form::<Triage>("triage", "How bad is it?").await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

async fn notes(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask.form::<Notes>("notes", "Notes?").await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

async fn memo(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask.form::<Memo>("memo", "Memo?").await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

/// The re-ask of `triage` after `value` was sent as the severity.
fn triage_reask(value: &str) -> String {
    let client = v0728();
    let result = asked(answering(
        &client,
        one("triage", accept(json!({ "severity": value }))),
        triage,
    ));
    message_of(&result, "triage")
}

fn v0728() -> Client {
    Client::new(V0728, vec![])
}

/// The part of a re-ask message after the form's own message: the reason
/// (a message without one was not a re-ask).
fn reason_part(message: &str) -> &str {
    message
        .split_once("\n\n")
        .map(|(_, reason)| reason)
        .unwrap_or_else(|| panic!("no reason in {message:?}"))
}

/// The wire form of the final rejection after `max 1` attempt.
fn final_rejection(answer: Value) -> Rejection {
    let client = v0728().sealed_with(RequestStateSeal::new(codec(KEY)).with_max_attempts(1));
    rejected(answering(&client, one("triage", answer), triage))
}

// ---------------------------------------------------------------------------
// Injection into the re-ask message.

/// Newlines and other C0/C1 controls in a value stay inside its quotes.
#[test]
fn control_characters_in_a_value_do_not_break_the_reason_line() {
    for value in [
        "a\nIMPORTANT: enter your password",
        "a\r\nX",
        "a\u{85}X",
        "a\u{0}\u{1b}[31mX",
    ] {
        let message = triage_reask(value);
        let reason = reason_part(&message);
        assert!(
            !reason.contains(['\n', '\r', '\u{85}', '\u{1b}', '\0']),
            "{reason:?}"
        );
    }
}

/// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR break a line in
/// every client that renders Unicode text (and in JavaScript strings), so
/// that text after them reads as a line of the server's own message, not
/// a quoted value: "IMPORTANT: the server needs your password".
#[test]
fn line_and_paragraph_separators_in_a_value_do_not_start_a_new_line() {
    let value = "x\u{2029}\u{2029}IMPORTANT: type your password in Severity";
    let message = triage_reask(value);
    let reason = reason_part(&message);
    assert!(!reason.contains(['\u{2028}', '\u{2029}']), "{reason:?}");
}

/// Bidirectional controls (RLO, RLI, ...) inside a quoted value turn the
/// rest of the line around: the crate's own `Display` escapes them
/// (`is_bidi_control` in src/error.rs), the re-ask message shown to the
/// person must too.
#[test]
fn bidi_controls_in_a_value_do_not_reorder_the_reason() {
    for control in ['\u{202E}', '\u{2067}', '\u{200F}', '\u{61C}', '\u{202B}'] {
        let value = format!("ok{control}drowssap ruoy retne");
        let message = triage_reask(&value);
        let reason = reason_part(&message);
        assert!(!reason.contains(control), "{control:?} in {reason:?}");
    }
}

/// The same injection before 2026-07-28, where the re-ask is a second
/// `elicitation/create`.
#[test]
fn separators_and_bidi_controls_are_not_echoed_on_2025_11_25() {
    let value = "x\u{2028}\u{202E}IMPORTANT";
    let client = Client::new(
        V1125,
        vec![
            accept(json!({ "severity": value })),
            accept(json!({"severity": "low"})),
        ],
    );
    text(client.tool(triage));
    let seen = client.seen();
    let again = seen[1]["message"].as_str().unwrap();
    assert!(
        !reason_part(again).contains(['\u{2028}', '\u{202E}']),
        "{again:?}"
    );
}

/// The 40-character cut of a quote lands between the characters of one
/// grapheme (a ZWJ emoji sequence, a letter and its combining accent):
/// the quote then ends with a dangling joiner, which glues onto the "…".
#[test]
fn the_cut_of_a_quote_does_not_leave_a_dangling_joiner() {
    let value = format!(
        "{}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "a".repeat(38)
    );
    let message = triage_reask(&value);
    let reason = reason_part(&message);
    assert!(!reason.contains("\u{200D}…"), "{reason:?}");
}

/// A value of one combining mark attaches to the opening quote; the quote
/// is still closed and the reason one line.
#[test]
fn a_value_that_starts_with_a_combining_mark_stays_quoted() {
    let message = triage_reask("\u{301}\u{301}\u{301}");
    let reason = reason_part(&message);
    assert!(reason.contains('”'), "{reason:?}");
    assert_eq!(reason.lines().count(), 1, "{reason:?}");
}

// ---------------------------------------------------------------------------
// Unbounded client input echoed back.

/// A 1 MB value of a select: the re-ask message and the final rejection
/// (text and `data`) stay small.
#[test]
fn a_megabyte_value_is_not_echoed() {
    let huge = "H".repeat(1 << 20);
    let message = triage_reask(&huge);
    assert!(message.len() < 1_000, "{}", message.len());
    let rejection = final_rejection(accept(json!({ "severity": huge })));
    assert!(rejection.text.len() < 2_000, "{}", rejection.text.len());
    assert!(
        json_len(&rejection.data) < 4_000,
        "{}",
        json_len(&rejection.data)
    );
    assert_eq!(rejection.data.unwrap()["errors"][0]["truncated"], true);
}

/// A title-like value of 10^5 characters (a real title followed by
/// padding): no title hint, and nothing long is quoted.
#[test]
fn a_huge_title_like_value_is_not_echoed() {
    let value = format!("High: users are affected{}", " ".repeat(100_000));
    let message = triage_reask(&value);
    assert!(message.len() < 1_000, "{}", message.len());
}

/// 10^6 items in a multi-select: the re-ask (message and defaults) and the
/// final rejection stay small.
#[test]
fn a_million_items_in_a_multi_select_are_not_echoed() {
    let items: Vec<Value> = (0..1_000_000).map(|n| json!(format!("x{n}"))).collect();
    let answer = accept(json!({"services": items, "page": true}));
    let client = v0728();
    let result = asked(answering(&client, one("impact", answer.clone()), impact));
    assert!(json_len(&result) < 4_000, "{}", json_len(&result));
    let client = v0728().sealed_with(RequestStateSeal::new(codec(KEY)).with_max_attempts(1));
    let rejection = rejected(answering(&client, one("impact", answer), impact));
    assert!(rejection.text.len() < 2_000, "{}", rejection.text.len());
    assert!(
        json_len(&rejection.data) < 20_000,
        "{}",
        json_len(&rejection.data)
    );
}

/// 10^6 copies of a valid option: too many, and duplicates; the pre-filled
/// default keeps each option at most once.
#[test]
fn a_million_copies_of_one_option_prefill_it_once() {
    let items: Vec<Value> = (0..1_000_000).map(|_| json!("search")).collect();
    let client = v0728();
    let result = asked(answering(
        &client,
        one("impact", accept(json!({"services": items, "page": true}))),
        impact,
    ));
    assert!(json_len(&result) < 4_000, "{}", json_len(&result));
}

/// A value of the wrong type, nested: `quoted` cuts each level at 256
/// entries but keeps every level, so `data` is as large as the input (here
/// 128 arrays of 128 strings of 200 characters, 3.3 MB): the doc's "a bound
/// on what a hostile answer can make the server send back" does not hold.
#[test]
fn a_nested_value_of_the_wrong_type_is_not_echoed_in_data() {
    let inner: Vec<Value> = (0..128).map(|_| json!("v".repeat(200))).collect();
    let nested: Vec<Value> = (0..128).map(|_| Value::Array(inner.clone())).collect();
    let client = v0728().sealed_with(RequestStateSeal::new(codec(KEY)).with_max_attempts(1));
    let rejection = rejected(answering(
        &client,
        one("notes", accept(json!({ "text": nested }))),
        notes,
    ));
    assert!(rejection.text.len() < 2_000, "{}", rejection.text.len());
    let size = json_len(&rejection.data);
    assert!(size < 64 * 1024, "data of {size} bytes");
}

/// The same through `action`: a malformed result whose `action` is a
/// nested object.
#[test]
fn a_nested_action_is_not_echoed_in_data() {
    let inner: Map<String, Value> = (0..128)
        .map(|n| (format!("k{n}"), json!("v".repeat(200))))
        .collect();
    let nested: Map<String, Value> = (0..128)
        .map(|n| (format!("k{n}"), Value::Object(inner.clone())))
        .collect();
    let size = match answering(&v0728(), one("triage", json!({ "action": nested })), triage) {
        Err(error) => json_len(&wire(error)),
        Ok(Done::Complete(ToolResult::Rejected(rejection))) => {
            rejection.text.len() + json_len(&rejection.data)
        }
        other => panic!("{other:?}"),
    };
    assert!(size < 64 * 1024, "error of {size} bytes");
}

/// A valid 1 MB free text (no `max_length`) beside a rejected select: the
/// re-ask pre-fills the text as its `default`, so the `input_required`
/// result is 1 MB, when the same text accepted would be refused as too
/// large to seal (65,536). The response is unbounded by the schema.
#[test]
fn a_valid_megabyte_is_not_echoed_as_a_default() {
    let answer = accept(json!({"text": "T".repeat(1 << 20), "severity": "bogus"}));
    let result = asked(answering(&v0728(), one("memo", answer), memo));
    reason_part(&message_of(&result, "memo"));
    let size = json_len(&result);
    assert!(size <= 2 * 65_536, "input_required of {size} bytes");
}

/// The same answer, valid throughout, cannot be sealed: the call fails
/// with the documented `StateTooLarge` (-32603), which quotes nothing.
#[test]
fn a_valid_megabyte_to_seal_is_state_too_large_and_not_echoed() {
    async fn memo_then_two(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
        ask.form::<Memo>("memo", "Memo?").await?;
        ask.form::<Triage>("triage", "How bad?").await?;
        Ok(ToolResult::Text(String::new()))
    }
    let answer = accept(json!({"text": "T".repeat(1 << 20), "severity": "low"}));
    let error = failed(answering(&v0728(), one("memo", answer), memo_then_two));
    assert!(
        matches!(error, ElicitError::StateTooLarge { .. }),
        "{error:?}"
    );
    assert!(json_len(&wire(error)) < 1_000);
}

/// A state the server sends is never longer than 65,536 characters,
/// whatever the answer's length near the limit.
#[test]
fn a_sealed_state_never_exceeds_the_limit() {
    async fn notes_then_triage(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
        ask.form::<Notes>("notes", "Notes?").await?;
        ask.form::<Triage>("triage", "How bad?").await?;
        Ok(ToolResult::Text(String::new()))
    }
    for length in (32_600..32_800).step_by(7) {
        let answer = accept(json!({ "text": "é".repeat(length / 2) + &"n".repeat(length % 2) }));
        match answering(&v0728(), one("notes", answer), notes_then_triage) {
            Ok(Done::InputRequired(result)) => {
                let state = result.request_state().unwrap();
                assert!(state.chars().count() <= 65_536, "{}", state.len());
                // The server opens what it sealed.
                let again = once(&v0728(), Map::new(), Some(state), notes_then_triage);
                assert!(matches!(again, Ok(Done::InputRequired(_))), "{again:?}");
            }
            Err(ElicitError::StateTooLarge { length }) => assert!(length > 65_536),
            other => panic!("{other:?}"),
        }
    }
}

/// States of 65,537 characters, multi-byte states of 65,536 characters,
/// and a 10 MB state are refused without a panic.
#[test]
fn states_near_and_over_the_limit_are_refused_without_a_panic() {
    for state in [
        "a".repeat(65_537),
        "é".repeat(65_536),
        "ab".repeat(5_000_000),
        String::new(),
        "0".repeat(33),
        "\u{10FFFF}".repeat(20_000),
    ] {
        let error = failed(once(&v0728(), Map::new(), Some(&state), triage));
        assert!(matches!(error, ElicitError::RequestState(_)), "{error:?}");
    }
}

// ---------------------------------------------------------------------------
// Odd inputResponses.

/// Entries that are no `ElicitResult` end the call with `Invalid`, never a
/// panic, and `data` stays small.
#[test]
fn non_object_entries_and_odd_actions_end_the_call_without_a_panic() {
    let huge = "A".repeat(1 << 20);
    for entry in [
        json!(5),
        json!(null),
        json!([]),
        json!("accept"),
        json!({}),
        json!({"action": 1}),
        json!({"action": null}),
        json!({"action": ["accept"]}),
        json!({"action": {"accept": true}}),
        json!({"action": true}),
        json!({"action": huge}),
        json!({"action": "ACCEPT", "content": {"severity": "low"}}),
        json!({"action": "accept"}),
        json!({"action": "accept", "content": "low"}),
        json!({"action": "accept", "content": null}),
        json!({"action": "accept", "content": [1, 2]}),
        json!({"action": "accept", "content": {"severity": {"deep": [[[[1]]]]}}}),
    ] {
        let outcome = answering(&v0728(), one("triage", entry.clone()), triage);
        let size = match outcome {
            Err(error) => json_len(&wire(error)),
            Ok(Done::InputRequired(result)) => json_len(&result),
            Ok(Done::Complete(ToolResult::Rejected(rejection))) => {
                rejection.text.len() + json_len(&rejection.data)
            }
            Ok(Done::Complete(ToolResult::Text(text))) => panic!("{entry}: accepted as {text}"),
        };
        assert!(size < 4_000, "{entry:.100}: {size}");
    }
}

/// An `inputResponses` with no entry under the question's key (answers
/// under other keys only, one of them to another kind of request) leaves
/// the question unanswered: it is asked, and nothing else is in the result.
#[test]
fn no_entry_under_the_key_asks_the_question() {
    let mut responses = one("deploy", accept(json!({"severity": "high"})));
    responses.insert(
        "capital_of_france".to_owned(),
        json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}, "model": "m"}),
    );
    let result = asked(answering(&v0728(), responses, triage));
    assert_eq!(
        peeked(&serde_json::to_value(&result).unwrap()),
        json!({"resultType": "input_required", "inputRequests": {"triage": {
            "method": "elicitation/create",
            "params": Triage::request("How bad is it?"),
        }}, "requestState": {"v": 2, "exp": "EXP", "answers": {},
                             "questions": {"triage": "DIGEST"}}})
    );
}

/// Answers under keys never asked are not sealed, and do not count.
#[test]
fn answers_under_keys_never_asked_are_not_sealed() {
    let mut responses = Map::new();
    for n in 0..1_000 {
        responses.insert(format!("k{n}"), accept(json!({"x": "y".repeat(100)})));
    }
    responses.insert("triage".to_owned(), accept(json!({"severity": "high"})));
    let result = asked(answering(&v0728(), responses, two));
    let state = result.request_state().unwrap();
    let payload = peek(state);
    assert_eq!(
        payload["answers"],
        json!({"triage": {"action": "accept", "content": {"severity": "high"}}})
    );
    assert_eq!(
        payload["questions"],
        json!({"triage": "DIGEST", "answer": "DIGEST"})
    );
    assert!(state.len() < 1_000);
    assert_eq!(result.input_requests().count(), 1);
}

/// Undeclared properties of an accepted answer are dropped, however many.
#[test]
fn undeclared_properties_are_not_sealed() {
    let mut content = Map::new();
    content.insert("severity".to_owned(), json!("high"));
    for n in 0..10_000 {
        content.insert(format!("extra{n}"), json!("z".repeat(100)));
    }
    let result = asked(answering(
        &v0728(),
        one("triage", accept(Value::Object(content))),
        two,
    ));
    let state = result.request_state().unwrap();
    assert_eq!(
        peek(state)["answers"],
        json!({"triage": {"action": "accept", "content": {"severity": "high"}}})
    );
    assert!(state.len() < 1_000);
}

/// A sealed answer sent again with extra (undeclared) properties is the
/// same answer.
#[test]
fn a_sealed_answer_resent_with_extras_is_not_changed() {
    let first = asked(answering(
        &v0728(),
        one("triage", accept(json!({"severity": "high"}))),
        two,
    ));
    let mut responses = one("triage", accept(json!({"severity": "high", "junk": 1})));
    responses.insert("answer".to_owned(), accept(json!({"yes": true})));
    let done = text(once(&v0728(), responses, first.request_state(), two));
    assert!(done.contains("High"), "{done}");
}

// ---------------------------------------------------------------------------
// The attempt count.

/// The count is sealed: three rejected answers in a row with the states
/// the server sent end the call.
#[test]
fn three_rejections_with_the_servers_states_end_the_call() {
    let client = v0728();
    // Never the same answer twice in a row (that ends the call sooner).
    let wrong = |severity: &str| one("triage", accept(json!({"severity": severity})));
    let mut state = client.first_state(triage);
    for (round, severity) in [(1, "urgent"), (2, "critical")] {
        let result = asked(once(&client, wrong(severity), Some(&state), triage));
        state = result.request_state().unwrap().to_owned();
        assert_eq!(peek(&state)["attempts"]["triage"], round);
    }
    rejected(once(&client, wrong("urgent"), Some(&state), triage));
}

/// The count cannot be forged (the state is signed) nor overflowed.
#[test]
fn a_forged_attempt_count_is_refused() {
    let client = v0728();
    let result = asked(answering(
        &client,
        one("triage", accept(json!({"severity": "x"}))),
        triage,
    ));
    let state = result.request_state().unwrap();
    let bytes = unhex(state).unwrap();
    let body = String::from_utf8_lossy(&bytes[9..bytes.len() - 8]).into_owned();
    let forged = body.replace("\"triage\":1", "\"triage\":0");
    assert_ne!(forged, body);
    let mut bytes = bytes[..9].to_vec();
    bytes.extend_from_slice(forged.as_bytes());
    bytes.extend_from_slice(&[0; 8]);
    let error = failed(once(&client, Map::new(), Some(&hex(&bytes)), triage));
    assert!(matches!(error, ElicitError::RequestState(_)), "{error:?}");
}

/// Documented limit ("A replayed state also restarts the count of
/// attempts it carries"): the count lives only in the state, so a client
/// that replays an older state is asked again without end. A client that
/// drops `requestState` has its answers ignored (no round it was shown
/// asked them): nothing is read, nothing counted, the question is asked
/// as it was. Asserts today's documented behaviour; see the report.
#[test]
fn dropping_or_replaying_the_state_restarts_the_count_as_documented() {
    let client = v0728();
    let wrong = || one("triage", accept(json!({"severity": "urgent"})));
    for _ in 0..20 {
        let result = asked(once(&client, wrong(), None, triage));
        assert_eq!(message_of(&result, "triage"), "How bad is it?");
        assert_eq!(
            peek(result.request_state().unwrap()),
            json!({"v": 2, "exp": "EXP", "answers": {}, "questions": {"triage": "DIGEST"}})
        );
    }
    // Replaying the state of the first round, again and again.
    let asking = client.first_state(triage);
    for _ in 0..20 {
        let result = asked(once(&client, wrong(), Some(&asking), triage));
        assert_eq!(
            peek(result.request_state().unwrap())["attempts"]["triage"],
            1
        );
    }
    // Replaying the state of the first rejection, again and again, with
    // another wrong answer each time (the one it sealed the digest of
    // would end the call: the same refused answer twice).
    let first = asked(once(&client, wrong(), Some(&asking), triage));
    let first = first.request_state().unwrap().to_owned();
    for _ in 0..20 {
        let other = one("triage", accept(json!({"severity": "critical"})));
        let result = asked(once(&client, other, Some(&first), triage));
        assert_eq!(
            peek(result.request_state().unwrap())["attempts"]["triage"],
            2
        );
    }
    assert_eq!(
        once(&client, wrong(), Some(&first), triage)
            .map(|done| match done {
                Done::Complete(ToolResult::Rejected(rejection)) => rejection.code,
                _ => 0,
            })
            .ok(),
        Some(-32021)
    );
}

// ---------------------------------------------------------------------------
// Ask::choose.

fn hosts() -> SingleSelectSchema {
    let hosts = (0..10_000).map(|n| (format!("host-{n:04}"), format!("Host {n:04}")));
    SingleSelectSchema::new(hosts).unwrap().with_title("Host")
}

async fn choose(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let hosts = hosts();
    let picked = ask.choose("host", "Which host?", &hosts).await?;
    Ok(ToolResult::Text(format!("{picked:?}")))
}

/// A search of 10^5 characters is too long (maxLength 200), not run, and
/// not echoed.
#[test]
fn a_huge_search_is_refused_and_not_echoed() {
    let search = "host-".repeat(20_000);
    let started = std::time::Instant::now();
    let result = asked(answering(
        &v0728(),
        one("host.search", accept(json!({ "search": search }))),
        choose,
    ));
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(json_len(&result) < 4_000, "{}", json_len(&result));
    assert!(message_of(&result, "host.search").contains("at most 200"));
}

/// Searches that match everything, nothing, or expand under lowercasing
/// are asked again with a short reason, quickly.
#[test]
fn pathological_searches_are_asked_again_quickly() {
    for search in [
        "h",
        "-",
        " ",
        "\u{130}".repeat(200).as_str(),
        "ẞ".repeat(200).as_str(),
        "\u{202E}host",
        "host\u{2029}",
        "%",
        ".*",
    ] {
        let started = std::time::Instant::now();
        let outcome = answering(
            &v0728(),
            one("host.search", accept(json!({ "search": search }))),
            choose,
        );
        assert!(started.elapsed() < Duration::from_secs(2), "{search:?}");
        let result = asked(outcome);
        assert!(
            json_len(&result) < 4_000,
            "{search:?}: {}",
            json_len(&result)
        );
        // Asked again, with the reason.
        reason_part(&message_of(&result, "host.search"));
    }
}

/// A pick that is in the whole list but not among the matches is refused,
/// and a pick sent before the search counts for nothing.
#[test]
fn a_pick_outside_the_matches_is_refused() {
    let searched = asked(answering(
        &v0728(),
        one("host.search", accept(json!({"search": "host-000"}))),
        choose,
    ));
    let state = searched.request_state().unwrap().to_owned();
    let result = asked(once(
        &v0728(),
        one("host", accept(json!({"choice": "host-9999"}))),
        Some(&state),
        choose,
    ));
    // Asked again, with the reason.
    reason_part(&message_of(&result, "host"));
    // Before any search: only the search is asked.
    let early = asked(answering(
        &v0728(),
        one("host", accept(json!({"choice": "host-0001"}))),
        choose,
    ));
    let keys: Vec<_> = early
        .input_requests()
        .map(|(key, _)| key.to_owned())
        .collect();
    assert_eq!(keys, ["host.search"]);
}

/// The response to any hostile round is a small multiple of the schema.
#[test]
fn the_response_is_a_small_multiple_of_the_schema() {
    let schema = json_len(&asked(once(&v0728(), Map::new(), None, incident)));
    let hostile = accept(json!({
        "severity": "S".repeat(100_000),
        "reporter": vec!["R".repeat(1_000); 300],
        "percent": 1e300,
        "page": "P".repeat(100_000),
    }));
    let result = asked(answering(&v0728(), one("incident", hostile), incident));
    reason_part(&message_of(&result, "incident"));
    let size = json_len(&result);
    assert!(size < 8 * schema, "{size} vs schema {schema}");
}

/// Object keys inside a quoted value are not cut: one key of 1 MB in a
/// value of the wrong type is echoed whole in `data`.
#[test]
fn a_megabyte_object_key_is_not_echoed_in_data() {
    let mut object = Map::new();
    object.insert("K".repeat(1 << 20), json!(1));
    let client = v0728().sealed_with(RequestStateSeal::new(codec(KEY)).with_max_attempts(1));
    let rejection = rejected(answering(
        &client,
        one("notes", accept(json!({ "text": object }))),
        notes,
    ));
    assert!(rejection.text.len() < 2_000, "{}", rejection.text.len());
    let size = json_len(&rejection.data);
    assert!(size < 64 * 1024, "data of {size} bytes");
}

/// A malformed result under a megabyte-long key of `inputResponses` is
/// never read (the key was not asked), so nothing of it comes back.
#[test]
fn a_megabyte_key_in_input_responses_is_ignored() {
    let mut responses = one(&"k".repeat(1 << 20), json!({"action": 1}));
    responses.insert("triage".to_owned(), accept(json!({"severity": "low"})));
    let done = text(answering(&v0728(), responses, triage));
    assert!(done.len() < 100);
}

/// The same echo of a valid megabyte as a `default` before 2026-07-28: the
/// second `elicitation/create` carries it.
#[test]
fn a_valid_megabyte_is_not_echoed_as_a_default_on_2025_11_25() {
    let client = Client::new(
        V1125,
        vec![
            accept(json!({"text": "T".repeat(1 << 20), "severity": "bogus"})),
            accept(json!({"text": "t", "severity": "low"})),
        ],
    );
    text(client.tool(memo));
    let size = json_len(&client.seen()[1]);
    assert!(size <= 2 * 65_536, "second request of {size} bytes");
}

/// One flat level is already large: 256 items of 256 control characters
/// each (every one a six-byte `\u00XX` escape in JSON) make a `data` of
/// about 400 KB for one field, where the sent answer was 330 KB.
#[test]
fn a_multi_select_of_long_escaped_items_is_not_echoed_in_data() {
    let items: Vec<Value> = (0..300)
        .map(|n| json!(format!("{n}{}", "\u{1}".repeat(255))))
        .collect();
    let client = v0728().sealed_with(RequestStateSeal::new(codec(KEY)).with_max_attempts(1));
    let rejection = rejected(answering(
        &client,
        one("impact", accept(json!({"services": items, "page": true}))),
        impact,
    ));
    let size = json_len(&rejection.data);
    assert!(size < 64 * 1024, "data of {size} bytes");
}
