// Lengths that no string of the field's format meets: a date has 10
// characters, an email at least 3. Each error sits on the length.
use enum_schema::ElicitForm;

#[derive(ElicitForm)]
struct Booking {
    #[elicit(format = "date", max_length = 8)]
    day: String,
    #[elicit(format = "date", min_length = 11)]
    night: String,
    #[elicit(format = "email", max_length = 2)]
    contact: String,
    #[elicit(format = "date", min_length = 10, max_length = 10)]
    fine: String,
}

fn main() {}
