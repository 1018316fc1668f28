//! The rounds, as a server asks them: every answer kind, the second
//! chance, several questions, the misuse checks, the state and the errors.

use super::*;

// ---------------------------------------------------------------------------
// Answers.

#[test]
fn a_valid_answer_decline_and_cancel_on_every_revision() {
    for version in REVISIONS {
        for (answer, expected) in [
            (right_incident(), RIGHT_INCIDENT),
            (json!({"action": "decline"}), "Decline"),
            // Content sent with a cancel is not looked at.
            (
                json!({"action": "cancel", "content": {"severity": "urgent"}}),
                "Cancel",
            ),
        ] {
            let client = Client::new(version, vec![answer]);
            assert_eq!(text(client.tool(incident)), expected, "{}", name(version));
            let seen = client.seen();
            assert_eq!(seen.len(), 1, "{}", name(version));
            assert_eq!(seen[0]["message"], "Describe the incident");
            assert_eq!(
                defaults(&seen[0]),
                json!({"severity": null, "reporter": null, "percent": null, "page": null})
            );
            let severity = &seen[0]["requestedSchema"]["properties"]["severity"];
            if version == V0618 {
                // The legacy shape.
                assert_eq!(
                    *severity,
                    json!({"type": "string", "description": "How bad is it?", "enum": ["low", "high"],
                           "enumNames": ["Low: no user impact", "High: users are affected"]})
                );
            } else {
                assert_eq!(
                    *severity,
                    json!({"type": "string", "description": "How bad is it?", "oneOf": [
                        {"const": "low", "title": "Low: no user impact"},
                        {"const": "high", "title": "High: users are affected"},
                    ]})
                );
            }
            let rounds = client.script.rounds();
            if version == V0728 {
                // One round asked; nothing answered yet, so only the
                // question asked is sealed.
                assert_eq!(rounds.len(), 1);
                assert_eq!(
                    peeked(&rounds[0]),
                    json!({"resultType": "input_required", "inputRequests": {
                        "incident": {"method": "elicitation/create", "params": seen[0]},
                    }, "requestState": {"v": 2, "exp": "EXP", "answers": {},
                                        "questions": {"incident": "DIGEST"}}})
                );
            } else {
                assert_eq!(rounds, Vec::<Value>::new());
            }
        }
    }
}

#[test]
fn prompts_and_resources_ask_the_same_way_on_every_revision() {
    for version in REVISIONS {
        let mut client = Client::new(version, vec![right_incident()]);
        client.method = "prompts/get";
        let prompt = result(client.prompt(|ask: Ask<Fake>| async move {
            let answer = ask.form::<Triage>("triage", "How bad is it?").await?;
            Ok(PromptResult(format!("{answer:?}")))
        }));
        assert_eq!(
            prompt.0,
            "Accept(Triage { severity: High })",
            "{}",
            name(version)
        );
        let mut client = Client::new(version, vec![json!({"action": "decline"})]);
        client.method = "resources/read";
        client.name = "incident://current";
        let resource = result(client.resource(|ask: Ask<Fake>| async move {
            let answer = ask.form::<Triage>("triage", "How bad is it?").await?;
            Ok(ResourceResult(format!("{answer:?}")))
        }));
        assert_eq!(resource.0, "Decline", "{}", name(version));
    }
}

// ---------------------------------------------------------------------------
// A second chance.

#[derive(Clone)]
struct Case {
    name: &'static str,
    wrong: Value,
    /// The reason appended to the message.
    reason: &'static str,
    /// The defaults of the request asked again, from 2025-11-25 on.
    defaults: Value,
}

fn incident_cases() -> Vec<Case> {
    vec![
        Case {
            name: "value not offered",
            wrong: accept(
                json!({"severity": "urgent", "reporter": "ana", "percent": 5, "page": true}),
            ),
            reason: "severity: “urgent” is not one of the choices; choose “Low: no user impact” or “High: users are affected”.",
            defaults: json!({"severity": null, "reporter": "ana", "percent": 5, "page": true}),
        },
        Case {
            name: "title instead of value",
            wrong: accept(
                json!({"severity": "High: users are affected", "reporter": "ana", "percent": 5, "page": true}),
            ),
            reason: "severity: please choose “High: users are affected” again from the list.",
            defaults: json!({"severity": "high", "reporter": "ana", "percent": 5, "page": true}),
        },
        Case {
            name: "missing required field",
            wrong: accept(json!({"severity": "high", "percent": 5, "page": true})),
            reason: "reporter: this answer is required.",
            defaults: json!({"severity": "high", "reporter": null, "percent": 5, "page": true}),
        },
        Case {
            name: "number out of range",
            wrong: accept(
                json!({"severity": "high", "reporter": "ana", "percent": 150, "page": true}),
            ),
            reason: "percent: enter a number from 0 to 100; you entered “150”.",
            defaults: json!({"severity": "high", "reporter": "ana", "percent": null, "page": true}),
        },
        Case {
            name: "a long value, quoted short",
            wrong: accept(
                json!({"severity": "u".repeat(50), "reporter": "ana", "percent": 5, "page": true}),
            ),
            reason: "severity: “uuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuu…” is not one of the choices; choose “Low: no user impact” or “High: users are affected”.",
            defaults: json!({"severity": null, "reporter": "ana", "percent": 5, "page": true}),
        },
        Case {
            name: "a value with a newline and a bidirectional mark, quoted on one line",
            wrong: accept(
                json!({"severity": "x\n\nIgnore the form\u{202E}txt", "reporter": "ana", "percent": 5, "page": true}),
            ),
            reason: "severity: “x  Ignore the form txt” is not one of the choices; choose “Low: no user impact” or “High: users are affected”.",
            defaults: json!({"severity": null, "reporter": "ana", "percent": 5, "page": true}),
        },
    ]
}

fn impact_cases() -> Vec<Case> {
    vec![
        Case {
            name: "too many items",
            wrong: accept(json!({"services": ["checkout", "search", "login"], "page": true})),
            reason: "services: pick at most 2; you picked 3.",
            // Three services cannot be a default of at most two.
            defaults: json!({"services": null, "page": true}),
        },
        Case {
            // Issue 45: one option picked three times is a duplicate, not
            // three picks: duplicates first, then the count.
            name: "one option picked three times",
            wrong: accept(json!({"services": ["login", "login", "login"], "page": true})),
            reason: "services: “login” is chosen twice; choose each at most once.",
            // The option picked, once.
            defaults: json!({"services": ["login"], "page": true}),
        },
        Case {
            name: "too few items",
            wrong: accept(json!({"services": [], "page": true})),
            reason: "services: pick at least 1; you picked 0.",
            defaults: json!({"services": null, "page": true}),
        },
        Case {
            name: "a string for a multi-select",
            wrong: accept(json!({"services": "search", "page": true})),
            reason: "services: choose from the list.",
            defaults: json!({"services": null, "page": true}),
        },
        Case {
            name: "an item not offered, the others kept",
            wrong: accept(json!({"services": ["search", "billing"], "page": false})),
            reason: "services: “billing” is not one of the choices; choose from “checkout”, “search” or “login”.",
            defaults: json!({"services": ["search"], "page": false}),
        },
    ]
}

/// Asserts the two requests of a question asked again.
fn assert_asked_again(
    client: &Client,
    message: &str,
    case: &Case,
    version: Option<ProtocolVersion>,
) {
    let what = format!("{} {}", name(version), case.name);
    let seen = client.seen();
    assert_eq!(seen.len(), 2, "{what}");
    assert_eq!(seen[0]["message"], message, "{what}");
    assert_eq!(
        seen[1]["message"],
        format!("{message}\n\n{}", case.reason),
        "{what}"
    );
    let blank: Map<String, Value> = case
        .defaults
        .as_object()
        .unwrap()
        .keys()
        .map(|key| (key.clone(), Value::Null))
        .collect();
    assert_eq!(defaults(&seen[0]), Value::Object(blank.clone()), "{what}");
    let expected = if version == V0618 {
        // 2025-06-18 has only boolean defaults.
        let mut only_booleans = case.defaults.clone();
        for value in only_booleans.as_object_mut().unwrap().values_mut() {
            if !value.is_boolean() {
                *value = Value::Null;
            }
        }
        only_booleans
    } else {
        case.defaults.clone()
    };
    assert_eq!(defaults(&seen[1]), expected, "{what}");
    assert_eq!(shape(&seen[0]), shape(&seen[1]), "{what}");
    assert_eq!(client.script.left(), 0, "{what}");
}

#[test]
fn each_rejection_is_asked_again_with_the_reason_and_the_valid_parts_prefilled() {
    for version in REVISIONS {
        for case in incident_cases() {
            let client = Client::new(version, vec![case.wrong.clone(), right_incident()]);
            assert_eq!(text(client.tool(incident)), RIGHT_INCIDENT, "{}", case.name);
            assert_asked_again(&client, "Describe the incident", &case, version);
            if version == V0728 {
                let rounds = client.script.rounds();
                assert_eq!(rounds.len(), 2);
                // Only a count and a digest are sealed for a rejected
                // answer, never the answer.
                let first = rounds[0]["requestState"].as_str().unwrap();
                let second = rounds[1]["requestState"].as_str().unwrap();
                assert_eq!(
                    peek(first),
                    json!({"v": 2, "exp": "EXP", "answers": {},
                           "questions": {"incident": "DIGEST"}}),
                    "{}",
                    case.name
                );
                assert_eq!(
                    peek(second),
                    json!({"v": 2, "exp": "EXP", "answers": {}, "attempts": {"incident": 1},
                           "questions": {"incident": "DIGEST"},
                           "refused": {"incident": "DIGEST"}}),
                    "{}",
                    case.name
                );
                // Asked again with its reason and pre-filled, it is the
                // same question.
                assert_eq!(digests(first), digests(second), "{}", case.name);
            }
        }
        if version == V0618 {
            continue;
        }
        for case in impact_cases() {
            let client = Client::new(version, vec![case.wrong.clone(), right_impact()]);
            assert_eq!(text(client.tool(impact)), RIGHT_IMPACT, "{}", case.name);
            assert_asked_again(&client, "Which services?", &case, version);
        }
    }
}

/// The `errors` entry of each rejection, as `data` holds it.
fn incident_entries() -> Vec<Value> {
    vec![
        json!({"field": "severity", "value": "urgent", "allowed": ["low", "high"],
               "message": "field `severity`: invalid value \"urgent\": expected one of \"low\", \"high\""}),
        json!({"field": "severity", "value": "High: users are affected", "allowed": ["low", "high"],
               "message": "field `severity`: invalid value \"High: users are affected\": the client sent the title of option \"high\" instead of its value; expected one of \"low\", \"high\""}),
        json!({"field": "reporter", "message": "field `reporter`: missing value for a required field"}),
        json!({"field": "percent", "value": 150, "minimum": 0, "maximum": 100, "message": "field `percent`: out of range: 150 is not between 0 and 100"}),
        json!({"field": "severity", "value": "u".repeat(50), "allowed": ["low", "high"], "message": format!("field `severity`: invalid value \"{}\": expected one of \"low\", \"high\"", "u".repeat(50))}),
    ]
}

fn impact_entries() -> Vec<Value> {
    vec![
        json!({"field": "services", "value": ["checkout", "search", "login"], "maxItems": 2, "message": "field `services`: too many items: selected 3, at most 2 allowed"}),
        json!({"field": "services", "value": ["login", "login", "login"], "index": 1,
               "message": "field `services`: duplicate item at index 1: \"login\" names an option that is already selected"}),
        json!({"field": "services", "value": [], "minItems": 1, "message": "field `services`: too few items: selected 0, at least 1 required"}),
        json!({"field": "services", "value": "search", "type": "array",
               "message": "field `services`: wrong type: expected an array, found a string (\"search\"); a multi-select answer is an array of strings"}),
        json!({"field": "services", "value": ["search", "billing"], "index": 1,
               "allowed": ["checkout", "search", "login"], "message": "field `services`: invalid item at index 1: \"billing\" is not an option; expected one of \"checkout\", \"search\", \"login\""}),
    ]
}

/// Three wrong answers to `incident`, never the same twice in a row, the
/// last one `incident_cases()[0]`'s.
fn three_wrong() -> Vec<Value> {
    let cases = incident_cases();
    vec![
        cases[0].wrong.clone(),
        cases[1].wrong.clone(),
        cases[0].wrong.clone(),
    ]
}

#[test]
fn three_wrong_answers_end_a_tool_with_a_rejection_and_a_prompt_with_an_error() {
    for version in REVISIONS {
        let mut cases: Vec<(Case, Value, bool)> = incident_cases()
            .into_iter()
            .zip(incident_entries())
            .map(|(case, entry)| (case, entry, false))
            .collect();
        if version != V0618 {
            cases.extend(
                impact_cases()
                    .into_iter()
                    .zip(impact_entries())
                    .map(|(case, entry)| (case, entry, true)),
            );
        }
        // Three wrong answers, never the same one twice in a row (the same
        // refused answer twice ends the call sooner, see
        // `the_same_refused_answer_twice_ends_the_call_naming_the_client`):
        // this case's, another of the same form's, this case's again.
        let others: Vec<Case> = cases
            .iter()
            .enumerate()
            .map(|(index, (_, _, multi))| {
                let same_form: Vec<usize> = (0..cases.len())
                    .filter(|other| cases[*other].2 == *multi)
                    .collect();
                let at = same_form.iter().position(|other| *other == index).unwrap();
                let other = same_form[(at + 1) % same_form.len()];
                cases[other].0.clone()
            })
            .collect();
        for ((case, entry, multi), other) in cases.into_iter().zip(others) {
            let what = format!("{} {}", name(version), case.name);
            let answers = vec![case.wrong.clone(), other.wrong.clone(), case.wrong.clone()];
            let client = Client::new(version, answers);
            let outcome = if multi {
                client.tool(impact)
            } else {
                client.tool(incident)
            };
            let rejection = rejected(outcome);
            assert_eq!(client.seen().len(), 3, "{what}");
            let message = format!(
                "the client's answer was rejected: {}",
                entry["message"].as_str().unwrap()
            );
            assert_eq!(rejection.text, message, "{what}");
            assert_eq!(rejection.data, Some(json!({"errors": [entry]})), "{what}");
            // The third request said the second answer's reason, alone.
            let third = &client.seen()[2]["message"];
            let base = if multi {
                "Which services?"
            } else {
                "Describe the incident"
            };
            assert_eq!(*third, format!("{base}\n\n{}", other.reason), "{what}");
            if version == V0728 {
                let rounds = client.script.rounds();
                assert_eq!(rounds.len(), 3, "{what}");
                let key = if multi { "impact" } else { "incident" };
                assert_eq!(
                    peek(rounds[2]["requestState"].as_str().unwrap()),
                    json!({"v": 2, "exp": "EXP", "answers": {}, "attempts": {key: 2},
                           "questions": {key: "DIGEST"}, "refused": {key: "DIGEST"}}),
                    "{what}"
                );
            }
        }
        // A prompt has no error result: the JSON-RPC error -32602.
        let mut client = Client::new(version, three_wrong());
        client.method = "prompts/get";
        let error = failed(client.prompt(|ask: Ask<Fake>| async move {
            let answer = ask
                .form::<Incident>("incident", "Describe the incident")
                .await?;
            Ok(PromptResult(format!("{answer:?}")))
        }));
        assert_eq!(client.seen().len(), 3, "{}", name(version));
        assert!(matches!(error, ElicitError::Invalid(_)));
        assert_eq!(
            wire(error),
            json!({"code": -32602,
                   "message": "the client's answer was rejected: field `severity`: invalid value \"urgent\": expected one of \"low\", \"high\"",
                   "data": {"errors": [incident_entries()[0]]}})
        );
        // So has a resource.
        let mut client = Client::new(version, three_wrong());
        client.method = "resources/read";
        let error = failed(client.resource(|ask: Ask<Fake>| async move {
            let answer = ask
                .form::<Incident>("incident", "Describe the incident")
                .await?;
            Ok(ResourceResult(format!("{answer:?}")))
        }));
        assert!(matches!(error, ElicitError::Invalid(_)));
        assert_eq!(client.seen().len(), 3);
    }
}

#[test]
fn one_attempt_for_a_question_or_for_the_seal_ends_at_the_first_rejection() {
    let wrong = incident_cases()[0].wrong.clone();
    for version in REVISIONS {
        // For one question.
        let client = Client::new(version, vec![wrong.clone()]);
        rejected(client.tool(|ask: Ask<Fake>| async move {
            let (answer,) = ask
                .all((
                    Question::form::<Incident>("incident", "Describe the incident")
                        .with_max_attempts(1),
                ))
                .await?;
            Ok(ToolResult::Text(format!("{answer:?}")))
        }));
        assert_eq!(client.seen().len(), 1, "{}", name(version));
        // `0` counts as `1`.
        let client = Client::new(version, vec![wrong.clone()]);
        rejected(client.tool(|ask: Ask<Fake>| async move {
            let (answer,) = ask
                .all((
                    Question::form::<Incident>("incident", "Describe the incident")
                        .with_max_attempts(0),
                ))
                .await?;
            Ok(ToolResult::Text(format!("{answer:?}")))
        }));
        assert_eq!(client.seen().len(), 1, "{}", name(version));
        // For the whole server.
        let client = Client::new(version, vec![wrong.clone()])
            .sealed_with(RequestStateSeal::new(codec(KEY)).with_max_attempts(1));
        let rejection = rejected(client.tool(incident));
        assert_eq!(
            rejection.text,
            "the client's answer was rejected: field `severity`: invalid value \"urgent\": expected one of \"low\", \"high\""
        );
        assert_eq!(client.seen().len(), 1, "{}", name(version));
        // A question may be asked more often than the seal says.
        let client = Client::new(
            version,
            vec![
                wrong.clone(),
                incident_cases()[1].wrong.clone(),
                right_incident(),
            ],
        )
        .sealed_with(RequestStateSeal::new(codec(KEY)).with_max_attempts(1));
        let outcome = text(client.tool(|ask: Ask<Fake>| async move {
            let (answer,) = ask
                .all((
                    Question::form::<Incident>("incident", "Describe the incident")
                        .with_max_attempts(3),
                ))
                .await?;
            Ok(ToolResult::Text(format!("{answer:?}")))
        }));
        assert_eq!(outcome, RIGHT_INCIDENT);
        assert_eq!(client.seen().len(), 3, "{}", name(version));
    }
    assert_eq!(RequestStateSeal::new(codec(KEY)).max_attempts(), 3);
    assert_eq!(
        RequestStateSeal::new(codec(KEY))
            .with_max_attempts(0)
            .max_attempts(),
        1
    );
}

/// A result that is no `ElicitResult` (on 2026-07-28, an entry of
/// `inputResponses`: not an object, no `action`, the answer to another
/// kind of request, an unknown action, a `content` that is not an object)
/// is the client's fault: it ends the call at once, with its error and
/// what the client sent.
#[test]
fn a_malformed_result_ends_the_call_at_once() {
    // Keys in sorted order: the message reads the same with and without
    // serde_json's `preserve_order`.
    let sampling =
        json!({"content": {"text": "Paris", "type": "text"}, "model": "m", "role": "assistant"});
    let cases = [
        (
            json!({"content": {"severity": "high"}}),
            json!({"content": {"severity": "high"}}),
            r#"malformed ElicitResult: missing `action` (found {"content":{"severity":"high"}})"#,
        ),
        (
            sampling.clone(),
            sampling,
            r#"malformed ElicitResult: missing `action` (found {"content":{"text":"Paris","type":"text"},"model":"m","role":"assistant"})"#,
        ),
        (
            json!("accept"),
            json!("accept"),
            r#"malformed ElicitResult: an ElicitResult must be a JSON object (found "accept")"#,
        ),
        (
            json!(["accept"]),
            json!(["accept"]),
            r#"malformed ElicitResult: an ElicitResult must be a JSON object (found ["accept"])"#,
        ),
        (
            json!({"action": "yes"}),
            json!("yes"),
            r#"unknown action "yes": expected "accept", "decline" or "cancel""#,
        ),
        (
            json!({"action": "accept", "content": 5}),
            json!(5),
            "malformed ElicitResult: `content` must be a JSON object (found 5)",
        ),
    ];
    for version in REVISIONS {
        for (malformed, value, message) in &cases {
            let what = format!("{} {malformed}", name(version));
            let client = Client::new(version, vec![malformed.clone(); 3]);
            // The client's protocol error, not a person's answer: a JSON-RPC
            // error, not a tool result for the model.
            let Err(error) = client.tool(incident) else {
                panic!("{what}: expected a JSON-RPC error");
            };
            assert!(
                matches!(error, ElicitError::Invalid(_)),
                "{what}: {error:?}"
            );
            assert_eq!(client.seen().len(), 1, "{what}");
            assert_eq!(client.script.left(), 2, "{what}");
            assert_eq!(
                wire(error),
                json!({
                    "code": -32602,
                    "message": format!("the client's answer was rejected: {message}"),
                    "data": {"errors": [{"field": null, "value": value, "message": message}]},
                }),
                "{what}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Several questions in one round.

async fn tuple(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let (incident, triage) = ask
        .all((
            Question::form::<Incident>("incident", "Describe the incident"),
            Question::form::<Triage>("triage", "How bad is it?"),
        ))
        .await?;
    Ok(ToolResult::Text(format!("{incident:?} {triage:?}")))
}

async fn vec_of_three(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let questions = (0..3)
        .map(|n| Question::form::<Answer>(format!("q{n}"), format!("Question {n}?")))
        .collect::<Vec<_>>();
    let answers = ask.all(questions).await?;
    Ok(ToolResult::Text(format!("{answers:?}")))
}

fn messages(client: &Client) -> Vec<Value> {
    client
        .seen()
        .iter()
        .map(|request| request["message"].clone())
        .collect()
}

#[test]
fn all_asks_a_tuple_and_a_vec_in_one_round_or_in_turn() {
    for version in REVISIONS {
        let client = Client::new(
            version,
            vec![right_incident(), accept(json!({"severity": "low"}))],
        );
        assert_eq!(
            text(client.tool(tuple)),
            format!("{RIGHT_INCIDENT} Accept(Triage {{ severity: Low }})")
        );
        assert_eq!(
            messages(&client),
            [json!("Describe the incident"), json!("How bad is it?")]
        );
        let client = Client::new(
            version,
            vec![
                accept(json!({"yes": true})),
                json!({"action": "decline"}),
                json!({"action": "cancel"}),
            ],
        );
        assert_eq!(
            text(client.tool(vec_of_three)),
            "[Accept(Answer { yes: true }), Decline, Cancel]"
        );
        assert_eq!(
            messages(&client),
            [
                json!("Question 0?"),
                json!("Question 1?"),
                json!("Question 2?")
            ]
        );
        let rounds = client.script.rounds();
        if version == V0728 {
            // One input_required with every key, all answered in one retry.
            assert_eq!(rounds.len(), 1);
            let keys: Vec<&String> = rounds[0]["inputRequests"]
                .as_object()
                .unwrap()
                .keys()
                .collect();
            assert_eq!(keys, ["q0", "q1", "q2"]);
            let state = rounds[0]["requestState"].as_str().unwrap();
            assert_eq!(
                peek(state),
                json!({"v": 2, "exp": "EXP", "answers": {},
                       "questions": {"q0": "DIGEST", "q1": "DIGEST", "q2": "DIGEST"}})
            );
            // Three messages, three questions.
            let digests = digests(state);
            assert_ne!(digests["q0"], digests["q1"]);
            assert_ne!(digests["q1"], digests["q2"]);
            assert_ne!(digests["q0"], digests["q2"]);
        } else {
            assert!(rounds.is_empty());
        }
    }
}

#[test]
fn one_question_of_all_is_asked_again_while_the_others_are_kept() {
    for version in REVISIONS {
        let client = Client::new(
            version,
            vec![
                right_incident(),
                accept(json!({"severity": "urgent"})),
                accept(json!({"severity": "low"})),
            ],
        );
        assert_eq!(
            text(client.tool(tuple)),
            format!("{RIGHT_INCIDENT} Accept(Triage {{ severity: Low }})"),
            "{}",
            name(version)
        );
        assert_eq!(
            messages(&client),
            [
                json!("Describe the incident"),
                json!("How bad is it?"),
                json!("How bad is it?\n\nseverity: “urgent” is not one of the choices; choose “Low: no user impact” or “High: users are affected”."),
            ]
        );
        if version == V0728 {
            let rounds = client.script.rounds();
            assert_eq!(rounds.len(), 2);
            let keys = |round: &Value| -> Vec<String> {
                round["inputRequests"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .cloned()
                    .collect()
            };
            assert_eq!(keys(&rounds[0]), ["incident", "triage"]);
            // Only the rejected one is asked again; the other is sealed as
            // it was validated.
            assert_eq!(keys(&rounds[1]), ["triage"]);
            assert_eq!(
                peek(rounds[1]["requestState"].as_str().unwrap()),
                json!({"v": 2, "exp": "EXP",
                       "answers": {"incident": {"action": "accept", "content": {
                           "severity": "high", "reporter": "ana", "percent": 5, "page": true}}},
                       "attempts": {"triage": 1},
                       "questions": {"incident": "DIGEST", "triage": "DIGEST"},
                       "refused": {"triage": "DIGEST"}})
            );
            assert_eq!(
                digests(rounds[0]["requestState"].as_str().unwrap()),
                digests(rounds[1]["requestState"].as_str().unwrap())
            );
        }
    }
}

#[test]
fn sealed_answers_keep_only_the_declared_properties() {
    let client = Client::new(
        V0728,
        vec![
            accept(json!({"severity": "high", "extra": "dropped"})),
            accept(json!({"yes": true})),
        ],
    );
    assert_eq!(
        text(client.tool(two)),
        "Accept(Triage { severity: High }) Accept(Answer { yes: true })"
    );
    let rounds = client.script.rounds();
    assert_eq!(rounds.len(), 2);
    assert_eq!(
        peek(rounds[1]["requestState"].as_str().unwrap()),
        json!({"v": 2, "exp": "EXP",
               "answers": {"triage": {"action": "accept", "content": {"severity": "high"}}},
               "questions": {"triage": "DIGEST", "answer": "DIGEST"}})
    );
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Note {
    title: String,
    detail: Option<String>,
    #[elicit(default = 2, fill_default)]
    copies: u8,
}

async fn note_then_answer(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let note = ask.form::<Note>("note", "Add a note").await?;
    let answer = ask.form::<Answer>("answer", "Page someone?").await?;
    Ok(ToolResult::Text(format!("{note:?} {answer:?}")))
}

/// A blank optional field sent as `null` is the field left out, on every
/// revision: accepted at once (never asked again), and on 2026-07-28 not
/// sealed as if it were a value.
#[test]
fn a_null_for_an_optional_field_is_the_field_left_out() {
    for version in REVISIONS {
        let client = Client::new(
            version,
            vec![
                accept(json!({"title": "disk full", "detail": null, "copies": null})),
                accept(json!({"yes": true})),
            ],
        );
        assert_eq!(
            text(client.tool(note_then_answer)),
            r#"Accept(Note { title: "disk full", detail: None, copies: 2 }) Accept(Answer { yes: true })"#,
            "{}",
            name(version)
        );
        assert_eq!(
            messages(&client),
            [json!("Add a note"), json!("Page someone?")],
            "{}",
            name(version)
        );
        if version == V0728 {
            let rounds = client.script.rounds();
            assert_eq!(rounds.len(), 2);
            assert_eq!(
                peek(rounds[1]["requestState"].as_str().unwrap()),
                json!({"v": 2, "exp": "EXP",
                       "answers": {"note": {"action": "accept", "content": {"title": "disk full"}}},
                       "questions": {"note": "DIGEST", "answer": "DIGEST"}})
            );
        }
    }
    // A required field's `null` is still refused, as a type mismatch, and
    // asked again.
    for version in REVISIONS {
        let client = Client::new(
            version,
            vec![
                accept(json!({"title": null})),
                accept(json!({"title": "disk full"})),
                accept(json!({"yes": false})),
            ],
        );
        assert_eq!(
            text(client.tool(note_then_answer)),
            r#"Accept(Note { title: "disk full", detail: None, copies: 2 }) Accept(Answer { yes: false })"#,
            "{}",
            name(version)
        );
        assert_eq!(
            messages(&client)[1],
            json!("Add a note\n\ntitle: the answer must be a text."),
            "{}",
            name(version)
        );
    }
}

// ---------------------------------------------------------------------------
// Misuse, capability and revision.

#[test]
fn asking_outside_the_handler_is_refused_on_every_revision() {
    for version in REVISIONS {
        let client = Client::new(version, vec![right_incident()]);
        let ask = Ask::<Fake>::open(
            Arc::clone(&client.script),
            client.seal.clone(),
            client.request(Map::new(), None),
        )
        .unwrap();
        let error =
            block_on(ask.form::<Incident>("incident", "Describe the incident")).unwrap_err();
        assert!(matches!(error, ElicitError::OutsideHandler), "{error:?}");
        assert_eq!(
            wire(error),
            json!({"code": -32603, "message": "the server asked for input where its response cannot carry the request", "data": null})
        );
        assert!(client.seen().is_empty());
    }
}

#[test]
fn a_key_used_twice_is_refused_on_every_revision() {
    for version in REVISIONS {
        // Two questions in turn: on 2026-07-28 the second shows once the
        // first is answered.
        let client = Client::new(version, vec![accept(json!({"severity": "low"}))]);
        let error = failed(client.tool(|ask: Ask<Fake>| async move {
            ask.form::<Triage>("q", "How bad is it?").await?;
            ask.form::<Answer>("q", "Page someone?").await?;
            Ok(ToolResult::Text(String::new()))
        }));
        assert!(
            matches!(&error, ElicitError::KeyReused { key } if key == "q"),
            "{error:?}"
        );
        assert_eq!(client.seen().len(), 1, "{}", name(version));
        assert_eq!(
            wire(error),
            json!({"code": -32603, "message": "the server asked two questions under the key \"q\" in one request", "data": null})
        );
        // Two questions of one `all`: refused before anything is asked.
        let client = Client::new(version, vec![right_incident()]);
        let error = failed(client.tool(|ask: Ask<Fake>| async move {
            ask.all((
                Question::form::<Triage>("q", "How bad is it?"),
                Question::form::<Answer>("q", "Page someone?"),
            ))
            .await?;
            Ok(ToolResult::Text(String::new()))
        }));
        assert!(matches!(&error, ElicitError::KeyReused { key } if key == "q"));
        assert!(client.seen().is_empty(), "{}", name(version));
    }
}

/// A question no argument may answer, in a client without form
/// elicitation: a tool ends with the result for the model that says a
/// person must answer it (tests/ask/arguments.rs has the rest); a prompt,
/// which has no error result, with the JSON-RPC error `-32021`.
#[test]
fn a_client_without_form_elicitation_is_told_on_every_revision() {
    let text = "This client cannot show the person a form (it did not declare form \
                elicitation), so these questions were not asked:\n\n- \"Describe the \
                incident\": only a person can answer this, in a client that shows forms (MCP \
                elicitation); no argument can answer it.";
    for version in REVISIONS {
        let mut client = Client::new(version, vec![right_incident()]);
        client.form = false;
        let rejection = match result(client.tool(incident)) {
            ToolResult::Rejected(rejection) => rejection,
            other => panic!("expected the result for the model, got {other:?}"),
        };
        assert_eq!(rejection.code, -32021);
        assert_eq!(rejection.text, text, "{}", name(version));
        let data = rejection.data.unwrap();
        assert_eq!(
            data["requiredCapabilities"],
            json!({"elicitation": {"form": {}}})
        );
        assert_eq!(data["unasked"][0]["key"], "incident");
        assert!(client.seen().is_empty());

        client.method = "prompts/get";
        let error = failed(client.prompt(|ask: Ask<Fake>| async move {
            let answer = ask
                .form::<Incident>("incident", "Describe the incident")
                .await?;
            Ok(PromptResult(format!("{answer:?}")))
        }));
        assert!(matches!(error, ElicitError::Unasked(_)));
        let wire = wire(error);
        assert_eq!(wire["code"], -32021);
        assert_eq!(wire["message"], text);
        assert_eq!(wire["data"], data);
        assert!(client.seen().is_empty());
    }
}

#[test]
fn a_multi_select_is_refused_on_2025_06_18_and_carried_elsewhere() {
    let client = Client::new(V0618, vec![right_impact()]);
    let error = failed(client.tool(impact));
    assert!(
        matches!(
            &error,
            ElicitError::Version(VersionError::NoMultiSelect { property: Some(property), .. })
                if property == "services"
        ),
        "{error:?}"
    );
    assert_eq!(
        wire(error),
        json!({"code": -32600,
               "message": "property \"services\": protocol version 2025-06-18 has no multi-select (array) properties; they arrived in 2025-11-25 (SEP-1330): ask with a single-select, or one boolean per option",
               "data": {"protocolVersion": "2025-06-18", "field": "services"}})
    );
    assert!(client.seen().is_empty());
    // A revision without elicitation: the result for the model.
    let client = Client::new(Some(ProtocolVersion::V2025_03_26), vec![right_incident()]);
    let rejection = match result(client.tool(incident)) {
        ToolResult::Rejected(rejection) => rejection,
        other => panic!("expected the result for the model, got {other:?}"),
    };
    assert_eq!(rejection.code, -32021);
    assert!(
        rejection.text.starts_with(
            "This client cannot show the person a form (it speaks MCP 2025-03-26, which has no \
             elicitation), so these questions were not asked:"
        ),
        "{}",
        rejection.text
    );
    assert!(client.seen().is_empty());
    for version in [V1125, V0728, None] {
        let client = Client::new(version, vec![right_impact()]);
        assert_eq!(text(client.tool(impact)), RIGHT_IMPACT);
    }
}

// ---------------------------------------------------------------------------
// The sealed state.

/// The state of the second round of `two` (the triage answered), for
/// `client`.
fn second_round_state(client: &Client) -> String {
    let first = client.drive_once(Map::new(), None);
    let mut responses = Map::new();
    responses.insert("triage".to_owned(), accept(json!({"severity": "high"})));
    let second = client.drive_once(responses, first.request_state());
    second.request_state().unwrap().to_owned()
}

impl Client {
    /// One call of `two`, which must ask.
    fn drive_once(
        &self,
        responses: Map<String, Value>,
        state: Option<&str>,
    ) -> enum_schema::ask::adapter::InputRequiredResult {
        let ask = Ask::open(
            Arc::clone(&self.script),
            self.seal.clone(),
            self.request(responses, state),
        )
        .unwrap();
        match block_on(ask.tool(two)) {
            Ok(Done::InputRequired(result)) => result,
            other => panic!("expected input_required, got {other:?}"),
        }
    }

    /// One call of `two` with `state` and the answer to `answer`.
    fn retry(&self, state: &str) -> Outcome<ToolResult> {
        let mut responses = Map::new();
        responses.insert("answer".to_owned(), accept(json!({"yes": true})));
        match Ask::open(
            Arc::clone(&self.script),
            self.seal.clone(),
            self.request(responses, Some(state)),
        ) {
            Ok(ask) => block_on(ask.tool(two)),
            Err(error) => Err(error),
        }
    }
}

fn v0728() -> Client {
    Client::new(V0728, vec![])
}

/// Asserts a refused state: the variant, the detail for the logs, and what
/// the client reads: the message and the `data` of its reason (issue 45:
/// an expired state and an altered one are told apart without English).
fn assert_refused(outcome: Outcome<ToolResult>, expected: RequestStateError, detail: &str) {
    let error = failed(outcome);
    match &error {
        ElicitError::RequestState(refused) => assert_eq!(*refused, expected),
        other => panic!("expected a refused state, got {other:?}"),
    }
    let (message, reason) = match expected {
        RequestStateError::Expired => (EXPIRED_STATE, "expired"),
        _ => (REFUSED_STATE, "invalid"),
    };
    assert_eq!(error.to_string(), message);
    assert_eq!(
        std::error::Error::source(&error).map(ToString::to_string),
        Some(detail.to_owned())
    );
    assert_eq!(
        wire(error),
        json!({"code": -32602, "message": message, "data": {"requestState": reason}})
    );
}

#[test]
fn a_sealed_state_opens_for_its_own_request() {
    let client = v0728();
    let state = second_round_state(&client);
    assert_eq!(
        text(client.retry(&state)),
        "Accept(Triage { severity: High }) Accept(Answer { yes: true })"
    );
}

#[test]
fn a_tampered_state_is_refused() {
    let client = v0728();
    let state = second_round_state(&client);
    // A character of the payload changed.
    let mut tampered = state.clone().into_bytes();
    let at = 2 * 12;
    tampered[at] = if tampered[at] == b'0' { b'1' } else { b'0' };
    let tampered = String::from_utf8(tampered).unwrap();
    assert_refused(
        client.retry(&tampered),
        RequestStateError::Unverified("altered".into()),
        "the seal does not verify: altered",
    );
    // Not a state at all.
    assert_refused(
        client.retry("not a state"),
        RequestStateError::Unverified("not a state".into()),
        "the seal does not verify: not a state",
    );
}

#[test]
fn a_state_sealed_with_another_key_is_refused() {
    let client = v0728();
    let state = second_round_state(&client);
    let other = v0728().sealed_with(RequestStateSeal::new(codec(KEY + 1)));
    assert_refused(
        other.retry(&state),
        RequestStateError::Unverified("another key".into()),
        "the seal does not verify: another key",
    );
}

#[test]
fn a_state_sealed_for_another_request_is_refused() {
    let mut arguments = Map::new();
    arguments.insert("ticket".to_owned(), json!(1));
    arguments.insert("team".to_owned(), json!({"b": 2, "a": 1}));
    let mut client = v0728();
    client.arguments = Some(arguments.clone());
    let state = second_round_state(&client);

    let mut method = v0728();
    method.method = "prompts/get";
    method.arguments = Some(arguments.clone());
    let mut tool = v0728();
    tool.name = "other";
    tool.arguments = Some(arguments.clone());
    let mut changed = arguments.clone();
    changed.insert("ticket".to_owned(), json!(2));
    let mut argument = v0728();
    argument.arguments = Some(changed);
    let none = v0728();
    for other in [method, tool, argument, none] {
        assert_refused(
            other.retry(&state),
            RequestStateError::OtherRequest,
            "sealed for another request",
        );
    }
    // The same arguments written in another order are the same request.
    let mut reordered = Map::new();
    reordered.insert("team".to_owned(), json!({"a": 1, "b": 2}));
    reordered.insert("ticket".to_owned(), json!(1));
    let mut same = v0728();
    same.arguments = Some(reordered);
    assert!(matches!(same.retry(&state), Ok(Done::Complete(_))));
    // No arguments and `{}` say the same.
    let empty = v0728();
    let state = second_round_state(&empty);
    let mut braces = v0728();
    braces.arguments = Some(Map::new());
    assert!(matches!(braces.retry(&state), Ok(Done::Complete(_))));
}

#[test]
fn an_expired_state_is_refused() {
    // Long enough for the rounds that seal (the first included), however
    // loaded the machine; then past it.
    let client =
        v0728().sealed_with(RequestStateSeal::new(codec(KEY)).with_ttl(Duration::from_secs(1)));
    let state = second_round_state(&client);
    std::thread::sleep(Duration::from_millis(1_500));
    assert_refused(
        client.retry(&state),
        RequestStateError::Expired,
        "older than its time to live",
    );
}

#[test]
fn a_state_longer_than_65536_characters_is_refused_unopened() {
    let client = v0728();
    assert_refused(
        client.retry(&"0".repeat(65_537)),
        RequestStateError::Malformed,
        "the payload is not a sealed set of answers",
    );
    // 65,536 characters are opened (and fail as the codec says).
    assert_refused(
        client.retry(&"0".repeat(65_536)),
        RequestStateError::Unverified("another key".into()),
        "the seal does not verify: another key",
    );
}

#[test]
fn a_verified_state_that_is_not_the_crates_json_is_refused() {
    let client = v0728();
    // The payload `[]`, sealed by this codec for the right binding: a
    // state of the core with its payload replaced and the checksum fixed
    // (the key is ours).
    let state = second_round_state(&client);
    let bytes = unhex(&state).unwrap();
    let mut forged = bytes[..9].to_vec();
    forged.extend_from_slice(b"[]");
    let sum = digest(&forged, codec(KEY).secret);
    forged.extend_from_slice(&sum.to_be_bytes());
    assert_refused(
        client.retry(&hex(&forged)),
        RequestStateError::Malformed,
        "the payload is not a sealed set of answers",
    );
}

#[test]
fn an_answer_changed_in_a_retry_is_ignored() {
    let client = v0728();
    // Each on a call of its own: a call completes once.
    let call = |triage: Value| {
        let state = second_round_state(&client);
        let mut responses = Map::new();
        responses.insert("triage".to_owned(), triage);
        responses.insert("answer".to_owned(), accept(json!({"yes": true})));
        let ask = Ask::open(
            Arc::clone(&client.script),
            client.seal.clone(),
            client.request(responses, Some(&state)),
        )
        .unwrap();
        block_on(ask.tool(two))
    };
    // The triage was answered in an earlier round: the sealed answer holds,
    // whatever the retry sends again under its key.
    assert_eq!(
        text(call(accept(json!({"severity": "low"})))),
        "Accept(Triage { severity: High }) Accept(Answer { yes: true })"
    );
    assert_eq!(
        text(call(json!({"action": "decline"}))),
        "Accept(Triage { severity: High }) Accept(Answer { yes: true })"
    );
    assert_eq!(
        text(call(accept(json!({"severity": "high", "extra": 1})))),
        "Accept(Triage { severity: High }) Accept(Answer { yes: true })"
    );
}

#[test]
fn answers_longer_than_a_state_may_carry_are_refused_before_sending() {
    let text = "n".repeat(40_000);
    let client = Client::new(V0728, vec![accept(json!({"text": text}))]);
    let error = failed(client.tool(|ask: Ask<Fake>| async move {
        let notes = ask.form::<Notes>("notes", "Anything else?").await?;
        let answer = ask.form::<Answer>("answer", "Page someone?").await?;
        Ok(ToolResult::Text(format!("{notes:?} {answer:?}")))
    }));
    // hex(key id || digest || payload || checksum), a 13-digit expiry.
    let digest = "0".repeat(64);
    let payload = json!({"v": 2, "exp": 1_000_000_000_000_u64, "call": "0".repeat(32),
                         "answers": {"notes": {"action": "accept", "content": {"text": text}}},
                         "questions": {"notes": digest, "answer": digest}})
    .to_string();
    let length = 2 * (FRAME + payload.len());
    assert!(
        matches!(error, ElicitError::StateTooLarge { length: got } if got == length),
        "{error:?}"
    );
    assert_eq!(
        wire(error),
        json!({"code": -32603,
               "message": format!("the server's questions need a requestState of {length} characters, more than the 65536 a request may carry"),
               "data": null})
    );
    // Only the first round went out.
    assert_eq!(client.script.rounds().len(), 1);
}

// ---------------------------------------------------------------------------
// The errors, as a client receives them.

#[test]
fn every_error_has_its_code_and_data() {
    let invalid = |answer: Value| {
        let error = Incident::parse_result(answer).unwrap_err();
        ElicitError::Invalid(error)
    };
    let cases = [
        (
            ElicitError::Unsupported {
                method: "elicitation/create",
            },
            json!({"code": -32021,
                   "message": "the client did not declare the elicitation capability (form mode), so it cannot be sent elicitation/create",
                   "data": {"requiredCapabilities": {"elicitation": {"form": {}}}}}),
        ),
        (
            ElicitError::Version(VersionError::NoMultiSelect {
                version: ProtocolVersion::V2025_06_18,
                property: None,
            }),
            json!({"code": -32600,
                   "message": "protocol version 2025-06-18 has no multi-select (array) properties; they arrived in 2025-11-25 (SEP-1330): ask with a single-select, or one boolean per option",
                   "data": {"protocolVersion": "2025-06-18", "field": null}}),
        ),
        (
            ElicitError::Version(VersionError::NoElicitation {
                version: ProtocolVersion::V2024_11_05,
            }),
            json!({"code": -32600,
                   "message": "protocol version 2024-11-05 has no elicitation; it arrived in 2025-06-18",
                   "data": null}),
        ),
        (
            ElicitError::InputRequired(Box::new(
                enum_schema::ask::adapter::InputRequiredResult::new()
                    .with_request_state("s")
                    .unwrap(),
            )),
            json!({"code": -32603,
                   "message": "the server needs the client's input, which this response cannot ask for",
                   "data": null}),
        ),
        (
            ElicitError::NoServerRequests {
                version: "2026-07-28".to_owned(),
            },
            json!({"code": -32600,
                   "message": "protocol version 2026-07-28 has no server-to-client requests, so elicitation/create cannot be sent; the server has to ask inside the result (input_required)",
                   "data": null}),
        ),
        (
            ElicitError::RequestState(RequestStateError::OtherRequest),
            json!({"code": -32602, "message": REFUSED_STATE, "data": {"requestState": "invalid"}}),
        ),
        (
            ElicitError::RequestState(RequestStateError::Malformed),
            json!({"code": -32602, "message": REFUSED_STATE, "data": {"requestState": "invalid"}}),
        ),
        (
            ElicitError::RequestState(RequestStateError::Unverified("altered".into())),
            json!({"code": -32602, "message": REFUSED_STATE, "data": {"requestState": "invalid"}}),
        ),
        (
            ElicitError::RequestState(RequestStateError::Expired),
            json!({"code": -32602, "message": EXPIRED_STATE, "data": {"requestState": "expired"}}),
        ),
        (
            ElicitError::RequestState(RequestStateError::Consumed),
            json!({"code": -32602,
                   "message": "requestState was already used, or the answers it stands for are no longer held by the server; a requestState is accepted once: continue from the response to the request that used it, or send the request again without requestState and inputResponses, which asks the person again",
                   "data": {"requestState": "used"}}),
        ),
        (
            ElicitError::RequestState(RequestStateError::Completed),
            json!({"code": -32602,
                   "message": "the call this requestState belongs to already completed (or is completing): what it did is done once, and not again, and its result is not sent twice; do not send this request again",
                   "data": {"requestState": "completed"}}),
        ),
        (
            ElicitError::Store(enum_schema::ask::StoreError::new(
                "Redis: connection refused",
            )),
            json!({"code": -32603,
                   "message": "the server could not reach the store that keeps the answers of earlier rounds (requestState); nothing was accepted, and those answers may be gone: send the request again later without requestState and inputResponses",
                   "data": null}),
        ),
        (
            ElicitError::StateTooLarge { length: 70_000 },
            json!({"code": -32603,
                   "message": "the server's questions need a requestState of 70000 characters, more than the 65536 a request may carry",
                   "data": null}),
        ),
        (
            ElicitError::Service(SdkError::new(
                (),
                -32001,
                "request timed out",
                Some(json!({"timeout": 600})),
            )),
            json!({"code": -32001,
                   "message": "the request to the client failed: request timed out",
                   "data": {"timeout": 600}}),
        ),
        (
            invalid(accept(
                json!({"severity": "urgent", "reporter": "ana", "percent": 5, "page": true}),
            )),
            json!({"code": -32602,
                   "message": "the client's answer was rejected: field `severity`: invalid value \"urgent\": expected one of \"low\", \"high\"",
                   "data": {"errors": [incident_entries()[0]]}}),
        ),
        (
            ElicitError::Handler(SdkError::new((), -32002, "no such incident", None)),
            json!({"code": -32002, "message": "no such incident", "data": null}),
        ),
        (
            ElicitError::OutsideHandler,
            json!({"code": -32603,
                   "message": "the server asked for input where its response cannot carry the request",
                   "data": null}),
        ),
        (
            ElicitError::KeyReused {
                key: "q".to_owned(),
            },
            json!({"code": -32603,
                   "message": "the server asked two questions under the key \"q\" in one request",
                   "data": null}),
        ),
        (
            ElicitError::NoArguments {
                tool: "deploy".to_owned(),
            },
            json!({"code": -32602,
                   "message": "tool \"deploy\" declares arguments, and the server found none \
                               where it binds its questions to them, so nothing was asked: either \
                               this request has no `arguments` (send them, `{}` to leave out every \
                               optional one), or the server reads them too early, which its log \
                               names",
                   "data": null}),
        ),
        (
            ElicitError::InvalidArguments {
                method: "prompts/get".to_owned(),
                name: "deploy".to_owned(),
                argument: Some("replicas".to_owned()),
                reason: "should be an integer from 0 to 255, not the string \"x\"".to_owned(),
                error: serde_json::from_value::<u8>(json!("x")).unwrap_err(),
            },
            json!({"code": -32602,
                   "message": "invalid arguments for prompt \"deploy\": the argument `replicas` \
                               should be an integer from 0 to 255, not the string \"x\"",
                   "data": null}),
        ),
        (
            ElicitError::InvalidArguments {
                method: "resources/read".to_owned(),
                name: "deploy".to_owned(),
                argument: None,
                reason: "a replica count must be even".to_owned(),
                error: serde::de::Error::custom("a replica count must be even"),
            },
            json!({"code": -32602,
                   "message": "invalid arguments for resource \"deploy\": a replica count must \
                               be even",
                   "data": null}),
        ),
    ];
    for (error, expected) in cases {
        assert_eq!(
            json!({"code": error.code(), "message": error.to_string(), "data": error.data()}),
            expected
        );
        let message = error.to_string();
        assert!(!message.contains("::") && !message.contains("enum_schema"));
        assert_eq!(wire(error), expected);
    }
}

#[test]
fn the_sdks_own_error_passes_through_unchanged() {
    let own = json!({"code": -32002, "message": "no such incident", "data": {"id": 7}});
    let error = ElicitError::Handler(SdkError::new(own.clone(), -32002, "no such incident", None));
    assert_eq!(wire(error), own);
    // Raised by a body with `?`.
    for version in REVISIONS {
        let client = Client::new(version, vec![]);
        let error = failed(client.tool(|_: Ask<Fake>| async move {
            Err::<ToolResult, _>(ElicitError::Handler(SdkError::new(
                json!({"code": -32002, "message": "no such incident"}),
                -32002,
                "no such incident",
                None,
            )))
        }));
        assert_eq!(
            wire(error),
            json!({"code": -32002, "message": "no such incident"})
        );
    }
    // A client that never answers (before 2026-07-28): the SDK's error.
    let client = Client::new(V1125, vec![]);
    let error = failed(client.tool(incident));
    assert!(matches!(error, ElicitError::Service(_)));
    assert_eq!(
        wire(error),
        json!({"code": -32001, "message": "request timed out"})
    );
}

#[test]
fn a_long_rejected_value_is_truncated_in_data() {
    for version in [V1125, V0728, None] {
        // 300 characters: cut to 256.
        let long = "x".repeat(300);
        let client = Client::new(
            version,
            // Not the same answer twice in a row: the reporter differs.
            ["ana", "bo", "ana"]
                .map(|reporter| {
                    accept(
                        json!({"severity": long, "reporter": reporter, "percent": 5, "page": true}),
                    )
                })
                .to_vec(),
        );
        let data = rejected(client.tool(incident)).data.unwrap();
        // The message quotes 80 characters.
        assert_eq!(
            data,
            json!({"errors": [{
                "field": "severity",
                "value": "x".repeat(256),
                "allowed": ["low", "high"],
                "truncated": true,
                "message": format!(
                    "field `severity`: invalid value \"{}\"…: expected one of \"low\", \"high\"",
                    "x".repeat(80)
                ),
            }]})
        );
        // 300 items: cut to 256. (None is an option: the first is refused,
        // before the count.)
        let items: Vec<Value> = (0..300).map(|n| json!(format!("s{n}"))).collect();
        let client = Client::new(
            version,
            [true, false, true]
                .map(|page| accept(json!({"services": items, "page": page})))
                .to_vec(),
        );
        let data = rejected(client.tool(impact)).data.unwrap();
        assert_eq!(
            data,
            json!({"errors": [{
                "field": "services",
                "value": items[..256],
                "index": 0,
                "allowed": ["checkout", "search", "login"],
                "truncated": true,
                "message": "field `services`: invalid item at index 0: \"s0\" is not an option; expected one of \"checkout\", \"search\", \"login\"",
            }]})
        );
        let seen = client.seen();
        assert_eq!(
            seen[1]["message"],
            "Which services?\n\nservices: “s0” is not one of the choices; choose from “checkout”, “search” or “login”."
        );
        assert_eq!(defaults(&seen[1]), json!({"services": null, "page": true}));
        // 256 characters are not cut.
        let client = Client::new(
            version,
            ["ana", "bo", "ana"]
                .map(|reporter| {
                    accept(
                        json!({"severity": "y".repeat(256), "reporter": reporter, "percent": 5, "page": true}),
                    )
                })
                .to_vec(),
        );
        let data = rejected(client.tool(incident)).data.unwrap();
        assert_eq!(data["errors"][0]["value"], json!("y".repeat(256)));
        assert_eq!(data["errors"][0].get("truncated"), None);
    }
}

#[test]
fn the_count_of_a_question_answered_right_is_dropped_from_the_state() {
    let client = Client::new(
        V0728,
        vec![
            accept(json!({"severity": "urgent"})),
            accept(json!({"severity": "high"})),
            accept(json!({"yes": false})),
        ],
    );
    assert_eq!(
        text(client.tool(two)),
        "Accept(Triage { severity: High }) Accept(Answer { yes: false })"
    );
    let rounds = client.script.rounds();
    assert_eq!(rounds.len(), 3);
    assert_eq!(
        peek(rounds[1]["requestState"].as_str().unwrap()),
        json!({"v": 2, "exp": "EXP", "answers": {}, "attempts": {"triage": 1},
               "questions": {"triage": "DIGEST"}, "refused": {"triage": "DIGEST"}})
    );
    assert_eq!(
        peek(rounds[2]["requestState"].as_str().unwrap()),
        json!({"v": 2, "exp": "EXP",
               "answers": {"triage": {"action": "accept", "content": {"severity": "high"}}},
               "questions": {"triage": "DIGEST", "answer": "DIGEST"}})
    );
}

#[test]
fn one_question_of_a_vec_is_asked_again_while_the_others_are_kept() {
    let questions = |ask: Ask<Fake>| async move {
        let questions = (0..3)
            .map(|n| Question::form::<Triage>(format!("q{n}"), format!("Question {n}?")))
            .collect::<Vec<_>>();
        let answers = ask.all(questions).await?;
        Ok(ToolResult::Text(format!("{answers:?}")))
    };
    for version in REVISIONS {
        let (low, title, decline) = (
            accept(json!({"severity": "low"})),
            accept(json!({"severity": "Low: no user impact"})),
            json!({"action": "decline"}),
        );
        let answers = if version == V0728 {
            // One round of three, then q1 again.
            vec![low.clone(), title, decline, low]
        } else {
            vec![low.clone(), title, low, decline]
        };
        let client = Client::new(version, answers);
        assert_eq!(
            text(client.tool(questions)),
            "[Accept(Triage { severity: Low }), Accept(Triage { severity: Low }), Decline]",
            "{}",
            name(version)
        );
        let seen = client.seen();
        let again = if version == V0728 {
            // All three in one round, then q1 alone.
            let rounds = client.script.rounds();
            assert_eq!(rounds.len(), 2);
            assert_eq!(
                peek(rounds[1]["requestState"].as_str().unwrap()),
                json!({"v": 2, "exp": "EXP",
                       "answers": {"q0": {"action": "accept", "content": {"severity": "low"}},
                                   "q2": {"action": "decline"}},
                       "attempts": {"q1": 1},
                       "questions": {"q0": "DIGEST", "q1": "DIGEST", "q2": "DIGEST"},
                       "refused": {"q1": "DIGEST"}})
            );
            &seen[3]
        } else {
            // In turn: q1 asked again before q2.
            assert_eq!(seen[3]["message"], "Question 2?");
            &seen[2]
        };
        assert_eq!(
            again["message"],
            "Question 1?\n\nseverity: please choose “Low: no user impact” again from the list."
        );
        let expected = if version == V0618 {
            json!({"severity": null})
        } else {
            json!({"severity": "low"})
        };
        assert_eq!(defaults(again), expected, "{}", name(version));
    }
}

/// `Ask` is `Clone`: a clone kept past the end of the body (held by a
/// spawned task, say) asks outside the handler, where no response can
/// carry the question any more.
#[test]
fn a_clone_used_after_the_body_ended_is_outside_the_handler() {
    for version in REVISIONS {
        let client = Client::new(version, vec![right_incident()]);
        let ask = Ask::<Fake>::open(
            Arc::clone(&client.script),
            client.seal.clone(),
            client.request(Map::new(), None),
        )
        .unwrap();
        let kept = ask.clone();
        let done = block_on(
            ask.tool(|_: Ask<Fake>| async move { Ok(ToolResult::Text("done".to_owned())) }),
        );
        assert_eq!(text(done), "done");
        let after = block_on(kept.form::<Incident>("incident", "Describe the incident"));
        assert!(
            matches!(after, Err(ElicitError::OutsideHandler)),
            "{}: {after:?}",
            name(version)
        );
        assert!(client.seen().is_empty(), "{}", name(version));
    }
}

/// A form the revision cannot carry is the server's bug: an `all` holding
/// one is refused before anything is asked, not after the person has
/// answered the questions before it.
#[test]
fn an_all_with_a_form_the_revision_cannot_carry_asks_nothing() {
    // 2025-06-18 has no multi-select; 2026-07-28 shapes every question of a
    // round before reading any answer too.
    {
        let version = V0618;
        let client = Client::new(version, vec![right_incident(), right_impact()]);
        let outcome = client.tool(|ask: Ask<Fake>| async move {
            let (incident, impact) = ask
                .all((
                    Question::form::<Incident>("incident", "Describe the incident"),
                    Question::form::<Impact>("impact", "Which services?"),
                ))
                .await?;
            Ok(ToolResult::Text(format!("{incident:?} {impact:?}")))
        });
        let error = failed(outcome);
        assert!(
            matches!(
                &error,
                ElicitError::Version(VersionError::NoMultiSelect { property: Some(property), .. })
                    if property == "services"
            ),
            "{error:?}"
        );
        assert_eq!(client.seen(), Vec::<Value>::new(), "{}", name(version));
    }
}

/// `MAX_REQUEST_STATE_LENGTH` counts characters (the spec proposal's
/// `maxLength`), not bytes: a state of 40,000 two-byte characters is
/// opened.
#[test]
fn the_length_limit_counts_characters() {
    let client = v0728();
    assert_refused(
        client.retry(&"é".repeat(40_000)),
        RequestStateError::Unverified("not a state".into()),
        "the seal does not verify: not a state",
    );
}

/// The seal is one type for every SDK, over any `StateCodec`; printing it
/// shows its time to live and attempts, never the codec (which holds keys).
#[test]
fn a_seal_prints_no_codec() {
    let seal = RequestStateSeal::new(codec(KEY))
        .with_ttl(Duration::from_secs(30))
        .with_max_attempts(2);
    assert_eq!(
        format!("{seal:?}"),
        "RequestStateSeal { ttl: 30s, max_attempts: 2, .. }"
    );
    let sealed = seal.codec().seal(b"{}", b"request").unwrap();
    assert_eq!(seal.codec().open(&sealed, b"request").unwrap(), b"{}");
    assert_eq!(
        seal.codec().open(&sealed, b"another request"),
        Err(RequestStateError::OtherRequest)
    );
}
