// A form passed to `Ask::all` where a question belongs: the error names
// the three kinds of question and how to build one.
use enum_schema::ask::ElicitError;
use enum_schema::rmcp::Ask;
use enum_schema::{ElicitEnum, ElicitForm};

#[derive(ElicitEnum, Debug)]
enum Severity {
    Low,
    High,
}

#[derive(ElicitForm, Debug)]
struct Triage {
    severity: Severity,
}

async fn body(ask: Ask, triage: Triage) -> Result<(), ElicitError> {
    ask.all((triage,)).await?;
    Ok(())
}

fn main() {}
