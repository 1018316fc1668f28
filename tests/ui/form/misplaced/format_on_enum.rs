use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(format = "email")]
    size: Size,
}

fn main() {}
