use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = 10, maximum = 1)]
    count: u8,
}

fn main() {}
