//! `schemars::JsonSchema` with the SEP-1330 shapes, checked through rmcp's
//! own schema conversion (`ElicitationSchema::from_type`, what rmcp's typed
//! `Peer::elicit::<T>()` sends) and through that typed path end to end.

use std::sync::{Arc, Mutex};

use enum_schema::{ElicitEnum, ElicitForm, MultiSelectField, SingleSelectField};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, ElicitationSchema, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::ElicitationError;
use rmcp::{tool, tool_handler, tool_router, Peer, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};

use super::connection::{connect, Answerer};

// Not the shared `Severity` and `Service`: serde names and reads them, as
// rmcp's typed elicitation does (and `Severity` has a default).

/// How bad is it?
#[derive(ElicitEnum, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
#[elicit(default = Low)]
enum Severity {
    #[elicit(title = "Low: no user impact")]
    Low,
    #[elicit(title = "High: users are affected")]
    High,
}

/// Affected services.
#[derive(ElicitEnum, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
#[elicit(max_items = 2)]
enum Service {
    Checkout,
    Search,
    Login,
}

/// The owning team.
#[derive(ElicitEnum, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Team {
    Payments,
    Identity,
}

#[derive(ElicitEnum, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "UPPERCASE")]
#[elicit(legacy)]
enum Region {
    #[elicit(title = "Europe")]
    Emea,
    #[elicit(title = "Americas")]
    Amer,
}

// A struct that derives schemars' `JsonSchema`, as rmcp's typed elicitation
// wants it, with derived enums as fields. (Not a doc comment: schemars would
// send it as the root `description`.)
#[derive(JsonSchema, Deserialize, Debug, PartialEq)]
struct Report {
    severity: Severity,
    region: Region,
    #[schemars(with = "MultiSelectField<Service>")]
    services: Vec<Service>,
    #[serde(default)]
    #[schemars(with = "SingleSelectField<Team>")]
    team: Option<Team>,
}
rmcp::elicit_safe!(Report);

/// The same questions as a derived form.
#[derive(ElicitForm, Debug, PartialEq)]
struct Incident {
    severity: Severity,
    region: Region,
    services: Vec<Service>,
    team: Option<Team>,
}

fn json(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap()
}

/// The root schema schemars gives `T`, without the two keys it adds to
/// every root (`$schema`, and `title` when the schema has none).
fn root<T: JsonSchema>() -> Value {
    let mut schema = schemars::SchemaGenerator::default()
        .into_root_schema_for::<T>()
        .to_value();
    let object = schema.as_object_mut().unwrap();
    assert_eq!(
        object.remove("$schema"),
        Some(json!("https://json-schema.org/draft/2020-12/schema"))
    );
    object.remove("title");
    schema
}

/// `requestedSchema` with what rmcp's `from_type` adds at the root: the
/// draft-07 `$schema` and schemars' `title`.
fn with_root_keys(mut schema: Value, title: &str) -> Value {
    let object = schema.as_object_mut().unwrap();
    object.insert(
        "$schema".to_owned(),
        json!("http://json-schema.org/draft-07/schema#"),
    );
    object.insert("title".to_owned(), json!(title));
    schema
}

#[test]
fn enums_have_exactly_the_sep_1330_shapes() {
    assert_eq!(
        root::<Severity>(),
        json!({
            "type": "string",
            "description": "How bad is it?",
            "oneOf": [
                {"const": "low", "title": "Low: no user impact"},
                {"const": "high", "title": "High: users are affected"},
            ],
            "default": "low",
        }),
    );
    assert_eq!(root::<Severity>(), json(Severity::SINGLE_SELECT));
    assert_eq!(
        root::<SingleSelectField<Severity>>(),
        json(Severity::SINGLE_SELECT)
    );
    assert_eq!(
        root::<Team>(),
        json!({"type": "string", "description": "The owning team.", "enum": ["payments", "identity"]}),
    );
    assert_eq!(
        root::<Region>(),
        json!({"type": "string", "enum": ["EMEA", "AMER"], "enumNames": ["Europe", "Americas"]}),
    );
    assert_eq!(
        root::<MultiSelectField<Service>>(),
        json!({
            "type": "array",
            "description": "Affected services.",
            "maxItems": 2,
            "items": {"type": "string", "enum": ["checkout", "search", "login"]},
        }),
    );
    assert_eq!(
        root::<MultiSelectField<Severity>>(),
        json(Severity::MULTI_SELECT)
    );
    assert_eq!(root::<Incident>(), json(Incident::requested_schema()));
}

#[test]
fn nothing_is_ever_a_reference() {
    // Used twice, a type is still inlined both times: no `$ref`, no `$defs`.
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Twice {
        first: Severity,
        second: Severity,
    }
    let schema = schemars::SchemaGenerator::default()
        .into_root_schema_for::<Twice>()
        .to_value();
    assert_eq!(schema["properties"]["first"], json(Severity::SINGLE_SELECT));
    assert_eq!(
        schema["properties"]["second"],
        json(Severity::SINGLE_SELECT)
    );
    assert!(!schema.to_string().contains("$ref"));
    assert_eq!(schema.get("$defs"), None);
    assert_eq!(schema.get("definitions"), None);
    assert_eq!(schema["properties"]["first"].get("$schema"), None);
}

#[test]
fn rmcps_own_conversion_gives_the_derived_schema() {
    let expected = json(Incident::requested_schema());

    let from_struct = ElicitationSchema::from_type::<Report>().unwrap();
    assert_eq!(
        json(&from_struct),
        with_root_keys(expected.clone(), "Report")
    );

    let from_form = ElicitationSchema::from_type::<Incident>().unwrap();
    assert_eq!(json(&from_form), with_root_keys(expected, "Incident"));
}

/// What rmcp's typed elicitation returned.
type Outcome = Arc<Mutex<Option<Result<Option<Report>, ElicitationError>>>>;

/// The server asks with rmcp's own typed `elicit::<Report>()`.
#[derive(Clone)]
struct TypedAsker {
    outcome: Outcome,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl TypedAsker {
    #[tool(description = "Asks for a report through rmcp's typed elicitation")]
    async fn report(&self, peer: Peer<RoleServer>) -> String {
        let outcome = peer.elicit::<Report>("Report the incident").await;
        *self.outcome.lock().unwrap() = Some(outcome);
        "asked".to_owned()
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for TypedAsker {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

#[tokio::test]
async fn rmcps_typed_elicit_sends_the_derived_schema() {
    let server = TypedAsker {
        outcome: Arc::default(),
        tool_router: TypedAsker::tool_router(),
    };
    let outcome = server.outcome.clone();
    let client = Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![json!({
        "action": "accept",
        "content": {"severity": "high", "region": "EMEA", "services": ["search", "login"]},
    })]);
    let connection = connect(server, client).await;
    connection
        .client
        .call_tool(CallToolRequestParams::new("report"))
        .await
        .expect("the tool completes");

    let seen = connection.seen();
    assert_eq!(
        seen,
        vec![json!({
            "mode": "form",
            "message": "Report the incident",
            "requestedSchema": with_root_keys(json(Incident::requested_schema()), "Report"),
        })],
    );
    let outcome = outcome.lock().unwrap().take().expect("the tool ran");
    assert_eq!(
        outcome.unwrap(),
        Some(Report {
            severity: Severity::High,
            region: Region::Emea,
            services: vec![Service::Search, Service::Login],
            team: None,
        }),
    );
}
