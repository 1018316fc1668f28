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
use enum_schema::tower_mcp::{Ask, RequestStateCodec, RequestStateSeal};
use enum_schema::{ElicitAction, ElicitEnum, ElicitForm};
use serde::Serialize;
use tower_mcp::{
    CallToolResult, Error, HttpTransport, McpRouter, NoParams, RequestContext, RequestOutcome,
    Tool, ToolBuilder,
};

/// Untitled single-select: `{"type":"string","enum":["option1","option2","option3"]}`.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
enum UntitledOption {
    Option1,
    Option2,
    Option3,
}

/// Titled single-select: `{"type":"string","oneOf":[{"const":"value1","title":"First Option"},..]}`.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
enum TitledOption {
    #[elicit(title = "First Option")]
    Value1,
    #[elicit(title = "Second Option")]
    Value2,
    #[elicit(title = "Third Option")]
    Value3,
}

/// Legacy titled (deprecated): `{"type":"string","enum":["opt1",..],"enumNames":["Option One",..]}`.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
#[elicit(legacy)]
enum LegacyOption {
    #[elicit(title = "Option One")]
    Opt1,
    #[elicit(title = "Option Two")]
    Opt2,
    #[elicit(title = "Option Three")]
    Opt3,
}

/// Titled multi-select items: `{"anyOf":[{"const":"value1","title":"First Choice"},..]}`.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
enum TitledChoice {
    #[elicit(title = "First Choice")]
    Value1,
    #[elicit(title = "Second Choice")]
    Value2,
    #[elicit(title = "Third Choice")]
    Value3,
}

/// The five SEP-1330 enum shapes in one form.
#[derive(ElicitForm, Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[elicit(message = "Please choose from each of the enum fields (SEP-1330)")]
struct Sep1330Enums {
    /// Untitled single-select
    #[elicit(title = "Pick one option")]
    untitled_single: UntitledOption,
    /// Titled single-select
    #[elicit(title = "Pick one titled option")]
    titled_single: TitledOption,
    /// Legacy titled enum (enumNames)
    #[elicit(title = "Pick one option (legacy list)")]
    legacy_enum: LegacyOption,
    /// Untitled multi-select
    #[elicit(title = "Pick any options")]
    untitled_multi: Vec<UntitledOption>,
    /// Titled multi-select
    #[elicit(title = "Pick any titled choices")]
    titled_multi: Vec<TitledChoice>,
}

/// Account status.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
#[elicit(default = Active)]
enum Status {
    Active,
    Inactive,
    Pending,
}

/// A default on every primitive type (SEP-1034).
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "Please review the pre-filled fields (SEP-1034)")]
struct Sep1034Defaults {
    /// User name
    #[elicit(title = "Name", default = "John Doe")]
    name: String,
    /// User age
    #[elicit(title = "Age", minimum = 0, maximum = 150, default = 30)]
    age: i64,
    /// Test score
    #[elicit(title = "Score", minimum = 0.0, maximum = 100.0, default = 95.5)]
    score: f64,
    /// Account status
    #[elicit(title = "Status")]
    status: Status,
    /// Whether the account is verified
    #[elicit(title = "Verified", default = true)]
    verified: bool,
}

/// How bad is it?
#[derive(ElicitEnum, Serialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

/// Affected services.
#[derive(ElicitEnum, Serialize, Debug)]
#[serde(rename_all = "lowercase")]
#[elicit(max_items = 2)]
enum AffectedService {
    Checkout,
    Search,
    Login,
}

/// The first question of `test_two_questions`.
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "How bad is it?")]
struct Triage {
    /// How bad it is for the users of the service.
    #[elicit(title = "Severity")]
    severity: Severity,
}

/// The second question, asked only for a high severity.
#[derive(ElicitForm, Serialize, Debug)]
#[elicit(message = "Which services are affected?")]
struct Impact {
    /// Every service that shows errors, at most two.
    #[elicit(title = "Affected services")]
    services: Vec<AffectedService>,
}

/// `Elicitation completed: action=accept, content={..}`, the content being
/// the re-validated answer written back as JSON.
fn report<F: Serialize>(action: ElicitAction<F>) -> String {
    let (action, content) = match action {
        ElicitAction::Accept(content) => (
            "accept",
            serde_json::to_string(&content).unwrap_or_else(|error| error.to_string()),
        ),
        ElicitAction::Decline => ("decline", "{}".to_owned()),
        ElicitAction::Cancel => ("cancel", "{}".to_owned()),
    };
    format!("Elicitation completed: action={action}, content={content}")
}

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
    let triage = ask
        .form::<Triage>("triage", Triage::MESSAGE.unwrap_or_default())
        .await?;
    let high = matches!(
        &triage,
        ElicitAction::Accept(Triage {
            severity: Severity::High
        })
    );
    let mut text = report(triage);
    if high {
        let impact = ask
            .form::<Impact>("impact", Impact::MESSAGE.unwrap_or_default())
            .await?;
        text = format!("{text}; {}", report(impact));
    }
    Ok(CallToolResult::text(text))
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
