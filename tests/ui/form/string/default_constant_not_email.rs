use enum_schema::ElicitForm;

const OWNER: &str = "nobody";

#[derive(ElicitForm)]
struct Contact {
    #[elicit(format = "email", default = OWNER)]
    email: String,
}

fn main() {}
