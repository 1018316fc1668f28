#!/usr/bin/env bash
# Real clients against examples/tower_mcp_server.rs (tower-mcp 0.25, one
# streamable HTTP endpoint for MCP 2026-07-28 and 2025-11-25), whose tools
# ask with `enum_schema::tower_mcp::Ask`:
# - the official Python SDK client (pinned `mcp` from PyPI, in a venv under
#   the target directory) with .ci/clients/python_client.py, in its default
#   mode (2026-07-28: input_required, sealed requestState) and in legacy
#   mode (2025-11-25: elicitation/create): every answer kind, the field
#   order, two questions;
# - raw JSON-RPC (.ci/clients/stateless.py): the rounds of one call served
#   by two processes sharing only the requestState key, a third with
#   another key refusing the state;
# - every official conformance scenario of .ci/conformance.sh: the three of
#   2025-11-25 (`elicitation/create` on the session's SSE stream) and the
#   fourteen `input-required-result-*` of 2026-07-28; none is skipped.
# tower-mcp's own Rust client runs in `cargo test` (tests/tower_mcp/e2e.rs).
# Servers listen on a free port of 127.0.0.1 and are stopped at the end
# (.ci/servers.sh, which also installs the Python client).
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=servers.sh
source .ci/servers.sh

echo "== tower-mcp: build the example server"
build tower_mcp_server

export REQUEST_STATE_KEY=enum-schema-ci-state-key-32bytes
start tower_mcp_server tower_mcp_server 0
url_a=$url
echo "== tower-mcp: the official Python SDK client, default mode (2026-07-28)"
"$python" .ci/clients/python_client.py "$url" auto
echo "== tower-mcp: the official Python SDK client, legacy mode (2025-11-25)"
"$python" .ci/clients/python_client.py "$url" legacy

echo "== tower-mcp: the rounds of one call across two processes sharing the key"
start tower_mcp_server_b tower_mcp_server 0
url_b=$url
REQUEST_STATE_KEY=another-key-of-at-least-32-bytes start tower_mcp_server_c tower_mcp_server 0
url_c=$url
unset REQUEST_STATE_KEY
"$python" .ci/clients/stateless.py "$url_a" "$url_b" "$url_c"
stop_servers

.ci/conformance.sh tower_mcp_server
echo "== tower-mcp: every check passed"
