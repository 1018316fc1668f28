//! Both derives in a crate that names enum-schema `es` in its Cargo.toml
//! (`es = { package = "enum-schema", .. }`): there is no `enum_schema` here,
//! and no `#[elicit(crate = "..")]` either.

use es::{ElicitEnum, ElicitForm};

/// How urgent.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase", default = Low)]
pub enum Priority {
    Low,
    High,
}

#[derive(ElicitForm, Debug, PartialEq)]
#[elicit(message = "Triage")]
pub struct Triage {
    pub priority: Priority,
    #[elicit(default_items = [High])]
    pub also: Vec<Priority>,
    #[elicit(min_length = 1)]
    pub note: Option<String>,
}

/// `crate = ".."` still works, and wins: here it names a re-export.
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
    fn derives_find_the_renamed_crate() {
        assert_eq!(
            serde_json::to_value(Priority::SCHEMA).unwrap(),
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
    fn the_crate_attribute_still_works() {
        assert_eq!(facade::Through::parse("One"), Ok(facade::Through::One));
    }
}
