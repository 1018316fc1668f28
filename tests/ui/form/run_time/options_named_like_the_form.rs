use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
#[elicit(options = "Deploy")]
struct Deploy {
    environment: OwnedChoice,
}

fn main() {}
