use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase", default_items = [Red, "red"])]
enum Color {
    Red,
    Green,
    Blue,
}

fn main() {}
