//! An MCP client on rmcp that answers the server's elicitations from a
//! terminal prompt, through this crate's read view: every property of the
//! `requestedSchema` becomes a prompt (a list for a single-select, a
//! checklist for a multi-select, text, a number or yes/no), and the answer
//! is checked against the schema before it is sent.
//!
//! ```text
//! cargo run --features rmcp-client --example rmcp_client -- URL TOOL [--protocol 2025-11-25] [--answers FILE] [--defaults]
//! cargo run --features rmcp-client --example rmcp_client -- [--protocol 2025-11-25] [--answers FILE] [--defaults] --tool TOOL [--tool TOOL..] URL
//! ```
//!
//! The flags may come before, between or after URL and TOOL; the second
//! form, the tools named by `--tool` and the URL last, is how the official
//! conformance suite's `client` command runs a client (it appends the
//! server's URL to the command; `.ci/conformance_client.sh`). `--tool` may
//! be given more than once: the tools are called one after the other, each
//! call finished (every `input_required` round of it answered) before the
//! next starts.
//!
//! `--protocol` (default: rmcp's `ProtocolVersion::LATEST`, 2026-07-28)
//! also picks the lifecycle: a revision with an `initialize` handshake
//! (2025-11-25 and older) opens with `initialize`; a later one opens with
//! `server/discover`, and falls back to `initialize` (asking for the same
//! revision; the server answers with the one it speaks) when the server
//! answers `server/discover` with a JSON-RPC error, as a server of an
//! earlier revision does, or not within 10 seconds (rmcp's
//! `ClientLifecycleMode::Auto`).
//!
//! With `--answers FILE` it runs without a terminal: FILE holds one
//! `ElicitResult` per elicitation, in order (`[{"action":"accept","content":{..}},{"action":"decline"}]`).
//! With `--defaults`, a scripted accept is sent as a user who leaves the
//! prefilled fields alone would send it: every property its content leaves
//! out gets the schema's `default`, if it has one
//! ([`RequestedSchema::default_content`]; SEP-1034). The terminal prompts
//! start from the defaults anyway. An accept the schema refuses is not
//! sent: the client reports why, answers `cancel` instead, and exits with
//! status 2. It prints each tool's result text, and exits with status 1
//! when a tool reports an error.

use std::collections::VecDeque;
use std::sync::Mutex;

use dialoguer::{Confirm, Input, MultiSelect, Select};
use enum_schema::rmcp::{accept, read_request, ClientError};
use enum_schema::schema::{PrimitiveSchema, RequestedSchema};
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ElicitationAction, ElicitationCapability, FormElicitationCapability, Implementation,
    ProtocolVersion,
};
use rmcp::service::RequestContext;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{
    ClientHandler, ClientLifecycleMode, ClientServiceExt, ErrorData, RoleClient, ServiceExt,
};
use serde_json::{Map, Value};

struct Client {
    protocol: ProtocolVersion,
    /// Scripted answers (`--answers`); `None`: ask on the terminal.
    script: Option<Mutex<VecDeque<Value>>>,
    /// `--defaults`: a scripted accept keeps the defaults of the fields it
    /// leaves out.
    defaults: bool,
    /// Set when a scripted accept was refused before sending.
    refused: Mutex<bool>,
}

/// Asks for one property on the terminal; `None` leaves it out.
fn prompt(
    name: &str,
    property: &PrimitiveSchema,
    required: bool,
) -> std::io::Result<Option<Value>> {
    let io = |error: dialoguer::Error| match error {
        dialoguer::Error::IO(error) => error,
    };
    if let Some(choice) = property.as_enum() {
        let label = choice.title().unwrap_or(name);
        let labels: Vec<&str> = choice
            .options()
            .iter()
            .map(|option| option.label())
            .collect();
        let defaults = choice.default_values().unwrap_or_default();
        if choice.is_multi() {
            let checked: Vec<bool> = choice
                .options()
                .iter()
                .map(|option| defaults.contains(&option.value()))
                .collect();
            let picked = MultiSelect::new()
                .with_prompt(label)
                .items(&labels)
                .defaults(&checked)
                .interact()
                .map_err(io)?;
            let values = picked
                .into_iter()
                .map(|index| Value::from(choice.options()[index].value()))
                .collect();
            return Ok(Some(Value::Array(values)));
        }
        let default = choice
            .options()
            .iter()
            .position(|option| defaults.first() == Some(&option.value()))
            .unwrap_or(0);
        let picked = Select::new()
            .with_prompt(label)
            .items(&labels)
            .default(default)
            .interact()
            .map_err(io)?;
        return Ok(Some(Value::from(choice.options()[picked].value())));
    }
    match property {
        PrimitiveSchema::Boolean(boolean) => {
            let answer = Confirm::new()
                .with_prompt(boolean.title().unwrap_or(name))
                .default(boolean.default_value().unwrap_or(false))
                .interact()
                .map_err(io)?;
            Ok(Some(Value::Bool(answer)))
        }
        PrimitiveSchema::Number(number) => {
            let mut input = Input::<String>::new()
                .with_prompt(number.title().unwrap_or(name))
                .allow_empty(!required);
            if let Some(default) = number.default_value() {
                input = input.default(default.to_string());
            }
            let text = input.interact_text().map_err(io)?;
            if text.is_empty() {
                return Ok(None);
            }
            // A number if it reads as one; else the text, which the check refuses.
            Ok(Some(
                serde_json::from_str(&text).unwrap_or(Value::String(text)),
            ))
        }
        _ => {
            let title = match property {
                PrimitiveSchema::String(string) => string.title(),
                _ => None,
            };
            let mut input = Input::<String>::new()
                .with_prompt(title.unwrap_or(name))
                .allow_empty(!required);
            if let PrimitiveSchema::String(string) = property {
                if let Some(default) = string.default_value() {
                    input = input.default(default.to_string());
                }
            }
            let text = input.interact_text().map_err(io)?;
            Ok((!text.is_empty()).then_some(Value::String(text)))
        }
    }
}

/// `content` over the schema's defaults: every property it leaves out gets
/// its `default`, if it has one ([`RequestedSchema::default_content`]). A
/// `null` (a field the user blanked) is kept for [`accept`] to read.
fn with_defaults(schema: &RequestedSchema, content: Map<String, Value>) -> Map<String, Value> {
    let mut filled = schema.default_content();
    filled.extend(content);
    filled
}

/// Asks on the terminal until the answer passes the schema, or the user
/// declines.
fn ask_terminal(message: &str, schema: &RequestedSchema) -> std::io::Result<ElicitResult> {
    println!("{message}");
    loop {
        let go = Select::new()
            .items(["answer", "decline", "cancel"])
            .default(0)
            .interact()
            .map_err(|dialoguer::Error::IO(error)| error)?;
        match go {
            1 => return Ok(ElicitResult::new(ElicitationAction::Decline)),
            2 => return Ok(ElicitResult::new(ElicitationAction::Cancel)),
            _ => {}
        }
        let mut content = Map::new();
        for (name, property) in schema.properties() {
            let required = schema.required().contains(name);
            if let Some(value) = prompt(name, property, required)? {
                content.insert(name.to_string(), value);
            }
        }
        match accept(schema, content) {
            Ok(result) => return Ok(result),
            Err(error) => eprintln!("not sent, {error}; again:"),
        }
    }
}

impl Client {
    fn answer(&self, request: ElicitRequestParams) -> Result<ElicitResult, ErrorData> {
        let form = match read_request(&request) {
            Ok(form) => form,
            Err(error @ (ClientError::NotAForm { .. } | ClientError::Schema(_))) => {
                eprintln!("declined: {error}");
                return Ok(ElicitResult::new(ElicitationAction::Decline));
            }
            Err(error) => return Err(ErrorData::internal_error(error.to_string(), None)),
        };
        let Some(script) = &self.script else {
            return ask_terminal(form.message(), form.requested_schema())
                .map_err(|error| ErrorData::internal_error(error.to_string(), None));
        };
        let next = script
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop_front()
            .unwrap_or(Value::Null);
        println!("elicitation: {}", form.message());
        match next.get("action").and_then(Value::as_str) {
            Some("accept") => {
                let mut content = match next.get("content") {
                    Some(Value::Object(content)) => content.clone(),
                    _ => Map::new(),
                };
                if self.defaults {
                    content = with_defaults(form.requested_schema(), content);
                }
                match accept(form.requested_schema(), content) {
                    Ok(result) => Ok(result),
                    Err(error) => {
                        eprintln!("not sent, {error}; answering cancel");
                        *self
                            .refused
                            .lock()
                            .unwrap_or_else(|poisoned| poisoned.into_inner()) = true;
                        Ok(ElicitResult::new(ElicitationAction::Cancel))
                    }
                }
            }
            Some("decline") => Ok(ElicitResult::new(ElicitationAction::Decline)),
            _ => Ok(ElicitResult::new(ElicitationAction::Cancel)),
        }
    }
}

impl ClientHandler for Client {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.answer(request)
    }

    fn get_info(&self) -> ClientConfig {
        let mut elicitation = ElicitationCapability::new();
        elicitation.form = Some(FormElicitationCapability::default());
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(elicitation);
        ClientConfig::new(
            capabilities,
            Implementation::new("enum-schema-rmcp-client", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(self.protocol.clone())
    }
}

fn usage() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        "usage: rmcp_client URL TOOL [--protocol VERSION] [--answers FILE] [--defaults]\n       \
         rmcp_client [--protocol VERSION] [--answers FILE] [--defaults] --tool TOOL [--tool TOOL..] URL",
    )
}

#[tokio::main]
async fn main() -> Result<std::process::ExitCode, Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut tools = Vec::new();
    let mut protocol = ProtocolVersion::LATEST;
    let mut script = None;
    let mut defaults = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--defaults" => defaults = true,
            "--tool" => tools.push(args.next().ok_or_else(usage)?),
            "--protocol" => {
                let value = args.next().ok_or_else(usage)?;
                protocol = serde_json::from_value(Value::String(value))?;
            }
            "--answers" => {
                let file = args.next().ok_or_else(usage)?;
                let answers: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file)?)?;
                script = Some(Mutex::new(answers.into()));
            }
            flag if flag.starts_with("--") => return Err(usage().into()),
            _ => positional.push(arg),
        }
    }
    // URL TOOL, or the URL alone with `--tool TOOL` (one or more).
    let mut positional = positional.into_iter();
    let url = positional.next().ok_or_else(usage)?;
    match (tools.is_empty(), positional.next()) {
        (true, Some(tool)) => tools.push(tool),
        (false, None) => {}
        _ => return Err(usage().into()),
    }
    if positional.next().is_some() {
        return Err(usage().into());
    }
    let handshake = protocol.has_initialize();
    let client = Client {
        protocol: protocol.clone(),
        script,
        defaults,
        refused: Mutex::new(false),
    };
    let transport = StreamableHttpClientTransport::from_uri(url);
    // `initialize` for a revision that has it; `server/discover` past it,
    // with `initialize` as the fallback for an earlier server.
    let service = if handshake {
        client.serve(transport).await?
    } else {
        let lifecycle = ClientLifecycleMode::Auto {
            preferred_versions: vec![protocol],
            legacy_version: None,
        };
        client.serve_with_lifecycle(transport, lifecycle).await?
    };
    // The tools first, as the conformance suite's example client does: a
    // server may send its `elicitation/create` on the standalone GET
    // stream, which rmcp opens in the background once initialized, and a
    // server may drop a request sent before that stream is open (the
    // suite's TypeScript server of `elicitation-sep1034-client-defaults`
    // does). The round trip gives the stream time to open; it does not wait
    // for it.
    let listed = service.list_all_tools().await?;
    if let Some(tool) = tools
        .iter()
        .find(|tool| !listed.iter().any(|listed| listed.name == **tool))
    {
        service.cancel().await?;
        return Err(format!("the server has no tool `{tool}`").into());
    }
    let mut failed = false;
    for tool in tools {
        let result = service.call_tool(CallToolRequestParams::new(tool)).await?;
        for content in &result.content {
            if let Some(text) = content.as_text() {
                println!("{}", text.text);
            }
        }
        failed |= result.is_error == Some(true);
    }
    let refused = *service
        .service()
        .refused
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    service.cancel().await?;
    Ok(if refused {
        std::process::ExitCode::from(2)
    } else if failed {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    })
}
