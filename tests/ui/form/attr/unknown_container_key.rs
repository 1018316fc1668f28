use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(title = "Your order")]
struct Order {
    name: String,
}

fn main() {}
