use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(min_items = 1)]
    reviewers: Vec<OwnedChoice>,
}

fn main() {}
