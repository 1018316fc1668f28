// Every mistake is reported in one build.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(rename_all = "Title Case")]
struct Order {
    #[elicit(placeholder = "Alice")]
    name: String,
    #[elicit(minimum = 10, maximum = 1)]
    count: u8,
}

fn main() {}
