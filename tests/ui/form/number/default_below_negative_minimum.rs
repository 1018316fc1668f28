use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = -5, default = -6)]
    delta: i32,
}

fn main() {}
