use enum_schema::{ElicitEnum, ElicitForm};

// The enum's own default has one item; the field asks for at least two.
#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase", default_items = [Red])]
enum Color {
    Red,
    Green,
    Blue,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_items = 2)]
    colors: Vec<Color>,
}

fn main() {}
