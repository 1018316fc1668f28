//! An MCP server on tower-mcp 0.25 (streamable HTTP, MCP 2026-07-28 and
//! 2025-11-25 on one endpoint) with the same tools as
//! `examples/conformance_server.rs` and `examples/rust_mcp_sdk_server.rs`
//! (the two of the official conformance scenarios, and
//! `test_two_questions`), written with the one call
//! `ask.form::<T>(key, message).await?` of `enum_schema::tower_mcp`.
//!
//! ```text
//! cargo run --features tower-mcp --example tower_mcp_server -- 3003   # http://127.0.0.1:3003/mcp
//! cargo run --features tower-mcp --example tower_mcp_server -- 0      # a free port, printed on stdout
//! ```
//!
//! The `requestState` key: `REQUEST_STATE_KEY` (at least 32 bytes), so that
//! several processes accept each other's retries; without it, a fresh key
//! from the operating system, for this process only. `.ci/tower_mcp.sh`
//! drives it with the official Python SDK client in both of its modes and
//! runs the official conformance scenarios against it.

use std::future::Future;

use axum::serve::ListenerExt;

use enum_schema::ask::ElicitError;
use enum_schema::ask::RequestStateSeal;
use enum_schema::tower_mcp::Ask;
use enum_schema::ElicitForm;
use tower_mcp::RequestStateCodec;
use tower_mcp::{
    CallToolResult, Error, HttpTransport, McpRouter, NoParams, RequestContext, RequestOutcome,
    Tool, ToolBuilder,
};

/// The forms, the same on every SDK.
#[path = "conformance/forms.rs"]
mod forms;
use forms::*;

/// A tool with no arguments whose body asks with `Ask`.
fn tool<Body, Fut>(
    seal: &RequestStateSeal,
    name: &'static str,
    description: &str,
    body: Body,
) -> Tool
where
    Body: Fn(Ask) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<CallToolResult, ElicitError>> + Send + 'static,
{
    let seal = seal.clone();
    ToolBuilder::new(name)
        .description(description)
        .mrtr_handler(move |ctx: RequestContext, _: NoParams| {
            let (seal, body) = (seal.clone(), body.clone());
            async move {
                let result: Result<RequestOutcome<CallToolResult>, Error> =
                    Ask::for_tool(&ctx, name, &(), &seal)?.tool(body).await;
                result
            }
        })
        .build()
}

async fn sep1330_enums(ask: Ask) -> Result<CallToolResult, ElicitError> {
    let message = Sep1330Enums::MESSAGE.unwrap_or_default();
    Ok(CallToolResult::text(report(
        ask.form::<Sep1330Enums>("sep1330", message).await?,
    )))
}

async fn sep1034_defaults(ask: Ask) -> Result<CallToolResult, ElicitError> {
    let message = Sep1034Defaults::MESSAGE.unwrap_or_default();
    Ok(CallToolResult::text(report(
        ask.form::<Sep1034Defaults>("sep1034", message).await?,
    )))
}

async fn two_questions(ask: Ask) -> Result<CallToolResult, ElicitError> {
    Ok(CallToolResult::text(forms::two_questions(&ask).await?))
}

/// The codec that seals `requestState`: `REQUEST_STATE_KEY` (at least 32
/// bytes, as for the other example servers, so all of them can share one),
/// or 32 random bytes (then a retry must reach this same process).
fn request_state_codec() -> std::io::Result<RequestStateCodec> {
    let key = match std::env::var_os("REQUEST_STATE_KEY") {
        Some(given) => given.into_encoded_bytes(),
        None => {
            let mut key = vec![0; 32];
            std::io::Read::read_exact(&mut std::fs::File::open("/dev/urandom")?, &mut key)?;
            key
        }
    };
    RequestStateCodec::new(key, RequestStateSeal::DEFAULT_TTL).map_err(|error| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("REQUEST_STATE_KEY: {error}"),
        )
    })
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = match std::env::args().nth(1) {
        None => 3003,
        Some(port) => port.parse::<u16>().map_err(|error| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("the port {port:?} is not a number from 0 to 65535: {error}"),
            )
        })?,
    };
    let seal = RequestStateSeal::new(request_state_codec()?);
    let router = McpRouter::new()
        .server_info("enum-schema-tower-mcp", env!("CARGO_PKG_VERSION"))
        .tool(tool(
            &seal,
            "test_elicitation_sep1330_enums",
            "Asks for the five SEP-1330 enum shapes in one elicitation",
            sep1330_enums,
        ))
        .tool(tool(
            &seal,
            "test_elicitation_sep1034_defaults",
            "Asks for a form with a default on every primitive type (SEP-1034)",
            sep1034_defaults,
        ))
        .tool(tool(
            &seal,
            "test_two_questions",
            "Asks how bad it is, then, if it is bad, which services are affected",
            two_questions,
        ));
    // `with_sampling`: requests to the client on a 2025 session, for
    // `elicitation/create` (2026-07-28 asks inside the result).
    let app = HttpTransport::new(router)
        .with_sampling()
        .into_router_at("/mcp");
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    // The CI script waits for this line, and reads the port from it.
    println!("listening on http://{}/mcp", listener.local_addr()?);
    // TCP_NODELAY on every accepted connection, as the other example
    // servers do: without it each round waits for the client's delayed ACK.
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            eprintln!("TCP_NODELAY: {error}");
        }
    });
    axum::serve(listener, app).await
}
