// A run-time form with no field says that a form needs one, and names
// `Confirm` for a yes or no, as the derive does for `struct Order {}`.
use enum_schema::Form;

fn main() {
    let _ = Form::new(());
}
