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
    #[elicit(default_items = ["purple"])]
    colors: Vec<Color>,
}

fn main() {}
