use enum_schema::ElicitEnum;

/// How urgent.
#[derive(ElicitEnum)]
#[elicit(description = true)]
enum Priority {
    Low,
    High,
}

fn main() {}
