// A `Vec` of something that is no derived enum: the error names it.
use enum_schema::ask::{ElicitError, Question};
use enum_schema::rmcp::Ask;

async fn body(ask: Ask) -> Result<(), ElicitError> {
    ask.question(Question::choice::<Vec<String>>("tags", "Which tags?")).await?;
    Ok(())
}

fn main() {}
