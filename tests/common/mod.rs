//! Helpers shared by the integration tests that check emitted schemas
//! against the normative JSON Schemas of the MCP specification
//! (`<spec>/<version>/schema.json`): the `spec` test binary (`tests/spec/`),
//! `tests/rmcp/bounds.rs` and `tests/spec/properties.rs`. Each declares it with
//! `mod common;` (the areas with `#[path = "../common/mod.rs"]`, once, in
//! their `main.rs`).
//!
//! The spec directory is `$ENUM_SCHEMA_SPEC_DIR` if set, else
//! `<CARGO_MANIFEST_DIR>/../shared/spec`. It is never copied into the
//! project. When it is missing, each test prints
//! `skipping: MCP spec not found at <path> (set ENUM_SCHEMA_SPEC_DIR)` and
//! passes, unless `ENUM_SCHEMA_REQUIRE_SPEC=1`, in which case it panics (CI
//! sets it).
//!
//! The spec's schema is lax (no `additionalProperties: false`, and unions in
//! which a plain `StringSchema` matches a malformed enum): an enum schema
//! that is wrong in shape (a titled option without `title`, say) still
//! validates against `PrimitiveSchemaDefinition`. So the checks here look at
//! which definition an instance matches (the one it is meant to be, and not
//! its wrong siblings) and that every key it carries is declared there.
//!
//! Each test file uses only some of these helpers.
#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde_json::Value;

// ---------------------------------------------------------------------------
// Locating and loading the spec
// ---------------------------------------------------------------------------

/// The revisions with the SEP-1330 shapes (`$defs`, JSON Schema 2020-12).
pub const SEP1330_VERSIONS: &[&str] = &["2025-11-25", "2026-07-28", "draft"];

/// The revision before SEP-1330 (`definitions`, draft-07): legacy form only.
pub const LEGACY_VERSION: &str = "2025-06-18";

pub fn require_spec() -> bool {
    std::env::var("ENUM_SCHEMA_REQUIRE_SPEC").as_deref() == Ok("1")
}

/// The spec directory, or `None` (after saying so) when it is missing and
/// not required.
pub fn spec_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("ENUM_SCHEMA_SPEC_DIR") {
        Some(dir) => PathBuf::from(dir),
        // `cargo test` sets CARGO_MANIFEST_DIR when it runs the test too; the
        // value compiled in is the fallback for a binary run by hand.
        None => std::env::var_os("CARGO_MANIFEST_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")))
            .join("../shared/spec"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    if require_spec() {
        panic!(
            "MCP spec not found at {} but ENUM_SCHEMA_REQUIRE_SPEC=1 (set ENUM_SCHEMA_SPEC_DIR to the folder holding <version>/schema.json)",
            dir.display()
        );
    }
    eprintln!(
        "skipping: MCP spec not found at {} (set ENUM_SCHEMA_SPEC_DIR)",
        dir.display()
    );
    None
}

/// One revision's `schema.json`, with validators built on demand.
pub struct Spec {
    /// The folder name: `2025-06-18`, .., `draft`.
    pub version: String,
    pub root: Value,
    /// `"$defs"` (2020-12) or `"definitions"` (draft-07).
    pub defs: &'static str,
    validators: RefCell<HashMap<String, Rc<jsonschema::Validator>>>,
}

impl Spec {
    /// Loads `<dir>/<version>/schema.json`; a missing file is skipped (or
    /// fatal when the spec is required).
    pub fn load(dir: &Path, version: &str) -> Option<Spec> {
        let path = dir.join(version).join("schema.json");
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                if require_spec() {
                    panic!(
                        "cannot read {} ({error}) but ENUM_SCHEMA_REQUIRE_SPEC=1",
                        path.display()
                    );
                }
                eprintln!(
                    "skipping {version}: MCP spec not found at {} (set ENUM_SCHEMA_SPEC_DIR)",
                    path.display()
                );
                return None;
            }
        };
        let root: Value = serde_json::from_str(&text)
            .unwrap_or_else(|error| panic!("{} is not JSON: {error}", path.display()));
        let defs = if root.get("$defs").is_some() {
            "$defs"
        } else {
            "definitions"
        };
        Some(Spec {
            version: version.to_owned(),
            root,
            defs,
            validators: RefCell::new(HashMap::new()),
        })
    }

    /// Whether this revision has the definition `name`.
    pub fn has_definition(&self, name: &str) -> bool {
        self.root[self.defs].get(name).is_some()
    }

    /// The definition `name` itself (the JSON in schema.json).
    pub fn definition(&self, name: &str) -> &Value {
        self.root[self.defs]
            .get(name)
            .unwrap_or_else(|| panic!("{}: no definition {name}", self.version))
    }

    /// A validator for one definition: the whole schema.json with a
    /// top-level `"$ref": "#/$defs/<name>"`.
    pub fn validator(&self, name: &str) -> Rc<jsonschema::Validator> {
        if let Some(validator) = self.validators.borrow().get(name) {
            return validator.clone();
        }
        self.definition(name); // a clear panic for a missing definition
        let mut schema = self.root.clone();
        schema.as_object_mut().unwrap().insert(
            "$ref".into(),
            Value::String(format!("#/{}/{name}", self.defs)),
        );
        let validator = Rc::new(jsonschema::validator_for(&schema).unwrap_or_else(|error| {
            panic!(
                "{}: cannot build a validator for {name}: {error}",
                self.version
            )
        }));
        self.validators
            .borrow_mut()
            .insert(name.to_owned(), validator.clone());
        validator
    }

    pub fn is_valid(&self, name: &str, instance: &Value) -> bool {
        self.validator(name).is_valid(instance)
    }

    #[track_caller]
    pub fn assert_valid(&self, name: &str, instance: &Value) {
        let validator = self.validator(name);
        let errors: Vec<String> = validator
            .iter_errors(instance)
            .map(|error| format!("{} at {}", error, error.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{}: {instance} does not validate as {name}: {errors:?}",
            self.version
        );
    }

    #[track_caller]
    pub fn assert_invalid(&self, name: &str, instance: &Value) {
        assert!(
            !self.is_valid(name, instance),
            "{}: {instance} must not validate as {name}",
            self.version
        );
    }

    /// Every key of `instance` is declared in `properties` of the
    /// definition `name`, recursively into declared object and array-of-object
    /// properties: the spec is lax, this is not.
    #[track_caller]
    pub fn assert_keys_declared(&self, name: &str, instance: &Value) {
        fn walk(version: &str, at: &str, schema: &Value, instance: &Value) {
            let Some(object) = instance.as_object() else {
                return;
            };
            let properties = schema
                .get("properties")
                .and_then(Value::as_object)
                .unwrap_or_else(|| panic!("{version}: {at} declares no properties"));
            for (key, value) in object {
                let declared = properties.get(key).unwrap_or_else(|| {
                    panic!(
                        "{version}: key {key:?} at {at} is not declared there (declared: {:?})",
                        properties.keys().collect::<Vec<_>>()
                    )
                });
                let at = format!("{at}/{key}");
                match value {
                    Value::Object(_) if declared.get("properties").is_some() => {
                        walk(version, &at, declared, value)
                    }
                    Value::Array(items) => {
                        if let Some(item_schema) = declared.get("items") {
                            if item_schema.get("properties").is_some() {
                                for (i, item) in items.iter().enumerate() {
                                    walk(version, &format!("{at}/{i}"), item_schema, item);
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        walk(&self.version, name, self.definition(name), instance);
    }
}

/// Runs `check` on every SEP-1330 revision present.
pub fn for_each_sep1330_spec(mut check: impl FnMut(&Spec)) {
    let Some(dir) = spec_dir() else { return };
    for version in SEP1330_VERSIONS {
        if let Some(spec) = Spec::load(&dir, version) {
            check(&spec);
        }
    }
}

/// The JSON a value serializes to (a schema, a request, a result).
pub fn wire<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).expect("always serializes")
}

// ---------------------------------------------------------------------------
// The shapes and their siblings
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
pub enum Shape {
    UntitledSingle,
    TitledSingle,
    UntitledMulti,
    TitledMulti,
    Legacy,
}

impl Shape {
    /// The definition the schema is meant to be.
    pub fn intended(self) -> &'static str {
        match self {
            Shape::UntitledSingle => "UntitledSingleSelectEnumSchema",
            Shape::TitledSingle => "TitledSingleSelectEnumSchema",
            Shape::UntitledMulti => "UntitledMultiSelectEnumSchema",
            Shape::TitledMulti => "TitledMultiSelectEnumSchema",
            Shape::Legacy => "LegacyTitledEnumSchema",
        }
    }

    /// The unions it must also satisfy.
    pub fn unions(self) -> &'static [&'static str] {
        match self {
            Shape::UntitledSingle | Shape::TitledSingle => &[
                "SingleSelectEnumSchema",
                "EnumSchema",
                "PrimitiveSchemaDefinition",
            ],
            Shape::UntitledMulti | Shape::TitledMulti => &[
                "MultiSelectEnumSchema",
                "EnumSchema",
                "PrimitiveSchemaDefinition",
            ],
            Shape::Legacy => &["EnumSchema", "PrimitiveSchemaDefinition"],
        }
    }

    /// The siblings that must reject it. (An untitled single-select and a
    /// legacy schema without `enumNames` are the same JSON, and the spec
    /// does not forbid extra keys, so those two pairs cannot be told apart
    /// by validation; their exact JSON is checked instead.)
    pub fn wrong(self) -> &'static [&'static str] {
        match self {
            // no oneOf; type is not "array"
            Shape::UntitledSingle => &[
                "TitledSingleSelectEnumSchema",
                "UntitledMultiSelectEnumSchema",
                "TitledMultiSelectEnumSchema",
                "MultiSelectEnumSchema",
            ],
            // no enum; type is not "array"
            Shape::TitledSingle => &[
                "UntitledSingleSelectEnumSchema",
                "LegacyTitledEnumSchema",
                "UntitledMultiSelectEnumSchema",
                "TitledMultiSelectEnumSchema",
                "MultiSelectEnumSchema",
            ],
            // items has no anyOf; type is not "string"
            Shape::UntitledMulti => &[
                "TitledMultiSelectEnumSchema",
                "UntitledSingleSelectEnumSchema",
                "TitledSingleSelectEnumSchema",
                "SingleSelectEnumSchema",
                "LegacyTitledEnumSchema",
                "StringSchema",
            ],
            // items has no type/enum; type is not "string"
            Shape::TitledMulti => &[
                "UntitledMultiSelectEnumSchema",
                "UntitledSingleSelectEnumSchema",
                "TitledSingleSelectEnumSchema",
                "SingleSelectEnumSchema",
                "LegacyTitledEnumSchema",
                "StringSchema",
            ],
            // no oneOf; type is not "array"
            Shape::Legacy => &[
                "TitledSingleSelectEnumSchema",
                "UntitledMultiSelectEnumSchema",
                "TitledMultiSelectEnumSchema",
                "MultiSelectEnumSchema",
            ],
        }
    }
}

#[track_caller]
pub fn check_shape(spec: &Spec, shape: Shape, schema: &Value) {
    spec.assert_valid(shape.intended(), schema);
    spec.assert_keys_declared(shape.intended(), schema);
    for union in shape.unions() {
        spec.assert_valid(union, schema);
    }
    for wrong in shape.wrong() {
        spec.assert_invalid(wrong, schema);
    }
}
