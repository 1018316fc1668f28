// One `(name, field)` pair needs a comma after it to be a tuple of pairs.
use enum_schema::{Form, StringField};

fn main() {
    let _ = Form::new(("name", StringField::new()));
}
