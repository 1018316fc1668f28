//! How every in-process test of this binary reaches a server: [`connect`]
//! serves a server to a fresh rmcp client over an in-memory transport
//! whose server-to-client bytes are recorded, on any revision rmcp speaks;
//! the client is the scripted [`Answerer`], or a handler of the test's own
//! where it must answer something else. The seal servers sign with, the
//! revisions rmcp speaks and the text of a tool's result come with it.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use enum_schema::ask::RequestStateSeal;
use rmcp::model::{
    CallToolResult, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    Implementation, InitializeRequestParams, InitializeResult, ProgressNotificationParam,
    ProtocolVersion, RequestStateCodec, ServerCapabilities,
};
use rmcp::service::{
    serve_directly, NotificationContext, RequestContext, RoleClient, RunningService,
};
use rmcp::{ClientHandler, ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};
use tokio::sync::Notify;

pub(crate) const KEY: &[u8] = b"a request state key of at least 32 bytes";

pub(crate) fn seal(key: &[u8]) -> RequestStateSeal {
    RequestStateSeal::new(RequestStateCodec::try_new(key.to_vec()).unwrap())
}

pub(crate) const SPOKEN: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

pub(crate) fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().unwrap().text
}

/// The client: answers each elicitation with the next scripted answer and
/// keeps the requests it got.
pub(crate) struct Answerer {
    answers: Mutex<Vec<Value>>,
    seen: Mutex<Vec<Value>>,
    capabilities: ClientCapabilities,
    version: ProtocolVersion,
    /// Every `notifications/progress` received, and a wake-up for each.
    progress: (Mutex<Vec<Value>>, Notify),
    /// How many progress notifications to wait for before answering (a
    /// person who takes their time).
    wait_for_progress: usize,
    /// How long to take over each answer (a slow client).
    delay: Option<Duration>,
}

impl Answerer {
    /// A client of `version` that shows forms, with no answer scripted.
    pub(crate) fn new(version: ProtocolVersion) -> Self {
        Answerer {
            answers: Mutex::default(),
            seen: Mutex::default(),
            capabilities: ClientCapabilities::builder().enable_elicitation().build(),
            version,
            progress: Default::default(),
            wait_for_progress: 0,
            delay: None,
        }
    }

    /// The same client, declaring `capabilities` instead.
    pub(crate) fn with_capabilities(mut self, capabilities: ClientCapabilities) -> Self {
        self.capabilities = capabilities;
        self
    }

    /// The same client, answering `answers` in turn.
    pub(crate) fn answering(self, answers: Vec<Value>) -> Self {
        *self.answers.lock().unwrap() = answers;
        self
    }

    /// The same client, answering only after `count` progress
    /// notifications.
    pub(crate) fn waiting_for_progress(mut self, count: usize) -> Self {
        self.wait_for_progress = count;
        self
    }

    /// The same client, taking `delay` over each answer.
    pub(crate) fn slow(mut self, delay: Duration) -> Self {
        self.delay = Some(delay);
        self
    }

    /// Every `notifications/progress` received so far.
    pub(crate) fn progress(&self) -> Vec<Value> {
        self.progress.0.lock().unwrap().clone()
    }
}

impl ClientHandler for Answerer {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.seen
            .lock()
            .unwrap()
            .push(serde_json::to_value(&request).unwrap());
        // Bounded so that a regression fails instead of hanging; no timing
        // is asserted.
        tokio::time::timeout(Duration::from_secs(60), async {
            loop {
                let (received, arrived) = &self.progress;
                let notified = arrived.notified();
                if received.lock().unwrap().len() >= self.wait_for_progress {
                    return;
                }
                notified.await;
            }
        })
        .await
        .expect("the progress notifications came");
        if let Some(delay) = self.delay {
            tokio::time::sleep(delay).await;
        }
        // Asked once more than scripted: an error the server passes on, so
        // that the test fails at once (a panic here leaves the request
        // unanswered until the server gives up on it, after the seal's time
        // to live).
        let mut answers = self.answers.lock().unwrap();
        if answers.is_empty() {
            return Err(ErrorData::internal_error("no answer scripted", None));
        }
        Ok(serde_json::from_value(answers.remove(0)).unwrap())
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let (received, arrived) = &self.progress;
        received
            .lock()
            .unwrap()
            .push(serde_json::to_value(&params).unwrap());
        arrived.notify_waiters();
    }

    fn get_info(&self) -> ClientConfig {
        InitializeRequestParams::new(
            self.capabilities.clone(),
            Implementation::new("scripted-client", "0.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }
}

/// A connected rmcp client, and the raw bytes the server wrote to it.
pub(crate) struct Connection<C: ClientHandler = Answerer> {
    pub(crate) client: RunningService<RoleClient, C>,
    wire: Arc<Mutex<Vec<u8>>>,
}

impl<C: ClientHandler> Connection<C> {
    /// Every line the server wrote that contains `needle`.
    pub(crate) fn lines_with(&self, needle: &str) -> Vec<String> {
        let wire = String::from_utf8(self.wire.lock().unwrap().clone()).unwrap();
        wire.lines()
            .filter(|line| line.contains(needle))
            .map(str::to_owned)
            .collect()
    }

    /// Every message the server wrote, in order.
    pub(crate) fn sent(&self) -> Vec<Value> {
        self.lines_with("")
            .iter()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }
}

impl Connection<Answerer> {
    pub(crate) fn answerer(&self) -> &Answerer {
        self.client.service()
    }

    /// Answers the next elicitations with `answers`, in turn, and forgets
    /// the requests seen so far.
    pub(crate) fn answer(&self, answers: Vec<Value>) {
        *self.answerer().answers.lock().unwrap() = answers;
        self.answerer().seen.lock().unwrap().clear();
    }

    /// The elicitation requests the client got since the last `answer`.
    pub(crate) fn seen(&self) -> Vec<Value> {
        self.answerer().seen.lock().unwrap().clone()
    }

    /// The message of each elicitation request the client got since the
    /// last `answer`.
    pub(crate) fn messages(&self) -> Vec<Value> {
        self.seen()
            .iter()
            .map(|request| request["message"].clone())
            .collect()
    }
}

/// Serves `server` to `client`, a fresh rmcp client of the revision its
/// `get_info` names, over an in-memory transport whose server-to-client
/// bytes are recorded.
pub(crate) async fn connect<S: ServerHandler, C: ClientHandler>(
    server: S,
    client: C,
) -> Connection<C> {
    let (server_io, server_end) = tokio::io::duplex(64 * 1024);
    let (client_io, client_end) = tokio::io::duplex(64 * 1024);
    let (server_read, server_write) = tokio::io::split(server_end);
    let (client_read, client_write) = tokio::io::split(client_end);
    let wire = Arc::new(Mutex::new(Vec::new()));
    // server → client, recorded; client → server, passed on.
    tokio::spawn(copy_half(server_read, client_write, Some(wire.clone())));
    tokio::spawn(copy_half(client_read, server_write, None));

    let client_info = client.get_info();
    let version = client_info.protocol_version.clone();
    let client = if version == ProtocolVersion::V_2026_07_28 {
        // 2026-07-28 has no `initialize`: both sides are told.
        let mut server_info =
            InitializeResult::new(ServerCapabilities::builder().enable_tools().build());
        server_info.protocol_version = version;
        tokio::spawn(async move {
            let running =
                serve_directly::<RoleServer, _, _, _, _>(server, server_io, Some(client_info));
            let _ = running.waiting().await;
        });
        serve_directly::<RoleClient, _, _, _, _>(client, client_io, Some(server_info.into()))
    } else {
        tokio::spawn(async move {
            let running = server.serve(server_io).await.expect("the server starts");
            let _ = running.waiting().await;
        });
        client
            .serve(client_io)
            .await
            .expect("the handshake completes")
    };
    Connection { client, wire }
}

/// Copies `from` into `to`, keeping a copy of every byte in `wire`.
async fn copy_half(
    mut from: tokio::io::ReadHalf<DuplexStream>,
    mut to: tokio::io::WriteHalf<DuplexStream>,
    wire: Option<Arc<Mutex<Vec<u8>>>>,
) {
    let mut buffer = vec![0; 16 * 1024];
    while let Ok(read) = from.read(&mut buffer).await {
        if read == 0 {
            break;
        }
        if let Some(wire) = &wire {
            wire.lock().unwrap().extend_from_slice(&buffer[..read]);
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            break;
        }
    }
}
