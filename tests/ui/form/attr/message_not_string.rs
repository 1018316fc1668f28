use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(message = 42)]
struct Order {
    name: String,
}

fn main() {}
