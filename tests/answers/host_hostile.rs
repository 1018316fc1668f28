//! Hostile requests and hostile text against the host form model: each
//! is read (or refused) whole, with a bounded amount of work, and never
//! panics or overflows the stack. The assertions are on results, never on
//! durations: a quadratic path would show as a test that does not end.

use enum_schema::host::{
    Defaults, InputRequest, InputRequired, Kind, ReadError, Request, MAX_OPTIONS,
};
use enum_schema::schema::SchemaError;
use enum_schema::{Error, ErrorKind};
use serde_json::{json, Value};

use crate::host::{params, request, unsupported};

const MIB: usize = 1 << 20;

fn booleans(count: usize) -> String {
    (0..count)
        .map(|i| format!(r#""f{i}": {{"type": "boolean"}}"#))
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn ten_thousand_fields_are_refused_whole() {
    let text = params(&booleans(10_000), &[]);
    assert_eq!(
        Request::from_params_str(&text),
        Err(ReadError::TooManyFields {
            fields: 10_000,
            limit: 1_000
        })
    );
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        Request::from_params(&value),
        Err(ReadError::TooManyFields {
            fields: 10_000,
            limit: 1_000
        })
    );
    // Inside an input_required result, that elicitation alone.
    let result = format!(
        r#"{{"resultType": "input_required", "inputRequests": {{"big": {{"method": "elicitation/create", "params": {text}}},
            "small": {{"method": "elicitation/create", "params": {}}}}}}}"#,
        params(&booleans(1), &[])
    );
    let result = InputRequired::from_result_str(&result).unwrap();
    assert_eq!(
        result.requests()[0].1,
        InputRequest::Elicitation(Err(ReadError::TooManyFields {
            fields: 10_000,
            limit: 1_000
        }))
    );
    assert!(
        matches!(&result.requests()[1].1, InputRequest::Elicitation(Ok(request)) if request.fields().len() == 1)
    );
}

/// A select of 100,000 options cannot be shown; the rest of the form can.
#[test]
fn a_hundred_thousand_options() {
    let options: Vec<String> = (0..100_000).map(|i| format!("o{i}")).collect();
    let titled: Vec<Value> = options
        .iter()
        .map(|o| json!({"const": o, "title": o}))
        .collect();
    let properties = format!(
        r#""before": {{"type": "string"}},
            "single": {},
            "multi": {},
            "titled": {},
            "after": {{"type": "integer", "maximum": 3}}"#,
        json!({"type": "string", "enum": options}),
        json!({"type": "array", "items": {"type": "string", "enum": options}}),
        json!({"type": "string", "oneOf": titled}),
    );
    let request = request(&properties, &["before", "after"]);
    let too_many = SchemaError::TooManyOptions {
        options: 100_000,
        limit: 10_000,
    };
    for key in ["single", "multi", "titled"] {
        let field = request.field(key).unwrap();
        assert_eq!(unsupported(field), &too_many, "{key}");
        assert_eq!(
            field.parse_text("o1").unwrap_err().reason(),
            format!("{key}: this field cannot be answered here (the select lists 100000 options, more than the 10000 a person can be shown); leave it blank.")
        );
    }
    assert!(request.can_accept());
    let mut draft = request.draft(Defaults::Prefill);
    draft.set_text("before", "fine").unwrap();
    draft.set_text("after", "3").unwrap();
    assert_eq!(
        Value::from(draft.finish().unwrap()),
        json!({"action": "accept", "content": {"before": "fine", "after": 3}})
    );
}

/// At the limit, a select is shown, and text is read against every option.
#[test]
fn ten_thousand_options_and_a_mebibyte_of_choices() {
    assert_eq!(MAX_OPTIONS, 10_000);
    let options: Vec<Value> = (0..MAX_OPTIONS)
        .map(|i| json!({"const": format!("v{i}"), "title": format!("Option {i}")}))
        .collect();
    let properties = format!(
        r#""one": {}, "many": {}"#,
        json!({"type": "string", "oneOf": options}),
        json!({"type": "array", "items": {"anyOf": options}}),
    );
    let request = request(&properties, &[]);
    let [one, many] = request.fields() else {
        unreachable!()
    };
    assert!(matches!(one.kind(), Kind::SingleSelect(_)));
    assert_eq!(one.parse_text("option 9999"), Ok(Some(json!("v9999"))));
    assert_eq!(one.parse_text("10000"), Ok(Some(json!("v9999"))));
    assert_eq!(
        many.parse_text("1, Option 2, v3"),
        Ok(Some(json!(["v0", "v2", "v3"])))
    );
    // A mebibyte of names, none an option: each is looked up once, and the
    // first one is refused.
    let typed = vec!["nothing"; MIB / 8].join(",");
    let refused = many.parse_text(&typed).unwrap_err();
    let ErrorKind::InvalidItem { index, items, .. } = refused.error().kind() else {
        panic!("{refused:?}")
    };
    assert_eq!((*index, items.len()), (0, MIB / 8));
    // A mebibyte of one name, an option: chosen twice.
    let typed = vec!["v7"; MIB / 3].join(",");
    let refused = many.parse_text(&typed).unwrap_err();
    let ErrorKind::DuplicateItem { index, items } = refused.error().kind() else {
        panic!("{refused:?}")
    };
    assert_eq!((*index, items.len()), (1, MIB / 3));
    assert_eq!(
        refused.reason(),
        "many: “v7” is chosen twice; choose each at most once."
    );
    // The same as a JSON array of numbers.
    let typed = format!("[{}]", vec!["10000"; MIB / 6].join(","));
    let refused = many.parse_text(&typed).unwrap_err();
    assert!(matches!(
        refused.error().kind(),
        ErrorKind::DuplicateItem { index: 1, .. }
    ));
}

/// JSON nested 10,000 deep, anywhere: refused as not JSON (serde_json's
/// limit of 128 levels), never a stack overflow.
#[test]
fn nesting_ten_thousand_deep() {
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let at = |column: usize| ReadError::InvalidJson {
        message: format!("recursion limit exceeded at line 1 column {column}"),
    };
    assert_eq!(Request::from_params_str(&deep), Err(at(128)));
    let inside = params(
        &format!(r#""f": {{"type": "string", "x-deep": {deep}}}"#),
        &[],
    );
    // The params' object, `requestedSchema`, `properties` and `f` are the
    // first four levels.
    let column = inside.find('[').unwrap() + 124;
    assert_eq!(Request::from_params_str(&inside), Err(at(column)));
    let objects = format!("{}{}", r#"{"a":"#.repeat(10_000), "}".repeat(10_000));
    assert_eq!(Request::from_params_str(&objects), Err(at(636)));
    let result = format!(r#"{{"resultType": "input_required", "inputRequests": {deep}}}"#);
    let column = result.find('[').unwrap() + 127;
    assert_eq!(InputRequired::from_result_str(&result), Err(at(column)));
}

/// A `Value` nested 10,000 deep (built in memory, past serde_json's
/// limit): refused as JSON text nested as deep is, before anything
/// recurses through it. As deep as text may be, it is read.
#[test]
fn a_value_nested_ten_thousand_deep() {
    /// Params whose `f` holds arrays nested so that the deepest is at
    /// `depth` (the params are 5 levels deep at `x`, whose `default` is
    /// the 6th). Not `json!`, which copies a value it is given through
    /// `to_value`, recursively.
    fn params(depth: usize) -> Value {
        let mut deep = Value::from("bottom");
        for _ in 0..depth - 6 {
            deep = Value::Array(vec![deep]);
        }
        let mut params = json!({"message": "m", "requestedSchema": {"type": "object", "properties": {
            "f": {"type": "object", "properties": {"x": {}}},
            "ok": {"type": "boolean"}
        }}});
        params["requestedSchema"]["properties"]["f"]["properties"]["x"]["default"] = deep;
        params
    }
    /// serde_json's own drop of a value is recursive: unwind it by hand.
    fn unwind(mut params: Value) {
        let mut inner =
            params["requestedSchema"]["properties"]["f"]["properties"]["x"]["default"].take();
        while let Value::Array(mut items) = inner {
            inner = items.pop().unwrap_or(Value::Null);
        }
    }
    let too_deep = ReadError::InvalidJson {
        message: "recursion limit exceeded".into(),
    };
    for (depth, read) in [(10_000, false), (128, false), (127, true)] {
        let value = params(depth);
        match Request::from_params(&value) {
            Ok(request) => {
                assert!(read, "{depth}");
                assert_eq!(
                    unsupported(&request.fields()[0]),
                    &SchemaError::UnknownType {
                        found: json!("object")
                    }
                );
                assert!(request.fields()[1].is_supported());
            }
            Err(error) => assert_eq!((error, read), (too_deep.clone(), false), "{depth}"),
        }
        if depth <= 128 {
            // The same as text: serde_json's limit, at the same depth.
            let text = serde_json::to_string(&value).unwrap();
            assert_eq!(Request::from_params_str(&text).is_ok(), read, "{depth}");
        }
        unwind(value);
        // In a result, three levels deeper.
        let mut result = json!({"resultType": "input_required", "inputRequests": {"q": {"method": "elicitation/create"}}});
        result["inputRequests"]["q"]["params"] = params(depth - 3);
        assert_eq!(
            InputRequired::from_result(&result).map(|_| ()),
            if read { Ok(()) } else { Err(too_deep.clone()) },
            "{depth}"
        );
        unwind(result["inputRequests"]["q"]["params"].take());
    }
}

/// A mebibyte of text as a title, a default, a description and typed
/// text: each read, and each reason cut where it quotes what was typed.
#[test]
fn a_mebibyte_string_everywhere() {
    let big = "é".repeat(MIB / 2);
    let properties = format!(
        r#""text": {{"type": "string", "title": "{big}", "description": "{big}", "default": "{big}"}},
            "short": {{"type": "string", "maxLength": 10, "default": "{big}"}},
            "number": {{"type": "number"}},
            "whole": {{"type": "integer"}},
            "yes": {{"type": "boolean"}},
            "pick": {{"type": "string", "enum": ["a", "{big}"]}}"#
    );
    let request = request(&properties, &[]);
    let [text, short, number, whole, yes, pick] = request.fields() else {
        unreachable!()
    };
    assert_eq!(
        (text.label().len(), text.description().map(str::len)),
        (MIB, Some(MIB))
    );
    assert_eq!(text.default_value(), Some(&json!(big)));
    assert_eq!(short.default_value(), None);
    assert!(matches!(
        short.notes(),
        [enum_schema::host::Note::Dropped { keyword, error: SchemaError::InvalidDefault { .. }, .. }] if keyword == "default"
    ));
    assert_eq!(text.parse_text(&big), Ok(Some(json!(big))));
    assert_eq!(
        short.parse_text(&big).unwrap_err().reason(),
        "short: enter at most 10 characters; you entered 524288."
    );
    let cut = format!("“{}…”", "é".repeat(40));
    assert_eq!(
        number.parse_text(&big).unwrap_err().reason(),
        format!("number: {cut} is not a number; enter a number.")
    );
    assert_eq!(
        yes.parse_text(&big).unwrap_err().reason(),
        format!("yes: {cut} is not yes or no; enter yes or no.")
    );
    let digits = "9".repeat(MIB);
    let ones = format!("“{}…”", "9".repeat(40));
    assert_eq!(
        whole.parse_text(&digits).unwrap_err().reason(),
        format!("whole: {ones} is too large or too close to zero to send; enter a whole number.")
    );
    assert_eq!(
        number
            .parse_text(&format!("0.{digits}"))
            .map(|value| value.is_some()),
        Ok(true)
    );
    // A decimal comma in a mebibyte of digits: what to change, the text
    // cut, not the whole number mended back.
    let nines = format!("“9,{}…”", "9".repeat(38));
    assert_eq!(
        number
            .parse_text(&format!("9,{digits}"))
            .unwrap_err()
            .reason(),
        format!("number: write a decimal with a point instead of the comma; you entered {nines}.")
    );
    assert_eq!(
        whole
            .parse_text(&format!("{digits},000"))
            .unwrap_err()
            .reason(),
        format!("whole: write the number without a comma; you entered {ones}.")
    );
    assert_eq!(
        number.parse_text(&format!("{digits},000")).unwrap_err().reason(),
        format!("number: write it without a comma, or with a point if you meant a decimal; you entered {ones}.")
    );
    assert_eq!(pick.parse_text(&big), Ok(Some(json!(big))));
    assert_eq!(
        pick.parse_text(&format!("{big}x")).unwrap_err().reason(),
        format!(
            "pick: “{}…” is not one of the choices; choose “a” or {cut}.",
            "é".repeat(40)
        )
    );
    let mut draft = request.draft(Defaults::Prefill);
    draft.set_text("pick", "2").unwrap();
    let Value::Object(answer) = Value::from(draft.finish().unwrap()) else {
        unreachable!()
    };
    assert_eq!(answer["content"]["text"].as_str().map(str::len), Some(MIB));
}

/// A key given twice at every level: in the envelope (the params, the
/// `requestedSchema` object, the `input_required` result, its
/// `inputRequests` and each request) the whole is refused, as peers
/// disagree on which one counts; a property's schema with one is
/// unsupported, and the rest of the form stands.
#[test]
fn duplicate_keys_at_every_level() {
    for (text, key) in [
        (
            r#"{"message": "first", "message": "second", "requestedSchema": {"type": "object", "properties": {}}}"#,
            "message",
        ),
        (
            r#"{"message": "m", "requestedSchema": {"type": "object", "type": "object", "properties": {}}}"#,
            "type",
        ),
        (
            r#"{"message": "m", "requestedSchema": {"type": "object", "properties": {}, "properties": {"z": {"type": "string"}}}}"#,
            "properties",
        ),
    ] {
        assert_eq!(
            Request::from_params_str(text),
            Err(ReadError::DuplicateKey { key: key.into() }),
            "{text}"
        );
    }
    let text = r#"{"message": "first",
        "requestedSchema": {"type": "object",
            "properties": {
                "a": {"type": "string", "type": "integer"},
                "b": {"type": "string", "oneOf": [{"const": "x", "const": "y", "title": "X"}]},
                "c": {"type": "array", "items": {"enum": ["p"], "enum": ["p", "q"]}},
                "d": {"type": "string", "x-meta": {"k": 1, "k": 2}},
                "e": {"type": "boolean"}
            },
            "required": ["e"]}}"#;
    let request = Request::from_params_str(text).unwrap();
    assert_eq!(request.message(), "first");
    let keys: Vec<&str> = request.fields().iter().map(|field| field.key()).collect();
    assert_eq!(keys, ["a", "b", "c", "d", "e"]);
    for (key, twice) in [("a", "type"), ("b", "const"), ("c", "enum"), ("d", "k")] {
        assert_eq!(
            unsupported(request.field(key).unwrap()),
            &SchemaError::DuplicateKey { key: twice.into() },
            "{key}"
        );
    }
    assert!(request.field("e").unwrap().is_required());
    assert!(request.can_accept());
    // A property named 1,000 times: one field, unsupported, one note.
    let same = vec![r#""p": {"type": "boolean"}"#; 1_000].join(",");
    let request = self::request(&same, &["p"]);
    assert_eq!(request.fields().len(), 1);
    assert_eq!(request.notes().len(), 1);
    assert!(!request.can_accept());
    for (text, key) in [
        (
            r#"{"resultType": "input_required", "resultType": "complete", "inputRequests": {}}"#,
            "resultType",
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": {}, "requestState": "a", "requestState": "b"}"#,
            "requestState",
        ),
        (
            r#"{"resultType": "input_required", "inputRequests": {"q": {"method": "roots/list"}, "q": {"method": "roots/list"}}}"#,
            "q",
        ),
        // A peer could take the request for another method.
        (
            r#"{"resultType": "input_required", "inputRequests": {"q": {"method": "roots/list", "method": "sampling/createMessage"}}}"#,
            "method",
        ),
    ] {
        assert_eq!(
            InputRequired::from_result_str(text),
            Err(ReadError::DuplicateKey { key: key.into() }),
            "{text}"
        );
    }
}

/// A schema key given a million times in one property: one look at each.
#[test]
fn a_key_given_many_times() {
    let keys = vec![r#""x-a": 1"#; 200_000].join(",");
    let once = request(&format!(r#""f": {{"type": "string", {keys}}}"#), &[]);
    assert_eq!(
        unsupported(&once.fields()[0]),
        &SchemaError::DuplicateKey { key: "x-a".into() }
    );
    // `required` naming 200,000 names, the first 1,000 of them properties.
    let names: Vec<String> = (0..200_000).map(|i| format!("f{i}")).collect();
    let form = request(
        &booleans(1_000),
        &names.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_eq!(form.notes().len(), 200_000 - 1_000);
    assert!(form.fields().iter().all(|field| field.is_required()));
}

/// NUL, line breaks and bidirectional controls in a title, an option's
/// title and typed text: a reason keeps each on one line, in the order
/// it is read (each shown as a space).
#[test]
fn control_and_bidi_characters_stay_on_one_line() {
    let request = request(
        r#""amount": {"type": "number", "title": "Amo\u0000unt\u202e\nTotal"},
           "pick": {"type": "string", "title": "Pick\u2028", "oneOf": [{"const": "a", "title": "A\u202eevil"}, {"const": "b", "title": "B\u0007"}]}"#,
        &["amount"],
    );
    let [amount, pick] = request.fields() else {
        unreachable!()
    };
    let refused = amount.parse_text("\u{202e}12\n3\u{0}").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::Unreadable {
            text: "\u{202e}12\n3\u{0}".into(),
            expected: enum_schema::error::JsonType::Number
        })
        .in_field("amount")
    );
    assert_eq!(
        refused.reason(),
        "Amo unt  Total: “ 12 3 ” is not a number; enter a number."
    );
    assert_eq!(
        amount.parse_text("").unwrap_err().reason(),
        "Amo unt  Total: this answer is required."
    );
    assert_eq!(
        pick.parse_text("c\u{2066}\r\n").unwrap_err().reason(),
        "Pick : “c ” is not one of the choices; choose “A evil” or “B ”."
    );
    // A label with a bidi control is matched as written, and sent as its value.
    assert_eq!(pick.parse_text("A\u{202e}evil"), Ok(Some(json!("a"))));
    for reason in [
        refused.reason(),
        pick.parse_text("\u{0}x").unwrap_err().reason(),
    ] {
        assert!(
            !reason
                .chars()
                .any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)),
            "{reason:?}"
        );
    }
}
