use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(maximum = ..)]
    count: u8,
}

fn main() {}
