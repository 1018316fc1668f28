use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(from_str, display = "wire")]
enum Priority {
    Low,
    High,
}

fn main() {}
