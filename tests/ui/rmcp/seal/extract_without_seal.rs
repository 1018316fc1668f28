// A server type without `impl AsRef<RequestStateSeal>`, taking `Ask` from a
// tool call by hand (as a route built with `ToolRoute::new_dyn` does): the
// error names `Ask`, the seal and the impl to write.
use enum_schema::rmcp::Ask;
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::{ErrorData, ServerHandler};

struct Desk;

impl ServerHandler for Desk {}

fn ask(context: &mut ToolCallContext<'_, Desk>) -> Result<Ask, ErrorData> {
    Ask::from_context_part(context)
}

fn main() {}
