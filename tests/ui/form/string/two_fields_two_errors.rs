use enum_schema::ElicitForm;

const OWNER: &str = "{nobody}";

// One check per field: both mistakes are reported in one build.
#[derive(ElicitForm)]
struct Contact {
    #[elicit(format = "email", default = OWNER)]
    email: String,
    #[elicit(max_length = 2, default = "{x}")]
    initials: String,
}

fn main() {}
