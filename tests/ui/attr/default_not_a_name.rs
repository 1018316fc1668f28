use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(default = 5)]
enum Priority {
    Low,
    High,
}

fn main() {}
