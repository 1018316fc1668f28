//! The README's complete rmcp server: one tool that asks one form with
//! [`Ask`], served on rmcp's streamable HTTP transport. The README shows
//! this file below these lines, word for word (`tests/rmcp/readme.rs`
//! checks it), so that what a new user copies is what CI builds.
//!
//! ```text
//! REQUEST_STATE_KEY=a-secret-of-32-bytes-or-more-0123 cargo run --features rmcp --example rmcp_server
//! npx @modelcontextprotocol/inspector   # then connect to http://127.0.0.1:3000/mcp
//! ```

use std::sync::Arc;

use axum::serve::ListenerExt;
use enum_schema::ask::{Question, RequestStateSeal};
use enum_schema::rmcp::Ask;
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, RequestStateCodec, ServerCapabilities,
    ServerConfig,
};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};

/// How bad is it?
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "lowercase")]
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

#[derive(ElicitForm, Debug)]
struct Triage {
    #[elicit(title = "Severity")]
    severity: Severity,
}

/// The tool's question. The tool's argument `triage` may answer it too:
/// the model fills it when it knows the answer, and a client that shows
/// no forms gets a result that tells the model to ask in the chat.
fn triage_question() -> Question<'static, Triage> {
    Question::form::<Triage>("triage", "Triage the incident").with_argument()
}

struct Desk {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

// Where `Ask` finds the key that seals what a client must echo back.
impl AsRef<RequestStateSeal> for Desk {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Desk {
    fn new(seal: RequestStateSeal) -> Self {
        Desk {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Triage an incident", input_schema = triage_question().input_schema())]
    async fn triage(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            // "triage" is this question's key: one key per question of a call.
            let text = match ask.question(triage_question()).await? {
                ElicitAction::Accept(Triage { severity }) => format!("triaged: {severity:?}"),
                ElicitAction::Decline | ElicitAction::Cancel => "not triaged".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Desk {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // One secret of 32 bytes or more, the same on every server process.
    let secret = std::env::var("REQUEST_STATE_KEY").map_err(|_| "set REQUEST_STATE_KEY")?;
    let seal = RequestStateSeal::new(RequestStateCodec::try_new(secret.into_bytes())?);
    let service = StreamableHttpService::new(
        move || Ok(Desk::new(seal.clone())),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:3000")
        .await?
        // Without TCP_NODELAY, each round of a call waits about 40 ms
        // (Nagle's algorithm against the client's delayed ACK).
        .tap_io(|stream| {
            if let Err(error) = stream.set_nodelay(true) {
                eprintln!("TCP_NODELAY: {error}");
            }
        });
    println!("listening on http://127.0.0.1:3000/mcp");
    axum::serve(listener, router).await?;
    Ok(())
}
