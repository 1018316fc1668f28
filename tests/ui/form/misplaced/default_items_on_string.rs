use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default_items = ["a"])]
    name: String,
}

fn main() {}
