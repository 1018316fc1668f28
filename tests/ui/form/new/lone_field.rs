// A field alone, not in a `(name, field)` pair, is not a form.
use enum_schema::{Form, StringField};

fn main() {
    let _ = Form::new(StringField::new());
}
