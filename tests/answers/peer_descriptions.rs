//! A titled option's `description` in a peer's schema
//! (`{"const":"a","title":"A","description":".."}`, allowed by the MCP
//! 2026-07-28 `schema.json`, shown as help text by agent clients): read,
//! readable from the option and from `EnumView`, and written back where it
//! was; options this crate builds have none.

use enum_schema::schema::{PrimitiveSchema, RequestedSchema, SchemaError};
use enum_schema::ElicitEnum;
use serde_json::json;

fn peer() -> serde_json::Value {
    json!({"type": "object", "properties": {
        "region": {"type": "string", "title": "Region", "oneOf": [
            {"const": "eu", "title": "Europe", "description": "Frankfurt and Dublin"},
            {"const": "us", "title": "United States"},
        ]},
        "zones": {"type": "array", "items": {"anyOf": [
            {"const": "a", "title": "Zone A", "description": "the quiet one"},
            {"const": "b", "title": "Zone B"},
        ]}},
    }, "required": ["region"]})
}

#[test]
fn a_titled_options_description_survives_a_read_and_a_write_back() {
    let schema = RequestedSchema::from_json(&peer()).unwrap();
    assert_eq!(serde_json::to_value(&schema).unwrap(), peer());
    let text = serde_json::to_string(&peer()).unwrap();
    let schema = RequestedSchema::from_json_str(&text).unwrap();
    assert_eq!(serde_json::to_value(&schema).unwrap(), peer());
}

#[test]
fn the_description_is_readable_from_the_option_and_the_view() {
    let schema = RequestedSchema::from_json(&peer()).unwrap();
    let descriptions = |index: usize| -> Vec<Option<String>> {
        let view = schema.properties()[index].1.as_enum().unwrap();
        view.options()
            .iter()
            .map(|option| option.description().map(str::to_owned))
            .collect()
    };
    assert_eq!(
        descriptions(0),
        [Some("Frankfurt and Dublin".to_owned()), None]
    );
    assert_eq!(descriptions(1), [Some("the quiet one".to_owned()), None]);
}

#[test]
fn a_description_that_is_not_a_string_is_refused() {
    let schema =
        json!({"type": "string", "oneOf": [{"const": "a", "title": "A", "description": 5}]});
    let error = PrimitiveSchema::from_json(&schema).unwrap_err();
    assert!(
        matches!(error, SchemaError::InvalidKeyword { .. }),
        "{error:?}"
    );
    assert_eq!(error.to_string(), "`description` must be a string, found 5");
}

/// A derived enum's options, and `Confirm`'s, carry no description.
#[test]
fn this_crates_options_have_no_description() {
    #[derive(ElicitEnum)]
    #[allow(dead_code)]
    enum Region {
        #[elicit(title = "Europe")]
        Eu,
        #[elicit(title = "United States")]
        Us,
    }
    assert!(Region::OPTIONS
        .iter()
        .all(|option| option.description().is_none()));
    let json = serde_json::to_value(Region::SINGLE_SELECT.to_schema()).unwrap();
    assert_eq!(
        json,
        json!({"type": "string", "oneOf": [
            {"const": "Eu", "title": "Europe"},
            {"const": "Us", "title": "United States"},
        ]})
    );
}
