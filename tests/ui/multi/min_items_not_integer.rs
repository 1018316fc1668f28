use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(min_items = "1")]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
