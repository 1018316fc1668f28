//! Property tests (proptest) of whole forms in the host form model
//! against the server: a `Draft` under any `Defaults`, after any edits
//! (set, set_text, select, toggle, clear, refused ones included),
//! finishes into exactly the accept the server's `RequestedSchema` takes,
//! or is blocked by exactly the errors the server gives for what it would
//! send; and a form derived on the server (`#[derive(ElicitForm)]`, with
//! Rust integer types, a float, text with lengths and a format, and the
//! enum shapes) agrees with the host field by field, for typed text and
//! for values. The schemas and texts are `host_properties.rs`'s.
//!
//! A derived `f32` field is left out: it sends `{"type": "number"}` with
//! no bounds, so the host accepts `1e300`, which the `f32` refuses (out of
//! its range). The schema does not say what the type holds; a host can
//! only keep what the schema says.

use enum_schema::host::{Defaults, Request, Response};
use enum_schema::schema::{PrimitiveSchema, RequestedSchema};
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Map, Value};

use crate::host_properties::{accept, sent, validator};
use crate::host_schemas::{config, property, schema_and_text, schema_and_value};

/// A form of one to five generated properties, each required or not.
fn form() -> impl Strategy<Value = Vec<(Value, bool)>> {
    prop::collection::vec((property(), any::<bool>()), 1..6)
}

/// The form's `requestedSchema`, its properties `k0`, `k1`, .. in order.
fn requested(form: &[(Value, bool)]) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (index, (schema, is_required)) in form.iter().enumerate() {
        let key = format!("k{index}");
        if *is_required {
            required.push(json!(key));
        }
        properties.insert(key, schema.clone());
    }
    json!({"type": "object", "properties": properties, "required": required})
}

/// One edit of a draft: which field, how, and with what.
#[derive(Clone, Debug)]
enum Edit {
    Set(usize, Value),
    Text(usize, String),
    Select(usize, String),
    Toggle(usize, String),
    Clear(usize),
}

/// A form and edits with its own names and values, and anything.
fn form_and_edits() -> impl Strategy<Value = (Vec<(Value, bool)>, Vec<Edit>, u8)> {
    form().prop_flat_map(|form| {
        let n = form.len();
        // Values and texts drawn from the fields' own: for a field, its
        // options, and a value or a text meant for another field.
        let values: Vec<BoxedStrategy<Value>> = form
            .iter()
            .map(|(schema, _)| {
                let schema = schema.clone();
                schema_and_value()
                    .prop_map(|(_, value)| value)
                    .boxed()
                    .prop_union(Just(schema).prop_flat_map(|s| one_value(&s)).boxed())
                    .boxed()
            })
            .collect();
        let texts: Vec<BoxedStrategy<String>> = form
            .iter()
            .map(|_| schema_and_text().prop_map(|(_, text)| text).boxed())
            .collect();
        let edit = (0..n, 0..5u8).prop_flat_map(move |(index, how)| {
            let value = values[index].clone();
            let text = texts[index].clone();
            (Just(index), Just(how), value, text).prop_map(|(index, how, value, text)| match how {
                0 => Edit::Set(index, value),
                1 => Edit::Text(index, text),
                2 => Edit::Select(index, value.as_str().map_or(text, str::to_owned)),
                3 => Edit::Toggle(index, value.as_str().map_or(text, str::to_owned)),
                _ => Edit::Clear(index),
            })
        });
        (Just(form), prop::collection::vec(edit, 0..10), 0..3u8)
    })
}

/// One value of a schema's own: an option, or its options as an array.
fn one_value(schema: &Value) -> BoxedStrategy<Value> {
    let options: Vec<Value> = match PrimitiveSchema::from_json(schema) {
        Ok(PrimitiveSchema::SingleSelect(select)) => {
            select.options().iter().map(|o| json!(o.value())).collect()
        }
        Ok(PrimitiveSchema::MultiSelect(select)) => {
            select.options().iter().map(|o| json!(o.value())).collect()
        }
        _ => Vec::new(),
    };
    if options.is_empty() {
        return Just(Value::Null).boxed();
    }
    prop_oneof![
        select(options.clone()),
        prop::sample::subsequence(options.clone(), 0..=options.len()).prop_map(Value::Array),
    ]
    .boxed()
}

fn defaults(which: u8) -> Defaults {
    match which {
        0 => Defaults::Prefill,
        1 => Defaults::OnFinish,
        _ => Defaults::Never,
    }
}

proptest! {
    #![proptest_config(config())]

    /// After any edits, a draft finishes into exactly the accept the server
    /// takes, or is blocked by exactly the errors the server gives for
    /// what the draft would send; a refused edit changes nothing.
    #[test]
    fn a_draft_finishes_as_the_server_parses((form, edits, which) in form_and_edits()) {
        let requested_json = requested(&form);
        let params = json!({"message": "m", "requestedSchema": requested_json});
        let request = Request::from_params_str(&params.to_string()).unwrap();
        let server = RequestedSchema::from_json(&requested_json).unwrap();
        let defaults = defaults(which);
        let mut draft = request.draft(defaults);
        let keys: Vec<String> = (0..form.len()).map(|index| format!("k{index}")).collect();
        let mut touched = vec![false; form.len()];
        for edit in &edits {
            let index = match edit {
                Edit::Set(index, _) | Edit::Text(index, _) | Edit::Select(index, _)
                | Edit::Toggle(index, _) | Edit::Clear(index) => *index,
            };
            let key = &keys[index];
            let before = draft.value(key).cloned();
            let done = match edit {
                Edit::Set(_, value) => draft.set(key, value.clone()).map_err(|r| r.into_error()),
                Edit::Text(_, text) => draft.set_text(key, text).map_err(|r| r.into_error()),
                Edit::Select(_, text) => draft.select(key, text).map_err(|r| r.into_error()),
                Edit::Toggle(_, text) => draft.toggle(key, text).map(|_| ()).map_err(|r| r.into_error()),
                Edit::Clear(_) => {
                    draft.clear(key);
                    Ok(())
                }
            };
            match done {
                Ok(()) => touched[index] = true,
                Err(error) => {
                    prop_assert_eq!(error.field(), Some(key.as_str()));
                    prop_assert_eq!(draft.value(key), before.as_ref(), "{:?}", edit);
                }
            }
        }
        // What the draft sends: each field's value, and under OnFinish the
        // default of each field never touched.
        let mut content = Map::new();
        for (index, field) in request.fields().iter().enumerate() {
            let sent = match (defaults, touched[index]) {
                (Defaults::OnFinish, false) => field.default_value(),
                _ => draft.value(&keys[index]),
            };
            if let Some(value) = sent {
                content.insert(keys[index].clone(), value.clone());
            }
        }
        let parsed = server.parse_result(accept(content.clone()));
        match draft.finish() {
            Ok(Response::Accept(finished)) => {
                prop_assert_eq!(&finished, &content);
                prop_assert_eq!(parsed, Ok(ElicitAction::Accept(finished.clone())));
                // A finished draft has no choice twice, nor a double that
                // stands for numbers outside a bound: jsonschema agrees.
                prop_assert!(validator(&requested_json).is_valid(&Value::Object(finished)));
                prop_assert!(draft.blockers().is_empty());
            }
            Ok(other) => prop_assert!(false, "finish gave {:?}", other),
            Err(refusals) => {
                let blocked: Vec<Error> = refusals.iter().map(|r| r.error().clone()).collect();
                let server_errors: Vec<Error> = match parsed {
                    Err(error) => error.iter().cloned().collect(),
                    Ok(accepted) => {
                        return Err(TestCaseError::fail(format!("the server accepts {accepted:?}, the draft is blocked by {blocked:?}")));
                    }
                };
                prop_assert_eq!(&blocked, &server_errors);
                let blockers: Vec<Error> = draft.blockers().iter().map(|r| r.error().clone()).collect();
                prop_assert_eq!(blockers, blocked);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// A derived form as the server
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Size {
    #[elicit(title = "Small")]
    S,
    #[elicit(title = "Medium")]
    M,
    #[elicit(title = "LARGE")]
    L,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase", min_items = 1, max_items = 2)]
enum Extra {
    Tea,
    Cake,
    Wifi,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy)]
enum Lang {
    #[elicit(rename = "en", title = "English")]
    En,
    #[elicit(rename = "ja", title = "日本語")]
    Ja,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Booking {
    #[elicit(title = "Guests", minimum = 1, maximum = 12)]
    guests: u8,
    nights: Option<u16>,
    offset: i64,
    #[elicit(minimum = -1.5, maximum = 2.5)]
    budget: Option<f64>,
    ratio: f64,
    #[elicit(title = "Name", min_length = 1, max_length = 8)]
    name: String,
    #[elicit(format = "email")]
    email: Option<String>,
    agree: bool,
    size: Size,
    extras: Vec<Extra>,
    lang: Option<Lang>,
}

const KEYS: &[&str] = &[
    "guests", "nights", "offset", "budget", "ratio", "name", "email", "agree", "size", "extras",
    "lang",
];

/// A content the server accepts, every required field answered.
fn baseline() -> Map<String, Value> {
    let Value::Object(content) = json!({
        "guests": 2, "offset": 0, "ratio": 0.5, "name": "Ada", "agree": true, "size": "m", "extras": ["tea"],
    }) else {
        unreachable!()
    };
    content
}

/// The derived server's verdict on the baseline with `key` set to
/// `value` (`None`: left out).
fn derived(key: &str, value: Option<Value>) -> Result<(), Error> {
    let mut content = baseline();
    match value {
        Some(value) => content.insert(key.to_owned(), value),
        None => content.remove(key),
    };
    Booking::parse_result(accept(content)).map(|_| ())
}

fn booking() -> Request {
    Request::from_params_str(&serde_json::to_string(&Booking::request("Book")).unwrap()).unwrap()
}

/// Texts and values for any field of the derived form: those generated
/// for every kind, and the enums' own names.
fn key_and_text() -> impl Strategy<Value = (usize, String)> {
    let own = select(vec![
        "s",
        "Small",
        "large",
        "3",
        "tea, cake",
        "[\"wifi\"]",
        "1, 2, 3",
        "English",
        "日本語",
        "ja",
    ])
    .prop_map(String::from);
    (
        0..KEYS.len(),
        prop_oneof![3 => schema_and_text().prop_map(|(_, text)| text), 1 => own],
    )
}

fn key_and_value() -> impl Strategy<Value = (usize, Value)> {
    let own = select(vec![
        json!("s"),
        json!("Small"),
        json!(["tea", "cake"]),
        json!(["tea", "tea"]),
        json!([]),
        json!("en"),
        json!(256),
        json!(65535),
        json!(65536),
        json!(-1),
        json!(12),
        json!(13),
        json!(2.5),
        json!(-1.6),
        json!(1e300),
        json!(i64::MIN),
        json!(9223372036854775808u64),
    ]);
    (
        0..KEYS.len(),
        prop_oneof![3 => schema_and_value().prop_map(|(_, value)| value), 1 => own],
    )
}

proptest! {
    #![proptest_config(config())]

    /// Typed text for a field of a derived form: what the host reads, the
    /// derived parse takes; what it refuses with a check's error, the
    /// derived parse refuses with the same error, Rust types' ranges
    /// included (each is advertised).
    #[test]
    fn typed_text_against_a_derived_form((index, text) in key_and_text()) {
        let request = booking();
        let key = KEYS[index];
        let field = request.field(key).unwrap();
        match field.parse_text(&text) {
            Ok(value) => prop_assert_eq!(derived(key, value.clone()), Ok(()), "{:?} read as {:?}", text, value),
            Err(refusal) => match refusal.error().kind() {
                ErrorKind::Unreadable { .. } => {}
                ErrorKind::MissingField => {
                    prop_assert_eq!(derived(key, None), Err(refusal.error().clone()));
                }
                kind => {
                    let value = sent(kind).expect("a check's error");
                    prop_assert_eq!(derived(key, Some(value)), Err(refusal.error().clone()), "{:?}", text);
                }
            },
        }
    }

    /// A value for a field of a derived form: the host's check and the
    /// derived parse agree, value for value and error for error.
    #[test]
    fn a_value_against_a_derived_form((index, value) in key_and_value()) {
        let request = booking();
        let key = KEYS[index];
        let field = request.field(key).unwrap();
        let host = field.check(value.clone()).map(|_| ()).map_err(|refusal| refusal.into_error());
        if value.is_null() && !field.is_required() {
            // An optional field's null is the field left out, to the server.
            prop_assert_eq!(derived(key, Some(value)), Ok(()));
        } else {
            prop_assert_eq!(host, derived(key, Some(value)));
        }
    }
}

/// The baseline is an answer, and the host reads the derived request's
/// every field, supported, in order.
#[test]
fn the_derived_form_as_the_host_reads_it() {
    let request = booking();
    let keys: Vec<&str> = request.fields().iter().map(|field| field.key()).collect();
    assert_eq!(keys, KEYS);
    assert!(request
        .fields()
        .iter()
        .all(|field| field.is_supported() && field.notes().is_empty()));
    assert_eq!(derived("guests", Some(json!(2))), Ok(()));
    let mut draft = request.draft(Defaults::Never);
    for (key, text) in [
        ("guests", "3"),
        ("offset", "-9223372036854775808"),
        ("ratio", "1e-3"),
        ("name", "Bob"),
        ("agree", "yes"),
        ("size", "large"),
        ("extras", "2, 1"),
        ("lang", "日本語"),
        ("email", "bob@example.com"),
    ] {
        draft
            .set_text(key, text)
            .unwrap_or_else(|refusal| panic!("{key}: {}", refusal.reason()));
    }
    let answer = Value::from(draft.finish().unwrap());
    assert_eq!(
        Booking::parse_result(answer),
        Ok(ElicitAction::Accept(Booking {
            guests: 3,
            nights: None,
            offset: i64::MIN,
            budget: None,
            ratio: 0.001,
            name: "Bob".into(),
            email: Some("bob@example.com".into()),
            agree: true,
            size: Size::L,
            extras: vec![Extra::Cake, Extra::Tea],
            lang: Some(Lang::Ja),
        }))
    );
}
