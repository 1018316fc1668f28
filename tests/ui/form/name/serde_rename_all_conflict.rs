use enum_schema::ElicitForm;

#[derive(serde::Deserialize, ElicitForm)]
#[serde(rename_all = "kebab-case")]
#[elicit(rename_all = "camelCase")]
struct Order {
    user_name: String,
}

fn main() {}
