use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
    #[elicit(skip)]
    Custom,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = Size::Custom)]
    size: Size,
}

fn main() {}
