use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(title = "")]
    name: String,
}

fn main() {}
