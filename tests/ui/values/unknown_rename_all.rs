use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "Title Case")]
enum Priority {
    Low,
    High,
}

fn main() {}
