use enum_schema::ElicitEnum;

#[derive(serde::Deserialize, ElicitEnum)]
#[serde(rename_all = "lowercase")]
enum Priority {
    Low,
    #[serde(alias = "low")]
    Minor,
}

fn main() {}
