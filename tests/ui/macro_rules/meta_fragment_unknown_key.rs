// Attributes passed through as `$(#[$m:meta])*` are read like written ones.
use enum_schema::ElicitEnum;

macro_rules! choice {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        pub enum $name {
            Small,
            Large,
        }
    };
}

choice!(#[derive(ElicitEnum)] #[elicit(colour = "red")] Size);

fn main() {}
