use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(default = true, fill_default, fill_default)]
    public: bool,
}

fn main() {}
