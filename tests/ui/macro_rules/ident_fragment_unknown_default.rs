// A default variant passed as `$default:ident`.
use enum_schema::ElicitEnum;

macro_rules! choice {
    ($name:ident, $default:ident) => {
        #[derive(ElicitEnum)]
        #[elicit(default = $default)]
        pub enum $name {
            Small,
            Large,
        }
    };
}

choice!(Size, Huge);

fn main() {}
