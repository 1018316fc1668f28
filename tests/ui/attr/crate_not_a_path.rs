use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(crate = "not a path ::")]
enum Priority {
    Low,
    High,
}

fn main() {}
