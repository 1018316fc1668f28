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
use tower_mcp::client::{ClientHandler, ClientTransport, HttpClientTransport};
use tower_mcp::protocol::{ElicitRequestParams, ElicitResult};
use tower_mcp::RequestStateCodec;
use tower_mcp::{
    CallToolResult, HttpTransport, JsonRpcError, McpClient, McpRouter, NoParams, RequestContext,
    ToolBuilder,
};

// Not the questions of ask.rs: longer titles and a third service, which
// the answers and results below spell out.
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

/// Serves `triage` (how bad, then, if high, which services) and
/// `triage_argued` (how bad, a question the argument `triage` answers),
/// and returns the URL.
async fn serve() -> String {
    let codec = RequestStateCodec::new([9; 32], RequestStateSeal::DEFAULT_TTL).unwrap();
    let seal = RequestStateSeal::new(codec);
    let argued_seal = seal.clone();
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
    let argued = ToolBuilder::new("triage_argued")
        .mrtr_handler(move |ctx: RequestContext, input: Value| {
            let seal = argued_seal.clone();
            async move {
                Ask::for_tool(&ctx, "triage_argued", &input, &seal)?
                    .tool(|ask| async move {
                        let question =
                            enum_schema::ask::Question::form::<Triage>("triage", "How bad is it?")
                                .with_argument();
                        let triage = ask.question(question).await?;
                        Ok(CallToolResult::text(format!("{triage:?}")))
                    })
                    .await
            }
        })
        .build();
    let router = McpRouter::new()
        .server_info("e2e", "1.0.0")
        .tool(tool)
        .tool(argued);
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

type Progress = (f64, Option<String>);

/// The person at the client: answers each request with the next scripted
/// answer, and keeps each request's message and `requestedSchema` and each
/// progress notification's `progress` and `message`.
#[derive(Clone, Default)]
struct Person {
    answers: Arc<Mutex<VecDeque<Value>>>,
    asked: Arc<Mutex<Vec<(String, Value)>>>,
    progress: Arc<Mutex<Vec<Progress>>>,
    arrived: Arc<tokio::sync::Notify>,
    /// How many progress notifications to wait for before answering (a
    /// person who takes their time; no timing is asserted).
    wait_for_progress: usize,
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
        tokio::time::timeout(std::time::Duration::from_secs(60), async {
            loop {
                let notified = self.arrived.notified();
                if self.progress.lock().unwrap().len() >= self.wait_for_progress {
                    return;
                }
                notified.await;
            }
        })
        .await
        .expect("the progress notifications came");
        let answer = self.answers.lock().unwrap().pop_front().expect("an answer");
        Ok(serde_json::from_value(answer).unwrap())
    }

    async fn on_notification(&self, notification: tower_mcp::client::ServerNotification) {
        if let tower_mcp::client::ServerNotification::Progress(params) = notification {
            self.progress
                .lock()
                .unwrap()
                .push((params.progress, params.message));
            self.arrived.notify_waiters();
        }
    }
}

impl Person {
    fn answering(answers: impl IntoIterator<Item = Value>) -> Self {
        let person = Person::default();
        person.answers.lock().unwrap().extend(answers);
        person
    }

    /// The same person, answering only after `count` progress
    /// notifications.
    fn waiting_for_progress(mut self, count: usize) -> Self {
        self.wait_for_progress = count;
        self
    }

    fn messages(&self) -> Vec<String> {
        let asked = self.asked.lock().unwrap();
        asked.iter().map(|(message, _)| message.clone()).collect()
    }
}

/// A client of `revision` ("2026-07-28" or "2025-11-25") on the server at
/// `url` that shows forms, answering as `person`.
async fn client(url: &str, revision: &str, person: Person) -> McpClient {
    let builder = McpClient::builder().with_elicitation();
    connect(builder, HttpClientTransport::new(url), revision, person).await
}

/// A client built by `builder` on `transport`, of `revision`
/// ("2026-07-28" or "2025-11-25"), answering as `handler`.
async fn connect(
    builder: tower_mcp::client::McpClientBuilder,
    transport: impl ClientTransport,
    revision: &str,
    handler: impl ClientHandler,
) -> McpClient {
    let client = builder.connect(transport, handler).await.unwrap();
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

/// A title, a value not offered, the title again: three wrong answers end
/// the call with the error result and its data.
#[tokio::test]
async fn three_wrong_answers_are_a_tool_error_with_the_data() {
    let url = serve().await;
    for revision in REVISIONS {
        let title =
            json!({"action": "accept", "content": {"severity": "High: users are affected"}});
        let other = json!({"action": "accept", "content": {"severity": "urgent"}});
        let person = Person::answering([title.clone(), other, title]);
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

/// A client that answers without showing the form: the same refused answer
/// twice ends the call with the result for the model, naming the problem.
#[tokio::test]
async fn the_same_refused_answer_twice_names_the_client() {
    let url = serve().await;
    for revision in REVISIONS {
        let empty = json!({"action": "accept", "content": {}});
        let person = Person::answering([empty.clone(), empty.clone(), empty]);
        let client = client(&url, revision, person.clone()).await;
        let result = client.call_tool("triage", json!({})).await.unwrap();
        assert!(result.is_error, "{revision}: {result:?}");
        assert_eq!(person.messages().len(), 2, "{revision}");
        assert!(
            result.all_text().starts_with(
                "This client cannot show the person a form (it sent the same refused answer \
                 twice, so it does not seem to show the form; field `severity`: missing value \
                 for a required field)"
            ),
            "{revision}: {}",
            result.all_text(),
        );
    }
}

/// A client built without `with_elicitation()` declares no elicitation
/// (in `initialize` on 2025-11-25, in each request's `_meta` on
/// 2026-07-28): the question is not asked, the call ends with the result
/// for the model, and the same call with the argument it names gets the
/// typed answer.
#[tokio::test]
async fn a_client_without_elicitation_is_told_the_argument_then_answers_with_it() {
    let url = serve().await;
    for revision in REVISIONS {
        let person = Person::default();
        let client = connect(
            McpClient::builder(),
            HttpClientTransport::new(&url),
            revision,
            person.clone(),
        )
        .await;
        let result = client.call_tool("triage_argued", json!({})).await.unwrap();
        assert!(result.is_error, "{revision}: {result:?}");
        assert_eq!(result.all_text(), UNASKED_TRIAGE, "{revision}");
        assert_eq!(
            result.structured_content.as_ref().unwrap()["unasked"][0]["argument"],
            "triage",
            "{revision}"
        );
        let arguments = json!({"triage": {"severity": "high"}});
        let result = client.call_tool("triage_argued", arguments).await.unwrap();
        assert!(!result.is_error, "{revision}: {result:?}");
        assert_eq!(
            result.all_text(),
            "Accept(Triage { severity: High })",
            "{revision}"
        );
        assert!(
            person.messages().is_empty(),
            "{revision}: nothing was asked"
        );
    }
}

/// The result for the model of `triage_argued`, called without its
/// argument by a client that shows no form.
const UNASKED_TRIAGE: &str = "This client cannot show the person a form (it did not \
    declare form elicitation), so these questions were not asked:\n\n- \"How bad is it?\"\n  \
    Ask the person, then call the tool `triage_argued` again with the argument `triage`: an \
    object\n  - `severity` (required): one of \"low\" (Low: no user impact), \"high\" (High: \
    users are affected)\n\nSend each answer exactly as its value is written here.";

/// A router with `deploy`: asks for a confirmation, then deploys (counts
/// one in `deployed`); sends each call's outcome on `outcomes`.
fn deploy_router(
    deployed: Arc<std::sync::atomic::AtomicUsize>,
    outcomes: tokio::sync::mpsc::UnboundedSender<String>,
    progress_interval: Option<std::time::Duration>,
) -> McpRouter {
    let codec = RequestStateCodec::new([9; 32], RequestStateSeal::DEFAULT_TTL).unwrap();
    let seal = RequestStateSeal::new(codec).with_progress_interval(progress_interval);
    let tool = ToolBuilder::new("deploy")
        .mrtr_handler(move |ctx: RequestContext, _: NoParams| {
            let (seal, deployed, outcomes) = (seal.clone(), deployed.clone(), outcomes.clone());
            async move {
                let outcome = Ask::for_tool(&ctx, "deploy", &(), &seal)?
                    .tool(|ask| async move {
                        let confirmed = ask
                            .form::<enum_schema::Confirm>(
                                "confirm",
                                "Deploy billing v1 to production?",
                            )
                            .await?;
                        if confirmed == ElicitAction::Accept(enum_schema::Confirm::Yes) {
                            deployed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        }
                        Ok(CallToolResult::text("deployed"))
                    })
                    .await;
                let _ = outcomes.send(match &outcome {
                    Ok(_) => "completed".to_owned(),
                    Err(error) => error.to_string(),
                });
                outcome
            }
        })
        .build();
    McpRouter::new().server_info("e2e", "1.0.0").tool(tool)
}

/// The person at the client reads the form and closes it: the client gives
/// up the call (tower-mcp's client sends `notifications/cancelled` when
/// the call's future is dropped). Then, when the test lets it, the form
/// answers "yes" anyway: an answer that comes late.
#[derive(Clone, Default)]
struct Closer {
    shown: Arc<tokio::sync::Notify>,
    release: Arc<tokio::sync::Notify>,
    answered: Arc<tokio::sync::Notify>,
}

#[async_trait::async_trait]
impl ClientHandler for Closer {
    async fn handle_elicit(&self, _: ElicitRequestParams) -> Result<ElicitResult, JsonRpcError> {
        self.shown.notify_one();
        self.release.notified().await;
        self.answered.notify_one();
        Ok(
            serde_json::from_value(json!({"action": "accept", "content": {"confirm": "yes"}}))
                .unwrap(),
        )
    }
}

/// tower-mcp's client on tower-mcp's stdio server transport, over an
/// in-memory pipe: the client writes and reads one JSON-RPC message per
/// line, as it would to a child process's stdin and stdout, and the pipe
/// keeps every message for the test to read.
struct Pipe {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    read: tokio::io::Lines<tokio::io::BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    connected: bool,
    /// Every message, in the order it crossed the pipe: `("client", ..)`
    /// for one the client sent, `("server", ..)` for one it read.
    wire: Arc<Mutex<Vec<(&'static str, Value)>>>,
    /// Notified (all waiters) after each message.
    crossed: Arc<tokio::sync::Notify>,
}

impl Pipe {
    fn to(router: McpRouter) -> Pipe {
        let (client, server) = tokio::io::duplex(1 << 20);
        let (server_read, server_write) = tokio::io::split(server);
        tokio::spawn(async move {
            tower_mcp::transport::stdio::BidirectionalStdioTransport::new(router)
                .run_with_streams(tokio::io::BufReader::new(server_read), server_write)
                .await
        });
        let (read, write) = tokio::io::split(client);
        Pipe {
            write,
            read: tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(read)),
            connected: true,
            wire: Arc::default(),
            crossed: Arc::default(),
        }
    }
}

#[async_trait::async_trait]
impl ClientTransport for Pipe {
    async fn send(&mut self, message: &str) -> tower_mcp::error::Result<()> {
        use tokio::io::AsyncWriteExt;
        let value = serde_json::from_str(message).unwrap();
        self.wire.lock().unwrap().push(("client", value));
        let line = format!("{message}\n");
        let written = self
            .write
            .write_all(line.as_bytes())
            .await
            .map_err(|error| tower_mcp::Error::Transport(error.to_string()));
        self.crossed.notify_waiters();
        written
    }

    async fn recv(&mut self) -> tower_mcp::error::Result<Option<String>> {
        let line = self
            .read
            .next_line()
            .await
            .map_err(|error| tower_mcp::Error::Transport(error.to_string()))?;
        self.connected = line.is_some();
        if let Some(line) = &line {
            let value = serde_json::from_str(line).unwrap();
            self.wire.lock().unwrap().push(("server", value));
            self.crossed.notify_waiters();
        }
        Ok(line)
    }

    fn is_connected(&self) -> bool {
        self.connected
    }

    async fn close(&mut self) -> tower_mcp::error::Result<()> {
        self.connected = false;
        Ok(())
    }
}

/// A `notifications/cancelled` for a call that waits for its confirmation
/// ends the wait at once: the body does not resume, nothing is deployed,
/// not even when the person answers "yes" after the cancellation (the
/// answer reaches the server, and nothing waits for it); no response is
/// sent for the cancelled call. tower-mcp's client and its stdio server transport, on 2025-11-25. Its
/// streamable HTTP transport and its in-process `ChannelTransport` (0.25)
/// accept the notification without cancelling the request's context, so
/// there the wait ends only at the state's lifetime.
#[tokio::test]
async fn a_cancelled_call_on_2025_11_25_does_nothing() {
    let deployed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (outcomes, mut ends) = tokio::sync::mpsc::unbounded_channel();
    let router = deploy_router(deployed.clone(), outcomes, None);
    let person = Closer::default();
    let pipe = Pipe::to(router);
    let (wire, crossed) = (pipe.wire.clone(), pipe.crossed.clone());
    let client = connect(
        McpClient::builder().with_elicitation(),
        pipe,
        "2025-11-25",
        person.clone(),
    )
    .await;
    tokio::select! {
        result = client.call_tool("deploy", json!({})) => {
            panic!("the call ended before the form was closed: {result:?}")
        }
        () = person.shown.notified() => {}
    }
    // The call's future is dropped: the client cancels it. A bound on the
    // wait keeps a regression from hanging the suite (no timing is
    // asserted: a minute is far beyond any machine's delay).
    let outcome = tokio::time::timeout(std::time::Duration::from_secs(60), ends.recv())
        .await
        .expect("the server's wait ended")
        .unwrap();
    // The handler's error; tower-mcp sends no response for a cancelled
    // request.
    assert_eq!(
        outcome,
        "JSON-RPC error: the request was cancelled before the server acted on an answer; \
         nothing more was done (code -32603)"
    );
    assert_eq!(deployed.load(std::sync::atomic::Ordering::SeqCst), 0);

    // The person answers "yes" after all. tower-mcp's server does not
    // cancel its own `elicitation/create`, so the client sends the answer;
    // nothing is waiting for it any more.
    person.release.notify_one();
    person.answered.notified().await;
    let sent = |wire: &[(&str, Value)], message: &Value| {
        wire.iter()
            .position(|(from, sent)| *from == "client" && sent == message)
    };
    let id_of = |wire: &[(&str, Value)], from: &str, method: &str| {
        let found = wire
            .iter()
            .find(|(by, message)| *by == from && message["method"] == method);
        found.map(|(_, message)| message["id"].clone()).unwrap()
    };
    let late = {
        let wire = wire.lock().unwrap();
        let asked = id_of(&wire, "server", "elicitation/create");
        json!({"jsonrpc": "2.0", "id": asked,
            "result": {"action": "accept", "content": {"confirm": "yes"}}})
    };
    tokio::time::timeout(std::time::Duration::from_secs(60), async {
        loop {
            let notified = crossed.notified();
            if sent(&wire.lock().unwrap(), &late).is_some() {
                return;
            }
            notified.await;
        }
    })
    .await
    .expect("the late answer was sent");
    // A call after it shows the server went on reading its input.
    assert_eq!(client.list_tools().await.unwrap().tools.len(), 1);
    assert_eq!(deployed.load(std::sync::atomic::Ordering::SeqCst), 0);
    // The call ended once, with the error above.
    assert_eq!(
        ends.try_recv(),
        Err(tokio::sync::mpsc::error::TryRecvError::Empty)
    );

    let wire = wire.lock().unwrap();
    let call = id_of(&wire, "client", "tools/call");
    let cancelled = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": call}});
    let cancelled_at = sent(&wire, &cancelled).expect("the client cancelled the call");
    assert!(sent(&wire, &late).unwrap() > cancelled_at, "{wire:?}");
    // The server answers neither the cancelled call nor the late answer,
    // and cancels nothing of its own.
    let from_server: Vec<&Value> = wire
        .iter()
        .filter(|(from, _)| *from == "server")
        .map(|(_, message)| message)
        .collect();
    assert!(
        from_server.iter().all(|message| message["id"] != call),
        "{from_server:?}"
    );
    assert!(
        from_server
            .iter()
            .all(|message| message["method"] != "notifications/cancelled"),
        "{from_server:?}"
    );
}

/// On 2025-11-25 a call that waits for an answer sends
/// `notifications/progress` on the call's `progressToken` (tower-mcp's
/// client asks for progress with `request_progress`), its `progress`
/// growing, so that the client keeps the call open.
#[tokio::test]
async fn a_long_wait_sends_progress_on_2025_11_25() {
    let deployed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (outcomes, _outcome) = tokio::sync::mpsc::unbounded_channel();
    let router = deploy_router(
        deployed.clone(),
        outcomes,
        Some(std::time::Duration::from_millis(20)),
    );
    let slow = Person::answering([json!({"action": "accept", "content": {"confirm": "yes"}})])
        .waiting_for_progress(2);
    let client = connect(
        McpClient::builder().with_elicitation().request_progress(),
        Pipe::to(router),
        "2025-11-25",
        slow.clone(),
    )
    .await;
    let result = client.call_tool("deploy", json!({})).await.unwrap();
    assert_eq!(result.all_text(), "deployed");
    assert_eq!(deployed.load(std::sync::atomic::Ordering::SeqCst), 1);
    let progress = slow.progress.lock().unwrap().clone();
    assert!(progress.len() >= 2, "{progress:?}");
    for (index, (value, message)) in progress.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let expected = (index + 1) as f64;
        assert_eq!(*value, expected);
        assert_eq!(message.as_deref(), Some("Waiting for the person to answer"));
    }
}
