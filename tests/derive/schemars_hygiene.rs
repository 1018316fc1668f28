//! The `JsonSchema` impls that the derives get from the runtime crate only
//! use absolute paths: they compile next to shadowed prelude names, under
//! `deny(warnings)`, in a crate that never names schemars for them.
#![deny(warnings, unused_qualifications)]
#![allow(non_camel_case_types, dead_code)]

mod shadowing {
    // Every name the expansion could have picked up by accident.
    struct Option;
    struct Result;
    struct Some;
    struct None;
    struct Default;
    struct String;
    struct Cow;
    struct Schema;
    struct SchemaGenerator;
    struct JsonSchema;
    mod core {}
    mod std {}
    mod schemars {}

    use enum_schema::{ElicitEnum, ElicitForm};

    #[derive(ElicitEnum)]
    pub enum Shadowed {
        A,
        B,
    }

    #[derive(ElicitForm)]
    pub struct Questions {
        pub shadowed: Shadowed,
    }
}

#[test]
fn the_impls_work() {
    use ::schemars::JsonSchema;
    use serde_json::json;

    let mut generator = ::schemars::SchemaGenerator::default();
    assert_eq!(
        shadowing::Shadowed::json_schema(&mut generator).to_value(),
        json!({"type": "string", "enum": ["A", "B"]}),
    );
    assert_eq!(
        shadowing::Questions::json_schema(&mut generator).to_value(),
        json!({
            "type": "object",
            "properties": {"shadowed": {"type": "string", "enum": ["A", "B"]}},
            "required": ["shadowed"],
        }),
    );
    assert_eq!(shadowing::Shadowed::schema_name(), "Shadowed");
    assert_eq!(
        shadowing::Shadowed::schema_id(),
        "derive::schemars_hygiene::shadowing::Shadowed"
    );
    assert!(shadowing::Questions::inline_schema());
}
