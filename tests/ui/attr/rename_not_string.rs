use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    #[elicit(rename = 1)]
    Low,
    High,
}

fn main() {}
