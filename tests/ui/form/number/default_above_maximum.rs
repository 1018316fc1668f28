use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = 1, maximum = 10, default = 11)]
    count: u8,
}

fn main() {}
