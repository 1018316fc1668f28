use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
    Blue,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_items = 3, max_items = 2)]
    colors: Vec<Color>,
}

fn main() {}
