use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(title = "Name", title = "Full name")]
    name: String,
}

fn main() {}
