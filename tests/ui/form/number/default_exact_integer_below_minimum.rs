use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Big {
    // Equal as f64, one apart as i64: the check is exact.
    #[elicit(minimum = 9007199254740993, default = 9007199254740992)]
    value: i64,
}

fn main() {}
