//! An MCP client on rmcp that answers the server's elicitations from a
//! terminal prompt, through this crate's read view: every property of the
//! `requestedSchema` becomes a prompt (a list for a single-select, a
//! checklist for a multi-select, text, a number or yes/no), and the answer
//! is checked against the schema before it is sent.
//!
//! ```text
//! cargo run --features rmcp-client --example rmcp_client -- URL TOOL [--protocol 2025-11-25] [--answers FILE]
//! ```
//!
//! With `--answers FILE` it runs without a terminal: FILE holds one
//! `ElicitResult` per elicitation, in order (`[{"action":"accept","content":{..}},{"action":"decline"}]`).
//! An accept the schema refuses is not sent: the client reports why, answers
//! `cancel` instead, and exits with status 2. It prints the tool's result
//! text, and exits with status 1 when the tool reports an error.

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
use rmcp::{ClientHandler, ErrorData, RoleClient, ServiceExt};
use serde_json::{Map, Value};

struct Client {
    protocol: ProtocolVersion,
    /// Scripted answers (`--answers`); `None`: ask on the terminal.
    script: Option<Mutex<VecDeque<Value>>>,
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
                let content = match next.get("content") {
                    Some(Value::Object(content)) => content.clone(),
                    _ => Map::new(),
                };
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
        "usage: rmcp_client URL TOOL [--protocol VERSION] [--answers FILE]",
    )
}

#[tokio::main]
async fn main() -> Result<std::process::ExitCode, Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (url, tool) = (
        args.next().ok_or_else(usage)?,
        args.next().ok_or_else(usage)?,
    );
    let mut protocol = ProtocolVersion::LATEST;
    let mut script = None;
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(usage)?;
        match flag.as_str() {
            "--protocol" => protocol = serde_json::from_value(Value::String(value))?,
            "--answers" => {
                let answers: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(value)?)?;
                script = Some(Mutex::new(answers.into()));
            }
            _ => return Err(usage().into()),
        }
    }
    let client = Client {
        protocol,
        script,
        refused: Mutex::new(false),
    };
    let service = client
        .serve(StreamableHttpClientTransport::from_uri(url))
        .await?;
    let result = service.call_tool(CallToolRequestParams::new(tool)).await?;
    for content in &result.content {
        if let Some(text) = content.as_text() {
            println!("{}", text.text);
        }
    }
    let refused = *service
        .service()
        .refused
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    service.cancel().await?;
    Ok(if refused {
        std::process::ExitCode::from(2)
    } else if result.is_error == Some(true) {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    })
}
