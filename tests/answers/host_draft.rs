//! A widget host's `Draft` (defaults prefilled, sent on finish or never;
//! set, set_text, select, toggle, clear; blockers; finish) and the
//! `Response` JSON (decline and cancel carry no content), each with its
//! exact JSON, which the server's reading of the same schema accepts.

use std::borrow::Cow;

use enum_schema::error::JsonType;
use enum_schema::host::{Defaults, Draft, Refusal, Request, Response};
use enum_schema::schema::RequestedSchema;
use enum_schema::{ElicitAction, Error, ErrorKind};
use serde_json::{json, Map, Value};

use crate::host::{params, request};

/// A pizza order: each kind of field, each with a default; two required.
fn order_params() -> String {
    params(
        r#"
        "size": {"type": "string", "title": "Size", "enum": ["s", "m", "l"], "default": "m"},
        "toppings": {"type": "array", "title": "Toppings", "minItems": 1, "maxItems": 2,
                     "items": {"anyOf": [{"const": "cheese", "title": "Cheese"}, {"const": "olives", "title": "Olives"},
                                         {"const": "basil", "title": "Basil"}]},
                     "default": ["cheese"]},
        "note": {"type": "string", "maxLength": 20, "default": "none"},
        "count": {"type": "integer", "minimum": 1, "maximum": 5, "default": 2},
        "ok": {"type": "boolean", "default": false}
        "#,
        &["size", "toppings"],
    )
}

fn order() -> Request {
    Request::from_params_str(&order_params()).unwrap()
}

/// The server's reading of the same requestedSchema.
fn order_server() -> RequestedSchema {
    let params: Value = serde_json::from_str(&order_params()).unwrap();
    RequestedSchema::from_json_str(&params["requestedSchema"].to_string()).unwrap()
}

/// The JSON a finished draft sends, which the server accepts as it is.
#[track_caller]
fn finished(draft: &Draft<'_>) -> Value {
    let response = draft
        .finish()
        .unwrap_or_else(|refusals| panic!("{:?}", reasons(&refusals)));
    let json = serde_json::to_value(&response).unwrap();
    assert_eq!(Value::from(response.clone()), json);
    let Response::Accept(content) = response else {
        panic!("not an accept")
    };
    assert_eq!(
        order_server().parse_result(json.clone()),
        Ok(ElicitAction::Accept(content))
    );
    json
}

fn reasons(refusals: &[Refusal<'_>]) -> Vec<String> {
    refusals.iter().map(Refusal::reason).collect()
}

fn errors(refusals: &[Refusal<'_>]) -> Vec<Error> {
    refusals
        .iter()
        .map(|refusal| refusal.error().clone())
        .collect()
}

// ---------------------------------------------------------------------------
// Defaults
// ---------------------------------------------------------------------------

#[test]
fn defaults_prefilled() {
    let request = order();
    let draft = request.draft(Defaults::Prefill);
    assert_eq!(Defaults::default(), Defaults::Prefill);
    assert!(std::ptr::eq(draft.request(), &request));
    assert_eq!(draft.value("size"), Some(&json!("m")));
    assert_eq!(draft.value("toppings"), Some(&json!(["cheese"])));
    assert_eq!(draft.value("count"), Some(&json!(2)));
    assert_eq!(draft.value("ok"), Some(&json!(false)));
    assert!(draft.blockers().is_empty());
    assert_eq!(
        finished(&draft),
        json!({"action": "accept", "content": {"size": "m", "toppings": ["cheese"], "note": "none", "count": 2, "ok": false}})
    );
}

#[test]
fn defaults_sent_on_finish() {
    let request = order();
    let mut draft = request.draft(Defaults::OnFinish);
    for key in ["size", "toppings", "note", "count", "ok"] {
        assert_eq!(draft.value(key), None, "{key}");
    }
    assert_eq!(
        finished(&draft),
        json!({"action": "accept", "content": {"size": "m", "toppings": ["cheese"], "note": "none", "count": 2, "ok": false}})
    );
    // A field touched is the person's: its default is not sent. Toggling
    // starts from what is shown, which is nothing.
    assert_eq!(draft.toggle("toppings", "basil"), Ok(true));
    draft.set_text("count", "").unwrap();
    assert_eq!(
        finished(&draft),
        json!({"action": "accept", "content": {"size": "m", "toppings": ["basil"], "note": "none", "ok": false}})
    );
}

#[test]
fn defaults_never_sent() {
    let request = order();
    let mut draft = request.draft(Defaults::Never);
    assert_eq!(draft.value("size"), None);
    let blockers = draft.blockers();
    assert_eq!(
        errors(&blockers),
        [
            Error::from(ErrorKind::MissingField).in_field("size"),
            Error::from(ErrorKind::MissingField).in_field("toppings"),
        ]
    );
    assert_eq!(
        reasons(&blockers),
        [
            "Size: this answer is required.",
            "Toppings: this answer is required."
        ]
    );
    assert_eq!(blockers[1].field().key(), "toppings");
    assert_eq!(errors(&draft.finish().unwrap_err()), errors(&blockers));
    draft.select("size", "l").unwrap();
    draft.toggle("toppings", "olives").unwrap();
    assert_eq!(
        finished(&draft),
        json!({"action": "accept", "content": {"size": "l", "toppings": ["olives"]}})
    );
}

// ---------------------------------------------------------------------------
// Setting values
// ---------------------------------------------------------------------------

#[test]
fn set_checks_and_keeps_the_last_good_value() {
    let request = order();
    let mut draft = request.draft(Defaults::Prefill);
    draft.set("count", json!(3)).unwrap();
    assert_eq!(draft.value("count"), Some(&json!(3)));
    let refused = draft.set("count", json!(9)).unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::OutOfRange {
            value: 9.into(),
            minimum: Some(1.into()),
            maximum: Some(5.into())
        })
        .in_field("count")
    );
    assert_eq!(
        refused.reason(),
        "count: enter a number from 1 to 5; you entered “9”."
    );
    let refused = draft.set("count", json!("4")).unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Number,
            found: json!("4")
        })
        .in_field("count")
    );
    assert_eq!(refused.reason(), "count: the answer must be a number.");
    assert_eq!(draft.value("count"), Some(&json!(3)));
    // A whole double is kept, and sent, as the integer it is: a server
    // that reads `count` into an `i64` with serde refuses `2.0`.
    draft.set("count", json!(2.0)).unwrap();
    assert_eq!(draft.value("count"), Some(&json!(2)));
    assert!(draft.value("count").unwrap().is_i64());
    assert_eq!(
        request.fields()[3]
            .check(json!(-0.0))
            .unwrap_err()
            .error()
            .kind(),
        &ErrorKind::OutOfRange {
            value: serde_json::Number::from_f64(-0.0).unwrap(),
            minimum: Some(1.into()),
            maximum: Some(5.into())
        }
    );
    draft.set("count", json!(3.0)).unwrap();
    draft.set("note", json!("ring twice")).unwrap();
    draft.set("ok", json!(true)).unwrap();
    draft.set("toppings", json!(["basil", "olives"])).unwrap();
    assert_eq!(
        finished(&draft),
        json!({"action": "accept", "content": {"size": "m", "toppings": ["basil", "olives"], "note": "ring twice", "count": 3, "ok": true}})
    );
}

#[test]
fn set_text_reads_and_blank_clears() {
    let request = order();
    let mut draft = request.draft(Defaults::Prefill);
    draft.set_text("count", " 4 ").unwrap();
    draft.set_text("ok", "yes").unwrap();
    draft.set_text("size", "L").unwrap();
    draft.set_text("toppings", "1, Basil").unwrap();
    assert_eq!(draft.value("toppings"), Some(&json!(["cheese", "basil"])));
    // Blank clears an optional field, its default too.
    draft.set_text("note", "").unwrap();
    assert_eq!(draft.value("note"), None);
    // A required field left blank is refused, and keeps its value.
    let refused = draft.set_text("size", "  ").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::MissingField).in_field("size")
    );
    assert_eq!(draft.value("size"), Some(&json!("l")));
    let refused = draft.set_text("count", "1,5").unwrap_err();
    assert_eq!(
        refused.reason(),
        "count: enter a whole number from 1 to 5; you entered “1,5”."
    );
    assert_eq!(draft.value("count"), Some(&json!(4)));
    assert_eq!(
        finished(&draft),
        json!({"action": "accept", "content": {"size": "l", "toppings": ["cheese", "basil"], "count": 4, "ok": true}})
    );
}

#[test]
fn select_takes_a_value_only() {
    let request = order();
    let mut draft = request.draft(Defaults::Prefill);
    draft.select("size", "s").unwrap();
    assert_eq!(draft.value("size"), Some(&json!("s")));
    let refused = draft.select("size", "S").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::InvalidValue {
            value: "S".into(),
            allowed: Cow::Owned(request.field("size").unwrap().options().to_vec()),
        })
        .in_field("size")
    );
    assert_eq!(
        refused.reason(),
        "Size: “S” is not one of the choices; choose “s”, “m” or “l”."
    );
    let refused = draft.select("ok", "yes").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Boolean,
            found: json!("yes")
        })
        .in_field("ok")
    );
    assert_eq!(refused.reason(), "ok: the answer must be yes or no.");
    let refused = draft.select("toppings", "basil").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Array,
            found: json!("basil")
        })
        .in_field("toppings")
    );
    assert_eq!(refused.reason(), "Toppings: choose from the list.");
    assert_eq!(draft.value("size"), Some(&json!("s")));
}

#[test]
fn toggle_on_and_off() {
    let request = order();
    let mut draft = request.draft(Defaults::Prefill);
    assert_eq!(draft.toggle("toppings", "olives"), Ok(true));
    assert_eq!(draft.value("toppings"), Some(&json!(["cheese", "olives"])));
    assert_eq!(draft.toggle("toppings", "cheese"), Ok(false));
    assert_eq!(draft.toggle("toppings", "basil"), Ok(true));
    assert_eq!(draft.value("toppings"), Some(&json!(["olives", "basil"])));
    // One more than maxItems: allowed while editing, a blocker on finish.
    assert_eq!(draft.toggle("toppings", "cheese"), Ok(true));
    let blockers = draft.blockers();
    assert_eq!(
        errors(&blockers),
        [Error::from(ErrorKind::TooManyItems {
            max: 2,
            items: vec![json!("olives"), json!("basil"), json!("cheese")]
        })
        .in_field("toppings")]
    );
    assert_eq!(
        reasons(&blockers),
        ["Toppings: pick at most 2; you picked 3."]
    );
    assert_eq!(draft.toggle("toppings", "olives"), Ok(false));
    assert!(draft.blockers().is_empty());
    // All off: fewer than minItems.
    draft.toggle("toppings", "basil").unwrap();
    draft.toggle("toppings", "cheese").unwrap();
    assert_eq!(draft.value("toppings"), Some(&json!([])));
    assert_eq!(
        errors(&draft.blockers()),
        [Error::from(ErrorKind::TooFewItems {
            min: 1,
            items: vec![]
        })
        .in_field("toppings")]
    );
    assert_eq!(
        reasons(&draft.blockers()),
        ["Toppings: pick at least 1; you picked 0."]
    );
}

#[test]
fn toggle_refusals() {
    let request = order();
    let mut draft = request.draft(Defaults::Prefill);
    // Not an option: the field is left as it was.
    let refused = draft.toggle("toppings", "ham").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::InvalidItem {
            index: 1,
            items: vec![json!("cheese"), json!("ham")],
            allowed: Cow::Owned(request.field("toppings").unwrap().options().to_vec()),
        })
        .in_field("toppings")
    );
    assert_eq!(
        refused.reason(),
        "Toppings: “ham” is not one of the choices; choose from “Cheese”, “Olives” or “Basil”."
    );
    // A title is not a value.
    assert!(draft.toggle("toppings", "Olives").is_err());
    assert_eq!(draft.value("toppings"), Some(&json!(["cheese"])));
    // A field that takes no list: the check's own refusal of one.
    let refused = draft.toggle("size", "m").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::String,
            found: json!(["m"])
        })
        .in_field("size")
    );
    assert_eq!(refused.reason(), "Size: choose “s”, “m” or “l”.");
    let refused = draft.toggle("ok", "true").unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Boolean,
            found: json!(["true"])
        })
        .in_field("ok")
    );
    assert_eq!(refused.reason(), "ok: the answer must be yes or no.");
    assert_eq!(draft.value("size"), Some(&json!("m")));
}

#[test]
fn clear_sends_nothing_not_even_the_default() {
    let request = order();
    let mut draft = request.draft(Defaults::Prefill);
    draft.clear("ok");
    draft.clear("count");
    assert_eq!((draft.value("ok"), draft.value("count")), (None, None));
    assert_eq!(
        finished(&draft),
        json!({"action": "accept", "content": {"size": "m", "toppings": ["cheese"], "note": "none"}})
    );
    draft.clear("size");
    assert_eq!(
        errors(&draft.blockers()),
        [Error::from(ErrorKind::MissingField).in_field("size")]
    );
    // Set again after a clear.
    draft.set_text("size", "2").unwrap();
    assert_eq!(draft.value("size"), Some(&json!("m")));
    assert!(draft.blockers().is_empty());
}

/// A reset field is untouched again: its default shown (Prefill) or sent
/// on finish (OnFinish), whatever was set or cleared before.
#[test]
fn reset_brings_the_default_back() {
    let request = order();
    for defaults in [Defaults::Prefill, Defaults::OnFinish] {
        let mut draft = request.draft(defaults);
        draft.clear("size");
        draft.reset("size");
        draft.set_text("ok", "no").unwrap();
        draft.reset("ok");
        let shown = draft.value("size").cloned();
        assert_eq!(
            shown,
            (defaults == Defaults::Prefill).then(|| json!("m")),
            "{defaults:?}"
        );
        assert_eq!(
            finished(&draft)["content"]["size"],
            json!("m"),
            "{defaults:?}"
        );
    }
}

#[test]
#[should_panic(expected = "the request has no field `nope`")]
fn an_unknown_key_panics() {
    let request = order();
    request.draft(Defaults::Prefill).value("nope");
}

/// A required field the model cannot show blocks the accept, with the
/// reason that says to decline; an optional one is never sent.
#[test]
fn unsupported_fields_in_a_draft() {
    let request = request(
        r#""address": {"type": "object", "title": "Address"}, "extra": {"type": "object"}, "ok": {"type": "boolean", "default": true}"#,
        &["address"],
    );
    assert!(!request.can_accept());
    let mut draft = request.draft(Defaults::Prefill);
    let blockers = draft.blockers();
    assert_eq!(
        errors(&blockers),
        [Error::from(ErrorKind::MissingField).in_field("address")]
    );
    assert_eq!(
        reasons(&blockers),
        [r#"Address: this field cannot be answered here; decline the form instead."#]
    );
    let refused = draft.set("address", json!({"street": "Main"})).unwrap_err();
    assert_eq!(
        refused.error(),
        &Error::from(ErrorKind::Unsupported {
            found: json!({"street": "Main"})
        })
        .in_field("address")
    );
    assert!(draft.toggle("extra", "x").is_err());
    assert_eq!(
        serde_json::to_value(Response::Decline).unwrap(),
        json!({"action": "decline"})
    );
    let optional = self::request(
        r#""extra": {"type": "object"}, "ok": {"type": "boolean", "default": true}"#,
        &[],
    );
    assert_eq!(
        optional.draft(Defaults::Prefill).finish().map(Value::from),
        Ok(json!({"action": "accept", "content": {"ok": true}}))
    );
}

// ---------------------------------------------------------------------------
// Response
// ---------------------------------------------------------------------------

#[test]
fn decline_and_cancel_carry_no_content() {
    for (response, action) in [(Response::Decline, "decline"), (Response::Cancel, "cancel")] {
        assert_eq!(response.action(), action);
        let json = json!({"action": action});
        assert_eq!(serde_json::to_value(&response).unwrap(), json);
        assert_eq!(
            serde_json::to_string(&response).unwrap(),
            format!(r#"{{"action":"{action}"}}"#)
        );
        assert_eq!(Value::from(response), json);
    }
    let accept = Response::Accept(Map::new());
    assert_eq!(accept.action(), "accept");
    assert_eq!(
        serde_json::to_string(&accept).unwrap(),
        r#"{"action":"accept","content":{}}"#
    );
    // What the server makes of each.
    let server = order_server();
    assert_eq!(
        server.parse_result(Value::from(Response::Decline)),
        Ok(ElicitAction::Decline)
    );
    assert_eq!(
        server.parse_result(Value::from(Response::Cancel)),
        Ok(ElicitAction::Cancel)
    );
}
