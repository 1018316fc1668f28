use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(min_length = 1)]
    size: Vec<Size>,
}

fn main() {}
