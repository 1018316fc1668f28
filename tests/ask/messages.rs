//! `Messages`: every text a person reads, replaced by the server; German
//! here, for the whole server (the seal) and for one call (`with_messages`).

use super::*;
use enum_schema::schema::SingleSelectSchema;
use enum_schema::{Confirm, ElicitAction};

#[path = "../common/deutsch.rs"]
mod deutsch;
use deutsch::Deutsch;

async fn confirm(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask
        .form::<Confirm>("confirm", "Abrechnung in Produktion ausrollen?")
        .await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

#[test]
fn the_server_speaks_german_for_every_call() {
    for version in REVISIONS {
        let client = Client::new(
            version,
            vec![
                json!({"action": "accept", "content": {}}),
                json!({"action": "accept", "content": {"confirm": "yes"}}),
            ],
        )
        .sealed_with(RequestStateSeal::new(codec(KEY)).with_messages(Deutsch));
        assert_eq!(
            text(client.tool(confirm)),
            "Accept(Yes)",
            "{}",
            name(version)
        );
        let seen = client.seen();
        // The options keep their values; their titles are German (the
        // legacy `enumNames` of 2025-06-18 too).
        let titles = if version == V0618 {
            seen[0]["requestedSchema"]["properties"]["confirm"]["enumNames"].clone()
        } else {
            let options = &seen[0]["requestedSchema"]["properties"]["confirm"]["oneOf"];
            json!([options[0]["title"], options[1]["title"]])
        };
        assert_eq!(titles, json!(["Ja", "Nein"]), "{}", name(version));
        assert_eq!(
            seen[1]["message"],
            "Abrechnung in Produktion ausrollen?\n\nconfirm: diese Antwort fehlt noch."
        );
    }
}

/// A refused suggestion (the tool's argument) asked of the person in
/// German: the line before the reasons and the reason itself are the
/// translation's, and neither says "du" of what the model sent.
#[test]
fn a_refused_suggestion_is_worded_by_the_translation() {
    for version in [V1125, V0728] {
        let mut client = Client::new(
            version,
            vec![json!({"action": "accept", "content": {"services": ["login"], "page": true}})],
        )
        .sealed_with(RequestStateSeal::new(codec(KEY)).with_messages(Deutsch));
        let Value::Object(arguments) =
            json!({"impact": {"services": ["checkout", "search", "login"], "page": true}})
        else {
            unreachable!()
        };
        client.arguments = Some(arguments);
        let outcome = client.tool(|ask: Ask<Fake>| async move {
            let impact = ask
                .question(Question::form::<Impact>("impact", "Was ist betroffen?").with_argument())
                .await?;
            Ok(ToolResult::Text(format!("{impact:?}")))
        });
        assert_eq!(
            text(outcome),
            "Accept(Impact { services: [Login], page: true })",
            "{}",
            name(version)
        );
        assert_eq!(
            client.seen()[0]["message"],
            "Was ist betroffen?\n\nEine vorgeschlagene Antwort ließ sich nicht verwenden:\n\
             services: wähle höchstens 2; vorgeschlagen waren 3."
        );
    }
}

#[test]
fn one_call_speaks_german_the_next_english() {
    for version in [V1125, V0728] {
        let wrong = || json!({"action": "accept", "content": {"services": ["checkout", "search", "login"], "page": true}});
        let right = json!({"action": "accept", "content": {"services": ["login"], "page": true}});
        let client = Client::new(version, vec![wrong(), right.clone()]);
        client
            .tool(|ask: Ask<Fake>| async move {
                let answer = ask
                    .with_messages(Deutsch)
                    .form::<Impact>("impact", "Welche Dienste?")
                    .await?;
                Ok(ToolResult::Text(format!("{answer:?}")))
            })
            .unwrap();
        assert_eq!(
            client.seen()[1]["message"],
            "Welche Dienste?\n\nservices: wähle höchstens 2; du hast 3 gewählt."
        );
        let client = Client::new(version, vec![wrong(), right]);
        text(client.tool(impact));
        assert_eq!(
            client.seen()[1]["message"],
            "Which services?\n\nservices: pick at most 2; you picked 3."
        );
    }
}

#[test]
fn a_long_list_is_searched_in_german() {
    let hosts = SingleSelectSchema::new((0..1000).map(|n| format!("host-{n:04}"))).unwrap();
    let client = Client::new(
        V1125,
        vec![
            json!({"action": "accept", "content": {"search": "0999"}}),
            json!({"action": "accept", "content": {"choice": "host-0999"}}),
        ],
    )
    .sealed_with(RequestStateSeal::new(codec(KEY)).with_messages(Deutsch));
    let hosts = &hosts;
    let outcome = client.tool(|ask: Ask<Fake>| async move {
        let answer = ask.choose("host", "Welcher Host?", hosts).await?;
        Ok(ToolResult::Text(match answer {
            ElicitAction::Accept(choice) => choice.value().to_owned(),
            other => format!("{other:?}"),
        }))
    });
    assert_eq!(text(outcome), "host-0999");
    assert_eq!(
        client.seen()[0]["requestedSchema"]["properties"]["search"],
        json!({"type": "string", "title": "Suche",
               "description": "1000 Einträge: tippe einen Teil des gesuchten",
               "minLength": 1, "maxLength": 200})
    );
}
