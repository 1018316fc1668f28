use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    count: i128,
}

fn main() {}
