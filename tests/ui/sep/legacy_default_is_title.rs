// SEP-1330, "Legacy Single Select With Titles": the example's default is
// "Green", a title; the values are the hex codes.
use enum_schema::ElicitEnum;

/// Choose your favorite color
#[derive(ElicitEnum)]
#[elicit(legacy, title = "Color Selection", default = "Green")]
enum Color {
    #[elicit(rename = "#FF0000", title = "Red")]
    Red,
    #[elicit(rename = "#00FF00", title = "Green")]
    Green,
    #[elicit(rename = "#0000FF", title = "Blue")]
    Blue,
}

fn main() {}
