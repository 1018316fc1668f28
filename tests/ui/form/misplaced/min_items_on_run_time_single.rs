use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(min_items = 1)]
    environment: OwnedChoice,
}

fn main() {}
