use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(max_length = 1)]
    gift: bool,
}

fn main() {}
