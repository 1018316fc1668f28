// After the derive's error, using the type as an `ElicitEnum` must not add
// "trait not implemented" errors.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Target {
    Local,
    Remote(String),
}

fn main() {
    let _ = Target::SINGLE_SELECT;
    let _ = Target::parse("local");
}
