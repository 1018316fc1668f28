use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order(String, u8);

fn main() {}
