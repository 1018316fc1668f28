use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(default = "web", fill_default)]
    name: Option<String>,
}

fn main() {}
