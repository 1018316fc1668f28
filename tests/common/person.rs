//! A person at an MCP host who types, shared by the SDK test binaries
//! (`tests/rmcp/host.rs`, `tests/tower_mcp/host_e2e.rs`,
//! `tests/pmcp/host.rs`, `tests/rust_mcp_sdk/host.rs`): each form the
//! test's client receives is read with `enum_schema::host`, what the
//! person types into each field goes through `Draft::set_text` (a text the
//! model refuses is noted with its reason and never sent), and the form
//! is finished or declined. Also the question every one of those servers
//! asks, declared once: [`Report`], a derived enum, a number and a
//! multi-select.
//!
//! Each binary uses only some of these.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use enum_schema::host::{Defaults, Request, Response};
use enum_schema::{ElicitEnum, ElicitForm};

// Titled, so that a person may type a title. (A doc comment is the
// field's description on the wire.)
/// How bad is it?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

// Untitled: tower-mcp 0.25's client fails a whole request with a titled
// multi-select (`tests/tower_mcp/host.rs`).
/// Which services are down?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case", min_items = 1, max_items = 2)]
pub enum Service {
    Checkout,
    Search,
    Login,
}

/// The question the servers' tool `report` asks; the tool answers with
/// the `Debug` text of what it got.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Report {
    #[elicit(title = "Severity")]
    pub severity: Severity,
    #[elicit(title = "Minutes down", minimum = 1, maximum = 600)]
    pub minutes: u32,
    #[elicit(title = "Services")]
    pub services: Vec<Service>,
}

/// The key and message under which the tool `report` asks.
pub const KEY: &str = "report";
pub const MESSAGE: &str = "Report the outage";

/// What the person types for [`Report`]: the title of an option in
/// lowercase, a number out of range and then the right one, and the
/// services by their number in the list and by name.
pub fn typed() -> Turn {
    Turn::Type(vec![
        ("severity", "high: users are affected"),
        ("minutes", "720"),
        ("minutes", "45"),
        ("services", "2, login"),
    ])
}

/// The reason the model gives for `"720"`, before anything is sent.
pub const REFUSED: &str = "Minutes down: enter a number from 1 to 600; you entered “720”.";

/// The text of the tool `report` when [`typed`] answered it: what was
/// typed, as the Rust value.
pub const ACCEPTED: &str =
    "Accept(Report { severity: High, minutes: 45, services: [Search, Login] })";

/// What the person does with one form.
#[derive(Clone, Debug)]
pub enum Turn {
    /// Types each text into the field of that key, in order (a text the
    /// model refuses leaves the field as it was, so a correction may
    /// follow), then submits.
    Type(Vec<(&'static str, &'static str)>),
    /// Declines the form.
    Decline,
}

/// The person: one [`Turn`] per form, in order; what they were shown and
/// the reasons their typing was refused are kept.
#[derive(Clone, Default)]
pub struct Person {
    turns: Arc<Mutex<VecDeque<Turn>>>,
    forms: Arc<Mutex<Vec<Request>>>,
    refused: Arc<Mutex<Vec<String>>>,
}

impl Person {
    pub fn new(turns: impl IntoIterator<Item = Turn>) -> Person {
        let person = Person::default();
        person.turns.lock().unwrap().extend(turns);
        person
    }

    /// Answers one form with the next turn. Panics when no turn is left
    /// or the typed text leaves something in the way of submitting.
    pub fn answer(&self, request: Request) -> Response {
        let turn = self.turns.lock().unwrap().pop_front();
        let response = match turn.expect("a turn for every form") {
            Turn::Decline => Response::Decline,
            Turn::Type(typed) => {
                let mut draft = request.draft(Defaults::Prefill);
                for (key, text) in typed {
                    if let Err(refusal) = draft.set_text(key, text) {
                        self.refused.lock().unwrap().push(refusal.reason());
                    }
                }
                let blockers = |blockers: Vec<enum_schema::host::Refusal<'_>>| {
                    let reasons: Vec<String> = blockers.iter().map(|b| b.reason()).collect();
                    panic!("the form cannot be submitted: {reasons:?}")
                };
                draft.finish().unwrap_or_else(blockers)
            }
        };
        self.forms.lock().unwrap().push(request);
        response
    }

    /// Every form the person was shown, in order.
    pub fn forms(&self) -> Vec<Request> {
        self.forms.lock().unwrap().clone()
    }

    /// The reason of each text the model refused, in order.
    pub fn refused(&self) -> Vec<String> {
        self.refused.lock().unwrap().clone()
    }
}
