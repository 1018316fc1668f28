// A field type passed as `$ty:ty` is seen through its invisible group: the
// error names the type the caller wrote, spanned on it.
use enum_schema::ElicitForm;

macro_rules! form {
    ($name:ident { $($field:ident : $ty:ty),* }) => {
        #[derive(ElicitForm)]
        pub struct $name { $(pub $field: $ty),* }
    };
}

form!(Profile { nickname: Option<String>, tags: Vec<String> });

fn main() {}
