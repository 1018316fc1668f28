use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(message)]
struct Order {
    name: String,
}

fn main() {}
