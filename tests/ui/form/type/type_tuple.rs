use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    size: (u8, u8),
}

fn main() {}
