//! Run time of producing the schema JSON (item 3 of the performance issue):
//! a 12-option titled single-select and a titled multi-select, ours against
//! rmcp's `EnumSchema` builder plus `serde_json::to_string`, and
//! `schemars::schema_for!` plus `serde_json::to_string`, side by side in the
//! same run.
//!
//! `cargo bench --bench schema`; see BENCHMARKS.md. Under
//! `cargo test --benches` every benchmark runs once.
//!
//! Before benchmarking, `main` checks that ours and rmcp's builder produce
//! the same JSON value (so both sides do the same job), and prints the size
//! of each contender's output.
//!
//! "limit" rows copy JSON text computed once at start-up: what a derive that
//! emitted the canonical JSON as a `const &str` would cost at run time.

use std::hint::black_box;
use std::sync::OnceLock;

use divan::Bencher;
use enum_schema::{ElicitEnum, MultiSelectField, SingleSelectField};
use rmcp::model::EnumSchema;

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

/// Where to deploy.
#[derive(ElicitEnum, Clone, Copy, Debug, PartialEq)]
#[elicit(
    rename_all = "kebab-case",
    title = "Region",
    default = UsEast1,
    min_items = 1,
    max_items = 3,
    default_items = [UsEast1]
)]
enum Region {
    #[elicit(title = "US East (N. Virginia)")]
    UsEast1,
    #[elicit(title = "US East (Ohio)")]
    UsEast2,
    #[elicit(title = "US West (N. California)")]
    UsWest1,
    #[elicit(title = "US West (Oregon)")]
    UsWest2,
    #[elicit(title = "Europe (Ireland)")]
    EuWest1,
    #[elicit(title = "Europe (London)")]
    EuWest2,
    #[elicit(title = "Europe (Frankfurt)")]
    EuCentral1,
    #[elicit(title = "Europe (Stockholm)")]
    EuNorth1,
    #[elicit(title = "Asia Pacific (Singapore)")]
    ApSoutheast1,
    #[elicit(title = "Asia Pacific (Tokyo)")]
    ApNortheast1,
    #[elicit(title = "South America (São Paulo)")]
    SaEast1,
    #[elicit(title = "Canada (Central)")]
    CaCentral1,
}

/// The same enum for schemars: serde's naming, schemars' titles.
///
/// Where to deploy.
#[derive(schemars::JsonSchema, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[schemars(title = "Region")]
#[allow(dead_code)]
enum RegionSchemars {
    #[schemars(title = "US East (N. Virginia)")]
    UsEast1,
    #[schemars(title = "US East (Ohio)")]
    UsEast2,
    #[schemars(title = "US West (N. California)")]
    UsWest1,
    #[schemars(title = "US West (Oregon)")]
    UsWest2,
    #[schemars(title = "Europe (Ireland)")]
    EuWest1,
    #[schemars(title = "Europe (London)")]
    EuWest2,
    #[schemars(title = "Europe (Frankfurt)")]
    EuCentral1,
    #[schemars(title = "Europe (Stockholm)")]
    EuNorth1,
    #[schemars(title = "Asia Pacific (Singapore)")]
    ApSoutheast1,
    #[schemars(title = "Asia Pacific (Tokyo)")]
    ApNortheast1,
    #[schemars(title = "South America (São Paulo)")]
    SaEast1,
    #[schemars(title = "Canada (Central)")]
    CaCentral1,
}

/// Run-time overrides of the field-level attributes.
fn single_overridden() -> SingleSelectField<Region> {
    Region::SINGLE_SELECT
        .with_title(black_box("Deployment region"))
        .with_description(black_box("Where the new service runs."))
        .with_default(black_box(Region::EuWest1))
}

fn multi_overridden() -> MultiSelectField<Region> {
    Region::MULTI_SELECT
        .with_title(black_box("Deployment regions"))
        .with_description(black_box("Where the new service runs."))
        .with_max_items(black_box(2))
}

/// What an rmcp user writes: the values and titles as `String`s, then the
/// builder (with the same field title, description, default and bounds).
fn rmcp_single() -> EnumSchema {
    let values = Region::OPTIONS
        .iter()
        .map(|option| option.value().to_owned())
        .collect();
    let titles = Region::OPTIONS
        .iter()
        .map(|option| option.label().to_owned())
        .collect();
    EnumSchema::builder(values)
        .enum_titles(titles)
        .expect("as many titles as values")
        .title("Region")
        .description("Where to deploy.")
        .with_default("us-east1")
        .expect("a value")
        .build()
}

fn rmcp_multi() -> EnumSchema {
    let values = Region::OPTIONS
        .iter()
        .map(|option| option.value().to_owned())
        .collect();
    let titles = Region::OPTIONS
        .iter()
        .map(|option| option.label().to_owned())
        .collect();
    EnumSchema::builder(values)
        .multiselect()
        .enum_titles(titles)
        .expect("as many titles as values")
        .title("Region")
        .description("Where to deploy.")
        .min_items(1)
        .expect("min")
        .max_items(3)
        .expect("max")
        .with_default(vec!["us-east1".to_owned()])
        .expect("a value")
        .build()
}

fn precomputed_single() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| serde_json::to_string(&Region::SINGLE_SELECT).expect("serializes"))
}

fn precomputed_multi() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| serde_json::to_string(&Region::MULTI_SELECT).expect("serializes"))
}

fn main() {
    let check = |what: &str, ours: String, rmcp: &EnumSchema| {
        let theirs = serde_json::to_string(rmcp).expect("serializes");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&ours).expect("JSON"),
            serde_json::to_value(rmcp).expect("serializes"),
            "{what}: ours and rmcp's differ",
        );
        eprintln!(
            "{what}: ours {} bytes, rmcp {} bytes, byte-identical: {}",
            ours.len(),
            theirs.len(),
            ours == theirs,
        );
    };
    check(
        "single-select",
        serde_json::to_string(&Region::SINGLE_SELECT).expect("serializes"),
        &rmcp_single(),
    );
    check(
        "multi-select",
        serde_json::to_string(&Region::MULTI_SELECT).expect("serializes"),
        &rmcp_multi(),
    );
    for (what, json) in [
        (
            "schema_for!(Region)",
            serde_json::to_string(&schemars::schema_for!(RegionSchemars)),
        ),
        (
            "schema_for!(Vec<Region>)",
            serde_json::to_string(&schemars::schema_for!(Vec<RegionSchemars>)),
        ),
    ] {
        eprintln!("{what}: {} bytes", json.expect("serializes").len());
    }
    divan::main();
}

/// A benchmark that writes into a buffer it reuses, cleared each time.
fn with_buffer(bencher: Bencher, mut write: impl FnMut(&mut Vec<u8>)) {
    let mut buffer = Vec::with_capacity(16 * 1024);
    bencher.bench_local(move || {
        buffer.clear();
        write(&mut buffer);
        buffer.len()
    });
}

/// The same rows for the single-select and the multi-select.
macro_rules! schema_benches {
    ($module:ident, $schema:expr, $overridden:path, $rmcp:path, $precomputed:path, $schemars:ty) => {
        // Fixed sample sizes: divan's tuning otherwise lands on different
        // ones per contender.
        #[divan::bench_group(sample_size = 1000, sample_count = 200)]
        mod $module {
            use super::*;

            /// The limit: copy JSON computed before (a `const &str`).
            #[divan::bench]
            fn limit_precomputed_copy(bencher: Bencher) {
                let json = $precomputed();
                with_buffer(bencher, |buffer| {
                    buffer.extend_from_slice(black_box(json).as_bytes())
                });
            }

            /// Ours, no overrides: `to_json()`, the JSON the derive wrote
            /// when the bench compiled (a borrowed `&'static str`), copied
            /// into the same buffer as the limit.
            #[divan::bench]
            fn ours_to_json(bencher: Bencher) {
                with_buffer(bencher, |buffer| {
                    buffer.extend_from_slice(black_box($schema).to_json().as_bytes())
                });
            }

            /// Ours, no overrides: `serde_json::to_string(&T::SINGLE_SELECT)`.
            #[divan::bench]
            fn ours_to_string(bencher: Bencher) {
                bencher.bench_local(|| serde_json::to_string(&black_box($schema)));
            }

            /// Ours, no overrides, into a reused buffer: `serde_json::to_writer`.
            #[divan::bench]
            fn ours_to_writer(bencher: Bencher) {
                with_buffer(bencher, |buffer| {
                    serde_json::to_writer(&mut *buffer, &black_box($schema)).expect("serializes")
                });
            }

            /// Ours with run-time overrides (title, description, default or
            /// bounds), then one `to_string`.
            #[divan::bench]
            fn ours_overrides_to_string(bencher: Bencher) {
                bencher.bench_local(|| serde_json::to_string(&$overridden()));
            }

            /// rmcp: the builder from the option strings, then `to_string`.
            #[divan::bench]
            fn rmcp_build_to_string(bencher: Bencher) {
                bencher.bench_local(|| serde_json::to_string(&$rmcp()));
            }

            /// rmcp: `to_string` of a schema built once and kept.
            #[divan::bench]
            fn rmcp_prebuilt_to_string(bencher: Bencher) {
                let schema = $rmcp();
                bencher.bench_local(|| serde_json::to_string(black_box(&schema)));
            }

            /// schemars: `schema_for!`, then `to_string`.
            #[divan::bench]
            fn schemars_schema_for_to_string(bencher: Bencher) {
                bencher.bench_local(|| serde_json::to_string(&schemars::schema_for!($schemars)));
            }

            /// schemars: `to_string` of a schema generated once and kept.
            #[divan::bench]
            fn schemars_prebuilt_to_string(bencher: Bencher) {
                let schema = schemars::schema_for!($schemars);
                bencher.bench_local(|| serde_json::to_string(black_box(&schema)));
            }
        }
    };
}

schema_benches!(
    single,
    Region::SINGLE_SELECT,
    single_overridden,
    rmcp_single,
    precomputed_single,
    RegionSchemars
);
schema_benches!(
    multi,
    Region::MULTI_SELECT,
    multi_overridden,
    rmcp_multi,
    precomputed_multi,
    Vec<RegionSchemars>
);
