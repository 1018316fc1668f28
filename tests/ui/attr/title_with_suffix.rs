use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(title = "Severity"xyz)]
enum Severity {
    Low,
    High,
}

fn main() {}
