use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Large,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = "nope")]
    size: Option<Size>,
}

fn main() {}
