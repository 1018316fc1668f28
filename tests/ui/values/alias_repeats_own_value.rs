use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Priority {
    #[elicit(alias = "low")]
    Low,
    High,
}

fn main() {}
