use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_length = 5, max_length = 2)]
    name: String,
}

fn main() {}
