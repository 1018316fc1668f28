//! `Ask::choose` over a long list: a search that narrows the list is
//! progress, not an attempt; one that does not narrow is asked again as
//! any rejected answer.

use enum_schema::schema::SingleSelectSchema;

use super::*;

/// 10,000 names: `eu-rack1-team07-1007`, half of them `eu`, 1,000 per rack
/// of a region, 40 per team of a rack.
fn names() -> SingleSelectSchema {
    let names = (0..10_000).map(|n| {
        let region = if n < 5_000 { "eu" } else { "us" };
        format!("{region}-rack{}-team{:02}-{n:04}", (n / 1_000) % 5, n % 25)
    });
    SingleSelectSchema::new(names).unwrap().with_title("Host")
}

async fn choose_host(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let hosts = names();
    let picked = ask.choose("host", "Which host?", &hosts).await?;
    Ok(ToolResult::Text(match picked {
        enum_schema::ElicitAction::Accept(choice) => {
            format!("{} #{}", choice.value(), choice.index())
        }
        other => format!("{other:?}"),
    }))
}

fn search(text: &str) -> Value {
    accept(json!({ "search": text }))
}

/// The request's search field (`None`: not a search).
fn search_field(request: &Value) -> Option<&Value> {
    request["requestedSchema"]["properties"].get("search")
}

#[test]
fn searches_that_narrow_are_not_attempts() {
    for version in REVISIONS {
        let what = name(version);
        let client = Client::new(
            version,
            vec![
                search("eu"),              // 10,000 -> 5,000
                search("eu-rack1"),        // -> 1,000
                search("eu-RACK1-team07"), // -> 40: offered
                accept(json!({"choice": "eu-rack1-team07-1007"})),
            ],
        );
        assert_eq!(
            text(client.tool(choose_host)),
            "eu-rack1-team07-1007 #1007",
            "{what}"
        );
        let seen = client.seen();
        assert_eq!(seen.len(), 4, "{what}");
        assert_eq!(
            messages(&seen),
            [
                "Which host?",
                "Which host?\n\nSearch: “eu” matches 5000 options; type more of the name, so that at most 50 match.",
                "Which host?\n\nSearch: “eu-rack1” matches 1000 options; type more of the name, so that at most 50 match.",
                "Which host?",
            ],
            "{what}"
        );
        // Each search after the first is pre-filled with the text so far
        // (2025-06-18 has no `default` for a text).
        let defaults: Vec<Option<&Value>> = seen[..3]
            .iter()
            .map(|request| search_field(request).unwrap().get("default"))
            .collect();
        let mut field = json!({"type": "string", "title": "Search",
                               "description": "10000 options: type part of the one you want",
                               "minLength": 1, "maxLength": 200});
        if version == V0618 {
            assert_eq!(defaults, [None, None, None], "{what}");
        } else {
            assert_eq!(
                defaults,
                [None, Some(&json!("eu")), Some(&json!("eu-rack1"))],
                "{what}"
            );
            field["default"] = json!("eu");
        }
        assert_eq!(search_field(&seen[1]).unwrap(), &field, "{what}");
        // The 40 matches are offered, in the list's order.
        let offered: Vec<&str> = seen[3]["requestedSchema"]["properties"]["choice"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|value| value.as_str().unwrap())
            .collect();
        assert_eq!(offered.len(), 40, "{what}");
        assert_eq!(offered[0], "eu-rack1-team07-1007", "{what}");
        assert_eq!(offered[39], "eu-rack1-team07-1982", "{what}");
        if version == V0728 {
            let rounds = client.script.rounds();
            let keys: Vec<Vec<&str>> = rounds
                .iter()
                .map(|round| {
                    round["inputRequests"]
                        .as_object()
                        .unwrap()
                        .keys()
                        .map(String::as_str)
                        .collect()
                })
                .collect();
            assert_eq!(
                keys,
                [
                    ["host.search"],
                    ["host.search.2"],
                    ["host.search.3"],
                    ["host"]
                ]
            );
            // No attempt counted: each search is an answer, sealed.
            assert_eq!(
                peek(rounds[3]["requestState"].as_str().unwrap()),
                json!({"v": 2, "exp": "EXP",
                       "answers": {
                           "host.search": {"action": "accept", "content": {"search": "eu"}},
                           "host.search.2": {"action": "accept", "content": {"search": "eu-rack1"}},
                           "host.search.3": {"action": "accept", "content": {"search": "eu-RACK1-team07"}},
                       },
                       "questions": {"host.search": "DIGEST", "host.search.2": "DIGEST",
                                     "host.search.3": "DIGEST", "host": "DIGEST"}})
            );
        }
    }
}

fn messages(seen: &[Value]) -> Vec<&str> {
    seen.iter()
        .map(|request| request["message"].as_str().unwrap())
        .collect()
}

const NO_PROGRESS: &str = "the client's answer was rejected: field `search`: \"eu\" matches 5000 options, more than the 50 one list may offer";

#[test]
fn a_search_that_does_not_narrow_is_an_attempt() {
    for version in REVISIONS {
        let what = name(version);
        // The whole list matched three times: as before, the third ends the
        // call (never the same text twice in a row, which ends it sooner).
        let client = Client::new(
            version,
            vec![search("rack"), search("team"), search("rack")],
        );
        let rejection = rejected(client.tool(choose_host));
        assert_eq!(
            rejection.text,
            "the client's answer was rejected: field `search`: \"rack\" matches 10000 options, more than the 50 one list may offer",
            "{what}"
        );
        assert_eq!(
            rejection.data,
            Some(json!({"errors": [{
                "field": "search", "value": "rack", "matches": 10_000, "limit": 50,
                "message": "field `search`: \"rack\" matches 10000 options, more than the 50 one list may offer",
            }]})),
            "{what}"
        );
        assert_eq!(client.seen().len(), 3, "{what}");
        // A search that narrowed, then three that did not: no progress,
        // three attempts.
        let client = Client::new(
            version,
            vec![search("eu"), search("eu"), search("eu-"), search("eu")],
        );
        let rejection = rejected(client.tool(choose_host));
        assert_eq!(rejection.text, NO_PROGRESS, "{what}");
        let seen = client.seen();
        assert_eq!(seen.len(), 4, "{what}");
        let progress = "Which host?\n\nSearch: “eu” matches 5000 options; type more of the name, so that at most 50 match.";
        assert_eq!(
            messages(&seen),
            [
                "Which host?".to_owned(),
                progress.to_owned(),
                format!("{progress}\n\nSearch: “eu” matches 5000 options; type more of the name, so that at most 50 match."),
                format!("{progress}\n\nSearch: “eu-” matches 5000 options; type more of the name, so that at most 50 match."),
            ],
            "{what}"
        );
        // More matches than the search before is no progress either; a
        // text that matches none is an attempt, as before.
        let client = Client::new(
            version,
            vec![
                search("eu-rack1"),
                search("eu"),
                search("zzz"),
                search("us"),
            ],
        );
        let rejection = rejected(client.tool(choose_host));
        assert_eq!(
            rejection.text,
            "the client's answer was rejected: field `search`: \"us\" matches 5000 options, more than the 50 one list may offer",
            "{what}"
        );
        assert_eq!(client.seen().len(), 4, "{what}");
    }
}

/// The fifth search must match at most 50, narrowing or not.
#[test]
fn the_fifth_search_must_offer_a_list() {
    let client = Client::new(
        V0728,
        vec![
            search("eu"),             // 5,000
            search("eu-rack1"),       // 1,000
            search("eu-rack1-team0"), // 400
            search("rack1-team01"),   // 80 (both regions)
            search("-team01-1"),      // 40: offered
            accept(json!({"choice": "eu-rack1-team01-1001"})),
        ],
    );
    assert_eq!(text(client.tool(choose_host)), "eu-rack1-team01-1001 #1001");
    let client = Client::new(
        V0728,
        vec![
            search("eu"),
            search("eu-rack1"),
            search("eu-rack1-team0"),
            search("rack1-team0"),  // 800: no progress, an attempt
            search("rack1-team01"), // 80
            search("1-team01-1"),   // 40 + 0: the fifth search narrows to 40
            accept(json!({"choice": "eu-rack1-team01-1026"})),
        ],
    );
    assert_eq!(text(client.tool(choose_host)), "eu-rack1-team01-1026 #1026");
    let client = Client::new(
        V0728,
        vec![
            search("eu"),
            search("eu-rack1"),
            search("eu-rack1-team0"),
            search("rack1-team01"),
            search("rack1-team01-"), // 80: the fifth search offers no list
            search("ack1-team01-"),
            search("rack1-team01-"),
        ],
    );
    let rejection = rejected(client.tool(choose_host));
    assert_eq!(
        rejection.text,
        "the client's answer was rejected: field `search`: \"rack1-team01-\" matches 80 options, more than the 50 one list may offer"
    );
    let keys: Vec<String> = client
        .script
        .rounds()
        .iter()
        .flat_map(|round| {
            round["inputRequests"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(
        keys,
        [
            "host.search",
            "host.search.2",
            "host.search.3",
            "host.search.4",
            "host.search.5",
            "host.search.5",
            "host.search.5"
        ]
    );
}

// ---------------------------------------------------------------------------
// Unicode: a search compares text in NFC and lowercase, on both sides.

/// 60 names: three of Zürich (`zurich_1`, `zurich_2`, `zurich_3` as spelled
/// by `zurich`), the others `bern-NN`.
fn cities(zurich: &str) -> SingleSelectSchema {
    let names = (1..=3)
        .map(|n| format!("{zurich}_{n}"))
        .chain((4..=60).map(|n| format!("bern-{n:02}")));
    SingleSelectSchema::new(names).unwrap()
}

/// The same, titled: values `zrh-N`, titles `<zurich> N`.
fn titled_cities(zurich: &str) -> SingleSelectSchema {
    let names = (1..=3)
        .map(|n| (format!("zrh-{n}"), format!("{zurich} {n}")))
        .chain((4..=60).map(|n| (format!("brn-{n:02}"), format!("Bern {n:02}"))));
    SingleSelectSchema::new(names).unwrap()
}

const NFC: &str = "Z\u{fc}rich";
const NFD: &str = "Zu\u{308}rich";

/// The values (and titles) offered for the pick, and the answer.
fn pick_city(
    version: Option<ProtocolVersion>,
    cities: SingleSelectSchema,
    search: &str,
    choice: &str,
) -> (Value, String) {
    let client = Client::new(
        version,
        vec![
            accept(json!({ "search": search })),
            accept(json!({ "choice": choice })),
        ],
    );
    let cities = Arc::new(cities);
    let outcome = client.tool(|ask| {
        let cities = Arc::clone(&cities);
        async move {
            let picked = ask.choose("city", "Which city?", &cities).await?;
            Ok(ToolResult::Text(match picked {
                enum_schema::ElicitAction::Accept(choice) => {
                    format!(
                        "{} {:?} #{}",
                        choice.value(),
                        choice.title(),
                        choice.index()
                    )
                }
                other => format!("{other:?}"),
            }))
        }
    });
    let picked = text(outcome);
    let seen = client.seen();
    assert_eq!(seen.len(), 2, "{search:?}");
    let mut offered = seen[1]["requestedSchema"]["properties"]["choice"].clone();
    offered.as_object_mut().unwrap().remove("type");
    (offered, picked)
}

#[test]
fn a_search_typed_in_nfc_finds_names_in_nfd_and_the_reverse() {
    for version in REVISIONS {
        let what = name(version);
        // NFC typed, NFD names (macOS file names): offered as given.
        let nfd_names = [format!("{NFD}_1"), format!("{NFD}_2"), format!("{NFD}_3")];
        for search in ["z\u{fc}rich", "Z\u{dc}RICH", "\u{fc}rich_", NFD] {
            let (offered, picked) = pick_city(version, cities(NFD), search, &nfd_names[1]);
            assert_eq!(offered, json!({"enum": nfd_names}), "{what} {search:?}");
            assert_eq!(picked, format!("{NFD}_2 None #1"), "{what} {search:?}");
        }
        // The reverse: NFD typed, NFC names.
        let nfc_names = [format!("{NFC}_1"), format!("{NFC}_2"), format!("{NFC}_3")];
        for search in ["zu\u{308}rich", "ZU\u{308}RICH", "u\u{308}rich", NFC] {
            let (offered, picked) = pick_city(version, cities(NFC), search, &nfc_names[0]);
            assert_eq!(offered, json!({"enum": nfc_names}), "{what} {search:?}");
            assert_eq!(picked, format!("{NFC}_1 None #0"), "{what} {search:?}");
        }
    }
}

#[test]
fn titles_are_searched_in_nfc_and_offered_as_given() {
    let (offered, picked) = pick_city(V1125, titled_cities(NFD), "z\u{fc}rich", "zrh-3");
    assert_eq!(
        offered,
        json!({"oneOf": [
            {"const": "zrh-1", "title": format!("{NFD} 1")},
            {"const": "zrh-2", "title": format!("{NFD} 2")},
            {"const": "zrh-3", "title": format!("{NFD} 3")},
        ]})
    );
    assert_eq!(picked, format!("zrh-3 Some({:?}) #2", format!("{NFD} 3")));
    let (offered, _) = pick_city(V1125, titled_cities(NFC), "ZU\u{308}RICH", "zrh-1");
    assert_eq!(
        offered["oneOf"][0],
        json!({"const": "zrh-1", "title": format!("{NFC} 1")})
    );
    // A decomposed `u` is not a `ü`: NFC does not match a base letter to
    // its accented form.
    let client = Client::new(
        V0728,
        ["zurich", "zuerich", "zurich"]
            .map(|text| accept(json!({"search": text})))
            .to_vec(),
    );
    let cities = Arc::new(cities(NFD));
    let rejection = rejected(client.tool(|ask| {
        let cities = Arc::clone(&cities);
        async move {
            ask.choose("city", "Which city?", &cities).await?;
            Ok(ToolResult::Text(String::new()))
        }
    }));
    assert_eq!(
        rejection.text,
        "the client's answer was rejected: field `search`: no option matches \"zurich\""
    );
}
