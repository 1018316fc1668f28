//! `sampling/createMessage`: the params a server sends and the
//! `CreateMessageResult` a client answers with (MCP 2025-06-18 on; inside
//! `inputRequests`/`inputResponses` on 2026-07-28).

use std::borrow::Cow;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind};

/// The params of a `sampling/createMessage` request:
/// `{"messages":[{"role":"user","content":{"type":"text","text":PROMPT}}],"maxTokens":N}`
/// and any other member of MCP's `CreateMessageRequestParams`
/// (`systemPrompt`, `temperature`, `stopSequences`, `modelPreferences`,
/// `metadata`, ..).
///
/// ```
/// use enum_schema::ask::CreateMessageParams;
/// use serde_json::json;
///
/// let params = CreateMessageParams::new("What is the capital of France?", 100)
///     .with_system_prompt("Answer in one word.");
/// assert_eq!(
///     serde_json::to_value(&params).unwrap(),
///     json!({
///         "messages": [{"role": "user", "content": {"type": "text", "text": "What is the capital of France?"}}],
///         "maxTokens": 100,
///         "systemPrompt": "Answer in one word.",
///     }),
/// );
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CreateMessageParams(Map<String, Value>);

impl Serialize for CreateMessageParams {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl CreateMessageParams {
    /// One user message, the text `prompt`, to be answered in at most
    /// `max_tokens` tokens.
    pub fn new(prompt: impl Into<String>, max_tokens: u32) -> Self {
        let mut content = Map::new();
        content.insert("type".to_owned(), Value::from("text"));
        content.insert("text".to_owned(), Value::from(prompt.into()));
        let mut message = Map::new();
        message.insert("role".to_owned(), Value::from("user"));
        message.insert("content".to_owned(), Value::Object(content));
        let mut params = Map::new();
        params.insert(
            "messages".to_owned(),
            Value::Array(vec![Value::Object(message)]),
        );
        params.insert("maxTokens".to_owned(), Value::from(max_tokens));
        CreateMessageParams(params)
    }

    /// The same params with `systemPrompt`.
    #[must_use]
    pub fn with_system_prompt(self, prompt: impl Into<String>) -> Self {
        self.with_member("systemPrompt", Value::from(prompt.into()))
    }

    /// The same params with the member `name` set to `value`, as MCP's
    /// `CreateMessageRequestParams` defines it (`temperature`,
    /// `stopSequences`, `modelPreferences`, `messages` for a conversation,
    /// ..). The client checks them; this crate sends them as they are,
    /// but for the members that need a capability beyond `sampling` (MCP
    /// 2025-11-25 on): `tools` and `toolChoice` are sent only to a client
    /// that declared `sampling.tools`, an `includeContext` other than
    /// `"none"` only to one that declared `sampling.context`; to another,
    /// `Ask` refuses the question before anything is sent
    /// ([`ElicitError::UnsupportedParam`](crate::ask::ElicitError::UnsupportedParam),
    /// `{"requiredCapabilities":{"sampling":{"tools":{}}}}`).
    #[must_use]
    pub fn with_member(mut self, name: impl Into<String>, value: Value) -> Self {
        self.0.insert(name.into(), value);
        self
    }

    /// The params as JSON.
    pub fn as_json(&self) -> &Map<String, Value> {
        &self.0
    }
}

/// Who wrote a sampled message: MCP's `Role`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `"user"`.
    User,
    /// `"assistant"`.
    Assistant,
}

impl Role {
    /// The role as MCP spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// A client's answer to `sampling/createMessage`, checked:
/// `{"role":"assistant","content":{"type":"text","text":".."},"model":"..","stopReason":"endTurn"}`
/// (`content` one block or an array of them; MCP 2025-11-25 and
/// 2026-07-28, `CreateMessageResult`).
///
/// ```
/// use enum_schema::ask::{CreateMessageResult, Role};
/// use serde_json::json;
///
/// let result = CreateMessageResult::from_json(json!({
///     "role": "assistant",
///     "content": {"type": "text", "text": "Paris."},
///     "model": "test-model",
///     "stopReason": "endTurn",
/// }))?;
/// assert_eq!(result.role(), Role::Assistant);
/// assert_eq!(result.text(), "Paris.");
/// assert_eq!(result.model(), "test-model");
///
/// let text = json!({"type": "text", "text": "Paris."});
/// let error = CreateMessageResult::from_json(json!({"role": "assistant", "content": text})).unwrap_err();
/// assert_eq!(error.to_string(), "malformed CreateMessageResult: `model` is missing");
///
/// let error = CreateMessageResult::from_json(json!({"role": "assistant", "content": [], "model": "m"})).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "malformed CreateMessageResult: `content` is an empty array; a sampled message has at least one content block (found [])",
/// );
/// # Ok::<(), enum_schema::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CreateMessageResult {
    role: Role,
    content: Value,
    model: String,
    stop_reason: Option<String>,
    meta: Option<Map<String, Value>>,
}

impl CreateMessageResult {
    /// Reads and checks a `CreateMessageResult`: an object with `role`
    /// (`"user"` or `"assistant"`), `content` (a content block or a
    /// non-empty array of them, each a `text` block with `text`, an
    /// `image` or `audio` block with `data` and `mimeType`, a `tool_use`
    /// block with `id`, `name` and an object `input`, or a `tool_result`
    /// block with `toolUseId` and an array `content`), `model` (a string), and
    /// optionally `stopReason` (a string) and `_meta` (an object). Other
    /// members are not kept.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MalformedResponse`] naming the first member that is
    /// missing or wrong; for `"content": []`, "`content` is an empty
    /// array; a sampled message has at least one content block" (the
    /// schema's array has no `minItems`, but a message without content
    /// says nothing, and [`text`](Self::text) could not tell it from a
    /// message of images).
    pub fn from_json(value: Value) -> Result<Self, Error> {
        const RESULT: &str = "CreateMessageResult";
        let mut result = object(RESULT, value, "not an object")?;
        let role = match result.remove("role") {
            Some(Value::String(role)) if role == "user" => Role::User,
            Some(Value::String(role)) if role == "assistant" => Role::Assistant,
            found => {
                return Err(member(RESULT, "`role`", r#""user" or "assistant""#, found));
            }
        };
        let content = result.remove("content");
        match &content {
            Some(Value::Array(blocks)) if blocks.is_empty() => {
                return Err(malformed(
                    RESULT,
                    "`content` is an empty array; a sampled message has at least one content block",
                    content,
                ))
            }
            Some(Value::Array(blocks)) => {
                for block in blocks {
                    check_block(block)?;
                }
            }
            Some(block @ Value::Object(_)) => check_block(block)?,
            _ => {
                return Err(member(
                    RESULT,
                    "`content`",
                    "a content block or an array of them",
                    content,
                ))
            }
        }
        let model = match result.remove("model") {
            Some(Value::String(model)) => model,
            found => return Err(member(RESULT, "`model`", "a string", found)),
        };
        let stop_reason = optional_string(RESULT, &mut result, "stopReason", "`stopReason`")?;
        let meta = match result.remove("_meta") {
            None => None,
            Some(Value::Object(meta)) => Some(meta),
            found => return Err(member(RESULT, "`_meta`", "an object", found)),
        };
        Ok(CreateMessageResult {
            role,
            content: content.unwrap_or_default(),
            model,
            stop_reason,
            meta,
        })
    }

    /// `role`.
    pub fn role(&self) -> Role {
        self.role
    }

    /// The content blocks, checked, as the client sent them: one block or
    /// several, never none.
    pub fn content(&self) -> &[Value] {
        match &self.content {
            Value::Array(blocks) => blocks,
            block => std::slice::from_ref(block),
        }
    }

    /// The text of the `text` blocks, in order, joined with newlines; empty
    /// for a message without text.
    pub fn text(&self) -> String {
        let texts: Vec<&str> = self
            .content()
            .iter()
            .filter(|block| block["type"] == "text")
            .filter_map(|block| block["text"].as_str())
            .collect();
        texts.join("\n")
    }

    /// `model`: the name of the model that wrote the message.
    pub fn model(&self) -> &str {
        &self.model
    }

    /// `stopReason`, if the client said (`"endTurn"`, `"stopSequence"`,
    /// `"maxTokens"`, `"toolUse"`, or a provider's own).
    pub fn stop_reason(&self) -> Option<&str> {
        self.stop_reason.as_deref()
    }

    /// The result as JSON, with the members it keeps.
    pub fn to_json(&self) -> Value {
        let mut result = Map::new();
        result.insert("role".to_owned(), Value::from(self.role.as_str()));
        result.insert("content".to_owned(), self.content.clone());
        result.insert("model".to_owned(), Value::from(self.model.as_str()));
        if let Some(reason) = &self.stop_reason {
            result.insert("stopReason".to_owned(), Value::from(reason.as_str()));
        }
        if let Some(meta) = &self.meta {
            result.insert("_meta".to_owned(), Value::Object(meta.clone()));
        }
        Value::Object(result)
    }
}

/// A member a content block must have: its name, its check, and what the
/// check wants, in words.
type Member = (&'static str, fn(&Value) -> bool, &'static str);

/// Checks one content block of a sampled message.
fn check_block(block: &Value) -> Result<(), Error> {
    const RESULT: &str = "CreateMessageResult";
    let Some(fields) = block.as_object() else {
        return Err(malformed(
            RESULT,
            "a content block is not an object",
            Some(block.clone()),
        ));
    };
    let wants: &[Member] = match fields.get("type").and_then(Value::as_str) {
        Some("text") => &[("text", Value::is_string, "a string")],
        Some("image" | "audio") => &[
            ("data", Value::is_string, "a string"),
            ("mimeType", Value::is_string, "a string"),
        ],
        Some("tool_use") => &[
            ("id", Value::is_string, "a string"),
            ("name", Value::is_string, "a string"),
            ("input", Value::is_object, "an object"),
        ],
        Some("tool_result") => &[
            ("toolUseId", Value::is_string, "a string"),
            ("content", Value::is_array, "an array"),
        ],
        _ => {
            return Err(malformed(
                RESULT,
                r#"a content block's `type` is not "text", "image", "audio", "tool_use" or "tool_result""#,
                Some(fields.get("type").cloned().unwrap_or(Value::Null)),
            ))
        }
    };
    for (name, check, expected) in wants {
        let found = fields.get(*name);
        if !found.is_some_and(check) {
            let name = format!("a content block's `{name}`");
            return Err(member(RESULT, &name, expected, found.cloned()));
        }
    }
    Ok(())
}

/// [`ErrorKind::MalformedResponse`].
pub(crate) fn malformed(
    result: &'static str,
    reason: impl Into<Cow<'static, str>>,
    found: Option<Value>,
) -> Error {
    Error::from(ErrorKind::MalformedResponse {
        result,
        reason: reason.into(),
        found,
    })
}

/// The members of `value`, if it is an object; else `reason`.
pub(crate) fn object(
    result: &'static str,
    value: Value,
    reason: &'static str,
) -> Result<Map<String, Value>, Error> {
    match value {
        Value::Object(members) => Ok(members),
        value => Err(malformed(result, reason, Some(value))),
    }
}

/// The string member `key` (`name`, as a message shows it) taken out of
/// `members`, if there is one.
pub(crate) fn optional_string(
    result: &'static str,
    members: &mut Map<String, Value>,
    key: &str,
    name: &str,
) -> Result<Option<String>, Error> {
    match members.remove(key) {
        None => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        found => Err(member(result, name, "a string", found)),
    }
}

/// A member (`name`, as a message shows it) that is missing, or not what
/// MCP says it is.
pub(crate) fn member(
    result: &'static str,
    name: &str,
    expected: &str,
    found: Option<Value>,
) -> Error {
    match found {
        None => malformed(result, format!("{name} is missing"), None),
        Some(found) => malformed(result, format!("{name} is not {expected}"), Some(found)),
    }
}
