// Case C29 through a `$value:literal` fragment.
use enum_schema::ElicitEnum;

macro_rules! choice {
    ($name:ident { $($variant:ident = $value:literal),* }) => {
        #[derive(ElicitEnum)]
        pub enum $name {
            $(#[elicit(rename = $value)] $variant,)*
        }
    };
}

choice!(Filter { Any = "", Open = "open" });

fn main() {}
