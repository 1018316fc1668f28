//! Conformance of derived forms (`#[derive(ElicitForm)]`) against the
//! normative JSON Schemas of the MCP specification
//! (`<spec>/<version>/schema.json`), and the two server scenarios of the
//! official conformance suite that exercise elicitation schemas
//! (modelcontextprotocol/conformance, `src/scenarios/server/elicitation-defaults.ts`
//! for SEP-1034 and `elicitation-enums.ts` for SEP-1330, with the titles and
//! descriptions of its reference server, `examples/servers/typescript/everything-server.ts`).
//!
//! The spec is located as in `tests/common/mod.rs`: `$ENUM_SCHEMA_SPEC_DIR` if set,
//! else `<CARGO_MANIFEST_DIR>/../shared/spec`. When it is missing, each test
//! prints `skipping: MCP spec not found at <path> (set ENUM_SCHEMA_SPEC_DIR)`
//! and passes, unless `ENUM_SCHEMA_REQUIRE_SPEC=1`, in which case it panics.
//! The exact-JSON tests do not need the spec and always run.
//!
//! The spec's schema is lax (no `additionalProperties: false`, and unions in
//! which a plain `StringSchema` matches a malformed enum), so every property
//! of a derived form is checked
//! - for its exact JSON,
//! - against the definition it is meant to be (`StringSchema`,
//!   `NumberSchema`, `BooleanSchema` or one of the five enum shapes), with
//!   every key it carries declared by that definition,
//! - against `PrimitiveSchemaDefinition` (and the enum unions),
//! - and against the wrong definitions, which must reject it where the spec
//!   tells them apart.
//!
//! Quirk (documented in PRODUCT.md): schema.json types the values of an
//! accepted `content` as `string | integer | boolean | string[]`, while the
//! TypeScript source says `number`. Every result that these tests feed to the
//! parser *and* to the validator has integral numbers; the one with a
//! fractional number is checked on its own (`fractional_answers_are_the_spec_quirk`).

use std::collections::BTreeSet;

use enum_schema::{schema::PrimitiveSchema, ElicitAction, ElicitEnum, ElicitForm};
use serde_json::{json, Value};

use crate::common::{
    check_shape, for_each_sep1330_spec, spec_dir, wire, Shape, Spec, LEGACY_VERSION,
};

// ---------------------------------------------------------------------------
// What each property is meant to be
// ---------------------------------------------------------------------------

/// The definition a property of a derived form is meant to match.
#[derive(Clone, Copy, Debug)]
enum Intended {
    String,
    Number,
    Boolean,
    Enum(Shape),
}

const ENUM_SHAPES: [&str; 5] = [
    "UntitledSingleSelectEnumSchema",
    "TitledSingleSelectEnumSchema",
    "UntitledMultiSelectEnumSchema",
    "TitledMultiSelectEnumSchema",
    "LegacyTitledEnumSchema",
];

/// One property against its intended definition, the union, and the
/// definitions it must not match.
#[track_caller]
fn check_property(spec: &Spec, intended: Intended, property: &Value) {
    let (definition, wrong): (&str, &[&str]) = match intended {
        Intended::String => (
            "StringSchema",
            &["NumberSchema", "BooleanSchema", "EnumSchema"],
        ),
        Intended::Number => (
            "NumberSchema",
            &["StringSchema", "BooleanSchema", "EnumSchema"],
        ),
        Intended::Boolean => (
            "BooleanSchema",
            &["StringSchema", "NumberSchema", "EnumSchema"],
        ),
        Intended::Enum(shape) => {
            check_shape(spec, shape, property);
            // an enum is never a number or a boolean
            spec.assert_invalid("NumberSchema", property);
            spec.assert_invalid("BooleanSchema", property);
            return;
        }
    };
    spec.assert_valid(definition, property);
    spec.assert_keys_declared(definition, property);
    spec.assert_valid("PrimitiveSchemaDefinition", property);
    for wrong in wrong {
        spec.assert_invalid(wrong, property);
    }
    // and none of the enum shapes, one by one
    for shape in ENUM_SHAPES {
        spec.assert_invalid(shape, property);
    }
}

/// The typed property agrees with what it is meant to be: the wire model
/// and the JSON tell the same story.
#[track_caller]
fn assert_kind(name: &str, property: &PrimitiveSchema, intended: Intended) {
    let matches = match (property, intended) {
        (PrimitiveSchema::String(_), Intended::String) => true,
        (PrimitiveSchema::Number(_), Intended::Number) => true,
        (PrimitiveSchema::Boolean(_), Intended::Boolean) => true,
        (PrimitiveSchema::SingleSelect(single), Intended::Enum(shape)) => match shape {
            Shape::UntitledSingle => !single.is_legacy() && !single.is_titled(),
            Shape::TitledSingle => !single.is_legacy() && single.is_titled(),
            Shape::Legacy => single.is_legacy() && single.is_titled(),
            Shape::UntitledMulti | Shape::TitledMulti => false,
        },
        (PrimitiveSchema::MultiSelect(multi), Intended::Enum(Shape::UntitledMulti)) => {
            !multi.is_titled()
        }
        (PrimitiveSchema::MultiSelect(multi), Intended::Enum(Shape::TitledMulti)) => {
            multi.is_titled()
        }
        _ => false,
    };
    assert!(matches, "{name}: {property:?} is not {intended:?}");
}

/// The typed properties of `F`, in order, are `intended`.
#[track_caller]
fn assert_kinds<F: ElicitForm>(intended: &[(&str, Intended)]) {
    let schema = F::requested_schema();
    let names: Vec<&str> = schema
        .properties()
        .iter()
        .map(|(name, _)| name.as_ref())
        .collect();
    let expected: Vec<&str> = intended.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, expected);
    for ((name, property), (_, intended)) in schema.properties().iter().zip(intended) {
        assert_kind(name, property, *intended);
    }
}

/// Whole `elicitation/create` params: the params definitions, every
/// property, and the envelope of the revision.
#[track_caller]
fn check_request(spec: &Spec, request: &Value, intended: &[(&str, Intended)]) {
    spec.assert_valid("ElicitRequestFormParams", request);
    spec.assert_keys_declared("ElicitRequestFormParams", request);
    spec.assert_valid("ElicitRequestParams", request);
    spec.assert_invalid("ElicitRequestURLParams", request);
    // `mode` is optional for a form; with it, still valid
    let mut with_mode = request.clone();
    with_mode["mode"] = json!("form");
    spec.assert_valid("ElicitRequestFormParams", &with_mode);

    let properties = request["requestedSchema"]["properties"]
        .as_object()
        .expect("properties is an object");
    let on_the_wire: BTreeSet<&str> = properties.keys().map(String::as_str).collect();
    let checked: BTreeSet<&str> = intended.iter().map(|(name, _)| *name).collect();
    assert_eq!(on_the_wire, checked, "every property is checked");
    for (name, intended) in intended {
        eprintln!("{}: {name}", spec.version);
        check_property(spec, *intended, &properties[*name]);
    }
    // `required` names properties only (the spec does not say so)
    if let Some(required) = request["requestedSchema"].get("required") {
        for name in required.as_array().expect("required is an array") {
            assert!(
                properties.contains_key(name.as_str().expect("a name")),
                "{name} is required but not a property"
            );
        }
    }

    if spec.version == "2025-11-25" {
        let message = json!({
            "jsonrpc": "2.0",
            "id": 1,
            "method": "elicitation/create",
            "params": request
        });
        spec.assert_valid("ElicitRequest", &message);
        spec.assert_valid("JSONRPCRequest", &message);
    } else {
        // 2026-07-28 and later: an input request inside an interim result
        let input_request = json!({"method": "elicitation/create", "params": request});
        spec.assert_valid("ElicitRequest", &input_request);
        spec.assert_valid("InputRequest", &input_request);
        let interim = json!({
            "resultType": "input_required",
            "inputRequests": {"form": input_request},
            "requestState": "opaque"
        });
        spec.assert_valid("InputRequiredResult", &interim);
    }
}

/// An `ElicitResult` against the revision: as a result, and (2026-07-28
/// and later) inside `inputResponses`.
#[track_caller]
fn check_result(spec: &Spec, result: &Value) {
    spec.assert_valid("ElicitResult", result);
    if spec.version != "2025-11-25" {
        spec.assert_valid("InputResponses", &json!({"form": result}));
    }
}

/// Parses each result and checks it against every SEP-1330 revision.
#[track_caller]
fn check_results<F: ElicitForm + std::fmt::Debug + PartialEq>(
    results: Vec<(Value, ElicitAction<F>)>,
) {
    for (result, expected) in &results {
        assert_eq!(
            &F::parse_result(result.clone()).unwrap(),
            expected,
            "{result}"
        );
    }
    for_each_sep1330_spec(|spec| {
        for (result, _) in &results {
            check_result(spec, result);
        }
    });
}

// ---------------------------------------------------------------------------
// A form with every kind of property
// ---------------------------------------------------------------------------

/// How urgent.
#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(title = "Priority", default = Low)]
enum Priority {
    #[elicit(rename = "low", title = "Low")]
    Low,
    #[elicit(rename = "high", title = "High")]
    High,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase", min_items = 1, max_items = 2, default_items = [Red])]
enum Color {
    Red,
    Green,
    Blue,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy)]
enum Legacy {
    #[elicit(rename = "#f00", title = "Red")]
    Red,
    #[elicit(rename = "#0f0", title = "Green")]
    Green,
}

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "camelCase", message = "Deploy checkout-api")]
struct Deploy {
    /// Who owns it.
    #[elicit(title = "Owner", format = "email", min_length = 3, max_length = 120)]
    owner_email: String,
    #[elicit(format = "uri")]
    repo_url: String,
    #[elicit(format = "date")]
    start_date: Option<String>,
    #[elicit(format = "date-time", default = "2024-01-01T00:00:00Z")]
    not_before: Option<String>,
    #[elicit(default = "none")]
    notes: String,
    #[elicit(title = "Replicas", minimum = 1, maximum = 20, default = 2)]
    replicas: u8,
    offset: i64,
    big: u64,
    #[elicit(minimum = 0.25, maximum = 16.0, default = 1.5)]
    cpu: f64,
    ratio: f32,
    #[elicit(default = true)]
    dry_run: bool,
    confirmed: Option<bool>,
    priority: Priority,
    #[elicit(default = "green")]
    color: Color,
    legacy: Legacy,
    maybe_priority: Option<Priority>,
    colors: Vec<Color>,
    #[elicit(min_items = 0, max_items = 2, default_items = ["high"])]
    priorities: Vec<Priority>,
    maybe_colors: Option<Vec<Color>>,
}

const DEPLOY: &[(&str, Intended)] = &[
    ("ownerEmail", Intended::String),
    ("repoUrl", Intended::String),
    ("startDate", Intended::String),
    ("notBefore", Intended::String),
    ("notes", Intended::String),
    ("replicas", Intended::Number),
    ("offset", Intended::Number),
    ("big", Intended::Number),
    ("cpu", Intended::Number),
    ("ratio", Intended::Number),
    ("dryRun", Intended::Boolean),
    ("confirmed", Intended::Boolean),
    ("priority", Intended::Enum(Shape::TitledSingle)),
    ("color", Intended::Enum(Shape::UntitledSingle)),
    ("legacy", Intended::Enum(Shape::Legacy)),
    ("maybePriority", Intended::Enum(Shape::TitledSingle)),
    ("colors", Intended::Enum(Shape::UntitledMulti)),
    ("priorities", Intended::Enum(Shape::TitledMulti)),
    ("maybeColors", Intended::Enum(Shape::UntitledMulti)),
];

fn priority_options() -> Value {
    json!([{"const": "low", "title": "Low"}, {"const": "high", "title": "High"}])
}

fn color_multi() -> Value {
    json!({
        "type": "array",
        "minItems": 1,
        "maxItems": 2,
        "items": {"type": "string", "enum": ["red", "green", "blue"]},
        "default": ["red"]
    })
}

fn deploy_request(message: &str) -> Value {
    let priority = json!({
        "type": "string",
        "title": "Priority",
        "description": "How urgent.",
        "oneOf": priority_options(),
        "default": "low"
    });
    json!({
        "message": message,
        "requestedSchema": {
            "type": "object",
            "properties": {
                "ownerEmail": {
                    "type": "string",
                    "title": "Owner",
                    "description": "Who owns it.",
                    "minLength": 3,
                    "maxLength": 120,
                    "format": "email"
                },
                "repoUrl": {"type": "string", "format": "uri"},
                "startDate": {"type": "string", "format": "date"},
                "notBefore": {"type": "string", "format": "date-time", "default": "2024-01-01T00:00:00Z"},
                "notes": {"type": "string", "default": "none"},
                "replicas": {"type": "integer", "title": "Replicas", "minimum": 1, "maximum": 20, "default": 2},
                "offset": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
                "big": {"type": "integer", "minimum": 0, "maximum": i64::MAX},
                "cpu": {"type": "number", "minimum": 0.25, "maximum": 16.0, "default": 1.5},
                "ratio": {"type": "number"},
                "dryRun": {"type": "boolean", "default": true},
                "confirmed": {"type": "boolean"},
                "priority": priority,
                "color": {"type": "string", "enum": ["red", "green", "blue"], "default": "green"},
                "legacy": {"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]},
                "maybePriority": priority,
                "colors": color_multi(),
                "priorities": {
                    "type": "array",
                    "title": "Priority",
                    "description": "How urgent.",
                    "minItems": 0,
                    "maxItems": 2,
                    "items": {"anyOf": priority_options()},
                    "default": ["high"]
                },
                "maybeColors": color_multi()
            },
            "required": [
                "ownerEmail", "repoUrl", "notes", "replicas", "offset", "big", "cpu", "ratio",
                "dryRun", "priority", "color", "legacy", "colors", "priorities"
            ]
        }
    })
}

#[test]
fn deploy_request_is_exact() {
    assert_eq!(
        wire(Deploy::default_request()),
        deploy_request("Deploy checkout-api")
    );
    assert_eq!(wire(Deploy::request("Custom")), deploy_request("Custom"));
}

#[test]
fn deploy_properties_are_the_intended_kinds() {
    assert_kinds::<Deploy>(DEPLOY);
}

#[test]
fn deploy_request_validates_property_by_property() {
    let default_request = wire(Deploy::default_request());
    let custom = wire(Deploy::request("Custom: \"quoted\"\nand 日本語"));
    for_each_sep1330_spec(|spec| {
        check_request(spec, &default_request, DEPLOY);
        check_request(spec, &custom, DEPLOY);
    });
}

fn deploy() -> Deploy {
    Deploy {
        owner_email: "ann@example.com".into(),
        repo_url: "https://github.com/example/checkout".into(),
        start_date: None,
        not_before: None,
        notes: String::new(),
        replicas: 3,
        offset: -5,
        big: u64::MAX,
        cpu: 2.0,
        ratio: 1.0,
        dry_run: false,
        confirmed: None,
        priority: Priority::High,
        color: Color::Blue,
        legacy: Legacy::Green,
        maybe_priority: None,
        colors: vec![Color::Green, Color::Blue],
        priorities: vec![],
        maybe_colors: None,
    }
}

fn deploy_content() -> Value {
    json!({
        "ownerEmail": "ann@example.com",
        "repoUrl": "https://github.com/example/checkout",
        "notes": "",
        "replicas": 3,
        "offset": -5,
        "big": u64::MAX,
        "cpu": 2.0,
        "ratio": 1,
        "dryRun": false,
        "priority": "high",
        "color": "blue",
        "legacy": "#0f0",
        "colors": ["green", "blue"],
        "priorities": []
    })
}

fn deploy_results() -> Vec<(Value, ElicitAction<Deploy>)> {
    let mut everything = deploy_content();
    let extra = json!({
        "startDate": "2024-02-29",
        "notBefore": "2024-03-01T09:30:00.5+01:00",
        "confirmed": true,
        "maybePriority": "low",
        "maybeColors": ["red"],
        "priorities": ["high", "low"]
    });
    for (key, value) in extra.as_object().unwrap() {
        everything[key] = value.clone();
    }
    vec![
        (
            json!({"action": "accept", "content": deploy_content()}),
            ElicitAction::Accept(deploy()),
        ),
        (
            json!({"action": "accept", "content": everything, "_meta": {"client": "test"}}),
            ElicitAction::Accept(Deploy {
                start_date: Some("2024-02-29".into()),
                not_before: Some("2024-03-01T09:30:00.5+01:00".into()),
                confirmed: Some(true),
                maybe_priority: Some(Priority::Low),
                maybe_colors: Some(vec![Color::Red]),
                priorities: vec![Priority::High, Priority::Low],
                ..deploy()
            }),
        ),
        (json!({"action": "decline"}), ElicitAction::Decline),
        (json!({"action": "cancel"}), ElicitAction::Cancel),
    ]
}

#[test]
fn deploy_results_parse_exactly_and_validate() {
    check_results(deploy_results());
}

/// A fractional number is a valid answer per the spec's TypeScript source
/// (`number`) and is accepted, while schema.json types content values as
/// `integer`: the quirk PRODUCT.md names. An integral float is an integer
/// to both.
#[test]
fn fractional_answers_are_the_spec_quirk() {
    let mut content = deploy_content();
    content["cpu"] = json!(1.5);
    let fractional = json!({"action": "accept", "content": content});
    assert_eq!(
        Deploy::parse_result(fractional.clone()),
        Ok(ElicitAction::Accept(Deploy {
            cpu: 1.5,
            ..deploy()
        }))
    );
    let integral = json!({"action": "accept", "content": deploy_content()});
    for_each_sep1330_spec(|spec| {
        spec.assert_invalid("ElicitResult", &fractional);
        spec.assert_valid("ElicitResult", &integral);
    });
}

/// schema.json cannot tell whether a value is one of the options, so a
/// result it accepts can still be wrong: the parser re-validates.
#[test]
fn results_the_spec_accepts_can_still_be_rejected() {
    let wrong: Vec<Value> = [
        ("color", json!("purple")),
        ("priority", json!("High")),
        ("colors", json!(["red", "red"])),
        ("colors", json!(["red", "green", "blue"])),
        ("replicas", json!(21)),
        ("ownerEmail", json!("not an email")),
        ("legacy", json!("Red")),
    ]
    .into_iter()
    .map(|(key, value)| {
        let mut content = deploy_content();
        content[key] = value;
        json!({"action": "accept", "content": content})
    })
    .collect();
    for result in &wrong {
        let error = Deploy::parse_result(result.clone()).unwrap_err();
        assert_eq!(error.iter().count(), 1, "{result}: {error}");
    }
    for_each_sep1330_spec(|spec| {
        for result in &wrong {
            spec.assert_valid("ElicitResult", result);
        }
    });
}

/// What schema.json rejects in a result, the parser rejects too.
#[test]
fn results_the_spec_rejects_are_rejected() {
    let wrong: Vec<Value> = vec![
        json!({"action": "maybe"}),
        json!({"content": deploy_content()}),
        json!({"action": "accept", "content": "text"}),
        json!({"action": "accept", "content": null}),
        json!({"action": "accept", "content": {"colors": [1]}}),
        json!({"action": "accept", "content": {"priority": null}}),
        json!({"action": "accept", "content": {"priority": {"const": "low"}}}),
    ];
    for result in &wrong {
        assert!(Deploy::parse_result(result.clone()).is_err(), "{result}");
    }
    for_each_sep1330_spec(|spec| {
        for result in &wrong {
            spec.assert_invalid("ElicitResult", result);
        }
    });
}

// ---------------------------------------------------------------------------
// Conformance suite: elicitation-sep1034-defaults
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Status {
    Active,
    Inactive,
    Pending,
}

/// The reference server's `test_elicitation_sep1034_defaults` form: every
/// primitive type with a default. Its `required` is `[]`, so every field is
/// an `Option` (and `required` is left out, which means the same).
#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(message = "Please review and update the form fields with defaults")]
struct Sep1034Defaults {
    /// User name
    #[elicit(default = "John Doe")]
    name: Option<String>,
    /// User age
    #[elicit(maximum = 150, default = 30)]
    age: Option<u8>,
    /// User score
    #[elicit(default = 95.5)]
    score: Option<f64>,
    /// User status
    #[elicit(default = "active")]
    status: Option<Status>,
    /// Verification status
    #[elicit(default = true)]
    verified: Option<bool>,
}

const SEP1034: &[(&str, Intended)] = &[
    ("name", Intended::String),
    ("age", Intended::Number),
    ("score", Intended::Number),
    ("status", Intended::Enum(Shape::UntitledSingle)),
    ("verified", Intended::Boolean),
];

fn sep1034_request() -> Value {
    json!({
        "message": "Please review and update the form fields with defaults",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "User name", "default": "John Doe"},
                // u8 brings its own minimum; the maximum is a sensible age
                "age": {"type": "integer", "description": "User age", "minimum": 0, "maximum": 150, "default": 30},
                "score": {"type": "number", "description": "User score", "default": 95.5},
                "status": {
                    "type": "string",
                    "description": "User status",
                    "enum": ["active", "inactive", "pending"],
                    "default": "active"
                },
                "verified": {"type": "boolean", "description": "Verification status", "default": true}
            }
        }
    })
}

/// The checks of `elicitation-defaults.ts`, one message per failure.
fn sep1034_scenario_errors(params: &Value) -> Vec<String> {
    let properties = &params["requestedSchema"]["properties"];
    let mut errors = Vec::new();
    let mut expect = |name: &str, kind: &str, default: Value| {
        let property = &properties[name];
        if property.is_null() {
            errors.push(format!("missing field {name:?}"));
            return;
        }
        if property["type"] != kind {
            errors.push(format!(
                "{name}: expected type {kind:?}, got {}",
                property["type"]
            ));
        }
        match property.get("default") {
            None => errors.push(format!("{name}: missing default")),
            Some(found) if *found != default => {
                errors.push(format!("{name}: expected default {default}, got {found}"))
            }
            Some(_) => {}
        }
    };
    expect("name", "string", json!("John Doe"));
    expect("age", "integer", json!(30));
    expect("score", "number", json!(95.5));
    expect("status", "string", json!("active"));
    expect("verified", "boolean", json!(true));
    match properties["status"]["enum"].as_array() {
        None => errors.push("status: missing or invalid enum array".into()),
        Some(members) if !members.contains(&properties["status"]["default"]) => {
            errors.push("status: the default is not a valid enum member".into())
        }
        Some(_) => {}
    }
    errors
}

#[test]
fn sep1034_defaults_form_is_exact() {
    assert_eq!(wire(Sep1034Defaults::default_request()), sep1034_request());
    assert_kinds::<Sep1034Defaults>(SEP1034);
}

#[test]
fn sep1034_defaults_form_passes_the_scenario_checks() {
    let params = wire(Sep1034Defaults::default_request());
    assert_eq!(sep1034_scenario_errors(&params), Vec::<String>::new());
    // the port of the checks is not vacuous
    let mut broken = params.clone();
    broken["requestedSchema"]["properties"]["status"]["default"] = json!("Active");
    broken["requestedSchema"]["properties"]["age"]["default"] = json!(30.5);
    broken["requestedSchema"]["properties"]["verified"]
        .as_object_mut()
        .unwrap()
        .remove("default");
    assert_eq!(
        sep1034_scenario_errors(&broken),
        [
            "age: expected default 30, got 30.5",
            "status: expected default \"active\", got \"Active\"",
            "verified: missing default",
            "status: the default is not a valid enum member",
        ]
    );
}

#[test]
fn sep1034_defaults_form_validates() {
    let params = wire(Sep1034Defaults::default_request());
    for_each_sep1330_spec(|spec| check_request(spec, &params, SEP1034));
}

#[test]
fn sep1034_scenario_answers_parse_and_validate() {
    check_results(vec![
        (
            // what the scenario's client answers
            json!({
                "action": "accept",
                "content": {
                    "name": "Jane Smith",
                    "age": 25,
                    "score": 88.0,
                    "status": "inactive",
                    "verified": false
                }
            }),
            ElicitAction::Accept(Sep1034Defaults {
                name: Some("Jane Smith".into()),
                age: Some(25),
                score: Some(88.0),
                status: Some(Status::Inactive),
                verified: Some(false),
            }),
        ),
        (
            json!({"action": "accept", "content": {}}),
            ElicitAction::Accept(Sep1034Defaults {
                name: None,
                age: None,
                score: None,
                status: None,
                verified: None,
            }),
        ),
        (
            json!({"action": "accept", "content": {"status": "pending", "age": 150}}),
            ElicitAction::Accept(Sep1034Defaults {
                name: None,
                age: Some(150),
                score: None,
                status: Some(Status::Pending),
                verified: None,
            }),
        ),
        (json!({"action": "decline"}), ElicitAction::Decline),
        (json!({"action": "cancel"}), ElicitAction::Cancel),
    ]);
}

// ---------------------------------------------------------------------------
// Conformance suite: elicitation-sep1330-enums
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum UntitledOption {
    Option1,
    Option2,
    Option3,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
enum TitledOption {
    #[elicit(rename = "value1", title = "First Option")]
    First,
    #[elicit(rename = "value2", title = "Second Option")]
    Second,
    #[elicit(rename = "value3", title = "Third Option")]
    Third,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy)]
enum LegacyOption {
    #[elicit(rename = "opt1", title = "Option One")]
    One,
    #[elicit(rename = "opt2", title = "Option Two")]
    Two,
    #[elicit(rename = "opt3", title = "Option Three")]
    Three,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
enum TitledChoice {
    #[elicit(rename = "value1", title = "First Choice")]
    First,
    #[elicit(rename = "value2", title = "Second Choice")]
    Second,
    #[elicit(rename = "value3", title = "Third Choice")]
    Third,
}

/// The reference server's `test_elicitation_sep1330_enums` form: the five
/// enum shapes, all optional (`required: []` there).
#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(
    rename_all = "camelCase",
    message = "Please select options from the enum fields"
)]
struct Sep1330Enums {
    /// Select one option
    untitled_single: Option<UntitledOption>,
    /// Select one option with titles
    titled_single: Option<TitledOption>,
    /// Select one option (legacy)
    legacy_enum: Option<LegacyOption>,
    /// Select multiple options
    #[elicit(min_items = 1, max_items = 3)]
    untitled_multi: Option<Vec<UntitledOption>>,
    /// Select multiple options with titles
    #[elicit(min_items = 1, max_items = 3)]
    titled_multi: Option<Vec<TitledChoice>>,
}

const SEP1330: &[(&str, Intended)] = &[
    ("untitledSingle", Intended::Enum(Shape::UntitledSingle)),
    ("titledSingle", Intended::Enum(Shape::TitledSingle)),
    ("legacyEnum", Intended::Enum(Shape::Legacy)),
    ("untitledMulti", Intended::Enum(Shape::UntitledMulti)),
    ("titledMulti", Intended::Enum(Shape::TitledMulti)),
];

fn sep1330_request() -> Value {
    json!({
        "message": "Please select options from the enum fields",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "untitledSingle": {
                    "type": "string",
                    "description": "Select one option",
                    "enum": ["option1", "option2", "option3"]
                },
                "titledSingle": {
                    "type": "string",
                    "description": "Select one option with titles",
                    "oneOf": [
                        {"const": "value1", "title": "First Option"},
                        {"const": "value2", "title": "Second Option"},
                        {"const": "value3", "title": "Third Option"}
                    ]
                },
                "legacyEnum": {
                    "type": "string",
                    "description": "Select one option (legacy)",
                    "enum": ["opt1", "opt2", "opt3"],
                    "enumNames": ["Option One", "Option Two", "Option Three"]
                },
                "untitledMulti": {
                    "type": "array",
                    "description": "Select multiple options",
                    "minItems": 1,
                    "maxItems": 3,
                    "items": {"type": "string", "enum": ["option1", "option2", "option3"]}
                },
                "titledMulti": {
                    "type": "array",
                    "description": "Select multiple options with titles",
                    "minItems": 1,
                    "maxItems": 3,
                    "items": {
                        "anyOf": [
                            {"const": "value1", "title": "First Choice"},
                            {"const": "value2", "title": "Second Choice"},
                            {"const": "value3", "title": "Third Choice"}
                        ]
                    }
                }
            }
        }
    })
}

/// `{"const": <string>, "title": <string>}` for every element.
fn all_const_title(options: &[Value]) -> bool {
    options
        .iter()
        .all(|option| option["const"].is_string() && option["title"].is_string())
}

/// The checks of `elicitation-enums.ts`, one message per failure.
fn sep1330_scenario_errors(params: &Value) -> Vec<String> {
    let properties = &params["requestedSchema"]["properties"];
    let mut errors = Vec::new();

    let untitled = &properties["untitledSingle"];
    if untitled["type"] != "string" {
        errors.push("untitledSingle: type is not \"string\"".to_owned());
    }
    if !untitled["enum"].is_array() {
        errors.push("untitledSingle: missing or invalid enum array".to_owned());
    }
    if untitled.get("oneOf").is_some() || untitled.get("enumNames").is_some() {
        errors.push("untitledSingle: oneOf or enumNames on an untitled enum".to_owned());
    }

    let titled = &properties["titledSingle"];
    if titled["type"] != "string" {
        errors.push("titledSingle: type is not \"string\"".to_owned());
    }
    match titled["oneOf"].as_array() {
        None => errors.push("titledSingle: missing or invalid oneOf array".to_owned()),
        Some(options) if !all_const_title(options) => {
            errors.push("titledSingle: oneOf items need string const and title".to_owned())
        }
        Some(_) => {}
    }
    if titled.get("enum").is_some() {
        errors.push("titledSingle: enum on a titled enum".to_owned());
    }

    let legacy = &properties["legacyEnum"];
    if legacy["type"] != "string" {
        errors.push("legacyEnum: type is not \"string\"".to_owned());
    }
    match (legacy["enum"].as_array(), legacy["enumNames"].as_array()) {
        (None, _) => errors.push("legacyEnum: missing or invalid enum array".to_owned()),
        (_, None) => errors.push("legacyEnum: missing or invalid enumNames array".to_owned()),
        (Some(values), Some(names)) if values.len() != names.len() => errors.push(format!(
            "legacyEnum: enumNames length ({}) must match enum length ({})",
            names.len(),
            values.len()
        )),
        _ => {}
    }

    let untitled_multi = &properties["untitledMulti"];
    if untitled_multi["type"] != "array" {
        errors.push("untitledMulti: type is not \"array\"".to_owned());
    }
    let items = &untitled_multi["items"];
    if items["type"] != "string" {
        errors.push("untitledMulti: items.type is not \"string\"".to_owned());
    }
    if !items["enum"].is_array() {
        errors.push("untitledMulti: missing or invalid items.enum array".to_owned());
    }
    if items.get("anyOf").is_some() {
        errors.push("untitledMulti: items.anyOf on an untitled multi-select".to_owned());
    }

    let titled_multi = &properties["titledMulti"];
    if titled_multi["type"] != "array" {
        errors.push("titledMulti: type is not \"array\"".to_owned());
    }
    let items = &titled_multi["items"];
    match items["anyOf"].as_array() {
        None => errors.push("titledMulti: missing or invalid items.anyOf array".to_owned()),
        Some(options) if !all_const_title(options) => {
            errors.push("titledMulti: items.anyOf entries need string const and title".to_owned())
        }
        Some(_) => {}
    }
    if items.get("enum").is_some() {
        errors.push("titledMulti: items.enum on a titled multi-select".to_owned());
    }
    errors
}

#[test]
fn sep1330_enums_form_is_exact() {
    assert_eq!(wire(Sep1330Enums::default_request()), sep1330_request());
    assert_kinds::<Sep1330Enums>(SEP1330);
}

#[test]
fn sep1330_enums_form_passes_the_scenario_checks() {
    let params = wire(Sep1330Enums::default_request());
    assert_eq!(sep1330_scenario_errors(&params), Vec::<String>::new());
    // the port of the checks is not vacuous
    let mut broken = params.clone();
    let properties = &mut broken["requestedSchema"]["properties"];
    properties["untitledSingle"]["enumNames"] = json!(["A", "B", "C"]);
    properties["titledSingle"]["oneOf"][1] = json!({"const": "value2"});
    properties["legacyEnum"]["enumNames"] = json!(["Option One"]);
    properties["untitledMulti"]["items"] = json!({"anyOf": []});
    properties["titledMulti"]["items"]["enum"] = json!(["value1"]);
    assert_eq!(
        sep1330_scenario_errors(&broken),
        [
            "untitledSingle: oneOf or enumNames on an untitled enum",
            "titledSingle: oneOf items need string const and title",
            "legacyEnum: enumNames length (1) must match enum length (3)",
            "untitledMulti: items.type is not \"string\"",
            "untitledMulti: missing or invalid items.enum array",
            "untitledMulti: items.anyOf on an untitled multi-select",
            "titledMulti: items.enum on a titled multi-select",
        ]
    );
}

#[test]
fn sep1330_enums_form_validates() {
    let params = wire(Sep1330Enums::default_request());
    for_each_sep1330_spec(|spec| check_request(spec, &params, SEP1330));
}

#[test]
fn sep1330_scenario_answers_parse_and_validate() {
    check_results(vec![
        (
            // what the scenario's client answers
            json!({
                "action": "accept",
                "content": {
                    "untitledSingle": "option1",
                    "titledSingle": "value1",
                    "legacyEnum": "opt1",
                    "untitledMulti": ["option1", "option2"],
                    "titledMulti": ["value1", "value2"]
                }
            }),
            ElicitAction::Accept(Sep1330Enums {
                untitled_single: Some(UntitledOption::Option1),
                titled_single: Some(TitledOption::First),
                legacy_enum: Some(LegacyOption::One),
                untitled_multi: Some(vec![UntitledOption::Option1, UntitledOption::Option2]),
                titled_multi: Some(vec![TitledChoice::First, TitledChoice::Second]),
            }),
        ),
        (
            json!({
                "action": "accept",
                "content": {
                    "titledSingle": "value3",
                    "legacyEnum": "opt2",
                    "titledMulti": ["value3", "value1", "value2"]
                }
            }),
            ElicitAction::Accept(Sep1330Enums {
                untitled_single: None,
                titled_single: Some(TitledOption::Third),
                legacy_enum: Some(LegacyOption::Two),
                untitled_multi: None,
                titled_multi: Some(vec![
                    TitledChoice::Third,
                    TitledChoice::First,
                    TitledChoice::Second,
                ]),
            }),
        ),
        (json!({"action": "decline"}), ElicitAction::Decline),
        (json!({"action": "cancel"}), ElicitAction::Cancel),
    ]);
}

#[test]
fn sep1330_titles_are_not_answers() {
    for (key, title) in [
        ("titledSingle", json!("First Option")),
        ("legacyEnum", json!("Option One")),
        ("titledMulti", json!(["First Choice"])),
        ("untitledMulti", json!([])),
    ] {
        let result = json!({"action": "accept", "content": {key: title}});
        let error = Sep1330Enums::parse_result(result.clone()).unwrap_err();
        assert_eq!(error.field(), Some(key), "{result}: {error}");
    }
}

// ---------------------------------------------------------------------------
// 2025-06-18: a derived form without SEP-1330 features
// ---------------------------------------------------------------------------

/// Only what a 2025-06-18 peer knows: no string, number or enum default, no
/// arrays, the legacy enum form.
#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(message = "For an older client")]
struct OldClient {
    /// Your name.
    #[elicit(title = "Name", min_length = 1, max_length = 50)]
    name: String,
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(minimum = 1, maximum = 10)]
    count: u8,
    ratio: Option<f64>,
    #[elicit(default = false)]
    agree: bool,
    legacy: Legacy,
    maybe_legacy: Option<Legacy>,
}

#[test]
fn a_form_without_sep1330_features_is_valid_for_2025_06_18() {
    let params = wire(OldClient::default_request());
    assert_eq!(
        params,
        json!({
            "message": "For an older client",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "name": {
                        "type": "string",
                        "title": "Name",
                        "description": "Your name.",
                        "minLength": 1,
                        "maxLength": 50
                    },
                    "email": {"type": "string", "format": "email"},
                    "count": {"type": "integer", "minimum": 1, "maximum": 10},
                    "ratio": {"type": "number"},
                    "agree": {"type": "boolean", "default": false},
                    "legacy": {"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]},
                    "maybe_legacy": {"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]}
                },
                "required": ["name", "count", "agree", "legacy"]
            }
        })
    );
    let answer = json!({
        "action": "accept",
        "content": {"name": "Ann", "count": 10, "agree": true, "legacy": "#f00", "maybe_legacy": "#0f0"}
    });
    assert_eq!(
        OldClient::parse_result(answer.clone()),
        Ok(ElicitAction::Accept(OldClient {
            name: "Ann".into(),
            email: None,
            count: 10,
            ratio: None,
            agree: true,
            legacy: Legacy::Red,
            maybe_legacy: Some(Legacy::Green),
        }))
    );

    let Some(dir) = spec_dir() else { return };
    let Some(spec) = Spec::load(&dir, LEGACY_VERSION) else {
        return;
    };
    spec.assert_valid(
        "ElicitRequest",
        &json!({"method": "elicitation/create", "params": params}),
    );
    let properties = &params["requestedSchema"]["properties"];
    for (name, definition) in [
        ("name", "StringSchema"),
        ("email", "StringSchema"),
        ("count", "NumberSchema"),
        ("ratio", "NumberSchema"),
        ("agree", "BooleanSchema"),
        ("legacy", "EnumSchema"),
        ("maybe_legacy", "EnumSchema"),
    ] {
        let property = &properties[name];
        spec.assert_valid(definition, property);
        // every key is one 2025-06-18 knows
        spec.assert_keys_declared(definition, property);
        spec.assert_valid("PrimitiveSchemaDefinition", property);
        for wrong in [
            "StringSchema",
            "NumberSchema",
            "BooleanSchema",
            "EnumSchema",
        ] {
            // a plain string schema and an enum differ only by `enum`, which
            // StringSchema does not forbid
            if wrong != definition && !(definition == "EnumSchema" && wrong == "StringSchema") {
                spec.assert_invalid(wrong, property);
            }
        }
    }
    spec.assert_valid("ElicitResult", &answer);

    // a form with SEP-1330 features is not a 2025-06-18 request: its
    // multi-selects are arrays
    spec.assert_invalid(
        "ElicitRequest",
        &json!({"method": "elicitation/create", "params": wire(Deploy::default_request())}),
    );
    spec.assert_invalid(
        "ElicitRequest",
        &json!({"method": "elicitation/create", "params": wire(Sep1330Enums::default_request())}),
    );
}

// ---------------------------------------------------------------------------
// A form whose selects take their options when the request is built
// ---------------------------------------------------------------------------

mod run_time {
    use enum_schema::{
        schema::{MultiSelectSchema, SingleSelectSchema},
        ElicitAction, ElicitForm, ElicitFormWith, OwnedChoice,
    };
    use serde_json::json;

    use super::{check_request, check_result, for_each_sep1330_spec, wire, Intended, Shape};

    #[derive(ElicitForm, Debug)]
    #[elicit(rename_all = "camelCase")]
    pub struct Release {
        /// Which environment.
        #[elicit(title = "Environment")]
        pub environment: OwnedChoice,
        pub reviewers: Vec<OwnedChoice>,
        pub fallback: Option<OwnedChoice>,
        pub watchers: Option<Vec<OwnedChoice>>,
        #[elicit(maximum = 100)]
        pub canary_percent: u8,
    }

    const RELEASE: &[(&str, Intended)] = &[
        ("environment", Intended::Enum(Shape::TitledSingle)),
        ("reviewers", Intended::Enum(Shape::UntitledMulti)),
        ("fallback", Intended::Enum(Shape::UntitledSingle)),
        ("watchers", Intended::Enum(Shape::TitledMulti)),
        ("canaryPercent", Intended::Number),
    ];

    fn options() -> ReleaseOptions {
        ReleaseOptions {
            environment: SingleSelectSchema::new([("stg", "Staging"), ("prod", "Production")])
                .unwrap()
                .with_default_value("stg")
                .unwrap(),
            reviewers: MultiSelectSchema::new(["ada", "grace"])
                .unwrap()
                .with_items(Some(1), Some(2))
                .unwrap()
                .with_default_values(["ada"])
                .unwrap(),
            fallback: SingleSelectSchema::new(["stg"]).unwrap(),
            watchers: MultiSelectSchema::new([("ops", "Ops")]).unwrap(),
        }
    }

    #[test]
    fn the_request_and_its_answers_validate_property_by_property() {
        let request = wire(Release::request_with("Release v3?", &options()));
        let answer = json!({"action": "accept", "content": {
            "environment": "prod", "reviewers": ["grace"], "watchers": ["ops"], "canaryPercent": 5,
        }});
        let Ok(ElicitAction::Accept(release)) =
            Release::parse_result_with(answer.clone(), &options())
        else {
            panic!()
        };
        assert_eq!(
            (
                release.environment.value(),
                release.reviewers[0].value(),
                release.canary_percent
            ),
            ("prod", "grace", 5)
        );
        assert_eq!(
            (
                release.fallback,
                release.watchers.map(|w| w[0].title().map(str::to_owned))
            ),
            (None, Some(Some("Ops".to_owned())))
        );
        for_each_sep1330_spec(|spec| {
            check_request(spec, &request, RELEASE);
            check_result(spec, &answer);
        });
    }
}
