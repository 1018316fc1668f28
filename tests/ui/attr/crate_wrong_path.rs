// A path that parses but does not resolve: rustc's error must land on the
// user's literal, once.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(crate = "enum_schemaa")]
enum Priority {
    Low,
    High,
}

fn main() {}
