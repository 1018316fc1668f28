use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(max_items = 1, default_items = [Red, Green])]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
