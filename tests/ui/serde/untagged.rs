use enum_schema::ElicitEnum;
use serde::Deserialize;

#[derive(ElicitEnum, Deserialize)]
#[serde(untagged)]
enum Speed {
    Fast,
    Slow,
}

fn main() {}
