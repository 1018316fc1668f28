use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit]
    name: String,
}

fn main() {}
