// A form field's default is an option's wire value: an alias, which the
// enum accepts in an answer, is not one (the request would send it).
use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Size {
    #[elicit(alias = "s")]
    Small,
    Large,
}

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = "s")]
    size: Size,
}

fn main() {}
