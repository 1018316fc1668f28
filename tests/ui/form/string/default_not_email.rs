use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(format = "email", default = "alice")]
    email: String,
}

fn main() {}
