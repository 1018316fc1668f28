// ElicitEnum is implemented by its derive only: a hand-written impl misses
// the hidden item, whose name says so.
use enum_schema::ElicitEnum;

pub enum Color {
    Red,
}

impl ElicitEnum for Color {
    fn from_wire_value(value: &str) -> Option<Self> {
        (value == "red").then_some(Color::Red)
    }
}

fn main() {}
