// Three unrelated mistakes, three errors in one build, and no error from
// the use of the trait in `main`.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "lowercase", default = Urgent, colour = "red")]
enum Priority {
    Low,
    #[elicit(rename = "low")]
    Minor,
    High,
}

fn main() {
    let _ = Priority::SINGLE_SELECT;
    let _ = Priority::parse("low");
}
