use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = ,)]
    count: u8,
}

fn main() {}
