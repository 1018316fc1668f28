use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Order<T> {
    item: T,
}

fn main() {}
