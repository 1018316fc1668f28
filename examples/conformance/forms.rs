//! The forms of the official conformance scenarios and of the two-question
//! tool, and that tool's body, shared by the example servers
//! (`conformance_server.rs` on rmcp, `rust_mcp_sdk_server.rs`,
//! `tower_mcp_server.rs`) and `benches/round.rs`, so that every SDK asks
//! exactly the same questions.

use enum_schema::ask::adapter::Sdk;
use enum_schema::ask::{Ask, CreateMessage, ElicitError, ListRoots, Question};
use enum_schema::ask::{CreateMessageParams, ListRootsResult};
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

/// `user_name` of the `input-required-result-*` scenarios (SEP-2322).
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "What is your name?")]
pub struct UserName {
    /// Your name.
    #[elicit(title = "Name")]
    pub name: String,
}

/// `confirm` of `input-required-result-request-state` and
/// `input-required-result-tampered-state`.
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "Please confirm")]
pub struct PleaseConfirm {
    /// Whether it is all right.
    #[elicit(title = "OK")]
    pub ok: bool,
}

/// `step2` of `input-required-result-multi-round`.
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "Step 2: What is your favorite color?")]
pub struct FavoriteColor {
    /// Your favorite color.
    #[elicit(title = "Color")]
    pub color: String,
}

/// `user_context` of `input-required-result-non-tool-request`.
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "What context should the prompt use?")]
pub struct PromptContext {
    /// What the prompt is about.
    #[elicit(title = "Context")]
    pub context: String,
}

/// The form of `tools-call-elicitation` (`test_elicitation`), its message
/// the tool's `message` argument.
#[derive(ElicitForm, Serialize, Debug)]
pub struct Contact {
    /// User's response
    #[elicit(title = "Username")]
    pub username: String,
    /// User's email address
    #[elicit(title = "Email")]
    pub email: String,
}

/// `test_elicitation`: the form, with `message`; `User response: ..`.
pub async fn elicitation<S: Sdk>(ask: &Ask<S>, message: String) -> Result<String, ElicitError> {
    let answer = ask.form::<Contact>("contact", message).await?;
    Ok(report(answer).replacen("Elicitation completed", "User response", 1))
}

/// `test_input_required_result_elicitation`: `Hello, NAME!`. The answer
/// may come before it is asked (`input-required-result-ignore-extra-params`
/// sends it with the first call, without `requestState`).
pub async fn input_required_elicitation<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let question =
        Question::form::<UserName>("user_name", "What is your name?").with_early_answer();
    Ok(match ask.question(question).await? {
        ElicitAction::Accept(UserName { name }) => format!("Hello, {name}!"),
        ElicitAction::Decline | ElicitAction::Cancel => "Hello, whoever you are!".to_owned(),
    })
}

/// `test_input_required_result_sampling`: the sampled answer.
pub async fn input_required_sampling<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let params = CreateMessageParams::new("What is the capital of France?", 100);
    let sampled = ask.create_message("capital_question", params).await?;
    Ok(format!("{} (model {})", sampled.text(), sampled.model()))
}

/// The roots, `URI (NAME)`, `, `-joined.
fn roots_text(roots: &ListRootsResult) -> String {
    let roots: Vec<String> = roots
        .roots()
        .iter()
        .map(|root| match root.name() {
            Some(name) => format!("{} ({name})", root.uri()),
            None => root.uri().to_owned(),
        })
        .collect();
    format!("roots: {}", roots.join(", "))
}

/// `test_input_required_result_list_roots`: the client's roots.
pub async fn input_required_list_roots<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    Ok(roots_text(&ask.list_roots("client_roots").await?))
}

/// `test_input_required_result_request_state` and
/// `test_input_required_result_tampered_state`: `state-ok` once the answer
/// came back with the state this server sealed (a state that fails the
/// check never reaches the body).
pub async fn input_required_request_state<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let answer = ask
        .form::<PleaseConfirm>("confirm", "Please confirm")
        .await?;
    Ok(format!("state-ok: {}", report(answer)))
}

/// `test_input_required_result_multiple_inputs`: a form, a sampled message
/// and the roots, asked in one round.
pub async fn input_required_multiple<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let (name, greeting, roots) = ask
        .all((
            Question::form::<UserName>("user_name", "What is your name?"),
            CreateMessage::new(
                "greeting",
                CreateMessageParams::new("Generate a greeting", 50),
            ),
            ListRoots::new("client_roots"),
        ))
        .await?;
    Ok(format!(
        "{}; greeting: {}; {}",
        report(name),
        greeting.text(),
        roots_text(&roots)
    ))
}

/// `test_input_required_result_multi_round`: a name, then a color, in two
/// rounds.
pub async fn input_required_multi_round<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let name = ask
        .form::<UserName>("step1", "Step 1: What is your name?")
        .await?;
    let color = ask
        .form::<FavoriteColor>("step2", FavoriteColor::MESSAGE.unwrap_or_default())
        .await?;
    Ok(format!("{}; {}", report(name), report(color)))
}

/// `test_input_required_result_capabilities`: a name and a sampled message
/// where the client can show a form, the sampled message alone where it can
/// only sample (`input-required-result-capability-check` declares
/// `sampling` only): never a request of a kind the client did not declare.
pub async fn input_required_capabilities<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let params = CreateMessageParams::new("Generate a greeting", 50);
    match (ask.form_supported(), ask.sampling_supported()) {
        (true, true) => {
            let (name, greeting) = ask
                .all((
                    Question::form::<UserName>("user_name", "What is your name?"),
                    CreateMessage::new("greeting", params),
                ))
                .await?;
            Ok(format!("{}; greeting: {}", report(name), greeting.text()))
        }
        (false, true) => {
            let greeting = ask.create_message("greeting", params).await?;
            Ok(format!("greeting: {}", greeting.text()))
        }
        (true, false) => Ok(report(
            ask.form::<UserName>("user_name", "What is your name?")
                .await?,
        )),
        (false, false) => Ok("the client declared neither elicitation nor sampling".to_owned()),
    }
}

/// The prompt `test_input_required_result_prompt`: its one message's text.
pub async fn input_required_prompt<S: Sdk>(ask: &Ask<S>) -> Result<String, ElicitError> {
    let answer = ask
        .form::<PromptContext>("user_context", PromptContext::MESSAGE.unwrap_or_default())
        .await?;
    Ok(match answer {
        ElicitAction::Accept(PromptContext { context }) => {
            format!("Write about the following context: {context}")
        }
        ElicitAction::Decline | ElicitAction::Cancel => "Write about anything.".to_owned(),
    })
}
