use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(max_len = 80)]
    name: String,
}

fn main() {}
