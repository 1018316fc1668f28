// Case C29: an option whose wire value is the empty string, which form
// renderers send for "nothing selected".
use enum_schema::ElicitEnum;

#[derive(ElicitEnum, Debug, PartialEq)]
pub enum Filter {
    #[elicit(rename = "", title = "Any")]
    Any,
    #[elicit(rename = "open", title = "Open")]
    Open,
}

fn main() {}
