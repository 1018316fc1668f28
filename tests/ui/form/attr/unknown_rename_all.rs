use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(rename_all = "Title Case")]
struct Order {
    name: String,
}

fn main() {}
