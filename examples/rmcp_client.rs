//! An MCP client on rmcp that answers the server's elicitations from a
//! terminal prompt, through this crate's host form model: each
//! `elicitation/create` rmcp hands over is read leniently into an
//! [`enum_schema::host::Request`] and asked with
//! [`enum_schema::host::terminal::ask`] (a list for a single-select, a
//! checklist for a multi-select, a line of text or a number read as the
//! server reads it, yes or no; a refused value asked again with its
//! reason; then send, decline or cancel; Esc cancels), and nothing the
//! server's checks would refuse is sent.
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
//! A scripted accept fills a [`Draft`]: each value of its content is set
//! as a widget would set it (`null` clears the field), and the draft
//! finishes into the accept. With `--defaults`, it is sent as a user who
//! leaves the prefilled fields alone would send it: every property its
//! content leaves out gets the schema's `default`, if it has one
//! ([`Defaults::OnFinish`]; SEP-1034); without, only what the script gives
//! is sent ([`Defaults::Never`]). The terminal prompts start from the
//! defaults anyway. An accept the schema refuses is not sent: the client
//! reports why, answers `cancel` instead, and exits with status 2. A form
//! it cannot read (a URL elicitation), or with a required field it cannot
//! show, is declined. It prints each tool's result text, and exits with
//! status 1 when a tool reports an error, and with status 130 when the
//! person pressed Ctrl-C at a prompt (the form is answered `cancel`, and no
//! further tool is called).

use std::collections::VecDeque;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use enum_schema::host::{terminal, Defaults, Draft, Field, Request, Response};
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
    refused: AtomicBool,
    /// Set when the person pressed Ctrl-C at a prompt.
    interrupted: AtomicBool,
}

/// One form at a time on the terminal: rmcp may hand over two
/// elicitations at once (a 2026-07-28 round may carry several).
static TERMINAL: Mutex<()> = Mutex::new(());

/// A scripted accept's `content` set into `draft`, then finished; the
/// sentences that say why it cannot be sent, if any. Properties the form
/// does not have are reported first, as nothing else is checked then.
fn scripted_accept(mut draft: Draft<'_>, content: Map<String, Value>) -> Result<Response, String> {
    let request = draft.request();
    if let Some(key) = content.keys().find(|key| request.field(key).is_none()) {
        return Err(format!("field `{key}` is not in the requestedSchema"));
    }
    let mut problems = Vec::new();
    for (key, value) in content {
        if value.is_null() {
            // A field the user blanked: nothing, not even its default.
            draft.clear(&key);
        } else if let Err(refusal) = draft.set(&key, value) {
            problems.push(refusal.into_error().to_string());
        }
    }
    if problems.is_empty() {
        match draft.finish() {
            Ok(response) => return Ok(response),
            Err(blockers) => problems.extend(
                blockers
                    .into_iter()
                    .map(|refusal| refusal.into_error().to_string()),
            ),
        }
    }
    Err(format!(
        "the answer breaks the requestedSchema: {}",
        problems.join("; ")
    ))
}

impl Client {
    async fn answer(&self, params: ElicitRequestParams) -> Result<ElicitResult, ErrorData> {
        // Through rmcp's JSON text, which keeps the properties in the order
        // they arrived (`Request::from_params_str`).
        let request = match Request::try_from(&params) {
            Ok(request) => request,
            Err(error) => {
                eprintln!("declined: {error}");
                return Ok(ElicitResult::new(ElicitationAction::Decline));
            }
        };
        let Some(script) = &self.script else {
            return self.ask_terminal(request).await;
        };
        if !request.can_accept() {
            // A required field it cannot show: no accept can be sent.
            let unsupported = |field: &&Field| field.is_required() && !field.is_supported();
            for field in request.fields().iter().filter(unsupported) {
                // Every value is refused; the reason says why.
                if let Err(refusal) = field.check(Value::Null) {
                    eprintln!("declined: {}", refusal.reason());
                }
            }
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        }
        let next = script
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop_front()
            .unwrap_or(Value::Null);
        println!("elicitation: {}", request.message());
        match next.get("action").and_then(Value::as_str) {
            Some("accept") => {
                let content = match next.get("content") {
                    Some(Value::Object(content)) => content.clone(),
                    _ => Map::new(),
                };
                let defaults = match self.defaults {
                    true => Defaults::OnFinish,
                    false => Defaults::Never,
                };
                match scripted_accept(request.draft(defaults), content) {
                    Ok(response) => Ok(response.into()),
                    Err(why) => {
                        eprintln!("not sent, {why}; answering cancel");
                        self.refused.store(true, Ordering::Relaxed);
                        Ok(ElicitResult::new(ElicitationAction::Cancel))
                    }
                }
            }
            Some("decline") => Ok(ElicitResult::new(ElicitationAction::Decline)),
            _ => Ok(ElicitResult::new(ElicitationAction::Cancel)),
        }
    }

    /// Asks on the terminal, off the runtime's threads (the prompts block).
    async fn ask_terminal(&self, request: Request) -> Result<ElicitResult, ErrorData> {
        let asked = tokio::task::spawn_blocking(move || {
            let _one = TERMINAL
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            terminal::ask(&request)
        })
        .await
        .map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        match asked {
            Ok(response) => Ok(response.into()),
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {
                eprintln!("interrupted: answering cancel");
                self.interrupted.store(true, Ordering::Relaxed);
                Ok(ElicitResult::new(ElicitationAction::Cancel))
            }
            Err(error) => Err(ErrorData::internal_error(error.to_string(), None)),
        }
    }
}

impl ClientHandler for Client {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.answer(request).await
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
async fn main() -> Result<ExitCode, Box<dyn std::error::Error>> {
    run(std::env::args().skip(1)).await.map(ExitCode::from)
}

/// The client, on the arguments after the program's name; the exit status.
/// `pub` for tests/rmcp/terminal.rs, which runs it on a pseudo-terminal.
pub async fn run(mut args: impl Iterator<Item = String>) -> Result<u8, Box<dyn std::error::Error>> {
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
        refused: AtomicBool::new(false),
        interrupted: AtomicBool::new(false),
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
        if service.service().interrupted.load(Ordering::Relaxed) {
            break;
        }
    }
    let refused = service.service().refused.load(Ordering::Relaxed);
    let interrupted = service.service().interrupted.load(Ordering::Relaxed);
    service.cancel().await?;
    Ok(if interrupted {
        130
    } else if refused {
        2
    } else if failed {
        1
    } else {
        0
    })
}
