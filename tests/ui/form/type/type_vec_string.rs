use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    tags: Vec<String>,
}

fn main() {}
