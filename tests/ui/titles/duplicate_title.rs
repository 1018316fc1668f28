use enum_schema::ElicitEnum;

#[derive(ElicitEnum)]
#[elicit(rename_all = "kebab-case")]
enum Server {
    #[elicit(title = "Web")]
    WebEu1,
    #[elicit(title = "Web")]
    WebUs1,
    // A skipped variant is never shown, so its title counts for nothing.
    #[elicit(skip, title = "Web")]
    WebOld,
    #[elicit(title = "Database")]
    Db,
    #[elicit(title = "Web")]
    WebAp1,
}

fn main() {}
