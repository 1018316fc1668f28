use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(format = email)]
    email: String,
}

fn main() {}
