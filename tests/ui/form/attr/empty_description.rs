use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Search {
    /// What to look for.
    #[elicit(description = "")]
    query: String,
}

fn main() {}
