use std::collections::HashMap;

use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order {
    labels: HashMap<String, String>,
}

fn main() {}
