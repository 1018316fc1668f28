// Case C16, input_bad_empty.rs (shared/cases).
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
pub enum Never {}

fn main() {}
