use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase")]
#[allow(non_camel_case_types)]
enum Grade {
    A,
    a,
}

fn main() {}
