use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = 0)]
    ratio: f64,
}

fn main() {}
