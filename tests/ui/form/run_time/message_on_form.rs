use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
#[elicit(message = "Deploy?")]
struct Deploy {
    environment: OwnedChoice,
}

fn main() {}
