// A form's own doc comment is never a description: nothing to turn off.
use enum_schema::ElicitForm;

/// Searches.
#[derive(ElicitForm)]
#[elicit(description = false)]
struct Search {
    query: String,
}

fn main() {}
