use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_items = 1)]
    size: Size,
}

fn main() {}
