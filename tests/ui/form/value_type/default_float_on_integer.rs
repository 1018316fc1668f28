use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = 1.5)]
    count: u32,
}

fn main() {}
