use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit]
struct Order {
    name: String,
}

fn main() {}
