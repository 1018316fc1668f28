use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(fill_default)]
    environment: OwnedChoice,
}

fn main() {}
