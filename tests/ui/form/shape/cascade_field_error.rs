// An error on one field must not add errors where the form is used.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_length = 5, max_length = 2)]
    name: String,
}

fn main() {
    let _ = Order::requested_schema();
    let _ = Order::MESSAGE;
}
