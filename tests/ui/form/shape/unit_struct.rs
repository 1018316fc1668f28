use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order;

fn main() {}
