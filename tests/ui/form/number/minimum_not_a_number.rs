use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = "one")]
    count: u8,
}

fn main() {}
