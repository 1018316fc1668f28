use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_al = "kebab-case")]
enum Priority {
    Low,
    High,
}

fn main() {}
