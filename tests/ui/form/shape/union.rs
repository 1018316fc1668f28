use enum_schema::ElicitForm;

#[derive(ElicitForm)]
union Order {
    count: u8,
    flag: bool,
}

fn main() {}
