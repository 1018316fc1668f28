use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    #[elicit(title = "")]
    Low,
    #[elicit(title = "High")]
    High,
}

fn main() {}
