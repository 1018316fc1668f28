//! A client that answers forms through the host model
//! (`enum_schema::host`), against `Ask` behind rust-mcp-sdk 2.0's own
//! streamable HTTP handler (in process, as in `wire.rs`), on MCP
//! 2026-07-28, the one revision rust-mcp-sdk serves: the client reads each
//! `input_required` result with `InputRequired::from_result`, the person
//! types into each form, and `retry_params` writes the retry. What a
//! person types reaches the tool as the Rust value; a typed mistake is
//! refused before it is sent; a decline.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use enum_schema::ask::RequestStateSeal;
use enum_schema::host::{InputRequest, InputRequired, Kind, Response};
use enum_schema::rust_mcp_sdk::Ask;
use rust_mcp_sdk::id_generator::{FastIdGenerator, UuidGenerator};
use rust_mcp_sdk::mcp_http::{McpAppState, McpHttpHandler};
use rust_mcp_sdk::mcp_server::{RequestStateCodec, ServerHandler, ToMcpServerHandler};
use rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, Implementation, RpcError, ServerCapabilities,
    ServerCapabilitiesTools, ServerResult, TextContent,
};
use rust_mcp_sdk::{McpServer, RequestContext, ServerDetails, TransportOptions};
use serde_json::{json, Value};

use crate::person::{typed, Person, Report, Turn, ACCEPTED, KEY, MESSAGE, REFUSED};

/// `report` asks for a [`Report`] and answers with what it got.
struct Server {
    seal: RequestStateSeal,
}

#[async_trait]
impl ServerHandler for Server {
    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        Ask::for_tool(&params, &self.seal)?
            .tool(|ask| async move {
                let report = ask.form::<Report>(KEY, MESSAGE).await?;
                Ok(CallToolResult::text_content(vec![TextContent::from(
                    format!("{report:?}"),
                )]))
            })
            .await
    }
}

fn state() -> Arc<McpAppState> {
    let details = ServerDetails {
        server_info: Implementation {
            description: None,
            icons: Vec::new(),
            name: "host".to_owned(),
            title: None,
            version: "1.0.0".to_owned(),
            website_url: None,
        },
        capabilities: ServerCapabilities {
            tools: Some(ServerCapabilitiesTools { list_changed: None }),
            ..Default::default()
        },
        instructions: None,
        meta: None,
    };
    let server = Server {
        seal: RequestStateSeal::new(RequestStateCodec::with_key([3; 32])),
    };
    Arc::new(McpAppState {
        id_generator: Arc::new(UuidGenerator {}),
        stream_id_gen: Arc::new(FastIdGenerator::new(Some("s_"))),
        server_details: Arc::new(details),
        handler: server.to_mcp_server_handler(),
        ping_interval: Duration::from_secs(12),
        transport_options: Arc::new(TransportOptions::default()),
        enable_json_response: true,
        message_observer: None,
        extensions: Arc::new(tokio::sync::RwLock::new(None)),
        active_listen_streams: Arc::new(tokio::sync::Mutex::new(Vec::new())),
        max_listen_streams: 16,
    })
}

/// POSTs a `tools/call` with `params`, as a 2026-07-28 client does: the
/// JSON-RPC `result`.
async fn post(state: &Arc<McpAppState>, params: &Value) -> Value {
    let body =
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}).to_string();
    let mut headers = axum::http::HeaderMap::new();
    for (name, value) in [
        ("accept", "application/json, text/event-stream"),
        ("content-type", "application/json"),
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", "report"),
    ] {
        headers.insert(name, value.parse().unwrap());
    }
    let request = McpHttpHandler::create_request(
        axum::http::Method::POST,
        "/mcp".parse().unwrap(),
        headers,
        Some(&body),
    );
    let handler = McpHttpHandler::new(Vec::new(), None);
    let response = handler
        .handle_streamable_http(request, state.clone())
        .await
        .unwrap();
    let (parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(axum::body::Body::new(body), 1 << 20)
        .await
        .unwrap();
    let mut message: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(parts.status.as_u16(), 200, "{message}");
    message["result"].take()
}

/// Calls `report` until it completes, each form answered by `person`
/// through the host model: the tool's text, and how many rounds asked.
async fn call(state: &Arc<McpAppState>, person: &Person) -> (Value, usize) {
    let call = json!({
        "name": "report",
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            "io.modelcontextprotocol/clientInfo": {"name": "host", "version": "1"},
        },
    });
    let mut params = call.clone();
    let mut rounds = 0;
    loop {
        let result = post(state, &params).await;
        if result["resultType"] != "input_required" {
            return (result["content"][0]["text"].clone(), rounds);
        }
        rounds += 1;
        let input = InputRequired::from_result(&result).unwrap();
        let responses: Vec<(String, Response)> = input
            .requests()
            .iter()
            .map(|(key, request)| match request {
                InputRequest::Elicitation(Ok(form)) => (key.clone(), person.answer(form.clone())),
                other => panic!("only forms are asked: {other:?}"),
            })
            .collect();
        params = input.retry_params(call.clone(), responses);
    }
}

#[tokio::test]
async fn typed_text_reaches_the_tool_as_the_typed_value_on_2026_07_28() {
    let state = state();
    let person = Person::new([typed(), Turn::Decline]);
    assert_eq!(call(&state, &person).await, (json!(ACCEPTED), 1));
    assert_eq!(person.refused(), [REFUSED]);

    let form = &person.forms()[0];
    assert_eq!(form.message(), MESSAGE);
    let keys: Vec<&str> = form.fields().iter().map(|field| field.key()).collect();
    assert_eq!(keys, ["severity", "minutes", "services"]);
    let Kind::SingleSelect(severity) = form.fields()[0].kind() else {
        panic!("a single-select")
    };
    assert_eq!(severity.options()[1].label(), "High: users are affected");

    assert_eq!(call(&state, &person).await, (json!("Decline"), 1));
}
