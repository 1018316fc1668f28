//! The `From` conversions into rmcp's model types: the same JSON, key for
//! key and in the same order, as this crate's wire model, the same values
//! rmcp itself reads from that JSON, and rmcp's `ElicitResult` parsed back
//! into typed answers.

use std::borrow::Cow;

use enum_schema::ask::ElicitError;
use enum_schema::rmcp::{parse_form_result, parse_result};
use enum_schema::{
    schema::PrimitiveSchema, ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind, Form,
    Optional, ProtocolVersion, VersionError,
};
use rmcp::model::{
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationSchema, EnumSchema, ErrorCode,
    MultiSelectEnumSchema, PrimitiveSchemaDefinition, SingleSelectEnumSchema,
};
use rmcp::service::ServiceError;
use rmcp::ErrorData;
use serde_json::{json, Value};

// Not the shared `Severity` and `Service`: a title, defaults and item
// bounds, which the expected JSON below spells out.

/// How bad is it?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase", title = "Severity", default = Low)]
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case", min_items = 1, max_items = 2, default_items = [Search])]
enum Service {
    Checkout,
    Search,
    Login,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "UPPERCASE", legacy, default = Amer)]
enum Region {
    #[elicit(title = "Europe")]
    Emea,
    #[elicit(title = "Americas")]
    Amer,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(description = "Labels \"quoted\"\nand 日本語")]
enum Label {
    #[elicit(title = "Español")]
    Es,
    #[elicit(title = "日本語")]
    Ja,
}

/// Every property kind the spec allows.
#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Everything {
    severity: Severity,
    services: Vec<Service>,
    region: Region,
    labels: Vec<Label>,
    /// Who owns it.
    #[elicit(
        format = "email",
        min_length = 3,
        max_length = 80,
        default = "ops@example.com"
    )]
    owner: String,
    #[elicit(title = "Replicas", minimum = 1, maximum = 20, default = 2)]
    replicas: u8,
    #[elicit(minimum = 0.25, maximum = 16.0, default = 1.5)]
    cpu: f64,
    #[elicit(default = true)]
    dry_run: bool,
    note: Option<String>,
}

fn json(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap()
}

fn text(value: impl serde::Serialize) -> String {
    serde_json::to_string(&value).unwrap()
}

#[test]
fn single_selects_keep_their_shape_and_json() {
    let titled = EnumSchema::from(Severity::SINGLE_SELECT);
    assert!(matches!(
        &titled,
        EnumSchema::Single(SingleSelectEnumSchema::Titled(_))
    ));
    assert_eq!(
        text(&titled),
        r#"{"type":"string","title":"Severity","description":"How bad is it?","oneOf":[{"const":"low","title":"Low: no user impact"},{"const":"high","title":"High: users are affected"}],"default":"low"}"#,
    );
    assert_eq!(text(&titled), text(Severity::SINGLE_SELECT));

    let untitled = EnumSchema::from(Service::SINGLE_SELECT);
    assert!(matches!(
        &untitled,
        EnumSchema::Single(SingleSelectEnumSchema::Untitled(_))
    ));
    assert_eq!(
        text(&untitled),
        r#"{"type":"string","enum":["checkout","search","login"]}"#
    );

    let legacy = EnumSchema::from(Region::SINGLE_SELECT);
    assert!(matches!(&legacy, EnumSchema::Legacy(_)));
    assert_eq!(
        text(&legacy),
        r#"{"type":"string","enum":["EMEA","AMER"],"enumNames":["Europe","Americas"],"default":"AMER"}"#,
    );
    assert_eq!(text(&legacy), text(Region::SINGLE_SELECT));

    // Unicode, quotes and newlines are escaped once, by serde_json, on both sides.
    assert_eq!(
        text(EnumSchema::from(Label::SINGLE_SELECT)),
        text(Label::SINGLE_SELECT)
    );
    assert_eq!(
        text(EnumSchema::from(Label::SINGLE_SELECT)),
        "{\"type\":\"string\",\"description\":\"Labels \\\"quoted\\\"\\nand 日本語\",\"oneOf\":[{\"const\":\"Es\",\"title\":\"Español\"},{\"const\":\"Ja\",\"title\":\"日本語\"}]}",
    );
}

#[test]
fn multi_selects_keep_their_shape_and_json() {
    let untitled = EnumSchema::from(Service::MULTI_SELECT);
    assert!(matches!(
        &untitled,
        EnumSchema::Multi(MultiSelectEnumSchema::Untitled(_))
    ));
    assert_eq!(
        text(&untitled),
        r#"{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string","enum":["checkout","search","login"]},"default":["search"]}"#,
    );
    assert_eq!(text(&untitled), text(Service::MULTI_SELECT));

    let titled = EnumSchema::from(Severity::MULTI_SELECT.with_max_items(1));
    assert!(matches!(
        &titled,
        EnumSchema::Multi(MultiSelectEnumSchema::Titled(_))
    ));
    assert_eq!(
        text(&titled),
        r#"{"type":"array","title":"Severity","description":"How bad is it?","maxItems":1,"items":{"anyOf":[{"const":"low","title":"Low: no user impact"},{"const":"high","title":"High: users are affected"}]}}"#,
    );
    assert_eq!(
        text(&titled),
        text(Severity::MULTI_SELECT.with_max_items(1))
    );
}

#[test]
fn a_whole_form_converts_to_the_same_json_in_the_same_order() {
    let ours = Everything::requested_schema();
    let theirs = ElicitationSchema::from(&ours);
    assert_eq!(text(&theirs), text(&ours));
    assert_eq!(
        json(&theirs),
        json!({
            "type": "object",
            "properties": {
                "severity": json(Severity::SINGLE_SELECT),
                "services": json(Service::MULTI_SELECT),
                "region": json(Region::SINGLE_SELECT),
                "labels": json(Label::MULTI_SELECT),
                "owner": {
                    "type": "string",
                    "description": "Who owns it.",
                    "minLength": 3,
                    "maxLength": 80,
                    "format": "email",
                    "default": "ops@example.com",
                },
                "replicas": {"type": "integer", "title": "Replicas", "minimum": 1, "maximum": 20, "default": 2},
                "cpu": {"type": "number", "minimum": 0.25, "maximum": 16.0, "default": 1.5},
                "dryRun": {"type": "boolean", "default": true},
                "note": {"type": "string"},
            },
            "required": ["severity", "services", "region", "labels", "owner", "replicas", "cpu", "dryRun"],
        }),
    );
    assert_eq!(
        theirs.property_order.as_deref(),
        Some(
            &[
                "severity", "services", "region", "labels", "owner", "replicas", "cpu", "dryRun",
                "note"
            ]
            .map(String::from)[..]
        ),
    );
}

#[test]
fn the_conversion_is_what_rmcp_reads_from_the_json() {
    let ours = Everything::requested_schema();
    // From the text, so that rmcp sees the properties in wire order.
    let read: ElicitationSchema = serde_json::from_str(&text(&ours)).unwrap();
    assert_eq!(ElicitationSchema::from(&ours), read);
    for (name, property) in ours.properties() {
        let read: PrimitiveSchemaDefinition = serde_json::from_value(json(property)).unwrap();
        assert_eq!(
            PrimitiveSchemaDefinition::from(property),
            read,
            "property {name}"
        );
    }
}

#[test]
fn integer_bounds_beyond_i64_are_clamped_and_still_enforced() {
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Count {
        count: u64,
        delta: i64,
    }
    let ours = Count::requested_schema();
    // The crate's own JSON and the conversion advertise the same readable
    // bound (C23); the schema itself keeps the real one.
    assert_eq!(
        json(ours.properties()[0].1.clone()),
        json!({"type": "integer", "minimum": 0, "maximum": i64::MAX}),
    );
    match &ours.properties()[0].1 {
        PrimitiveSchema::Number(number) => {
            assert_eq!(number.maximum(), Some(&u64::MAX.into()));
        }
        other => panic!("not a number schema: {other:?}"),
    }
    let theirs = ElicitationSchema::from(&ours);
    assert_eq!(
        json(&theirs)["properties"],
        json!({
            "count": {"type": "integer", "minimum": 0, "maximum": i64::MAX},
            "delta": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
        }),
    );
    // The answer is still checked against the real type.
    let answer = ElicitResult::new(ElicitationAction::Accept)
        .with_content(json!({"count": u64::MAX, "delta": -1}));
    assert_eq!(
        parse_result::<Count>(&answer),
        Ok(ElicitAction::Accept(Count {
            count: u64::MAX,
            delta: -1
        })),
    );
}

#[test]
fn fractional_integer_bounds_round_inwards() {
    let bounded = enum_schema::schema::NumberSchema::integer()
        .with_bounds(
            serde_json::Number::from_f64(0.5),
            serde_json::Number::from_f64(9.5),
        )
        .unwrap();
    let schema = bounded
        .clone()
        .with_default_value(serde_json::Number::from_f64(3.0).unwrap())
        .unwrap();
    assert_eq!(
        json(PrimitiveSchemaDefinition::from(PrimitiveSchema::Number(
            schema.clone()
        ))),
        json!({"type": "integer", "minimum": 1, "maximum": 9, "default": 3}),
    );
    // A fractional default cannot be set on an integer schema.
    assert!(bounded
        .clone()
        .with_default_value(serde_json::Number::from_f64(3.5).unwrap())
        .is_err());
    let schema = bounded;
    assert_eq!(
        json(PrimitiveSchemaDefinition::from(PrimitiveSchema::Number(
            schema
        ))),
        json!({"type": "integer", "minimum": 1, "maximum": 9}),
    );
}

#[test]
fn request_params_become_form_params() {
    let params = ElicitRequestParams::from(Everything::request("Fill it in"));
    match &params {
        ElicitRequestParams::FormElicitationParams {
            meta,
            message,
            requested_schema,
        } => {
            assert_eq!(meta, &None);
            assert_eq!(message, "Fill it in");
            assert_eq!(text(requested_schema), text(Everything::requested_schema()));
        }
        other => panic!("expected form params, got {other:?}"),
    }
    let mut expected = json(Everything::request("Fill it in"));
    expected["mode"] = json!("form");
    assert_eq!(json(&params), expected);
}

#[test]
fn a_2025_06_18_request_converts_to_the_legacy_variant() {
    #[derive(ElicitForm, Debug)]
    #[allow(dead_code)]
    struct Triage {
        severity: Severity,
    }
    let params = Triage::request_for(ProtocolVersion::V2025_06_18, "How bad?").unwrap();
    let schema = ElicitationSchema::from(params.requested_schema());
    assert!(matches!(
        &schema.properties["severity"],
        PrimitiveSchemaDefinition::Enum(EnumSchema::Legacy(_))
    ));
    assert_eq!(
        json(&schema.properties["severity"]),
        json!({
            "type": "string",
            "title": "Severity",
            "description": "How bad is it?",
            "enum": ["low", "high"],
            "enumNames": ["Low: no user impact", "High: users are affected"],
        }),
    );
}

#[test]
fn derived_schemas_plug_into_rmcps_builder() {
    let schema = ElicitationSchema::builder()
        .required_enum_schema("severity", Severity::SINGLE_SELECT.into())
        .optional_enum_schema("services", Service::MULTI_SELECT.into())
        .build()
        .unwrap();
    assert_eq!(
        json(&schema),
        json!({
            "type": "object",
            "properties": {
                "severity": json(Severity::SINGLE_SELECT),
                "services": json(Service::MULTI_SELECT),
            },
            "required": ["severity"],
        }),
    );
}

#[test]
fn rmcp_results_parse_into_typed_answers() {
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Incident {
        severity: Severity,
        services: Vec<Service>,
    }
    let accept = ElicitResult::new(ElicitationAction::Accept)
        .with_content(json!({"severity": "high", "services": ["login"]}));
    assert_eq!(
        parse_result::<Incident>(&accept),
        Ok(ElicitAction::Accept(Incident {
            severity: Severity::High,
            services: vec![Service::Login],
        })),
    );
    assert_eq!(
        parse_result::<Incident>(&ElicitResult::new(ElicitationAction::Decline)),
        Ok(ElicitAction::Decline),
    );
    assert_eq!(
        parse_result::<Incident>(&ElicitResult::new(ElicitationAction::Cancel)),
        Ok(ElicitAction::Cancel),
    );
    // An accept without content: every required field is missing.
    assert_eq!(
        parse_result::<Incident>(&ElicitResult::new(ElicitationAction::Accept)),
        Err(Error::from(ErrorKind::Multiple(vec![
            Error::from(ErrorKind::MissingField).in_field("severity"),
            Error::from(ErrorKind::MissingField).in_field("services"),
        ]))),
    );

    let form = Form::new((
        ("severity", Severity::SINGLE_SELECT),
        ("services", Optional::new(Service::MULTI_SELECT)),
    ));
    let accept =
        ElicitResult::new(ElicitationAction::Accept).with_content(json!({"severity": "low"}));
    assert_eq!(
        parse_form_result(&form, &accept),
        Ok(ElicitAction::Accept((Severity::Low, None))),
    );
    let hostile = ElicitResult::new(ElicitationAction::Accept)
        .with_content(json!({"severity": "Low: no user impact"}));
    assert_eq!(
        parse_form_result(&form, &hostile),
        Err(Error::from(ErrorKind::InvalidValue {
            value: "Low: no user impact".to_owned(),
            allowed: Cow::Borrowed(Severity::OPTIONS),
        })
        .in_field("severity")),
    );
}

#[test]
fn elicit_errors_map_to_error_responses() {
    let invalid = ErrorData::from(ElicitError::Invalid(
        Error::from(ErrorKind::MissingField).in_field("severity"),
    ));
    assert_eq!(invalid.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(
        invalid.message,
        format!(
            "the client's answer was rejected: {}",
            Error::from(ErrorKind::MissingField).in_field("severity")
        ),
    );

    assert_eq!(
        invalid.data,
        Some(json!({"errors": [{
            "field": "severity",
            "message": "field `severity`: missing value for a required field",
        }]})),
    );

    let unsupported = ErrorData::from(ElicitError::Unsupported {
        method: "elicitation/create",
    });
    assert_eq!(
        unsupported.code,
        ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY
    );
    assert_eq!(
        unsupported.message,
        "the client did not declare the elicitation capability (form mode), so it cannot be sent elicitation/create",
    );

    let version = ErrorData::from(ElicitError::Version(VersionError::NoElicitation {
        version: ProtocolVersion::V2025_03_26,
    }));
    assert_eq!(version.code, ErrorCode::INVALID_REQUEST);
    assert_eq!(
        version.message,
        "protocol version 2025-03-26 has no elicitation; it arrived in 2025-06-18"
    );

    // An error response from the client goes on as it came.
    let from_client = ErrorData::new(ErrorCode(-32042), "user went away", None);
    assert_eq!(
        ErrorData::from(ElicitError::from(ServiceError::McpError(
            from_client.clone()
        ))),
        from_client,
    );
    let closed = ErrorData::from(ElicitError::from(ServiceError::TransportClosed));
    assert_eq!(closed.code, ErrorCode::INTERNAL_ERROR);
    assert_eq!(
        closed.message,
        "the request to the client failed: Transport closed"
    );
}
