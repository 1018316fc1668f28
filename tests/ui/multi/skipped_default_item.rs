use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(default_items = [Red, Blue])]
enum Color {
    Red,
    Green,
    #[elicit(skip)]
    Blue,
}

fn main() {}
