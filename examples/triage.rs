//! Triage an incident: the server asks the on-call engineer three questions
//! in one elicitation form, then reads the answer back, typed and checked.
//!
//! ```text
//! cargo run --example triage                                # bundled sample answer
//! cargo run --example triage -- examples/data/decline.json  # any ElicitResult JSON file
//! ```
//!
//! It prints the `elicitation/create` params (`message` + `requestedSchema`),
//! then the typed result. A rejected answer prints the error and exits 1.

use std::process::ExitCode;

use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};

/// How bad is it?
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(title = "Severity", rename_all = "lowercase", default = Sev3)]
enum Severity {
    #[elicit(title = "SEV1: outage, all hands")]
    Sev1,
    #[elicit(title = "SEV2: major feature degraded")]
    Sev2,
    #[elicit(title = "SEV3: minor, customers barely notice")]
    Sev3,
}

/// Which services are affected?
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(
    title = "Affected services",
    rename_all = "kebab-case",
    min_items = 1,
    max_items = 3
)]
enum Service {
    #[elicit(title = "Checkout API")]
    CheckoutApi,
    #[elicit(title = "Search")]
    Search,
    #[elicit(title = "Login (SSO)", alias = "sso")]
    Login,
    #[elicit(title = "Payments gateway")]
    PaymentsGateway,
    /// Decommissioned in 2025; kept so old incident records still parse in Rust.
    #[allow(dead_code)]
    #[elicit(skip)]
    LegacyReports,
}

/// Where should updates go?
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Channel {
    Slack,
    Email,
    Pager,
}

/// The form: one property per field, in this order.
#[derive(ElicitForm, Debug)]
#[elicit(message = "Triage incident INC-4521: checkout latency above 2s")]
struct Triage {
    severity: Severity,
    /// Pick every service that shows errors.
    #[elicit(min_items = 1, default_items = ["checkout-api"])]
    services: Vec<Service>,
    #[elicit(title = "Send updates to")]
    updates: Option<Channel>,
}

fn main() -> ExitCode {
    let request = Triage::default_request();
    println!("elicitation/create params:");
    println!(
        "{}",
        serde_json::to_string_pretty(&request).expect("a schema always serializes")
    );

    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/accept.json").to_owned()
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

    match Triage::parse_result_str(&answer) {
        Ok(ElicitAction::Accept(Triage {
            severity,
            services,
            updates,
        })) => {
            println!("accepted:");
            println!("  severity: {severity:?} ({})", severity.value());
            println!("  services: {services:?}");
            match updates {
                Some(channel) => println!("  updates:  {channel:?}"),
                None => println!("  updates:  none requested"),
            }
            ExitCode::SUCCESS
        }
        Ok(ElicitAction::Decline) => {
            println!("declined: the engineer will triage by hand");
            ExitCode::SUCCESS
        }
        Ok(ElicitAction::Cancel) => {
            println!("cancelled: ask again later");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("rejected: {error}");
            ExitCode::FAILURE
        }
    }
}
