use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = 0.5)]
    count: u8,
}

fn main() {}
