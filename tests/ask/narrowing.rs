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
        // call.
        let client = Client::new(version, vec![search("rack"); 3]);
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
        // A search that narrowed, then the same text three times: no
        // progress, three attempts.
        let client = Client::new(version, vec![search("eu"); 4]);
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
                format!("{progress}\n\nSearch: “eu” matches 5000 options; type more of the name, so that at most 50 match."),
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
            search("rack1-team01-"),
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
