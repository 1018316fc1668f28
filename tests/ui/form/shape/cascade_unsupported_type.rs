// After the derive's error, using the form must not add errors.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    tags: Vec<String>,
}

fn main() {
    let _ = Order::default_request();
}
