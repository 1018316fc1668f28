use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = 3)]
    name: String,
}

fn main() {}
