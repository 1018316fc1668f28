//! `roots/list`: the `ListRootsResult` a client answers with (MCP
//! 2025-06-18 on; inside `inputResponses` on 2026-07-28).

use std::path::PathBuf;

use serde_json::{Map, Value};

use super::sampling::{malformed, member, object, optional_string};
use crate::error::quote::is_bidi_control;
use crate::error::Error;

/// Whether `c` may not appear in a URI: a control character (C0, DEL,
/// C1) or a bidirectional control, which RFC 3986 and RFC 3987 leave out.
fn not_in_a_uri(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// Whether `uri` starts with `file://`, its scheme in any case (RFC 3986
/// §3.1: `FILE://` is the same scheme).
fn is_file_uri(uri: &str) -> bool {
    uri.get(..7)
        .is_some_and(|start| start.eq_ignore_ascii_case("file://"))
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
/// // The scheme in any case, kept lowercase.
/// let result = ListRootsResult::from_json(json!({"roots": [{"uri": "FILE:///tmp/x"}]}))?;
/// assert_eq!(result.roots()[0].uri(), "file:///tmp/x");
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
    /// MCP requires for now; the scheme in any case, as RFC 3986 §3.1
    /// reads it, and kept lowercase) and holds no control character (a newline, a
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
                    Some(Value::String(mut uri))
                        if is_file_uri(&uri) && !uri.chars().any(not_in_a_uri) =>
                    {
                        uri.replace_range(..4, "file");
                        uri
                    }
                    Some(Value::String(uri)) if is_file_uri(&uri) => {
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
    /// `uri`, a `file://` URI (its scheme lowercase, the rest as the client
    /// sent it).
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// `name`, if the client gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The local path the root's URI names, percent-decoded, as the OS this
    /// server runs on writes it; `None` where the URI names no such path.
    /// It is a path on the client's machine: a server that reaches the
    /// client over a network should not expect it to exist on its own.
    ///
    /// | `uri` | Linux, macOS and other Unix | Windows |
    /// |---|---|---|
    /// | `file:///home/ana/My%20Project` | `/home/ana/My Project` | `None` (no drive) |
    /// | `file://localhost/home/ana` | `/home/ana` | `None` |
    /// | `file:///c%3A/temp` (as VS Code sends it) | `/c:/temp` | `C:\temp` |
    /// | `file:///C:/My%20Project` | `/C:/My Project` | `C:\My Project` |
    /// | `file://server/share/folder` | `None` (another host) | `\\server\share\folder` |
    ///
    /// - On Unix, the URI's path decoded into bytes, kept as they are (a
    ///   file name need not be UTF-8: `%FF` is the byte 0xFF). A Windows
    ///   client's drive path reads as the Unix path it spells
    ///   (`/c:/temp`), which is not the client's folder.
    /// - On Windows, a drive path (`C:` first, as `c:`, `C:` or `c%3A`,
    ///   or `C|` as older clients write it; the letter uppercase, `/` as
    ///   `\`), or a UNC path for a host other than `localhost`; a path
    ///   with neither is not absolute there, and is `None`, as is one that
    ///   decodes to anything but UTF-8.
    /// - Everywhere, `None` for a URI with a query or a fragment (`?`, `#`),
    ///   a `.` or `..` segment (`%2E` counted as `.`: a root names its
    ///   folder directly, and a server that checks that a file lies inside
    ///   a root must not be led out of it), a segment that decodes to a
    ///   separator (`%2F`; on Windows `%5C` and `\` too) or to a NUL.
    ///   Other targets read a path as Unix does, in UTF-8 only.
    ///
    /// ```
    /// use enum_schema::ask::ListRootsResult;
    /// use serde_json::json;
    ///
    /// let result = ListRootsResult::from_json(json!({"roots": [
    ///     {"uri": "file:///home/ana/My%20Project"},
    ///     {"uri": "file:///c%3A/temp"},
    ///     {"uri": "file:///home/ana/../bob"},
    /// ]}))?;
    /// let paths: Vec<_> = result.roots().iter().map(|root| root.to_path()).collect();
    /// # #[cfg(unix)]
    /// assert_eq!(
    ///     paths,
    ///     [Some("/home/ana/My Project".into()), Some("/c:/temp".into()), None],
    /// );
    /// # #[cfg(windows)]
    /// assert_eq!(paths, [None, Some(r"C:\temp".into()), None]);
    /// # Ok::<(), enum_schema::Error>(())
    /// ```
    pub fn to_path(&self) -> Option<PathBuf> {
        #[cfg(windows)]
        {
            let path = local_path(&self.uri, Style::Windows)?;
            String::from_utf8(path).ok().map(PathBuf::from)
        }
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let path = local_path(&self.uri, Style::Unix)?;
            Some(PathBuf::from(std::ffi::OsString::from_vec(path)))
        }
        #[cfg(not(any(unix, windows)))]
        {
            let path = local_path(&self.uri, Style::Unix)?;
            String::from_utf8(path).ok().map(PathBuf::from)
        }
    }
}

/// How an OS writes a local path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    /// `/home/ana`.
    Unix,
    /// `C:\Users\ana`, `\\server\share`.
    Windows,
}

/// The local path a `file://` URI (its scheme in any case) names, as
/// `style` writes it, in bytes (see [`Root::to_path`]); `None` where it
/// names none. Both styles are tested on every OS.
fn local_path(uri: &str, style: Style) -> Option<Vec<u8>> {
    let rest = uri.get("file://".len()..)?;
    if rest.contains(['?', '#']) {
        return None;
    }
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let separators: &[u8] = match style {
        Style::Unix => b"/",
        Style::Windows => b"/\\",
    };
    let decode = |text: &str| {
        let decoded: Vec<u8> = percent_encoding::percent_decode_str(text).collect();
        let is_dot = decoded == b"." || decoded == b"..";
        let breaks = decoded
            .iter()
            .any(|byte| *byte == 0 || separators.contains(byte));
        (!is_dot && !breaks).then_some(decoded)
    };
    // The segments after the path's first `/`.
    let segments = path
        .get(1..)
        .map(|path| path.split('/').map(decode).collect::<Option<Vec<_>>>())
        .unwrap_or(Some(Vec::new()))?;
    let local = host.is_empty() || host.eq_ignore_ascii_case("localhost");
    let (mut path, rest) = match style {
        Style::Unix if local && !path.is_empty() => (Vec::new(), segments.as_slice()),
        Style::Unix => return None,
        Style::Windows if local => {
            let (drive, rest) = segments.split_first()?;
            let &[letter, b':' | b'|'] = drive.as_slice() else {
                return None;
            };
            if !letter.is_ascii_alphabetic() {
                return None;
            }
            (vec![letter.to_ascii_uppercase(), b':'], rest)
        }
        Style::Windows => {
            // A server's name, not a user or a port.
            let host =
                decode(host).filter(|host| !host.contains(&b'@') && !host.contains(&b':'))?;
            match segments.first() {
                Some(share) if !share.is_empty() => {}
                _ => return None,
            }
            ([b"\\\\".as_slice(), &host].concat(), segments.as_slice())
        }
    };
    let separator = match style {
        Style::Unix => b'/',
        Style::Windows => b'\\',
    };
    // `C:` alone is the drive's current folder: its root is `C:\`.
    if rest.is_empty() {
        path.push(separator);
    }
    for segment in rest {
        path.push(separator);
        path.extend_from_slice(segment);
    }
    // Windows names files in UTF-16: bytes that are no UTF-8 name none.
    if style == Style::Windows && std::str::from_utf8(&path).is_err() {
        return None;
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::{local_path, Style};

    /// The path of `uri` in each style, as text (`None` for none, or for
    /// bytes that are not UTF-8).
    fn paths(uri: &str) -> (Option<String>, Option<String>) {
        let text = |style| local_path(uri, style).and_then(|path| String::from_utf8(path).ok());
        (text(Style::Unix), text(Style::Windows))
    }

    fn some(path: &str) -> Option<String> {
        Some(path.to_owned())
    }

    #[test]
    fn a_root_names_a_path_on_each_os() {
        for (uri, unix, windows) in [
            (
                "file:///home/ana/My%20Project",
                some("/home/ana/My Project"),
                None,
            ),
            ("FILE:///tmp/x", some("/tmp/x"), None),
            ("File://LocalHost/tmp/x", some("/tmp/x"), None),
            ("file:///home/ana/", some("/home/ana/"), None),
            ("file:///", some("/"), None),
            ("file://", None, None),
            ("file://localhost", None, None),
            ("file:///home/jos%C3%A9", some("/home/josé"), None),
            (
                "file:///home/josé/My Project",
                some("/home/josé/My Project"),
                None,
            ),
            // VS Code: the drive letter lowercase, its colon encoded.
            ("file:///c%3A/temp", some("/c:/temp"), some(r"C:\temp")),
            (
                "file:///c%3a/Users/ana/",
                some("/c:/Users/ana/"),
                some(r"C:\Users\ana\"),
            ),
            (
                "file:///C:/My%20Project",
                some("/C:/My Project"),
                some(r"C:\My Project"),
            ),
            ("file:///d|/src", some("/d|/src"), some(r"D:\src")),
            ("file:///C:", some("/C:"), some(r"C:\")),
            ("file:///C:/", some("/C:/"), some(r"C:\")),
            ("file://localhost/C:/x", some("/C:/x"), some(r"C:\x")),
            ("file:///CC:/x", some("/CC:/x"), None),
            ("file:///1:/x", some("/1:/x"), None),
            // UNC.
            (
                "file://server/share/folder",
                None,
                some(r"\\server\share\folder"),
            ),
            ("file://server/", None, None),
            ("file://server", None, None),
            ("file://ana@server/share", None, None),
            ("file://server:445/share", None, None),
            // What no root should be read as.
            ("file:///tmp/x?y=1", None, None),
            ("file:///tmp/x#top", None, None),
            ("file:///home/ana/../bob", None, None),
            ("file:///home/ana/./x", None, None),
            ("file:///home/ana/%2e%2E/bob", None, None),
            ("file:///C:/ana/../bob", None, None),
            ("file:///tmp/a%2Fb", None, None),
            ("file:///tmp/a%00b", None, None),
            ("file:///C:/a%5Cb", some(r"/C:/a\b"), None),
            ("file:///C:/a\\b", some(r"/C:/a\b"), None),
            ("file:///C:/a%FFb", None, None),
            ("file:///C:/a%C3%A9b", some("/C:/aéb"), some(r"C:\aéb")),
        ] {
            assert_eq!(paths(uri), (unix, windows), "{uri}");
        }
        // Bytes that are no UTF-8 are a Unix path all the same.
        assert_eq!(
            local_path("file:///tmp/%FF", Style::Unix),
            Some(b"/tmp/\xFF".to_vec())
        );
    }
}
