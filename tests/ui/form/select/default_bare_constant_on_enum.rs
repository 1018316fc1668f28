// On an enum field a bare name is a variant: a constant is named by its
// path (`self::DEFAULT`), as the attribute docs say.
use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Size {
    Small,
    Large,
}

const DEFAULT: Size = Size::Large;

#[derive(ElicitForm)]
struct Order {
    #[elicit(default = DEFAULT)]
    size: Size,
}

fn main() {}
