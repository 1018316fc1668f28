// Case C14, input_bad_struct.rs (shared/cases).
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
pub enum Selection {
    All,
    Range { from: u32, to: u32 },
}

fn main() {}
