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
//! processes that share a load share it). Where the answers wait between
//! rounds is `STORE`, the same for both kinds of server:
//!
//! - `sealed` (or unset): in the `requestState` itself;
//! - `memory` (feature `store`): in this process, under a single-use
//!   handle that the `requestState` seals (`Ask`: `MemoryStore`; by hand:
//!   the twins' map);
//! - `redis://HOST:PORT/` (feature `redis`): in that Redis, under such a
//!   handle (`Ask`: `RedisStore`, keys `enum-schema:answers:..`; by hand:
//!   the `redis` crate, keys `by-hand:state:..`).
//!
//! `TWINS=bound` serves the hand-written tools bound to the questions
//! shown, as `Ask` binds its answers (`by_hand::States::bound`: each
//! state carries the digest of every question answered or asked, and every
//! round digests them again), kept where `STORE` says, and completing a
//! call once as `Ask` does (each state carries the call's id; sealed, the
//! process remembers the calls completed and refuses a round of one).
//! `TWINS=plain` (or unset) serves the twins as they are.
//!
//! Without a store, an `Ask` process (and a bound twin's) remembers every
//! call it completed until the call's states expire, at most 100,000 (past
//! that, the thousand that expire first are forgotten):
//! `benches/throughput.sh` starts the processes anew for each run, so
//! that each run's memory is its own.
//!
//! `RUNTIME=current_thread` serves on tokio's current-thread runtime (one
//! thread does all the work), to tell the cost of waking other threads
//! from the work of a call; `multi_thread` (or unset), tokio's default
//! multi-threaded runtime, as `#[tokio::main]` builds it.
//!
//! `BREADTH=wide:N` or `narrow:N` makes every round of the hand-written
//! tools run N more distinct lines of code, or the same instructions in
//! one line (`benches/load/breadth.rs`): what distinct code costs a call.
//!
//! Without `--ask` or `--by-hand` (as `cargo bench` runs every bench) it
//! says so and exits 0.

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

/// Extra code for a twin's round (`BREADTH`), to measure what distinct
/// code costs.
#[path = "load/breadth.rs"]
mod breadth;

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
            let text = deploy::deploy(&ask, deploy::environments()).await?;
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
    states: Arc<by_hand::States>,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl ByHandServer {
    fn new(states: by_hand::States) -> Self {
        ByHandServer {
            states: Arc::new(states),
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
        breadth::run();
        by_hand::two_questions(&self.states, tool, &arguments, state.as_deref(), responses).await
    }

    #[tool(description = "Deploys checkout-api: where, how, then a confirmation of the plan")]
    async fn deploy(
        &self,
        RequestState(state): RequestState,
        InputResponses(responses): InputResponses,
        arguments: JsonObject,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = "deploy";
        breadth::run();
        let environments = by_hand::environments();
        let (state, states) = (state.as_deref(), &self.states);
        by_hand::deploy(states, &environments, tool, &arguments, state, responses).await
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

/// Where the answers wait between rounds, as `STORE` names it.
enum Store {
    Sealed,
    #[cfg(feature = "store")]
    Memory,
    #[cfg(feature = "redis")]
    Redis(String),
}

/// The store `STORE` names; one that needs a feature this build lacks is
/// an error that names the feature.
fn store() -> Result<Store, String> {
    let store = std::env::var("STORE").unwrap_or_default();
    match store.as_str() {
        "" | "sealed" => Ok(Store::Sealed),
        #[cfg(feature = "store")]
        "memory" => Ok(Store::Memory),
        #[cfg(not(feature = "store"))]
        "memory" => Err("STORE=memory needs the feature `store` (--features rmcp,store)".into()),
        #[cfg(feature = "redis")]
        url if url.starts_with("redis://") => Ok(Store::Redis(url.to_owned())),
        #[cfg(not(feature = "redis"))]
        url if url.starts_with("redis://") => Err(format!(
            "STORE={url} needs the feature `redis` (--features rmcp,redis)"
        )),
        other => Err(format!(
            "STORE={other:?}: give sealed, memory or redis://HOST:PORT/"
        )),
    }
}

/// Serves the `Ask` or the hand-written tools on 127.0.0.1:`port`, keeping
/// the answers where `STORE` says.
async fn run(by_hand: bool, port: &str) -> Result<(), String> {
    let port = port
        .parse::<u16>()
        .map_err(|error| format!("the port {port:?}: {error}"))?;
    let (codec, store) = (codec()?, store()?);
    let bound = match std::env::var("TWINS").unwrap_or_default().as_str() {
        "" | "plain" => false,
        "bound" => true,
        other => return Err(format!("TWINS={other:?}: give plain or bound")),
    };
    let served = if by_hand {
        let states = match store {
            Store::Sealed => by_hand::States::sealed(codec),
            #[cfg(feature = "store")]
            Store::Memory => by_hand::States::memory(codec),
            #[cfg(feature = "redis")]
            Store::Redis(url) => by_hand::States::redis(codec, &url)
                .await
                .map_err(|error| format!("{url}: {error}"))?,
        };
        let states = if bound { states.bound() } else { states };
        serve(port, ByHandServer::new(states)).await
    } else {
        let seal = RequestStateSeal::new(codec);
        let seal = match store {
            Store::Sealed => seal,
            #[cfg(feature = "store")]
            Store::Memory => seal.with_store(enum_schema::ask::MemoryStore::new()),
            #[cfg(feature = "redis")]
            Store::Redis(url) => seal.with_store(
                enum_schema::ask::RedisStore::connect(&url)
                    .await
                    .map_err(|error| format!("{url}: {error}"))?,
            ),
        };
        serve(port, AskServer::new(seal)).await
    };
    served.map_err(|error| error.to_string())
}

fn main() -> std::process::ExitCode {
    let runtime = match std::env::var("RUNTIME").unwrap_or_default().as_str() {
        "" | "multi_thread" => tokio::runtime::Builder::new_multi_thread(),
        "current_thread" => tokio::runtime::Builder::new_current_thread(),
        other => {
            eprintln!("twin_server: RUNTIME={other:?}: give multi_thread or current_thread");
            return std::process::ExitCode::FAILURE;
        }
    }
    .enable_all()
    .build();
    match runtime {
        Ok(runtime) => runtime.block_on(serve_args()),
        Err(error) => {
            eprintln!("twin_server: the runtime: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// What `main` runs: the arguments read, then the server.
async fn serve_args() -> std::process::ExitCode {
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
    match run(by_hand, port).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("twin_server: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
