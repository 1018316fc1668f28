// After the derive's error, using the type as an `ElicitForm` must not add
// "no function or associated item" errors.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order<T> {
    item: T,
}

fn main() {
    let _ = Order::<u8>::requested_schema();
}
