use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase", default = "urgent")]
enum Priority {
    Low,
    High,
}

fn main() {}
