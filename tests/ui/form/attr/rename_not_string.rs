use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(rename = full_name)]
    name: String,
}

fn main() {}
