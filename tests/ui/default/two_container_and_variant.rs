use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(default = Low)]
enum Priority {
    Low,
    #[elicit(default)]
    High,
}

fn main() {}
