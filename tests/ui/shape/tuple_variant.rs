// Case C14, input_bad_tuple.rs (shared/cases).
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
pub enum Target {
    Local,
    Remote(String),
}

fn main() {}
