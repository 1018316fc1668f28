//! The other way to reach a renamed enum-schema: one line at the crate
//! root makes `::enum_schema`, the path the derives write, resolve to `es`.
//! No derive here says `crate = ".."`.

extern crate es as enum_schema;

use es::{ElicitAction, ElicitEnum, ElicitForm, ElicitFormWith};
use serde_json::json;

/// Where to deploy.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case", default = Staging)]
enum Environment {
    #[elicit(title = "Staging")]
    Staging,
    #[elicit(title = "Production")]
    Production,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Deploy {
    environment: Environment,
    #[elicit(max_items = 1)]
    also: Vec<Environment>,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Assign {
    owner: es::OwnedChoice,
}

#[test]
fn derives_reach_the_renamed_crate_through_extern_crate() {
    assert_eq!(
        serde_json::to_value(Environment::SINGLE_SELECT).unwrap(),
        json!({"type": "string", "description": "Where to deploy.", "oneOf": [
            {"const": "staging", "title": "Staging"},
            {"const": "production", "title": "Production"}
        ], "default": "staging"})
    );
    let answer =
        json!({"action": "accept", "content": {"environment": "production", "also": ["staging"]}});
    assert_eq!(
        Deploy::parse_result(answer),
        Ok(ElicitAction::Accept(Deploy {
            environment: Environment::Production,
            also: vec![Environment::Staging],
        }))
    );
    let options = AssignOptions {
        owner: es::schema::SingleSelectSchema::new(["ada"]).unwrap(),
    };
    let answer = json!({"action": "accept", "content": {"owner": "ada"}});
    let Ok(ElicitAction::Accept(assign)) = Assign::parse_result_with(answer, &options) else {
        panic!()
    };
    assert_eq!(assign.owner.value(), "ada");
}
