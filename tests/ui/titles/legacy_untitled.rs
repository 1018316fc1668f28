// Case C05, input_bad.rs (shared/cases).
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(legacy)]
pub enum Language {
    #[elicit(rename = "en", title = "English")]
    English,
    #[elicit(rename = "de")]
    German,
}

fn main() {}
