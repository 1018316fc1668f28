// A form of an enum whose derive failed (a missing title) gets the enum's
// error alone: no field check against the options the failed derive could
// not give (which would say `max_items = 2` is more than the offered
// variants, of three), no "no default to fill".
use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum)]
enum Service {
    #[elicit(title = "API")]
    Api,
    Worker,
    #[elicit(title = "Web")]
    Web,
}

#[derive(ElicitEnum)]
#[elicit(default = Low)]
enum Priority {
    #[elicit(title = "Low")]
    Low,
    High,
}

#[derive(ElicitForm)]
struct Deploy {
    #[elicit(max_items = 2, default_items = [Api, Web])]
    services: Vec<Service>,
    #[elicit(default = Worker)]
    first: Service,
    #[elicit(fill_default)]
    priority: Priority,
}

fn main() {}
