// The derive in the macro body, the type from the caller: rustc's error
// lands on the caller's token.
use enum_schema::ElicitForm;

pub struct Address;

macro_rules! form {
    ($name:ident { $($field:ident : $ty:ident),* }) => {
        #[derive(ElicitForm)]
        pub struct $name { $(pub $field: $ty),* }
    };
}

form!(Order { count: u8, address: Address });

fn main() {}
