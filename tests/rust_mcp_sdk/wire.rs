//! `Ask` behind rust-mcp-sdk 2.0's own streamable HTTP handler
//! (`McpHttpHandler::handle_streamable_http`, in process, the JSON
//! response mode of `examples/rust_mcp_sdk_server.rs`): what the SDK lets
//! through to the tool, as the bytes a client reads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use enum_schema::ask::RequestStateSeal;
use enum_schema::rust_mcp_sdk::Ask;
use enum_schema::ElicitForm;
use rust_mcp_sdk::id_generator::{FastIdGenerator, UuidGenerator};
use rust_mcp_sdk::mcp_http::{McpAppState, McpHttpHandler};
use rust_mcp_sdk::mcp_server::{RequestStateCodec, ServerHandler, ToMcpServerHandler};
use rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, Implementation, RpcError, ServerCapabilities,
    ServerCapabilitiesTools, ServerResult, TextContent,
};
use rust_mcp_sdk::{McpServer, RequestContext, ServerDetails, TransportOptions};
use serde_json::{json, Value};

#[derive(ElicitForm, Debug)]
pub struct Contact {
    pub name: String,
    pub note: Option<String>,
}

/// `contact` asks for a name and an optional note; `calls` counts the
/// requests that reached it.
struct Server {
    seal: RequestStateSeal,
    calls: Arc<AtomicUsize>,
}

#[async_trait]
impl ServerHandler for Server {
    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        Ask::for_tool(&params, &self.seal)?
            .tool(|ask| async move {
                let contact = ask.form::<Contact>("contact", "Who?").await?;
                Ok(CallToolResult::text_content(vec![TextContent::from(
                    format!("{contact:?}"),
                )]))
            })
            .await
    }
}

fn state(calls: Arc<AtomicUsize>) -> Arc<McpAppState> {
    let details = ServerDetails {
        server_info: Implementation {
            description: None,
            icons: Vec::new(),
            name: "wire".to_owned(),
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
        seal: RequestStateSeal::new(RequestStateCodec::with_key([1; 32])),
        calls,
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

/// POSTs a `tools/call` of `contact` with `extra` in its params (the
/// 2026-07-28 `_meta` added), as a 2026-07-28 client does: the HTTP status
/// and the JSON-RPC message of the response.
async fn call(state: &Arc<McpAppState>, extra: Value) -> (u16, Value) {
    let mut params = json!({
        "name": "contact",
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
        },
    });
    for (key, value) in extra.as_object().unwrap() {
        params[key] = value.clone();
    }
    let body =
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}).to_string();
    let mut headers = axum::http::HeaderMap::new();
    for (name, value) in [
        ("accept", "application/json, text/event-stream"),
        ("content-type", "application/json"),
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", "contact"),
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
    (
        parts.status.as_u16(),
        serde_json::from_slice(&bytes).unwrap(),
    )
}

/// An optional field left out is the field absent; the same answer with
/// the field `null` (as rmcp and the fake SDK read it: absent) never
/// reaches the tool on rust-mcp-sdk 2.0. Its `ElicitResultContent` is a
/// string, an integer, a boolean or an array of strings, so the
/// `tools/call` does not parse as one, and the SDK answers it as a custom
/// request it has no handler for.
#[tokio::test]
async fn a_null_for_an_optional_field_never_reaches_the_tool() {
    let calls = Arc::new(AtomicUsize::new(0));
    let state = state(calls.clone());
    let (status, first) = call(&state, json!({})).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    let asked = first["result"]["requestState"].as_str().unwrap().to_owned();
    assert_eq!(calls.load(Ordering::SeqCst), 1);

    let left_out = json!({
        "inputResponses": {"contact": {"action": "accept", "content": {"name": "x"}}},
        "requestState": asked,
    });
    let (status, done) = call(&state, left_out).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(
        done["result"]["content"][0]["text"], r#"Accept(Contact { name: "x", note: None })"#,
        "{done}"
    );
    assert_eq!(calls.load(Ordering::SeqCst), 2);

    let null = json!({
        "inputResponses": {"contact": {"action": "accept", "content": {"name": "x", "note": null}}},
        "requestState": asked,
    });
    let (status, refused) = call(&state, null).await;
    assert_eq!(status, 404);
    assert_eq!(
        refused,
        json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601,
            "message": "No handler is implemented for custom requests."}}),
    );
    assert_eq!(calls.load(Ordering::SeqCst), 2, "the tool was not called");
}
