use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase", default = Red)]
enum Color {
    Red,
    Green,
}

#[derive(ElicitForm)]
struct Order {
    // The enum's single-select default is no multi-select default.
    #[elicit(max_items = 1, fill_default)]
    colors: Vec<Color>,
}

fn main() {}
