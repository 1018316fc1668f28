use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(rename_all = "camelCase")]
struct Order {
    r#type: String,
    type_: String,
}

fn main() {}
