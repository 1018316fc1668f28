//! An MCP server on rust-mcp-sdk 2.0 (streamable HTTP, MCP 2026-07-28 only)
//! with the tools and the prompt of `examples/conformance_server.rs` (rmcp)
//! that the official conformance scenarios of elicitation call
//! (`@modelcontextprotocol/conformance` 0.2.0-alpha.12), and
//! `test_two_questions`, each written with `enum_schema::rust_mcp_sdk::Ask`
//! around the body that every SDK shares (`conformance/forms.rs`).
//!
//! It serves the fourteen `input-required-result-*` scenarios of SEP-2322
//! (2026-07-28): each question inside an `input_required` result (forms,
//! `sampling/createMessage`, `roots/list`), the answer in the retry's
//! `inputResponses`, earlier answers in a `requestState` sealed with
//! rust-mcp-sdk's `RequestStateCodec`; the tools in
//! `handle_call_tool_request_mrtr`, the prompt
//! `test_input_required_result_prompt` in `handle_get_prompt_request`.
//!
//! It does not serve the three scenarios of 2025-11-25,
//! `tools-call-elicitation`, `elicitation-sep1330-enums` and
//! `elicitation-sep1034-defaults`, though it has their tools (they answer
//! a 2026-07-28 client with `input_required`): the suite runs them at
//! 2025-11-25 only (2026-07-28 removed `elicitation/create` sent by the
//! server), opening with `initialize`, and rust-mcp-sdk 2.0's HTTP handler
//! answers every request without the `_meta` keys
//! `io.modelcontextprotocol/protocolVersion` and
//! `io.modelcontextprotocol/clientCapabilities` with `-32602` before it
//! reaches a handler (`validate_stateless_request`,
//! `src/mcp_http/http_utils.rs:583-606`), serves no revision but
//! 2026-07-28 (`supported_protocol_versions`, `src/utils.rs:180-182`), and
//! has no way to send a request to the client.
//!
//! ```text
//! cargo run --features rust-mcp-sdk --example rust_mcp_sdk_server -- 3002   # http://127.0.0.1:3002/mcp
//! cargo run --features rust-mcp-sdk --example rust_mcp_sdk_server -- 0      # a free port, printed on stdout
//! ```
//!
//! The `requestState` key: `REQUEST_STATE_KEY` (32 bytes), so that several
//! processes accept each other's retries; without it, a fresh key from the
//! operating system, for this process only. `.ci/rust_mcp_sdk.sh` drives it
//! with the official Python SDK client and runs the conformance scenarios
//! against it, the three of 2025-11-25 skipped.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use axum::serve::ListenerExt;
use enum_schema::ask::{ElicitError, RequestStateSeal};
use enum_schema::rust_mcp_sdk::Ask;
use enum_schema::ElicitForm;
use rust_mcp_sdk::id_generator::{FastIdGenerator, UuidGenerator};
use rust_mcp_sdk::mcp_http::{McpAppState, McpHttpHandler};
use rust_mcp_sdk::mcp_server::RequestStateCodec;
use rust_mcp_sdk::mcp_server::{ServerHandler, ToMcpServerHandler};
use rust_mcp_sdk::schema::{
    CallToolRequestParams, CallToolResult, GetPromptRequestParams, GetPromptResult, Implementation,
    ListPromptsResult, ListPromptsResultCacheScope, ListToolsResult, ListToolsResultCacheScope,
    PaginatedRequestParams, Prompt, PromptMessage, Role, RpcError, ServerCapabilities,
    ServerCapabilitiesPrompts, ServerCapabilitiesTools, ServerResult, TextContent, Tool,
    ToolInputSchema,
};
use rust_mcp_sdk::{McpServer, RequestContext, ServerDetails, TransportOptions};
use serde_json::json;

/// The forms, the same on every SDK.
#[path = "conformance/forms.rs"]
mod forms;
use forms::*;

/// The tools: name and description. Each has no arguments but
/// `test_elicitation`, which takes the string `message`.
const TOOLS: [(&str, &str); 12] = [
    (
        "test_elicitation",
        "Asks for a username and an email with the given message",
    ),
    (
        "test_elicitation_sep1330_enums",
        "Asks for the five SEP-1330 enum shapes in one elicitation",
    ),
    (
        "test_elicitation_sep1034_defaults",
        "Asks for a form with a default on every primitive type (SEP-1034)",
    ),
    (
        "test_two_questions",
        "Asks how bad it is, then, if it is bad, which services are affected",
    ),
    (
        "test_input_required_result_elicitation",
        "Asks for a name (SEP-2322)",
    ),
    (
        "test_input_required_result_sampling",
        "Asks the client's model for the capital of France (SEP-2322)",
    ),
    (
        "test_input_required_result_list_roots",
        "Asks the client for its roots (SEP-2322)",
    ),
    (
        "test_input_required_result_request_state",
        "Asks for a confirmation, answered with the sealed requestState",
    ),
    (
        "test_input_required_result_tampered_state",
        "Refuses a requestState that this server did not seal",
    ),
    (
        "test_input_required_result_multiple_inputs",
        "Asks for a name, a sampled greeting and the roots in one round",
    ),
    (
        "test_input_required_result_multi_round",
        "Asks for a name, then for a color, in two rounds",
    ),
    (
        "test_input_required_result_capabilities",
        "Asks only what the client declared it can answer",
    ),
];

/// The prompt of `input-required-result-non-tool-request`.
const PROMPT: &str = "test_input_required_result_prompt";

/// The tool `name`: no arguments, but for `test_elicitation`'s required
/// string `message`.
fn tool(name: &str, description: &str) -> Tool {
    let input_schema = if name == "test_elicitation" {
        let schema = json!({
            "properties": {
                "message": {"type": "string", "description": "The message to show the user."}
            },
            "required": ["message"],
        });
        ToolInputSchema::new(None, schema.as_object().cloned())
    } else {
        ToolInputSchema::new(None, None)
    };
    Tool {
        annotations: None,
        description: Some(description.to_owned()),
        icons: Vec::new(),
        input_schema,
        meta: None,
        name: name.to_owned(),
        output_schema: None,
        title: None,
    }
}

/// A shared body of `forms.rs` as a body of [`Server::tool`], which owns
/// its `Ask`.
macro_rules! shared {
    ($body:path) => {
        |ask: Ask| async move { $body(&ask).await }
    };
}

/// `text` as a tool result.
fn text(text: String) -> CallToolResult {
    CallToolResult::text_content(vec![TextContent::from(text)])
}

struct Server {
    seal: RequestStateSeal,
}

impl Server {
    /// Runs `body` as the tool of `params`, its text the tool's result.
    async fn tool<Body, Fut>(
        &self,
        params: &CallToolRequestParams,
        body: Body,
    ) -> Result<ServerResult, RpcError>
    where
        Body: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<String, ElicitError>>,
    {
        Ask::for_tool(params, &self.seal)?
            .tool(|ask| async move { Ok(text(body(ask).await?)) })
            .await
    }
}

async fn sep1330_enums(ask: Ask) -> Result<String, ElicitError> {
    let message = Sep1330Enums::MESSAGE.unwrap_or_default();
    Ok(report(ask.form::<Sep1330Enums>("sep1330", message).await?))
}

async fn sep1034_defaults(ask: Ask) -> Result<String, ElicitError> {
    let message = Sep1034Defaults::MESSAGE.unwrap_or_default();
    Ok(report(
        ask.form::<Sep1034Defaults>("sep1034", message).await?,
    ))
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
            tools: TOOLS
                .iter()
                .map(|(name, description)| tool(name, description))
                .collect(),
            ttl_ms: 0,
        })
    }

    async fn handle_call_tool_request_mrtr(
        &self,
        params: CallToolRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        let params = &params;
        match params.name.as_str() {
            "test_elicitation" => {
                let message = params
                    .arguments
                    .as_ref()
                    .and_then(|arguments| arguments.get("message"))
                    .and_then(|message| message.as_str())
                    .ok_or_else(|| {
                        RpcError::invalid_params()
                            .with_message("test_elicitation takes the string argument `message`")
                    })?
                    .to_owned();
                self.tool(
                    params,
                    |ask| async move { elicitation(&ask, message).await },
                )
                .await
            }
            "test_elicitation_sep1330_enums" => self.tool(params, sep1330_enums).await,
            "test_elicitation_sep1034_defaults" => self.tool(params, sep1034_defaults).await,
            "test_two_questions" => self.tool(params, shared!(two_questions)).await,
            "test_input_required_result_elicitation" => {
                self.tool(params, shared!(input_required_elicitation)).await
            }
            "test_input_required_result_sampling" => {
                self.tool(params, shared!(input_required_sampling)).await
            }
            "test_input_required_result_list_roots" => {
                self.tool(params, shared!(input_required_list_roots)).await
            }
            "test_input_required_result_request_state"
            | "test_input_required_result_tampered_state" => {
                self.tool(params, shared!(input_required_request_state))
                    .await
            }
            "test_input_required_result_multiple_inputs" => {
                self.tool(params, shared!(input_required_multiple)).await
            }
            "test_input_required_result_multi_round" => {
                self.tool(params, shared!(input_required_multi_round)).await
            }
            "test_input_required_result_capabilities" => {
                self.tool(params, shared!(input_required_capabilities))
                    .await
            }
            name => Err(RpcError::invalid_params().with_message(format!("unknown tool {name:?}"))),
        }
    }

    async fn handle_list_prompts_request(
        &self,
        _params: Option<PaginatedRequestParams>,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ListPromptsResult, RpcError> {
        Ok(ListPromptsResult {
            cache_scope: ListPromptsResultCacheScope::Public,
            meta: None,
            next_cursor: None,
            prompts: vec![Prompt {
                arguments: Vec::new(),
                description: Some("Asks what context to use (SEP-2322)".to_owned()),
                icons: Vec::new(),
                meta: None,
                name: PROMPT.to_owned(),
                title: None,
            }],
            result_type: "complete".to_owned(),
            ttl_ms: 0,
        })
    }

    async fn handle_get_prompt_request(
        &self,
        params: GetPromptRequestParams,
        _context: &RequestContext,
        _runtime: Arc<dyn McpServer>,
    ) -> Result<ServerResult, RpcError> {
        if params.name != PROMPT {
            let message = format!("no prompt named {:?}", params.name);
            return Err(RpcError::invalid_params().with_message(message));
        }
        Ask::for_prompt(&params, &self.seal)?
            .prompt(|ask| async move {
                let text = input_required_prompt(&ask).await?;
                Ok(GetPromptResult {
                    description: None,
                    messages: vec![PromptMessage {
                        content: TextContent::from(text).into(),
                        role: Role::User,
                    }],
                    meta: None,
                    result_type: "complete".to_owned(),
                })
            })
            .await
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
            prompts: Some(ServerCapabilitiesPrompts { list_changed: None }),
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
