use enum_schema::ElicitForm;

const TOO_MANY: u8 = 200;

#[derive(ElicitForm)]
struct Order {
    #[elicit(minimum = 0, maximum = 100, default = TOO_MANY)]
    quantity: u8,
}

fn main() {}
