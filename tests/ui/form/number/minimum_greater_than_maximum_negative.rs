use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = -1, maximum = -10)]
    delta: i32,
}

fn main() {}
