#!/usr/bin/env bash
# Real clients against examples/pmcp_server.rs (pmcp 2.23, its streamable
# HTTP server: MCP 2026-07-28 and 2025-11-25 on one endpoint), whose tools
# ask with `enum_schema::pmcp::Ask`:
# - the official Python SDK client (pinned `mcp` from PyPI, in a venv under
#   the target directory), in its default mode (2026-07-28: input_required,
#   this crate's state inside pmcp's sealed continuation) and in legacy mode
#   (2025-11-25: elicitation/create on the session's GET stream):
#   .ci/clients/python_client.py (every answer kind, the field order, two
#   questions), .ci/clients/python_fallback.py (a client without
#   elicitation gets the result for the model, then calls again with the
#   argument; a client with elicitation is asked only what the arguments
#   lack), .ci/clients/python_inputs.py (a form, a sampled message and the
#   roots in one call; a client that declared no sampling gets -32603
#   naming -32021, since pmcp sends every error a handler returns as
#   -32603);
# - every official conformance scenario of .ci/conformance.sh: the three of
#   2025-11-25 and the fourteen `input-required-result-*` of 2026-07-28;
#   none is skipped.
# Not run against it: .ci/clients/stateless.py (the rounds of one call on
# two processes), since the example keeps the answers of earlier rounds in
# its own memory (`enum_schema::pmcp::seal()`): processes share them only through a
# shared store. pmcp's own Rust client runs in `cargo test` (tests/pmcp/).
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

echo "== pmcp: build the example server"
cargo build --quiet --features pmcp --example pmcp_server

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

log="$tools/pmcp_server.log"
rm -f "$log"
REQUEST_STATE_KEY=enum-schema-ci-state-key-32bytes "$target_dir/debug/examples/pmcp_server" 0 >"$log" 2>&1 &
pids+=($!)
url=
for _ in $(seq 1 300); do
    url=$(sed -n 's/^listening on \(http:.*\)$/\1/p' "$log" 2>/dev/null || true)
    if [ -n "$url" ]; then
        break
    fi
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "pmcp_server did not start listening within 30 seconds:"
    cat "$log"
    exit 1
fi

for mode in auto legacy; do
    case "$mode" in
        auto) revision=2026-07-28 ;;
        legacy) revision=2025-11-25 ;;
    esac
    echo "== pmcp: the official Python SDK client, $mode mode ($revision)"
    "$tools/venv/bin/python" .ci/clients/python_client.py "$url" "$mode"
    echo "== pmcp: the Python client with and without elicitation, the argument ($revision)"
    "$tools/venv/bin/python" .ci/clients/python_fallback.py "$url" "$mode"
    echo "== pmcp: a form, a sampled message and the roots in one call ($revision)"
    "$tools/venv/bin/python" .ci/clients/python_inputs.py "$url" "$mode" pmcp
done
stop_servers
pids=()

.ci/conformance.sh pmcp_server pmcp
echo "== pmcp: every check passed"
