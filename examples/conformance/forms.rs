//! The forms of the official conformance scenarios and of the two-question
//! tool, and that tool's body, shared by the example servers
//! (`conformance_server.rs` on rmcp, `rust_mcp_sdk_server.rs`,
//! `tower_mcp_server.rs`) and `benches/round.rs`, so that every SDK asks
//! exactly the same questions.

use enum_schema::ask::{Ask, ElicitError, Sdk};
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use serde::Serialize;

#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
pub enum UntitledOption {
    Option1,
    Option2,
    Option3,
}

/// Titled single-select: `{"type":"string","oneOf":[{"const":"value1","title":"First Option"},..]}`.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
pub enum TitledOption {
    #[elicit(title = "First Option")]
    Value1,
    #[elicit(title = "Second Option")]
    Value2,
    #[elicit(title = "Third Option")]
    Value3,
}

/// Legacy titled (deprecated): `{"type":"string","enum":["opt1",..],"enumNames":["Option One",..]}`.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
#[elicit(legacy)]
pub enum LegacyOption {
    #[elicit(title = "Option One")]
    Opt1,
    #[elicit(title = "Option Two")]
    Opt2,
    #[elicit(title = "Option Three")]
    Opt3,
}

/// Titled multi-select items: `{"anyOf":[{"const":"value1","title":"First Choice"},..]}`.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
pub enum TitledChoice {
    #[elicit(title = "First Choice")]
    Value1,
    #[elicit(title = "Second Choice")]
    Value2,
    #[elicit(title = "Third Choice")]
    Value3,
}

/// The five SEP-1330 enum shapes in one form.
#[derive(ElicitForm, Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[elicit(message = "Please choose from each of the enum fields (SEP-1330)")]
pub struct Sep1330Enums {
    /// Untitled single-select
    #[elicit(title = "Pick one option")]
    pub untitled_single: UntitledOption,
    /// Titled single-select
    #[elicit(title = "Pick one titled option")]
    pub titled_single: TitledOption,
    /// Legacy titled enum (enumNames)
    #[elicit(title = "Pick one option (legacy list)")]
    pub legacy_enum: LegacyOption,
    /// Untitled multi-select
    #[elicit(title = "Pick any options")]
    pub untitled_multi: Vec<UntitledOption>,
    /// Titled multi-select
    #[elicit(title = "Pick any titled choices")]
    pub titled_multi: Vec<TitledChoice>,
}

/// Account status.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
#[elicit(default = Active)]
pub enum Status {
    Active,
    Inactive,
    Pending,
}

/// A default on every primitive type (SEP-1034).
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "Please review the pre-filled fields (SEP-1034)")]
pub struct Sep1034Defaults {
    /// User name
    #[elicit(title = "Name", default = "John Doe")]
    pub name: String,
    /// User age
    #[elicit(title = "Age", minimum = 0, maximum = 150, default = 30)]
    pub age: i64,
    /// Test score
    #[elicit(title = "Score", minimum = 0.0, maximum = 100.0, default = 95.5)]
    pub score: f64,
    /// Account status
    #[elicit(title = "Status")]
    pub status: Status,
    /// Whether the account is verified
    #[elicit(title = "Verified", default = true)]
    pub verified: bool,
}

/// How bad is it?
#[derive(ElicitEnum, Serialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

/// Affected services.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
#[elicit(max_items = 2)]
pub enum AffectedService {
    Checkout,
    Search,
    Login,
}

/// The first question of `test_two_questions`.
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "How bad is it?")]
pub struct Triage {
    /// How bad it is for the users of the service.
    #[elicit(title = "Severity")]
    pub severity: Severity,
}

/// The second question, asked only for a high severity.
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "Which services are affected?")]
pub struct Impact {
    /// Every service that shows errors, at most two.
    #[elicit(title = "Affected services")]
    pub services: Vec<AffectedService>,
}

/// `Elicitation completed: action=accept, content={..}`, the content being
/// the re-validated answer written back as JSON.
pub fn report<F: Serialize>(action: ElicitAction<F>) -> String {
    let (action, content) = match action {
        ElicitAction::Accept(content) => (
            "accept",
            serde_json::to_string(&content).unwrap_or_else(|error| error.to_string()),
        ),
        ElicitAction::Decline => ("decline", "{}".to_owned()),
        ElicitAction::Cancel => ("cancel", "{}".to_owned()),
    };
    format!("Elicitation completed: action={action}, content={content}")
}

/// The body of `test_two_questions` on every SDK: how bad it is, then,
/// only if it is high, which services are affected; the [`report`] of each
/// answer, `; `-joined.
pub async fn two_questions<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let triage = ask
        .form::<Triage>("triage", Triage::MESSAGE.unwrap_or_default())
        .await?;
    let high = matches!(
        &triage,
        ElicitAction::Accept(Triage {
            severity: Severity::High
        })
    );
    let mut text = report(triage);
    if high {
        let impact = ask
            .form::<Impact>("impact", Impact::MESSAGE.unwrap_or_default())
            .await?;
        text = format!("{text}; {}", report(impact));
    }
    Ok(text)
}
