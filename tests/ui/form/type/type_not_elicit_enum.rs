use enum_schema::ElicitForm;

struct Address;

#[derive(ElicitForm)]
struct Order {
    address: Address,
}

fn main() {}
