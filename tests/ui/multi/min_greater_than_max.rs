use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(min_items = 3, max_items = 2)]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
