use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(default_items = Red)]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
