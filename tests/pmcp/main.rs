//! The pmcp integration (`enum_schema::pmcp`): `Ask` on pmcp 2.23 with
//! pmcp's own client. MCP 2025-11-25 in process (`Server::run` over an
//! in-memory transport): pmcp's HTTP client answers no request a tool sends
//! over a 2025 session (the official Python client does, in
//! `.ci/pmcp.sh`). MCP 2026-07-28 over pmcp's streamable HTTP server, with
//! pmcp's client, and with raw HTTP requests where the `requestState` is
//! measured. One test binary (one link against pmcp and tokio); each file
//! is a module, and this one holds what they share: the server, its tools,
//! and the ways to reach it.

// `pub`: a file's `pub` items stay reachable from the crate root, so
// `dead_code` judges them as it would in a test crate of its own.
pub mod errors;
pub mod host;
pub mod revisions;
pub mod state;
pub mod timeout;

#[path = "../common/person.rs"]
mod person;
/// A tool or a prompt: its name and its body (the same as
/// examples/pmcp_server.rs's).
#[path = "../../examples/conformance/pmcp_tools.rs"]
mod pmcp_tools;

use std::net::SocketAddr;
use std::sync::Arc;

use enum_schema::ask::{CreateMessageParams, ElicitError, RequestStateSeal};
use enum_schema::pmcp::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use pmcp::client::host::{HostElicitationHandler, HostSamplingHandlerWithTools};
use pmcp::server::streamable_http_server::{StreamableHttpServer, StreamableHttpServerConfig};
use pmcp::shared::streamable_http::StreamableHttpTransportConfigBuilder;
use pmcp::shared::{StreamableHttpTransport, Transport, TransportMessage};
use pmcp::types::elicitation::{ElicitRequestParams, ElicitResult};
use pmcp::types::sampling::{CreateMessageParams as SdkParams, CreateMessageResultWithTools};
use pmcp::types::{ClientCapabilities, Content, ProtocolVersion, ReadResourceResult};
use pmcp::{Client, ClientBuilder, RequestHandlerExtra, ResourceHandler};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::pmcp_tools::{Prompt, Tool};

/// How bad is it?
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
pub enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

#[derive(ElicitForm, Debug, PartialEq)]
pub struct Incident {
    pub severity: Severity,
}

/// The longest free text the tests send: 1,000 characters.
#[derive(ElicitForm, Debug, PartialEq)]
pub struct Note {
    #[elicit(max_length = 1000)]
    pub text: String,
}

/// The tool `incident`: a form, a sampled message, the roots, one after
/// the other; then the three answers as text.
async fn incident(ask: Ask) -> Result<String, ElicitError> {
    let severity = match ask.form::<Incident>("incident", "How bad is it?").await? {
        ElicitAction::Accept(Incident { severity }) => format!("{severity:?}"),
        other => format!("{other:?}"),
    };
    let summary = ask
        .create_message(
            "summary",
            CreateMessageParams::new("Summarize the incident", 50),
        )
        .await?;
    let roots = ask.list_roots("roots").await?;
    let roots: Vec<_> = roots.roots().iter().map(|root| root.uri()).collect();
    Ok(format!(
        "severity {severity}; summary {:?} by {}; roots {roots:?}",
        summary.text(),
        summary.model()
    ))
}

/// The tool `notes`: three free-text notes, one round each; then the
/// characters of each.
async fn notes(ask: Ask) -> Result<String, ElicitError> {
    let mut lengths = Vec::new();
    for key in ["note1", "note2", "note3"] {
        match ask.form::<Note>(key, "A note").await? {
            ElicitAction::Accept(Note { text }) => lengths.push(text.chars().count()),
            other => return Ok(format!("{key}: {other:?}")),
        }
    }
    Ok(format!("notes of {lengths:?} characters"))
}

/// Every resource: how bad it is, as its text.
struct Reports {
    seal: RequestStateSeal,
}

#[pmcp::async_trait]
impl ResourceHandler for Reports {
    async fn read(
        &self,
        uri: &str,
        extra: RequestHandlerExtra,
    ) -> pmcp::Result<ReadResourceResult> {
        Ask::for_resource(&extra, uri, &self.seal)?
            .resource(|ask| async move {
                let answer = ask.form::<Incident>("incident", "How bad is it?").await?;
                Ok(ReadResourceResult::new(vec![Content::text(format!(
                    "{answer:?}"
                ))]))
            })
            .await
    }

    async fn list(
        &self,
        _: Option<String>,
        _: RequestHandlerExtra,
    ) -> pmcp::Result<pmcp::types::ListResourcesResult> {
        Ok(pmcp::types::ListResourcesResult::new(Vec::new()))
    }
}

/// The key pmcp seals its `requestState` with, the same for every server
/// of a test.
pub const KEY: [u8; 32] = [7; 32];

/// A server of MCP 2025-11-25 and 2026-07-28 with the tools `incident` and
/// `notes`, the prompt `summary` (how bad it is) and the resources, all
/// asking with `seal`.
pub fn server(seal: &RequestStateSeal) -> pmcp::Server {
    let tools = [
        Tool::new("incident", "", |ask, _| Box::pin(incident(ask))),
        Tool::new("notes", "", |ask, _| Box::pin(notes(ask))),
    ];
    let prompts = [Prompt {
        name: "summary",
        body: |ask| {
            Box::pin(async move {
                let answer = ask.form::<Incident>("incident", "How bad is it?").await?;
                Ok(format!("Summarize: {answer:?}"))
            })
        },
    }];
    let builder = pmcp::Server::builder()
        .name("pmcp-tests")
        .version("1.0.0")
        .with_supported_protocol_versions([
            ProtocolVersion("2025-11-25".into()),
            ProtocolVersion("2026-07-28".into()),
        ])
        .with_request_state_key(KEY);
    pmcp_tools::serve(builder, seal, tools, prompts)
        .resources(Reports { seal: seal.clone() })
        .build()
        .unwrap()
}

/// `server(seal)` on pmcp's streamable HTTP server, on a free port: its
/// address. Each response on the POST that asked (`enable_json_response`,
/// as examples/pmcp_server.rs).
pub async fn http(seal: &RequestStateSeal) -> SocketAddr {
    let config = StreamableHttpServerConfig {
        enable_json_response: true,
        ..StreamableHttpServerConfig::default()
    };
    let http = StreamableHttpServer::with_config_concurrent(
        ([127, 0, 0, 1], 0).into(),
        Arc::new(server(seal)),
        config,
    );
    let (address, _running) = http.start().await.unwrap();
    address
}

/// One end of an in-memory transport (pmcp ships none), keeping the
/// notifications it receives, and the requests (`{"id":..,"request":..}`).
#[derive(Debug)]
pub struct Duplex(
    mpsc::UnboundedSender<TransportMessage>,
    mpsc::UnboundedReceiver<TransportMessage>,
    Notifications,
);

/// The notifications and requests one end received, as JSON.
pub type Notifications = Arc<std::sync::Mutex<Vec<Value>>>;

#[pmcp::async_trait]
impl Transport for Duplex {
    async fn send(&mut self, message: TransportMessage) -> pmcp::Result<()> {
        self.0
            .send(message)
            .map_err(|_| pmcp::Error::internal("the other end is gone"))
    }

    async fn receive(&mut self) -> pmcp::Result<TransportMessage> {
        let message = self.1.recv().await;
        let message = message.ok_or_else(|| pmcp::Error::internal("the other end is gone"))?;
        let received = match &message {
            TransportMessage::Notification(notification) => serde_json::to_value(notification),
            TransportMessage::Request { id, request } => {
                serde_json::to_value(json!({"id": id, "request": request}))
            }
            _ => Ok(Value::Null),
        };
        self.2.lock().unwrap().push(received.unwrap());
        Ok(message)
    }

    async fn close(&mut self) -> pmcp::Result<()> {
        Ok(())
    }

    fn is_connected(&self) -> bool {
        true
    }

    fn transport_type(&self) -> &'static str {
        "duplex"
    }
}

/// The person and the client's model, scripted: each elicitation gets the
/// next answer after `delay` (pmcp's client reads nothing else while it
/// waits), each sampling the same message, and every request is recorded.
#[derive(Clone, Default)]
pub struct Host {
    pub answers: Arc<std::sync::Mutex<Vec<Value>>>,
    pub delay: std::time::Duration,
    pub seen: Arc<std::sync::Mutex<Vec<String>>>,
}

impl Host {
    pub fn answering(answers: impl IntoIterator<Item = Value>) -> Host {
        Host {
            answers: Arc::new(std::sync::Mutex::new(answers.into_iter().collect())),
            ..Host::default()
        }
    }

    /// The same person, taking `delay` over each answer.
    pub fn after(self, delay: std::time::Duration) -> Host {
        Host { delay, ..self }
    }

    pub fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

#[pmcp::async_trait]
impl HostElicitationHandler for Host {
    async fn handle_elicitation(&self, params: ElicitRequestParams) -> pmcp::Result<ElicitResult> {
        let params = serde_json::to_value(params).unwrap();
        self.seen
            .lock()
            .unwrap()
            .push(format!("elicitation/create {}", params["message"]));
        tokio::time::sleep(self.delay).await;
        let answer = self.answers.lock().unwrap().remove(0);
        Ok(serde_json::from_value(answer).unwrap())
    }
}

#[pmcp::async_trait]
impl HostSamplingHandlerWithTools for Host {
    async fn handle_create_message_with_tools(
        &self,
        params: SdkParams,
    ) -> pmcp::Result<CreateMessageResultWithTools> {
        let params = serde_json::to_value(params).unwrap();
        self.seen.lock().unwrap().push(format!(
            "sampling/createMessage {}",
            params["messages"][0]["content"]["text"]
        ));
        Ok(serde_json::from_value(json!({
            "role": "assistant",
            "content": [{"type": "text", "text": "A database failover."}],
            "model": "test-model",
            "stopReason": "endTurn",
        }))
        .unwrap())
    }
}

/// `host` as pmcp's client: it answers forms, sampling and roots
/// (`file:///srv/app`).
fn client<T: Transport>(transport: T, host: &Host) -> ClientBuilder<T> {
    let roots = host.seen.clone();
    ClientBuilder::new(transport)
        .on_elicitation(host.clone())
        .on_sampling_with_tools(host.clone())
        .on_roots(move || {
            roots.lock().unwrap().push("roots/list".to_owned());
            async {
                Ok(serde_json::from_value(
                    json!({"roots": [{"uri": "file:///srv/app", "name": "App"}]}),
                )
                .unwrap())
            }
        })
}

/// The capabilities `host` declares: forms, sampling, roots.
pub fn capabilities() -> ClientCapabilities {
    serde_json::from_value(json!({"elicitation": {}, "sampling": {}, "roots": {}})).unwrap()
}

/// pmcp's client in process (`Server::run` over a `Duplex`), initialized
/// on MCP 2025-11-25 with `host`'s capabilities.
pub async fn in_process(seal: &RequestStateSeal, host: &Host) -> Client<Duplex> {
    in_process_noting(seal, host).await.client
}

/// pmcp's client in process, with what each end received, and a way to
/// write to the server beside the client.
pub struct InProcess {
    pub client: Client<Duplex>,
    /// What the client received.
    pub client_received: Notifications,
    /// What the server received.
    pub server_received: Notifications,
    pub to_server: mpsc::UnboundedSender<TransportMessage>,
}

/// The same, and what each end receives.
pub async fn in_process_noting(seal: &RequestStateSeal, host: &Host) -> InProcess {
    let (to_server, from_client) = mpsc::unbounded_channel();
    let (to_client, from_server) = mpsc::unbounded_channel();
    let server = server(seal);
    let server_received = Notifications::default();
    let server_end = Duplex(to_client, from_client, server_received.clone());
    tokio::spawn(async move { server.run(server_end).await });
    let client_received = Notifications::default();
    let client_end = Duplex(to_server.clone(), from_server, client_received.clone());
    let mut client = client(client_end, host).build();
    let initialized = client.initialize(capabilities()).await.unwrap();
    assert_eq!(initialized.protocol_version.0, "2025-11-25");
    InProcess {
        client,
        client_received,
        server_received,
        to_server,
    }
}

/// pmcp's client over HTTP on MCP 2026-07-28, answering as `host`.
pub async fn on_2026(address: SocketAddr, host: &Host) -> Client<StreamableHttpTransport> {
    let url = url::Url::parse(&format!("http://{address}/")).unwrap();
    let transport =
        StreamableHttpTransport::new(StreamableHttpTransportConfigBuilder::new(url).build());
    let mut client = client(transport, host)
        .with_protocol_version(ProtocolVersion("2026-07-28".into()))
        .unwrap()
        .build();
    // No handshake on 2026-07-28: pmcp's client only marks itself ready.
    client.initialize(capabilities()).await.unwrap();
    client
}

/// A raw MCP 2026-07-28 request to `address` (one HTTP/1.1 POST, as a
/// client without pmcp writes it): the JSON-RPC response.
pub async fn post(address: SocketAddr, method: &str, name: &str, params: Value) -> Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).to_string();
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "POST / HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\n\
         Mcp-Method: {method}\r\nMcp-Name: {name}\r\nConnection: close\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (_, body) = response.split_once("\r\n\r\n").unwrap();
    serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {response}"))
}

/// The `_meta` of a raw 2026-07-28 request from a client that declares
/// forms, sampling and roots.
pub fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}, "sampling": {}, "roots": {}},
    })
}
