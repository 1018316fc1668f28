use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = 1.5, maximum = 0.5)]
    ratio: f64,
}

fn main() {}
