use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = if true { 1 } else { 2 })]
    count: u8,
}

fn main() {}
