use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(message = " ")]
struct Search {
    query: String,
}

fn main() {}
