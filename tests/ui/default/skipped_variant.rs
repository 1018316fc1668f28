use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Format {
    New,
    #[elicit(skip, default)]
    Old,
}

fn main() {}
