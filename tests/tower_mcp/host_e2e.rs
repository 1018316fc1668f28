//! A tower-mcp client that answers forms through the host model
//! (`enum_schema::host`, converted from and to tower-mcp's types), against
//! a tower-mcp server on its streamable HTTP transport, on 2026-07-28
//! (`input_required` rounds that tower-mcp's `call_tool` drives through
//! the same handler) and on 2025-11-25 (`elicitation/create`): what a
//! person types reaches the tool as the Rust value, a typed mistake is
//! refused before it is sent, a decline is the tool's `Decline`. What
//! tower-mcp's client type loses shows here too: a titled single-select
//! arrives as free text, and a titled multi-select never reaches the
//! host.

use enum_schema::ask::RequestStateSeal;
use enum_schema::host::{Kind, Request};
use enum_schema::tower_mcp::Ask;
use enum_schema::{ElicitEnum, ElicitForm};
use tower_mcp::client::{ClientHandler, HttpClientTransport};
use tower_mcp::protocol::{ElicitRequestParams, ElicitResult};
use tower_mcp::RequestStateCodec;
use tower_mcp::{
    CallToolResult, HttpTransport, JsonRpcError, McpClient, McpRouter, NoParams, RequestContext,
    ToolBuilder,
};

use crate::person::{Person, Report, Turn, ACCEPTED, KEY, MESSAGE, REFUSED};

/// Titled options, several at once: a shape tower-mcp's client cannot
/// read.
#[derive(ElicitEnum, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Region {
    #[elicit(title = "Europe")]
    Eu,
    #[elicit(title = "United States")]
    Us,
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Regions {
    regions: Vec<Region>,
}

/// Serves `report` (a [`Report`]) and `regions` (a titled multi-select),
/// each answering with the `Debug` text of what it got; returns the URL.
async fn serve() -> String {
    let codec = RequestStateCodec::new([9; 32], RequestStateSeal::DEFAULT_TTL).unwrap();
    let seal = RequestStateSeal::new(codec);
    let regions_seal = seal.clone();
    let report = ToolBuilder::new("report")
        .mrtr_handler(move |ctx: RequestContext, _: NoParams| {
            let seal = seal.clone();
            async move {
                Ask::for_tool(&ctx, "report", &(), &seal)?
                    .tool(|ask| async move {
                        let report = ask.form::<Report>(KEY, MESSAGE).await?;
                        Ok(CallToolResult::text(format!("{report:?}")))
                    })
                    .await
            }
        })
        .build();
    let regions = ToolBuilder::new("regions")
        .mrtr_handler(move |ctx: RequestContext, _: NoParams| {
            let seal = regions_seal.clone();
            async move {
                Ask::for_tool(&ctx, "regions", &(), &seal)?
                    .tool(|ask| async move {
                        let regions = ask.form::<Regions>("regions", "Where?").await?;
                        Ok(CallToolResult::text(format!("{regions:?}")))
                    })
                    .await
            }
        })
        .build();
    let router = McpRouter::new()
        .server_info("host-e2e", "1.0.0")
        .tool(report)
        .tool(regions);
    let app = HttpTransport::new(router)
        .with_sampling()
        .into_router_at("/mcp");
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

/// The host: each form tower-mcp hands over, read into the host model and
/// answered by the person.
struct Host(Person);

#[async_trait::async_trait]
impl ClientHandler for Host {
    async fn handle_elicit(
        &self,
        params: ElicitRequestParams,
    ) -> Result<ElicitResult, JsonRpcError> {
        let form = Request::try_from(&params)
            .map_err(|error| JsonRpcError::invalid_params(error.to_string()))?;
        ElicitResult::try_from(self.0.answer(form))
            .map_err(|error| JsonRpcError::internal_error(error.to_string()))
    }
}

/// A client of `revision` on the server at `url`, answering as `person`.
async fn client(url: &str, revision: &str, person: &Person) -> McpClient {
    let client = McpClient::builder()
        .with_elicitation()
        .connect(HttpClientTransport::new(url), Host(person.clone()))
        .await
        .unwrap();
    if revision == "2026-07-28" {
        client.discover("host-e2e", "1.0.0").await.unwrap();
    } else {
        let result = client.initialize("host-e2e", "1.0.0").await.unwrap();
        assert_eq!(result.protocol_version, revision);
    }
    client
}

const REVISIONS: [&str; 2] = ["2026-07-28", "2025-11-25"];

/// What the person types on tower-mcp: the severity's value, since the
/// titles never reach the host (below), the rest as everywhere.
fn typed() -> Turn {
    Turn::Type(vec![
        ("severity", "high"),
        ("minutes", "720"),
        ("minutes", "45"),
        ("services", "2, login"),
    ])
}

#[tokio::test]
async fn typed_text_reaches_the_tool_as_the_typed_value_on_both_revisions() {
    let url = serve().await;
    for revision in REVISIONS {
        let person = Person::new([typed(), Turn::Decline]);
        let client = client(&url, revision, &person).await;
        let result = client.call_tool("report", serde_json::json!({})).await;
        let result = result.unwrap();
        assert!(!result.is_error, "{revision}: {result:?}");
        assert_eq!(result.all_text(), ACCEPTED, "{revision}");
        assert_eq!(person.refused(), [REFUSED], "{revision}");

        let declined = client.call_tool("report", serde_json::json!({})).await;
        assert_eq!(declined.unwrap().all_text(), "Decline", "{revision}");

        // tower-mcp's client type lost the severity's options (a titled
        // single-select arrives as a plain string) and the services'
        // `minItems`/`maxItems`; the number's bounds it keeps.
        let form = &person.forms()[0];
        let keys: Vec<&str> = form.fields().iter().map(|field| field.key()).collect();
        assert_eq!(keys, ["severity", "minutes", "services"], "{revision}");
        assert!(
            matches!(form.fields()[0].kind(), Kind::Text(_)),
            "{revision}"
        );
        let Kind::MultiSelect(services) = form.fields()[2].kind() else {
            panic!("{revision}: a multi-select")
        };
        assert_eq!(services.max_items(), None, "{revision}");
    }
}

/// A titled multi-select does not read as tower-mcp's
/// `ElicitRequestParams`: the handler is never called. On 2025-11-25
/// tower-mcp's client answers the request with `-32602`, which ends the
/// call with an error (the server's `-32603` naming it); on 2026-07-28 the
/// `input_required` result does not read, and `call_tool` fails.
#[tokio::test]
async fn a_titled_multi_select_never_reaches_the_host() {
    let url = serve().await;
    for revision in REVISIONS {
        let person = Person::default();
        let client = client(&url, revision, &person).await;
        let outcome = client.call_tool("regions", serde_json::json!({})).await;
        assert!(person.forms().is_empty(), "{revision}");
        let expected = match revision {
            "2026-07-28" => {
                "Transport error: Failed to deserialize response: data did not match any variant \
                 of untagged enum TaskAwareCallToolOutcome"
            }
            _ => {
                "JSON-RPC error: Internal error: Client error (-32602): data did not match any \
                 variant of untagged enum ElicitRequestParams (code -32603)"
            }
        };
        assert_eq!(outcome.unwrap_err().to_string(), expected, "{revision}");
    }
}
