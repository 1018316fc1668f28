//! An MCP server on tower-mcp 0.25 (streamable HTTP, MCP 2026-07-28 and
//! 2025-11-25 on one endpoint) with the tools and the prompt of
//! `examples/conformance_server.rs` (rmcp) that the official conformance
//! scenarios of elicitation call (`@modelcontextprotocol/conformance`
//! 0.2.0-alpha.12), and `test_two_questions`, each written with
//! `enum_schema::tower_mcp::Ask` around the body that every SDK shares
//! (`conformance/forms.rs`). It serves every one of those scenarios:
//!
//! - on 2025-11-25 (an `initialize` session; each question an
//!   `elicitation/create` request on the POST's SSE stream):
//!   `tools-call-elicitation` (`test_elicitation`, whose required string
//!   argument `message` is the form's message), `elicitation-sep1330-enums`
//!   and `elicitation-sep1034-defaults`;
//! - on 2026-07-28 (no session; `_meta` on every request; each question
//!   inside an `input_required` result, the answer in the retry's
//!   `inputResponses`): the fourteen `input-required-result-*` scenarios of
//!   SEP-2322, with forms, `sampling/createMessage` and `roots/list`
//!   requests, a `requestState` sealed with tower-mcp's `RequestStateCodec`,
//!   and the prompt `test_input_required_result_prompt` (`prompts/get`,
//!   `PromptBuilder::mrtr_handler`).
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
//! runs all seventeen conformance scenarios against it
//! (`.ci/conformance.sh tower_mcp_server`).

use std::collections::HashMap;
use std::future::Future;

use axum::serve::ListenerExt;

use enum_schema::ask::ElicitError;
use enum_schema::ask::RequestStateSeal;
use enum_schema::tower_mcp::Ask;
use enum_schema::ElicitForm;
use serde::{Deserialize, Serialize};
use tower_mcp::RequestStateCodec;
use tower_mcp::{
    CallToolResult, Error, GetPromptResult, HttpTransport, McpRouter, NoParams, Prompt,
    PromptBuilder, RequestContext, RequestOutcome, Tool, ToolBuilder,
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

/// A tool with no arguments whose body is one of the shared bodies of
/// `forms.rs`: its text as the tool's result.
macro_rules! shared {
    ($seal:expr, $name:literal, $description:literal, $body:path) => {
        tool($seal, $name, $description, |ask: Ask| async move {
            Ok(CallToolResult::text($body(&ask).await?))
        })
    };
}

/// The arguments of `test_elicitation`.
#[derive(Deserialize, Serialize, tower_mcp::schemars::JsonSchema)]
#[schemars(crate = "tower_mcp::schemars")]
struct ElicitationArguments {
    /// The message to show the user.
    message: String,
}

/// `test_elicitation` (`tools-call-elicitation`): the state is bound to its
/// `message`.
fn test_elicitation(seal: &RequestStateSeal) -> Tool {
    const NAME: &str = "test_elicitation";
    let seal = seal.clone();
    ToolBuilder::new(NAME)
        .description("Asks for a username and an email with the given message")
        .mrtr_handler(
            move |ctx: RequestContext, arguments: ElicitationArguments| {
                let seal = seal.clone();
                async move {
                    Ask::for_tool(&ctx, NAME, &arguments, &seal)?
                        .tool(|ask| async move {
                            let text = elicitation(&ask, arguments.message).await?;
                            Ok(CallToolResult::text(text))
                        })
                        .await
                }
            },
        )
        .build()
}

/// The prompt of `input-required-result-non-tool-request`.
fn test_prompt(seal: &RequestStateSeal) -> Prompt {
    const NAME: &str = "test_input_required_result_prompt";
    let seal = seal.clone();
    PromptBuilder::new(NAME)
        .description("Asks what context to use (SEP-2322)")
        .mrtr_handler(
            move |ctx: RequestContext, arguments: HashMap<String, String>| {
                let seal = seal.clone();
                async move {
                    Ask::for_prompt(&ctx, NAME, &arguments, &seal)?
                        .prompt(|ask| async move {
                            let text = input_required_prompt(&ask).await?;
                            Ok(GetPromptResult::user_message(text))
                        })
                        .await
                }
            },
        )
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
        .tool(test_elicitation(&seal))
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
        .tool(shared!(
            &seal,
            "test_two_questions",
            "Asks how bad it is, then, if it is bad, which services are affected",
            two_questions
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_elicitation",
            "Asks for a name (SEP-2322)",
            input_required_elicitation
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_sampling",
            "Asks the client's model for the capital of France (SEP-2322)",
            input_required_sampling
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_list_roots",
            "Asks the client for its roots (SEP-2322)",
            input_required_list_roots
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_request_state",
            "Asks for a confirmation, answered with the sealed requestState",
            input_required_request_state
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_tampered_state",
            "Refuses a requestState that this server did not seal",
            input_required_request_state
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_multiple_inputs",
            "Asks for a name, a sampled greeting and the roots in one round",
            input_required_multiple
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_multi_round",
            "Asks for a name, then for a color, in two rounds",
            input_required_multi_round
        ))
        .tool(shared!(
            &seal,
            "test_input_required_result_capabilities",
            "Asks only what the client declared it can answer",
            input_required_capabilities
        ))
        .prompt(test_prompt(&seal));
    // `with_sampling`: requests to the client on a 2025 session, for
    // `elicitation/create`, `sampling/createMessage` and `roots/list`
    // (2026-07-28 asks inside the result).
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
