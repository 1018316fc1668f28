//! Conformance against the normative JSON Schemas of the MCP specification
//! (`<spec>/<version>/schema.json`).
//!
//! The spec directory is `$ENUM_SCHEMA_SPEC_DIR` if set, else
//! `<CARGO_MANIFEST_DIR>/../shared/spec`. It is never copied into the
//! project. When it is missing, each test prints
//! `skipping: MCP spec not found at <path> (set ENUM_SCHEMA_SPEC_DIR)` and
//! passes, unless `ENUM_SCHEMA_REQUIRE_SPEC=1`, in which case it panics (CI
//! sets it).
//!
//! The spec's schema is lax: an enum schema that is wrong in shape (a titled
//! option without `title`, say) still validates against
//! `PrimitiveSchemaDefinition` because the plain `StringSchema` in the same
//! union matches it. So every emitted schema is checked
//! - for its exact JSON,
//! - against the definition it is meant to be (e.g. `TitledSingleSelectEnumSchema`),
//!   with every key it carries declared by that definition,
//! - against the unions (`PrimitiveSchemaDefinition`, `EnumSchema`, and
//!   `SingleSelectEnumSchema` / `MultiSelectEnumSchema`),
//! - and against the wrong siblings, which must reject it where the spec
//!   tells them apart.

use enum_schema::{ElicitAction, ElicitEnum, Form, MultiSelectField, Optional, SingleSelectField};
use serde_json::{json, Value};

use crate::common::{
    check_shape, for_each_sep1330_spec, require_spec, spec_dir, wire, Shape, Spec, LEGACY_VERSION,
};

// ---------------------------------------------------------------------------
// The enums
// ---------------------------------------------------------------------------

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Plain {
    Red,
    Green,
    Blue,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(
    rename_all = "lowercase",
    title = "Colors",
    description = "Pick colors",
    default = Green,
    min_items = 1,
    max_items = 2,
    default_items = [Green, "blue"]
)]
enum PlainFull {
    Red,
    Green,
    Blue,
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
enum Titled {
    #[elicit(rename = "#f00", title = "Red")]
    Red,
    #[elicit(rename = "#0f0", title = "Green")]
    Green,
    #[elicit(rename = "#00f", title = "Blue")]
    Blue,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(
    title = "Colors",
    description = "Pick colors",
    default = "#0f0",
    min_items = 1,
    max_items = 3,
    default_items = [Blue]
)]
enum TitledFull {
    #[elicit(rename = "#f00", title = "Red")]
    Red,
    #[elicit(rename = "#0f0", title = "Green")]
    Green,
    #[elicit(rename = "#00f", title = "Blue")]
    Blue,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(legacy)]
enum Legacy {
    #[elicit(rename = "#f00", title = "Red")]
    Red,
    #[elicit(rename = "#0f0", title = "Green")]
    Green,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(legacy, title = "Colors", description = "Pick a color")]
enum LegacyFull {
    #[elicit(rename = "#f00", title = "Red")]
    Red,
    #[elicit(rename = "#0f0", title = "Green", default)]
    Green,
}

fn plain_enum() -> Value {
    json!(["red", "green", "blue"])
}

fn titled_options() -> Value {
    json!([
        {"const": "#f00", "title": "Red"},
        {"const": "#0f0", "title": "Green"},
        {"const": "#00f", "title": "Blue"}
    ])
}

/// Every emitted schema of these tests: its shape, the value and its
/// exact JSON.
fn emitted() -> Vec<(&'static str, Shape, Value, Value)> {
    const PLAIN_MIN: MultiSelectField<Plain> = Plain::MULTI_SELECT.with_min_items(2);
    const PLAIN_MAX: MultiSelectField<Plain> = Plain::MULTI_SELECT.with_max_items(3);
    const PLAIN_ZERO: MultiSelectField<Plain> = Plain::MULTI_SELECT
        .with_min_items(0)
        .with_default_values(&[]);
    const TITLED_SINGLE: SingleSelectField<Titled> =
        Titled::SINGLE_SELECT.with_description("Accent");
    vec![
        // untitled single-select
        (
            "untitled single, bare",
            Shape::UntitledSingle,
            wire(Plain::SINGLE_SELECT),
            json!({"type": "string", "enum": plain_enum()}),
        ),
        (
            "untitled single, title",
            Shape::UntitledSingle,
            wire(Plain::SINGLE_SELECT.with_title("Color")),
            json!({"type": "string", "title": "Color", "enum": plain_enum()}),
        ),
        (
            "untitled single, description",
            Shape::UntitledSingle,
            wire(Plain::SINGLE_SELECT.with_description("Pick one")),
            json!({"type": "string", "description": "Pick one", "enum": plain_enum()}),
        ),
        (
            "untitled single, default",
            Shape::UntitledSingle,
            wire(Plain::SINGLE_SELECT.with_default_value("blue")),
            json!({"type": "string", "enum": plain_enum(), "default": "blue"}),
        ),
        (
            "untitled single, default from a variant",
            Shape::UntitledSingle,
            wire(Plain::SINGLE_SELECT.with_default(Plain::Red)),
            json!({"type": "string", "enum": plain_enum(), "default": "red"}),
        ),
        (
            "untitled single, everything from the derive",
            Shape::UntitledSingle,
            wire(PlainFull::SINGLE_SELECT),
            json!({
                "type": "string",
                "title": "Colors",
                "description": "Pick colors",
                "enum": plain_enum(),
                "default": "green"
            }),
        ),
        (
            "untitled single, legacy(true) without titles has no enumNames",
            Shape::UntitledSingle,
            wire(Plain::SINGLE_SELECT.with_legacy(true)),
            json!({"type": "string", "enum": plain_enum()}),
        ),
        // titled single-select
        (
            "titled single, bare",
            Shape::TitledSingle,
            wire(Titled::SINGLE_SELECT),
            json!({"type": "string", "oneOf": titled_options()}),
        ),
        (
            "titled single, description",
            Shape::TitledSingle,
            wire(TITLED_SINGLE),
            json!({"type": "string", "description": "Accent", "oneOf": titled_options()}),
        ),
        (
            "titled single, title and default",
            Shape::TitledSingle,
            wire(
                Titled::SINGLE_SELECT
                    .with_title("Accent")
                    .with_default_value("#00f"),
            ),
            json!({"type": "string", "title": "Accent", "oneOf": titled_options(), "default": "#00f"}),
        ),
        (
            "titled single, everything from the derive",
            Shape::TitledSingle,
            wire(TitledFull::SINGLE_SELECT),
            json!({
                "type": "string",
                "title": "Colors",
                "description": "Pick colors",
                "oneOf": titled_options(),
                "default": "#0f0"
            }),
        ),
        (
            "titled single, legacy(false) on a legacy enum",
            Shape::TitledSingle,
            wire(LegacyFull::SINGLE_SELECT.with_legacy(false)),
            json!({
                "type": "string",
                "title": "Colors",
                "description": "Pick a color",
                "oneOf": [{"const": "#f00", "title": "Red"}, {"const": "#0f0", "title": "Green"}],
                "default": "#0f0"
            }),
        ),
        // untitled multi-select
        (
            "untitled multi, bare",
            Shape::UntitledMulti,
            wire(Plain::MULTI_SELECT),
            json!({"type": "array", "items": {"type": "string", "enum": plain_enum()}}),
        ),
        (
            "untitled multi, minItems",
            Shape::UntitledMulti,
            wire(PLAIN_MIN),
            json!({"type": "array", "minItems": 2, "items": {"type": "string", "enum": plain_enum()}}),
        ),
        (
            "untitled multi, maxItems",
            Shape::UntitledMulti,
            wire(PLAIN_MAX),
            json!({"type": "array", "maxItems": 3, "items": {"type": "string", "enum": plain_enum()}}),
        ),
        (
            "untitled multi, minItems 0 and an empty default",
            Shape::UntitledMulti,
            wire(PLAIN_ZERO),
            json!({
                "type": "array",
                "minItems": 0,
                "items": {"type": "string", "enum": plain_enum()},
                "default": []
            }),
        ),
        (
            "untitled multi, title, description and default items",
            Shape::UntitledMulti,
            wire(
                Plain::MULTI_SELECT
                    .with_title("Palette")
                    .with_description("Up to two")
                    .with_max_items(2)
                    .with_default_items(&[Plain::Blue, Plain::Red]),
            ),
            json!({
                "type": "array",
                "title": "Palette",
                "description": "Up to two",
                "maxItems": 2,
                "items": {"type": "string", "enum": plain_enum()},
                "default": ["blue", "red"]
            }),
        ),
        (
            "untitled multi, everything from the derive",
            Shape::UntitledMulti,
            wire(PlainFull::MULTI_SELECT),
            json!({
                "type": "array",
                "title": "Colors",
                "description": "Pick colors",
                "minItems": 1,
                "maxItems": 2,
                "items": {"type": "string", "enum": plain_enum()},
                "default": ["green", "blue"]
            }),
        ),
        // titled multi-select
        (
            "titled multi, bare",
            Shape::TitledMulti,
            wire(Titled::MULTI_SELECT),
            json!({"type": "array", "items": {"anyOf": titled_options()}}),
        ),
        (
            "titled multi, bounds and default",
            Shape::TitledMulti,
            wire(
                Titled::MULTI_SELECT
                    .with_min_items(1)
                    .with_max_items(2)
                    .with_default_values(&["#00f", "#f00"]),
            ),
            json!({
                "type": "array",
                "minItems": 1,
                "maxItems": 2,
                "items": {"anyOf": titled_options()},
                "default": ["#00f", "#f00"]
            }),
        ),
        (
            "titled multi, everything from the derive",
            Shape::TitledMulti,
            wire(TitledFull::MULTI_SELECT),
            json!({
                "type": "array",
                "title": "Colors",
                "description": "Pick colors",
                "minItems": 1,
                "maxItems": 3,
                "items": {"anyOf": titled_options()},
                "default": ["#00f"]
            }),
        ),
        // legacy
        (
            "legacy, bare",
            Shape::Legacy,
            wire(Legacy::SINGLE_SELECT),
            json!({"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]}),
        ),
        (
            "legacy, everything from the derive",
            Shape::Legacy,
            wire(LegacyFull::SINGLE_SELECT),
            json!({
                "type": "string",
                "title": "Colors",
                "description": "Pick a color",
                "enum": ["#f00", "#0f0"],
                "enumNames": ["Red", "Green"],
                "default": "#0f0"
            }),
        ),
        (
            "legacy, legacy(true) on a titled enum",
            Shape::Legacy,
            wire(Titled::SINGLE_SELECT.with_legacy(true).with_title("Accent")),
            json!({
                "type": "string",
                "title": "Accent",
                "enum": ["#f00", "#0f0", "#00f"],
                "enumNames": ["Red", "Green", "Blue"]
            }),
        ),
    ]
}

#[test]
fn emitted_schemas_are_exact() {
    // Runs without the spec too.
    for (name, _, schema, expected) in emitted() {
        assert_eq!(schema, expected, "{name}");
    }
}

#[test]
fn emitted_schemas_validate_as_their_intended_definition_only() {
    for_each_sep1330_spec(|spec| {
        for (name, shape, schema, _) in emitted() {
            eprintln!("{}: {name}", spec.version);
            check_shape(spec, shape, &schema);
        }
    });
}

/// The spec's laxness that makes the checks above necessary, and proof that
/// the validators do reject: a titled option without a title is no
/// `TitledSingleSelectEnumSchema`, yet it passes the union.
#[test]
fn the_spec_union_is_lax_and_the_validators_reject() {
    for_each_sep1330_spec(|spec| {
        let missing_title = json!({"type": "string", "oneOf": [{"const": "a"}]});
        spec.assert_invalid("TitledSingleSelectEnumSchema", &missing_title);
        spec.assert_valid("StringSchema", &missing_title);
        spec.assert_valid("PrimitiveSchemaDefinition", &missing_title);

        let untyped_titled = json!({"oneOf": [{"const": "a", "title": "A"}]});
        spec.assert_invalid("TitledSingleSelectEnumSchema", &untyped_titled);
        spec.assert_invalid("PrimitiveSchemaDefinition", &untyped_titled);

        let titled_multi_without_title =
            json!({"type": "array", "items": {"anyOf": [{"const": "a"}]}});
        spec.assert_invalid("TitledMultiSelectEnumSchema", &titled_multi_without_title);
        spec.assert_invalid("PrimitiveSchemaDefinition", &titled_multi_without_title);

        let numeric_enum = json!({"type": "string", "enum": [1, 2]});
        spec.assert_invalid("UntitledSingleSelectEnumSchema", &numeric_enum);
    });
}

// ---------------------------------------------------------------------------
// A whole request, and the results that answer it
// ---------------------------------------------------------------------------

type ColorForm = Form<(
    (&'static str, SingleSelectField<Plain>),
    (&'static str, SingleSelectField<Titled>),
    (&'static str, MultiSelectField<Plain>),
    (&'static str, MultiSelectField<Titled>),
    (&'static str, SingleSelectField<Legacy>),
    (&'static str, Optional<SingleSelectField<Titled>>),
)>;

fn color_form() -> ColorForm {
    Form::new((
        ("color", Plain::SINGLE_SELECT.with_default_value("red")),
        ("accent", Titled::SINGLE_SELECT.with_title("Accent")),
        (
            "palette",
            Plain::MULTI_SELECT.with_min_items(1).with_max_items(2),
        ),
        ("highlights", Titled::MULTI_SELECT),
        ("legacy", Legacy::SINGLE_SELECT),
        (
            "extra",
            Optional::new(Titled::SINGLE_SELECT.with_description("Optional")),
        ),
    ))
}

fn color_request() -> Value {
    json!({
        "message": "Pick your colors",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "color": {"type": "string", "enum": plain_enum(), "default": "red"},
                "accent": {"type": "string", "title": "Accent", "oneOf": titled_options()},
                "palette": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 2,
                    "items": {"type": "string", "enum": plain_enum()}
                },
                "highlights": {"type": "array", "items": {"anyOf": titled_options()}},
                "legacy": {"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]},
                "extra": {"type": "string", "description": "Optional", "oneOf": titled_options()}
            },
            "required": ["color", "accent", "palette", "highlights", "legacy"]
        }
    })
}

#[test]
fn whole_request_is_exact() {
    let request = wire(color_form().request("Pick your colors"));
    assert_eq!(request, color_request());
    // the properties come out in field order on the wire
    let text = serde_json::to_string(&color_form().requested_schema()).unwrap();
    let positions: Vec<usize> = [
        "\"color\"",
        "\"accent\"",
        "\"palette\"",
        "\"highlights\"",
        "\"legacy\"",
        "\"extra\"",
    ]
    .iter()
    .map(|name| {
        text.find(name)
            .unwrap_or_else(|| panic!("{name} in {text}"))
    })
    .collect();
    assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "{text}");
}

#[test]
fn whole_request_validates() {
    let request = wire(color_form().request("Pick your colors"));
    for_each_sep1330_spec(|spec| {
        spec.assert_valid("ElicitRequestFormParams", &request);
        spec.assert_keys_declared("ElicitRequestFormParams", &request);
        spec.assert_valid("ElicitRequestParams", &request);
        spec.assert_invalid("ElicitRequestURLParams", &request);
        // `mode` is optional for a form; with it, still valid
        let mut with_mode = request.clone();
        with_mode["mode"] = json!("form");
        spec.assert_valid("ElicitRequestFormParams", &with_mode);
        // and each property is the shape it is meant to be
        let properties = &request["requestedSchema"]["properties"];
        check_shape(spec, Shape::UntitledSingle, &properties["color"]);
        check_shape(spec, Shape::TitledSingle, &properties["accent"]);
        check_shape(spec, Shape::UntitledMulti, &properties["palette"]);
        check_shape(spec, Shape::TitledMulti, &properties["highlights"]);
        check_shape(spec, Shape::Legacy, &properties["legacy"]);
        check_shape(spec, Shape::TitledSingle, &properties["extra"]);

        if spec.version == "2025-11-25" {
            // a JSON-RPC request
            let message = json!({
                "jsonrpc": "2.0",
                "id": 7,
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
                "inputRequests": {"colors": input_request},
                "requestState": "opaque"
            });
            spec.assert_valid("InputRequiredResult", &interim);
        }
    });
}

/// The `ElicitResult`s these tests accept, and what each parses to.
/// The typed content of [`ColorForm`].
type ColorContent = (
    Plain,
    Titled,
    Vec<Plain>,
    Vec<Titled>,
    Legacy,
    Option<Titled>,
);

fn accepted_results() -> Vec<(Value, ElicitAction<ColorContent>)> {
    vec![
        (
            json!({
                "action": "accept",
                "content": {
                    "color": "green",
                    "accent": "#00f",
                    "palette": ["blue", "red"],
                    "highlights": [],
                    "legacy": "#0f0",
                    "extra": "#f00"
                }
            }),
            ElicitAction::Accept((
                Plain::Green,
                Titled::Blue,
                vec![Plain::Blue, Plain::Red],
                vec![],
                Legacy::Green,
                Some(Titled::Red),
            )),
        ),
        (
            json!({
                "action": "accept",
                "content": {
                    "color": "red",
                    "accent": "#f00",
                    "palette": ["green"],
                    "highlights": ["#0f0", "#00f", "#f00"],
                    "legacy": "#f00"
                },
                "_meta": {"client": "test"}
            }),
            ElicitAction::Accept((
                Plain::Red,
                Titled::Red,
                vec![Plain::Green],
                vec![Titled::Green, Titled::Blue, Titled::Red],
                Legacy::Red,
                None,
            )),
        ),
        (json!({"action": "decline"}), ElicitAction::Decline),
        (json!({"action": "cancel"}), ElicitAction::Cancel),
    ]
}

#[test]
fn accepted_results_parse_exactly() {
    let form = color_form();
    for (result, expected) in accepted_results() {
        assert_eq!(form.parse_result(result.clone()), Ok(expected), "{result}");
    }
}

#[test]
fn accepted_results_validate() {
    for_each_sep1330_spec(|spec| {
        for (result, _) in accepted_results() {
            spec.assert_valid("ElicitResult", &result);
            if spec.version != "2025-11-25" {
                spec.assert_valid("InputResponses", &json!({"colors": result}));
            }
        }
        // and the validator tells a bad one apart
        spec.assert_invalid("ElicitResult", &json!({"action": "maybe"}));
        spec.assert_invalid(
            "ElicitResult",
            &json!({"action": "accept", "content": {"palette": [1]}}),
        );
    });
}

// ---------------------------------------------------------------------------
// 2025-06-18: the legacy form only
// ---------------------------------------------------------------------------

#[test]
fn legacy_form_is_what_a_2025_06_18_peer_knows() {
    let Some(dir) = spec_dir() else { return };
    let Some(spec) = Spec::load(&dir, LEGACY_VERSION) else {
        return;
    };

    // the legacy shape without a default is exactly the 2025-06-18 EnumSchema
    let legacy = wire(Legacy::SINGLE_SELECT);
    spec.assert_valid("EnumSchema", &legacy);
    spec.assert_keys_declared("EnumSchema", &legacy);
    spec.assert_valid("PrimitiveSchemaDefinition", &legacy);
    let legacy_titled = wire(LegacyFull::SINGLE_SELECT.without_default());
    assert_eq!(
        legacy_titled,
        json!({
            "type": "string",
            "title": "Colors",
            "description": "Pick a color",
            "enum": ["#f00", "#0f0"],
            "enumNames": ["Red", "Green"]
        })
    );
    spec.assert_valid("EnumSchema", &legacy_titled);
    spec.assert_keys_declared("EnumSchema", &legacy_titled);

    // arrays are unknown there: no multi-select passes the union
    spec.assert_invalid("PrimitiveSchemaDefinition", &wire(Plain::MULTI_SELECT));
    spec.assert_invalid("PrimitiveSchemaDefinition", &wire(Titled::MULTI_SELECT));

    // a form of legacy fields is a valid 2025-06-18 request
    let form = Form::new((
        ("legacy", Legacy::SINGLE_SELECT),
        (
            "titled",
            Optional::new(Titled::SINGLE_SELECT.with_legacy(true)),
        ),
    ));
    let params = wire(form.request("Pick"));
    assert_eq!(
        params,
        json!({
            "message": "Pick",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "legacy": {"type": "string", "enum": ["#f00", "#0f0"], "enumNames": ["Red", "Green"]},
                    "titled": {
                        "type": "string",
                        "enum": ["#f00", "#0f0", "#00f"],
                        "enumNames": ["Red", "Green", "Blue"]
                    }
                },
                "required": ["legacy"]
            }
        })
    );
    spec.assert_valid(
        "ElicitRequest",
        &json!({"method": "elicitation/create", "params": params}),
    );

    // its answers hold strings only
    let answer = json!({"action": "accept", "content": {"legacy": "#0f0", "titled": "#00f"}});
    spec.assert_valid("ElicitResult", &answer);
    assert_eq!(
        form.parse_result(answer),
        Ok(ElicitAction::Accept((Legacy::Green, Some(Titled::Blue))))
    );
    spec.assert_invalid(
        "ElicitResult",
        &json!({"action": "accept", "content": {"palette": ["red"]}}),
    );
}

// ---------------------------------------------------------------------------
// The five example shapes of SEP-1330, reproduced with derived enums
// (seps/1330-elicitation-enum-schema-improvements-and-standards.md,
// "Instance Schema Examples").
// ---------------------------------------------------------------------------

/// SEP-1330 "Single-Select Without Titles".
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(
    title = "Color Selection",
    description = "Choose your favorite color",
    default = Green
)]
enum SepUntitledSingle {
    Red,
    Green,
    Blue,
}

/// SEP-1330 "Legacy Single Select With Titles", corrected: the SEP writes
/// `"default": "Green"`, a title, where a value belongs. The corrected
/// default is the value `"#00FF00"`. The uncorrected version
/// (`default = "Green"`, not a wire value) is a compile-fail UI test.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(
    legacy,
    title = "Color Selection",
    description = "Choose your favorite color",
    default = "#00FF00"
)]
enum SepLegacy {
    #[elicit(rename = "#FF0000", title = "Red")]
    Red,
    #[elicit(rename = "#00FF00", title = "Green")]
    Green,
    #[elicit(rename = "#0000FF", title = "Blue")]
    Blue,
}

/// SEP-1330 "Single-Select with Titles".
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(
    title = "Color Selection",
    description = "Choose your favorite color",
    default = Green
)]
enum SepTitledSingle {
    #[elicit(rename = "#FF0000", title = "Red")]
    Red,
    #[elicit(rename = "#00FF00", title = "Green")]
    Green,
    #[elicit(rename = "#0000FF", title = "Blue")]
    Blue,
}

/// SEP-1330 "Multi-Select Without Titles".
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(
    title = "Color Selection",
    description = "Choose your favorite colors",
    min_items = 1,
    max_items = 3,
    default_items = [Green]
)]
enum SepUntitledMulti {
    Red,
    Green,
    Blue,
}

/// SEP-1330 "Multi-Select with Titles", corrected: the SEP writes
/// `"default": ["Green"]`, a title, where values belong. The corrected
/// default is `["#00FF00"]`. The uncorrected version
/// (`default_items = ["Green"]`) is a compile-fail UI test.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(
    title = "Color Selection",
    description = "Choose your favorite colors",
    min_items = 1,
    max_items = 3,
    default_items = ["#00FF00"]
)]
enum SepTitledMulti {
    #[elicit(rename = "#FF0000", title = "Red")]
    Red,
    #[elicit(rename = "#00FF00", title = "Green")]
    Green,
    #[elicit(rename = "#0000FF", title = "Blue")]
    Blue,
}

fn sep_examples() -> Vec<(&'static str, Shape, Value, Value)> {
    vec![
        (
            "Single-Select Without Titles",
            Shape::UntitledSingle,
            wire(SepUntitledSingle::SINGLE_SELECT),
            json!({
                "type": "string",
                "title": "Color Selection",
                "description": "Choose your favorite color",
                "enum": ["Red", "Green", "Blue"],
                "default": "Green"
            }),
        ),
        (
            "Legacy Single Select With Titles (default corrected)",
            Shape::Legacy,
            wire(SepLegacy::SINGLE_SELECT),
            json!({
                "type": "string",
                "title": "Color Selection",
                "description": "Choose your favorite color",
                "enum": ["#FF0000", "#00FF00", "#0000FF"],
                "enumNames": ["Red", "Green", "Blue"],
                "default": "#00FF00"
            }),
        ),
        (
            "Single-Select with Titles",
            Shape::TitledSingle,
            wire(SepTitledSingle::SINGLE_SELECT),
            json!({
                "type": "string",
                "title": "Color Selection",
                "description": "Choose your favorite color",
                "oneOf": [
                    {"const": "#FF0000", "title": "Red"},
                    {"const": "#00FF00", "title": "Green"},
                    {"const": "#0000FF", "title": "Blue"}
                ],
                "default": "#00FF00"
            }),
        ),
        (
            "Multi-Select Without Titles",
            Shape::UntitledMulti,
            wire(SepUntitledMulti::MULTI_SELECT),
            json!({
                "type": "array",
                "title": "Color Selection",
                "description": "Choose your favorite colors",
                "minItems": 1,
                "maxItems": 3,
                "items": {"type": "string", "enum": ["Red", "Green", "Blue"]},
                "default": ["Green"]
            }),
        ),
        (
            "Multi-Select with Titles (default corrected)",
            Shape::TitledMulti,
            wire(SepTitledMulti::MULTI_SELECT),
            json!({
                "type": "array",
                "title": "Color Selection",
                "description": "Choose your favorite colors",
                "minItems": 1,
                "maxItems": 3,
                "items": {
                    "anyOf": [
                        {"const": "#FF0000", "title": "Red"},
                        {"const": "#00FF00", "title": "Green"},
                        {"const": "#0000FF", "title": "Blue"}
                    ]
                },
                "default": ["#00FF00"]
            }),
        ),
    ]
}

#[test]
fn sep1330_examples_are_reproduced_exactly() {
    for (name, _, schema, expected) in sep_examples() {
        assert_eq!(schema, expected, "{name}");
    }
    // the builders give the same as the derive attributes
    assert_eq!(
        wire(SepTitledMulti::MULTI_SELECT),
        wire(
            SepTitledSingle::MULTI_SELECT
                .with_description("Choose your favorite colors")
                .with_min_items(1)
                .with_max_items(3)
                .with_default_items(&[SepTitledSingle::Green])
        )
    );
}

#[test]
fn sep1330_examples_validate_as_their_intended_definition() {
    for_each_sep1330_spec(|spec| {
        for (name, shape, schema, _) in sep_examples() {
            eprintln!("{}: {name}", spec.version);
            check_shape(spec, shape, &schema);
        }
    });
}

/// The example files that ship with the newest revision
/// (`<spec>/2026-07-28/examples/<Definition>/*.json`), reproduced with
/// derived enums and compared exactly.
#[test]
fn spec_example_files_are_reproduced_exactly() {
    /// As the spec's UntitledSingleSelectEnumSchema / UntitledMultiSelectEnumSchema examples.
    #[derive(ElicitEnum)]
    #[elicit(
        title = "Color Selection",
        description = "Choose your favorite color",
        default = Red,
        min_items = 1,
        max_items = 2,
        default_items = [Red, Green]
    )]
    enum ExampleColor {
        Red,
        Green,
        Blue,
    }

    /// As the spec's TitledSingleSelectEnumSchema / TitledMultiSelectEnumSchema examples.
    #[derive(ElicitEnum)]
    #[elicit(
        title = "Color Selection",
        description = "Choose your favorite color",
        default = "#FF0000",
        min_items = 1,
        max_items = 2,
        default_items = ["#FF0000", "#00FF00"]
    )]
    enum ExampleTitledColor {
        #[elicit(rename = "#FF0000", title = "Red")]
        Red,
        #[elicit(rename = "#00FF00", title = "Green")]
        Green,
        #[elicit(rename = "#0000FF", title = "Blue")]
        Blue,
    }

    let Some(dir) = spec_dir() else { return };
    let examples = dir.join("2026-07-28").join("examples");
    let cases = [
        (
            "UntitledSingleSelectEnumSchema/color-select-schema.json",
            wire(ExampleColor::SINGLE_SELECT),
        ),
        (
            "UntitledMultiSelectEnumSchema/color-multi-select-schema.json",
            wire(ExampleColor::MULTI_SELECT.with_description("Choose your favorite colors")),
        ),
        (
            "TitledSingleSelectEnumSchema/titled-color-select-schema.json",
            wire(ExampleTitledColor::SINGLE_SELECT),
        ),
        (
            "TitledMultiSelectEnumSchema/titled-color-multi-select-schema.json",
            wire(ExampleTitledColor::MULTI_SELECT.with_description("Choose your favorite colors")),
        ),
    ];
    for (file, ours) in cases {
        let path = examples.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                if require_spec() {
                    panic!(
                        "cannot read {} ({error}) but ENUM_SCHEMA_REQUIRE_SPEC=1",
                        path.display()
                    );
                }
                eprintln!("skipping: {} not found", path.display());
                continue;
            }
        };
        let theirs: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(ours, theirs, "{file}");
    }
}
