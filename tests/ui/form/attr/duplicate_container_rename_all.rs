use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(rename_all = "camelCase", rename_all = "kebab-case")]
struct Order {
    name: String,
}

fn main() {}
