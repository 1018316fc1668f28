use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
    Blue,
    #[elicit(skip)]
    Custom,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(default_items = [Red, Custom])]
    colors: Vec<Color>,
}

fn main() {}
