use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Color {
    #[elicit(alias = "r")]
    Red,
    Green,
}

#[derive(ElicitForm)]
struct Order {
    // An alias names its option: "r" and "red" are one option, twice.
    #[elicit(default_items = ["r", "red"])]
    colors: Vec<Color>,
}

fn main() {}
