use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_length = 3, default = "Al")]
    name: String,
}

fn main() {}
