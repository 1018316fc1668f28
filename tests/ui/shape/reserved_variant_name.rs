// The derive generates a hidden `const fn __elicit_index` on the enum; a
// variant of that name would take the path `Self::__elicit_index`.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[allow(non_camel_case_types)]
pub enum Clash {
    Plain,
    __elicit_index,
}

fn main() {}
