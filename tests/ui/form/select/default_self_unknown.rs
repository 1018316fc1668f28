// `Self` in an attribute's expression is the form struct.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = Self::START)]
    count: u8,
}

fn main() {}
