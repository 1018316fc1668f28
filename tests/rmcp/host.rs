//! An rmcp client that answers forms through the host model
//! (`enum_schema::host`, converted from and to rmcp's types): what a
//! person types reaches the tool as the Rust value, on 2025-11-25
//! (`elicitation/create`) and on 2026-07-28 (`input_required` rounds,
//! driven by rmcp's `call_tool` through the same handler, or by hand with
//! `call_tool_once`); a typed mistake is refused before it is sent. And
//! what rmcp's model loses before the host model sees a form.

use enum_schema::ask::RequestStateSeal;
use enum_schema::host::{InputRequest, InputRequired, Kind, Note, ReadError, Request, Response};
use enum_schema::rmcp::Ask;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ElicitRequestParams, ElicitResult, Implementation, InitializeRequestParams,
    InputRequiredResult, JsonRpcMessage, ProtocolVersion, ServerCapabilities, ServerConfig,
    ServerJsonRpcMessage, ServerRequest, ServerResult,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::{tool, tool_handler, tool_router, ClientHandler, ErrorData, ServerHandler};
use serde_json::{json, Value};

use super::connection::{connect, seal, text, KEY as SEAL_KEY};
use crate::person::{typed, Person, Report, Turn, ACCEPTED, KEY, MESSAGE, REFUSED};

/// The server: `report` asks for a [`Report`] and answers with what it got.
#[derive(Clone)]
struct Reporter {
    seal: RequestStateSeal,
    tool_router: ToolRouter<Self>,
}

impl AsRef<RequestStateSeal> for Reporter {
    fn as_ref(&self) -> &RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Reporter {
    fn new() -> Self {
        Reporter {
            seal: seal(SEAL_KEY),
            tool_router: Self::tool_router(),
        }
    }

    #[tool(description = "Asks for an outage report")]
    async fn report(&self, ask: Ask) -> Result<CallToolResponse, ErrorData> {
        ask.tool(|ask| async move {
            let report = ask.form::<Report>(KEY, MESSAGE).await?;
            Ok(CallToolResult::success(vec![ContentBlock::text(format!(
                "{report:?}"
            ))]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Reporter {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// The host: each form rmcp hands over, read into the host model and
/// answered by the person.
struct Host {
    person: Person,
    version: ProtocolVersion,
}

impl ClientHandler for Host {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let form = Request::try_from(&request)
            .map_err(|error| ErrorData::invalid_params(error.to_string(), None))?;
        Ok(self.person.answer(form).into())
    }

    fn get_info(&self) -> ClientConfig {
        InitializeRequestParams::new(
            ClientCapabilities::builder().enable_elicitation().build(),
            Implementation::new("host", "0.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }
}

#[tokio::test]
async fn typed_text_reaches_the_tool_as_the_typed_value_on_both_revisions() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let person = Person::new([typed(), Turn::Decline]);
        let host = Host {
            person: person.clone(),
            version: version.clone(),
        };
        let connection = connect(Reporter::new(), host).await;
        let result = connection
            .client
            .call_tool(CallToolRequestParams::new("report"))
            .await
            .unwrap();
        assert_eq!(text(&result), ACCEPTED, "{version}");
        assert_eq!(person.refused(), [REFUSED], "{version}");

        let declined = connection
            .client
            .call_tool(CallToolRequestParams::new("report"))
            .await
            .unwrap();
        assert_eq!(text(&declined), "Decline", "{version}");

        // What the person was shown: the server's order, the options'
        // titles, the bounds.
        let form = &person.forms()[0];
        assert_eq!(form.message(), MESSAGE, "{version}");
        let keys: Vec<&str> = form.fields().iter().map(|field| field.key()).collect();
        assert_eq!(keys, ["severity", "minutes", "services"], "{version}");
        let labels: Vec<&str> = form.fields()[0]
            .options()
            .iter()
            .map(|option| option.label())
            .collect();
        assert_eq!(
            labels,
            ["Low: no user impact", "High: users are affected"],
            "{version}"
        );
        assert_eq!(
            form.fields()[2].hint(),
            "pick 1 or 2: numbers or names, separated by commas",
            "{version}"
        );
    }
}

/// 2026-07-28 driven by hand: `call_tool_once`, rmcp's
/// `InputRequiredResult` read into the host model, the retry built with
/// `retry_params`.
#[tokio::test]
async fn a_round_driven_by_hand_with_call_tool_once() {
    let host = Host {
        person: Person::default(),
        version: ProtocolVersion::V_2026_07_28,
    };
    let connection = connect(Reporter::new(), host).await;
    let person = Person::new([typed()]);
    let call = CallToolRequestParams::new("report");
    let asked = match connection
        .client
        .call_tool_once(call.clone())
        .await
        .unwrap()
    {
        CallToolResponse::InputRequired(asked) => asked,
        other => panic!("the first round asks: {other:?}"),
    };
    let input = InputRequired::try_from(&asked).unwrap();
    assert_eq!(input.request_state(), asked.request_state.as_deref());
    let responses: Vec<(String, Response)> = input
        .requests()
        .iter()
        .map(|(key, request)| match request {
            InputRequest::Elicitation(Ok(form)) => (key.clone(), person.answer(form.clone())),
            other => panic!("only a form is asked: {other:?}"),
        })
        .collect();
    assert_eq!(responses.len(), 1);
    assert_eq!(responses[0].0, KEY);

    let retry = input.retry_params(serde_json::to_value(&call).unwrap(), responses);
    let retry: CallToolRequestParams = serde_json::from_value(retry).unwrap();
    match connection.client.call_tool_once(retry).await.unwrap() {
        CallToolResponse::Complete(result) => assert_eq!(text(&result), ACCEPTED),
        other => panic!("the retry completes: {other:?}"),
    }
    assert_eq!(person.refused(), [REFUSED]);
}

#[test]
fn the_conversions() {
    let url: ElicitRequestParams = serde_json::from_value(json!({
        "mode": "url", "message": "Sign in", "url": "https://example.com/login",
        "elicitationId": "e1",
    }))
    .unwrap();
    assert_eq!(
        Request::try_from(url),
        Err(ReadError::NotAForm {
            mode: "url".to_owned()
        })
    );
    let content = json!({"severity": "high"}).as_object().unwrap().clone();
    let results = [
        (
            Response::Accept(content),
            json!({"action": "accept", "content": {"severity": "high"}}),
        ),
        (Response::Decline, json!({"action": "decline"})),
        (Response::Cancel, json!({"action": "cancel"})),
    ];
    for (response, expected) in results {
        let result = ElicitResult::from(&response);
        assert_eq!(serde_json::to_value(&result).unwrap(), expected);
        assert_eq!(Value::from(response), expected);
    }
}

/// The params of a one-field form whose property is `property`, plus a
/// plain text field after it.
fn params(property: Value) -> Value {
    json!({
        "mode": "form",
        "message": "Which order?",
        "requestedSchema": {"type": "object", "properties": {"order": property, "note": {"type": "string"}}},
    })
}

/// The form as the host model reads it from rmcp's model, and from the
/// same params' JSON.
fn both(params: &Value) -> (Request, Request) {
    let through_rmcp: ElicitRequestParams = serde_json::from_value(params.clone()).unwrap();
    (
        Request::try_from(&through_rmcp).unwrap(),
        Request::from_params(params).unwrap(),
    )
}

/// rmcp 3.11 reads a form into its typed model, and what that model cannot
/// hold is gone before the host model sees it. Pinned, so that a fix in
/// rmcp shows. (The module docs of `enum_schema::rmcp` list these.)
#[test]
fn what_rmcp_loses_before_the_host_model_sees_a_form() {
    // A `format` rmcp does not know (`uuid`): no `elicitation/create` at
    // all. The request reads as a custom request, which the client
    // handler's default answers with "method not found"; in an
    // `input_required` result, the result does not read as one.
    let uuid = params(json!({"type": "string", "format": "uuid"}));
    assert!(serde_json::from_value::<ElicitRequestParams>(uuid.clone()).is_err());
    let message =
        json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": uuid});
    match serde_json::from_value::<ServerJsonRpcMessage>(message).unwrap() {
        JsonRpcMessage::Request(request) => {
            assert!(
                matches!(request.request, ServerRequest::CustomRequest(_)),
                "{:?}",
                request.request
            )
        }
        other => panic!("a request: {other:?}"),
    }
    let result = json!({
        "resultType": "input_required",
        "inputRequests": {"order": {"method": "elicitation/create", "params": uuid}},
        "requestState": "opaque",
    });
    assert!(serde_json::from_value::<InputRequiredResult>(result.clone()).is_err());
    // rmcp's `call_tool_once` answers a `CustomResult` that is not `_meta`
    // alone with `ServiceError::UnexpectedResponse`.
    assert!(matches!(
        serde_json::from_value::<ServerResult>(result.clone()),
        Ok(ServerResult::CustomResult(_))
    ));
    // The JSON itself reads: the format is advice, the field text.
    let form = Request::from_params(&uuid).unwrap();
    assert!(matches!(form.fields()[0].kind(), Kind::Text(_)));
    assert!(InputRequired::from_result(&result).is_ok());

    // An integer bound written with a fraction (`1.0`): the same.
    let bound = params(json!({"type": "integer", "minimum": 1.0}));
    assert!(serde_json::from_value::<ElicitRequestParams>(bound.clone()).is_err());
    assert!(matches!(
        Request::from_params(&bound).unwrap().fields()[0].kind(),
        Kind::Integer(_)
    ));

    // A titled option without its title: rmcp's titled shape does not
    // read, and the field falls through to a plain string, its options
    // gone.
    let (through_rmcp, json) = both(&params(json!({
        "type": "string",
        "oneOf": [{"const": "a1", "title": "First"}, {"const": "b2"}],
    })));
    assert!(matches!(through_rmcp.fields()[0].kind(), Kind::Text(_)));
    assert!(matches!(json.fields()[0].kind(), Kind::SingleSelect(_)));
    assert_eq!(json.fields()[0].options().len(), 2);

    // Keywords rmcp does not model (`pattern`, `x-*`) are dropped: the
    // host model cannot show them as advice.
    let (through_rmcp, json) = both(&params(json!({
        "type": "string", "pattern": "^[0-9]+$", "x-widget": "order-id",
    })));
    assert!(through_rmcp.fields()[0].notes().is_empty());
    let advice: Vec<&str> = json.fields()[0]
        .notes()
        .iter()
        .map(|note| match note {
            Note::Advisory { keyword, .. } => keyword.as_str(),
            other => panic!("advice only: {other:?}"),
        })
        .collect();
    assert_eq!(advice, ["x-widget", "pattern"]);

    // A property named twice: rmcp keeps the last definition in the first
    // place; read from the text, the host model shows neither.
    let twice = r#"{"message": "Which order?", "requestedSchema": {"type": "object",
        "properties": {"order": {"type": "string"}, "order": {"type": "integer"}}}}"#;
    let through_rmcp: ElicitRequestParams = serde_json::from_str(twice).unwrap();
    let through_rmcp = Request::try_from(&through_rmcp).unwrap();
    assert!(matches!(through_rmcp.fields()[0].kind(), Kind::Integer(_)));
    assert!(through_rmcp.notes().is_empty());
    let json = Request::from_params_str(twice).unwrap();
    assert!(matches!(json.fields()[0].kind(), Kind::Unsupported(_)));
    assert_eq!(
        json.notes(),
        [Note::DuplicateProperty {
            name: "order".to_owned()
        }]
    );

    // The requests of an `input_required` result: rmcp keeps them in a
    // `BTreeMap`, sorted by key, not in the server's order.
    let form = |message: &str| {
        json!({"method": "elicitation/create", "params": {"message": message,
            "requestedSchema": {"type": "object", "properties": {}}}})
    };
    let result =
        r#"{"resultType": "input_required", "inputRequests": {"zone": ZONE, "account": ACCOUNT}}"#
            .replace("ZONE", &form("Which zone?").to_string())
            .replace("ACCOUNT", &form("Which account?").to_string());
    let keys = |input: &InputRequired| -> Vec<String> {
        input
            .requests()
            .iter()
            .map(|(key, _)| key.clone())
            .collect()
    };
    let through_rmcp: InputRequiredResult = serde_json::from_str(&result).unwrap();
    let through_rmcp = InputRequired::try_from(through_rmcp).unwrap();
    assert_eq!(keys(&through_rmcp), ["account", "zone"]);
    assert_eq!(
        keys(&InputRequired::from_result_str(&result).unwrap()),
        ["zone", "account"]
    );
}
