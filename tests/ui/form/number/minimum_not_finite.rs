use enum_schema::ElicitForm;

const LOW: f32 = f32::NEG_INFINITY;

#[derive(ElicitForm)]
struct Reading {
    #[elicit(minimum = LOW, maximum = 10.0, default = 1.0)]
    value: f32,
}

fn main() {}
