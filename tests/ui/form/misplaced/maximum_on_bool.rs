use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(maximum = 1)]
    gift: bool,
}

fn main() {}
