use enum_schema::ElicitEnum;

#[derive(serde::Deserialize, ElicitEnum)]
#[serde(rename_all = "snake_case")]
#[elicit(rename_all = "kebab-case")]
enum Hosting {
    Local,
    OnPremises,
}

fn main() {}
