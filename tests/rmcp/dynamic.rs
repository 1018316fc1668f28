//! A select built at run time, asked through rmcp in process: the server's
//! tool lists options when it runs and asks with
//! `PeerElicitExt::elicit_fields`; a scripted client answers. The request
//! the client sees is the run-time select, shaped for the negotiated
//! revision, and the answer comes back as the chosen option or a typed
//! error.

use std::borrow::Cow;
use std::sync::{Arc, Mutex};

use enum_schema::ask::ElicitError;
use enum_schema::rmcp::PeerElicitExt;
use enum_schema::{
    schema::{EnumOption, SingleSelectSchema},
    Confirm, ElicitAction, Error, ErrorKind, FillDefault, Form,
};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ProtocolVersion,
    ServerCapabilities, ServerConfig,
};
use rmcp::{tool, tool_handler, tool_router, ErrorData, Peer, RoleServer, ServerHandler};
use serde_json::{json, Value};

use super::connection::{connect, seal, Answerer, KEY};

/// What the tool got: the chosen (index, value), or the error.
type Outcome = Arc<Mutex<Option<Result<ElicitAction<(usize, String)>, ElicitError>>>>;

fn maps() -> Vec<EnumOption> {
    // Options known only when the server runs.
    ["dust2", "inferno", "nuke"]
        .iter()
        .map(|name| EnumOption::new(name.to_string(), Some(name.to_uppercase())))
        .collect()
}

#[derive(Clone)]
struct Asker {
    outcome: Outcome,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Asker {
    #[tool(description = "Asks which map, among those found when it runs")]
    async fn map(&self, peer: Peer<RoleServer>) -> String {
        let select = SingleSelectSchema::new(maps())
            .expect("distinct map names")
            .with_default_value("inferno")
            .expect("a listed map");
        let form = Form::new((("map", FillDefault::new(&select)),));
        let outcome = peer
            .elicit_fields(&form, "Which map?")
            .await
            .map(|action| action.map(|(map,)| (map.index(), map.value().to_owned())));
        *self.outcome.lock().unwrap() = Some(outcome);
        "asked".to_owned()
    }

    #[tool(description = "Asks which file, among ten thousand")]
    async fn file(&self, peer: Peer<RoleServer>) -> String {
        let select = SingleSelectSchema::new(files()).expect("distinct file names");
        let form = Form::new((("file", &select),));
        let outcome = peer
            .elicit_fields(&form, "Which file?")
            .await
            .map(|action| action.map(|(file,)| (file.index(), file.value().to_owned())));
        *self.outcome.lock().unwrap() = Some(outcome);
        "asked".to_owned()
    }
}

fn files() -> Vec<EnumOption> {
    (0..10_000)
        .map(|i| EnumOption::new(format!("file-{i:05}.txt"), Some(format!("File {i}"))))
        .collect()
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Asker {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// Calls the tool once with a client that answers `answer`; returns what
/// the tool got and the request the client saw.
async fn ask(
    answer: Value,
    version: ProtocolVersion,
) -> (Result<ElicitAction<(usize, String)>, ElicitError>, Value) {
    call("map", answer, version).await
}

/// Calls `tool` once with a client that answers `answer`.
async fn call(
    tool: &'static str,
    answer: Value,
    version: ProtocolVersion,
) -> (Result<ElicitAction<(usize, String)>, ElicitError>, Value) {
    let server = Asker {
        outcome: Arc::default(),
        tool_router: Asker::tool_router(),
    };
    let client = Answerer::new(version).answering(vec![answer]);
    let connection = connect(server.clone(), client).await;
    connection
        .client
        .call_tool(CallToolRequestParams::new(tool))
        .await
        .expect("the tool answers");
    let outcome = server.outcome.lock().unwrap().take().expect("the tool ran");
    let request = connection.seen().pop().expect("the client was asked");
    (outcome, request)
}

#[tokio::test]
async fn the_chosen_option_comes_back() {
    let (outcome, request) = ask(
        json!({"action": "accept", "content": {"map": "nuke"}}),
        ProtocolVersion::V_2025_11_25,
    )
    .await;
    assert_eq!(
        outcome.unwrap(),
        ElicitAction::Accept((2, "nuke".to_owned()))
    );
    assert_eq!(
        request["requestedSchema"],
        json!({
            "type": "object",
            "properties": {"map": {
                "type": "string",
                "oneOf": [
                    {"const": "dust2", "title": "DUST2"},
                    {"const": "inferno", "title": "INFERNO"},
                    {"const": "nuke", "title": "NUKE"},
                ],
                "default": "inferno",
            }},
        })
    );
}

#[tokio::test]
async fn a_map_left_out_is_the_default() {
    let (outcome, _) = ask(
        json!({"action": "accept", "content": {}}),
        ProtocolVersion::V_2025_11_25,
    )
    .await;
    assert_eq!(
        outcome.unwrap(),
        ElicitAction::Accept((1, "inferno".to_owned()))
    );
}

#[tokio::test]
async fn a_title_instead_of_a_value_is_rejected() {
    let (outcome, _) = ask(
        json!({"action": "accept", "content": {"map": "NUKE"}}),
        ProtocolVersion::V_2025_11_25,
    )
    .await;
    match outcome {
        Err(ElicitError::Invalid(error)) => {
            assert_eq!(
                error,
                Error::from(ErrorKind::InvalidValue {
                    value: "NUKE".into(),
                    allowed: Cow::Owned(maps()),
                })
                .in_field("map")
            );
            assert_eq!(
                error.to_string(),
                r#"field `map`: invalid value "NUKE": the client sent the title of option "nuke" instead of its value; expected one of "dust2", "inferno", "nuke""#
            );
        }
        other => panic!("expected a rejected answer, got {other:?}"),
    }
}

#[tokio::test]
async fn a_2025_06_18_client_gets_the_legacy_shape() {
    let (outcome, request) = ask(
        json!({"action": "accept", "content": {"map": "dust2"}}),
        ProtocolVersion::V_2025_06_18,
    )
    .await;
    assert_eq!(
        outcome.unwrap(),
        ElicitAction::Accept((0, "dust2".to_owned()))
    );
    assert_eq!(
        request["requestedSchema"]["properties"]["map"],
        json!({
            "type": "string",
            "enum": ["dust2", "inferno", "nuke"],
            "enumNames": ["DUST2", "INFERNO", "NUKE"],
        })
    );
}

#[tokio::test]
async fn ten_thousand_options_go_through_rmcp() {
    let (outcome, request) = call(
        "file",
        json!({"action": "accept", "content": {"file": "file-09999.txt"}}),
        ProtocolVersion::V_2025_11_25,
    )
    .await;
    assert_eq!(
        outcome.unwrap(),
        ElicitAction::Accept((9_999, "file-09999.txt".to_owned()))
    );
    let options = request["requestedSchema"]["properties"]["file"]["oneOf"]
        .as_array()
        .expect("a titled single-select");
    assert_eq!(options.len(), 10_000);
    assert_eq!(
        options[9_999],
        json!({"const": "file-09999.txt", "title": "File 9999"})
    );
}

// ---------------------------------------------------------------------------
// A folder that changes between the rounds of one call (issue 37, item 6),
// on 2026-07-28 with rmcp's own client, which runs the rounds itself
// ---------------------------------------------------------------------------

/// A server whose `open` tool asks for one file of a folder, listed anew
/// on every round (the folder as it is at the `n`th run of the body, the
/// last one after), then confirms the file.
#[derive(Clone)]
struct Folder {
    seal: enum_schema::ask::RequestStateSeal,
    versions: Arc<Vec<Vec<&'static str>>>,
    runs: Arc<Mutex<usize>>,
    tool_router: ToolRouter<Self>,
}

impl AsRef<enum_schema::ask::RequestStateSeal> for Folder {
    fn as_ref(&self) -> &enum_schema::ask::RequestStateSeal {
        &self.seal
    }
}

#[tool_router]
impl Folder {
    #[tool(description = "Opens a file of the folder")]
    async fn open(&self, ask: enum_schema::rmcp::Ask) -> Result<CallToolResponse, ErrorData> {
        let files = {
            let mut runs = self.runs.lock().unwrap();
            *runs += 1;
            self.versions[(*runs - 1).min(self.versions.len() - 1)].clone()
        };
        ask.tool(|ask| async move {
            let select = SingleSelectSchema::new(files).unwrap().with_title("File");
            let form = Form::new((("file", &select),));
            let text = match ask.fields("file", &form, "Which file?").await? {
                ElicitAction::Accept((file,)) => {
                    let file = file.value().to_owned();
                    let confirm = ask.form::<Confirm>("confirm", format!("Open {file}?"));
                    if confirm.await?.is_confirmed() {
                        format!("opened {file}")
                    } else {
                        "not opened".to_owned()
                    }
                }
                ElicitAction::Decline | ElicitAction::Cancel => "no file".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Folder {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// Calls `open` on 2026-07-28 through rmcp's client, the folder at each
/// round one of `versions`, the person answering `answers` in turn;
/// returns the result's text and the message of each form shown.
async fn open_file(versions: Vec<Vec<&'static str>>, answers: Vec<Value>) -> (String, Vec<Value>) {
    let server = Folder {
        seal: seal(KEY),
        versions: Arc::new(versions),
        runs: Arc::default(),
        tool_router: Folder::tool_router(),
    };
    let client = Answerer::new(ProtocolVersion::V_2026_07_28).answering(answers);
    let connection = connect(server, client).await;
    let result = connection
        .client
        .call_tool(CallToolRequestParams::new("open"))
        .await
        .unwrap();
    let text = result.content[0].as_text().unwrap().text.clone();
    (text, connection.messages())
}

fn file(name: &str) -> Value {
    json!({"action": "accept", "content": {"file": name}})
}

fn yes() -> Value {
    json!({"action": "accept", "content": {"confirm": "yes"}})
}

#[tokio::test]
async fn a_file_added_in_front_of_the_one_chosen_keeps_the_answer() {
    let (text, messages) = open_file(
        vec![vec!["a.txt", "b.txt"], vec!["0.txt", "a.txt", "b.txt"]],
        vec![file("b.txt"), yes()],
    )
    .await;
    assert_eq!(text, "opened b.txt");
    assert_eq!(messages, [json!("Which file?"), json!("Open b.txt?")]);
}

#[tokio::test]
async fn the_file_chosen_gone_is_asked_again_with_the_reason() {
    let (text, messages) = open_file(
        vec![vec!["a.txt", "b.txt"], vec!["a.txt", "c.txt"]],
        vec![file("b.txt"), file("c.txt"), yes()],
    )
    .await;
    assert_eq!(text, "opened c.txt");
    assert_eq!(
        messages,
        [
            json!("Which file?"),
            json!("Which file?\n\nFile: “b.txt” is no longer one of the choices; choose “a.txt” or “c.txt”."),
            json!("Open c.txt?"),
        ]
    );
}
