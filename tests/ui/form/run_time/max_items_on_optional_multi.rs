use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(max_items = 2)]
    reviewers: Option<Vec<OwnedChoice>>,
}

fn main() {}
