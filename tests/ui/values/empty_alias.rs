// An empty alias would read "nothing selected" as a choice.
use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
enum Filter {
    #[elicit(alias = "")]
    Any,
    Open,
}

fn main() {}
