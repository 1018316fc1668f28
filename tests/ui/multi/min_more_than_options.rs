use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(min_items = 3)]
enum Color {
    Red,
    Green,
    #[elicit(skip)]
    Blue,
}

fn main() {}
