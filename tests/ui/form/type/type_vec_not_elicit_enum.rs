use enum_schema::ElicitForm;

struct Address;

#[derive(ElicitForm)]
struct Order {
    addresses: Vec<Address>,
}

fn main() {}
