use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(message = "Your order", message = "Order")]
struct Order {
    name: String,
}

fn main() {}
