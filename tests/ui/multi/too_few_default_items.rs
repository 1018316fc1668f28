use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(min_items = 2, default_items = [Red])]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
