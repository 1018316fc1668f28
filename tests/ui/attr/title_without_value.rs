use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(title)]
enum Priority {
    Low,
    High,
}

fn main() {}
