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
    #[elicit(max_items = 1, default_items = [Red, Green])]
    colors: Vec<Color>,
}

fn main() {}
