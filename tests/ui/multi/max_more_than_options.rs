use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(max_items = 4)]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
