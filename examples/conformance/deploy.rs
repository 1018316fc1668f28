//! The deploy shape, asked with [`Ask`]: a select of environments built at
//! run time, then a derived form (how to roll out), then a [`Confirm`]
//! that names the plan. Generic over the SDK, as the bodies of `forms.rs`
//! are; `benches/round.rs` serves it on rmcp beside its hand-written twin
//! (`by_hand.rs`), which must answer the same bytes.

use enum_schema::ask::adapter::Sdk;
use enum_schema::ask::{Ask, ElicitError};
use enum_schema::schema::SingleSelectSchema;
use enum_schema::{Confirm, ElicitAction, ElicitEnum, ElicitForm, Form};
use serde::Serialize;

/// What is deployed.
pub const SERVICE: &str = "checkout-api v2.14.0";

/// The message of the first question.
pub const TARGET_MESSAGE: &str = "Deploy checkout-api v2.14.0: to which environment?";

/// The environments, as a server reads them from its configuration on
/// every round (values and titles).
pub fn environments() -> Vec<(String, String)> {
    [
        ("staging", "Staging"),
        ("prod-eu", "Production (EU)"),
        ("prod-us", "Production (US)"),
    ]
    .into_iter()
    .map(|(value, title)| (value.to_owned(), title.to_owned()))
    .collect()
}

/// Where the replicas run.
#[derive(ElicitEnum, Serialize, Debug, Clone, Copy, PartialEq)]
pub enum Region {
    #[elicit(rename = "eu-central-1", title = "Frankfurt (eu-central-1)")]
    #[serde(rename = "eu-central-1")]
    EuCentral1,
    #[elicit(rename = "us-east-1", title = "Virginia (us-east-1)")]
    #[serde(rename = "us-east-1")]
    UsEast1,
    #[elicit(rename = "ap-northeast-1", title = "Tokyo (ap-northeast-1)")]
    #[serde(rename = "ap-northeast-1")]
    ApNortheast1,
}

/// How to roll out: the derived form of the second question.
#[derive(ElicitForm, Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[elicit(rename_all = "camelCase")]
pub struct Rollout {
    /// How many replicas to run.
    #[elicit(title = "Replicas", minimum = 1, maximum = 20, default = 2)]
    pub replicas: u8,
    /// Where to run them, one or two regions.
    #[elicit(title = "Regions", min_items = 1, max_items = 2)]
    pub regions: Vec<Region>,
    /// Send a share of the traffic to the new version first.
    #[elicit(title = "Canary first", default = true)]
    pub canary_first: bool,
    /// Anything the person on call should know.
    #[elicit(title = "Notes", max_length = 280)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// The plan a confirmation names: `checkout-api v2.14.0 to Production (EU)
/// (prod-eu): 3 replicas in eu-central-1, us-east-1, canary first`.
pub fn plan(environment: &str, title: &str, rollout: &Rollout) -> String {
    let regions: Vec<&str> = rollout
        .regions
        .iter()
        .map(|region| region.value())
        .collect();
    format!(
        "{SERVICE} to {title} ({environment}): {} replicas in {}, {}",
        rollout.replicas,
        regions.join(", "),
        if rollout.canary_first {
            "canary first"
        } else {
            "all at once"
        },
    )
}

/// The body of the deploy tool: the environment (one of `environments`,
/// which the caller reads on every round: [`environments`]), the rollout,
/// then the confirmation of the plan; what it did, in one line.
pub async fn deploy<S: Sdk>(
    ask: &Ask<S>,
    environments: Vec<(String, String)>,
) -> Result<String, ElicitError> {
    let environments = SingleSelectSchema::new(environments)
        .expect("distinct environments")
        .with_title("Environment");
    let form = Form::new((("environment", &environments),));
    let environment = match ask.fields("target", &form, TARGET_MESSAGE).await? {
        ElicitAction::Accept((environment,)) => environment,
        ElicitAction::Decline | ElicitAction::Cancel => {
            return Ok("not deployed: no environment".to_owned())
        }
    };
    let (value, title) = (environment.value(), environment.title().unwrap_or_default());
    let message = format!("Deploy {SERVICE} to {title}: how?");
    let rollout = match ask.form::<Rollout>("rollout", message).await? {
        ElicitAction::Accept(rollout) => rollout,
        ElicitAction::Decline | ElicitAction::Cancel => {
            return Ok(format!("not deployed: no rollout for {value}"))
        }
    };
    let plan = plan(value, title, &rollout);
    let confirmed = ask
        .form::<Confirm>("confirm", format!("Deploy {plan}?"))
        .await?;
    let notes = rollout.notes.as_deref().unwrap_or("none");
    Ok(if confirmed.is_confirmed() {
        format!("deploying {plan}; notes: {notes}")
    } else {
        format!("not deployed: {plan}")
    })
}
