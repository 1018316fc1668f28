// serde's `alias = ""` is accepted when parsing: refused all the same.
use enum_schema::ElicitEnum;

#[derive(serde::Deserialize, ElicitEnum)]
enum Filter {
    Any,
    #[serde(alias = "")]
    Open,
}

fn main() {}
