use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(format = "date", default = "2025-13-01")]
    day: String,
}

fn main() {}
