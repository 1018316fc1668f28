//! Selects built at run time against the normative `schema.json` of each
//! MCP revision: each of the five shapes is the definition it is meant to
//! be (and none of its siblings), a whole request with run-time fields is
//! valid `ElicitRequestFormParams`, and what goes to a 2025-06-18 peer is
//! that revision's `EnumSchema`.

use enum_schema::{
    schema::{MultiSelectSchema, PrimitiveSchema, SingleSelectSchema},
    FillDefault, Form, NumberField, ProtocolVersion,
};
use serde_json::json;

use crate::common::{
    check_shape, for_each_sep1330_spec, spec_dir, wire, Shape, Spec, LEGACY_VERSION,
};

fn titled() -> Vec<(&'static str, &'static str)> {
    vec![("a.txt", "Notes (2 KB)"), ("b.txt", "Plan (1 KB)")]
}

#[test]
fn the_five_shapes_are_the_intended_definitions() {
    let untitled_single = SingleSelectSchema::new(["a.txt", "b.txt"])
        .unwrap()
        .with_title("File")
        .with_description("Pick one")
        .with_default_value("a.txt")
        .unwrap();
    let titled_single = SingleSelectSchema::new(titled())
        .unwrap()
        .with_default_value("b.txt")
        .unwrap();
    let untitled_multi = MultiSelectSchema::new(["a.txt", "b.txt"])
        .unwrap()
        .with_items(Some(1), Some(2))
        .unwrap()
        .with_default_values(["b.txt"])
        .unwrap();
    let titled_multi = MultiSelectSchema::new(titled())
        .unwrap()
        .with_title("Files")
        .with_default_values(["a.txt", "b.txt"])
        .unwrap();
    let legacy = SingleSelectSchema::new(titled()).unwrap().with_legacy(true);
    for_each_sep1330_spec(|spec| {
        check_shape(spec, Shape::UntitledSingle, &wire(&untitled_single));
        check_shape(spec, Shape::TitledSingle, &wire(&titled_single));
        check_shape(spec, Shape::UntitledMulti, &wire(&untitled_multi));
        check_shape(spec, Shape::TitledMulti, &wire(&titled_multi));
        check_shape(spec, Shape::Legacy, &wire(&legacy));
    });
}

#[test]
fn a_request_with_run_time_fields_is_valid() {
    let file = SingleSelectSchema::new(titled()).unwrap();
    let tags = MultiSelectSchema::new(["x", "y"]).unwrap();
    let form = Form::new((
        ("file", &file),
        ("tags", &tags),
        (
            "copies",
            FillDefault::new(NumberField::<u8>::new().with_default_value(1)),
        ),
    ));
    let request = wire(form.request("Which file?"));
    for_each_sep1330_spec(|spec| {
        spec.assert_valid("ElicitRequestFormParams", &request);
        spec.assert_keys_declared("ElicitRequestFormParams", &request);
    });
}

#[test]
fn a_2025_06_18_peer_gets_its_enum_schema() {
    let Some(dir) = spec_dir() else { return };
    let Some(spec) = Spec::load(&dir, LEGACY_VERSION) else {
        return;
    };
    let select = PrimitiveSchema::from(
        SingleSelectSchema::new(titled())
            .unwrap()
            .with_default_value("a.txt")
            .unwrap(),
    );
    let legacy = wire(select.for_version(ProtocolVersion::V2025_06_18).unwrap());
    assert_eq!(
        legacy,
        json!({"type": "string", "enum": ["a.txt", "b.txt"], "enumNames": ["Notes (2 KB)", "Plan (1 KB)"]})
    );
    spec.assert_valid("EnumSchema", &legacy);
    spec.assert_keys_declared("EnumSchema", &legacy);
    spec.assert_valid("PrimitiveSchemaDefinition", &legacy);
}
