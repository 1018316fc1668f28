//! The guide's complete rmcp server (its `sdks` chapter): one tool with
//! ordinary arguments that asks a person with [`Ask`], served on rmcp's
//! streamable HTTP transport. The guide shows this file below these lines,
//! word for word (`tests/rmcp/guide.rs` checks it), so that what a new user
//! copies is what CI builds.
//!
//! ```text
//! REQUEST_STATE_KEY=a-secret-of-32-bytes-or-more-0123 cargo run --features rmcp --example rmcp_server
//! npx @modelcontextprotocol/inspector   # then connect to http://127.0.0.1:3000/mcp
//! ```

use std::sync::Arc;

use axum::serve::ListenerExt;
use enum_schema::ask::{Question, RequestStateSeal};
use enum_schema::rmcp::Ask;
use enum_schema::{Confirm, ElicitAction, ElicitEnum};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::schema_for_type;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, JsonObject, RequestStateCodec,
    ServerCapabilities, ServerConfig,
};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};

/// Why is the order refunded?
#[derive(ElicitEnum, Debug)]
#[elicit(rename_all = "snake_case", title = "Reason")]
enum Reason {
    #[elicit(title = "Arrived late")]
    Late,
    #[elicit(title = "Arrived damaged")]
    Damaged,
    #[elicit(title = "Not as described")]
    NotAsDescribed,
    #[elicit(title = "Changed their mind")]
    ChangedMind,
}

/// The tool's ordinary arguments, which the model always sends.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Refund {
    /// The order to refund.
    order: String,
    /// The amount to refund, in euros.
    amount: f64,
}

/// The question. The tool's argument `reason` may answer it too: the
/// model sends it when it knows the reason, and a client that shows no
/// forms gets a result that tells the model to ask in the chat.
fn reason_question() -> Question<'static, Reason> {
    Question::choice::<Reason>("reason", "Why is the order refunded?").with_argument()
}

/// The tool's input schema: `Refund`'s arguments, and `reason`.
fn refund_input() -> JsonObject {
    reason_question().input_schema_with(&schema_for_type::<Refund>())
}

struct Shop {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

// Required by `Ask`: where it finds the key that seals what a client must
// echo back. Without it, `#[tool_router]` fails to compile with "the trait
// bound `(Tool, ..): IntoToolRoute<Shop, _>` is not satisfied".
impl AsRef<RequestStateSeal> for Shop {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Shop {
    fn new(seal: RequestStateSeal) -> Self {
        Shop {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    // `Ask` reads the arguments too (`ask.arguments()`): no `Parameters`.
    #[tool(description = "Refund an order", input_schema = refund_input())]
    async fn refund(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let Refund { order, amount } = ask.arguments()?;
            // "reason" and "confirm" are the questions' keys: one per question.
            let ElicitAction::Accept(reason) = ask.question(reason_question()).await? else {
                return Ok(text("not refunded"));
            };
            let label = reason.label();
            let question = format!("Refund €{amount:.2} for order {order} ({label})?");
            // A person's answer only: a `Confirm` is never taken from an argument.
            let confirmed = ask.form::<Confirm>("confirm", question).await?;
            if !confirmed.is_confirmed() {
                return Ok(text("not refunded"));
            }
            let reason = reason.value();
            let done = format!("refunded €{amount:.2} for order {order}: {reason}");
            Ok(text(done))
        })
        .await
    }
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Shop {
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
        move || Ok(Shop::new(seal.clone())),
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
