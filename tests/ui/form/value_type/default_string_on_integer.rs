use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = "thirty")]
    age: u8,
}

fn main() {}
