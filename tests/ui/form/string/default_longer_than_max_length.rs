use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(max_length = 3, default = "Alice")]
    name: String,
}

fn main() {}
