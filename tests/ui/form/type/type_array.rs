use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    scores: [u8; 3],
}

fn main() {}
