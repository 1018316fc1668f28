//! A pmcp client whose `HostElicitationHandler` answers forms through the
//! host model (`enum_schema::host`, converted from and to pmcp's types):
//! what a person types reaches the tool as the Rust value, on 2025-11-25
//! (in process, `elicitation/create` through the handler's peer) and on
//! 2026-07-28 (over pmcp's HTTP server, `input_required` rounds that
//! pmcp's client drives through the same handler); a typed mistake is
//! refused before it is sent; a decline.

use std::sync::Arc;

use enum_schema::host::{ReadError, Request, Response};
use pmcp::client::host::HostElicitationHandler;
use pmcp::server::streamable_http_server::{StreamableHttpServer, StreamableHttpServerConfig};
use pmcp::shared::streamable_http::StreamableHttpTransportConfigBuilder;
use pmcp::shared::{StreamableHttpTransport, Transport};
use pmcp::types::elicitation::{ElicitRequestParams, ElicitResult};
use pmcp::types::{CallToolResult, ProtocolVersion};
use pmcp::{Client, ClientBuilder};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::person::{typed, Person, Report, Turn, ACCEPTED, KEY, MESSAGE, REFUSED};
use crate::pmcp_tools::Tool;
use crate::{capabilities, Duplex, Notifications};

/// A server with the tool `report`: it asks for a [`Report`] and answers
/// with what it got.
fn server() -> pmcp::Server {
    let report = Tool::new("report", "", |ask, _| {
        Box::pin(async move {
            let report = ask.form::<Report>(KEY, MESSAGE).await?;
            Ok(format!("{report:?}"))
        })
    });
    let builder = pmcp::Server::builder()
        .name("pmcp-host")
        .version("1.0.0")
        .with_supported_protocol_versions([
            ProtocolVersion("2025-11-25".into()),
            ProtocolVersion("2026-07-28".into()),
        ])
        .with_request_state_key(crate::KEY);
    crate::pmcp_tools::serve(builder, &enum_schema::pmcp::seal(), [report], [])
        .build()
        .unwrap()
}

/// The host: each form pmcp hands over, read into the host model and
/// answered by the person.
struct Host(Person);

#[pmcp::async_trait]
impl HostElicitationHandler for Host {
    async fn handle_elicitation(&self, params: ElicitRequestParams) -> pmcp::Result<ElicitResult> {
        let form = Request::try_from(&params).map_err(|error| {
            pmcp::Error::validation(format!("the form cannot be shown: {error}"))
        })?;
        Ok(self.0.answer(form).into())
    }
}

fn client<T: Transport>(transport: T, person: &Person) -> ClientBuilder<T> {
    ClientBuilder::new(transport).on_elicitation(Host(person.clone()))
}

/// pmcp's client in process on MCP 2025-11-25, answering as `person`.
async fn on_2025(person: &Person) -> Client<Duplex> {
    let (to_server, from_client) = mpsc::unbounded_channel();
    let (to_client, from_server) = mpsc::unbounded_channel();
    let server = server();
    let server_end = Duplex(to_client, from_client, Notifications::default());
    tokio::spawn(async move { server.run(server_end).await });
    let client_end = Duplex(to_server, from_server, Notifications::default());
    let mut client = client(client_end, person).build();
    let initialized = client.initialize(capabilities()).await.unwrap();
    assert_eq!(initialized.protocol_version.0, "2025-11-25");
    client
}

/// pmcp's client over pmcp's HTTP server on MCP 2026-07-28, answering as
/// `person`.
async fn on_2026(person: &Person) -> Client<StreamableHttpTransport> {
    let config = StreamableHttpServerConfig {
        enable_json_response: true,
        ..StreamableHttpServerConfig::default()
    };
    let http = StreamableHttpServer::with_config_concurrent(
        ([127, 0, 0, 1], 0).into(),
        Arc::new(server()),
        config,
    );
    let (address, _running) = http.start().await.unwrap();
    let url = url::Url::parse(&format!("http://{address}/")).unwrap();
    let transport =
        StreamableHttpTransport::new(StreamableHttpTransportConfigBuilder::new(url).build());
    let mut client = client(transport, person)
        .with_protocol_version(ProtocolVersion("2026-07-28".into()))
        .unwrap()
        .build();
    client.initialize(capabilities()).await.unwrap();
    client
}

fn text(result: CallToolResult) -> Value {
    serde_json::to_value(result).unwrap()["content"][0]["text"].clone()
}

/// The fields the person was shown, in order, and the labels of the
/// first one's options.
fn shown(person: &Person) -> (Vec<String>, Vec<String>) {
    let form = &person.forms()[0];
    assert_eq!(form.message(), MESSAGE);
    let keys = form.fields().iter().map(|field| field.key().to_owned());
    let labels = form.fields()[0].options().iter();
    (
        keys.collect(),
        labels.map(|option| option.label().to_owned()).collect(),
    )
}

fn expected_shown() -> (Vec<String>, Vec<String>) {
    (
        vec!["severity".into(), "minutes".into(), "services".into()],
        vec![
            "Low: no user impact".into(),
            "High: users are affected".into(),
        ],
    )
}

#[tokio::test]
async fn typed_text_reaches_the_tool_as_the_typed_value_on_2025_11_25() {
    let person = Person::new([typed(), Turn::Decline]);
    let client = on_2025(&person).await;
    let result = client.call_tool("report".into(), json!({})).await.unwrap();
    assert_eq!(text(result), ACCEPTED);
    assert_eq!(person.refused(), [REFUSED]);
    assert_eq!(shown(&person), expected_shown());

    let declined = client.call_tool("report".into(), json!({})).await.unwrap();
    assert_eq!(text(declined), "Decline");
}

#[tokio::test]
async fn typed_text_reaches_the_tool_as_the_typed_value_on_2026_07_28() {
    let person = Person::new([typed(), Turn::Decline]);
    let client = on_2026(&person).await;
    let result = client.call_tool("report".into(), json!({})).await.unwrap();
    assert_eq!(text(result), ACCEPTED);
    assert_eq!(person.refused(), [REFUSED]);
    assert_eq!(shown(&person), expected_shown());

    // pmcp's client does not send a decline back on 2026-07-28: the call
    // fails with the `input_required` result in the error's `data` (see
    // the `pmcp` module docs).
    let declined = client.call_tool("report".into(), json!({})).await;
    let Err(pmcp::Error::Protocol {
        code,
        message,
        data,
    }) = declined
    else {
        panic!("an error: {declined:?}")
    };
    assert_eq!(code.0, -32603);
    assert!(
        message.starts_with("the server requires more input, and no registered handler"),
        "{message}"
    );
    let data = data.unwrap();
    assert_eq!(data["pmcpError"], "InputRequiredUnfulfilled");
    assert_eq!(data["result"]["resultType"], "input_required");
    assert_eq!(person.forms().len(), 2);
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
    // pmcp keeps the requested schema as JSON: nothing is lost on the way
    // but a property named twice (its last definition) and, without
    // serde_json's `preserve_order` (which the `pmcp` feature turns on),
    // the order.
    let params = json!({"message": "Which order?", "requestedSchema": {"type": "object",
        "properties": {"order": {"type": "string", "format": "uuid", "x-widget": "id"},
                       "count": {"type": "integer", "minimum": 1.0}}}});
    let through_pmcp: ElicitRequestParams = serde_json::from_value(params.clone()).unwrap();
    assert_eq!(
        Request::try_from(&through_pmcp).unwrap(),
        Request::from_params(&params).unwrap()
    );

    let content = json!({"severity": "high", "minutes": 45});
    for (response, expected) in [
        (
            Response::Accept(content.as_object().unwrap().clone()),
            json!({"action": "accept", "content": content}),
        ),
        (Response::Decline, json!({"action": "decline"})),
        (Response::Cancel, json!({"action": "cancel"})),
    ] {
        let result = ElicitResult::from(response);
        assert_eq!(serde_json::to_value(&result).unwrap(), expected);
    }
}
