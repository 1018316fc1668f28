//! End to end through rmcp, in process: an rmcp client and an rmcp server
//! over an in-memory duplex stream, the server asking with
//! `PeerElicitExt::elicit_form` (or, on 2026-07-28, with `Ask`, which
//! answers with an `input_required` result), the client answering with a scripted
//! `ElicitResult`. Every answer, hostile ones included, reaches the server as
//! a typed value or a typed error.

use std::borrow::Cow;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use enum_schema::ask::{ElicitError, RequestStateSeal};
use enum_schema::rmcp::{Ask, PeerElicitExt};
use enum_schema::{
    error::JsonType, ElicitAction, ElicitEnum, ElicitForm, Error, ErrorKind, Form, Optional,
    VersionError,
};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::ServiceError;
use rmcp::{tool, tool_handler, tool_router, ErrorData, Peer, RoleServer, ServerHandler};
use serde_json::{json, Value};

use super::connection::{connect, seal, Answerer, KEY};
use super::fixtures::{Service, Severity, Triage};

// Not the shared `Incident`: without its `reporter`, so that the request
// below is spelled out whole in two properties.
#[derive(ElicitForm, Debug, PartialEq)]
struct Incident {
    severity: Severity,
    services: Vec<Service>,
}

type Outcome<F> = Arc<Mutex<Option<Result<ElicitAction<F>, ElicitError>>>>;

/// The server: each tool asks once and keeps what came back.
#[derive(Clone)]
struct Asker {
    incident: Outcome<Incident>,
    triage: Outcome<Triage>,
    fields: Outcome<(Severity, Option<Vec<Service>>)>,
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Asker {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Asker {
    fn new() -> Self {
        Asker {
            incident: Arc::default(),
            triage: Arc::default(),
            fields: Arc::default(),
            seal: seal(KEY),
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Asks for an incident")]
    async fn incident(&self, peer: Peer<RoleServer>) -> String {
        let outcome = peer.elicit_form::<Incident>("Describe the incident").await;
        *self.incident.lock().unwrap() = Some(outcome);
        "asked".to_owned()
    }

    #[tool(description = "Asks for a severity")]
    async fn triage(&self, peer: Peer<RoleServer>) -> String {
        let outcome = peer.elicit_form::<Triage>("How bad is it?").await;
        *self.triage.lock().unwrap() = Some(outcome);
        "asked".to_owned()
    }

    #[tool(description = "Asks for a severity, waiting 50 ms at most")]
    async fn hurried(&self, peer: Peer<RoleServer>) -> String {
        let outcome = peer
            .elicit_form_with_timeout::<Triage>("Quick: how bad?", Some(Duration::from_millis(50)))
            .await;
        *self.triage.lock().unwrap() = Some(outcome);
        "asked".to_owned()
    }

    #[tool(description = "Asks with a form built at run time")]
    async fn fields(&self, peer: Peer<RoleServer>) -> String {
        let form = Form::new((
            ("severity", Severity::SINGLE_SELECT),
            ("services", Optional::new(Service::MULTI_SELECT)),
        ));
        let outcome = peer.elicit_fields(&form, "Anything else?").await;
        *self.fields.lock().unwrap() = Some(outcome);
        "asked".to_owned()
    }

    /// MCP 2026-07-28: `Ask` asks inside the result and reads the answer on
    /// the retry.
    #[tool(description = "Asks for an incident inside the tool result")]
    async fn incident_input(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        let kept = Arc::clone(&self.incident);
        ask.tool(|ask| async move {
            match ask
                .form::<Incident>("incident", "Describe the incident")
                .await
            {
                Ok(action) => {
                    let text = format!("{action:?}");
                    *kept.lock().unwrap() = Some(Ok(action));
                    Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
                }
                Err(ElicitError::Invalid(error)) => {
                    *kept.lock().unwrap() = Some(Err(ElicitError::Invalid(error.clone())));
                    Err(ElicitError::Invalid(error))
                }
                // `InputRequired` among them: the round that asks.
                Err(error) => Err(error),
            }
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Asker {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// What one tool call produced on both sides.
struct Run {
    server: Asker,
    seen: Vec<Value>,
    call: Result<CallToolResult, ServiceError>,
}

/// Serves a fresh server to `client` and calls `tool`.
async fn call(client: Answerer, tool: &'static str) -> Run {
    let server = Asker::new();
    let connection = connect(server.clone(), client).await;
    let call = connection
        .client
        .call_tool(CallToolRequestParams::new(tool))
        .await;
    Run {
        server,
        seen: connection.seen(),
        call,
    }
}

fn incident_outcome(run: &Run) -> Result<ElicitAction<Incident>, ElicitError> {
    run.server
        .incident
        .lock()
        .unwrap()
        .take()
        .expect("the tool ran")
}

/// The rejection of an answer to the incident form, which must be the only
/// error.
fn rejected(answer: Value) -> Error {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let run = runtime.block_on(call(
        Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![answer]),
        "incident",
    ));
    assert!(
        run.call.is_ok(),
        "the tool itself completes: {:?}",
        run.call.err()
    );
    match incident_outcome(&run) {
        Err(ElicitError::Invalid(error)) => error,
        other => panic!("expected a rejected answer, got {other:?}"),
    }
}

#[tokio::test]
async fn accept_is_typed_and_the_request_is_the_derived_schema() {
    let answer = json!({"action": "accept", "content": {"severity": "high", "services": ["checkout", "login"]}});
    let run = call(
        Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![answer]),
        "incident",
    )
    .await;

    assert_eq!(
        incident_outcome(&run).unwrap(),
        ElicitAction::Accept(Incident {
            severity: Severity::High,
            services: vec![Service::Checkout, Service::Login],
        }),
    );
    // What the client received, key for key: rmcp adds `mode`, nothing else.
    assert_eq!(
        run.seen,
        vec![json!({
            "mode": "form",
            "message": "Describe the incident",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "severity": {
                        "type": "string",
                        "description": "How bad is it?",
                        "oneOf": [
                            {"const": "low", "title": "Low: no user impact"},
                            {"const": "high", "title": "High: users are affected"},
                        ],
                    },
                    "services": {
                        "type": "array",
                        "description": "Affected services.",
                        "maxItems": 2,
                        "items": {"type": "string", "enum": ["checkout", "search", "login"]},
                    },
                },
                "required": ["severity", "services"],
            },
        })],
    );
    let mut expected = serde_json::to_value(Incident::requested_schema()).unwrap();
    assert_eq!(run.seen[0]["requestedSchema"], expected.take());
    assert_eq!(
        run.call.unwrap().content[0].as_text().unwrap().text,
        "asked"
    );
}

#[tokio::test]
async fn decline_and_cancel_are_typed() {
    // Content sent with a decline is not looked at.
    let decline = json!({"action": "decline", "content": {"severity": "nonsense"}});
    let run = call(
        Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![decline]),
        "incident",
    )
    .await;
    assert_eq!(incident_outcome(&run).unwrap(), ElicitAction::Decline);

    let cancel = json!({"action": "cancel"});
    let run = call(
        Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![cancel]),
        "incident",
    )
    .await;
    assert_eq!(incident_outcome(&run).unwrap(), ElicitAction::Cancel);
}

#[test]
fn a_value_outside_the_options_is_rejected() {
    let error =
        rejected(json!({"action": "accept", "content": {"severity": "critical", "services": []}}));
    assert_eq!(
        error,
        Error::from(ErrorKind::InvalidValue {
            value: "critical".to_owned(),
            allowed: Cow::Borrowed(Severity::OPTIONS),
        })
        .in_field("severity"),
    );
    assert_eq!(
        error.to_string(),
        r#"field `severity`: invalid value "critical": expected one of "low", "high""#,
    );
}

#[test]
fn a_title_instead_of_a_value_is_rejected_and_named() {
    let error = rejected(json!({
        "action": "accept",
        "content": {"severity": "High: users are affected", "services": ["search"]},
    }));
    assert_eq!(
        error,
        Error::from(ErrorKind::InvalidValue {
            value: "High: users are affected".to_owned(),
            allowed: Cow::Borrowed(Severity::OPTIONS),
        })
        .in_field("severity"),
    );
    assert_eq!(
        error.to_string(),
        r#"field `severity`: invalid value "High: users are affected": the client sent the title of option "high" instead of its value; expected one of "low", "high""#,
    );
}

#[test]
fn a_string_where_an_array_belongs_is_rejected() {
    let error = rejected(
        json!({"action": "accept", "content": {"severity": "low", "services": "checkout"}}),
    );
    assert_eq!(
        error,
        Error::from(ErrorKind::TypeMismatch {
            expected: JsonType::Array,
            found: json!("checkout"),
        })
        .in_field("services"),
    );
}

#[test]
fn too_many_items_are_rejected() {
    let error = rejected(json!({
        "action": "accept",
        "content": {"severity": "low", "services": ["checkout", "search", "login"]},
    }));
    assert_eq!(
        error,
        Error::from(ErrorKind::TooManyItems {
            max: 2,
            items: vec![json!("checkout"), json!("search"), json!("login")],
        })
        .in_field("services"),
    );
}

#[test]
fn every_failing_field_is_reported_at_once() {
    let error = rejected(
        json!({"action": "accept", "content": {"severity": 3, "services": ["login", "login"]}}),
    );
    assert_eq!(
        error,
        Error::from(ErrorKind::Multiple(vec![
            Error::from(ErrorKind::TypeMismatch {
                expected: JsonType::String,
                found: json!(3),
            })
            .in_field("severity"),
            Error::from(ErrorKind::DuplicateItem {
                index: 1,
                items: vec![json!("login"), json!("login")],
            })
            .in_field("services"),
        ])),
    );
}

#[test]
fn content_that_is_not_an_object_is_rejected() {
    let error = rejected(json!({"action": "accept", "content": ["high"]}));
    assert_eq!(
        error,
        Error::from(ErrorKind::MalformedResult {
            reason: Cow::Borrowed("`content` must be a JSON object"),
            found: Some(json!(["high"])),
        }),
    );
}

#[tokio::test]
async fn a_client_without_elicitation_is_not_asked() {
    let client = Answerer::new(ProtocolVersion::V_2025_11_25)
        .with_capabilities(ClientCapabilities::default())
        .answering(vec![json!({"action": "cancel"})]);
    let run = call(client, "incident").await;
    assert!(matches!(
        incident_outcome(&run),
        Err(ElicitError::Unsupported {
            method: "elicitation/create"
        })
    ));
    assert_eq!(run.seen, Vec::<Value>::new());
}

#[tokio::test]
async fn a_2025_06_18_client_gets_the_legacy_shape() {
    let answer = json!({"action": "accept", "content": {"severity": "low"}});
    let run = call(
        Answerer::new(ProtocolVersion::V_2025_06_18).answering(vec![answer]),
        "triage",
    )
    .await;
    let outcome = run.server.triage.lock().unwrap().take().unwrap();
    assert_eq!(
        outcome.unwrap(),
        ElicitAction::Accept(Triage {
            severity: Severity::Low
        })
    );
    assert_eq!(
        run.seen[0]["requestedSchema"]["properties"]["severity"],
        json!({
            "type": "string",
            "description": "How bad is it?",
            "enum": ["low", "high"],
            "enumNames": ["Low: no user impact", "High: users are affected"],
        }),
    );

    // A multi-select cannot be asked of such a client at all.
    let answer = json!({"action": "cancel"});
    let run = call(
        Answerer::new(ProtocolVersion::V_2025_06_18).answering(vec![answer]),
        "incident",
    )
    .await;
    match incident_outcome(&run) {
        Err(ElicitError::Version(error)) => assert_eq!(
            error,
            VersionError::NoMultiSelect {
                version: enum_schema::ProtocolVersion::V2025_06_18,
                property: Some("services".to_owned()),
            }
        ),
        other => panic!("expected a version error, got {other:?}"),
    }
    assert_eq!(run.seen, Vec::<Value>::new());
}

#[tokio::test]
async fn input_required_round_trip_on_2026_07_28() {
    let answer =
        json!({"action": "accept", "content": {"severity": "high", "services": ["search"]}});
    let run = call(
        Answerer::new(ProtocolVersion::V_2026_07_28).answering(vec![answer]),
        "incident_input",
    )
    .await;

    let expected = Incident {
        severity: Severity::High,
        services: vec![Service::Search],
    };
    assert_eq!(
        run.call.as_ref().unwrap().content[0]
            .as_text()
            .unwrap()
            .text,
        format!("{:?}", ElicitAction::Accept(&expected)),
    );
    assert_eq!(
        incident_outcome(&run).unwrap(),
        ElicitAction::Accept(expected)
    );
    // The client fulfilled the request from the `input_required` result.
    assert_eq!(
        run.seen,
        vec![json!({
            "mode": "form",
            "message": "Describe the incident",
            "requestedSchema": serde_json::to_value(Incident::requested_schema()).unwrap(),
        })],
    );
}

#[tokio::test]
async fn input_required_answers_are_validated_too() {
    let answer = json!({"action": "accept", "content": {"severity": "high", "services": ["search", "search"]}});
    let run = call(
        Answerer::new(ProtocolVersion::V_2026_07_28).answering(vec![answer.clone(), answer]),
        "incident_input",
    )
    .await;
    // The client answers the same every time: rejected, asked again with
    // the reason, rejected the same way, and the call ends naming the
    // client problem, the reason quoted.
    assert_eq!(run.seen.len(), 2);
    let result = run.call.expect("an error result, not a JSON-RPC error");
    assert_eq!(result.is_error, Some(true));
    let text = &result.content[0].as_text().unwrap().text;
    assert!(
        text.starts_with(
            r#"This client cannot show the person a form (it sent the same refused answer twice, so it does not seem to show the form; field `services`: duplicate item at index 1: "search" names an option that is already selected)"#
        ),
        "{text}"
    );
}

#[tokio::test]
async fn elicit_form_on_2026_07_28_says_why_in_protocol_terms() {
    let run = call(
        Answerer::new(ProtocolVersion::V_2026_07_28).answering(vec![json!({"action": "cancel"})]),
        "incident",
    )
    .await;
    match incident_outcome(&run) {
        Err(error @ ElicitError::NoServerRequests { .. }) => assert_eq!(
            error.to_string(),
            "protocol version 2026-07-28 has no server-to-client requests, so elicitation/create \
             cannot be sent; the server has to ask inside the result (input_required)",
        ),
        other => panic!("expected NoServerRequests, got {other:?}"),
    }
    assert_eq!(run.seen, Vec::<Value>::new());
}

#[tokio::test]
async fn a_run_time_form_is_asked_and_parsed() {
    let answer = json!({"action": "accept", "content": {"severity": "low"}});
    let run = call(
        Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![answer]),
        "fields",
    )
    .await;
    let outcome = run.server.fields.lock().unwrap().take().unwrap();
    assert_eq!(
        outcome.unwrap(),
        ElicitAction::Accept((Severity::Low, None))
    );
    assert_eq!(
        run.seen[0]["requestedSchema"]["required"],
        json!(["severity"]),
    );

    let answer =
        json!({"action": "accept", "content": {"severity": "low", "services": ["login", "dns"]}});
    let run = call(
        Answerer::new(ProtocolVersion::V_2025_11_25).answering(vec![answer]),
        "fields",
    )
    .await;
    let outcome = run.server.fields.lock().unwrap().take().unwrap();
    match outcome {
        Err(ElicitError::Invalid(error)) => assert_eq!(
            error,
            Error::from(ErrorKind::InvalidItem {
                index: 1,
                items: vec![json!("login"), json!("dns")],
                allowed: Cow::Borrowed(Service::OPTIONS),
            })
            .in_field("services")
        ),
        other => panic!("expected a rejected answer, got {other:?}"),
    }
}

#[tokio::test]
async fn a_slow_client_times_out() {
    let client = Answerer::new(ProtocolVersion::V_2025_11_25)
        .slow(Duration::from_millis(500))
        .answering(vec![json!({"action": "cancel"})]);
    let run = call(client, "hurried").await;
    let outcome = run.server.triage.lock().unwrap().take().unwrap();
    let error = outcome.unwrap_err();
    assert!(matches!(error, ElicitError::Service(_)), "{error:?}");
    assert!(matches!(
        error.into_sdk_error::<ServiceError>(),
        Ok(ServiceError::Timeout { timeout }) if timeout == Duration::from_millis(50)
    ),);
}
