//! What the load drivers share (`benches/throughput.rs`,
//! `benches/failover.rs`; `benches/round.rs` its `tools/call` params): one
//! MCP server over HTTP on 127.0.0.1, a
//! keep-alive HTTP/1.1 connection that sends raw JSON-RPC `tools/call`
//! requests of MCP 2026-07-28 to it, and latency quantiles.

use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One server: `127.0.0.1:PORT` and the path of its MCP endpoint.
#[derive(Clone)]
pub struct Server {
    pub address: String,
    pub path: String,
}

impl Server {
    pub fn parse(url: &str) -> Result<Server, String> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| format!("{url}: not an http:// URL"))?;
        let (address, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        if !address.starts_with("127.0.0.1:") {
            return Err(format!("{url}: load is only sent to 127.0.0.1"));
        }
        Ok(Server {
            address: address.to_owned(),
            path: if path.is_empty() { "/" } else { path }.to_owned(),
        })
    }
}

/// A keep-alive HTTP/1.1 connection to one server.
pub struct Connection {
    server: Server,
    stream: Option<BufReader<TcpStream>>,
}

impl Connection {
    /// A connection to `server`, opened at the first call.
    pub fn new(server: Server) -> Connection {
        Connection {
            server,
            stream: None,
        }
    }

    /// Sends `params` as a `tools/call` and returns the JSON-RPC response.
    pub async fn call(&mut self, params: &Value) -> Result<Value, String> {
        let result = self.exchange(params).await;
        if result.is_err() {
            self.stream = None; // a fresh connection for the next call
        }
        result
    }

    async fn exchange(&mut self, params: &Value) -> Result<Value, String> {
        let stream = match &mut self.stream {
            Some(stream) => stream,
            None => {
                let stream = TcpStream::connect(&self.server.address)
                    .await
                    .map_err(|error| format!("connect {}: {error}", self.server.address))?;
                // The client's own requests go out whole (one write each),
                // so Nagle's algorithm on this side delays nothing.
                stream
                    .set_nodelay(true)
                    .map_err(|error| error.to_string())?;
                self.stream.insert(BufReader::new(stream))
            }
        };
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
            .to_string();
        let request = format!(
            "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nMcp-Method: tools/call\r\n\
             Mcp-Name: {}\r\nMCP-Protocol-Version: 2026-07-28\r\n\
             Content-Length: {}\r\n\r\n{body}",
            self.server.path,
            self.server.address,
            params["name"].as_str().unwrap_or_default(),
            body.len()
        );
        let io = |error: std::io::Error| error.to_string();
        stream
            .get_mut()
            .write_all(request.as_bytes())
            .await
            .map_err(io)?;

        let mut line = String::new();
        stream.read_line(&mut line).await.map_err(io)?;
        if !line.starts_with("HTTP/1.1 200") {
            return Err(format!("status line {:?}", line.trim_end()));
        }
        let (mut length, mut chunked, mut event_stream) = (None, false, false);
        loop {
            line.clear();
            if stream.read_line(&mut line).await.map_err(io)? == 0 {
                return Err("connection closed in the headers".to_owned());
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').unwrap_or((header, ""));
            let value = value.trim();
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
                "content-type" => event_stream = value.starts_with("text/event-stream"),
                _ => {}
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                stream.read_line(&mut line).await.map_err(io)?;
                let size = line.trim_end().split(';').next().unwrap_or("");
                let size = usize::from_str_radix(size, 16)
                    .map_err(|_| format!("chunk size {:?}", line.trim_end()))?;
                let start = body.len();
                body.resize(start + size + 2, 0); // the chunk and its CRLF
                stream.read_exact(&mut body[start..]).await.map_err(io)?;
                body.truncate(start + size);
                if size == 0 {
                    break;
                }
            }
        } else {
            let length = length.ok_or("neither Content-Length nor chunked")?;
            body.resize(length, 0);
            stream.read_exact(&mut body).await.map_err(io)?;
        }
        let body = String::from_utf8(body).map_err(|error| error.to_string())?;
        let json = if event_stream {
            // The first event's data lines.
            body.lines()
                .skip_while(|line| !line.starts_with("data:"))
                .take_while(|line| line.starts_with("data:"))
                .map(|line| line["data:".len()..].trim_start())
                .collect::<Vec<_>>()
                .join("\n")
        } else {
            body
        };
        serde_json::from_str(&json).map_err(|error| format!("{error}: {json}"))
    }
}

/// The params of a 2026-07-28 `tools/call` of `test_two_questions`, with
/// `extra` (`inputResponses`, `requestState`) in them.
pub fn params(extra: Value) -> Value {
    params_of("test_two_questions", extra)
}

/// The params of a 2026-07-28 `tools/call` of `tool` by a client that
/// elicits forms, with `extra` in them.
pub fn params_of(tool: &str, extra: Value) -> Value {
    let mut params = json!({
        "name": tool,
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        },
    });
    if let (Some(params), Value::Object(extra)) = (params.as_object_mut(), extra) {
        params.extend(extra);
    }
    params
}

/// The `fraction` quantile of sorted `durations`, in milliseconds.
pub fn quantile_ms(durations: &[Duration], fraction: f64) -> f64 {
    if durations.is_empty() {
        return f64::NAN;
    }
    let rank = (fraction * durations.len() as f64).ceil() as usize;
    durations[rank.clamp(1, durations.len()) - 1].as_secs_f64() * 1e3
}
