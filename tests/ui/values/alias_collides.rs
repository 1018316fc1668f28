use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
enum Priority {
    Low,
    #[elicit(alias = "low")]
    Minor,
}

fn main() {}
