// A form where `Ask::choice` takes one enum: the error says what a choice
// is, and that a form is asked with `ask.form`.
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

async fn body(ask: Ask) -> Result<(), ElicitError> {
    ask.choice::<Triage>("triage", "How bad is it?").await?;
    Ok(())
}

fn main() {}
