// One derived enum asked as a form: the error says it is no form, and
// how to ask it on its own (`ask.choice::<Reason>`) or as a form's field.
use enum_schema::ask::ElicitError;
use enum_schema::rmcp::Ask;
use enum_schema::ElicitEnum;

#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "snake_case")]
enum Reason {
    #[elicit(title = "Arrived late")]
    Late,
    #[elicit(title = "Arrived damaged")]
    Damaged,
}

async fn body(ask: Ask) -> Result<(), ElicitError> {
    ask.form::<Reason>("reason", "Why is the order refunded?").await?;
    Ok(())
}

fn main() {}
