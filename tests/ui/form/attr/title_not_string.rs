use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(title = Name)]
    name: String,
}

fn main() {}
