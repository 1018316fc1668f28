use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    name: String,
    #[elicit(rename = "name")]
    full_name: String,
}

fn main() {}
