//! An MCP server on rust-mcp-sdk 2.0 (streamable HTTP, MCP 2026-07-28) with
//! the same tools as `examples/conformance_server.rs` (the two of the
//! official conformance scenarios, and `test_two_questions`), written with
//! the one call `ask.form::<T>(key, message).await?` of `enum_schema::rust_mcp_sdk`.
//!
//! ```text
//! cargo run --features rust-mcp-sdk --example rust_mcp_sdk_server -- 3002   # http://127.0.0.1:3002/mcp
//! cargo run --features rust-mcp-sdk --example rust_mcp_sdk_server -- 0      # a free port, printed on stdout
//! ```
//!
//! The `requestState` key: `REQUEST_STATE_KEY` (32 bytes), so that several
//! processes accept each other's retries; without it, a fresh key from the
//! operating system, for this process only. `.ci/rust_mcp_sdk.sh` drives it
//! with the official Python SDK client and with `examples/rmcp_client.rs`.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use axum::serve::ListenerExt;
use enum_schema::ask::RequestStateSeal;
use enum_schema::rust_mcp_sdk::Ask;
use enum_schema::{ElicitAction, ElicitForm};
use rust_mcp_sdk::id_generator::{FastIdGenerator, UuidGenerator};
use rust_mcp_sdk::mcp_http::{McpAppState, McpHttpHandler};
use rust_mcp_sdk::mcp_server::RequestStateCodec;
use rust_mcp_sdk::mcp_server::{ServerHandler, ToMcpServerHandler};
use rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, Implementation, ListToolsResult,
    ListToolsResultCacheScope, PaginatedRequestParams, RpcError, ServerCapabilities,
    ServerCapabilitiesTools, ServerResult, TextContent, Tool, ToolInputSchema,
};
use rust_mcp_sdk::{McpServer, RequestContext, ServerDetails, TransportOptions};
use serde::Serialize;

/// The forms, the same on every SDK.
#[path = "conformance/forms.rs"]
mod forms;
use forms::*;

/// [`report`] as a tool result.
fn completed<F: Serialize>(action: ElicitAction<F>) -> CallToolResult {
    CallToolResult::text_content(vec![TextContent::from(report(action))])
}

/// A tool with no arguments.
fn tool(name: &str, description: &str) -> Tool {
    Tool {
        annotations: None,
        description: Some(description.to_owned()),
        icons: Vec::new(),
        input_schema: ToolInputSchema::new(None, None),
        meta: None,
        name: name.to_owned(),
        output_schema: None,
        title: None,
    }
}

struct Server {
    seal: RequestStateSeal,
}

impl Server {
    async fn sep1330_enums(
        &self,
        params: &CallToolRequestParams,
    ) -> Result<ServerResult, RpcError> {
        Ask::for_tool(params, &self.seal)?
            .tool(|ask| async move {
                let message = Sep1330Enums::MESSAGE.unwrap_or_default();
                Ok(completed(
                    ask.form::<Sep1330Enums>("sep1330", message).await?,
                ))
            })
            .await
    }

    async fn sep1034_defaults(
        &self,
        params: &CallToolRequestParams,
    ) -> Result<ServerResult, RpcError> {
        Ask::for_tool(params, &self.seal)?
            .tool(|ask| async move {
                let message = Sep1034Defaults::MESSAGE.unwrap_or_default();
                Ok(completed(
                    ask.form::<Sep1034Defaults>("sep1034", message).await?,
                ))
            })
            .await
    }

    async fn two_questions(
        &self,
        params: &CallToolRequestParams,
    ) -> Result<ServerResult, RpcError> {
        Ask::for_tool(params, &self.seal)?
            .tool(|ask| async move {
                let text = forms::two_questions(&ask).await?;
                Ok(CallToolResult::text_content(vec![TextContent::from(text)]))
            })
            .await
    }
}

#[async_trait]
impl ServerHandler for Server {
    async fn handle_list_tools_request(
        &self,
        _params: Option<PaginatedRequestParams>,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ListToolsResult, RpcError> {
        Ok(ListToolsResult {
            cache_scope: ListToolsResultCacheScope::Public,
            meta: None,
            next_cursor: None,
            result_type: "complete".to_owned(),
            tools: vec![
                tool(
                    "test_elicitation_sep1330_enums",
                    "Asks for the five SEP-1330 enum shapes in one elicitation",
                ),
                tool(
                    "test_elicitation_sep1034_defaults",
                    "Asks for a form with a default on every primitive type (SEP-1034)",
                ),
                tool(
                    "test_two_questions",
                    "Asks how bad it is, then, if it is bad, which services are affected",
                ),
            ],
            ttl_ms: 0,
        })
    }

    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        match params.name.as_str() {
            "test_elicitation_sep1330_enums" => self.sep1330_enums(&params).await,
            "test_elicitation_sep1034_defaults" => self.sep1034_defaults(&params).await,
            "test_two_questions" => self.two_questions(&params).await,
            name => Err(RpcError::invalid_params().with_message(format!("unknown tool {name:?}"))),
        }
    }
}

/// The codec that seals `requestState`: `REQUEST_STATE_KEY` (32 bytes, as
/// for `examples/conformance_server.rs`, whose key rust-mcp-sdk's codec can
/// share), or 32 random bytes (then a retry must reach this same process).
fn request_state_codec() -> std::io::Result<RequestStateCodec> {
    let mut key = [0; 32];
    match std::env::var_os("REQUEST_STATE_KEY") {
        Some(given) => {
            let given = given.into_encoded_bytes();
            key = given.as_slice().try_into().map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "REQUEST_STATE_KEY: {} bytes, rust-mcp-sdk's codec takes 32",
                        given.len()
                    ),
                )
            })?;
        }
        None => std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom")?, &mut key)?,
    }
    Ok(RequestStateCodec::with_key(key))
}

async fn post(
    axum::extract::State((state, handler)): axum::extract::State<(
        Arc<McpAppState>,
        Arc<McpHttpHandler>,
    )>,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
    body: String,
) -> axum::response::Response {
    let request =
        McpHttpHandler::create_request(axum::http::Method::POST, uri, headers, Some(&body));
    match handler.handle_streamable_http(request, state).await {
        Ok(response) => {
            let (parts, body) = response.into_parts();
            axum::response::Response::from_parts(parts, axum::body::Body::new(body))
        }
        Err(error) => {
            let mut response =
                axum::response::Response::new(axum::body::Body::from(error.to_string()));
            *response.status_mut() = axum::http::StatusCode::INTERNAL_SERVER_ERROR;
            response
        }
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = match std::env::args().nth(1) {
        None => 3002,
        Some(port) => port.parse::<u16>().map_err(|error| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("the port {port:?} is not a number from 0 to 65535: {error}"),
            )
        })?,
    };
    let details = ServerDetails {
        server_info: Implementation {
            description: None,
            icons: Vec::new(),
            name: "enum-schema-rust-mcp-sdk".to_owned(),
            title: None,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            website_url: None,
        },
        capabilities: ServerCapabilities {
            tools: Some(ServerCapabilitiesTools { list_changed: None }),
            ..Default::default()
        },
        instructions: None,
        meta: None,
    };
    let state = Arc::new(McpAppState {
        id_generator: Arc::new(UuidGenerator {}),
        stream_id_gen: Arc::new(FastIdGenerator::new(Some("s_"))),
        server_details: Arc::new(details),
        handler: Server {
            seal: RequestStateSeal::new(request_state_codec()?),
        }
        .to_mcp_server_handler(),
        ping_interval: Duration::from_secs(12),
        transport_options: Arc::new(TransportOptions::default()),
        enable_json_response: true,
        message_observer: None,
        extensions: Arc::new(tokio::sync::RwLock::new(None)),
        active_listen_streams: Arc::new(tokio::sync::Mutex::new(Vec::new())),
        max_listen_streams: 16,
    });
    let handler = Arc::new(McpHttpHandler::new(Vec::new(), None));
    let router = axum::Router::new()
        .route("/mcp", axum::routing::post(post))
        .with_state((state, handler));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    // The CI script waits for this line, and reads the port from it.
    println!("listening on http://{}/mcp", listener.local_addr()?);
    // TCP_NODELAY on every accepted connection: without it each response's
    // last segment waits for the client's delayed ACK, about 40 ms a round
    // (BENCHMARKS.md, "Example server over HTTP").
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            eprintln!("TCP_NODELAY: {error}");
        }
    });
    axum::serve(listener, router).await
}
