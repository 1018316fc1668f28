// The wire value comes from serde's `rename`: empty all the same.
use enum_schema::ElicitEnum;

#[derive(serde::Deserialize, ElicitEnum)]
enum Filter {
    #[serde(rename = "")]
    Any,
    Open,
}

fn main() {}
