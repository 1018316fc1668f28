use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Large,
    #[elicit(skip)]
    Custom,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = "custom")]
    size: Size,
}

fn main() {}
