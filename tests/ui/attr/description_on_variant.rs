// Variant doc comments never become descriptions: nothing to turn off.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Priority {
    /// Can wait.
    #[elicit(description = false)]
    Low,
    High,
}

fn main() {}
