// A form is not a property: the spec's requestedSchema is flat.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Address {
    street: String,
}

#[derive(ElicitForm)]
struct Order {
    address: Address,
}

fn main() {}
