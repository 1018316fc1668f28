use enum_schema::ElicitForm;

// An e-mail address is ASCII (issue 45): `aé@iana.org` is `idn-email`'s,
// which MCP does not have.
#[derive(ElicitForm)]
struct Order {
    #[elicit(format = "email", default = "aé@iana.org")]
    email: String,
}

fn main() {}
