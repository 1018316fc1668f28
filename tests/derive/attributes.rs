//! Attribute values the derives read as their docs say: constants named in
//! a field's `default`, `minimum` and `maximum`, and `description = false`,
//! which keeps a doc comment out of the schema. The compile errors for
//! their misuse are in `tests/ui/form/attr/` and `tests/ui/attr/`.

use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use serde_json::{json, Value};

/// The JSON that goes on the wire.
fn wire<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).expect("a schema always serializes")
}

/// The shirt size.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Size {
    Small,
    Medium,
    Large,
}

// ---------------------------------------------------------------------------
// Constants in `default`, `minimum` and `maximum`
// ---------------------------------------------------------------------------

const DEFAULT_SIZE: Size = Size::Medium;
const MAX_COUNT: u8 = 12;

pub mod defaults {
    pub const SIZE: super::Size = super::Size::Small;
}

/// On an enum field a bare name is a variant; a constant is named by its
/// path: `self::`, `Self::` (the form's own), `crate::`, a module.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Order {
    #[elicit(default = Large)]
    pub variant: Size,
    #[elicit(default = Size::Large)]
    pub path: Size,
    #[elicit(default = self::DEFAULT_SIZE)]
    pub module_constant: Size,
    #[elicit(default = Self::SIZE)]
    pub own_constant: Size,
    #[elicit(default = crate::attributes::defaults::SIZE)]
    pub crate_constant: Option<Size>,
    #[elicit(default = defaults::SIZE)]
    pub relative_constant: Size,
    #[elicit(minimum = Self::MIN_COUNT, maximum = MAX_COUNT, default = Self::MIN_COUNT + 1)]
    pub count: u8,
}

impl Order {
    const SIZE: Size = Size::Large;
    const MIN_COUNT: u8 = 2;
}

#[test]
fn defaults_name_variants_and_constants() {
    let schema = wire(Order::requested_schema());
    // Sorted: the order of a `Value`'s keys depends on serde_json's
    // `preserve_order`, which the SDK features turn on.
    let defaults: std::collections::BTreeMap<&str, &Value> = schema["properties"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, property)| (name.as_str(), &property["default"]))
        .collect();
    assert_eq!(
        defaults,
        std::collections::BTreeMap::from([
            ("count", &json!(3)),
            ("crate_constant", &json!("small")),
            ("module_constant", &json!("medium")),
            ("own_constant", &json!("large")),
            ("path", &json!("large")),
            ("relative_constant", &json!("small")),
            ("variant", &json!("large")),
        ])
    );
    assert_eq!(
        schema["properties"]["count"],
        json!({"type": "integer", "minimum": 2, "maximum": 12, "default": 3})
    );
}

// ---------------------------------------------------------------------------
// `description = false`
// ---------------------------------------------------------------------------

/// Internal: maps to the `region` column; see `Deployment::apply`.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case", description = false)]
pub enum Region {
    UsEast,
    EuWest,
}

#[test]
fn description_false_on_an_enum_keeps_its_doc_comment_out() {
    assert_eq!(
        wire(Region::SINGLE_SELECT),
        json!({"type": "string", "enum": ["us-east", "eu-west"]})
    );
    assert_eq!(
        wire(Region::MULTI_SELECT),
        json!({"type": "array", "items": {"type": "string", "enum": ["us-east", "eu-west"]}})
    );
    // The JSON the derive writes when the server compiles says the same.
    assert_eq!(
        Region::SINGLE_SELECT.to_json(),
        r#"{"type":"string","enum":["us-east","eu-west"]}"#
    );
}

/// A form whose fields' doc comments are for Rust readers.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Deployment {
    /// Internal: the enum's doc comment is already out.
    #[elicit(description = false)]
    pub region: Region,
    /// Where it runs. (A field of an enum without a description can have
    /// one of its own.)
    pub fallback: Option<Region>,
    /// Internal: also drops the description `Size`'s doc comment gives.
    #[elicit(description = false)]
    pub size: Size,
    /// Internal: for a multi-select too.
    #[elicit(description = false, default_items = [Small])]
    pub sizes: Vec<Size>,
    /// Internal: and on primitive fields.
    #[elicit(description = false, min_length = 1)]
    pub name: String,
    /// Internal.
    #[elicit(description = false)]
    pub replicas: Option<u8>,
    /// Internal.
    #[elicit(description = false, title = "Dry run")]
    pub dry_run: bool,
    /// The size, described by the field's own doc comment.
    pub described: Size,
}

#[test]
fn description_false_on_fields_keeps_every_doc_comment_out() {
    assert_eq!(
        wire(Deployment::requested_schema()),
        json!({"type": "object", "properties": {
            "region": {"type": "string", "enum": ["us-east", "eu-west"]},
            "fallback": {"type": "string", "description": "Where it runs. (A field of an enum without a description can have one of its own.)",
                         "enum": ["us-east", "eu-west"]},
            "size": {"type": "string", "enum": ["small", "medium", "large"]},
            "sizes": {"type": "array", "items": {"type": "string", "enum": ["small", "medium", "large"]}, "default": ["small"]},
            "name": {"type": "string", "minLength": 1},
            "replicas": {"type": "integer", "minimum": 0, "maximum": 255},
            "dry_run": {"type": "boolean", "title": "Dry run"},
            "described": {"type": "string", "description": "The size, described by the field's own doc comment.",
                          "enum": ["small", "medium", "large"]}
        }, "required": ["region", "size", "sizes", "name", "dry_run", "described"]})
    );
    let answer = json!({"action": "accept", "content": {
        "region": "eu-west", "size": "large", "sizes": [], "name": "api", "dry_run": true, "described": "small"
    }});
    assert_eq!(
        Deployment::parse_result(answer),
        Ok(ElicitAction::Accept(Deployment {
            region: Region::EuWest,
            fallback: None,
            size: Size::Large,
            sizes: vec![],
            name: "api".into(),
            replicas: None,
            dry_run: true,
            described: Size::Small,
        }))
    );
}

#[test]
fn without_description_false_the_enum_doc_comment_is_the_description() {
    assert_eq!(
        wire(Size::SINGLE_SELECT)["description"],
        json!("The shirt size.")
    );
}
