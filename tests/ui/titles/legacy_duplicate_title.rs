use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(legacy)]
pub enum Language {
    #[elicit(rename = "en", title = "English")]
    English,
    #[elicit(rename = "en-gb", title = "English")]
    BritishEnglish,
}

fn main() {}
