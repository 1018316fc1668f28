//! An MCP server on rmcp's streamable HTTP transport with every tool and
//! prompt that the official conformance scenarios of elicitation call
//! (`@modelcontextprotocol/conformance` 0.2): on 2025-11-25,
//! `tools-call-elicitation`, `elicitation-sep1330-enums` and
//! `elicitation-sep1034-defaults`; on 2026-07-28, the fourteen
//! `input-required-result-*` scenarios of SEP-2322, which ask for forms,
//! sampled messages and the client's roots. Every one is written with
//! [`Ask`].
//!
//! ```text
//! cargo run --example conformance_server -- 3001   # serves http://127.0.0.1:3001/mcp
//! cargo run --example conformance_server -- 0      # a free port, printed on stdout
//! npx @modelcontextprotocol/conformance server --url http://127.0.0.1:3001/mcp \
//!     --scenario elicitation-sep1330-enums
//! ```
//!
//! `.ci/conformance.sh` runs the scenarios against it; `.ci/clients.sh`
//! drives it with the official Python and TypeScript SDK clients.
//!
//! Each question is one call, [`Ask::form`] (or [`Ask::create_message`],
//! [`Ask::list_roots`], [`Ask::all`] for several), which works on every
//! revision: `elicitation/create` (`sampling/createMessage`, `roots/list`)
//! for a 2025-06-18 or 2025-11-25 client, an `input_required` result for a
//! 2026-07-28 client. `test_two_questions` asks two questions, the second
//! only if the first answer calls for it; `test_confirm` asks a yes/no
//! question with [`Confirm`]. The key
//! that seals `requestState` comes from the environment variable
//! `REQUEST_STATE_KEY` (at least 32 bytes; give every process behind one
//! load balancer the same), else from the operating system's random source.
//! With feature `redis`, `ANSWER_STORE_REDIS=redis://127.0.0.1:6379/` keeps
//! the earlier answers in that Redis instead of the `requestState`.

use std::sync::Arc;

use axum::serve::ListenerExt;
use enum_schema::ask::RequestStateSeal;
use enum_schema::rmcp::Ask;
use enum_schema::{schema::SingleSelectSchema, Confirm, ElicitAction, ElicitForm};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, Implementation, ListPromptsResult, PaginatedRequestParams, Prompt,
    PromptMessage, RequestStateCodec, Role, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler};
use serde::Serialize;

/// The forms, the same on every SDK.
#[path = "conformance/forms.rs"]
mod forms;
use forms::*;

/// [`report`], for a tool body that returns `Result<String, ErrorData>`.
fn completed<F: Serialize>(action: ElicitAction<F>) -> Result<String, ErrorData> {
    Ok(report(action))
}

fn text(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// The argument of `test_elicitation`.
#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct ElicitationArguments {
    /// The message to show the user.
    message: String,
}

/// The prompt of `input-required-result-non-tool-request`.
const PROMPT: &str = "test_input_required_result_prompt";

/// The server; `pub` so that `tests/rmcp/ask.rs` can serve it to rmcp's
/// client as well.
#[derive(Clone)]
pub struct ConformanceServer {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for ConformanceServer {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl ConformanceServer {
    pub fn new(seal: RequestStateSeal) -> Self {
        ConformanceServer {
            seal,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Asks for the five SEP-1330 enum shapes in one elicitation")]
    async fn test_elicitation_sep1330_enums(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let message = Sep1330Enums::MESSAGE.unwrap_or_default();
            let answer = ask.form::<Sep1330Enums>("sep1330", message).await?;
            Ok(text(completed(answer)?))
        })
        .await
    }

    #[tool(description = "Asks for a form with a default on every primitive type (SEP-1034)")]
    async fn test_elicitation_sep1034_defaults(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let message = Sep1034Defaults::MESSAGE.unwrap_or_default();
            let answer = ask.form::<Sep1034Defaults>("sep1034", message).await?;
            Ok(text(completed(answer)?))
        })
        .await
    }

    #[tool(description = "Asks how bad it is, then, if it is bad, which services are affected")]
    async fn test_two_questions(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(two_questions(&ask).await?)) })
            .await
    }

    #[tool(description = "Asks a yes/no question: deploy billing to prod-eu?")]
    async fn test_confirm(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let answer = ask
                .form::<Confirm>("confirm", "Deploy billing to prod-eu?")
                .await?;
            let report = match answer {
                ElicitAction::Accept(Confirm::Yes) => "confirmed: deploying billing to prod-eu",
                ElicitAction::Accept(Confirm::No) => "not confirmed: nothing deployed",
                ElicitAction::Decline => "declined: nothing deployed",
                ElicitAction::Cancel => "cancelled: nothing deployed",
            };
            Ok(text(report.to_owned()))
        })
        .await
    }

    #[tool(description = "Asks for a username and an email with the given message")]
    async fn test_elicitation(
        &self,
        ask: Ask,
        Parameters(ElicitationArguments { message }): Parameters<ElicitationArguments>,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(elicitation(&ask, message).await?)) })
            .await
    }

    #[tool(description = "Asks for a name (SEP-2322)")]
    async fn test_input_required_result_elicitation(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_elicitation(&ask).await?)) })
            .await
    }

    #[tool(description = "Asks the client's model for the capital of France (SEP-2322)")]
    async fn test_input_required_result_sampling(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_sampling(&ask).await?)) })
            .await
    }

    #[tool(description = "Asks the client for its roots (SEP-2322)")]
    async fn test_input_required_result_list_roots(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_list_roots(&ask).await?)) })
            .await
    }

    #[tool(description = "Asks for a confirmation, answered with the sealed requestState")]
    async fn test_input_required_result_request_state(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_request_state(&ask).await?)) })
            .await
    }

    #[tool(description = "Refuses a requestState that this server did not seal")]
    async fn test_input_required_result_tampered_state(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_request_state(&ask).await?)) })
            .await
    }

    #[tool(description = "Asks for a name, a sampled greeting and the roots in one round")]
    async fn test_input_required_result_multiple_inputs(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_multiple(&ask).await?)) })
            .await
    }

    #[tool(description = "Asks for a name, then for a color, in two rounds")]
    async fn test_input_required_result_multi_round(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_multi_round(&ask).await?)) })
            .await
    }

    #[tool(description = "Asks only what the client declared it can answer")]
    async fn test_input_required_result_capabilities(
        &self,
        ask: Ask,
    ) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move { Ok(text(input_required_capabilities(&ask).await?)) })
            .await
    }

    #[tool(description = "Picks one of 10,000 hosts: a search first, then the matches")]
    async fn test_long_list(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let hosts = (0..10_000).map(|n| (format!("host-{n:04}"), format!("Host {n:04}")));
            let hosts = SingleSelectSchema::new(hosts)
                .expect("distinct host names")
                .with_title("Host");
            let report = match ask.choose("host", "Which host?", &hosts).await? {
                ElicitAction::Accept(host) => {
                    format!("picked {} (#{})", host.value(), host.index())
                }
                ElicitAction::Decline => "declined".to_owned(),
                ElicitAction::Cancel => "cancelled".to_owned(),
            };
            Ok(text(report))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for ConformanceServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .build();
        ServerConfig::new(capabilities).with_server_info(Implementation::new(
            "enum-schema-conformance",
            env!("CARGO_PKG_VERSION"),
        ))
    }

    async fn list_prompts(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let prompt = Prompt::new(PROMPT, Some("Asks what context to use (SEP-2322)"), None);
        Ok(ListPromptsResult::with_all_items(vec![prompt]))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name != PROMPT {
            let message = format!("no prompt named {:?}", request.name);
            return Err(ErrorData::invalid_params(message, None));
        }
        let ask = Ask::for_prompt(&request, &context, &self.seal)?;
        ask.prompt(|ask| async move {
            let text = input_required_prompt(&ask).await?;
            Ok(GetPromptResult::new(vec![PromptMessage::new_text(
                Role::User,
                text,
            )]))
        })
        .await
    }
}

/// The codec that seals `requestState`: `REQUEST_STATE_KEY`, or 32 random
/// bytes (then a retry must reach this same process).
fn request_state_codec() -> std::io::Result<RequestStateCodec> {
    let key = match std::env::var_os("REQUEST_STATE_KEY") {
        Some(key) => key.into_encoded_bytes(),
        None => {
            let mut key = vec![0; 32];
            std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom")?, &mut key)?;
            key
        }
    };
    RequestStateCodec::try_new(key).map_err(|error| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("REQUEST_STATE_KEY: {error}"),
        )
    })
}

/// With feature `redis` and `ANSWER_STORE_REDIS=redis://HOST:PORT/` set,
/// the answers of earlier rounds are kept in that Redis (`RedisStore`)
/// rather than in the `requestState`, which then carries only a sealed
/// single-use handle: `benches/failover.sh` with `STORE=redis`.
async fn answer_store(seal: RequestStateSeal) -> std::io::Result<RequestStateSeal> {
    #[cfg(feature = "redis")]
    if let Some(url) = std::env::var_os("ANSWER_STORE_REDIS") {
        let url = url.to_string_lossy();
        let store = enum_schema::ask::RedisStore::connect(&url)
            .await
            .map_err(|error| std::io::Error::other(format!("ANSWER_STORE_REDIS: {error}")))?;
        return Ok(seal.with_store(store));
    }
    Ok(seal)
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = match std::env::args().nth(1) {
        None => 3001,
        Some(port) => port.parse::<u16>().map_err(|error| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("the port {port:?} is not a number from 0 to 65535: {error}"),
            )
        })?,
    };
    let seal = RequestStateSeal::new(request_state_codec()?);
    let seal = answer_store(seal).await?;
    let service = StreamableHttpService::new(
        move || Ok(ConformanceServer::new(seal.clone())),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    // The conformance script waits for this line, and reads the port from it.
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
