use enum_schema::ElicitForm;

#[derive(serde::Deserialize, ElicitForm)]
struct Order {
    #[serde(rename = "fullName")]
    #[elicit(rename = "full-name")]
    name: String,
}

fn main() {}
