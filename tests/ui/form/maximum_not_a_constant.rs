use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(maximum = match 1 { _ => 2 })]
    count: u8,
}

fn main() {}
