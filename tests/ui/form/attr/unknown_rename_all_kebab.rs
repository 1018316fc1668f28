use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(rename_all = "kebab")]
struct Order {
    name: String,
}

fn main() {}
