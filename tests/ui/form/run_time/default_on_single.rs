use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(default = "staging")]
    environment: OwnedChoice,
}

fn main() {}
