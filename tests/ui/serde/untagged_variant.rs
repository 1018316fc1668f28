use enum_schema::ElicitEnum;
use serde::Deserialize;

#[derive(ElicitEnum, Deserialize)]
enum Speed {
    Fast,
    #[serde(untagged)]
    Slow,
}

fn main() {}
