// An attribute value passed as `$default:expr`: the type error is on the
// caller's token, with the field's type as the reason.
use enum_schema::ElicitForm;

macro_rules! form {
    ($name:ident, $default:expr) => {
        #[derive(ElicitForm)]
        pub struct $name {
            #[elicit(default = $default)]
            pub count: u8,
        }
    };
}

form!(Order, "three");

fn main() {}
