// `Ask::all` with no question: the error says a round asks at least one,
// and how to write one.
use enum_schema::ask::ElicitError;
use enum_schema::rmcp::Ask;

async fn body(ask: Ask) -> Result<(), ElicitError> {
    ask.all(()).await?;
    Ok(())
}

fn main() {}
