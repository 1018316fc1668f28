use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(crate = "no_such_crate")]
struct Order {
    name: String,
}

fn main() {}
