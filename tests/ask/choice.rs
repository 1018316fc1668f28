//! One derived enum asked on its own (`Ask::choice`, `Question::choice`)
//! and the call's arguments read by `Ask` (`Ask::arguments`), in the core,
//! so on every SDK: the same re-asking, arguments and fallbacks as a form,
//! on every revision.

use super::*;

/// Why is the order refunded?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Reason {
    #[elicit(title = "Arrived late")]
    Late,
    #[elicit(title = "Arrived damaged")]
    Damaged,
}

fn reason() -> Question<'static, Reason> {
    Question::choice::<Reason>("reason", "Why the refund?").with_argument()
}

async fn refund(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask.question(reason()).await?;
    let text = match answer {
        enum_schema::ElicitAction::Accept(reason) => {
            format!("{reason:?}: {}", reason.title().unwrap())
        }
        other => format!("{other:?}"),
    };
    Ok(ToolResult::Text(text))
}

fn with_arguments(mut client: Client, arguments: Value) -> Client {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object")
    };
    client.arguments = Some(arguments);
    client
}

#[test]
fn one_enum_is_a_form_of_one_field_named_by_the_key() {
    for version in REVISIONS {
        let client = Client::new(version, vec![accept(json!({"reason": "damaged"}))]);
        assert_eq!(
            text(client.tool(refund)),
            "Damaged: Arrived damaged",
            "{}",
            name(version)
        );
        let seen = client.seen();
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0]["message"], "Why the refund?");
        assert_eq!(seen[0]["requestedSchema"]["required"], json!(["reason"]));
        let property = &seen[0]["requestedSchema"]["properties"]["reason"];
        assert_eq!(property["description"], "Why is the order refunded?");
    }
}

#[test]
fn several_options_are_a_vec_and_2025_06_18_has_none() {
    for version in [V1125, V0728, None] {
        let client = Client::new(
            version,
            vec![accept(json!({"reasons": ["late", "damaged"]}))],
        );
        let outcome = client.tool(|ask: Ask<Fake>| async move {
            let reasons = ask.choice::<Vec<Reason>>("reasons", "Which apply?").await?;
            Ok(ToolResult::Text(format!("{reasons:?}")))
        });
        assert_eq!(
            text(outcome),
            "Accept([Late, Damaged])",
            "{}",
            name(version)
        );
    }
    let client = Client::new(V0618, vec![]);
    let outcome = client.tool(|ask: Ask<Fake>| async move {
        ask.choice::<Vec<Reason>>("reasons", "Which apply?").await?;
        Ok(ToolResult::Text(String::new()))
    });
    assert!(matches!(failed(outcome), ElicitError::Version(_)));
    assert_eq!(client.seen(), Vec::<Value>::new());
}

/// A multi-select that an argument may answer, on 2025-06-18 (which has
/// no multi-select) from a client that shows forms: the argument answers
/// it; otherwise the model is told, as where a client shows no forms,
/// rather than the call failing with `-32600`.
#[test]
fn a_multi_select_2025_06_18_cannot_carry_is_left_to_the_argument() {
    let reasons = |ask: Ask<Fake>| async move {
        let question = Question::choice::<Vec<Reason>>("reasons", "Which apply?").with_argument();
        let reasons = ask.question(question).await?;
        Ok(ToolResult::Text(format!("{reasons:?}")))
    };
    let client = with_arguments(
        Client::new(V0618, vec![]),
        json!({"reasons": ["late", "damaged"]}),
    );
    assert_eq!(text(client.tool(reasons)), "Accept([Late, Damaged])");
    assert_eq!(client.seen(), Vec::<Value>::new());

    let options = "a list of \"late\" (Arrived late), \"damaged\" (Arrived damaged)";
    for (arguments, refused) in [
        (json!({}), String::new()),
        (
            json!({"reasons": "late"}),
            "  The argument `reasons` was refused: wrong type: expected an array, found a string \
             (\"late\"); a multi-select answer is an array of strings.\n"
                .to_owned(),
        ),
    ] {
        let client = with_arguments(Client::new(V0618, vec![]), arguments);
        let rejection = match result(client.tool(reasons)) {
            ToolResult::Rejected(rejection) => rejection,
            other => panic!("expected the result for the model, got {other:?}"),
        };
        assert_eq!(
            rejection.text,
            format!(
                "This client cannot show the person a form (it speaks MCP 2025-06-18, which \
                 has no multi-select question), so these questions were not asked:\n\n\
                 - \"Which apply?\"\n\
                 {refused}  \
                 Ask the person, then call the tool `incident` again with the argument \
                 `reasons`: {options} (Why is the order refunded?)\n\n\
                 Send each answer exactly as its value is written here."
            )
        );
        assert_eq!(client.seen(), Vec::<Value>::new());
    }
}

/// A wrong answer is asked again with the reason, a missing one too, and
/// decline and cancel are answers.
#[test]
fn a_wrong_answer_is_asked_again_and_decline_is_an_answer() {
    for version in REVISIONS {
        let client = Client::new(
            version,
            vec![
                accept(json!({"reason": "Arrived late"})),
                accept(json!({})),
                accept(json!({"reason": "late"})),
            ],
        );
        assert_eq!(
            text(client.tool(refund)),
            "Late: Arrived late",
            "{}",
            name(version)
        );
        let seen = client.seen();
        assert_eq!(seen.len(), 3, "{}", name(version));
        assert!(seen[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("Why the refund?\n\n"));
        for (answer, outcome) in [
            (json!({"action": "decline"}), "Decline"),
            (json!({"action": "cancel"}), "Cancel"),
        ] {
            let client = Client::new(version, vec![answer]);
            assert_eq!(text(client.tool(refund)), outcome);
        }
    }
}

/// The argument that answers a choice is the value itself: valid, it
/// answers without a round; refused, the person is asked with the reason;
/// in a client without forms, the model is told "the argument `reason`",
/// for a value not offered and for a value of the wrong type alike.
#[test]
fn the_argument_is_the_value() {
    for version in REVISIONS {
        let client = with_arguments(Client::new(version, vec![]), json!({"reason": "late"}));
        assert_eq!(text(client.tool(refund)), "Late: Arrived late");
        assert_eq!(client.seen(), Vec::<Value>::new());

        let client = with_arguments(
            Client::new(version, vec![accept(json!({"reason": "damaged"}))]),
            json!({"reason": "soon"}),
        );
        assert_eq!(text(client.tool(refund)), "Damaged: Arrived damaged");
        assert_eq!(client.seen().len(), 1);
    }
    for (sent, why) in [
        (
            json!("soon"),
            "invalid value \"soon\": expected one of \"late\", \"damaged\"",
        ),
        (
            json!({"reason": "late"}),
            "wrong type: expected a string, found an object ({\"reason\":\"late\"})",
        ),
    ] {
        let mut client = with_arguments(Client::new(V1125, vec![]), json!({"reason": sent}));
        client.form = false;
        let outcome = client.tool(refund);
        let rejection = match result(outcome) {
            ToolResult::Rejected(rejection) => rejection,
            other => panic!("expected the result for the model, got {other:?}"),
        };
        assert_eq!(
            rejection.text,
            format!(
                "This client cannot show the person a form (it did not declare form \
                 elicitation), so these questions were not asked:\n\n\
                 - \"Why the refund?\"\n  \
                 The argument `reason` was refused: {why}.\n  \
                 Ask the person, then call the tool `incident` again with the argument \
                 `reason`: one of \"late\" (Arrived late), \"damaged\" (Arrived damaged) (Why is \
                 the order refunded?)\n\n\
                 Send each answer exactly as its value is written here."
            )
        );
        let data = rejection.data.unwrap();
        assert_eq!(
            data["unasked"][0]["refused"],
            format!("the argument `reason`: {why}")
        );
        assert_eq!(data["unasked"][0]["argument"], "reason");
    }
}

#[test]
fn the_input_schema_declares_the_value_beside_other_arguments() {
    let other = json!({
        "type": "object",
        "properties": {"order": {"type": "string"}},
        "required": ["order"],
    });
    let Value::Object(other) = other else {
        unreachable!()
    };
    assert_eq!(
        Value::Object(reason().input_schema_with(&other)),
        json!({
            "type": "object",
            "properties": {
                "order": {"type": "string"},
                "reason": {
                    "type": "string",
                    "description": "Why the refund?",
                    "oneOf": [
                        {"const": "late", "title": "Arrived late"},
                        {"const": "damaged", "title": "Arrived damaged"},
                    ],
                },
            },
            "required": ["order"],
        })
    );
    assert_eq!(
        Value::Object(reason().input_schema()),
        json!({"type": "object", "properties": {"reason": reason().argument_schema()}})
    );
}

#[derive(serde::Deserialize, Debug)]
struct Refund {
    order: String,
    amount: f64,
}

/// `Ask::arguments` reads the arguments the state is bound to; arguments
/// that are not what the tool takes are an error result the model can
/// correct (in a prompt, `-32602`).
#[test]
fn the_arguments_are_read_by_ask() {
    let read = |ask: Ask<Fake>| async move {
        let refund: Refund = ask.arguments()?;
        Ok(ToolResult::Text(format!(
            "{} {}",
            refund.order, refund.amount
        )))
    };
    for version in REVISIONS {
        let client = with_arguments(
            Client::new(version, vec![]),
            json!({"order": "A-1", "amount": 42.5, "reason": "late"}),
        );
        assert_eq!(text(client.tool(read)), "A-1 42.5");

        let client = with_arguments(Client::new(version, vec![]), json!({"order": "A-1"}));
        let rejection = match result(client.tool(read)) {
            ToolResult::Rejected(rejection) => rejection,
            other => panic!("expected an error result, got {other:?}"),
        };
        assert_eq!(rejection.code, -32602);
        assert_eq!(
            rejection.text,
            "invalid arguments for tool \"incident\": the argument `amount` is required, and missing"
        );
        assert_eq!(rejection.data, None);
    }
    let mut client = Client::new(V1125, vec![]);
    client.method = "prompts/get";
    let error = failed(client.prompt(|ask: Ask<Fake>| async move {
        let refund: Refund = ask.arguments()?;
        Ok(PromptResult(refund.order))
    }));
    assert_eq!(
        wire(error),
        json!({"code": -32602,
               "message": "invalid arguments for prompt \"incident\": the argument `order` is \
                           required, and missing",
               "data": null})
    );
}

/// On 2025-06-18, only the question the revision cannot carry is left to
/// its argument: a single-select beside it is asked of the person as ever
/// (it was put to the model too, and the call could not end), and a
/// multi-select no argument may answer is still refused (`Version`).
#[test]
fn on_2025_06_18_only_the_uncarried_question_is_left_to_its_argument() {
    let client = with_arguments(
        Client::new(V0618, vec![accept(json!({"severity": "high"}))]),
        json!({"reasons": ["late"]}),
    );
    let both = |ask: Ask<Fake>| async move {
        let (severity, reasons) = ask
            .all((
                Question::choice::<Severity>("severity", "How bad?"),
                Question::choice::<Vec<Reason>>("reasons", "Which apply?").with_argument(),
            ))
            .await?;
        Ok(ToolResult::Text(format!("{severity:?} {reasons:?}")))
    };
    assert_eq!(text(client.tool(both)), "Accept(High) Accept([Late])");
    let seen = client.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["message"], "How bad?");

    let client = with_arguments(Client::new(V0618, vec![]), json!({"reasons": ["late"]}));
    let outcome = client.tool(|ask: Ask<Fake>| async move {
        ask.all((
            Question::choice::<Vec<Reason>>("also", "Anything else?"),
            Question::choice::<Vec<Reason>>("reasons", "Which apply?").with_argument(),
        ))
        .await?;
        Ok(ToolResult::Text(String::new()))
    });
    assert!(matches!(failed(outcome), ElicitError::Version(_)));
    assert_eq!(client.seen(), Vec::<Value>::new());
}

/// Every kind of argument a tool reads, each refused the way the model
/// reads it: the argument named, what it should be and what was sent in
/// JSON's terms (never a Rust type), where inside it for a nested one.
#[test]
fn a_refused_argument_is_named_in_json_terms() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    #[serde(deny_unknown_fields)]
    struct Address {
        street: String,
    }
    /// A type with a check of its own: serde's text is kept.
    #[derive(serde::Deserialize, Debug)]
    #[serde(try_from = "u8")]
    struct Even(#[allow(dead_code)] u8);
    impl TryFrom<u8> for Even {
        type Error = &'static str;
        fn try_from(count: u8) -> Result<Even, &'static str> {
            if count.is_multiple_of(2) {
                Ok(Even(count))
            } else {
                Err("an odd number of pairs")
            }
        }
    }
    #[derive(serde::Deserialize, Debug)]
    #[serde(rename_all = "lowercase")]
    enum Colour {
        Red,
        Blue,
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    #[serde(deny_unknown_fields)]
    struct Every {
        order: String,
        amount: f64,
        count: u8,
        delta: i64,
        urgent: bool,
        tags: Vec<String>,
        address: Address,
        colour: Colour,
        note: Option<String>,
        pairs: Option<Even>,
    }
    let valid = json!({
        "order": "A-1", "amount": 42.5, "count": 3, "delta": -4, "urgent": false,
        "tags": ["x"], "address": {"street": "Main"}, "colour": "red",
    });
    let cases = [
        ("amount", json!("lots"), "the argument `amount` should be a number, not the string \"lots\""),
        ("amount", Value::Null, "the argument `amount` should be a number, not null"),
        ("count", json!(300), "the argument `count` should be an integer from 0 to 255, not the number 300"),
        ("count", json!(-1), "the argument `count` should be an integer from 0 to 255, not the number -1"),
        ("count", json!(1.5), "the argument `count` should be an integer from 0 to 255, not the number 1.5"),
        ("delta", json!("1"), "the argument `delta` should be an integer from -9223372036854775808 to \
                               9223372036854775807, not the string \"1\""),
        ("urgent", json!("yes"), "the argument `urgent` should be true or false, not the string \"yes\""),
        ("tags", json!("x"), "the argument `tags` should be an array, not the string \"x\""),
        ("tags", json!(["x", 1]), "the argument `tags` at `tags[1]` should be a string, not the number 1"),
        ("address", json!("Main"), "the argument `address` should be an object, not the string \"Main\""),
        ("address", json!({}), "the argument `address` lacks `street`, which is required"),
        ("address", json!({"street": 5}), "the argument `address` at `address.street` should be a string, \
                                           not the number 5"),
        ("address", json!({"street": "Main", "zip": 1}), "the argument `address` has `address.zip`, which it \
                                                          does not take (expected `street`)"),
        ("colour", json!("green"), "the argument `colour` should be \"red\" or \"blue\", not the string \"green\""),
        ("colour", json!(["red"]), "the argument `colour` should be a string or an object, not an array of 1 item"),
        ("note", json!(7), "the argument `note` should be a string, not the number 7"),
        ("pairs", json!(3), "the argument `pairs` is refused: an odd number of pairs"),
        ("extra", json!(1), "the argument `extra` is not one this takes (expected one of `order`, `amount`, \
                             `count`, `delta`, `urgent`, `tags`, `address`, `colour`, `note`, `pairs`)"),
    ];
    for (key, value, expected) in cases {
        let Value::Object(mut arguments) = valid.clone() else {
            unreachable!()
        };
        arguments.insert(key.to_owned(), value);
        let mut client = Client::new(V1125, vec![]);
        client.arguments = Some(arguments);
        let outcome = client.tool(|ask: Ask<Fake>| async move {
            let every: Every = ask.arguments()?;
            Ok(ToolResult::Text(format!("{every:?}")))
        });
        let rejection = match result(outcome) {
            ToolResult::Rejected(rejection) => rejection,
            other => panic!("{key}: expected an error result, got {other:?}"),
        };
        assert_eq!(
            (rejection.code, rejection.text.as_str()),
            (
                -32602,
                format!("invalid arguments for tool \"incident\": {expected}").as_str()
            ),
            "{key}"
        );
    }
    // The variant carries the argument and the reason apart, serde's own
    // error beside them.
    let Value::Object(mut arguments) = valid else {
        unreachable!()
    };
    arguments.remove("order");
    let mut client = Client::new(V1125, vec![]);
    client.arguments = Some(arguments);
    let checked = client.tool(|ask: Ask<Fake>| async move {
        match ask.arguments::<Every>() {
            Err(ElicitError::InvalidArguments {
                method,
                name,
                argument,
                reason,
                error,
            }) => {
                assert_eq!(
                    (
                        method.as_str(),
                        name.as_str(),
                        argument.as_deref(),
                        reason.as_str()
                    ),
                    (
                        "tools/call",
                        "incident",
                        Some("order"),
                        "is required, and missing"
                    )
                );
                assert_eq!(error.to_string(), "missing field `order`");
            }
            other => panic!("expected InvalidArguments, got {other:?}"),
        }
        Ok(ToolResult::Text("checked".to_owned()))
    });
    assert_eq!(text(checked), "checked");
}

/// What a hostile client sends is quoted and cut, never echoed raw or in
/// Rust's syntax: keys with backticks, invisible characters or a megabyte
/// of text; a value that names serde's own words; the shapes serde words
/// in Rust (tuples, unit structs, enums' representations, a map's keys).
#[test]
fn a_refusal_quotes_and_bounds_what_the_client_sent() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        a: Option<u8>,
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    enum Ext {
        A,
        B(u8),
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Unit;
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    #[serde(tag = "type")]
    enum Internal {
        D { n: u8 },
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    #[serde(untagged)]
    enum Untagged {
        Number(u8),
        Flag(bool),
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Shapes {
        pair: Option<(u8, u8)>,
        unit: Option<Unit>,
        ext: Option<Ext>,
        internal: Option<Internal>,
        untagged: Option<Untagged>,
        counts: Option<std::collections::HashMap<u8, u8>>,
        count: Option<u8>,
    }
    fn refused<T: serde::de::DeserializeOwned + std::fmt::Debug>(arguments: Value) -> String {
        let Value::Object(arguments) = arguments else {
            unreachable!()
        };
        let mut client = Client::new(V1125, vec![]);
        client.arguments = Some(arguments);
        let outcome = client.tool(|ask: Ask<Fake>| async move {
            let read: T = ask.arguments()?;
            Ok(ToolResult::Text(format!("{read:?}")))
        });
        match result(outcome) {
            ToolResult::Rejected(rejection) => rejection
                .text
                .strip_prefix("invalid arguments for tool \"incident\": ")
                .unwrap()
                .to_owned(),
            other => panic!("expected an error result, got {other:?}"),
        }
    }
    let megabyte = "k".repeat(1 << 20);
    let cut = format!("\"{}\"…", "k".repeat(80));
    let cases = [
        (refused::<Strict>(json!({"a`b": 1})), "the argument \"a`b\" is not one this takes (expected `a`)".to_owned()),
        (refused::<Strict>(json!({"x\u{200b}\n": 1})), "the argument \"x\\u200b\\n\" is not one this takes (expected `a`)".to_owned()),
        (refused::<Strict>(json!({megabyte.as_str(): 1})), format!("the argument {cut} is not one this takes (expected `a`)")),
        (refused::<Shapes>(json!({"count": "a\u{200b}\u{0}b"})), "the argument `count` should be an integer from 0 to 255, not the string \"a\\u200b\\u0000b\"".to_owned()),
        (refused::<Shapes>(json!({"count": megabyte})), format!("the argument `count` should be an integer from 0 to 255, not the string {cut}")),
        (refused::<Shapes>(json!({"ext": "a`b"})), "the argument `ext` should be \"A\" or \"B\", not the string \"a`b\"".to_owned()),
        (refused::<Shapes>(json!({"ext": "q, expected anything"})), "the argument `ext` should be \"A\" or \"B\", not the string \"q, expected anything\"".to_owned()),
        (refused::<Shapes>(json!({"pair": [1]})), "the argument `pair` should be an array of 2 items, not an array of 1 item".to_owned()),
        (refused::<Shapes>(json!({"unit": {"x": 1}})), "the argument `unit` should be null, not an object".to_owned()),
        (refused::<Shapes>(json!({"ext": {"A": null, "B": 1}})), "the argument `ext` should be an object, not an object".to_owned()),
        (refused::<Shapes>(json!({"ext": "B"})), "the argument `ext` should be an object of one key, not the string \"B\"".to_owned()),
        (refused::<Shapes>(json!({"internal": "D"})), "the argument `internal` should be an object, not the string \"D\"".to_owned()),
        (refused::<Shapes>(json!({"internal": {"type": "D", "n": "q"}})), "the argument `internal` should be an integer from 0 to 255, not a string".to_owned()),
        (refused::<Shapes>(json!({"untagged": "q"})), "the argument `untagged` matches none of the shapes it may take".to_owned()),
        (refused::<Shapes>(json!({"counts": {"300": 1}})), "the argument `counts` at `counts.300` should be an integer from 0 to 255, not the number 300".to_owned()),
    ];
    for (said, expected) in cases {
        assert_eq!(said, expected);
        assert!(said.len() < 500, "{} bytes", said.len());
    }
    // The arguments are an object: a handler that reads them as something
    // else is told so of the whole.
    assert_eq!(
        refused::<Vec<u8>>(json!({"a": 1})),
        "the arguments should be an array, not an object"
    );
    // A check of the type's own, with a line break and a client's value
    // in it: escaped, and cut.
    #[derive(Debug)]
    struct Checked;
    impl<'de> serde::Deserialize<'de> for Checked {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let text = String::deserialize(deserializer)?;
            Err(serde::de::Error::custom(format!("bad `thing`\n{text}")))
        }
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Custom {
        checked: Checked,
    }
    let said = refused::<Custom>(json!({"checked": "x".repeat(1_000)}));
    assert_eq!(
        said,
        format!(
            "the argument `checked` is refused: bad `thing`\\n{}…",
            "x".repeat(188)
        )
    );
}

/// Arguments the adapter could not see (rmcp's `Parameters` listed before
/// `Ask`, for a tool whose arguments are all optional, where nothing binds
/// them) are not read as none: `Ask::arguments` refuses.
#[test]
fn unseen_arguments_are_not_read_as_none() {
    #[derive(serde::Deserialize)]
    struct Optional {
        #[allow(dead_code)]
        order: Option<String>,
    }
    let schema = json!({"type": "object", "properties": {"order": {"type": "string"}}});
    let Value::Object(schema) = schema else {
        unreachable!()
    };
    let client = Client::new(V1125, vec![]);
    let ask = Ask::<Fake>::open(
        Arc::clone(&client.script),
        client.seal.clone(),
        client
            .request(Map::new(), None)
            .with_arguments_unseen(Some(&schema)),
    )
    .unwrap();
    assert!(matches!(
        ask.arguments::<Optional>(),
        Err(ElicitError::NoArguments { tool }) if tool == "incident"
    ));
}
