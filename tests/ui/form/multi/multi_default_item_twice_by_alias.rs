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
    // The variant and its wire value: one option, twice.
    #[elicit(default_items = [Red, "red"])]
    colors: Vec<Color>,
}

fn main() {}
