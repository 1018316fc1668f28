use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    #[elicit(title = "Low priority")]
    Low,
    Medium,
    #[elicit(title = "High priority")]
    High,
}

fn main() {}
