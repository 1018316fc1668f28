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
# Servers listen on a free port of 127.0.0.1 and are stopped at the end
# (.ci/servers.sh, which also installs the Python client).
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=servers.sh
source .ci/servers.sh

echo "== pmcp: build the example server"
build pmcp_server

REQUEST_STATE_KEY=enum-schema-ci-state-key-32bytes start pmcp_server pmcp_server 0

for mode in auto legacy; do
    case "$mode" in
        auto) revision=2026-07-28 ;;
        legacy) revision=2025-11-25 ;;
    esac
    echo "== pmcp: the official Python SDK client, $mode mode ($revision)"
    "$python" .ci/clients/python_client.py "$url" "$mode"
    echo "== pmcp: the Python client with and without elicitation, the argument ($revision)"
    "$python" .ci/clients/python_fallback.py "$url" "$mode"
    echo "== pmcp: a form, a sampled message and the roots in one call ($revision)"
    "$python" .ci/clients/python_inputs.py "$url" "$mode" pmcp
done
stop_servers

.ci/conformance.sh pmcp_server
echo "== pmcp: every check passed"
