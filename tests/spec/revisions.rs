//! Protocol revisions: parsing the negotiated version, what `for_version`
//! sends to a peer of each revision (checked against that revision's
//! `schema.json` as the definition it is meant to be, and as exact JSON),
//! and the `input_required` path of MCP 2026-07-28.
//!
//! The spec is located as in `tests/common/mod.rs`: `$ENUM_SCHEMA_SPEC_DIR`, else
//! `<CARGO_MANIFEST_DIR>/../shared/spec`; when it is missing the spec checks
//! are skipped with a message, unless `ENUM_SCHEMA_REQUIRE_SPEC=1`. The
//! tables are driven by the revision folders found there.

use enum_schema::{
    schema::{PrimitiveSchema, RequestedSchema, StringFormat},
    BooleanField, ElicitAction, ElicitEnum, ElicitForm, NumberField, ProtocolVersion, StringField,
    VersionError,
};

use enum_schema::ask::adapter::InputRequiredResult;
use serde_json::{json, Value};

use crate::common::{require_spec, spec_dir, wire, Spec};

// ---------------------------------------------------------------------------
// The spec revisions (located and loaded by tests/common/mod.rs)
// ---------------------------------------------------------------------------

/// What only these tests ask of a revision.
impl Spec {
    /// An `elicitation/create` request with these params; as a JSON-RPC
    /// request where the revision's `ElicitRequest` requires it (2025-11-25).
    fn elicit_request(&self, params: Value) -> Value {
        let mut request = json!({"method": "elicitation/create", "params": params});
        let required = &self.definition("ElicitRequest")["required"];
        if required.as_array().unwrap().contains(&json!("id")) {
            request["jsonrpc"] = json!("2.0");
            request["id"] = json!(1);
        }
        request
    }

    /// The revision this folder is.
    fn protocol_version(&self) -> ProtocolVersion {
        ProtocolVersion::for_peer(&self.version)
            .unwrap_or_else(|error| panic!("folder {}: {error}", self.version))
    }
}

/// Every revision folder of the spec, oldest first (`draft` last).
fn all_specs() -> Vec<Spec> {
    let Some(dir) = spec_dir() else {
        return Vec::new();
    };
    let mut folders: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|entry| {
            let entry = entry.unwrap();
            entry
                .file_type()
                .unwrap()
                .is_dir()
                .then(|| entry.file_name().into_string().unwrap())
        })
        .collect();
    folders.sort();
    folders
        .iter()
        .filter_map(|folder| Spec::load(&dir, folder))
        .collect()
}

/// The revision folders that define elicitation.
fn elicitation_specs() -> Vec<Spec> {
    all_specs()
        .into_iter()
        .filter(|spec| spec.has_definition("ElicitRequest"))
        .collect()
}

// ---------------------------------------------------------------------------
// ProtocolVersion
// ---------------------------------------------------------------------------

fn unrecognized(version: &str) -> VersionError {
    VersionError::Unrecognized {
        version: version.to_owned(),
    }
}

#[test]
fn known_revisions_parse_to_themselves() {
    let known = [
        ("2024-11-05", ProtocolVersion::V2024_11_05),
        ("2025-03-26", ProtocolVersion::V2025_03_26),
        ("2025-06-18", ProtocolVersion::V2025_06_18),
        ("2025-11-25", ProtocolVersion::V2025_11_25),
        ("2026-07-28", ProtocolVersion::V2026_07_28),
    ];
    for (text, version) in known {
        assert_eq!(text.parse::<ProtocolVersion>(), Ok(version), "{text}");
        assert_eq!(version.as_str(), text);
        assert_eq!(version.to_string(), text);
    }
    assert_eq!(
        ProtocolVersion::ALL,
        known.map(|(_, version)| version).as_slice()
    );
    assert_eq!(ProtocolVersion::LATEST, ProtocolVersion::V2026_07_28);
    assert_eq!(
        ProtocolVersion::for_peer("draft"),
        Ok(ProtocolVersion::LATEST)
    );
    for (text, version) in known {
        assert_eq!(ProtocolVersion::for_peer(text), Ok(version), "{text}");
    }
    // ordered oldest first
    assert!(ProtocolVersion::ALL.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn display_round_trips() {
    for &version in ProtocolVersion::ALL {
        assert_eq!(version.to_string().parse(), Ok(version));
        assert_eq!(format!("{version}"), version.as_str());
    }
}

/// `FromStr` is exact: a revision this crate does not know is refused,
/// `"draft"` and newer dates included (`for_peer` reads those).
#[test]
fn from_str_is_exact() {
    for text in [
        "draft",
        "2026-07-29",
        "2031-01-01",
        "2025-06-19",
        "2024-11-04",
        "",
        "2025-6-18",
    ] {
        assert_eq!(
            text.parse::<ProtocolVersion>(),
            Err(VersionError::Unknown {
                version: text.to_owned()
            }),
            "{text:?}"
        );
    }
    assert_eq!(
        "2031-01-01"
            .parse::<ProtocolVersion>()
            .unwrap_err()
            .to_string(),
        r#"unknown protocol version "2031-01-01"; expected one of "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28""#
    );
}

/// What a server speaks to a peer that announced a revision it does not
/// know.
#[test]
fn future_and_in_between_dates() {
    let cases = [
        // newer than any known: the newest known
        ("2026-07-29", ProtocolVersion::LATEST),
        ("2027-01-01", ProtocolVersion::LATEST),
        ("2031-01-01", ProtocolVersion::LATEST),
        ("9999-12-31", ProtocolVersion::LATEST),
        // between two known: the older one
        ("2024-11-06", ProtocolVersion::V2024_11_05),
        ("2025-03-25", ProtocolVersion::V2024_11_05),
        ("2025-03-27", ProtocolVersion::V2025_03_26),
        ("2025-06-17", ProtocolVersion::V2025_03_26),
        ("2025-06-19", ProtocolVersion::V2025_06_18),
        ("2025-11-24", ProtocolVersion::V2025_06_18),
        ("2025-11-26", ProtocolVersion::V2025_11_25),
        ("2026-07-27", ProtocolVersion::V2025_11_25),
    ];
    for (text, version) in cases {
        assert_eq!(ProtocolVersion::for_peer(text), Ok(version), "{text}");
    }
}

#[test]
fn garbage_and_too_old_are_unrecognized() {
    for text in [
        "",
        "draft ",
        " 2025-06-18",
        "2025-06-18 ",
        "Draft",
        "DRAFT",
        "latest",
        "2025-6-18",
        "2025/06/18",
        "20250618",
        "2025-06-18T00:00:00Z",
        "2025-06-1x",
        "2025_06_18",
        "v2025-06-18",
        "２０２５-06-18",
        "2025-06-١٨",
        // too old
        "2024-11-04",
        "2024-01-01",
        "0000-00-00",
    ] {
        assert_eq!(
            ProtocolVersion::for_peer(text),
            Err(unrecognized(text)),
            "{text:?}"
        );
    }
    assert_eq!(
        unrecognized("2025/06/18").to_string(),
        r#"unrecognized protocol version "2025/06/18"; expected a date like "2025-11-25" or "draft""#
    );
    assert_eq!(
        unrecognized("").to_string(),
        r#"unrecognized protocol version ""; expected a date like "2025-11-25" or "draft""#
    );
}

/// `YYYY-MM-DD` is a date: a month 13 or a day 32 is not one.
#[test]

fn impossible_dates_are_unrecognized() {
    for text in ["2025-13-01", "2025-12-32", "2025-00-01", "2025-06-00"] {
        assert_eq!(
            ProtocolVersion::for_peer(text),
            Err(unrecognized(text)),
            "{text:?}"
        );
    }
}

#[test]
fn what_each_revision_supports() {
    use ProtocolVersion::*;
    let table = [
        (V2024_11_05, false, false, false),
        (V2025_03_26, false, false, false),
        (V2025_06_18, true, false, false),
        (V2025_11_25, true, true, false),
        (V2026_07_28, true, true, true),
    ];
    for (version, elicitation, sep1330, input_required) in table {
        assert_eq!(version.supports_elicitation(), elicitation, "{version}");
        assert_eq!(version.supports_sep1330(), sep1330, "{version}");
        assert_eq!(version.uses_input_required(), input_required, "{version}");
    }
}

/// The folders of the spec agree with what the crate knows: a revision
/// supports elicitation exactly when its schema.json defines it, SEP-1330
/// exactly when it defines the titled shapes, `input_required` exactly
/// when it defines `InputRequiredResult`.
#[test]
fn the_spec_folders_agree_with_the_crate() {
    let specs = all_specs();
    if specs.is_empty() {
        return;
    }
    let folders: Vec<&str> = specs.iter().map(|spec| spec.version.as_str()).collect();
    assert_eq!(
        folders,
        [
            "2024-11-05",
            "2025-03-26",
            "2025-06-18",
            "2025-11-25",
            "2026-07-28",
            "draft"
        ]
    );
    for spec in &specs {
        let version = spec.protocol_version();
        assert_eq!(
            version.supports_elicitation(),
            spec.has_definition("ElicitRequest"),
            "{}",
            spec.version
        );
        assert_eq!(
            version.supports_sep1330(),
            spec.has_definition("TitledMultiSelectEnumSchema"),
            "{}",
            spec.version
        );
        assert_eq!(
            version.uses_input_required(),
            spec.has_definition("InputRequiredResult"),
            "{}",
            spec.version
        );
    }
    let eliciting: Vec<String> = elicitation_specs()
        .into_iter()
        .map(|spec| spec.version)
        .collect();
    assert_eq!(
        eliciting,
        ["2025-06-18", "2025-11-25", "2026-07-28", "draft"]
    );
}

// ---------------------------------------------------------------------------
// The shapes, revision by revision
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(
    rename_all = "lowercase",
    title = "Color",
    default = Green,
    min_items = 1,
    max_items = 2,
    default_items = [Red]
)]
enum Color {
    Red,
    Green,
    Blue,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(
    title = "Accent",
    description = "Accent color",
    default = "#0f0",
    default_items = ["#f00", "#00f"]
)]
enum Accent {
    #[elicit(rename = "#f00", title = "Red")]
    Red,
    #[elicit(rename = "#0f0", title = "Green")]
    Green,
    #[elicit(rename = "#00f", title = "Blue")]
    Blue,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy, default = "#0f0")]
enum Old {
    #[elicit(rename = "#f00", title = "Red")]
    Red,
    #[elicit(rename = "#0f0", title = "Green")]
    Green,
}

/// One row of the table: a property, the definition it is from 2025-11-25
/// on and its exact JSON there, and what a 2025-06-18 peer gets (the
/// definition and exact JSON, or `None` for no multi-select).
struct Row {
    name: &'static str,
    schema: PrimitiveSchema,
    sep1330: (&'static str, Value),
    legacy: Option<(&'static str, Value)>,
}

fn rows() -> Vec<Row> {
    let rgb = json!([
        {"const": "#f00", "title": "Red"},
        {"const": "#0f0", "title": "Green"},
        {"const": "#00f", "title": "Blue"}
    ]);
    vec![
        Row {
            name: "untitled single",
            schema: Color::SINGLE_SELECT.to_schema().into(),
            sep1330: (
                "UntitledSingleSelectEnumSchema",
                json!({"type": "string", "title": "Color", "enum": ["red", "green", "blue"], "default": "green"}),
            ),
            legacy: Some((
                "EnumSchema",
                json!({"type": "string", "title": "Color", "enum": ["red", "green", "blue"]}),
            )),
        },
        Row {
            name: "titled single",
            schema: Accent::SINGLE_SELECT.to_schema().into(),
            sep1330: (
                "TitledSingleSelectEnumSchema",
                json!({"type": "string", "title": "Accent", "description": "Accent color", "oneOf": rgb, "default": "#0f0"}),
            ),
            legacy: Some((
                "EnumSchema",
                json!({
                    "type": "string",
                    "title": "Accent",
                    "description": "Accent color",
                    "enum": ["#f00", "#0f0", "#00f"],
                    "enumNames": ["Red", "Green", "Blue"]
                }),
            )),
        },
        Row {
            name: "legacy",
            schema: Old::SINGLE_SELECT.to_schema().into(),
            sep1330: (
                "LegacyTitledEnumSchema",
                json!({"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"], "default": "#0f0"}),
            ),
            legacy: Some((
                "EnumSchema",
                json!({"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]}),
            )),
        },
        Row {
            name: "untitled multi",
            schema: Color::MULTI_SELECT.to_schema().into(),
            sep1330: (
                "UntitledMultiSelectEnumSchema",
                json!({
                    "type": "array",
                    "title": "Color",
                    "minItems": 1,
                    "maxItems": 2,
                    "items": {"type": "string", "enum": ["red", "green", "blue"]},
                    "default": ["red"]
                }),
            ),
            legacy: None,
        },
        Row {
            name: "titled multi",
            schema: Accent::MULTI_SELECT.to_schema().into(),
            sep1330: (
                "TitledMultiSelectEnumSchema",
                json!({
                    "type": "array",
                    "title": "Accent",
                    "description": "Accent color",
                    "items": {"anyOf": rgb},
                    "default": ["#f00", "#00f"]
                }),
            ),
            legacy: None,
        },
        Row {
            name: "string with default",
            schema: PrimitiveSchema::String(
                StringField::new()
                    .with_title("Email")
                    .with_min_length(3)
                    .with_max_length(64)
                    .with_format(StringFormat::Email)
                    .with_default_value("a@b.c")
                    .to_schema()
                    .clone(),
            ),
            sep1330: (
                "StringSchema",
                json!({"type": "string", "title": "Email", "minLength": 3, "maxLength": 64, "format": "email", "default": "a@b.c"}),
            ),
            legacy: Some((
                "StringSchema",
                json!({"type": "string", "title": "Email", "minLength": 3, "maxLength": 64, "format": "email"}),
            )),
        },
        Row {
            name: "integer with default",
            schema: PrimitiveSchema::Number(
                NumberField::<u8>::new()
                    .with_description("How many")
                    .with_minimum(1)
                    .with_maximum(10)
                    .with_default_value(5)
                    .to_schema(),
            ),
            sep1330: (
                "NumberSchema",
                json!({"type": "integer", "description": "How many", "minimum": 1, "maximum": 10, "default": 5}),
            ),
            legacy: Some((
                "NumberSchema",
                json!({"type": "integer", "description": "How many", "minimum": 1, "maximum": 10}),
            )),
        },
        Row {
            name: "number with default",
            schema: PrimitiveSchema::Number(
                NumberField::<f64>::new()
                    .with_default_value(0.5)
                    .to_schema(),
            ),
            sep1330: ("NumberSchema", json!({"type": "number", "default": 0.5})),
            legacy: Some(("NumberSchema", json!({"type": "number"}))),
        },
        Row {
            name: "boolean with default",
            schema: PrimitiveSchema::Boolean(
                BooleanField::new()
                    .with_title("Agree")
                    .with_default_value(true)
                    .to_schema()
                    .clone(),
            ),
            sep1330: (
                "BooleanSchema",
                json!({"type": "boolean", "title": "Agree", "default": true}),
            ),
            legacy: Some((
                "BooleanSchema",
                json!({"type": "boolean", "title": "Agree", "default": true}),
            )),
        },
    ]
}

const NO_MULTI_2025_06_18: &str = "protocol version 2025-06-18 has no multi-select (array) properties; they arrived in 2025-11-25 (SEP-1330): ask with a single-select, or one boolean per option";

/// The exact output, without the spec: what `for_version` gives for each
/// known revision.
#[test]
fn for_version_gives_the_exact_json() {
    for row in rows() {
        let name = row.name;
        // the table's own premise: the schema is the SEP-1330 JSON
        assert_eq!(wire(&row.schema), row.sep1330.1, "{name}");
        for &version in ProtocolVersion::ALL {
            let sent = row.schema.for_version(version);
            match version {
                ProtocolVersion::V2024_11_05 | ProtocolVersion::V2025_03_26 => {
                    assert_eq!(sent, Err(VersionError::NoElicitation { version }), "{name}");
                }
                ProtocolVersion::V2025_06_18 => match &row.legacy {
                    Some((_, json)) => {
                        assert_eq!(wire(sent.unwrap()), *json, "{name}");
                    }
                    None => {
                        let error = sent.unwrap_err();
                        assert_eq!(
                            error,
                            VersionError::NoMultiSelect {
                                version,
                                property: None
                            },
                            "{name}"
                        );
                        assert_eq!(error.to_string(), NO_MULTI_2025_06_18);
                    }
                },
                _ => assert_eq!(sent, Ok(row.schema.clone()), "{name} for {version}"),
            }
        }
    }
}

/// What `for_version` emits validates, in every revision folder that
/// defines elicitation, as the definition it is meant to be, with no key
/// that definition does not declare, and as `PrimitiveSchemaDefinition`.
#[test]
fn for_version_validates_in_every_eliciting_revision() {
    let specs = elicitation_specs();
    for spec in &specs {
        let version = spec.protocol_version();
        for row in rows() {
            let expected = if version.supports_sep1330() {
                Some(&row.sep1330)
            } else {
                row.legacy.as_ref()
            };
            let sent = row.schema.for_version(version);
            let Some((definition, json)) = expected else {
                assert!(
                    matches!(sent, Err(VersionError::NoMultiSelect { .. })),
                    "{}: {}",
                    spec.version,
                    row.name
                );
                // and indeed that revision has no place for it
                spec.assert_invalid("PrimitiveSchemaDefinition", &row.sep1330.1);
                continue;
            };
            let sent = wire(sent.unwrap());
            eprintln!("{}: {}", spec.version, row.name);
            assert_eq!(&sent, json, "{}: {}", spec.version, row.name);
            spec.assert_valid(definition, &sent);
            spec.assert_keys_declared(definition, &sent);
            spec.assert_valid("PrimitiveSchemaDefinition", &sent);
        }
    }
    if !specs.is_empty() {
        assert_eq!(specs.len(), 4);
    }
}

#[test]
fn no_elicitation_before_2025_06_18() {
    for version in [ProtocolVersion::V2024_11_05, ProtocolVersion::V2025_03_26] {
        for row in rows() {
            assert_eq!(
                row.schema.for_version(version),
                Err(VersionError::NoElicitation { version }),
                "{}",
                row.name
            );
        }
        assert_eq!(
            Survey::request_for(version, "Survey"),
            Err(VersionError::NoElicitation { version })
        );
        assert_eq!(
            Survey::requested_schema().for_version(version),
            Err(VersionError::NoElicitation { version })
        );
    }
    assert_eq!(
        VersionError::NoElicitation {
            version: ProtocolVersion::V2024_11_05
        }
        .to_string(),
        "protocol version 2024-11-05 has no elicitation; it arrived in 2025-06-18"
    );
    assert_eq!(
        VersionError::NoElicitation {
            version: ProtocolVersion::V2025_03_26
        }
        .to_string(),
        "protocol version 2025-03-26 has no elicitation; it arrived in 2025-06-18"
    );
}

// ---------------------------------------------------------------------------
// Whole requests
// ---------------------------------------------------------------------------

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Survey {
    color: Color,
    accent: Accent,
    old: Option<Old>,
    #[elicit(title = "Email", format = "email", default = "a@b.c")]
    email: String,
    #[elicit(minimum = 1, maximum = 10, default = 5)]
    item_count: u8,
    #[elicit(default = true)]
    agree: bool,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Tags {
    name: String,
    tags: Vec<Accent>,
}

fn survey_2025_06_18() -> Value {
    json!({
        "message": "Survey",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "color": {"type": "string", "title": "Color", "enum": ["red", "green", "blue"]},
                "accent": {
                    "type": "string",
                    "title": "Accent",
                    "description": "Accent color",
                    "enum": ["#f00", "#0f0", "#00f"],
                    "enumNames": ["Red", "Green", "Blue"]
                },
                "old": {"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]},
                "email": {"type": "string", "title": "Email", "format": "email"},
                "itemCount": {"type": "integer", "minimum": 1, "maximum": 10},
                "agree": {"type": "boolean", "default": true}
            },
            "required": ["color", "accent", "email", "itemCount", "agree"]
        }
    })
}

#[test]
fn a_form_for_each_revision() {
    let latest = wire(Survey::request("Survey"));
    assert_eq!(
        latest["requestedSchema"]["properties"]["accent"]["default"],
        "#0f0"
    );
    for &version in ProtocolVersion::ALL {
        let sent = Survey::request_for(version, "Survey");
        match version {
            ProtocolVersion::V2024_11_05 | ProtocolVersion::V2025_03_26 => {
                assert_eq!(sent, Err(VersionError::NoElicitation { version }));
            }
            ProtocolVersion::V2025_06_18 => {
                assert_eq!(wire(sent.unwrap()), survey_2025_06_18());
            }
            _ => assert_eq!(wire(sent.unwrap()), latest, "{version}"),
        }
    }
    // the property order and `required` survive
    let schema = Survey::requested_schema()
        .for_version(ProtocolVersion::V2025_06_18)
        .unwrap();
    let names: Vec<&str> = schema
        .properties()
        .iter()
        .map(|(name, _)| name.as_ref())
        .collect();
    assert_eq!(
        names,
        ["color", "accent", "old", "email", "itemCount", "agree"]
    );
    let required: Vec<&str> = schema.required().iter().map(|name| name.as_ref()).collect();
    assert_eq!(required, ["color", "accent", "email", "itemCount", "agree"]);
    // ElicitRequestFormParams::for_version is the same
    assert_eq!(
        Survey::request("Survey").for_version(ProtocolVersion::V2025_06_18),
        Survey::request_for(ProtocolVersion::V2025_06_18, "Survey")
    );
}

#[test]
fn a_multi_select_cannot_go_to_2025_06_18() {
    let version = ProtocolVersion::V2025_06_18;
    let expected = VersionError::NoMultiSelect {
        version,
        property: Some("tags".into()),
    };
    assert_eq!(Tags::request_for(version, "Tag it"), Err(expected.clone()));
    assert_eq!(
        Tags::requested_schema().for_version(version),
        Err(expected.clone())
    );
    assert_eq!(
        Tags::request("Tag it").for_version(version),
        Err(expected.clone())
    );
    assert_eq!(
        expected.to_string(),
        format!("property \"tags\": {NO_MULTI_2025_06_18}")
    );
    // from 2025-11-25 on it goes out unchanged
    for version in [ProtocolVersion::V2025_11_25, ProtocolVersion::V2026_07_28] {
        assert_eq!(
            Tags::request_for(version, "Tag it"),
            Ok(Tags::request("Tag it"))
        );
    }
}

#[test]
fn requests_validate_in_every_eliciting_revision() {
    for spec in elicitation_specs() {
        let version = spec.protocol_version();
        let params = wire(Survey::request_for(version, "Survey").unwrap());
        let request = spec.elicit_request(params.clone());
        spec.assert_valid("ElicitRequest", &request);
        spec.assert_keys_declared("ElicitRequest", &request);
        if version.supports_sep1330() {
            spec.assert_valid("ElicitRequestFormParams", &params);
            spec.assert_keys_declared("ElicitRequestFormParams", &params);
            let tags = wire(Tags::request_for(version, "Tag it").unwrap());
            spec.assert_valid("ElicitRequestFormParams", &tags);
        } else {
            // what the newer revisions allow, this one rejects
            spec.assert_invalid(
                "ElicitRequest",
                &spec.elicit_request(wire(Tags::request("Tag it"))),
            );
        }
        // and an answer to it
        let answer = json!({
            "action": "accept",
            "content": {"color": "blue", "accent": "#f00", "email": "x@y.z", "itemCount": 2, "agree": false}
        });
        spec.assert_valid("ElicitResult", &answer);
        assert_eq!(
            Survey::parse_result(answer),
            Ok(ElicitAction::Accept(Survey {
                color: Color::Blue,
                accent: Accent::Red,
                old: None,
                email: "x@y.z".into(),
                item_count: 2,
                agree: false,
            }))
        );
    }
}

/// What a 2025-06-18 peer is sent reads back, on its side, as the shapes
/// it knows: legacy single-selects, no enum defaults.
#[test]
fn what_a_2025_06_18_peer_is_sent_reads_back() {
    let sent = Survey::requested_schema()
        .for_version(ProtocolVersion::V2025_06_18)
        .unwrap();
    let text = serde_json::to_string(&sent).unwrap();
    let read = RequestedSchema::from_json_str(&text).unwrap();
    assert_eq!(read, sent);
    for (name, property) in read.properties() {
        if let PrimitiveSchema::SingleSelect(select) = property {
            assert_eq!(select.default_value(), None, "{name}");
            assert_eq!(select.is_legacy(), select.is_titled(), "{name}");
        }
    }
}

// ---------------------------------------------------------------------------
// 2026-07-28: input_required
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Env {
    #[elicit(title = "Staging")]
    Staging,
    #[elicit(title = "Production")]
    Production,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Region {
    EuWest,
    UsEast,
}

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(message = "Where to deploy?")]
struct Deploy {
    env: Env,
    #[elicit(min_items = 1)]
    regions: Vec<Region>,
    confirm: bool,
    note: Option<String>,
}

fn deploy_request() -> Value {
    json!({
        "method": "elicitation/create",
        "params": {
            "message": "Where to deploy?",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "env": {
                        "type": "string",
                        "oneOf": [
                            {"const": "staging", "title": "Staging"},
                            {"const": "production", "title": "Production"}
                        ]
                    },
                    "regions": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"type": "string", "enum": ["eu-west", "us-east"]}
                    },
                    "confirm": {"type": "boolean"},
                    "note": {"type": "string"}
                },
                "required": ["env", "regions", "confirm"]
            }
        }
    })
}

fn deploy_result() -> InputRequiredResult {
    InputRequiredResult::new()
        .elicit("deploy", Deploy::default_request())
        .with_request_state("eyJzdGVwIjoxfQ")
        .unwrap()
}

// Keys in sorted order, so that messages quoting these values read the same
// with and without serde_json's `preserve_order` (which the `rmcp` feature
// turns on).
fn accepted() -> Value {
    json!({
        "action": "accept",
        "content": {"confirm": true, "env": "production", "regions": ["us-east", "eu-west"]}
    })
}

fn sampling_result() -> Value {
    json!({
        "content": {"text": "The capital of France is Paris.", "type": "text"},
        "model": "claude-3-sonnet-20240307",
        "role": "assistant",
        "stopReason": "endTurn"
    })
}

/// The revisions with `input_required` in the spec.
fn input_required_specs() -> Vec<Spec> {
    all_specs()
        .into_iter()
        .filter(|spec| spec.has_definition("InputRequiredResult"))
        .collect()
}

#[test]
fn input_required_result_is_exact() {
    assert_eq!(
        wire(deploy_result()),
        json!({
            "resultType": "input_required",
            "inputRequests": {"deploy": deploy_request()},
            "requestState": "eyJzdGVwIjoxfQ"
        })
    );
    // in the order given (not sorted), a key given twice replaced
    let result = InputRequiredResult::new()
        .elicit("b", Deploy::default_request())
        .elicit("a", Tags::request("first"))
        .elicit("a", Tags::request("second"));
    let text = serde_json::to_string(&result).unwrap();
    assert!(
        text.starts_with(r#"{"resultType":"input_required","inputRequests":{"b":{"method":"elicitation/create","params":{"message":"Where to deploy?","#),
        "{text}"
    );
    let json = wire(&result);
    assert_eq!(json["inputRequests"]["a"]["params"]["message"], "second");
    assert_eq!(json["inputRequests"].as_object().unwrap().len(), 2);
    assert_eq!(json.get("requestState"), None);
    // state only
    assert_eq!(
        serde_json::to_string(&InputRequiredResult::new().with_request_state("s").unwrap())
            .unwrap(),
        r#"{"resultType":"input_required","requestState":"s"}"#
    );
}

#[test]
fn input_required_result_validates() {
    for spec in input_required_specs() {
        let version = spec.protocol_version();
        assert!(version.uses_input_required(), "{}", spec.version);
        let result = wire(
            InputRequiredResult::new()
                .elicit(
                    "deploy",
                    Deploy::request_for(version, "Where to deploy?").unwrap(),
                )
                .elicit("survey", Survey::request_for(version, "Survey").unwrap())
                .with_request_state("eyJzdGVwIjoxfQ")
                .unwrap(),
        );
        spec.assert_valid("InputRequiredResult", &result);
        spec.assert_keys_declared("InputRequiredResult", &result);
        spec.assert_valid("InputRequests", &result["inputRequests"]);
        for (key, request) in result["inputRequests"].as_object().unwrap() {
            eprintln!("{}: {key}", spec.version);
            spec.assert_valid("InputRequest", request);
            spec.assert_valid("ElicitRequest", request);
            spec.assert_keys_declared("ElicitRequest", request);
        }
        assert_eq!(result["inputRequests"]["deploy"], deploy_request());
    }
}

/// The spec's own example of an `input_required` result: its elicitation
/// entry is exactly what a derived form gives.
#[test]
fn the_spec_example_is_reproduced() {
    #[derive(ElicitForm, Debug)]
    struct GithubLogin {
        name: String,
    }
    let Some(dir) = spec_dir() else { return };
    let mut checked = 0;
    for spec in input_required_specs() {
        let path = dir.join(&spec.version).join(
            "examples/InputRequiredResult/input-required-result-with-elicitation-and-sampling-and-request-state.json",
        );
        let Ok(text) = std::fs::read_to_string(&path) else {
            assert!(!require_spec(), "cannot read {}", path.display());
            eprintln!("skipping: {} not found", path.display());
            continue;
        };
        let theirs: Value = serde_json::from_str(&text).unwrap();
        let ours = wire(
            InputRequiredResult::new()
                .elicit(
                    "github_login",
                    GithubLogin::request("Please provide your GitHub username"),
                )
                .with_request_state(theirs["requestState"].as_str().unwrap())
                .unwrap(),
        );
        assert_eq!(
            ours["inputRequests"]["github_login"],
            theirs["inputRequests"]["github_login"]
        );
        assert_eq!(ours["requestState"], theirs["requestState"]);
        assert_eq!(ours["resultType"], theirs["resultType"]);
        // the answer in the matching InputResponses example parses
        let responses_path = dir
            .join(&spec.version)
            .join("examples/InputResponses/elicitation-and-sampling-input-responses.json");
        let responses: Value =
            serde_json::from_str(&std::fs::read_to_string(responses_path).unwrap()).unwrap();
        spec.assert_valid("InputResponses", &responses);
        let login = GithubLogin::parse_result(responses["github_login"].clone())
            .unwrap()
            .accepted()
            .unwrap();
        assert_eq!(login.name, "octocat");
        checked += 1;
    }
    if !input_required_specs().is_empty() {
        assert_eq!(checked, 2);
    }
}

/// An entry of the spec's `InputResponses` answering an elicitation is an
/// `ElicitResult`, which the form parses as any other answer (reading
/// `inputResponses` is `Ask`'s: tests/ask).
#[test]
fn an_input_responses_entry_parses_into_the_form() {
    let responses = json!({"deploy": accepted(), "capital_of_france": sampling_result()});
    for spec in input_required_specs() {
        spec.assert_valid("InputResponses", &responses);
        spec.assert_valid("InputResponses", &json!({"deploy": {"action": "decline"}}));
    }
    assert_eq!(
        Deploy::parse_result(responses["deploy"].clone()),
        Ok(ElicitAction::Accept(Deploy {
            env: Env::Production,
            regions: vec![Region::UsEast, Region::EuWest],
            confirm: true,
            note: None,
        }))
    );
}

/// The spec: at least one of `inputRequests` or `requestState` MUST be
/// present, so a result with neither does not serialize.
#[test]
fn an_empty_input_required_result_does_not_serialize() {
    let error = serde_json::to_string(&InputRequiredResult::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "an InputRequiredResult needs `inputRequests` or `requestState` (MCP 2026-07-28)"
    );
}
