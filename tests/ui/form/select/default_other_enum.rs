use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
}

#[derive(ElicitEnum)]
enum Color {
    Red,
    Blue,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = Color::Red)]
    size: Size,
}

fn main() {}
