use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(default = true, fill_default = true)]
    public: bool,
}

fn main() {}
