use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(max_items = -1)]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
