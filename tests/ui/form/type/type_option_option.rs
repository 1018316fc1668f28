use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    note: Option<Option<String>>,
}

fn main() {}
