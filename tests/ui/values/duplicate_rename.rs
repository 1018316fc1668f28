use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    Low,
    #[elicit(rename = "Low")]
    Minor,
}

fn main() {}
