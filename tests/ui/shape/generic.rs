// Case C14, input_bad_generic.rs (shared/cases).
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
pub enum Choice<T> {
    Default,
    Custom(T),
}

fn main() {}
