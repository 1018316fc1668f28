use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    #[elicit(rename = "low", rename = "minor")]
    Low,
    High,
}

fn main() {}
