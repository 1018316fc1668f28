use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(crate = enum_schema)]
struct Order {
    name: String,
}

fn main() {}
