use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(default = "x")]
struct Order {
    name: String,
}

fn main() {}
