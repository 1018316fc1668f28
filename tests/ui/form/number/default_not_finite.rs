use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Reading {
    #[elicit(default = f64::NAN)]
    value: f64,
}

fn main() {}
