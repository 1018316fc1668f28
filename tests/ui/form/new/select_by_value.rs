// In a tuple of pairs, the error is about the field that is not one (a
// select built at run time is a field by reference), not about the tuple.
use enum_schema::{schema::SingleSelectSchema, Form};

fn main() {
    let select = SingleSelectSchema::new(["stg", "prod"]).unwrap();
    let _ = Form::new((("environment", select),));
}
