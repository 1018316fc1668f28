//! [`Request`]: the request an [`Ask`](super::Ask) is opened for, as an
//! adapter hands it over, in the protocol's own terms; and the rules that
//! read it (what the client's capabilities allow, what a call without
//! arguments may do), each written once here for every SDK.

use serde_json::{Map, Value};

use super::error::ElicitError;
use crate::input::InputRequest;
use crate::version::ProtocolVersion;

/// The request an [`Ask`](super::Ask) is opened for, as an SDK adapter
/// reads it: method, name and arguments (what a sealed state is bound to),
/// the revision and the client's capabilities as the client wrote them,
/// and the 2026-07-28 retry fields.
///
/// ```
/// use enum_schema::ask::adapter::Request;
/// use serde_json::json;
///
/// let arguments = json!({"target": {"environment": "staging"}});
/// let request = Request::new("tools/call", "deploy")
///     .with_arguments(arguments.as_object())
///     .with_protocol_version(Some("2026-07-28"))
///     .with_client_capabilities(&json!({"elicitation": {}, "roots": {"listChanged": true}}));
/// # let _ = request;
/// ```
#[derive(Clone, Debug)]
pub struct Request<'a> {
    pub(super) method: &'a str,
    pub(super) name: &'a str,
    pub(super) arguments: Option<&'a Map<String, Value>>,
    pub(super) version: Option<ProtocolVersion>,
    pub(super) capabilities: Capabilities,
    pub(super) input_responses: Map<String, Value>,
    pub(super) request_state: Option<&'a str>,
    /// The tool's input schema, when the adapter did not see the call's
    /// arguments: `Some(None)` for a schema it does not know.
    unseen: Option<Option<&'a Map<String, Value>>>,
}

impl<'a> Request<'a> {
    /// A request of `method` (`"tools/call"`, `"prompts/get"`,
    /// `"resources/read"`) for the tool or prompt `name` (a resource's
    /// URI), of no known revision, from a client whose capabilities are not
    /// known (counted as declaring form elicitation, sampling and roots:
    /// the client answers a request it cannot take with an error), with no
    /// arguments and no retry fields.
    pub fn new(method: &'a str, name: &'a str) -> Self {
        Request {
            method,
            name,
            arguments: None,
            version: None,
            capabilities: Capabilities::ALL,
            input_responses: Map::new(),
            request_state: None,
            unseen: None,
        }
    }

    /// The request's `arguments`.
    #[must_use]
    pub fn with_arguments(mut self, arguments: Option<&'a Map<String, Value>>) -> Self {
        self.arguments = arguments;
        self
    }

    /// No arguments seen, by an adapter that cannot tell arguments another
    /// extractor took from arguments the client left out (rmcp's `Ask`
    /// listed after `Parameters`); `input_schema` is the tool's declared
    /// input schema, if the adapter knows it. What the schema declares
    /// decides ([`Ask::open`](super::Ask::open) applies it):
    ///
    /// - a non-empty `required`: the call is refused with
    ///   [`ElicitError::NoArguments`], on every revision;
    /// - properties, none required (or `additionalProperties` other than
    ///   `false`, `patternProperties`, `oneOf`, `anyOf`, `allOf`, `$ref`):
    ///   refused where a `requestState` binds answers to the arguments (the
    ///   request carries one or `inputResponses`, or the client asks inside
    ///   the result, 2026-07-28 on, and shows forms); elsewhere, a question
    ///   that an argument may answer
    ///   ([`Question::with_argument`](super::Question::with_argument)) is
    ///   refused, rather than asked as if the model had sent nothing;
    /// - nothing (no schema, or `{"type":"object","properties":{}}`): the
    ///   call has no arguments.
    #[must_use]
    pub fn with_arguments_unseen(mut self, input_schema: Option<&'a Map<String, Value>>) -> Self {
        self.unseen = Some(input_schema);
        self
    }

    /// The revision the client speaks, as it wrote it (its `_meta` on
    /// 2026-07-28, its `initialize` before), if known: read as
    /// [`ProtocolVersion::for_peer`] reads it (a newer date or `"draft"` is
    /// the newest revision this crate knows); anything else is no known
    /// revision.
    #[must_use]
    pub fn with_protocol_version(mut self, version: Option<&str>) -> Self {
        self.version = version.and_then(|version| ProtocolVersion::for_peer(version).ok());
        self
    }

    /// The client's `capabilities` (MCP `ClientCapabilities`, from its
    /// `initialize`, or on 2026-07-28 from the request's `_meta`), as JSON:
    /// `elicitation` (`{}` or with `form` is form elicitation, MCP
    /// 2025-11-25; with `url` alone, URL mode only), `sampling` (with
    /// `tools` and `context`, MCP 2025-11-25), `roots`, and the tasks
    /// extension (`extensions`, `"io.modelcontextprotocol/tasks"`, SEP-2663).
    /// A question the client cannot take is refused
    /// ([`ElicitError::Unsupported`], [`ElicitError::UnsupportedParam`] for
    /// sampling params that need `sampling.tools` or `sampling.context`),
    /// or for a form, answered by its argument or ended with the result for
    /// the model
    /// ([`ElicitError::Unasked`]). Anything but an object declares nothing.
    /// Without this call, the client counts as declaring every capability.
    #[must_use]
    pub fn with_client_capabilities(mut self, capabilities: &Value) -> Self {
        self.capabilities = Capabilities::read(capabilities);
        self
    }

    /// The retry's `inputResponses` (MCP 2026-07-28), as JSON.
    #[must_use]
    pub fn with_input_responses(mut self, responses: Map<String, Value>) -> Self {
        self.input_responses = responses;
        self
    }

    /// The retry's `requestState` (MCP 2026-07-28), as the client echoed it.
    #[must_use]
    pub fn with_request_state(mut self, state: Option<&'a str>) -> Self {
        self.request_state = state;
        self
    }

    /// Whether a `requestState` binds answers to this request's arguments:
    /// it carries one (or `inputResponses`), or may be answered with one (a
    /// client of a revision that asks inside the result, 2026-07-28 on,
    /// that can show forms). Elsewhere every question is asked and answered
    /// inside the call, and nothing outlives it.
    fn binds_a_state(&self) -> bool {
        self.request_state.is_some()
            || !self.input_responses.is_empty()
            || (self.capabilities.form
                && self
                    .version
                    .is_none_or(ProtocolVersion::uses_input_required))
    }

    /// Whether the questions an argument may answer are refused, the call
    /// having no arguments that the adapter could see (see
    /// [`with_arguments_unseen`](Self::with_arguments_unseen)).
    ///
    /// # Errors
    ///
    /// [`ElicitError::NoArguments`] when the call itself is refused.
    pub(super) fn arguments_unseen(&self) -> Result<bool, ElicitError> {
        let Some(input_schema) = self.unseen else {
            return Ok(false);
        };
        let refused = ElicitError::NoArguments {
            tool: self.name.to_owned(),
        };
        match Declared::by(input_schema) {
            Declared::Required => Err(refused),
            Declared::Optional if self.binds_a_state() => Err(refused),
            Declared::Optional => Ok(true),
            Declared::Nothing => Ok(false),
        }
    }
}

/// What the client declared it can take, read once from its
/// `capabilities`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Capabilities {
    /// Form elicitation.
    pub(crate) form: bool,
    /// `sampling/createMessage`.
    pub(crate) sampling: bool,
    /// `sampling.tools`: `tools` and `toolChoice` in its params (MCP
    /// 2025-11-25 on).
    pub(crate) sampling_tools: bool,
    /// `sampling.context`: an `includeContext` other than `"none"` (MCP
    /// 2025-11-25 on).
    pub(crate) sampling_context: bool,
    /// `roots/list`.
    pub(crate) roots: bool,
    /// The tasks extension (SEP-2663): a call may be answered with a task.
    pub(crate) tasks: bool,
}

/// The tasks extension's id among a client's `extensions` (SEP-2663).
const TASKS: &str = "io.modelcontextprotocol/tasks";

impl Capabilities {
    /// A client whose capabilities are not known (but tasks).
    pub(crate) const ALL: Capabilities = Capabilities {
        form: true,
        sampling: true,
        sampling_tools: true,
        sampling_context: true,
        roots: true,
        // A task result breaks a client that cannot take one: never assumed.
        tasks: false,
    };

    fn read(capabilities: &Value) -> Capabilities {
        let declared = |name: &str| capabilities.get(name).filter(|value| value.is_object());
        let sampling = declared("sampling");
        let in_sampling = |name: &str| {
            sampling
                .and_then(|sampling| sampling.get(name))
                .is_some_and(Value::is_object)
        };
        Capabilities {
            // `"elicitation": {}` means form mode (MCP 2025-11-25 on).
            form: declared("elicitation").is_some_and(|elicitation| {
                elicitation.get("form").is_some() || elicitation.get("url").is_none()
            }),
            sampling: sampling.is_some(),
            sampling_tools: in_sampling("tools"),
            sampling_context: in_sampling("context"),
            roots: declared("roots").is_some(),
            tasks: declared("extensions")
                .and_then(|extensions| extensions.get(TASKS))
                .is_some_and(Value::is_object),
        }
    }

    /// Refuses `request` if the client did not declare what it needs, on
    /// `version` (`None`: not known): the capability of its method
    /// ([`ElicitError::Unsupported`]); for `sampling/createMessage`, also
    /// `sampling.tools` for `tools` or `toolChoice` in its params (the
    /// client must refuse them without it, MCP 2025-11-25 on; no earlier
    /// revision has them), and `sampling.context` for an `includeContext`
    /// other than `"none"` from 2025-11-25 on (before, `sampling` allowed
    /// it), the first missing in that order
    /// ([`ElicitError::UnsupportedParam`]).
    pub(crate) fn allow(
        &self,
        request: &InputRequest,
        version: Option<ProtocolVersion>,
    ) -> Result<(), ElicitError> {
        let supported = match request {
            InputRequest::CreateMessage(_) => self.sampling,
            InputRequest::ListRoots => self.roots,
            InputRequest::Elicitation(_) => self.form,
        };
        if !supported {
            return Err(ElicitError::Unsupported {
                method: request.method(),
            });
        }
        let InputRequest::CreateMessage(params) = request else {
            return Ok(());
        };
        let params = params.as_json();
        let context = params
            .get("includeContext")
            .is_some_and(|context| context != "none")
            && version.is_none_or(|version| version >= ProtocolVersion::V2025_11_25);
        let missing = [
            (params.contains_key("tools"), "tools", self.sampling_tools),
            (
                params.contains_key("toolChoice"),
                "toolChoice",
                self.sampling_tools,
            ),
            (context, "includeContext", self.sampling_context),
        ];
        match missing
            .into_iter()
            .find(|(sent, _, declared)| *sent && !declared)
        {
            Some((_, param, _)) => Err(ElicitError::UnsupportedParam {
                method: request.method(),
                param,
                capability: if param == "includeContext" {
                    "sampling.context"
                } else {
                    "sampling.tools"
                },
            }),
            None => Ok(()),
        }
    }
}

/// Whether a tool's input schema declares any argument (one required, or
/// anything that may admit one): what makes a call in which the adapter
/// saw no arguments suspect (for an adapter's log: the rmcp integration
/// names the extractor that took them; unused in a build without it).
#[allow(dead_code)]
pub(crate) fn declares_arguments(input_schema: Option<&Map<String, Value>>) -> bool {
    !matches!(Declared::by(input_schema), Declared::Nothing)
}

/// What a tool's input schema declares of its arguments.
enum Declared {
    /// At least one required argument.
    Required,
    /// Properties, none of them required.
    Optional,
    /// No property (or no schema known).
    Nothing,
}

impl Declared {
    /// A non-empty `required`; else anything that may admit an argument
    /// (`properties`, `additionalProperties` other than `false`,
    /// `patternProperties`, or a composition: `oneOf`, `anyOf`, `allOf`,
    /// `$ref`); else nothing. A tool without typed parameters writes the
    /// schema of no arguments (`{"type":"object","properties":{}}`), so it
    /// declares nothing.
    fn by(input_schema: Option<&Map<String, Value>>) -> Declared {
        let Some(schema) = input_schema else {
            return Declared::Nothing;
        };
        let non_empty = |key: &str| match schema.get(key) {
            Some(Value::Array(items)) => !items.is_empty(),
            Some(Value::Object(items)) => !items.is_empty(),
            Some(Value::String(_)) => true,
            _ => false,
        };
        let open = schema
            .get("additionalProperties")
            .is_some_and(|additional| additional != &Value::Bool(false));
        let admits = [
            "properties",
            "patternProperties",
            "oneOf",
            "anyOf",
            "allOf",
            "$ref",
        ];
        if non_empty("required") {
            Declared::Required
        } else if open || admits.into_iter().any(non_empty) {
            Declared::Optional
        } else {
            Declared::Nothing
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Capabilities, Request};
    use crate::ask::error::ElicitError;
    use crate::input::{CreateMessageParams, InputRequest};
    use crate::version::ProtocolVersion;

    fn read(capabilities: serde_json::Value) -> Capabilities {
        Capabilities::read(&capabilities)
    }

    #[test]
    fn capabilities_are_read_as_the_client_wrote_them() {
        let none = Capabilities {
            form: false,
            sampling: false,
            sampling_tools: false,
            sampling_context: false,
            roots: false,
            tasks: false,
        };
        assert_eq!(read(json!({})), none);
        assert_eq!(read(json!(null)), none);
        assert_eq!(read(json!([{"elicitation": {}}])), none);
        assert_eq!(read(json!({"elicitation": true, "sampling": 1})), none);
        let sampling = json!({"tools": {}, "context": {}});
        assert_eq!(
            read(json!({"elicitation": {}, "sampling": sampling, "roots": {"listChanged": true}})),
            Capabilities::ALL
        );
        let plain = Capabilities {
            sampling: true,
            ..none
        };
        assert_eq!(read(json!({"sampling": {}})), plain);
        assert_eq!(
            read(json!({"sampling": {"tools": true, "context": null}})),
            plain
        );
        assert_eq!(
            read(json!({"sampling": {"tools": {}}})),
            Capabilities {
                sampling_tools: true,
                ..plain
            }
        );
        assert_eq!(read(json!({"tools": {}, "context": {}})), none);
        let form = Capabilities { form: true, ..none };
        assert_eq!(read(json!({"elicitation": {"form": {}}})), form);
        assert_eq!(read(json!({"elicitation": {"form": {}, "url": {}}})), form);
        assert_eq!(read(json!({"elicitation": {"url": {}}})), none);
        let tasks = json!({"extensions": {"io.modelcontextprotocol/tasks": {}}});
        assert_eq!(
            read(tasks),
            Capabilities {
                tasks: true,
                ..none
            }
        );
        assert_eq!(
            read(json!({"extensions": {"io.modelcontextprotocol/tasks": true}})),
            none
        );
    }

    /// What `allow` says of `params` (a `sampling/createMessage`'s) from a
    /// client of `version` that declared `capabilities`: `None` for sent,
    /// else the message of the refusal and its `data`.
    fn allowed(
        capabilities: serde_json::Value,
        version: Option<ProtocolVersion>,
        params: serde_json::Value,
    ) -> Option<(String, serde_json::Value)> {
        let params = params.as_object().unwrap().iter().fold(
            CreateMessageParams::new("Hi?", 10),
            |params, (name, value)| params.with_member(name.clone(), value.clone()),
        );
        let request = InputRequest::CreateMessage(params);
        match Capabilities::read(&capabilities).allow(&request, version) {
            Ok(()) => None,
            Err(error @ ElicitError::UnsupportedParam { .. }) => {
                Some((error.to_string(), error.data().unwrap()))
            }
            Err(error @ ElicitError::Unsupported { .. }) => {
                Some((error.to_string(), error.data().unwrap()))
            }
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn sampling_params_need_the_capability_they_use() {
        let sampling = || json!({"sampling": {}});
        let newer = [
            Some(ProtocolVersion::V2025_11_25),
            Some(ProtocolVersion::V2026_07_28),
            None,
        ];
        let tools = (
            "the client did not declare the sampling.tools capability, so it cannot be sent \
             sampling/createMessage with `tools`"
                .to_owned(),
            json!({"requiredCapabilities": {"sampling": {"tools": {}}}}),
        );
        let context = (
            "the client did not declare the sampling.context capability, so it cannot be sent \
             sampling/createMessage with an `includeContext` other than \"none\""
                .to_owned(),
            json!({"requiredCapabilities": {"sampling": {"context": {}}}}),
        );
        for version in newer {
            let tool = json!({"name": "search", "inputSchema": {"type": "object"}});
            let with_tools = json!({"tools": [tool]});
            assert_eq!(
                allowed(sampling(), version, with_tools.clone()),
                Some(tools.clone())
            );
            let declared = json!({"sampling": {"tools": {}}});
            assert_eq!(allowed(declared, version, with_tools), None);
            let choice = json!({"toolChoice": {"mode": "none"}});
            let (message, data) = allowed(sampling(), version, choice).unwrap();
            assert!(message.ends_with("with `toolChoice`"), "{message}");
            assert_eq!(data, tools.1);
            for value in ["thisServer", "allServers"] {
                let params = json!({"includeContext": value});
                assert_eq!(
                    allowed(sampling(), version, params.clone()),
                    Some(context.clone())
                );
                let declared = json!({"sampling": {"context": {}}});
                assert_eq!(allowed(declared, version, params), None);
            }
            let none = json!({"includeContext": "none"});
            assert_eq!(allowed(sampling(), version, none), None);
            // Both: the first missing.
            let both = json!({"includeContext": "thisServer", "tools": []});
            assert_eq!(
                allowed(sampling(), version, both.clone()),
                Some(tools.clone())
            );
            let declared = json!({"sampling": {"tools": {}}});
            assert_eq!(allowed(declared, version, both), Some(context.clone()));
        }
        // Before 2025-11-25, `sampling` allowed `includeContext`, and no
        // revision had `tools`.
        let older = Some(ProtocolVersion::V2025_06_18);
        let params = json!({"includeContext": "thisServer"});
        assert_eq!(allowed(sampling(), older, params), None);
        let params = json!({"tools": []});
        assert_eq!(allowed(sampling(), older, params), Some(tools));
        // Without `sampling` at all, the method is refused first.
        let params = json!({"tools": []});
        let (message, data) = allowed(json!({}), None, params).unwrap();
        assert_eq!(
            message,
            "the client did not declare the sampling capability, so it cannot be sent \
             sampling/createMessage"
        );
        assert_eq!(data, json!({"requiredCapabilities": {"sampling": {}}}));
        // A client whose capabilities are not known declares them all.
        let params = CreateMessageParams::new("Hi?", 10)
            .with_member("tools", json!([]))
            .with_member("includeContext", json!("allServers"));
        let request = InputRequest::CreateMessage(params);
        assert!(Capabilities::ALL.allow(&request, None).is_ok());
    }

    /// What `arguments_unseen` says, `None` for the call refused.
    fn unseen(schema: serde_json::Value, request: Request<'_>) -> Option<bool> {
        match request
            .with_arguments_unseen(schema.as_object())
            .arguments_unseen()
        {
            Ok(refused) => Some(refused),
            Err(ElicitError::NoArguments { tool }) if tool == "deploy" => None,
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn what_the_input_schema_declares_decides_a_call_without_arguments() {
        let before = || {
            Request::new("tools/call", "deploy")
                .with_protocol_version(Some("2025-11-25"))
                .with_client_capabilities(&json!({"elicitation": {}}))
        };
        let binding =
            || Request::new("tools/call", "deploy").with_protocol_version(Some("2026-07-28"));
        let required = json!({"type": "object", "properties": {"a": {}}, "required": ["a"]});
        let refused = None;
        assert_eq!(unseen(required.clone(), before()), refused);
        assert_eq!(unseen(required, binding()), refused);
        for optional in [
            json!({"type": "object", "properties": {"a": {}}}),
            json!({"type": "object", "additionalProperties": true}),
            json!({"type": "object", "patternProperties": {"^a": {}}}),
            json!({"anyOf": [{"type": "object"}]}),
            json!({"$ref": "#/$defs/A"}),
        ] {
            assert_eq!(unseen(optional.clone(), before()), Some(true), "{optional}");
            assert_eq!(unseen(optional.clone(), binding()), refused, "{optional}");
            let with_state = before().with_request_state(Some("state"));
            assert_eq!(unseen(optional, with_state), refused);
        }
        for nothing in [
            json!({"type": "object", "properties": {}}),
            json!({"type": "object", "required": [], "additionalProperties": false}),
            json!(null),
        ] {
            assert_eq!(unseen(nothing.clone(), binding()), Some(false), "{nothing}");
        }
        assert!(matches!(binding().arguments_unseen(), Ok(false)));
    }
}
