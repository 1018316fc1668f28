use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum)]
    count: u8,
}

fn main() {}
