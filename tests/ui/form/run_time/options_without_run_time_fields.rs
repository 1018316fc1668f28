use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(options = "Choices")]
struct Confirm {
    sure: bool,
}

fn main() {}
