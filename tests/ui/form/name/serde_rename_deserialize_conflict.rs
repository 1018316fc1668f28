use enum_schema::ElicitForm;

#[derive(serde::Deserialize, ElicitForm)]
struct Order {
    #[serde(rename(deserialize = "fullName"))]
    #[elicit(rename = "full_name")]
    name: String,
}

fn main() {}
