use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(fill_default)]
    color: Color,
}

fn main() {}
