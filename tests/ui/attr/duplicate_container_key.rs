use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(title = "Priority")]
#[elicit(title = "Urgency")]
enum Priority {
    Low,
    High,
}

fn main() {}
