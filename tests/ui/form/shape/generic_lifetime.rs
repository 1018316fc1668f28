use std::marker::PhantomData;

use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order<'a> {
    marker: PhantomData<&'a ()>,
}

fn main() {}
