// Every mistake of a run-time form is reported, each on its token.
use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
#[elicit(message = "Deploy?")]
struct Deploy {
    #[elicit(default = "stg")]
    environment: OwnedChoice,
    #[elicit(min_items = 1, fill_default)]
    reviewers: Vec<OwnedChoice>,
}

fn main() {}
