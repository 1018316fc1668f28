use enum_schema::ElicitEnum;
use serde::Deserialize;

#[derive(ElicitEnum, Deserialize)]
#[serde(tag = "kind", content = "value")]
enum Speed {
    Fast,
    Slow,
}

fn main() {}
