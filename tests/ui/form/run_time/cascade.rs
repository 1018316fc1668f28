// A run-time form with a mistake still has its options struct and its
// `ElicitFormWith` impl: the code that asks it raises nothing more.
use enum_schema::{ElicitForm, ElicitFormWith, OwnedChoice, schema::SingleSelectSchema};

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(default = "stg")]
    environment: OwnedChoice,
}

fn main() {
    let options = DeployOptions {
        environment: SingleSelectSchema::new(["stg"]).unwrap(),
    };
    let _ = Deploy::request_with("Deploy?", &options);
}
