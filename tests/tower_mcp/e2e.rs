//! `enum_schema::tower_mcp::Ask` end to end: a tower-mcp server on its
//! streamable HTTP transport (a free port of 127.0.0.1) and tower-mcp's own
//! client, on both revisions it speaks: 2026-07-28 (`server/discover`,
//! `input_required` rounds that the client drives) and 2025-11-25
//! (`initialize`, `elicitation/create` on the POST's SSE stream).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use enum_schema::ask::RequestStateSeal;
use enum_schema::tower_mcp::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use serde_json::{json, Value};
use tower_mcp::client::{ClientHandler, HttpClientTransport};
use tower_mcp::protocol::{ElicitRequestParams, ElicitResult};
use tower_mcp::RequestStateCodec;
use tower_mcp::{
    CallToolResult, HttpTransport, JsonRpcError, McpClient, McpRouter, NoParams, RequestContext,
    ToolBuilder,
};

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Triage {
    severity: Severity,
}

#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase", max_items = 2)]
enum Service {
    Checkout,
    Search,
    Login,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Impact {
    services: Vec<Service>,
}

/// Serves `triage` (how bad, then, if high, which services) and returns
/// the URL.
async fn serve() -> String {
    let codec = RequestStateCodec::new([9; 32], RequestStateSeal::DEFAULT_TTL).unwrap();
    let seal = RequestStateSeal::new(codec);
    let tool = ToolBuilder::new("triage")
        .mrtr_handler(move |ctx: RequestContext, _: NoParams| {
            let seal = seal.clone();
            async move {
                Ask::for_tool(&ctx, "triage", &(), &seal)?
                    .tool(|ask| async move {
                        let triage = ask.form::<Triage>("triage", "How bad is it?").await?;
                        let mut text = format!("{triage:?}");
                        let high = ElicitAction::Accept(Triage {
                            severity: Severity::High,
                        });
                        if triage == high {
                            let impact = ask.form::<Impact>("impact", "Which services?").await?;
                            text = format!("{text}; {impact:?}");
                        }
                        Ok(CallToolResult::text(text))
                    })
                    .await
            }
        })
        .build();
    let router = McpRouter::new().server_info("e2e", "1.0.0").tool(tool);
    let app = HttpTransport::new(router)
        .with_sampling()
        .into_router_at("/mcp");
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

/// The person at the client: answers each request with the next scripted
/// answer, and keeps each request's message and `requestedSchema`.
#[derive(Clone, Default)]
struct Person {
    answers: Arc<Mutex<VecDeque<Value>>>,
    asked: Arc<Mutex<Vec<(String, Value)>>>,
}

#[async_trait::async_trait]
impl ClientHandler for Person {
    async fn handle_elicit(
        &self,
        params: ElicitRequestParams,
    ) -> Result<ElicitResult, JsonRpcError> {
        let ElicitRequestParams::Form(form) = params else {
            return Err(JsonRpcError::invalid_params("not a form"));
        };
        let schema = serde_json::to_value(&form.requested_schema).unwrap();
        self.asked.lock().unwrap().push((form.message, schema));
        let answer = self.answers.lock().unwrap().pop_front().expect("an answer");
        Ok(serde_json::from_value(answer).unwrap())
    }
}

impl Person {
    fn answering(answers: impl IntoIterator<Item = Value>) -> Self {
        let person = Person::default();
        person.answers.lock().unwrap().extend(answers);
        person
    }

    fn messages(&self) -> Vec<String> {
        let asked = self.asked.lock().unwrap();
        asked.iter().map(|(message, _)| message.clone()).collect()
    }
}

/// A client of `revision` ("2026-07-28" or "2025-11-25") answering as
/// `person`.
async fn client(url: &str, revision: &str, person: Person) -> McpClient {
    let client = McpClient::builder()
        .with_elicitation()
        .connect(HttpClientTransport::new(url), person)
        .await
        .unwrap();
    if revision == "2026-07-28" {
        client.discover("e2e-client", "1.0.0").await.unwrap();
    } else {
        let result = client.initialize("e2e-client", "1.0.0").await.unwrap();
        assert_eq!(result.protocol_version, revision);
    }
    client
}

const REVISIONS: [&str; 2] = ["2026-07-28", "2025-11-25"];

#[tokio::test]
async fn two_questions_on_both_revisions() {
    let url = serve().await;
    for revision in REVISIONS {
        let person = Person::answering([
            json!({"action": "accept", "content": {"severity": "high"}}),
            json!({"action": "accept", "content": {"services": ["search", "login"]}}),
        ]);
        let client = client(&url, revision, person.clone()).await;
        let result = client.call_tool("triage", json!({})).await.unwrap();
        assert!(!result.is_error, "{revision}: {result:?}");
        assert_eq!(
            result.all_text(),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Search, Login] })",
            "{revision}",
        );
        assert_eq!(
            person.messages(),
            ["How bad is it?", "Which services?"],
            "{revision}"
        );
        let asked = person.asked.lock().unwrap();
        // tower-mcp 0.25's client reads each property into its typed
        // schemas, which lose what they do not model: a titled
        // single-select (`oneOf`, no `enum`) becomes a plain string field,
        // a multi-select loses `maxItems`. The wire carries both
        // (tests/tower_mcp/ask.rs, and the Python client in
        // .ci/tower_mcp.sh, see them). Pinned, so that a fix shows.
        assert_eq!(
            asked[0].1,
            json!({"type": "object", "properties": {"severity": {"type": "string"}},
                "required": ["severity"]}),
            "{revision}",
        );
        assert_eq!(
            asked[1].1["properties"]["services"],
            json!({"type": "array", "items": {"type": "string", "enum": ["checkout", "search", "login"]}}),
            "{revision}",
        );
    }
}

#[tokio::test]
async fn a_wrong_answer_is_asked_again_with_the_reason_then_accepted() {
    let url = serve().await;
    for revision in REVISIONS {
        let person = Person::answering([
            json!({"action": "accept", "content": {"severity": "high"}}),
            json!({"action": "accept", "content": {"services": ["checkout", "search", "login"]}}),
            json!({"action": "accept", "content": {"services": ["login"]}}),
        ]);
        let client = client(&url, revision, person.clone()).await;
        let result = client.call_tool("triage", json!({})).await.unwrap();
        assert_eq!(
            result.all_text(),
            "Accept(Triage { severity: High }); Accept(Impact { services: [Login] })",
            "{revision}",
        );
        let messages = person.messages();
        assert_eq!(messages.len(), 3, "{revision}: {messages:?}");
        assert!(
            messages[2].starts_with("Which services?"),
            "{revision}: {messages:?}"
        );
        assert!(
            messages[2].len() > "Which services?".len(),
            "{revision}: the reason follows"
        );
    }
}

#[tokio::test]
async fn a_title_three_times_is_a_tool_error_with_the_data() {
    let url = serve().await;
    for revision in REVISIONS {
        let title =
            json!({"action": "accept", "content": {"severity": "High: users are affected"}});
        let person = Person::answering([title.clone(), title.clone(), title]);
        let client = client(&url, revision, person.clone()).await;
        let result = client.call_tool("triage", json!({})).await.unwrap();
        assert!(result.is_error, "{revision}: {result:?}");
        assert_eq!(person.messages().len(), 3, "{revision}");
        let error = &result.structured_content.as_ref().unwrap()["errors"][0];
        assert_eq!(error["field"], "severity", "{revision}");
        assert_eq!(error["value"], "High: users are affected", "{revision}");
        assert_eq!(error["allowed"], json!(["low", "high"]), "{revision}");
        assert!(
            result
                .all_text()
                .contains("the client sent the title of option \"high\" instead of its value"),
            "{revision}: {}",
            result.all_text(),
        );
    }
}
