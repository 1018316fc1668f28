use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = Size::Huge)]
    size: Size,
}

fn main() {}
