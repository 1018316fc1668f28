use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
struct Priority {
    level: u8,
}

fn main() {}
