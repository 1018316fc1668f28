//! An MCP server on tower-mcp 0.25 (streamable HTTP, MCP 2026-07-28) with
//! one tool, `test_elicitation_sep1330_enums`, that asks for the five
//! SEP-1330 enum shapes with a hand-built `input_required` result and parses
//! the retried call's `inputResponses`.
//!
//! ```text
//! cargo run --features tower-mcp --example tower_mcp_server -- 3003   # http://127.0.0.1:3003/mcp
//! cargo run --features tower-mcp --example tower_mcp_server -- 0      # a free port, printed on stdout
//! ```
//!
//! This is the transport path only: no `requestState` (one question, so
//! nothing to carry between rounds), and no `elicitation/create` for
//! clients on 2025-11-25.

use enum_schema::{
    parse_input_response, ElicitAction, ElicitEnum, ElicitForm, InputRequiredResult,
};
use serde::Serialize;
use serde_json::Value;
use tower_mcp::protocol::{ElicitFormParams, ElicitFormSchema, ElicitMode, ElicitRequestParams};
use tower_mcp::{
    CallToolResult, Error, HttpTransport, InputRequest, InputRequests, McpRouter, NoParams,
    RequestContext, RequestOutcome, ToolBuilder,
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
    untitled_single: UntitledOption,
    /// Titled single-select
    titled_single: TitledOption,
    /// Legacy titled enum (enumNames)
    legacy_enum: LegacyOption,
    /// Untitled multi-select
    untitled_multi: Vec<UntitledOption>,
    /// Titled multi-select
    titled_multi: Vec<TitledChoice>,
}

/// The key of the one question in `inputRequests` and `inputResponses`.
const KEY: &str = "sep1330";

/// `result` as tower-mcp's `InputRequiredResult`. Every property goes in
/// as a raw schema (`raw_field`): tower-mcp's typed schemas would turn a
/// titled single-select into a plain string field.
fn input_required(result: &InputRequiredResult) -> Result<RequestOutcome<CallToolResult>, Error> {
    let json = serde_json::to_value(result)?;
    let mut requests = InputRequests::new();
    for (key, request) in json["inputRequests"].as_object().into_iter().flatten() {
        let params = &request["params"];
        let schema = &params["requestedSchema"];
        let mut form = ElicitFormSchema::new();
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            form = form.raw_field(name, property.clone(), false);
        }
        form.required = serde_json::from_value(schema["required"].clone()).unwrap_or_default();
        let params = ElicitFormParams {
            mode: Some(ElicitMode::Form),
            message: params["message"].as_str().unwrap_or_default().to_owned(),
            requested_schema: form,
            meta: None,
        };
        requests.insert(
            key.clone(),
            InputRequest::Elicit(ElicitRequestParams::Form(params)),
        );
    }
    Ok(RequestOutcome::input_required(
        tower_mcp::InputRequiredResult::with_requests(requests),
    ))
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

async fn sep1330_enums(ctx: RequestContext) -> Result<RequestOutcome<CallToolResult>, Error> {
    let Some(responses) = ctx.input_responses() else {
        let message = Sep1330Enums::MESSAGE.unwrap_or_default();
        return input_required(
            &InputRequiredResult::new().elicit(KEY, Sep1330Enums::request(message)),
        );
    };
    let responses: Value = serde_json::to_value(responses)?;
    let result = match parse_input_response::<Sep1330Enums>(responses, KEY) {
        Ok(action) => CallToolResult::text(report(action)),
        Err(error) => CallToolResult::error(format!("the client's answer was rejected: {error}")),
    };
    Ok(RequestOutcome::Complete(result))
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
    let tool = ToolBuilder::new("test_elicitation_sep1330_enums")
        .description("Asks for the five SEP-1330 enum shapes in one elicitation")
        .mrtr_handler(|ctx: RequestContext, NoParams| sep1330_enums(ctx))
        .build();
    let router = McpRouter::new()
        .server_info("enum-schema-tower-mcp", env!("CARGO_PKG_VERSION"))
        .tool(tool);
    let app = HttpTransport::new(router).into_router_at("/mcp");
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    // The CI script waits for this line, and reads the port from it.
    println!("listening on http://{}/mcp", listener.local_addr()?);
    axum::serve(listener, app).await
}
