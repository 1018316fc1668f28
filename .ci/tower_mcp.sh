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
# Servers listen on a free port of 127.0.0.1 and are stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

mcp_version=2.3.0
target_dir=${CARGO_TARGET_DIR:-target}
tools="$target_dir/clients"
mkdir -p "$tools"

if [ ! -x "$tools/venv/bin/python" ]; then
    python3 -m venv "$tools/venv"
fi
if [ "$("$tools/venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))' 2>/dev/null || true)" != "$mcp_version" ]; then
    "$tools/venv/bin/pip" install --quiet --disable-pip-version-check "mcp==$mcp_version"
fi

echo "== tower-mcp: build the example server"
cargo build --quiet --features tower-mcp --example tower_mcp_server

pids=()
stop_servers() {
    for pid in "${pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            wait "$pid" 2>/dev/null || true
        fi
    done
}
trap stop_servers EXIT

# start LOG: starts the example server on a free port, sets $url.
start() {
    local log="$tools/$1.log"
    rm -f "$log"
    "$target_dir/debug/examples/tower_mcp_server" 0 >"$log" 2>&1 &
    pids+=($!)
    url=
    for _ in $(seq 1 300); do
        url=$(sed -n 's/^listening on \(http:.*\)$/\1/p' "$log" 2>/dev/null || true)
        if [ -n "$url" ]; then
            return
        fi
        sleep 0.1
    done
    echo "tower_mcp_server did not start listening within 30 seconds:"
    cat "$log"
    exit 1
}

export REQUEST_STATE_KEY=enum-schema-ci-state-key-32bytes
start tower_mcp_server
url_a=$url
echo "== tower-mcp: the official Python SDK client, default mode (2026-07-28)"
"$tools/venv/bin/python" .ci/clients/python_client.py "$url" auto
echo "== tower-mcp: the official Python SDK client, legacy mode (2025-11-25)"
"$tools/venv/bin/python" .ci/clients/python_client.py "$url" legacy

echo "== tower-mcp: the rounds of one call across two processes sharing the key"
start tower_mcp_server_b
url_b=$url
REQUEST_STATE_KEY=another-key-of-at-least-32-bytes start tower_mcp_server_c
url_c=$url
unset REQUEST_STATE_KEY
"$tools/venv/bin/python" .ci/clients/stateless.py "$url_a" "$url_b" "$url_c"
stop_servers
pids=()

.ci/conformance.sh tower_mcp_server tower-mcp
echo "== tower-mcp: every check passed"
