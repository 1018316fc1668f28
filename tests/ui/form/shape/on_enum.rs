use enum_schema::ElicitForm;

#[derive(ElicitForm)]
enum Size {
    Small,
    Large,
}

fn main() {}
