use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(legacy = true)]
enum Priority {
    Low,
    High,
}

fn main() {}
