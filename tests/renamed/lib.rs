//! Both derives in a crate that names enum-schema `es` in its Cargo.toml
//! (`es = { package = "enum-schema", .. }`): there is no `enum_schema` here,
//! so every derive says `#[elicit(crate = "es")]`. The other way, one
//! `extern crate es as enum_schema;` at the crate root, is
//! `tests/extern_crate.rs`.

use es::{ElicitEnum, ElicitForm};

/// How urgent.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(crate = "es", rename_all = "lowercase", default = Low)]
pub enum Priority {
    Low,
    High,
}

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(crate = "es", message = "Triage")]
pub struct Triage {
    pub priority: Priority,
    #[elicit(default_items = [High])]
    pub also: Vec<Priority>,
    #[elicit(min_length = 1)]
    pub note: Option<String>,
}

/// A select whose options are given when the request is built: the
/// generated options struct names the renamed crate's types too.
#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(crate = "es")]
pub struct Assign {
    pub owner: es::OwnedChoice,
}

/// `crate = ".."` names a re-export as well as a dependency.
pub mod facade {
    pub use es as schema;

    #[derive(super::ElicitEnum, Debug, PartialEq)]
    #[elicit(crate = "crate::facade::schema")]
    pub enum Through {
        One,
    }
}

#[cfg(test)]
mod tests {
    use es::{ElicitAction, ElicitEnum, ElicitForm};
    use serde_json::json;

    use super::{facade, Priority, Triage};

    #[test]
    fn derives_reach_the_renamed_crate_through_the_attribute() {
        assert_eq!(
            serde_json::to_value(Priority::SINGLE_SELECT).unwrap(),
            json!({"type": "string", "description": "How urgent.", "enum": ["low", "high"], "default": "low"})
        );
        assert_eq!(
            serde_json::to_value(Triage::requested_schema()).unwrap(),
            json!({"type": "object", "properties": {
                "priority": {"type": "string", "description": "How urgent.", "enum": ["low", "high"], "default": "low"},
                "also": {"type": "array", "description": "How urgent.", "items": {"type": "string", "enum": ["low", "high"]}, "default": ["high"]},
                "note": {"type": "string", "minLength": 1}
            }, "required": ["priority", "also"]})
        );
        assert_eq!(
            Triage::parse_result(
                json!({"action": "accept", "content": {"priority": "high", "also": []}})
            ),
            Ok(ElicitAction::Accept(Triage {
                priority: Priority::High,
                also: vec![],
                note: None
            }))
        );
        assert_eq!(Triage::MESSAGE, Some("Triage"));
    }

    #[test]
    fn run_time_options_find_the_renamed_crate() {
        use es::ElicitFormWith;

        let options = super::AssignOptions {
            owner: es::schema::SingleSelectSchema::new(["ada"]).unwrap(),
        };
        assert_eq!(
            serde_json::to_value(super::Assign::requested_schema_with(&options)).unwrap(),
            json!({"type": "object", "properties": {"owner": {"type": "string", "enum": ["ada"]}}, "required": ["owner"]})
        );
        let answer = json!({"action": "accept", "content": {"owner": "ada"}});
        let Ok(ElicitAction::Accept(assign)) = super::Assign::parse_result_with(answer, &options)
        else {
            panic!()
        };
        assert_eq!(assign.owner.value(), "ada");
    }

    #[test]
    fn the_crate_attribute_names_a_re_export() {
        assert_eq!(facade::Through::parse("One"), Ok(facade::Through::One));
    }
}
