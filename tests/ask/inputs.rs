//! The other input requests beside forms: `sampling/createMessage`
//! ([`CreateMessage`]) and `roots/list` ([`ListRoots`]), asked in the same
//! round as a form on 2026-07-28 and as the server's own requests before,
//! checked when they come back, sealed across rounds, and never sent to a
//! client that did not declare the capability.

use enum_schema::ask::{CreateMessage, ListRoots};
use enum_schema::ask::{CreateMessageParams, CreateMessageResult, ListRootsResult, Role};
use enum_schema::{Confirm, Error, ErrorKind};

use super::*;

fn sampled() -> Value {
    json!({
        "role": "assistant",
        "content": {"type": "text", "text": "Paris."},
        "model": "test-model",
        "stopReason": "endTurn",
    })
}

fn roots() -> Value {
    json!({"roots": [
        {"uri": "file:///home/ana/billing", "name": "Billing"},
        {"uri": "file:///home/ana/notes"},
    ]})
}

fn capital() -> CreateMessageParams {
    CreateMessageParams::new("What is the capital of France?", 100)
}

fn roots_text(roots: &ListRootsResult) -> String {
    let roots: Vec<String> = roots
        .roots()
        .iter()
        .map(|root| format!("{} {:?}", root.uri(), root.name()))
        .collect();
    roots.join(", ")
}

/// A form, a sampled message and the roots, asked together.
async fn three(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let (triage, capital, roots) = ask
        .all((
            Question::form::<Triage>("triage", "How bad is it?"),
            CreateMessage::new("capital", capital()),
            ListRoots::new("roots"),
        ))
        .await?;
    Ok(ToolResult::Text(format!(
        "{triage:?}; {:?} {:?} by {} ({:?}); {}",
        capital.role(),
        capital.text(),
        capital.model(),
        capital.stop_reason(),
        roots_text(&roots)
    )))
}

const THREE: &str = "Accept(Triage { severity: High }); Assistant \"Paris.\" by test-model \
     (Some(\"endTurn\")); file:///home/ana/billing Some(\"Billing\"), file:///home/ana/notes None";

#[test]
fn a_form_a_sampled_message_and_the_roots_come_back_typed_on_every_revision() {
    for version in [V0618, V1125, V0728] {
        let what = name(version);
        let client = Client::new(
            version,
            vec![accept(json!({"severity": "high"})), sampled(), roots()],
        );
        assert_eq!(text(client.tool(three)), THREE, "{what}");
        // In order, each as its own request before 2026-07-28; all three in
        // one round on 2026-07-28.
        let seen = client.seen();
        assert_eq!(seen.len(), 3, "{what}");
        assert_eq!(seen[0]["message"], "How bad is it?", "{what}");
        assert_eq!(
            seen[1],
            json!({"method": "sampling/createMessage", "params": {
                "messages": [{"role": "user", "content": {"type": "text", "text": "What is the capital of France?"}}],
                "maxTokens": 100,
            }}),
            "{what}"
        );
        assert_eq!(
            seen[2],
            json!({"method": "roots/list", "params": {}}),
            "{what}"
        );
        let rounds = client.script.rounds();
        if version == V0728 {
            assert_eq!(rounds.len(), 1);
            let requests = rounds[0]["inputRequests"].as_object().unwrap();
            // The order asked is `seen`'s; a JSON object's keys come sorted
            // without serde_json's `preserve_order` (`--features ask` alone).
            let mut keys: Vec<&str> = requests.keys().map(String::as_str).collect();
            keys.sort_unstable();
            assert_eq!(keys, ["capital", "roots", "triage"]);
            assert_eq!(requests["capital"], seen[1]);
            assert_eq!(requests["roots"], seen[2]);
            assert_eq!(requests["triage"]["method"], "elicitation/create");
        } else {
            assert_eq!(rounds, Vec::<Value>::new(), "{what}");
        }
    }
}

/// A sampled message first, in its own round, then a form.
async fn sample_then_ask(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let capital = ask.create_message("capital", capital()).await?;
    let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
    let roots = ask.list_roots("roots").await?;
    Ok(ToolResult::Text(format!(
        "{} {triage:?} {}",
        capital.text(),
        roots_text(&roots)
    )))
}

#[test]
fn a_sampled_message_is_sealed_across_rounds_and_read_back_checked() {
    let client = Client::new(
        V0728,
        vec![sampled(), accept(json!({"severity": "low"})), roots()],
    );
    assert_eq!(
        text(client.tool(sample_then_ask)),
        "Paris. Accept(Triage { severity: Low }) file:///home/ana/billing Some(\"Billing\"), \
         file:///home/ana/notes None"
    );
    let rounds = client.script.rounds();
    assert_eq!(rounds.len(), 3);
    // The second round's state carries the sampled message (the members
    // MCP defines); the third, which asks for the roots, the message and
    // the form's answer.
    let second = peek(rounds[1]["requestState"].as_str().unwrap());
    assert_eq!(second["answers"]["capital"], sampled());
    let third = peek(rounds[2]["requestState"].as_str().unwrap());
    assert_eq!(third["answers"]["capital"], sampled());
    assert_eq!(
        third["answers"]["triage"],
        accept(json!({"severity": "low"}))
    );
}

#[test]
fn a_client_without_the_capability_is_not_asked() {
    for version in [V0618, V1125, V0728] {
        let what = name(version);
        let mut client = Client::new(version, vec![accept(json!({"severity": "high"}))]);
        client.sampling = false;
        let Err(error) = client.tool(three) else {
            panic!("{what}: expected an error");
        };
        assert!(
            matches!(
                error,
                ElicitError::Unsupported {
                    method: "sampling/createMessage"
                }
            ),
            "{what}: {error:?}"
        );
        assert_eq!(
            wire(error),
            json!({
                "code": -32021,
                "message": "the client did not declare the sampling capability, so it cannot be sent sampling/createMessage",
                "data": {"requiredCapabilities": {"sampling": {}}},
            }),
            "{what}"
        );
        // Refused before anything is asked, the form included.
        assert_eq!(client.seen(), Vec::<Value>::new(), "{what}");

        let mut client = Client::new(version, vec![]);
        client.roots = false;
        let Err(error) = client.tool(three) else {
            panic!("{what}: expected an error");
        };
        assert_eq!(
            wire(error),
            json!({
                "code": -32021,
                "message": "the client did not declare the roots capability, so it cannot be sent roots/list",
                "data": {"requiredCapabilities": {"roots": {}}},
            }),
            "{what}"
        );
    }
}

#[test]
fn a_malformed_sampled_message_or_roots_list_is_a_protocol_error_at_once() {
    let cases = [
        (
            json!({"role": "assistant", "content": {"type": "text", "text": "Paris."}}),
            Value::Null,
            "malformed CreateMessageResult: `model` is missing",
        ),
        (
            json!({"role": "system", "content": {"type": "text", "text": "Paris."}, "model": "m"}),
            json!("system"),
            r#"malformed CreateMessageResult: `role` is not "user" or "assistant" (found "system")"#,
        ),
        (
            json!({"role": "assistant", "content": {"type": "text"}, "model": "m"}),
            Value::Null,
            "malformed CreateMessageResult: a content block's `text` is missing",
        ),
        (
            json!({"role": "assistant", "content": [{"type": "video", "url": "x"}], "model": "m"}),
            json!("video"),
            r#"malformed CreateMessageResult: a content block's `type` is not "text", "image", "audio", "tool_use" or "tool_result" (found "video")"#,
        ),
        (
            json!({"action": "accept", "content": {"text": "Paris."}}),
            Value::Null,
            "malformed CreateMessageResult: `role` is missing",
        ),
        (
            json!({"role": "assistant", "content": [], "model": "m"}),
            json!([]),
            "malformed CreateMessageResult: `content` is an empty array; a sampled message has at least one content block (found [])",
        ),
    ];
    for version in [V1125, V0728] {
        for (answer, value, message) in &cases {
            let what = format!("{} {answer}", name(version));
            let client = Client::new(
                version,
                vec![accept(json!({"severity": "high"})), answer.clone(), roots()],
            );
            let Err(error) = client.tool(three) else {
                panic!("{what}: expected a JSON-RPC error");
            };
            assert!(matches!(error, ElicitError::Invalid(_)), "{what}");
            assert_eq!(
                wire(error),
                json!({
                    "code": -32602,
                    "message": format!("the client's answer was rejected: {message}"),
                    "data": {"errors": [{"field": null, "value": value, "message": message}]},
                }),
                "{what}"
            );
            // Never asked again: a client's protocol error is no person's
            // mistake. Before 2026-07-28 the roots were never asked; on
            // 2026-07-28 they were asked in the same round.
            let asked = if version == V0728 { 3 } else { 2 };
            assert_eq!(client.seen().len(), asked, "{what}");
        }
    }
    let client = Client::new(
        V0728,
        vec![
            accept(json!({"severity": "high"})),
            sampled(),
            json!({"roots": [{"uri": "https://example.com/repo"}]}),
        ],
    );
    let Err(error) = client.tool(three) else {
        panic!("expected a JSON-RPC error");
    };
    assert_eq!(
        error.to_string(),
        r#"the client's answer was rejected: malformed ListRootsResult: a root's `uri` does not start with file:// (found "https://example.com/repo")"#
    );
}

#[test]
fn the_results_are_read_member_by_member() {
    let result = CreateMessageResult::from_json(json!({
        "role": "user",
        "content": [
            {"type": "text", "text": "one"},
            {"type": "image", "data": "aGk=", "mimeType": "image/png"},
            {"type": "text", "text": "two"},
        ],
        "model": "m",
        "_meta": {"trace": 1},
        "extra": true,
    }))
    .unwrap();
    assert_eq!(result.role(), Role::User);
    assert_eq!(result.text(), "one\ntwo");
    assert_eq!(result.content().len(), 3);
    assert_eq!(result.stop_reason(), None);
    // What it keeps: the members MCP defines, `extra` not among them.
    assert_eq!(
        result.to_json(),
        json!({
            "role": "user",
            "content": [
                {"type": "text", "text": "one"},
                {"type": "image", "data": "aGk=", "mimeType": "image/png"},
                {"type": "text", "text": "two"},
            ],
            "model": "m",
            "_meta": {"trace": 1},
        })
    );
    let error: Error = CreateMessageResult::from_json(json!("Paris")).unwrap_err();
    assert_eq!(
        error.kind(),
        &ErrorKind::MalformedResponse {
            result: "CreateMessageResult",
            reason: "not an object".into(),
            found: Some(json!("Paris")),
        }
    );
    let error = ListRootsResult::from_json(json!({"roots": [{"uri": "file:///a", "name": 5}]}))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "malformed ListRootsResult: a root's `name` is not a string (found 5)"
    );
    let error = ListRootsResult::from_json(json!({})).unwrap_err();
    assert_eq!(
        error.to_string(),
        "malformed ListRootsResult: `roots` is missing"
    );
    assert_eq!(
        ListRootsResult::from_json(json!({"roots": []}))
            .unwrap()
            .to_json(),
        json!({"roots": []})
    );
}

/// A question whose answer may come before it is asked.
async fn early(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let (triage, capital) = ask
        .all((
            Question::form::<Triage>("triage", "How bad is it?").with_early_answer(),
            CreateMessage::new("capital", capital()).with_early_answer(),
        ))
        .await?;
    Ok(ToolResult::Text(format!("{triage:?} {}", capital.text())))
}

/// The same questions, whose answers count only after they were asked.
async fn bound(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let (triage, capital) = ask
        .all((
            Question::form::<Triage>("triage", "How bad is it?"),
            CreateMessage::new("capital", capital()),
        ))
        .await?;
    Ok(ToolResult::Text(format!("{triage:?} {}", capital.text())))
}

/// A confirmation that says it may be answered early: it may not.
async fn early_confirm(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let question = Question::form::<Confirm>("confirm", "Deploy?").with_early_answer();
    let answer = ask.question(question).await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

/// The same, built from the form's params with `Question::new`: marked
/// `person_only`, as `Question::form` marks it.
async fn early_confirm_by_hand(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let question = Question::new(
        "confirm",
        Confirm::request("Deploy?"),
        Confirm::parse_result,
    )
    .person_only()
    .with_early_answer();
    let answer = ask.question(question).await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

#[test]
fn an_early_answer_counts_only_where_the_question_allows_it() {
    let client = Client::new(V0728, vec![]);
    let mut sent = Map::new();
    sent.insert("triage".to_owned(), accept(json!({"severity": "low"})));
    sent.insert("capital".to_owned(), sampled());
    sent.insert("unknown".to_owned(), json!({"action": "accept"}));
    // The first call, no state: answered, the unknown key ignored.
    match once(&client, sent.clone(), None, early) {
        Ok(Done::Complete(ToolResult::Text(text))) => {
            assert_eq!(text, "Accept(Triage { severity: Low }) Paris.");
        }
        other => panic!("expected a result, got {other:?}"),
    }
    // Without the opt-in, nothing counts before it was asked.
    match once(&client, sent.clone(), None, bound) {
        Ok(Done::InputRequired(result)) => {
            let keys: Vec<&str> = result.input_requests().map(|(key, _)| key).collect();
            assert_eq!(keys, ["triage", "capital"]);
        }
        other => panic!("expected input_required, got {other:?}"),
    }
    // A confirmation is only ever answered after it was shown.
    let mut sent = Map::new();
    sent.insert("confirm".to_owned(), accept(json!({"confirm": "yes"})));
    let asked_keys = |outcome: Outcome<ToolResult>| match outcome {
        Ok(Done::InputRequired(result)) => result
            .input_requests()
            .map(|(key, _)| key.to_owned())
            .collect::<Vec<_>>(),
        other => panic!("expected input_required, got {other:?}"),
    };
    assert_eq!(
        asked_keys(once(&client, sent.clone(), None, early_confirm)),
        ["confirm"]
    );
    assert_eq!(
        asked_keys(once(&client, sent, None, early_confirm_by_hand)),
        ["confirm"]
    );
    // An early answer is checked like any other.
    let mut sent = Map::new();
    sent.insert("triage".to_owned(), accept(json!({"severity": "low"})));
    sent.insert("capital".to_owned(), json!({"role": "assistant"}));
    let Err(error) = once(&client, sent, None, early) else {
        panic!("expected a JSON-RPC error");
    };
    assert_eq!(
        error.to_string(),
        "the client's answer was rejected: malformed CreateMessageResult: `content` is missing"
    );
}

/// A summary sampled where the client can sample, else written by the
/// person, under the same key.
async fn summary(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    match ask.create_message("summary", capital()).await {
        Ok(sampled) => Ok(ToolResult::Text(sampled.text())),
        Err(ElicitError::Unsupported { .. }) => {
            let written = ask.form::<Notes>("summary", "Write the summary").await?;
            Ok(ToolResult::Text(format!("{written:?}")))
        }
        Err(error) => Err(error),
    }
}

#[test]
fn a_question_refused_for_a_capability_leaves_its_key_free() {
    for version in [V0618, V1125, V0728] {
        let mut client = Client::new(version, vec![accept(json!({"text": "Paris"}))]);
        client.sampling = false;
        assert_eq!(
            text(client.tool(summary)),
            "Accept(Notes { text: \"Paris\" })",
            "{}",
            name(version)
        );
    }
}

#[test]
fn a_root_uri_with_a_control_character_is_malformed() {
    for uri in [
        "file:///tmp/a\nb",
        "file:///tmp/a\u{0}b",
        "file:///tmp/\u{1b}[31mred",
        "file:///tmp/\u{202e}gpj.exe",
    ] {
        let error = ListRootsResult::from_json(json!({"roots": [{"uri": uri}]})).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("malformed ListRootsResult: a root's `uri` holds a control character"),
            "{uri:?}: {error}"
        );
        // What a client reads quotes it escaped.
        assert!(
            !error
                .to_string()
                .contains(['\n', '\u{0}', '\u{1b}', '\u{202e}']),
            "{error}"
        );
    }
    // Not every odd URI: a space or a letter beyond ASCII, which clients
    // send unencoded, still reads.
    let roots = ListRootsResult::from_json(json!({"roots": [
        {"uri": "file:///home/ana/My Project"},
        {"uri": "file:///home/josé"},
    ]}))
    .unwrap();
    assert_eq!(roots.roots().len(), 2);
    // On 2026-07-28, the call ends with the JSON-RPC error.
    let client = Client::new(
        V0728,
        vec![
            accept(json!({"severity": "high"})),
            sampled(),
            json!({"roots": [{"uri": "file:///tmp/a\nb"}]}),
        ],
    );
    let error = failed(client.tool(three));
    assert_eq!(error.code(), -32602);
}

/// The tool `body` on the fake SDK for a client of `client`'s revision
/// that declared `capabilities` as it wrote them (`None`: an adapter that
/// cannot tell), each round answered from `client`'s script.
fn declaring<B, Fut>(client: &Client, capabilities: Option<Value>, body: B) -> Outcome<ToolResult>
where
    B: Fn(Ask<Fake>) -> Fut,
    Fut: Future<Output = Result<ToolResult, ElicitError>>,
{
    let mut responses = Map::new();
    let mut state: Option<String> = None;
    for _ in 0..10 {
        let mut request = Request::new("tools/call", "incident")
            .with_protocol_version(client.version.map(ProtocolVersion::as_str))
            .with_input_responses(std::mem::take(&mut responses))
            .with_request_state(state.as_deref());
        if let Some(capabilities) = &capabilities {
            request = request.with_client_capabilities(capabilities);
        }
        let ask = Ask::open(Arc::clone(&client.script), client.seal.clone(), request)?;
        match block_on(ask.tool(&body)) {
            Ok(Done::InputRequired(result)) => {
                for (key, params) in result.input_requests() {
                    let answer = client.script.answer(params).expect("an answer scripted");
                    responses.insert(key.to_owned(), answer);
                }
                state = result.request_state().map(str::to_owned);
            }
            other => return other,
        }
    }
    panic!("more than 10 rounds")
}

/// A search tool the client's model may call while it writes.
fn search_tool() -> Value {
    json!({"name": "search", "inputSchema": {"type": "object"}})
}

/// A tool's body, run once.
type Body = std::pin::Pin<Box<dyn Future<Output = Result<ToolResult, ElicitError>>>>;

/// Samples with `member` set to `value`, and says what came back.
fn sample_with(member: &'static str, value: Value) -> impl Fn(Ask<Fake>) -> Body {
    move |ask: Ask<Fake>| {
        let params = capital().with_member(member, value.clone());
        Box::pin(async move {
            let sampled = ask.create_message("capital", params).await?;
            Ok(ToolResult::Text(sampled.text()))
        })
    }
}

/// Sampling params that need a capability beyond `sampling` (MCP
/// 2025-11-25 on: `sampling.tools` for `tools` and `toolChoice`,
/// `sampling.context` for an `includeContext` other than `"none"`) are
/// refused before anything is sent to a client that did not declare it,
/// as a missing `sampling` is, the capability named; sent to one that did.
#[test]
fn sampling_params_are_sent_only_with_the_capability_they_need() {
    let tools = json!({
        "code": -32021,
        "message": "the client did not declare the sampling.tools capability, so it cannot be sent sampling/createMessage with `tools`",
        "data": {"requiredCapabilities": {"sampling": {"tools": {}}}},
    });
    let tool_choice = json!({
        "code": -32021,
        "message": "the client did not declare the sampling.tools capability, so it cannot be sent sampling/createMessage with `toolChoice`",
        "data": {"requiredCapabilities": {"sampling": {"tools": {}}}},
    });
    let context = json!({
        "code": -32021,
        "message": "the client did not declare the sampling.context capability, so it cannot be sent sampling/createMessage with an `includeContext` other than \"none\"",
        "data": {"requiredCapabilities": {"sampling": {"context": {}}}},
    });
    let plain = json!({"elicitation": {}, "sampling": {}, "roots": {}});
    for version in [V1125, V0728] {
        let what = name(version);
        for (member, value, refused, needs) in [
            ("tools", json!([search_tool()]), &tools, "tools"),
            ("toolChoice", json!({"mode": "auto"}), &tool_choice, "tools"),
            ("includeContext", json!("thisServer"), &context, "context"),
            ("includeContext", json!("allServers"), &context, "context"),
        ] {
            let client = Client::new(version, vec![sampled()]);
            let sample = sample_with(member, value.clone());
            let error = failed(declaring(&client, Some(plain.clone()), sample));
            let ElicitError::UnsupportedParam {
                method,
                param,
                capability,
            } = &error
            else {
                panic!("{what} {member}: {error:?}");
            };
            let needed = format!("sampling.{needs}");
            assert_eq!(
                (*method, *param, *capability),
                ("sampling/createMessage", member, needed.as_str()),
                "{what}"
            );
            assert_eq!(&wire(error), refused, "{what} {member}");
            assert_eq!(
                client.seen(),
                Vec::<Value>::new(),
                "{what} {member}: nothing sent"
            );

            // Declared: sent as it is.
            let client = Client::new(version, vec![sampled()]);
            let capabilities = json!({"sampling": {needs: {}}});
            let outcome = declaring(
                &client,
                Some(capabilities),
                sample_with(member, value.clone()),
            );
            assert_eq!(text(outcome), "Paris.", "{what} {member}");
            assert_eq!(client.seen()[0]["params"][member], value, "{what} {member}");
        }
        // `includeContext: "none"` needs nothing.
        let client = Client::new(version, vec![sampled()]);
        let outcome = declaring(
            &client,
            Some(plain.clone()),
            sample_with("includeContext", json!("none")),
        );
        assert_eq!(text(outcome), "Paris.", "{what}");
    }
    // On 2025-06-18, `sampling` allowed `includeContext`; `tools` came
    // later, and needs `sampling.tools` from any client.
    let client = Client::new(V0618, vec![sampled()]);
    let outcome = declaring(
        &client,
        Some(plain.clone()),
        sample_with("includeContext", json!("thisServer")),
    );
    assert_eq!(text(outcome), "Paris.");
    let client = Client::new(V0618, vec![sampled()]);
    let error = failed(declaring(
        &client,
        Some(plain),
        sample_with("tools", json!([search_tool()])),
    ));
    assert_eq!(wire(error), tools);
    // A client whose capabilities the adapter cannot tell counts as
    // declaring them all: it is sent, and answers for itself.
    for version in [V1125, V0728, None] {
        let client = Client::new(version, vec![sampled()]);
        let outcome = declaring(&client, None, sample_with("tools", json!([search_tool()])));
        assert_eq!(text(outcome), "Paris.", "{}", name(version));
    }
}

/// A sampled message refused for a capability leaves its key free, as a
/// missing `sampling` does: the body asks again without the member.
#[test]
fn a_body_can_sample_again_without_what_the_client_cannot_take() {
    let body = |ask: Ask<Fake>| async move {
        let with_tools = capital().with_member("tools", json!([search_tool()]));
        let sampled = match ask.create_message("capital", with_tools).await {
            Err(ElicitError::UnsupportedParam { .. }) => {
                ask.create_message("capital", capital()).await?
            }
            other => other?,
        };
        Ok(ToolResult::Text(sampled.text()))
    };
    for version in [V1125, V0728] {
        let client = Client::new(version, vec![sampled()]);
        let capabilities = json!({"sampling": {}});
        assert_eq!(text(declaring(&client, Some(capabilities), body)), "Paris.");
        assert_eq!(client.seen()[0]["params"].get("tools"), None);
    }
}

/// A root's URI is read with its scheme in any case (RFC 3986 §3.1), and
/// offers its local path, percent-decoded: VS Code sends a Windows drive
/// as `file:///c%3A/..`.
#[test]
fn a_root_is_read_with_its_scheme_in_any_case_and_offers_its_path() {
    let list = |ask: Ask<Fake>| async move {
        let roots = ask.list_roots("roots").await?;
        let roots: Vec<String> = roots
            .roots()
            .iter()
            .map(|root| format!("{} {:?}", root.uri(), root.to_path()))
            .collect();
        Ok(ToolResult::Text(roots.join("\n")))
    };
    let answer = json!({"roots": [
        {"uri": "FILE:///tmp/x"},
        {"uri": "File://localhost/home/ana/My%20Project", "name": "Project"},
        {"uri": "file:///c%3A/temp"},
        {"uri": "file:///C:/My%20Project"},
        {"uri": "file://server/share/folder"},
        {"uri": "file:///home/ana/../bob"},
    ]});
    #[cfg(unix)]
    let paths = [
        "file:///tmp/x Some(\"/tmp/x\")",
        "file://localhost/home/ana/My%20Project Some(\"/home/ana/My Project\")",
        "file:///c%3A/temp Some(\"/c:/temp\")",
        "file:///C:/My%20Project Some(\"/C:/My Project\")",
        "file://server/share/folder None",
        "file:///home/ana/../bob None",
    ];
    #[cfg(windows)]
    let paths = [
        "file:///tmp/x None",
        "file://localhost/home/ana/My%20Project None",
        r#"file:///c%3A/temp Some("C:\\temp")"#,
        r#"file:///C:/My%20Project Some("C:\\My Project")"#,
        r#"file://server/share/folder Some("\\\\server\\share\\folder")"#,
        "file:///home/ana/../bob None",
    ];
    for version in [V1125, V0728] {
        let client = Client::new(version, vec![answer.clone()]);
        assert_eq!(
            text(client.tool(list)),
            paths.join("\n"),
            "{}",
            name(version)
        );
    }
    // What the state carries is the root as read: the scheme lowercase.
    let result = ListRootsResult::from_json(answer).unwrap();
    assert_eq!(
        result.to_json()["roots"][0],
        json!({"uri": "file:///tmp/x"})
    );
    // Another scheme, in any case, is still refused.
    let error =
        ListRootsResult::from_json(json!({"roots": [{"uri": "HTTPS://example.com"}]})).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"malformed ListRootsResult: a root's `uri` does not start with file:// (found "HTTPS://example.com")"#
    );
}

/// When something happens, typed into a date and time field.
#[derive(ElicitForm, Debug, PartialEq)]
struct Meeting {
    #[elicit(format = "date-time", title = "When")]
    when: String,
}

/// A date and time short of its seconds or its time zone (what a
/// browser's `datetime-local` field gives) is refused, as RFC 3339 says,
/// and the person asked again is told which part is missing; so is the
/// model, in the result that ends the call.
#[test]
fn a_date_time_short_of_a_part_is_asked_again_saying_which() {
    let meeting = |ask: Ask<Fake>| async move {
        let answer = ask.form::<Meeting>("meeting", "When do we meet?").await?;
        Ok(ToolResult::Text(format!("{answer:?}")))
    };
    let zone = " (Z for UTC, or an offset such as +01:00)";
    for version in [V1125, V0728] {
        let what = name(version);
        let client = Client::new(
            version,
            vec![
                accept(json!({"when": "2026-07-15T10:30"})),
                accept(json!({"when": "2026-07-15T10:30:00"})),
                accept(json!({"when": "2026-07-15T10:30Z"})),
            ],
        );
        let rejection = rejected(client.tool(meeting));
        let seen = client.seen();
        assert_eq!(seen.len(), 3, "{what}");
        assert_eq!(
            seen[1]["message"],
            format!(
                "When do we meet?\n\nWhen: “2026-07-15T10:30” is missing the seconds and the time \
                 zone; enter a date and time, such as 2026-12-31T09:30:00Z{zone}."
            ),
            "{what}"
        );
        assert_eq!(
            seen[2]["message"],
            format!(
                "When do we meet?\n\nWhen: “2026-07-15T10:30:00” is missing the time zone; enter \
                 a date and time, such as 2026-12-31T09:30:00Z{zone}."
            ),
            "{what}"
        );
        let message = "field `when`: invalid format: \"2026-07-15T10:30Z\" is not a valid \
                       date-time: the seconds are missing, as in 2026-12-31T09:30:00Z";
        assert_eq!(
            rejection.text,
            format!("the client's answer was rejected: {message}"),
            "{what}"
        );
        assert_eq!(
            rejection.data,
            Some(json!({"errors": [{
                "field": "when",
                "value": "2026-07-15T10:30Z",
                "format": "date-time",
                "message": message,
            }]})),
            "{what}"
        );
    }
    // The seconds alone, asked again.
    let client = Client::new(
        V0728,
        vec![
            accept(json!({"when": "2026-07-15T10:30+02:00"})),
            accept(json!({"when": "2026-07-15T10:30:00+02:00"})),
        ],
    );
    assert_eq!(
        text(client.tool(meeting)),
        "Accept(Meeting { when: \"2026-07-15T10:30:00+02:00\" })"
    );
    assert_eq!(
        client.seen()[1]["message"],
        "When do we meet?\n\nWhen: “2026-07-15T10:30+02:00” is missing the seconds; enter a date \
         and time, such as 2026-12-31T09:30:00Z."
    );
}
