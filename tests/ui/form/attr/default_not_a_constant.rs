use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = 1 +)]
    count: u8,
}

fn main() {}
