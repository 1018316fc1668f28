use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(description = 3)]
    name: String,
}

fn main() {}
