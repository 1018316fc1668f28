use enum_schema::ElicitEnum;

#[derive(serde::Deserialize, ElicitEnum)]
enum Hosting {
    Local,
    #[serde(rename = "on-prem")]
    #[elicit(rename = "onprem")]
    OnPremises,
}

fn main() {}
