//! How a tool and a prompt on pmcp ask with `enum_schema::pmcp::Ask`,
//! written once for `examples/pmcp_server.rs` and `tests/pmcp/` (each
//! includes this file): a tool or a prompt is its name and a body that
//! asks and returns a text, and `serve` adds them to pmcp's server builder,
//! each in pmcp's handler around `Ask::for_tool` (`Ask::for_prompt`), its
//! text the tool's result (the prompt's one message).

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use enum_schema::ask::{ElicitError, RequestStateSeal};
use enum_schema::pmcp::Ask;
use pmcp::types::{CallToolResult, Content, GetPromptResult, PromptMessage, ToolInfo};
use pmcp::{PromptHandler, RequestHandlerExtra, ServerBuilder, ToolHandler, ToolOutput};
use serde_json::{json, Value};

/// What a body returns: the text, or how the call ended.
pub type Text = Pin<Box<dyn Future<Output = Result<String, ElicitError>> + Send>>;

/// A tool: its name, what `tools/list` says of it, and its body, which
/// gets the call's `Ask` and arguments.
pub struct Tool {
    pub name: &'static str,
    pub description: &'static str,
    pub input_schema: Value,
    pub body: fn(Ask, Value) -> Text,
}

impl Tool {
    /// A tool without arguments.
    pub fn new(
        name: &'static str,
        description: &'static str,
        body: fn(Ask, Value) -> Text,
    ) -> Tool {
        Tool {
            name,
            description,
            input_schema: json!({"type": "object", "properties": {}}),
            body,
        }
    }
}

/// A prompt: its name and its body, which gets the call's `Ask`.
pub struct Prompt {
    pub name: &'static str,
    pub body: fn(Ask) -> Text,
}

/// `builder` with `tools` and `prompts`, each under its name, asking with
/// `seal`.
pub fn serve(
    mut builder: ServerBuilder,
    seal: &RequestStateSeal,
    tools: impl IntoIterator<Item = Tool>,
    prompts: impl IntoIterator<Item = Prompt>,
) -> ServerBuilder {
    for tool in tools {
        let name = tool.name;
        builder = builder.tool(name, Served(tool, seal.clone()));
    }
    for prompt in prompts {
        let name = prompt.name;
        builder = builder.prompt(name, Served(prompt, seal.clone()));
    }
    builder
}

/// A tool or a prompt, and the seal its `Ask` opens and seals states with.
struct Served<T>(T, RequestStateSeal);

#[pmcp::async_trait]
impl ToolHandler for Served<Tool> {
    async fn handle(&self, _: Value, _: RequestHandlerExtra) -> pmcp::Result<Value> {
        Err(pmcp::Error::internal("handle_output answers"))
    }

    fn metadata(&self) -> Option<ToolInfo> {
        let Served(tool, _) = self;
        let description = Some(tool.description.to_owned());
        Some(ToolInfo::new(
            tool.name,
            description,
            tool.input_schema.clone(),
        ))
    }

    async fn handle_output(
        &self,
        arguments: Value,
        extra: RequestHandlerExtra,
    ) -> pmcp::Result<ToolOutput> {
        let Served(tool, seal) = self;
        let body = tool.body;
        Ask::for_tool(&extra, tool.name, &arguments, seal)?
            .tool(move |ask| async move {
                let text = body(ask, arguments).await?;
                Ok(CallToolResult::new(vec![Content::text(text)]))
            })
            .await
    }
}

#[pmcp::async_trait]
impl PromptHandler for Served<Prompt> {
    async fn handle(
        &self,
        arguments: HashMap<String, String>,
        extra: RequestHandlerExtra,
    ) -> pmcp::Result<GetPromptResult> {
        let Served(prompt, seal) = self;
        let body = prompt.body;
        Ask::for_prompt(&extra, prompt.name, &arguments, seal)?
            .prompt(move |ask| async move {
                let text = body(ask).await?;
                let message = PromptMessage::user(Content::text(text));
                Ok(GetPromptResult::new(vec![message], None))
            })
            .await
    }
}
