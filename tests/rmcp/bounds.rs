//! Bounds a peer can read (case C23 of `shared/cases`):
//! every schema the crate emits, on every path (`request()`,
//! `for_version`, `InputRequiredResult`, the rmcp conversion and rmcp's
//! own `InputRequiredResult`), is read by rmcp's model (whose `integer`
//! schema holds `i64` bounds) and validates against the spec's
//! schema.json; the answer check stays exact against the field's type.

use enum_schema::{
    schema::{NumberSchema, PrimitiveSchema, RequestedSchema},
    ElicitAction, ElicitForm, ProtocolVersion,
};

use enum_schema::ask::adapter::InputRequiredResult;
use rmcp::model::{ElicitationSchema, PrimitiveSchemaDefinition};
use serde_json::{json, Number, Value};

use crate::common::{spec_dir, wire, Spec};

/// `shared/cases/C23/input.rs`.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Quota {
    /// Bytes to reserve.
    bytes: u64,
    slots: usize,
    #[elicit(maximum = 10)]
    small: u64,
}

/// Every number field type, with and without bounds of its own.
#[derive(ElicitForm, Debug, PartialEq)]
struct Every {
    a: i8,
    b: i16,
    c: i32,
    d: i64,
    e: isize,
    f: u8,
    g: u16,
    h: u32,
    i: u64,
    j: usize,
    k: f32,
    l: f64,
    #[elicit(
        minimum = 5,
        maximum = 18446744073709551000,
        default = 9223372036854775807
    )]
    m: u64,
    #[elicit(minimum = -1e300, maximum = 1e300, default = 0.5)]
    n: f64,
    o: Option<u64>,
}

#[test]
fn u64_fields_advertise_an_i64_maximum() {
    assert_eq!(
        wire(Quota::requested_schema()),
        json!({"type": "object",
               "properties": {
                   "bytes": {"type": "integer", "description": "Bytes to reserve.",
                             "minimum": 0, "maximum": 9223372036854775807_i64},
                   "slots": {"type": "integer", "minimum": 0, "maximum": 9223372036854775807_i64},
                   "small": {"type": "integer", "minimum": 0, "maximum": 10}},
               "required": ["bytes", "slots", "small"]}),
    );
}

#[test]
fn u64_answers_are_checked_against_the_whole_u64_range() {
    let answer = |bytes: Value| json!({"action": "accept", "content": {"bytes": bytes, "slots": 0, "small": 10}});
    assert_eq!(
        Quota::parse_result(answer(json!(u64::MAX))),
        Ok(ElicitAction::Accept(Quota {
            bytes: u64::MAX,
            slots: 0,
            small: 10
        })),
    );
    assert_eq!(
        Quota::parse_result(answer(json!(-1)))
            .unwrap_err()
            .to_string(),
        "field `bytes`: out of range: -1 is not between 0 and 18446744073709551615",
    );
    assert_eq!(
        Quota::parse_result(answer(json!(18446744073709551616.0))).unwrap_err().to_string(),
        "field `bytes`: out of range: 18446744073709551616 is not between 0 and 18446744073709551615",
    );
}

#[test]
fn bounds_beyond_i64_are_advertised_within_it() {
    let schema = wire(Every::requested_schema());
    let property = |name: &str| schema["properties"][name].clone();
    assert_eq!(
        property("d"),
        json!({"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX})
    );
    assert_eq!(
        property("i"),
        json!({"type": "integer", "minimum": 0, "maximum": i64::MAX})
    );
    assert_eq!(
        property("j"),
        json!({"type": "integer", "minimum": 0, "maximum": i64::MAX})
    );
    assert_eq!(
        property("o"),
        json!({"type": "integer", "minimum": 0, "maximum": i64::MAX})
    );
    assert_eq!(
        property("m"),
        json!({"type": "integer", "minimum": 5, "maximum": i64::MAX, "default": i64::MAX}),
    );
    // `number` bounds are doubles for every peer already.
    assert_eq!(
        property("n"),
        json!({"type": "number", "minimum": -1e300, "maximum": 1e300, "default": 0.5}),
    );
    assert_eq!(property("l"), json!({"type": "number"}));
}

/// Schemas a peer may send, with bounds no i64 reader can hold, read by
/// the peer reader and sent on again (a proxy).
fn relayed() -> RequestedSchema {
    RequestedSchema::from_json_str(
        r#"{"type": "object", "properties": {
            "big": {"type": "integer", "minimum": -18446744073709551615, "maximum": 18446744073709551615},
            "fraction": {"type": "integer", "minimum": 0.5, "maximum": 9.5, "default": 3.0},
            "far": {"type": "integer", "minimum": -1e300, "maximum": 1e300, "default": 9223372036854775808},
            "real": {"type": "number", "minimum": -1e300, "maximum": 18446744073709551615}
        }}"#,
    )
    .unwrap()
}

#[test]
fn relayed_bounds_are_advertised_within_i64_and_checked_exactly() {
    let schema = relayed();
    assert_eq!(
        wire(&schema)["properties"],
        json!({
            "big": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
            "fraction": {"type": "integer", "minimum": 1, "maximum": 9, "default": 3},
            "far": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
            // A double reader would read 18446744073709551615 as 2^64: the
            // double below it is sent instead.
            "real": {"type": "number", "minimum": -1e300, "maximum": 18446744073709549568.0}
        }),
    );
    // What was read keeps the peer's own bounds.
    let content = json!({"big": 18446744073709551615_u64, "fraction": 9, "far": 1e200});
    assert_eq!(
        schema.check_content(content.as_object().unwrap().clone()),
        Ok(content.as_object().unwrap().clone()),
    );
}

#[test]
fn number_bounds_beyond_2_pow_53_are_sent_as_doubles_on_the_inside() {
    let schema = NumberSchema::number()
        .with_bounds(Some((i64::MIN + 1).into()), Some(i64::MAX.into()))
        .unwrap();
    assert_eq!(
        wire(PrimitiveSchema::Number(schema.clone())),
        json!({"type": "number", "minimum": -9223372036854774784.0, "maximum": 9223372036854774784.0}),
    );
    // A default above the maximum cannot be set.
    assert!(matches!(
        schema.with_default_value(u64::MAX),
        Err(enum_schema::schema::SchemaError::InvalidDefault { .. })
    ));
    // Bounds a double holds are sent as they are.
    let schema = NumberSchema::number()
        .with_bounds(Some(i64::MIN.into()), Some((1u64 << 60).into()))
        .unwrap()
        .with_default_value(1u64 << 59)
        .unwrap();
    assert_eq!(
        wire(PrimitiveSchema::Number(schema)),
        json!({"type": "number", "minimum": i64::MIN, "maximum": 1u64 << 60, "default": 1u64 << 59}),
    );
}

#[test]
fn the_advertised_default_is_within_the_advertised_bounds() {
    let number = |minimum: Option<Number>, maximum: Option<Number>, default: Number| {
        NumberSchema::integer()
            .with_bounds(minimum, maximum)
            .and_then(|schema| schema.with_default_value(default))
    };
    // A default beyond i64 cannot be read as one: refused, not dropped.
    assert!(matches!(
        number(None, None, u64::MAX.into()),
        Err(enum_schema::schema::SchemaError::InvalidKeyword {
            keyword: "default",
            ..
        })
    ));
    // A fractional default on an integer schema is not an integer: refused.
    assert!(matches!(
        number(None, None, Number::from_f64(2.5).unwrap()),
        Err(enum_schema::schema::SchemaError::InvalidDefault { .. })
    ));
    let schema = number(
        Some(0.into()),
        Some(10.into()),
        Number::from_f64(2.0).unwrap(),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(&schema).unwrap(),
        serde_json::json!({"type": "integer", "minimum": 0, "maximum": 10, "default": 2}),
    );
}

/// The properties of a `requestedSchema`, each read by rmcp's model.
#[track_caller]
fn rmcp_reads(requested_schema: &Value, path: &str) {
    let read: ElicitationSchema = serde_json::from_value(requested_schema.clone())
        .unwrap_or_else(|error| panic!("{path}: rmcp cannot read {requested_schema}: {error}"));
    let properties = requested_schema["properties"].as_object().unwrap();
    assert_eq!(read.properties.len(), properties.len(), "{path}");
    for (name, property) in properties {
        let definition: PrimitiveSchemaDefinition = serde_json::from_value(property.clone())
            .unwrap_or_else(|error| panic!("{path}: rmcp cannot read {name}: {property}: {error}"));
        // rmcp writes back exactly what it read: nothing was dropped.
        assert_eq!(&wire(definition), property, "{path}: property {name}");
    }
}

/// Every emitting path of a derived form.
fn form_paths<F: ElicitForm>(name: &str, check: &mut impl FnMut(&str, ProtocolVersion, &Value)) {
    let params = F::request("Fill it in");
    check(
        &format!("{name} request()"),
        ProtocolVersion::LATEST,
        &wire(&params)["requestedSchema"],
    );
    for &version in ProtocolVersion::ALL {
        if let Ok(params) = F::request_for(version, "Fill it in") {
            let path = format!("{name} request_for({version})");
            check(&path, version, &wire(&params)["requestedSchema"]);
        }
    }
    let result = InputRequiredResult::new().elicit("q", params);
    check(
        &format!("{name} InputRequiredResult"),
        ProtocolVersion::V2026_07_28,
        &wire(&result)["inputRequests"]["q"]["params"]["requestedSchema"],
    );
    // As the rmcp adapter writes an `inputRequests` entry.
    let mut requests = rmcp::model::InputRequests::new();
    let request = rmcp::model::ElicitRequest::new((&F::request("Fill it in")).into());
    requests.insert(
        "q".to_owned(),
        rmcp::model::InputRequest::Elicitation(request),
    );
    let rmcp = rmcp::model::InputRequiredResult::from_input_requests(requests);
    check(
        &format!("{name} rmcp's InputRequiredResult"),
        ProtocolVersion::V2026_07_28,
        &wire(&rmcp)["inputRequests"]["q"]["params"]["requestedSchema"],
    );
    schema_paths(name, F::requested_schema(), check);
}

/// Every emitting path of a `RequestedSchema` on its own.
fn schema_paths(
    name: &str,
    schema: RequestedSchema,
    check: &mut impl FnMut(&str, ProtocolVersion, &Value),
) {
    check(
        &format!("{name} serialized"),
        ProtocolVersion::LATEST,
        &wire(&schema),
    );
    for &version in ProtocolVersion::ALL {
        if let Ok(schema) = schema.for_version(version) {
            check(
                &format!("{name} for_version({version})"),
                version,
                &wire(&schema),
            );
        }
    }
    check(
        &format!("{name} rmcp conversion"),
        ProtocolVersion::LATEST,
        &wire(ElicitationSchema::from(&schema)),
    );
}

/// Every form and relayed schema, on every emitting path.
fn every_path(mut check: impl FnMut(&str, ProtocolVersion, &Value)) {
    form_paths::<Quota>("Quota", &mut check);
    form_paths::<Every>("Every", &mut check);
    schema_paths("relayed", relayed(), &mut check);
}

#[test]
fn i128_and_u128_fields_advertise_i64_bounds_and_take_the_integers_within_64_bits() {
    let form = enum_schema::Form::new((
        ("wide", enum_schema::NumberField::<u128>::new()),
        (
            "signed",
            enum_schema::NumberField::<i128>::new().with_default_value(-5),
        ),
    ));
    let requested_schema = wire(form.request("Fill it in"))["requestedSchema"].clone();
    assert_eq!(
        requested_schema["properties"],
        json!({
            "wide": {"type": "integer", "minimum": 0, "maximum": i64::MAX},
            "signed": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX, "default": -5},
        }),
    );
    rmcp_reads(&requested_schema, "Form of i128 and u128");
    let Some(dir) = spec_dir() else { return };
    if let Some(spec) = Spec::load(&dir, "2025-11-25") {
        for property in requested_schema["properties"].as_object().unwrap().values() {
            spec.assert_valid("NumberSchema", property);
        }
    }
    // Beyond 64 bits a number arrives as a double, which stands for
    // several integers: refused, not rounded (issue 45).
    assert_eq!(
        form.parse_result(json!({"action": "accept", "content": {"wide": 1e30, "signed": -1e30}})),
        Err(enum_schema::Error::from(enum_schema::ErrorKind::Multiple(
            vec![
                enum_schema::Error::from(enum_schema::ErrorKind::Inexact {
                    text: "1000000000000000019884624838656".to_owned()
                })
                .in_field("wide"),
                enum_schema::Error::from(enum_schema::ErrorKind::Inexact {
                    text: "-1000000000000000019884624838656".to_owned()
                })
                .in_field("signed"),
            ]
        ))),
    );
    assert_eq!(
        form.parse_result(
            json!({"action": "accept", "content": {"wide": u64::MAX, "signed": i64::MIN}})
        ),
        Ok(ElicitAction::Accept((
            u128::from(u64::MAX),
            i128::from(i64::MIN)
        ))),
    );
}

#[test]
fn every_path_is_read_by_rmcps_model() {
    let mut paths = 0;
    every_path(|path, _, requested_schema| {
        rmcp_reads(requested_schema, path);
        paths += 1;
    });
    // Per form: request(), request_for three revisions, InputRequiredResult,
    // rmcp::input_required, then the schema's own five; the relayed schema's five.
    assert_eq!(paths, 2 * 11 + 5);
}

#[test]
fn every_path_validates_against_the_spec() {
    let Some(dir) = spec_dir() else { return };
    let specs: Vec<Spec> = ["2025-06-18", "2025-11-25", "2026-07-28", "draft"]
        .iter()
        .filter_map(|version| Spec::load(&dir, version))
        .collect();
    every_path(|path, version, requested_schema| {
        for spec in &specs {
            // A 2025-06-18 schema is meant for that revision; the newer
            // ones for the newer revisions.
            let legacy = version == ProtocolVersion::V2025_06_18;
            if legacy != (spec.version == "2025-06-18") {
                continue;
            }
            for (name, property) in requested_schema["properties"].as_object().unwrap() {
                assert!(
                    spec.is_valid("PrimitiveSchemaDefinition", property),
                    "{path}: {name} {property} is not valid in {}",
                    spec.version
                );
                if property["type"] == "integer" || property["type"] == "number" {
                    spec.assert_valid("NumberSchema", property);
                    spec.assert_keys_declared("NumberSchema", property);
                }
            }
        }
    });
}
