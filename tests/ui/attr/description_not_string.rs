use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(description = no)]
enum Priority {
    Low,
    High,
}

fn main() {}
