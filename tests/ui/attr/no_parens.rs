use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit]
enum Priority {
    Low,
    High,
}

fn main() {}
