// Case C16, input_bad_all_skipped.rs (shared/cases).
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
pub enum Gone {
    #[elicit(skip)]
    Old,
    #[cfg(any())]
    Disabled,
}

fn main() {}
