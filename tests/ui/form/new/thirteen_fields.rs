// A run-time form takes at most twelve fields.
use enum_schema::{BooleanField, Form};

fn main() {
    let _ = Form::new((
        ("a", BooleanField::new()),
        ("b", BooleanField::new()),
        ("c", BooleanField::new()),
        ("d", BooleanField::new()),
        ("e", BooleanField::new()),
        ("f", BooleanField::new()),
        ("g", BooleanField::new()),
        ("h", BooleanField::new()),
        ("i", BooleanField::new()),
        ("j", BooleanField::new()),
        ("k", BooleanField::new()),
        ("l", BooleanField::new()),
        ("m", BooleanField::new()),
    ));
}
