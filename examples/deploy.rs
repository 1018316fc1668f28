//! A deployment request: one form with every kind of property the spec
//! allows (string with length and format, integer, number, boolean,
//! single-select, multi-select), optional fields, and a select whose
//! options are known only when the request is built (the environments).
//!
//! ```text
//! cargo run --example deploy                                      # bundled sample answer
//! cargo run --example deploy -- examples/data/deploy_reject.json  # any ElicitResult JSON file
//! ```

use std::process::ExitCode;

use enum_schema::{
    schema::SingleSelectSchema, ElicitAction, ElicitEnum, ElicitForm, ElicitFormWith, OwnedChoice,
};

/// Where to deploy.
#[derive(ElicitEnum, Debug)]
enum Region {
    #[elicit(rename = "eu-central-1", title = "Frankfurt (eu-central-1)")]
    EuCentral1,
    #[elicit(rename = "us-east-1", title = "Virginia (us-east-1)")]
    UsEast1,
    #[elicit(rename = "ap-northeast-1", title = "Tokyo (ap-northeast-1)")]
    ApNortheast1,
}

/// Feature flags to turn on.
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "snake_case")]
enum Feature {
    Canary,
    AutoRollback,
    VerboseLogging,
}

#[derive(ElicitForm, Debug)]
#[allow(dead_code)] // the example only prints the fields, through Debug
#[elicit(rename_all = "camelCase")]
struct Deploy {
    /// Which environment to deploy to.
    environment: OwnedChoice,
    /// Who is responsible for this deployment.
    #[elicit(title = "Owner's email", format = "email")]
    owner_email: String,
    #[elicit(title = "Replicas", minimum = 1, maximum = 20, default = 2)]
    replicas: u8,
    /// CPU cores per replica.
    #[elicit(title = "CPU limit", minimum = 0.25, maximum = 16.0, default = 1.0)]
    cpu_limit: f64,
    #[elicit(title = "Region", default = "eu-central-1")]
    region: Region,
    #[elicit(title = "Features")]
    features: Vec<Feature>,
    /// Only roll out after this instant (RFC 3339).
    #[elicit(title = "Not before", format = "date-time")]
    not_before: Option<String>,
    /// Simulate without changing anything.
    #[elicit(title = "Dry run", default = true)]
    dry_run: bool,
    #[elicit(title = "Notes", max_length = 280)]
    notes: Option<String>,
}

/// The environments, as a server reads them from its configuration when
/// it builds the request.
fn environments() -> Vec<(String, String)> {
    [("staging", "Staging"), ("prod-eu", "Production (EU)")]
        .into_iter()
        .map(|(value, title)| (value.to_owned(), title.to_owned()))
        .collect()
}

fn main() -> ExitCode {
    let options = match SingleSelectSchema::new(environments()) {
        Ok(environment) => DeployOptions { environment },
        Err(error) => {
            eprintln!("no environment to offer: {error}");
            return ExitCode::FAILURE;
        }
    };
    let request = Deploy::request_with("Deploy checkout-api v2.14.0", &options);
    println!("elicitation/create params:");
    println!(
        "{}",
        serde_json::to_string_pretty(&request).expect("a schema always serializes")
    );

    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/data/deploy_accept.json"
        )
        .to_owned()
    });
    let answer = match std::fs::read_to_string(&path) {
        Ok(answer) => answer,
        Err(error) => {
            eprintln!("cannot read {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    println!();
    println!("ElicitResult from {path}:");
    println!("{}", answer.trim_end());
    println!();

    match Deploy::parse_result_str_with(&answer, &options) {
        Ok(ElicitAction::Accept(deploy)) => {
            println!("accepted: {deploy:#?}");
            ExitCode::SUCCESS
        }
        Ok(ElicitAction::Decline | ElicitAction::Cancel) => {
            println!("not deploying");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("rejected: {error}");
            ExitCode::FAILURE
        }
    }
}
