use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(minimum = 1, fill_default)]
    replicas: u8,
}

fn main() {}
