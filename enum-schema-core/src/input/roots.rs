//! `roots/list`: the `ListRootsResult` a client answers with (MCP
//! 2025-06-18 on; inside `inputResponses` on 2026-07-28).

use serde_json::{Map, Value};

use super::sampling::{malformed, member, object, optional_string};
use crate::error::{is_bidi_control, Error};

/// Whether `c` may not appear in a URI: a control character (C0, DEL,
/// C1) or a bidirectional control, which RFC 3986 and RFC 3987 leave out.
fn not_in_a_uri(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// A client's answer to `roots/list`, checked:
/// `{"roots":[{"uri":"file:///home/me/project","name":"Project"}]}`
/// (MCP 2025-11-25 and 2026-07-28, `ListRootsResult`).
///
/// ```
/// use enum_schema::ask::ListRootsResult;
/// use serde_json::json;
///
/// let result = ListRootsResult::from_json(json!({
///     "roots": [{"uri": "file:///test/root", "name": "Test Root"}],
/// }))?;
/// assert_eq!(result.roots()[0].uri(), "file:///test/root");
/// assert_eq!(result.roots()[0].name(), Some("Test Root"));
///
/// let error = ListRootsResult::from_json(json!({"roots": [{"uri": "https://example.com"}]})).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     r#"malformed ListRootsResult: a root's `uri` does not start with file:// (found "https://example.com")"#,
/// );
///
/// let error = ListRootsResult::from_json(json!({"roots": [{"uri": "file:///tmp/a\nb"}]})).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     r#"malformed ListRootsResult: a root's `uri` holds a control character, which no URI may (found "file:///tmp/a\nb")"#,
/// );
/// # Ok::<(), enum_schema::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListRootsResult {
    roots: Vec<Root>,
}

/// One root of a [`ListRootsResult`]: a directory or file the server may
/// work on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    uri: String,
    name: Option<String>,
}

impl ListRootsResult {
    /// Reads and checks a `ListRootsResult`: an object whose `roots` is an
    /// array of objects, each with a `uri` that starts with `file://` (as
    /// MCP requires for now) and holds no control character (a newline, a
    /// NUL, an escape, a bidirectional control: none is part of a URI, and
    /// each would reach a path, a log or a terminal as it is), and
    /// optionally a string `name`. Other members (`_meta`) are not kept.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::MalformedResponse`](crate::ErrorKind::MalformedResponse)
    /// naming the first member that is missing or wrong.
    pub fn from_json(value: Value) -> Result<Self, Error> {
        const RESULT: &str = "ListRootsResult";
        let mut result = object(RESULT, value, "not an object")?;
        let roots = match result.remove("roots") {
            Some(Value::Array(roots)) => roots,
            found => return Err(member(RESULT, "`roots`", "an array", found)),
        };
        let roots = roots
            .into_iter()
            .map(|root| {
                let mut root = object(RESULT, root, "a root is not an object")?;
                let uri = match root.remove("uri") {
                    Some(Value::String(uri))
                        if uri.starts_with("file://") && !uri.chars().any(not_in_a_uri) =>
                    {
                        uri
                    }
                    Some(Value::String(uri)) if uri.starts_with("file://") => {
                        return Err(malformed(
                            RESULT,
                            "a root's `uri` holds a control character, which no URI may",
                            Some(Value::String(uri)),
                        ))
                    }
                    Some(Value::String(uri)) => {
                        return Err(malformed(
                            RESULT,
                            "a root's `uri` does not start with file://",
                            Some(Value::String(uri)),
                        ))
                    }
                    found => return Err(member(RESULT, "a root's `uri`", "a string", found)),
                };
                let name = optional_string(RESULT, &mut root, "name", "a root's `name`")?;
                Ok(Root { uri, name })
            })
            .collect::<Result<_, _>>()?;
        Ok(ListRootsResult { roots })
    }

    /// The roots, in the client's order.
    pub fn roots(&self) -> &[Root] {
        &self.roots
    }

    /// The result as JSON, with the members it keeps.
    pub fn to_json(&self) -> Value {
        let roots = self
            .roots
            .iter()
            .map(|root| {
                let mut json = Map::new();
                json.insert("uri".to_owned(), Value::from(root.uri.as_str()));
                if let Some(name) = &root.name {
                    json.insert("name".to_owned(), Value::from(name.as_str()));
                }
                Value::Object(json)
            })
            .collect();
        let mut result = Map::new();
        result.insert("roots".to_owned(), Value::Array(roots));
        Value::Object(result)
    }
}

impl Root {
    /// `uri`, a `file://` URI.
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// `name`, if the client gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
}
