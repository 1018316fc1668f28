use enum_schema::ElicitEnum;

/// How urgent.
#[derive(ElicitEnum)]
#[elicit(description = false, description = "Urgency")]
enum Priority {
    Low,
    High,
}

fn main() {}
