use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = 0)]
    size: Size,
}

fn main() {}
