use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Color {
    Red,
    Green,
}

#[derive(ElicitForm)]
struct Order {
    colors: Vec<Vec<Color>>,
}

fn main() {}
