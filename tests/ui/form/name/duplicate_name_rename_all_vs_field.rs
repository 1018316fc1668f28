use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(rename_all = "camelCase")]
struct Order {
    user_name: String,
    #[elicit(rename = "userName")]
    login: String,
}

fn main() {}
