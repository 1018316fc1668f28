// SEP-1330, "Multi-Select with Titles": the example's default is
// ["Green"], a title; the values are the hex codes.
use enum_schema::ElicitEnum;

/// Choose your favorite colors
#[derive(ElicitEnum)]
#[elicit(title = "Color Selection", min_items = 1, max_items = 3, default_items = ["Green"])]
enum Color {
    #[elicit(rename = "#FF0000", title = "Red")]
    Red,
    #[elicit(rename = "#00FF00", title = "Green")]
    Green,
    #[elicit(rename = "#0000FF", title = "Blue")]
    Blue,
}

fn main() {}
