// After the derive's error, using the type as an `ElicitEnum` must not add
// "trait not implemented" errors.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
struct Priority {
    level: u8,
}

fn main() {
    let _ = Priority::SINGLE_SELECT;
}
