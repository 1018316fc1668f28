use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(crate = "not a path")]
struct Order {
    name: String,
}

fn main() {}
