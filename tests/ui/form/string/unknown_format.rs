use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(format = "phone")]
    phone: String,
}

fn main() {}
