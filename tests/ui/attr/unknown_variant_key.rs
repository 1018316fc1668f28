use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    #[elicit(label = "Low priority")]
    Low,
    High,
}

fn main() {}
