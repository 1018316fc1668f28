use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = "yes")]
    gift: bool,
}

fn main() {}
