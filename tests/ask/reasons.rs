//! Every refusal says what to do next (issue 45): the reason a question
//! asked again carries, for the formats (an e-mail address is ASCII, and
//! one in another script is told its ASCII form; a `uri` is told what is
//! wrong with it and how to write it) and for numbers a JSON value cannot
//! carry exactly, on every revision that asks.

use super::*;

/// A form of the two formats people mistype most.
#[derive(ElicitForm, Debug, PartialEq)]
struct Contact {
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "uri")]
    homepage: String,
}

async fn contact(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask.form::<Contact>("contact", "Who are you?").await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

const RIGHT: &str =
    "Accept(Contact { email: \"a@xn--9ca.org\", homepage: \"https://example.com/caf%C3%A9\" })";

fn right() -> Value {
    json!({"action": "accept", "content": {"email": "a@xn--9ca.org", "homepage": "https://example.com/caf%C3%A9"}})
}

/// `email` and `homepage` answered wrong once: the reasons the question
/// is asked again with, in the form's order.
#[track_caller]
fn reasons(email: &str, homepage: &str) -> Vec<String> {
    let mut all = Vec::new();
    for version in [V1125, V0728, None] {
        let wrong = json!({"action": "accept", "content": {"email": email, "homepage": homepage}});
        let client = Client::new(version, vec![wrong, right()]);
        assert_eq!(text(client.tool(contact)), RIGHT, "{}", name(version));
        let seen = client.seen();
        let message = seen[1]["message"].as_str().unwrap();
        let reasons: Vec<String> = message
            .strip_prefix("Who are you?\n\n")
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect();
        if !all.is_empty() {
            assert_eq!(reasons, all, "{}", name(version));
        }
        all = reasons;
    }
    all
}

#[test]
fn an_email_address_is_ascii_and_the_reason_gives_its_ascii_form() {
    assert_eq!(
        reasons("a@é.org", "https://example.com/"),
        ["email: “a@é.org” has accented or non-Latin characters in its domain; enter it as “a@xn--9ca.org”, the same address written for email."]
    );
    assert_eq!(
        reasons("aé@iana.org", "https://example.com/"),
        ["email: “aé@iana.org” has accented or non-Latin characters before the @, which an address here cannot have; enter one without them, such as name@example.com."]
    );
    assert_eq!(
        reasons("사용자@도메인.한국", "https://example.com/"),
        ["email: “사용자@도메인.한국” has accented or non-Latin characters before the @, which an address here cannot have; enter one without them, such as name@example.com."]
    );
    // A label of 63 characters at most, counted in the ASCII form: 60 é
    // are more than 63 characters encoded.
    let long = format!("a@{}.org", "é".repeat(60));
    assert_eq!(
        reasons(&long, "https://example.com/"),
        [format!("email: {} has accented or non-Latin characters in its domain, which cannot be written for email here; enter another address.", quoted(&long))]
    );
    // An encoded label within 63 characters: suggested whole, however
    // long the quote of what was sent.
    let forty = format!("a@{}.org", "é".repeat(40));
    let [reason] = &reasons(&forty, "https://example.com/")[..] else {
        panic!()
    };
    assert!(
        reason.ends_with(
            "enter it as “a@xn--9caaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org”, the same address written for email."
        ),
        "{reason}"
    );
    // Wrong for another reason: the reason as before.
    assert_eq!(
        reasons("name", "https://example.com/"),
        ["email: “name” is not an email address, such as name@example.com."]
    );
}

/// `text` as a reason quotes it: at most 40 characters, then "…".
fn quoted(text: &str) -> String {
    let cut: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        format!("“{cut}…”")
    } else {
        format!("“{cut}”")
    }
}

#[test]
fn a_uri_is_told_what_is_wrong_and_how_to_write_it() {
    let reason = |homepage: &str| reasons("a@b.org", homepage);
    assert_eq!(
        reason("/page"),
        ["homepage: “/page” is a relative path, not a full address; enter it with its scheme and host, such as https://example.com/page."]
    );
    assert_eq!(
        reason("example.com/page"),
        ["homepage: “example.com/page” has no scheme; enter the full address, with its scheme, such as “https://example.com/page”."]
    );
    assert_eq!(
        reason("https://example.com/café"),
        ["homepage: “https://example.com/café” has accented or non-Latin characters; enter them percent-encoded, as in “https://example.com/caf%C3%A9”."]
    );
    assert_eq!(
        reason("https://example.com/a b"),
        ["homepage: “https://example.com/a b” has a space; enter it as %20, as in “https://example.com/a%20b”."]
    );
    assert_eq!(
        reason("https://example.com/%zz"),
        ["homepage: “https://example.com/%zz” is not a full address, such as https://example.com/page."]
    );
}

/// A valid address with a space around it is told so, not that it is
/// no address (found by a new user's trial).
#[test]
fn a_space_around_a_valid_value_is_named() {
    assert_eq!(
        reasons(" a@b.org", "https://example.com/\n"),
        [
            "email: “ a@b.org” has a space at its start; enter “a@b.org”.",
            "homepage: “https://example.com/ ” has a space at its end; enter “https://example.com/”.",
        ]
    );
    assert_eq!(
        reasons(" a@b.org ", "https://example.com/"),
        ["email: “ a@b.org ” has a space at its start and end; enter “a@b.org”."]
    );
    // Not valid without the space either: as before.
    assert_eq!(
        reasons(" a@", "https://example.com/"),
        ["email: “ a@” is not an email address, such as name@example.com."]
    );
}

/// Whole numbers, read exactly or refused.
#[derive(ElicitForm, Debug, PartialEq)]
struct Counts {
    id: i64,
    total: u64,
}

async fn counts(ask: Ask<Fake>) -> Result<ToolResult, ElicitError> {
    let answer = ask.form::<Counts>("counts", "How many?").await?;
    Ok(ToolResult::Text(format!("{answer:?}")))
}

/// `id` and `total` answered once with `id` and `total`: the reason the
/// question is asked again with, and the rejection's `data` entries when
/// the same wrong answer comes three times, on every revision that asks.
#[track_caller]
fn refused(id: Value, total: Value) -> (String, Value) {
    let mut seen_reason = None;
    for version in [V1125, V0728, None] {
        let wrong = json!({"action": "accept", "content": {"id": id, "total": total}});
        let right = json!({"action": "accept", "content": {"id": 1, "total": 2}});
        let client = Client::new(version, vec![wrong.clone(), right]);
        assert_eq!(
            text(client.tool(counts)),
            "Accept(Counts { id: 1, total: 2 })",
            "{}",
            name(version)
        );
        let reason = client.seen()[1]["message"]
            .as_str()
            .unwrap()
            .strip_prefix("How many?\n\n")
            .unwrap()
            .to_owned();
        if let Some(seen) = &seen_reason {
            assert_eq!(&reason, seen, "{}", name(version));
        }
        seen_reason = Some(reason);
    }
    // Twice in a row ends the call: the rejection's data.
    let wrong = json!({"action": "accept", "content": {"id": id, "total": total}});
    let other = json!({"action": "accept", "content": {"id": "x", "total": 2}});
    let client = Client::new(V0728, vec![wrong.clone(), other, wrong]);
    let data = rejected(client.tool(counts)).data.unwrap();
    (seen_reason.unwrap(), data["errors"][0].clone())
}

/// Issue 45: the re-ask for 2^64 quoted `1.8446744073709552e+19`, not
/// what the person typed; `9007199254740993.0` into an `i64` became
/// 9007199254740992 without a word.
#[test]
fn numbers_are_quoted_as_typed_and_read_exactly_or_asked_again() {
    let two_to_the_64 =
        Value::Number(serde_json::Number::from_f64(18446744073709551616.0).unwrap());
    let (reason, entry) = refused(json!(1), two_to_the_64.clone());
    // The range as the schema sent says it (a `u64` takes every `u64`,
    // and is advertised up to `i64::MAX`, what every peer reads).
    assert_eq!(
        reason,
        "total: enter a number from 0 to 9223372036854775807; you entered “18446744073709551616”."
    );
    assert_eq!(
        entry,
        json!({"field": "total", "value": two_to_the_64, "minimum": 0, "maximum": 18446744073709551615u64,
               "message": "field `total`: out of range: 18446744073709551616 is not between 0 and 18446744073709551615"})
    );
    let rounded = Value::Number(serde_json::Number::from_f64(9007199254740993.0).unwrap());
    let (reason, entry) = refused(rounded, json!(2));
    assert_eq!(
        reason,
        "id: “9007199254740992” reached the server rounded; enter the whole number in digits only, without a decimal point or an exponent."
    );
    assert_eq!(
        entry,
        json!({"field": "id", "value": "9007199254740992",
               "message": "field `id`: not exact: 9007199254740992 arrived as a double beyond 2^53, which stands for several integers; an integer that large is exact as an integer literal"})
    );
    // The integer literal is exact, and taken.
    let client = Client::new(
        V0728,
        vec![json!({"action": "accept", "content": {"id": 9007199254740993i64, "total": 2}})],
    );
    assert_eq!(
        text(client.tool(counts)),
        "Accept(Counts { id: 9007199254740993, total: 2 })"
    );
}
