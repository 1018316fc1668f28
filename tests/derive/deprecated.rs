//! Case C11 (shared/cases/C11): `#[deprecated]` variants must not break
//! builds with warnings denied. The derive's expansion refers to every
//! variant; it must carry its own `#[allow(deprecated)]`, because an
//! `#[allow]` on the enum or the module does not reach generated impls.
//!
//! This whole module is compiled with `#![deny(warnings)]`: if the derive
//! emitted a deprecation warning, this file would not build and every test
//! of the `derive` binary would fail. Neither the enum nor this module allows
//! `deprecated`; only the one test that names `Backend::Cloud` itself does,
//! since that use is the test's, not the derive's.
#![deny(warnings)]

use enum_schema::{ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind, Form};
use serde_json::json;

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Backend {
    Local,
    #[deprecated(note = "use Hybrid")]
    Cloud,
    Hybrid,
}

pub fn schema() -> serde_json::Value {
    serde_json::to_value(Backend::SINGLE_SELECT).unwrap()
}

#[test]
fn deprecated_variant_is_still_offered() {
    // a deprecated variant is still offered unless #[elicit(skip)] is set
    assert_eq!(
        schema(),
        json!({"type": "string", "enum": ["local", "cloud", "hybrid"]})
    );
    assert_eq!(
        serde_json::to_value(Backend::MULTI_SELECT).unwrap(),
        json!({"type": "array", "items": {"type": "string", "enum": ["local", "cloud", "hybrid"]}})
    );
}

#[test]
fn parsing_cloud_without_naming_the_variant() {
    let parsed = Backend::parse("cloud").expect("cloud is offered");
    assert_eq!(parsed.value(), "cloud");
    assert_eq!(parsed.option_index(), Some(1));
    assert_ne!(parsed, Backend::Local);
    assert_ne!(parsed, Backend::Hybrid);
}

#[test]
#[allow(deprecated)] // this test names the deprecated variant itself
fn parsing_cloud_gives_backend_cloud() {
    assert_eq!(Backend::parse("cloud"), Ok(Backend::Cloud));
    assert_eq!(Backend::Cloud.value(), "cloud");
    let form = Form::new((("backend", Backend::SINGLE_SELECT),));
    assert_eq!(
        form.parse_result(json!({"action": "accept", "content": {"backend": "cloud"}})),
        Ok(ElicitAction::Accept((Backend::Cloud,)))
    );
    let error = form
        .parse_result(json!({"action": "accept", "content": {"backend": "Cloud"}}))
        .unwrap_err();
    assert_eq!(
        error,
        Error::from(ErrorKind::InvalidValue {
            value: "Cloud".into(),
            allowed: Backend::OPTIONS.into(),
        })
        .in_field("backend")
    );
    assert_eq!(
        error.to_string(),
        r#"field `backend`: invalid value "Cloud": expected one of "local", "cloud", "hybrid""#
    );
}

// What the user wrote around the item holds for the generated code too. A deprecated enum, allowed where the user uses it, as
// the type of every kind of enum field.
#[deprecated(note = "use Backend")]
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase", default = Local)]
pub enum OldBackend {
    Local,
    Remote,
}

// A form of deprecated things: its field types, one field, the form itself.
#[deprecated(note = "use a newer form")]
#[allow(deprecated)]
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Migration {
    #[elicit(default = Remote)]
    pub from: OldBackend,
    #[elicit(default_items = [Local])]
    pub also: Vec<OldBackend>,
    pub maybe: Option<OldBackend>,
    #[deprecated(note = "no longer asked")]
    pub retired: Option<bool>,
}

// The issue's own case: only the user's `#[allow(deprecated)]` says that a
// field type is deprecated; the generated impls carry it too.
#[allow(deprecated)]
#[derive(ElicitForm, Debug, PartialEq)]
pub struct UsesOld {
    pub backend: OldBackend,
}

// An `#[allow]` on one field reaches the generated impls too, and a value
// the user wrote in parentheses raises no `unused_parens` there.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct FieldAllows {
    #[allow(deprecated)]
    pub backend: OldBackend,
    #[elicit(minimum = (1), maximum = (10), default = (3))]
    pub count: u8,
}

#[test]
#[allow(deprecated)] // this test names the deprecated types itself
fn an_allow_on_a_field_and_parenthesized_values_raise_no_lint() {
    assert_eq!(
        serde_json::to_value(FieldAllows::requested_schema()).unwrap()["properties"]["count"],
        json!({"type": "integer", "minimum": 1, "maximum": 10, "default": 3})
    );
    assert_eq!(
        FieldAllows::parse_result(
            json!({"action": "accept", "content": {"backend": "local", "count": 10}})
        ),
        Ok(ElicitAction::Accept(FieldAllows {
            backend: OldBackend::Local,
            count: 10,
        }))
    );
}

#[test]
#[allow(deprecated)] // this test names the deprecated types itself
fn an_allow_on_the_form_reaches_the_generated_impls() {
    assert_eq!(
        UsesOld::parse_result(json!({"action": "accept", "content": {"backend": "remote"}})),
        Ok(ElicitAction::Accept(UsesOld {
            backend: OldBackend::Remote
        }))
    );
}

#[test]
#[allow(deprecated)] // this test names the deprecated types itself
fn deprecated_types_fields_and_forms_derive_without_warnings() {
    assert_eq!(
        serde_json::to_value(Migration::requested_schema()).unwrap(),
        json!({"type": "object", "properties": {
            "from": {"type": "string", "enum": ["local", "remote"], "default": "remote"},
            "also": {"type": "array", "items": {"type": "string", "enum": ["local", "remote"]}, "default": ["local"]},
            "maybe": {"type": "string", "enum": ["local", "remote"], "default": "local"},
            "retired": {"type": "boolean"}
        }, "required": ["from", "also"]})
    );
    assert_eq!(
        Migration::parse_result(
            json!({"action": "accept", "content": {"from": "local", "also": [], "retired": true}})
        ),
        Ok(ElicitAction::Accept(Migration {
            from: OldBackend::Local,
            also: vec![],
            maybe: None,
            retired: Some(true),
        }))
    );
}

/// The generated code allows only what the user's item allows (or needs
/// because the item itself is deprecated): a `forbid` the item does not
/// contradict still holds, and derives under it compile.
mod forbidden {
    #![forbid(deprecated, unused_qualifications)]

    use enum_schema::{ElicitEnum, ElicitForm};
    use serde_json::json;

    #[derive(ElicitEnum, Debug, PartialEq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Size {
        Small,
        Large,
    }

    #[derive(ElicitForm, Debug, PartialEq)]
    pub struct Order {
        #[elicit(default = Large)]
        pub size: Size,
        #[elicit(minimum = 1, default = 2)]
        pub count: u8,
    }

    #[test]
    fn derives_under_forbid() {
        assert_eq!(
            serde_json::to_value(Order::requested_schema()).unwrap(),
            json!({"type": "object", "properties": {
                "size": {"type": "string", "enum": ["small", "large"], "default": "large"},
                "count": {"type": "integer", "minimum": 1, "maximum": 255, "default": 2}
            }, "required": ["size", "count"]})
        );
    }
}
