use enum_schema::ElicitEnum;

/// How urgent.
#[derive(ElicitEnum)]
#[elicit(description = "  ")]
enum Priority {
    Low,
    High,
}

fn main() {}
