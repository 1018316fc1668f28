//! Run time of parsing a whole `ElicitResult` for a 6-field form into the
//! derived struct (item 4 of the performance issue), against serde into the
//! same struct (which checks the JSON types and the enum members, but no
//! bounds, lengths, formats or duplicates), side by side in the same run.
//!
//! `cargo bench --bench form`; see BENCHMARKS.md. Under
//! `cargo test --benches` every benchmark runs once.
//!
//! Every group has a fixed sample size (divan's tuning otherwise lands on
//! different ones per contender). Every contender returns an `Option`, so that the harness treats their
//! outputs alike; a rejection's error is dropped inside the timed section.

use std::sync::OnceLock;

use divan::Bencher;
use enum_schema::{ElicitEnum, ElicitForm};
use serde_json::{json, Value};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    // Both sides accept the answer, into the same struct.
    let ours = Incident::parse_result(answer()).expect("ours accepts");
    let theirs = serde_json::from_value::<SerdeResult<Incident>>(answer()).expect("serde accepts");
    assert_eq!(Some(ours.accepted().expect("accept")), theirs.content);
    assert!(Incident::parse_result(invalid()).is_err());
    divan::main();
}

#[derive(ElicitEnum, serde::Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "Medium: degraded")]
    Medium,
    #[elicit(title = "High: users are affected")]
    High,
    #[elicit(title = "Critical: outage")]
    Critical,
}

#[derive(ElicitEnum, serde::Deserialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
enum Component {
    Api,
    Web,
    Database,
    Queue,
    Cache,
    Auth,
    Billing,
    Search,
}

/// The form: one field of each kind the spec has.
#[derive(ElicitForm, serde::Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
#[elicit(message = "Describe the incident")]
struct Incident {
    severity: Severity,
    #[elicit(min_items = 1, max_items = 3)]
    components: Vec<Component>,
    #[elicit(min_length = 1, max_length = 200)]
    summary: String,
    notify_on_call: bool,
    #[elicit(minimum = 1, maximum = 1_000_000)]
    affected_users: u32,
    #[elicit(format = "email")]
    reporter: Option<String>,
}

/// `ElicitResult` the serde way.
#[derive(serde::Deserialize)]
struct SerdeResult<T> {
    #[allow(dead_code)]
    action: SerdeAction,
    content: Option<T>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum SerdeAction {
    Accept,
    Decline,
    Cancel,
}

fn answer() -> Value {
    json!({
        "action": "accept",
        "content": {
            "severity": "high",
            "components": ["api", "database"],
            "summary": "Checkout fails for EU users since 14:02",
            "notifyOnCall": true,
            "affectedUsers": 4200,
            "reporter": "oncall@example.com",
        },
    })
}

/// The same answer with a title for a value, a duplicate and a bad email.
fn invalid() -> Value {
    json!({
        "action": "accept",
        "content": {
            "severity": "High: users are affected",
            "components": ["api", "api"],
            "summary": "Checkout fails for EU users since 14:02",
            "notifyOnCall": true,
            "affectedUsers": 4200,
            "reporter": "oncall at example.com",
        },
    })
}

fn answer_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| answer().to_string())
}

/// From a `serde_json::Value` (how a transport usually hands it over).
#[divan::bench_group(sample_size = 1000, sample_count = 200)]
mod value {
    use super::*;

    /// Ours: `ElicitForm::parse_result(Value)`, everything re-validated.
    #[divan::bench]
    fn ours_parse_result(bencher: Bencher) {
        bencher
            .with_inputs(answer)
            .bench_local_values(|value| Incident::parse_result(value).ok());
    }

    /// serde: `serde_json::from_value` into the serde-derived struct.
    #[divan::bench]
    fn serde_from_value(bencher: Bencher) {
        bencher.with_inputs(answer).bench_local_values(|value| {
            serde_json::from_value::<SerdeResult<Incident>>(value).ok()
        });
    }

    /// Ours on an answer with three wrong fields: the error, built and
    /// dropped.
    #[divan::bench]
    fn ours_parse_result_invalid(bencher: Bencher) {
        bencher
            .with_inputs(invalid)
            .bench_local_values(|value| Incident::parse_result(value).ok());
    }
}

/// From JSON text.
#[divan::bench_group(sample_size = 1000, sample_count = 200)]
mod text {
    use super::*;

    /// Ours: `ElicitForm::parse_result_str(&str)` (text to `Value`, then as
    /// above).
    #[divan::bench]
    fn ours_parse_result_str(bencher: Bencher) {
        bencher.bench_local(|| Incident::parse_result_str(divan::black_box(answer_text())).ok());
    }

    /// serde: `serde_json::from_str` into the serde-derived struct (no
    /// `Value` in between).
    #[divan::bench]
    fn serde_from_str(bencher: Bencher) {
        bencher.bench_local(|| {
            serde_json::from_str::<SerdeResult<Incident>>(divan::black_box(answer_text())).ok()
        });
    }

    /// For scale: the text to a `Value` alone, the first half of ours.
    #[divan::bench]
    fn value_from_str(bencher: Bencher) {
        bencher.bench_local(|| serde_json::from_str::<Value>(divan::black_box(answer_text())).ok());
    }
}

/// The request that goes out, for scale: ours builds the `requestedSchema`
/// at run time and serializes it once.
#[divan::bench_group(sample_size = 1000, sample_count = 200)]
mod request {
    use super::*;

    /// Ours: `ElicitForm::default_request()` then `serde_json::to_string`.
    #[divan::bench]
    fn ours_default_request_to_string(bencher: Bencher) {
        bencher.bench_local(|| serde_json::to_string(&Incident::default_request()));
    }
}
