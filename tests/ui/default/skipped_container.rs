use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(default = Old)]
enum Format {
    New,
    #[elicit(skip)]
    Old,
}

fn main() {}
