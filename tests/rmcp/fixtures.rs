//! The questions several files of this binary ask, declared once: how bad
//! an incident is (`Triage`), which services it hits (`Impact`), and both
//! with a reporter (`Incident`). A file whose assertions need another
//! declaration (a title, a default, serde's attributes) keeps its own and
//! says why.

use enum_schema::{ElicitEnum, ElicitForm};

/// How bad is it?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub(crate) enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

/// Affected services.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case", max_items = 2)]
pub(crate) enum Service {
    Checkout,
    Search,
    Login,
}

#[derive(ElicitForm, Debug, PartialEq)]
pub(crate) struct Triage {
    pub(crate) severity: Severity,
}

#[derive(ElicitForm, Debug, PartialEq)]
pub(crate) struct Impact {
    pub(crate) services: Vec<Service>,
}

/// Declared out of alphabetical order on purpose.
#[derive(ElicitForm, Debug, PartialEq)]
pub(crate) struct Incident {
    pub(crate) severity: Severity,
    pub(crate) services: Vec<Service>,
    /// Who reports it.
    pub(crate) reporter: String,
}
