use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    initial: char,
}

fn main() {}
