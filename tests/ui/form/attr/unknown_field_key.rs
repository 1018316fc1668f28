use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(placeholder = "Alice")]
    name: String,
}

fn main() {}
