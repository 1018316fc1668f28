// The property name comes from serde's `rename`: empty all the same.
use enum_schema::ElicitForm;

#[derive(serde::Deserialize, ElicitForm)]
struct Search {
    #[serde(rename = "")]
    query: String,
}

fn main() {}
