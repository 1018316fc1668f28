//! The server `benches/throughput.sh` loads when it compares `Ask` with the
//! same tools written by hand: `test_two_questions` and `deploy` on rmcp's
//! streamable HTTP transport, written with `Ask` (`--ask`: the bodies of
//! `examples/conformance/forms.rs` and `examples/conformance/deploy.rs`) or
//! by hand on rmcp's own MCP 2026-07-28 API (`--by-hand`:
//! `examples/conformance/by_hand.rs`). One binary, one router of the same
//! two tools either way, so the two servers differ only in how the tools
//! are written. `benches/round.rs` checks at start-up that both answer the
//! same bytes but the `requestState` text.
//!
//! ```text
//! twin_server --ask PORT        # serves http://127.0.0.1:PORT/mcp (0: a free port)
//! twin_server --by-hand PORT
//! ```
//!
//! The first line on stdout is `listening on http://127.0.0.1:PORT/mcp`.
//! The `requestState` key is `REQUEST_STATE_KEY` (at least 32 bytes; the
//! processes that share a load share it). Without `--ask` or `--by-hand`
//! (as `cargo bench` runs every bench) it says so and exits 0.

use std::sync::Arc;

use axum::serve::ListenerExt;
use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::{InputResponses, RequestState};
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, JsonObject, RequestStateCodec,
    ServerCapabilities, ServerConfig,
};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};

/// The example server's forms, and its `test_two_questions`.
#[allow(dead_code)]
#[path = "../examples/conformance/forms.rs"]
mod forms;

/// The deploy shape asked with `Ask`.
#[path = "../examples/conformance/deploy.rs"]
mod deploy;

/// The hand-written twins.
#[path = "../examples/conformance/by_hand.rs"]
mod by_hand;

/// The two tools written with `Ask`.
#[derive(Clone)]
struct AskServer {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for AskServer {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl AskServer {
    fn new(seal: RequestStateSeal) -> Self {
        AskServer {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Asks how bad it is, then, if it is bad, which services are affected")]
    async fn test_two_questions(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let text = forms::two_questions(&ask).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "Deploys checkout-api: where, how, then a confirmation of the plan")]
    async fn deploy(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let text = deploy::deploy(&ask).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for AskServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// The same two tools, by hand.
#[derive(Clone)]
struct ByHandServer {
    codec: Arc<RequestStateCodec>,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl ByHandServer {
    fn new(codec: Arc<RequestStateCodec>) -> Self {
        ByHandServer {
            codec,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Asks how bad it is, then, if it is bad, which services are affected")]
    async fn test_two_questions(
        &self,
        RequestState(state): RequestState,
        InputResponses(responses): InputResponses,
        arguments: JsonObject,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = "test_two_questions";
        by_hand::two_questions(&self.codec, tool, &arguments, state.as_deref(), responses)
    }

    #[tool(description = "Deploys checkout-api: where, how, then a confirmation of the plan")]
    async fn deploy(
        &self,
        RequestState(state): RequestState,
        InputResponses(responses): InputResponses,
        arguments: JsonObject,
    ) -> Result<CallToolResponse, ErrorData> {
        by_hand::deploy(
            &self.codec,
            "deploy",
            &arguments,
            state.as_deref(),
            responses,
        )
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for ByHandServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// The codec that seals `requestState`, from `REQUEST_STATE_KEY`.
fn codec() -> Result<RequestStateCodec, String> {
    let key = std::env::var_os("REQUEST_STATE_KEY")
        .ok_or("set REQUEST_STATE_KEY (at least 32 bytes), the same for every process")?;
    RequestStateCodec::try_new(key.into_encoded_bytes())
        .map_err(|error| format!("REQUEST_STATE_KEY: {error}"))
}

/// Serves `service` on 127.0.0.1:`port` until the process is stopped.
async fn serve<S: ServerHandler + Clone + Send + 'static>(
    port: u16,
    server: S,
) -> std::io::Result<()> {
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    println!("listening on http://{}/mcp", listener.local_addr()?);
    // As the example server: TCP_NODELAY on every accepted connection.
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            eprintln!("TCP_NODELAY: {error}");
        }
    });
    axum::serve(listener, router).await
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (by_hand, port) = match args.as_slice() {
        [kind, port] if kind == "--ask" || kind == "--by-hand" => (kind == "--by-hand", port),
        // What `cargo bench` and `cargo test --benches` pass.
        _ if args.is_empty() || args.iter().any(|arg| arg == "--bench" || arg == "--test") => {
            println!("twin_server: give --ask PORT or --by-hand PORT; benches/throughput.sh does");
            return std::process::ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("usage: twin_server --ask PORT | --by-hand PORT");
            return std::process::ExitCode::FAILURE;
        }
    };
    let result = match (port.parse::<u16>(), codec()) {
        (Err(error), _) => Err(format!("the port {port:?}: {error}")),
        (_, Err(error)) => Err(error),
        (Ok(port), Ok(codec)) if by_hand => serve(port, ByHandServer::new(Arc::new(codec)))
            .await
            .map_err(|error| error.to_string()),
        (Ok(port), Ok(codec)) => serve(port, AskServer::new(RequestStateSeal::new(codec)))
            .await
            .map_err(|error| error.to_string()),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("twin_server: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
