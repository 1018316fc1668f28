use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
#[elicit(options = "deploy options")]
struct Deploy {
    environment: OwnedChoice,
}

fn main() {}
