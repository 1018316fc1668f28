use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    name: &'static str,
}

fn main() {}
