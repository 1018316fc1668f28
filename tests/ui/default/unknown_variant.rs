use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(default = Urgent)]
enum Priority {
    Low,
    High,
}

fn main() {}
