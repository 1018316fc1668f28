use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_length = -1)]
    name: String,
}

fn main() {}
