// After the derive's error, using the type as an `ElicitForm` must not add
// "trait not implemented" errors.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order(String);

fn main() {
    let _ = Order::requested_schema();
}
