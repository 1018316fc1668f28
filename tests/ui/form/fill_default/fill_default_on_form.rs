use enum_schema::ElicitForm;

#[derive(ElicitForm)]
#[elicit(fill_default)]
struct Deploy {
    #[elicit(default = true)]
    public: bool,
}

fn main() {}
