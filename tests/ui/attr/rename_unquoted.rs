use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    #[elicit(rename = low)]
    Low,
    High,
}

fn main() {}
