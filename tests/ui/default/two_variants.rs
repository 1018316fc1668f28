use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    #[elicit(default)]
    Low,
    #[elicit(default)]
    High,
}

fn main() {}
