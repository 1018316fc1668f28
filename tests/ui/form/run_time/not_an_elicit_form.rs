// Code written for `ElicitForm` says where a form with run-time options
// is asked instead.
use enum_schema::{ElicitForm, OwnedChoice};

#[derive(ElicitForm)]
struct Deploy {
    environment: OwnedChoice,
}

fn ask<F: ElicitForm>() {}

fn main() {
    ask::<Deploy>();
}
