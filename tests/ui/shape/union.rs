use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
union Priority {
    level: u8,
}

fn main() {}
