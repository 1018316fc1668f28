//! Run time of a host reading a 100-field form and finishing it
//! (`enum_schema::host`), against validating the same content with the
//! `jsonschema` crate, side by side in the same run.
//!
//! `cargo bench --all-features --bench host` (or `--features bench,host`);
//! see BENCHMARKS.md. Under `cargo test --benches` every benchmark runs
//! once.
//!
//! The form is one `elicitation/create`'s params as JSON text, built once:
//! 100 properties cycling through twelve kinds (text with lengths, email,
//! uri, date and date-time; integers and numbers with bounds; booleans;
//! untitled, titled and legacy single-selects; untitled and titled
//! multi-selects with `minItems`/`maxItems`), titles on most, descriptions
//! on half, defaults on a third, two in three required. Each multi-select
//! also carries `"uniqueItems": true`, which the host ignores (it refuses a
//! choice named twice anyway) and jsonschema checks, so that both check the
//! same things. The content fills every field validly.
//!
//! What each contender includes (everything inside the timed section):
//!
//! - `host_set`: `Request::from_params_str(text)`, a draft
//!   (`Defaults::Prefill`), `Draft::set(key, value)` for each of the 100
//!   fields (the values made beforehand, outside the timed section, as a
//!   widget hands them over), `Draft::finish()`: the `Response` with the
//!   content map, every value checked again; the request and draft are
//!   freed inside, the response outside.
//! - `host_set_text`: the same with `Draft::set_text(key, text)` from what a
//!   person types (`"42"`, `"yes"`, an option's label, `"1, 3"`).
//! - `jsonschema_build_validate`: the same params text parsed into a
//!   `serde_json::Value`, its `requestedSchema` taken out, a validator built
//!   from it (`jsonschema::options().should_validate_formats(true)`: what
//!   `validator_for` builds, with `format` checked, as the host checks
//!   email, uri, date and date-time), and `is_valid` on the content (made
//!   beforehand, as a `Value`). Everything freed inside.
//! - `jsonschema_validate_prebuilt`: `is_valid` alone, on a validator built
//!   once at start-up: for scale, what a validator kept between requests
//!   costs.
//!
//! Every contender returns an `Option`, so that the harness treats their
//! outputs alike.

use std::sync::OnceLock;

use divan::Bencher;
use enum_schema::host::{Defaults, Kind, Request};
use serde_json::{json, Map, Value};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

/// How many fields the form has.
const FIELDS: usize = 100;

/// The kinds, in the order the fields cycle through them.
const KINDS: usize = 12;

const ENVIRONMENTS: [&str; 8] = [
    "dev", "test", "staging", "canary", "prod-eu", "prod-us", "prod-ap", "dr",
];

const COMPONENTS: [(&str, &str); 8] = [
    ("api", "Public API"),
    ("web", "Web front end"),
    ("db", "Primary database"),
    ("queue", "Job queue"),
    ("cache", "Cache tier"),
    ("auth", "Sign-in service"),
    ("billing", "Billing"),
    ("search", "Search index"),
];

/// One field: its key, its schema, whether it is required, the value the
/// content gives it and the text a person types for it.
struct Spec {
    key: String,
    schema: Value,
    required: bool,
    value: Value,
    text: String,
}

fn spec(index: usize) -> Spec {
    let n = index / KINDS;
    let titled = index % 5 != 4;
    let described = index.is_multiple_of(2);
    let with_default = index.is_multiple_of(3);
    let (key, mut schema, value, text) = match index % KINDS {
        0 => (
            format!("summary{index}"),
            json!({"type": "string", "minLength": 1, "maxLength": 200}),
            json!(format!("Checkout fails for EU users since 14:0{n}")),
            format!("Checkout fails for EU users since 14:0{n}"),
        ),
        1 => (
            format!("reporter{index}"),
            json!({"type": "string", "format": "email", "maxLength": 120}),
            json!(format!("oncall+{n}@example.com")),
            format!("oncall+{n}@example.com"),
        ),
        2 => (
            format!("runbook{index}"),
            json!({"type": "string", "format": "uri"}),
            json!(format!("https://runbooks.example.com/checkout/{n}?step=2")),
            format!("https://runbooks.example.com/checkout/{n}?step=2"),
        ),
        3 if n.is_multiple_of(2) => (
            format!("since{index}"),
            json!({"type": "string", "format": "date"}),
            json!(format!("2026-03-1{n}")),
            format!("2026-03-1{n}"),
        ),
        3 => (
            format!("at{index}"),
            json!({"type": "string", "format": "date-time"}),
            json!(format!("2026-03-14T09:2{n}:53Z")),
            format!("2026-03-14T09:2{n}:53Z"),
        ),
        4 => (
            format!("affectedUsers{index}"),
            json!({"type": "integer", "minimum": 1, "maximum": 1_000_000, "default": 10}),
            json!(4200 + n),
            format!("{}", 4200 + n),
        ),
        5 => (
            format!("errorRate{index}"),
            json!({"type": "number", "minimum": 0, "maximum": 100, "default": 0.5}),
            json!(12.5 + n as f64),
            format!("{}", 12.5 + n as f64),
        ),
        6 => (
            format!("notify{index}"),
            json!({"type": "boolean", "default": false}),
            json!(true),
            "yes".to_owned(),
        ),
        7 => (
            format!("environment{index}"),
            json!({"type": "string", "enum": ENVIRONMENTS, "default": "staging"}),
            json!(ENVIRONMENTS[(n + 4) % 8]),
            ENVIRONMENTS[(n + 4) % 8].to_owned(),
        ),
        8 => (
            format!("component{index}"),
            json!({"type": "string", "oneOf": COMPONENTS
                .iter()
                .map(|(value, title)| json!({"const": value, "title": title}))
                .collect::<Vec<_>>(), "default": "api"}),
            json!(COMPONENTS[(n + 2) % 8].0),
            COMPONENTS[(n + 2) % 8].1.to_owned(),
        ),
        9 => (
            format!("owner{index}"),
            json!({"type": "string",
                   "enum": COMPONENTS.iter().map(|(value, _)| *value).collect::<Vec<_>>(),
                   "enumNames": COMPONENTS.iter().map(|(_, title)| *title).collect::<Vec<_>>(),
                   "default": "web"}),
            json!(COMPONENTS[(n + 5) % 8].0),
            COMPONENTS[(n + 5) % 8].1.to_owned(),
        ),
        10 => (
            format!("regions{index}"),
            json!({"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true,
                   "items": {"type": "string", "enum": ENVIRONMENTS}, "default": ["dev"]}),
            json!([ENVIRONMENTS[4], ENVIRONMENTS[5 + n % 3]]),
            format!("5, {}", 6 + n % 3),
        ),
        _ => (
            format!("affected{index}"),
            json!({"type": "array", "minItems": 1, "maxItems": 4, "uniqueItems": true,
                   "items": {"anyOf": COMPONENTS
                       .iter()
                       .map(|(value, title)| json!({"const": value, "title": title}))
                       .collect::<Vec<_>>()}}),
            json!([COMPONENTS[0].0, COMPONENTS[2].0, COMPONENTS[3 + n % 5].0]),
            format!(
                "{}, {}, {}",
                COMPONENTS[0].1,
                COMPONENTS[2].1,
                COMPONENTS[3 + n % 5].1
            ),
        ),
    };
    let object = schema.as_object_mut().expect("an object");
    if titled {
        object.insert("title".to_owned(), json!(format!("Question {}", index + 1)));
    }
    if described {
        object.insert(
            "description".to_owned(),
            json!(format!(
                "What the on-call engineer knows about part {} of the incident.",
                index + 1
            )),
        );
    }
    if !with_default {
        object.remove("default");
    }
    Spec {
        key,
        schema,
        required: index % 3 != 2,
        value,
        text,
    }
}

fn specs() -> &'static [Spec] {
    static SPECS: OnceLock<Vec<Spec>> = OnceLock::new();
    SPECS.get_or_init(|| (0..FIELDS).map(spec).collect())
}

/// The params of the `elicitation/create` request, as JSON text.
fn params_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut properties = Map::new();
        for spec in specs() {
            properties.insert(spec.key.clone(), spec.schema.clone());
        }
        let required: Vec<&str> = specs()
            .iter()
            .filter(|spec| spec.required)
            .map(|spec| spec.key.as_str())
            .collect();
        // Written by hand so that the properties keep this order whatever
        // serde_json's features.
        let mut text = String::from(r#"{"mode":"form","message":"Describe the incident","requestedSchema":{"type":"object","properties":{"#);
        for (at, (key, schema)) in properties.iter().enumerate() {
            if at > 0 {
                text.push(',');
            }
            text.push_str(&serde_json::to_string(key).expect("a key"));
            text.push(':');
            text.push_str(&serde_json::to_string(schema).expect("a schema"));
        }
        text.push_str(r#"},"required":"#);
        text.push_str(&serde_json::to_string(&required).expect("names"));
        text.push_str("}}");
        text
    })
}

/// The content that fills every field.
fn content() -> &'static Value {
    static CONTENT: OnceLock<Value> = OnceLock::new();
    CONTENT.get_or_init(|| {
        Value::Object(
            specs()
                .iter()
                .map(|spec| (spec.key.clone(), spec.value.clone()))
                .collect(),
        )
    })
}

/// The values a widget host hands over, one per field.
fn values() -> Vec<(&'static str, Value)> {
    specs()
        .iter()
        .map(|spec| (spec.key.as_str(), spec.value.clone()))
        .collect()
}

fn prebuilt() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| build(params_text()).expect("jsonschema builds"))
}

/// The validator of the `requestedSchema` in params `text`.
fn build(text: &str) -> Option<jsonschema::Validator> {
    let params: Value = serde_json::from_str(text).ok()?;
    jsonschema::options()
        .should_validate_formats(true)
        .build(params.get("requestedSchema")?)
        .ok()
}

fn host_set(text: &str, values: Vec<(&str, Value)>) -> Option<enum_schema::host::Response> {
    let request = Request::from_params_str(text).ok()?;
    let mut draft = request.draft(Defaults::Prefill);
    for (key, value) in values {
        draft.set(key, value).ok()?;
    }
    draft.finish().ok()
}

fn host_set_text(text: &str) -> Option<enum_schema::host::Response> {
    let request = Request::from_params_str(text).ok()?;
    let mut draft = request.draft(Defaults::Prefill);
    for spec in specs() {
        draft.set_text(&spec.key, &spec.text).ok()?;
    }
    draft.finish().ok()
}

fn main() {
    let text = params_text();
    // The host reads every field as the kind it was written as, setting
    // nothing aside, and both paths accept the content, the host sending
    // it unchanged.
    let request = Request::from_params_str(text).expect("the host reads the form");
    assert_eq!(request.fields().len(), FIELDS);
    assert!(request.notes().is_empty(), "{:?}", request.notes());
    for (at, field) in request.fields().iter().enumerate() {
        assert!(
            field.notes().is_empty(),
            "{}: {:?}",
            field.key(),
            field.notes()
        );
        let kind = match field.kind() {
            Kind::Text(_) => [0, 1, 2, 3].contains(&(at % KINDS)),
            Kind::Integer(_) => at % KINDS == 4,
            Kind::Number(_) => at % KINDS == 5,
            Kind::Boolean(_) => at % KINDS == 6,
            Kind::SingleSelect(_) => [7, 8, 9].contains(&(at % KINDS)),
            Kind::MultiSelect(_) => [10, 11].contains(&(at % KINDS)),
            _ => false,
        };
        assert!(kind, "{} read as {:?}", field.key(), field.kind());
    }
    let expected = content().as_object().expect("an object");
    let by_value = host_set(text, values()).expect("the host accepts the values");
    assert_eq!(
        by_value,
        enum_schema::host::Response::Accept(expected.clone())
    );
    let by_text = host_set_text(text).expect("the host accepts the typed text");
    assert_eq!(
        by_text,
        enum_schema::host::Response::Accept(expected.clone())
    );
    assert!(build(text).expect("jsonschema builds").is_valid(content()));
    assert!(prebuilt().is_valid(content()));

    // Both refuse what the other refuses: a bad email, an integer out of
    // range, a choice named twice, a date that does not exist.
    for (key, bad) in [
        ("reporter1", json!("oncall at example.com")),
        ("affectedUsers4", json!(0)),
        ("regions10", json!(["prod-eu", "prod-eu"])),
        ("since3", json!("2026-02-30")),
    ] {
        let mut values = values();
        values
            .iter_mut()
            .find(|(name, _)| *name == key)
            .expect("a field")
            .1 = bad.clone();
        assert!(
            host_set(text, values).is_none(),
            "the host accepts {key}: {bad}"
        );
        let mut content = content().clone();
        content[key] = bad.clone();
        assert!(
            !prebuilt().is_valid(&content),
            "jsonschema accepts {key}: {bad}"
        );
    }
    divan::main();
}

#[divan::bench_group(sample_size = 20, sample_count = 200)]
mod form {
    use super::*;

    /// The host, from the params text, each field set with its JSON value.
    #[divan::bench]
    fn host_set(bencher: Bencher) {
        bencher
            .with_inputs(values)
            .bench_local_values(|values| super::host_set(divan::black_box(params_text()), values));
    }

    /// The host, from the params text, each field set from typed text.
    #[divan::bench]
    fn host_set_text(bencher: Bencher) {
        bencher.bench_local(|| super::host_set_text(divan::black_box(params_text())));
    }

    /// jsonschema, from the same text: parsed, a validator built, the
    /// content validated.
    #[divan::bench]
    fn jsonschema_build_validate(bencher: Bencher) {
        bencher.bench_local(|| {
            build(divan::black_box(params_text())).map(|validator| validator.is_valid(content()))
        });
    }

    /// jsonschema with a validator built once: the validation alone.
    #[divan::bench]
    fn jsonschema_validate_prebuilt(bencher: Bencher) {
        let validator = prebuilt();
        bencher.bench_local(|| Some(validator.is_valid(divan::black_box(content()))));
    }
}
