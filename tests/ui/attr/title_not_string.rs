use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(title = 5)]
enum Priority {
    Low,
    High,
}

fn main() {}
