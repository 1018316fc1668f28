//! A form, a sampled message and the client's roots asked in one `Ask`
//! call, against rmcp's own client: three `elicitation/create`,
//! `sampling/createMessage` and `roots/list` requests inside the call on
//! 2025-11-25, one `input_required` round on 2026-07-28 (which rmcp's client
//! fulfils with the same handlers); three typed answers either way.

// rmcp marks sampling and roots deprecated for SEP-2577, which would take
// them out of a revision after 2026-07-28; this client answers them.
#![allow(deprecated)]

use std::sync::{Arc, Mutex};

use enum_schema::ask::CreateMessageParams;
use enum_schema::ask::{CreateMessage, ElicitError, ListRoots, Question, RequestStateSeal};
use enum_schema::rmcp::Ask;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams,
    ElicitResult, Implementation, InitializeRequestParams, ListRootsResult, ProtocolVersion,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleClient, ServiceError};
use rmcp::{tool, tool_handler, tool_router, ClientHandler, ErrorData, ServerHandler, ServiceExt};
use serde_json::{json, Value};

use super::connection::{connect, seal, KEY};
use super::fixtures::Triage;

#[derive(Clone)]
struct Server {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Server {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Server {
    fn new() -> Self {
        Server {
            seal: seal(KEY),
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Asks for a severity, the capital of France and the roots")]
    async fn three(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let (triage, capital, roots) = ask
                .all((
                    Question::form::<Triage>("triage", "How bad is it?"),
                    CreateMessage::new(
                        "capital",
                        CreateMessageParams::new("What is the capital of France?", 100),
                    ),
                    ListRoots::new("roots"),
                ))
                .await?;
            let roots: Vec<&str> = roots.roots().iter().map(|root| root.uri()).collect();
            let text = format!(
                "{triage:?}; {} by {}; {}",
                capital.text(),
                capital.model(),
                roots.join(",")
            );
            Ok::<_, ElicitError>(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "Asks the client's model, which may call a search tool")]
    async fn with_tools(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let params = CreateMessageParams::new("What is the capital of France?", 100)
                .with_member(
                    "tools",
                    json!([{"name": "search", "inputSchema": {"type": "object"}}]),
                );
            let sampled = ask.create_message("capital", params).await?;
            let text = format!("{} by {}", sampled.text(), sampled.model());
            Ok::<_, ElicitError>(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "Asks the client's model, with the context of this server")]
    async fn with_context(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let params = CreateMessageParams::new("What is the capital of France?", 100)
                .with_member("includeContext", json!("thisServer"));
            let sampled = ask.create_message("capital", params).await?;
            let text = format!("{} by {}", sampled.text(), sampled.model());
            Ok::<_, ElicitError>(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// A client that answers each kind, and records the method of each request
/// it got, in order.
#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    capabilities: Value,
    seen: Arc<Mutex<Vec<String>>>,
}

impl ClientHandler for Client {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let ElicitRequestParams::FormElicitationParams { message, .. } = request else {
            panic!("a form");
        };
        self.seen
            .lock()
            .unwrap()
            .push(format!("elicitation/create {message}"));
        Ok(
            serde_json::from_value(json!({"action": "accept", "content": {"severity": "high"}}))
                .unwrap(),
        )
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        let tools = match &params.tools {
            Some(tools) => format!(" tools {}", tools.len()),
            None => String::new(),
        };
        let context = match &params.include_context {
            Some(context) => format!(" includeContext {}", serde_json::to_value(context).unwrap()),
            None => String::new(),
        };
        self.seen.lock().unwrap().push(format!(
            "sampling/createMessage maxTokens {}{tools}{context}",
            params.max_tokens
        ));
        Ok(serde_json::from_value(json!({
            "role": "assistant",
            "content": {"type": "text", "text": "Paris."},
            "model": "test-model",
            "stopReason": "endTurn",
        }))
        .unwrap())
    }

    async fn list_roots(
        &self,
        _: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        self.seen.lock().unwrap().push("roots/list".to_owned());
        Ok(
            serde_json::from_value(json!({"roots": [{"uri": "file:///home/ana/billing"}]}))
                .unwrap(),
        )
    }

    fn get_info(&self) -> ClientConfig {
        let capabilities: ClientCapabilities =
            serde_json::from_value(self.capabilities.clone()).unwrap();
        InitializeRequestParams::new(capabilities, Implementation::new("inputs-client", "0.0.0"))
            .with_protocol_version(self.version.clone())
    }
}

fn client(version: ProtocolVersion, capabilities: Value) -> Client {
    Client {
        version,
        capabilities,
        seen: Arc::default(),
    }
}

const EVERYTHING: fn() -> Value = || json!({"elicitation": {}, "sampling": {}, "roots": {}});

/// Serves a fresh server to `client` and calls `three`.
async fn call(client: Client) -> (Result<CallToolResult, ServiceError>, Vec<String>) {
    call_tool(client, "three").await
}

/// Serves a fresh server to `client` (its revision decides the handshake)
/// and calls `tool`.
async fn call_tool(
    client: Client,
    tool: &'static str,
) -> (Result<CallToolResult, ServiceError>, Vec<String>) {
    let connection = connect(Server::new(), client).await;
    let call = connection
        .client
        .call_tool(CallToolRequestParams::new(tool))
        .await;
    let seen = connection.client.service().seen.lock().unwrap().clone();
    (call, seen)
}

fn text(call: Result<CallToolResult, ServiceError>) -> String {
    let result = call.expect("the call completes");
    assert_eq!(result.is_error, Some(false), "{result:?}");
    result.content[0].as_text().expect("text").text.clone()
}

const THREE: &str =
    "Accept(Triage { severity: High }); Paris. by test-model; file:///home/ana/billing";

#[tokio::test]
async fn three_requests_inside_the_call_on_2025_11_25() {
    let (call, seen) = call(client(ProtocolVersion::V_2025_11_25, EVERYTHING())).await;
    assert_eq!(text(call), THREE);
    assert_eq!(
        seen,
        [
            "elicitation/create How bad is it?",
            "sampling/createMessage maxTokens 100",
            "roots/list",
        ]
    );
}

#[tokio::test]
async fn one_round_of_three_input_requests_on_2026_07_28() {
    let (call, mut seen) = call(client(ProtocolVersion::V_2026_07_28, EVERYTHING())).await;
    assert_eq!(text(call), THREE);
    // rmcp's client fulfils the round's requests in its own order.
    seen.sort();
    assert_eq!(
        seen,
        [
            "elicitation/create How bad is it?",
            "roots/list",
            "sampling/createMessage maxTokens 100",
        ]
    );
}

#[tokio::test]
async fn a_client_without_sampling_is_not_asked_to_sample() {
    let capabilities = json!({"elicitation": {}, "roots": {}});
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let client = client(version.clone(), capabilities.clone());
        let (call, seen) = call(client).await;
        let Err(ServiceError::McpError(error)) = call else {
            panic!("{version}: expected a JSON-RPC error, got {call:?}");
        };
        assert_eq!(error.code.0, -32021, "{version}");
        assert_eq!(
            error.message,
            "the client did not declare the sampling capability, so it cannot be sent sampling/createMessage",
        );
        assert_eq!(
            error.data,
            Some(json!({"requiredCapabilities": {"sampling": {}}}))
        );
        assert_eq!(seen, Vec::<String>::new(), "{version}");
    }
}

/// Sampling with `tools` needs `sampling.tools`, with `includeContext`
/// other than `"none"` `sampling.context`: a client that declared
/// `sampling` alone is sent nothing and the call ends with the error that
/// names the capability; one that declared it samples, on both eras.
#[tokio::test]
async fn sampling_params_need_the_sampling_capability_they_use() {
    let cases = [
        (
            "with_tools",
            "tools",
            "the client did not declare the sampling.tools capability, so it cannot be sent \
             sampling/createMessage with `tools`",
            "sampling/createMessage maxTokens 100 tools 1",
        ),
        (
            "with_context",
            "context",
            "the client did not declare the sampling.context capability, so it cannot be sent \
             sampling/createMessage with an `includeContext` other than \"none\"",
            "sampling/createMessage maxTokens 100 includeContext \"thisServer\"",
        ),
    ];
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        for (tool, capability, message, sent) in cases {
            let call = |client| call_tool(client, tool);
            let without = client(version.clone(), json!({"elicitation": {}, "sampling": {}}));
            let (outcome, seen) = call(without).await;
            let Err(ServiceError::McpError(error)) = outcome else {
                panic!("{version} {tool}: expected a JSON-RPC error, got {outcome:?}");
            };
            assert_eq!(error.code.0, -32021, "{version} {tool}");
            assert_eq!(error.message, message, "{version}");
            assert_eq!(
                error.data,
                Some(json!({"requiredCapabilities": {"sampling": {capability: {}}}})),
                "{version} {tool}"
            );
            assert_eq!(seen, Vec::<String>::new(), "{version} {tool}");

            let with = client(version.clone(), json!({"sampling": {capability: {}}}));
            let (outcome, seen) = call(with).await;
            assert_eq!(text(outcome), "Paris. by test-model", "{version} {tool}");
            assert_eq!(seen, [sent], "{version} {tool}");
        }
    }
}

/// A raw 2025-11-25 client: `initialize`, a call of `three`, each request
/// of the server's answered with `answer(method)` as it is (whatever rmcp's
/// types would make of it); the call's response.
async fn raw_2025(answer: impl Fn(&str) -> Value) -> Value {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(async move {
        let running = Server::new()
            .serve(server_io)
            .await
            .expect("the server starts");
        let _ = running.waiting().await;
    });
    let (read, mut write) = tokio::io::split(client_io);
    let mut lines = BufReader::new(read).lines();
    let mut send = Vec::new();
    send.push(
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": EVERYTHING(),
        "clientInfo": {"name": "raw", "version": "0"}}}),
    );
    for message in send.drain(..) {
        write
            .write_all(format!("{message}\n").as_bytes())
            .await
            .unwrap();
    }
    let initialized = lines.next_line().await.unwrap().unwrap();
    assert!(initialized.contains("\"id\":0"), "{initialized}");
    for message in [
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "three", "arguments": {}}}),
    ] {
        write
            .write_all(format!("{message}\n").as_bytes())
            .await
            .unwrap();
    }
    let response = loop {
        let line = lines
            .next_line()
            .await
            .unwrap()
            .expect("the server answers");
        let message: Value = serde_json::from_str(&line).unwrap();
        match message.get("method").and_then(Value::as_str) {
            Some(method) if message.get("id").is_some() => {
                let reply =
                    json!({"jsonrpc": "2.0", "id": message["id"], "result": answer(method)});
                write
                    .write_all(format!("{reply}\n").as_bytes())
                    .await
                    .unwrap();
            }
            Some(_) => {}
            None if message["id"] == 1 => break message,
            None => {}
        }
    };
    server.abort();
    response
}

#[tokio::test]
async fn a_malformed_result_on_2025_11_25_is_the_error_that_names_the_member() {
    let cases = [
        (
            json!({"role": "assistant", "content": {"type": "text", "text": "Paris."}}),
            json!({"roots": []}),
            "malformed CreateMessageResult: `model` is missing",
        ),
        (
            json!({"role": "system", "content": {"type": "text", "text": "Paris."}, "model": "m"}),
            json!({"roots": []}),
            r#"malformed CreateMessageResult: `role` is not "user" or "assistant" (found "system")"#,
        ),
        (
            json!({"role": "assistant", "content": {"type": "text", "text": "Paris."}, "model": "m"}),
            json!({"roots": [{"uri": 5}]}),
            "malformed ListRootsResult: a root's `uri` is not a string (found 5)",
        ),
        (
            json!({"role": "assistant", "content": {"type": "text", "text": "Paris."}, "model": "m"}),
            json!({}),
            "malformed ListRootsResult: `roots` is missing",
        ),
    ];
    for (sampled, roots, message) in cases {
        let response = raw_2025(|method| match method {
            "elicitation/create" => json!({"action": "accept", "content": {"severity": "high"}}),
            "sampling/createMessage" => sampled.clone(),
            _ => roots.clone(),
        })
        .await;
        assert_eq!(
            response["error"]["code"], -32602,
            "{sampled} {roots}: {response}"
        );
        assert_eq!(
            response["error"]["message"],
            format!("the client's answer was rejected: {message}"),
            "{response}"
        );
    }
}
