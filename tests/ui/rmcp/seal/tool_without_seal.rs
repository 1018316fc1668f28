// The same mistake in a `#[tool]` method: rmcp's router tries several
// handler shapes, so the compiler names rmcp's `IntoToolRoute`, not the
// missing `AsRef<RequestStateSeal>` (the `enum_schema::rmcp` docs, under
// Troubleshooting, say what it means). Kept so that a rustc or rmcp that
// reports the bound underneath shows up here.
use enum_schema::rmcp::Ask;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{tool, tool_router, ErrorData};

struct Desk {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Desk {
    #[tool(description = "Triage an incident")]
    async fn triage(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|_ask| async move { Ok(CallToolResult::success(vec![ContentBlock::text("triaged")])) })
            .await
    }
}

fn main() {
    let _ = Desk { tool_router: Desk::tool_router() }.tool_router;
}
