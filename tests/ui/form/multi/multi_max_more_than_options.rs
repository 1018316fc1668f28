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
    #[elicit(max_items = 4)]
    colors: Vec<Color>,
}

fn main() {}
