#!/usr/bin/env bash
# Real MCP clients, not mocks, against examples/conformance_server.rs (rmcp,
# streamable HTTP), whose tools ask with the one call `Ask::form`:
#   - the official Python SDK, pinned `mcp` from PyPI in a venv this script
#     creates, in its default mode (protocol 2026-07-28: input_required and
#     requestState) and in legacy mode (2025-11-25: elicitation/create);
#   - the official TypeScript SDK, pinned `@modelcontextprotocol/sdk` from npm
#     (2025-11-25).
# Each answers with a valid answer, a title instead of a value, a value not
# offered, a string for a multi-select, a missing required field, decline and
# cancel, and asserts every outcome and the field order on the wire
# (.ci/clients/*). The Python client also answers a form, a sampled message
# and its roots that one call asks (python_inputs.py: one input_required
# round on 2026-07-28, three requests on 2025-11-25), and is not asked to
# sample without the capability. Then it sends each 2026-07-28 retry of one
# call to the other of two server processes that share only the
# requestState key. Then the Python client against the guide's server
# (examples/rmcp_server.rs): without elicitation it gets the result for the
# model and calls again with the argument; with elicitation it is asked only
# what the arguments lacked. rmcp's own client runs in `cargo test`
# (tests/rmcp/ask.rs, tests/rmcp_process.rs).
# Needs only PyPI and the npm registry; installs under the cargo target dir
# (the Python client with .ci/servers.sh, which also starts and stops the
# servers).
set -euo pipefail
cd "$(dirname "$0")/.."

typescript_sdk_version=1.32.2

# shellcheck source=servers.sh
source .ci/servers.sh
mkdir -p "$tools/node"

echo "== clients: @modelcontextprotocol/sdk@$typescript_sdk_version"
node_major=$(node --version 2>/dev/null | sed -n 's/^v\([0-9]*\)\..*/\1/p')
if [ "${node_major:-0}" -lt 18 ]; then
    echo "the TypeScript SDK needs Node.js 18 or newer; found: $(node --version 2>/dev/null || echo none)"
    exit 1
fi
installed=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$tools/node/node_modules/@modelcontextprotocol/sdk/package.json" 2>/dev/null || true)
if [ "$installed" != "$typescript_sdk_version" ]; then
    echo "{\"private\": true, \"dependencies\": {\"@modelcontextprotocol/sdk\": \"$typescript_sdk_version\"}}" >"$tools/node/package.json"
    (cd "$tools/node" && npm install --no-audit --no-fund --loglevel=error)
fi
# Node resolves packages next to the script, so the script runs from there.
cp .ci/clients/ts_client.mjs "$tools/node/ts_client.mjs"

echo "== clients: build and start examples/conformance_server.rs, twice (one key)"
build conformance_server
export REQUEST_STATE_KEY=enum-schema-ci-request-state-key-0123456789
start server-2 conformance_server 0
other_url=$url
start server conformance_server 0
echo "servers at $url and $other_url"

failed=0
run() {
    local name=$1
    shift
    echo "== clients: $name"
    if ! timeout 300 "$@"; then
        echo "$name: FAILED"
        failed=1
    fi
}
run "Python SDK, default mode (2026-07-28)" "$python" .ci/clients/python_client.py "$url" auto
run "Python SDK, legacy mode (2025-11-25)" "$python" .ci/clients/python_client.py "$url" legacy
run "Python SDK, a form, a sampled message and the roots in one call (2026-07-28)" \
    "$python" .ci/clients/python_inputs.py "$url" auto
run "Python SDK, a form, a sampled message and the roots in one call (2025-11-25)" \
    "$python" .ci/clients/python_inputs.py "$url" legacy
run "TypeScript SDK (2025-11-25)" node "$tools/node/ts_client.mjs" "$url"
run "Python SDK, default mode, each retry to the other process" \
    "$python" .ci/clients/python_two_servers.py "$url" "$other_url"

echo "== clients: build and start examples/rmcp_server.rs (the guide's server)"
build rmcp_server
# It listens on 127.0.0.1:3000, as the guide says.
start rmcp_server rmcp_server
guide_url=$url
run "Python SDK, the guide's server, arguments and no elicitation (2026-07-28)" \
    "$python" .ci/clients/python_fallback.py "$guide_url" auto
run "Python SDK, the guide's server, arguments and no elicitation (2025-11-25)" \
    "$python" .ci/clients/python_fallback.py "$guide_url" legacy

if [ "$failed" -ne 0 ]; then
    echo "server logs:"
    cat "$tools/server.log" "$tools/server-2.log" "$tools/rmcp_server.log"
    exit 1
fi
echo "== clients: every check passed"
