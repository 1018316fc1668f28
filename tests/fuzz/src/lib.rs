//! The types the fuzz targets drive: a derived enum with every naming
//! feature (`rename_all`, `rename`, aliases, `skip`, titles, Unicode) and a
//! derived form with a field of every kind the derive supports.

use enum_schema::{ElicitEnum, ElicitForm};

/// Where it runs: titled, renamed, aliased, with a skipped variant.
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(
    rename_all = "kebab-case",
    default = OnPremises,
    min_items = 1,
    max_items = 3,
    default_items = [OnPremises]
)]
pub enum Hosting {
    #[elicit(title = "On premises", alias = "onprem", alias = "on_prem")]
    OnPremises,
    #[elicit(title = "Public cloud")]
    PublicCloud,
    #[elicit(title = "日本語 «cloud»", rename = "jp")]
    Japan,
    #[elicit(title = "HTTP server")]
    HTTPServer,
    #[elicit(skip)]
    Retired,
}

/// The aliases of [`Hosting`], accepted on parse but never offered.
pub const HOSTING_ALIASES: &[(&str, Hosting)] = &[
    ("onprem", Hosting::OnPremises),
    ("on_prem", Hosting::OnPremises),
];

/// Titled, renamed, without aliases: the form's enum, so that the peer
/// reader, which sees only what the schema offers (aliases are never
/// offered), must agree with the derived form on every answer.
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Zone {
    #[elicit(title = "EU West")]
    EuWest,
    #[elicit(title = "US East", rename = "us-east")]
    UsEast,
    #[elicit(title = "日本語 «東京»")]
    Tokyo,
    #[elicit(skip)]
    Retired,
}

/// An untitled enum.
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Size {
    Small,
    Large,
}

/// A form with a field of every kind: required ones few, so that accepts
/// are easy to reach.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Everything {
    pub zone: Zone,
    #[elicit(min_items = 1, max_items = 2)]
    pub zones: Vec<Zone>,
    pub size: Option<Size>,
    pub sizes: Option<Vec<Size>>,
    #[elicit(min_length = 2, max_length = 20)]
    pub name: String,
    #[elicit(format = "email")]
    pub email: Option<String>,
    #[elicit(format = "uri")]
    pub homepage: Option<String>,
    #[elicit(format = "date")]
    pub birthday: Option<String>,
    #[elicit(format = "date-time")]
    pub wake_up: Option<String>,
    pub agreed: bool,
    #[elicit(default = true)]
    pub subscribed: Option<bool>,
    pub int8: Option<i8>,
    pub int64: Option<i64>,
    pub uint64: Option<u64>,
    pub uint_size: Option<usize>,
    #[elicit(minimum = 1, maximum = 10, default = 2)]
    pub replicas: u8,
    #[elicit(minimum = 0.25, maximum = 16.0)]
    pub cpu: Option<f64>,
    pub ratio: Option<f32>,
}

/// Severity of an incident: titled, with an alias. The first question of
/// the `round` target's tool.
#[derive(ElicitEnum, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Severity {
    #[elicit(title = "Low")]
    Low,
    #[elicit(title = "High")]
    High,
    #[elicit(title = "Critical", alias = "crit")]
    Critical,
}

/// The `round` target's first question.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Triage {
    pub severity: Severity,
}

/// The `round` target's second question: a multi-select (which 2025-06-18
/// cannot carry), bounded text and a bounded number.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Impact {
    #[elicit(min_items = 1, max_items = 2)]
    pub zones: Vec<Zone>,
    #[elicit(max_length = 40)]
    pub note: Option<String>,
    #[elicit(minimum = 1, maximum = 10)]
    pub replicas: Option<u8>,
}
