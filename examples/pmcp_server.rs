//! An MCP server on pmcp 2.23 (its streamable HTTP server, MCP 2026-07-28
//! and 2025-11-25 on one endpoint) with the tools and the prompt of
//! `examples/conformance_server.rs` (rmcp) that the official conformance
//! scenarios of elicitation call (`@modelcontextprotocol/conformance`
//! 0.2.0-alpha.12), `test_two_questions`, and the guide's `refund` (the
//! tool of examples/rmcp_server.rs: ordinary arguments, and a question
//! its argument `reason` may answer), each written with
//! `enum_schema::pmcp::Ask` around the body that every SDK shares
//! (`conformance/forms.rs`):
//!
//! - on 2025-11-25 (an `initialize` session; each question an
//!   `elicitation/create` request on the session's GET stream):
//!   `tools-call-elicitation` (`test_elicitation`, whose required string
//!   argument `message` is the form's message), `elicitation-sep1330-enums`
//!   and `elicitation-sep1034-defaults`;
//! - on 2026-07-28 (no session; `_meta` on every request; each question
//!   inside an `input_required` result, the answer in the retry's
//!   `inputResponses`): the `input-required-result-*` scenarios of
//!   SEP-2322, with forms, `sampling/createMessage` and `roots/list`
//!   requests, this crate's state inside pmcp's sealed continuation, and
//!   the prompt `test_input_required_result_prompt` (`prompts/get`).
//!
//! ```text
//! cargo run --features pmcp --example pmcp_server -- 3004   # http://127.0.0.1:3004/
//! cargo run --features pmcp --example pmcp_server -- 0      # a free port, printed on stdout
//! ```
//!
//! pmcp seals the `requestState` with `REQUEST_STATE_KEY` (its SHA-256, so
//! that any secret of 32 bytes or more works, as for the other example
//! servers); without it, a fresh key for this process only. The answers
//! of earlier rounds stay in this process's memory
//! (`enum_schema::pmcp::seal`): a retry must reach the process that asked.
//! `.ci/pmcp.sh` drives it with the official Python SDK client and runs
//! the conformance scenarios against it.

use std::sync::Arc;

use enum_schema::ask::{ElicitError, RequestStateSeal};
use enum_schema::pmcp::Ask;
use enum_schema::ElicitForm;
use pmcp::server::streamable_http_server::{StreamableHttpServer, StreamableHttpServerConfig};
use pmcp::types::ProtocolVersion;
use serde_json::{json, Value};

/// The forms, the same on every SDK.
#[path = "conformance/forms.rs"]
mod forms;
use forms::*;

/// A tool or a prompt: its name and its body (the same as tests/pmcp/'s).
#[path = "conformance/pmcp_tools.rs"]
mod pmcp_tools;
use pmcp_tools::{Prompt, Tool};

/// The guide's `refund` tool (examples/rmcp_server.rs), on pmcp.
mod shop {
    use enum_schema::ask::{ElicitError, Question};
    use enum_schema::pmcp::Ask;
    use enum_schema::{Confirm, ElicitAction, ElicitEnum};
    use serde_json::{json, Map, Value};

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
    #[derive(serde::Deserialize)]
    struct Refund {
        order: String,
        amount: f64,
    }

    /// The question, which the tool's argument `reason` may answer too.
    fn reason_question() -> Question<'static, Reason> {
        Question::choice::<Reason>("reason", "Why is the order refunded?").with_argument()
    }

    /// The tool's input schema: `Refund`'s arguments (written out: pmcp
    /// has no schemars), and `reason`.
    pub fn refund_input() -> Map<String, Value> {
        let arguments = json!({
            "type": "object",
            "properties": {
                "order": {"type": "string", "description": "The order to refund."},
                "amount": {"type": "number", "description": "The amount to refund, in euros."},
            },
            "required": ["order", "amount"],
        });
        reason_question().input_schema_with(arguments.as_object().expect("an object"))
    }

    /// The body of examples/rmcp_server.rs's `refund`.
    pub async fn refund(ask: &Ask) -> Result<String, ElicitError> {
        let Refund { order, amount } = ask.arguments()?;
        let ElicitAction::Accept(reason) = ask.question(reason_question()).await? else {
            return Ok("not refunded".to_owned());
        };
        let label = reason.label();
        let question = format!("Refund €{amount:.2} for order {order} ({label})?");
        let confirmed = ask.form::<Confirm>("confirm", question).await?;
        if !confirmed.is_confirmed() {
            return Ok("not refunded".to_owned());
        }
        let reason = reason.value();
        Ok(format!("refunded €{amount:.2} for order {order}: {reason}"))
    }
}

async fn sep1330_enums(ask: &Ask) -> Result<String, ElicitError> {
    let message = Sep1330Enums::MESSAGE.unwrap_or_default();
    Ok(report(ask.form::<Sep1330Enums>("sep1330", message).await?))
}

async fn sep1034_defaults(ask: &Ask) -> Result<String, ElicitError> {
    let message = Sep1034Defaults::MESSAGE.unwrap_or_default();
    Ok(report(
        ask.form::<Sep1034Defaults>("sep1034", message).await?,
    ))
}

/// pmcp's `requestState` key: the SHA-256 of `REQUEST_STATE_KEY` (at
/// least 32 bytes), or `None` for pmcp's own key of this process.
fn request_state_key() -> std::io::Result<Option<[u8; 32]>> {
    use sha2::Digest;
    let Some(secret) = std::env::var_os("REQUEST_STATE_KEY") else {
        return Ok(None);
    };
    let secret = secret.into_encoded_bytes();
    if secret.len() < 32 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "REQUEST_STATE_KEY: at least 32 bytes",
        ));
    }
    Ok(Some(sha2::Sha256::digest(&secret).into()))
}

fn server(seal: &RequestStateSeal) -> pmcp::Result<pmcp::Server> {
    let tools = [
        Tool {
            input_schema: json!({
                "type": "object",
                "properties": {"message": {"type": "string", "description": "The message to show the user."}},
                "required": ["message"],
            }),
            ..Tool::new(
                "test_elicitation",
                "Asks for a username and an email with the given message",
                |ask, arguments| {
                    Box::pin(async move {
                        let message = arguments["message"].as_str().unwrap_or_default();
                        elicitation(&ask, message.to_owned()).await
                    })
                },
            )
        },
        Tool::new(
            "test_elicitation_sep1330_enums",
            "Asks for the five SEP-1330 enum shapes in one elicitation",
            |ask, _| Box::pin(async move { sep1330_enums(&ask).await }),
        ),
        Tool::new(
            "test_elicitation_sep1034_defaults",
            "Asks for a form with a default on every primitive type (SEP-1034)",
            |ask, _| Box::pin(async move { sep1034_defaults(&ask).await }),
        ),
        Tool {
            input_schema: Value::Object(shop::refund_input()),
            ..Tool::new("refund", "Refund an order", |ask, _| {
                Box::pin(async move { shop::refund(&ask).await })
            })
        },
        Tool::new(
            "test_two_questions",
            "Asks how bad it is, then, if it is bad, which services are affected",
            |ask, _| Box::pin(async move { two_questions(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_elicitation",
            "Asks for a name (SEP-2322)",
            |ask, _| Box::pin(async move { input_required_elicitation(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_sampling",
            "Asks the client's model for the capital of France (SEP-2322)",
            |ask, _| Box::pin(async move { input_required_sampling(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_list_roots",
            "Asks the client for its roots (SEP-2322)",
            |ask, _| Box::pin(async move { input_required_list_roots(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_request_state",
            "Asks for a confirmation, answered with the sealed requestState",
            |ask, _| Box::pin(async move { input_required_request_state(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_tampered_state",
            "Refuses a requestState that this server did not seal",
            |ask, _| Box::pin(async move { input_required_request_state(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_multiple_inputs",
            "Asks for a name, a sampled greeting and the roots in one round",
            |ask, _| Box::pin(async move { input_required_multiple(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_multi_round",
            "Asks for a name, then for a color, in two rounds",
            |ask, _| Box::pin(async move { input_required_multi_round(&ask).await }),
        ),
        Tool::new(
            "test_input_required_result_capabilities",
            "Asks only what the client declared it can answer",
            |ask, _| Box::pin(async move { input_required_capabilities(&ask).await }),
        ),
    ];
    // The prompt of `input-required-result-non-tool-request`.
    let prompts = [Prompt {
        name: "test_input_required_result_prompt",
        body: |ask| Box::pin(async move { input_required_prompt(&ask).await }),
    }];
    let mut builder = pmcp::Server::builder()
        .name("enum-schema-pmcp")
        .version(env!("CARGO_PKG_VERSION"))
        .with_supported_protocol_versions([
            ProtocolVersion("2025-11-25".into()),
            ProtocolVersion("2026-07-28".into()),
        ]);
    builder = pmcp_tools::serve(builder, seal, tools, prompts);
    if let Some(key) = request_state_key()? {
        builder = builder.with_request_state_key(key);
    }
    builder.build()
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port = match std::env::args().nth(1) {
        None => 3004,
        Some(port) => port.parse::<u16>().map_err(|error| {
            format!("the port {port:?} is not a number from 0 to 65535: {error}")
        })?,
    };
    let seal = enum_schema::pmcp::seal();
    let server = Arc::new(server(&seal)?);
    // Each response on the POST that asked: in its default SSE mode, pmcp
    // sends a 2025 session's responses on the GET stream and answers the
    // POST with 202, which the official Python SDK client refuses. Requests
    // to the client still go on the GET stream.
    let config = StreamableHttpServerConfig {
        enable_json_response: true,
        ..StreamableHttpServerConfig::default()
    };
    // `_concurrent`: requests run side by side (pmcp's other constructors
    // run one at a time while a tool waits for an answer).
    let http =
        StreamableHttpServer::with_config_concurrent(([127, 0, 0, 1], port).into(), server, config);
    let (address, running) = http.start().await?;
    // The CI scripts wait for this line, and read the port from it.
    println!("listening on http://{address}/");
    running.await?;
    Ok(())
}
