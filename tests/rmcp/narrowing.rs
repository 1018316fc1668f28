//! `Ask::choose` over a long list, through rmcp's own client on every
//! revision it speaks: a search that narrows the list is progress, not an
//! attempt; one that does not narrow is asked again as any rejected
//! answer; a search compares text in Unicode NFC, lowercase, on both
//! sides.

use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use enum_schema::schema::SingleSelectSchema;
use enum_schema::ElicitAction;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ProtocolVersion,
    ServerCapabilities, ServerConfig,
};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use serde_json::{json, Value};

use super::connection::{connect, seal, text, Answerer, Connection, KEY, SPOKEN};

/// 10,000 names: `eu-rack1-team07-1007`, half of them `eu`, 1,000 per rack
/// of a region, 40 per team of a rack.
fn names() -> SingleSelectSchema {
    let names = (0..10_000).map(|n| {
        let region = if n < 5_000 { "eu" } else { "us" };
        format!("{region}-rack{}-team{:02}-{n:04}", (n / 1_000) % 5, n % 25)
    });
    SingleSelectSchema::new(names).unwrap().with_title("Host")
}

const NFC: &str = "Z\u{fc}rich";
const NFD: &str = "Zu\u{308}rich";

/// 60 names: three of Zürich (`zurich_1`, `zurich_2`, `zurich_3` as spelled
/// by `zurich`), the others `bern-NN`.
fn cities(zurich: &str) -> SingleSelectSchema {
    let names = (1..=3)
        .map(|n| format!("{zurich}_{n}"))
        .chain((4..=60).map(|n| format!("bern-{n:02}")));
    SingleSelectSchema::new(names).unwrap()
}

#[derive(Clone)]
struct Picker {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Picker {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

/// Each tool picks one option of a long list, built anew on every round.
#[tool_router]
impl Picker {
    fn new(seal: RequestStateSeal) -> Self {
        Picker {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Picks one of 10,000 hosts")]
    async fn host(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let hosts = names();
            let picked = ask.choose("host", "Which host?", &hosts).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(
                picked_text(&picked),
            )]))
        })
        .await
    }

    #[tool(description = "Picks one of 60 cities, Zürich's names in NFD")]
    async fn city_nfd(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        city(ask, NFD).await
    }

    #[tool(description = "Picks one of 60 cities, Zürich's names in NFC")]
    async fn city_nfc(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        city(ask, NFC).await
    }
}

/// Picks one of [`cities`] spelled `zurich`.
async fn city(ask: Ask, zurich: &'static str) -> Result<CallToolResponse, ErrorData> {
    ask.tool(|ask| async move {
        let cities = cities(zurich);
        let picked = ask.choose("city", "Which city?", &cities).await?;
        Ok(CallToolResult::success(vec![ContentBlock::text(
            picked_text(&picked),
        )]))
    })
    .await
}

/// `VALUE #INDEX` of the option picked, else the action.
fn picked_text(picked: &ElicitAction<enum_schema::OwnedChoice>) -> String {
    match picked {
        ElicitAction::Accept(choice) => format!("{} #{}", choice.value(), choice.index()),
        other => format!("{other:?}"),
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Picker {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

fn search(text: &str) -> Value {
    json!({"action": "accept", "content": {"search": text}})
}

fn choice(value: &str) -> Value {
    json!({"action": "accept", "content": {"choice": value}})
}

async fn call(connection: &Connection, tool: &'static str) -> CallToolResult {
    connection
        .client
        .call_tool(CallToolRequestParams::new(tool))
        .await
        .unwrap()
}

fn messages(seen: &[Value]) -> Vec<&str> {
    seen.iter()
        .map(|request| request["message"].as_str().unwrap())
        .collect()
}

/// The keys of each `input_required` round the server wrote (2026-07-28).
fn round_keys(connection: &Connection) -> Vec<Vec<String>> {
    connection
        .lines_with(r#""resultType":"input_required""#)
        .iter()
        .map(|line| {
            let message: Value = serde_json::from_str(line).unwrap();
            message["result"]["inputRequests"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect()
        })
        .collect()
}

/// The values offered for the pick (the request's `choice` property):
/// `enum` on 2025-06-18, `oneOf` after.
fn offered(request: &Value) -> Vec<&str> {
    let choice = &request["requestedSchema"]["properties"]["choice"];
    match choice.get("enum") {
        Some(values) => values
            .as_array()
            .unwrap()
            .iter()
            .map(|value| value.as_str().unwrap())
            .collect(),
        None => choice["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| option["const"].as_str().unwrap())
            .collect(),
    }
}

/// Over 10,000 hosts, searches that match 5,000, then 1,000, then 40
/// take three searches and the pick, and complete the call, though the
/// server allows one attempt per question: no search counted as a
/// rejected answer. Each search after the first says how many the last
/// one matched, and is pre-filled with it (2025-06-18 has no `default`
/// for a text); on 2026-07-28 each is a round of its own.
#[tokio::test]
async fn searches_that_narrow_are_not_attempts() {
    for version in SPOKEN {
        let connection = connect(
            Picker::new(seal(KEY).with_max_attempts(1)),
            Answerer::new(version.clone()),
        )
        .await;
        connection.answer(vec![
            search("eu"),              // 10,000 -> 5,000
            search("eu-rack1"),        // -> 1,000
            search("eu-RACK1-team07"), // -> 40: offered
            choice("eu-rack1-team07-1007"),
        ]);
        let result = call(&connection, "host").await;
        assert_eq!(result.is_error, Some(false), "{version}");
        assert_eq!(text(&result), "eu-rack1-team07-1007 #1007", "{version}");
        let seen = connection.seen();
        assert_eq!(
            messages(&seen),
            [
                "Which host?",
                "Which host?\n\nSearch: “eu” matches 5000 options; type more of the name, so that at most 50 match.",
                "Which host?\n\nSearch: “eu-rack1” matches 1000 options; type more of the name, so that at most 50 match.",
                "Which host?",
            ],
            "{version}"
        );
        let defaults: Vec<Option<&Value>> = seen[..3]
            .iter()
            .map(|request| request["requestedSchema"]["properties"]["search"].get("default"))
            .collect();
        let mut field = json!({"type": "string", "title": "Search",
                               "description": "10000 options: type part of the one you want",
                               "minLength": 1, "maxLength": 200});
        if version == ProtocolVersion::V_2025_06_18 {
            assert_eq!(defaults, [None, None, None], "{version}");
        } else {
            assert_eq!(
                defaults,
                [None, Some(&json!("eu")), Some(&json!("eu-rack1"))],
                "{version}"
            );
            field["default"] = json!("eu");
        }
        assert_eq!(
            seen[1]["requestedSchema"],
            json!({"type": "object", "properties": {"search": field}, "required": ["search"]}),
            "{version}"
        );
        // The 40 matches are offered, in the list's order.
        let offered = offered(&seen[3]);
        assert_eq!(offered.len(), 40, "{version}");
        assert_eq!(offered[0], "eu-rack1-team07-1007", "{version}");
        assert_eq!(offered[39], "eu-rack1-team07-1982", "{version}");
        if version == ProtocolVersion::V_2026_07_28 {
            assert_eq!(
                round_keys(&connection),
                [
                    ["host.search"],
                    ["host.search.2"],
                    ["host.search.3"],
                    ["host"]
                ]
            );
        }
    }
}

/// The other side, with the same one attempt: a search that does not
/// narrow (as many matches as the one before) is a rejected answer, and
/// ends the call at once.
#[tokio::test]
async fn a_search_that_does_not_narrow_is_an_attempt() {
    for version in SPOKEN {
        let connection = connect(
            Picker::new(seal(KEY).with_max_attempts(1)),
            Answerer::new(version.clone()),
        )
        .await;
        connection.answer(vec![search("eu"), search("eu-")]);
        let result = call(&connection, "host").await;
        assert_eq!(result.is_error, Some(true), "{version}");
        assert_eq!(
            text(&result),
            "the client's answer was rejected: field `search`: \"eu-\" matches 5000 options, \
             more than the 50 one list may offer",
            "{version}"
        );
        assert_eq!(connection.seen().len(), 2, "{version}");
    }
}

/// A search typed in NFC (`zürich`, composed) finds names kept in NFD
/// (`Zu\u{308}rich`, as macOS keeps file names), whatever the case, and
/// the reverse; the names are offered as given, and the pick is the option
/// of the whole list.
#[tokio::test]
async fn a_search_typed_in_nfc_finds_names_in_nfd_and_the_reverse() {
    let nfd_names = [format!("{NFD}_1"), format!("{NFD}_2"), format!("{NFD}_3")];
    let nfc_names = [format!("{NFC}_1"), format!("{NFC}_2"), format!("{NFC}_3")];
    let cases = [
        // NFC typed, NFD names.
        ("city_nfd", "z\u{fc}rich", &nfd_names, 1),
        ("city_nfd", "Z\u{dc}RICH", &nfd_names, 1),
        ("city_nfd", "\u{fc}rich_", &nfd_names, 1),
        ("city_nfd", NFD, &nfd_names, 1),
        // NFD typed, NFC names.
        ("city_nfc", "zu\u{308}rich", &nfc_names, 0),
        ("city_nfc", "ZU\u{308}RICH", &nfc_names, 0),
        ("city_nfc", "u\u{308}rich", &nfc_names, 0),
        ("city_nfc", NFC, &nfc_names, 0),
    ];
    for version in SPOKEN {
        let connection = connect(Picker::new(seal(KEY)), Answerer::new(version.clone())).await;
        for (tool, typed, names, index) in cases {
            connection.answer(vec![search(typed), choice(&names[index])]);
            let result = call(&connection, tool).await;
            assert_eq!(
                text(&result),
                format!("{} #{index}", names[index]),
                "{version} {tool} {typed:?}"
            );
            let seen = connection.seen();
            assert_eq!(seen.len(), 2, "{version} {tool} {typed:?}");
            assert_eq!(offered(&seen[1]), *names, "{version} {tool} {typed:?}");
        }
    }
}
