// The form's request needs its options: `request` is not there, and the
// options struct must name every select.
use enum_schema::{ElicitForm, ElicitFormWith, OwnedChoice, schema::SingleSelectSchema};

#[derive(ElicitForm)]
struct Deploy {
    environment: OwnedChoice,
    backup: OwnedChoice,
}

fn main() {
    let _ = Deploy::request("Deploy?");
    let options = DeployOptions {
        environment: SingleSelectSchema::new(["stg"]).unwrap(),
    };
    let _ = Deploy::request_with("Deploy?", &options);
}
