// Case C29: a form property named "".
use enum_schema::ElicitForm;

#[derive(ElicitForm, Debug, PartialEq)]
pub struct Search {
    #[elicit(rename = "")]
    query: String,
}

fn main() {}
