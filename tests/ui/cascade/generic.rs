// After the derive's errors, using the type as an `ElicitEnum` must not add
// "trait not implemented" errors.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Choice<T> {
    Default,
    Custom(T),
}

fn main() {
    let _ = Choice::<u8>::SINGLE_SELECT;
}
