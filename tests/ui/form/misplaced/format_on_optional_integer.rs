use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(format = "email")]
    count: Option<u8>,
}

fn main() {}
