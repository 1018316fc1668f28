use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(default_items = ["ada"])]
    reviewers: Vec<OwnedChoice>,
}

fn main() {}
