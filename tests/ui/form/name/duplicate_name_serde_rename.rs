use enum_schema::ElicitForm;

#[derive(serde::Deserialize, ElicitForm)]
struct Order {
    name: String,
    #[serde(rename = "name")]
    full_name: String,
}

fn main() {}
