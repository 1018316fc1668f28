use enum_schema::ElicitEnum;
use serde::Deserialize;

#[derive(ElicitEnum, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
enum Speed {
    Fast,
    Slow,
}

fn main() {}
