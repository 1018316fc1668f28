//! The wire model converts into rust-mcp-schema 2.0's types, to the same
//! JSON but for what those types cannot hold (number bounds as `f64`).

use enum_schema::{ElicitEnum, ElicitForm};
use rust_mcp_sdk::schema::{
    ElicitRequestFormParams, ElicitRequestParams, EnumSchema, MultiSelectEnumSchema,
    PrimitiveSchemaDefinition, SingleSelectEnumSchema,
};
use serde_json::json;

// Not ask.rs's `Severity`: defaults and an item bound, which the converted
// schemas below must carry.
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase", default = Low, default_items = [High], max_items = 2)]
/// How bad is it?
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase")]
enum Plain {
    One,
    Two,
}

#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase", legacy)]
enum Legacy {
    #[elicit(title = "English")]
    En,
    #[elicit(title = "Deutsch")]
    De,
}

fn json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap()
}

#[test]
fn every_enum_shape_to_the_same_json() {
    let shapes = [
        (
            json(&EnumSchema::from(&Severity::SINGLE_SELECT.to_schema())),
            json(&Severity::SINGLE_SELECT),
        ),
        (
            json(&EnumSchema::from(&Severity::MULTI_SELECT.to_schema())),
            json(&Severity::MULTI_SELECT),
        ),
        (
            json(&EnumSchema::from(&Plain::SINGLE_SELECT.to_schema())),
            json(&Plain::SINGLE_SELECT),
        ),
        (
            json(&EnumSchema::from(&Plain::MULTI_SELECT.to_schema())),
            json(&Plain::MULTI_SELECT),
        ),
        (
            json(&EnumSchema::from(&Legacy::SINGLE_SELECT.to_schema())),
            json(&Legacy::SINGLE_SELECT),
        ),
    ];
    for (converted, ours) in shapes {
        assert_eq!(converted, ours);
    }
    assert_eq!(
        json(&EnumSchema::from(&Legacy::SINGLE_SELECT.to_schema())),
        json!({"type": "string", "enum": ["en", "de"], "enumNames": ["English", "Deutsch"]}),
    );
    assert!(matches!(
        EnumSchema::from(&Legacy::SINGLE_SELECT.to_schema()),
        EnumSchema::LegacyTitledEnumSchema(_)
    ));
    assert!(matches!(
        MultiSelectEnumSchema::from(&Plain::MULTI_SELECT.to_schema()),
        MultiSelectEnumSchema::UntitledMultiSelectEnumSchema(_)
    ));
}

#[test]
fn a_legacy_schema_as_a_sep1330_single_select_is_titled() {
    let titled = SingleSelectEnumSchema::from(&Legacy::SINGLE_SELECT.to_schema());
    assert_eq!(
        json(&titled),
        json!({"type": "string", "oneOf": [
            {"const": "en", "title": "English"},
            {"const": "de", "title": "Deutsch"},
        ]}),
    );
}

// Only the schema is used here.
#[allow(dead_code)]
#[derive(ElicitForm, Debug)]
struct Profile {
    /// Severity
    severity: Severity,
    #[elicit(min_length = 1, max_length = 20, default = "Ann")]
    name: String,
    #[elicit(minimum = 0, maximum = 150, default = 30)]
    age: i64,
    #[elicit(default = true)]
    verified: bool,
    tags: Option<Vec<Plain>>,
}

#[test]
fn the_request_params_to_the_same_json_but_f64_numbers_and_sorted_properties() {
    let params = Profile::request("Who?");
    let form = ElicitRequestFormParams::from(&params);
    let converted = json(&form);
    let ours = json(&params);
    assert_eq!(converted["mode"], "form");
    assert_eq!(converted["message"], ours["message"]);
    assert_eq!(
        converted["requestedSchema"]["required"],
        ours["requestedSchema"]["required"]
    );
    for name in ["severity", "name", "verified", "tags"] {
        assert_eq!(
            converted["requestedSchema"]["properties"][name],
            ours["requestedSchema"]["properties"][name],
            "{name}"
        );
    }
    // rust-mcp-schema holds number bounds and defaults as f64.
    assert_eq!(
        converted["requestedSchema"]["properties"]["age"],
        json!({"type": "integer", "minimum": 0.0, "maximum": 150.0, "default": 30.0}),
    );
    assert_eq!(
        ours["requestedSchema"]["properties"]["age"],
        json!({"type": "integer", "minimum": 0, "maximum": 150, "default": 30}),
    );
    // A BTreeMap there: sorted by name.
    let names: Vec<&String> = form.requested_schema.properties.keys().collect();
    assert_eq!(names, ["age", "name", "severity", "tags", "verified"]);
    assert!(matches!(
        form.requested_schema.properties["severity"],
        PrimitiveSchemaDefinition::TitledSingleSelectEnumSchema(_)
    ));
    assert!(matches!(
        ElicitRequestParams::from(&params),
        ElicitRequestParams::FormParams(_)
    ));
}
