use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(maximum = 300)]
    count: u8,
}

fn main() {}
