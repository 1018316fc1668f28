#!/usr/bin/env bash
# Real clients against the rust-mcp-sdk example and the rmcp client example:
# - examples/rust_mcp_sdk_server.rs (rust-mcp-sdk 2.0, MCP 2026-07-28 only),
#   driven by the official Python SDK client (pinned `mcp` from PyPI, in a
#   venv under the target directory) in its default mode, 2026-07-28, with
#   .ci/clients/python_client.py: every answer kind, the field order, two
#   questions; and, with raw JSON-RPC (.ci/clients/stateless.py), the rounds
#   of one call served by two processes sharing only the requestState key.
#   The official conformance scenarios (.ci/conformance.sh): the fourteen
#   `input-required-result-*` of 2026-07-28; the three of 2025-11-25 are
#   skipped (below).
#   Not run against it, because rust-mcp-sdk 2.0 cannot serve 2025-11-25
#   (see the enum_schema::rust_mcp_sdk docs): the Python client's legacy
#   mode, the TypeScript SDK client, and the conformance scenarios
#   tools-call-elicitation, elicitation-sep1330-enums and
#   elicitation-sep1034-defaults.
# - examples/rmcp_client.rs, answering from examples/data/client/*.json,
#   against examples/conformance_server.rs (rmcp) on 2025-11-25 and 2026-07-28: a valid
#   answer goes through; a title instead of a value is caught before it is
#   sent (exit 2, the server sees a cancel).
# Servers listen on a free port of 127.0.0.1 and are stopped at the end
# (.ci/servers.sh, which also installs the Python client).
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=servers.sh
source .ci/servers.sh

echo "== rust-mcp-sdk: build the example server and the rmcp client"
build rust_mcp_sdk_server rmcp_client conformance_server

echo "== rust-mcp-sdk: the official Python SDK client, default mode (2026-07-28)"
export REQUEST_STATE_KEY=enum-schema-ci-state-key-32bytes
start rust_mcp_sdk_server rust_mcp_sdk_server 0
url_a=$url
"$python" .ci/clients/python_client.py "$url" auto

echo "== rust-mcp-sdk: the rounds of one call across two processes sharing the key"
start rust_mcp_sdk_server_b rust_mcp_sdk_server 0
url_b=$url
REQUEST_STATE_KEY=another-key-of-exactly-32-bytes! start rust_mcp_sdk_server_c rust_mcp_sdk_server 0
url_c=$url
unset REQUEST_STATE_KEY
"$python" .ci/clients/stateless.py "$url_a" "$url_b" "$url_c"

# The three scenarios of 2025-11-25 (which the suite runs at no later
# revision: 2026-07-28 removed server-sent elicitation/create) open with
# `initialize`, which carries no `_meta`; rust-mcp-sdk 2.0's HTTP handler
# refuses every request without the `_meta` keys before dispatching it
# (validate_stateless_request, src/mcp_http/http_utils.rs:583-606, called
# at src/mcp_http/mcp_http_handler.rs:370), and serves only
# ProtocolVersion::latest(), 2026-07-28 (src/utils.rs:180-182).
CONFORMANCE_SKIP='tools-call-elicitation elicitation-sep1330-enums elicitation-sep1034-defaults' \
    CONFORMANCE_SKIP_REASON='MCP 2025-11-25: rust-mcp-sdk 2.0 answers its initialize with -32602 "missing _meta keys" (src/mcp_http/http_utils.rs:583-606) and serves 2026-07-28 only (src/utils.rs:180-182)' \
    .ci/conformance.sh rust_mcp_sdk_server

echo "== rmcp client: scripted answers against examples/conformance_server.rs (2025-11-25)"
start conformance_server conformance_server 0
client="$target_dir/debug/examples/rmcp_client"
output=$("$client" "$url" test_elicitation_sep1330_enums --protocol 2025-11-25 \
    --answers examples/data/client/sep1330_accept.json)
expected='Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3","legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}'
if ! grep -qxF "$expected" <<<"$output"; then
    echo "rmcp client, valid answer: unexpected output:"
    echo "$output"
    exit 1
fi
echo "rmcp client, valid answer: ok"
# The same answer on rmcp's default revision, 2026-07-28: the request comes
# inside an input_required result, and the retry carries the answer.
output=$("$client" "$url" test_elicitation_sep1330_enums \
    --answers examples/data/client/sep1330_accept.json)
if ! grep -qxF "$expected" <<<"$output"; then
    echo "rmcp client on 2026-07-28, valid answer: unexpected output:"
    echo "$output"
    exit 1
fi
echo "rmcp client on 2026-07-28, valid answer: ok"
set +e
output=$("$client" "$url" test_elicitation_sep1330_enums --protocol 2025-11-25 \
    --answers examples/data/client/sep1330_title.json 2>&1)
status=$?
set -e
if [ "$status" -ne 2 ] || ! grep -qF 'not sent, the answer breaks the requestedSchema: field `titledSingle`: invalid value "Third Option": the client sent the title of option "value3" instead of its value' <<<"$output" \
    || ! grep -qxF 'Elicitation completed: action=cancel, content={}' <<<"$output"; then
    echo "rmcp client, title instead of value: exit $status, output:"
    echo "$output"
    exit 1
fi
echo "rmcp client, title instead of value caught before sending: ok"
echo "== rust-mcp-sdk and rmcp client runs: every check passed"
