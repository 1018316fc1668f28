use enum_schema::ElicitForm;

#[derive(serde::Deserialize, ElicitForm)]
#[serde(rename_all = "camelCase")]
struct Order {
    #[elicit(rename = "user_name")]
    user_name: String,
}

fn main() {}
