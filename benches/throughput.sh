#!/usr/bin/env bash
# Throughput of examples/conformance_server.rs (release build) on MCP
# 2026-07-28: two server processes sharing only REQUEST_STATE_KEY, each
# three-round `test_two_questions` call alternating between them
# (benches/throughput.rs), at 1, 8, 64 and 256 clients. Prints one line per
# client count: completed calls per second, p50/p99 latency per round, and
# each server's resident memory after the run (peak in parentheses).
#
#   bash benches/throughput.sh                   # CLIENTS="1 8 64 256" SECONDS_EACH=10
#   CLIENTS="1" SECONDS_EACH=5 bash benches/throughput.sh
#   SERVER=/tmp/conformance_server.old bash benches/throughput.sh   # another build
#
# Load goes to 127.0.0.1 only; every run is bounded in time (SECONDS_EACH
# plus a one-second warm-up per client count) and the servers are stopped
# at the end. Honours CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

clients=${CLIENTS:-1 8 64 256}
seconds=${SECONDS_EACH:-10}
target_dir=${CARGO_TARGET_DIR:-target}
# Another server binary to measure (a build of an earlier revision, say).
server=${SERVER:-$target_dir/release/examples/conformance_server}

echo "== throughput: build the release server and the load client"
cargo build --quiet --release --features rmcp --example conformance_server
cargo bench --quiet --features rmcp --bench throughput --no-run
# The bench binary itself: the newest throughput-* executable.
load=$(ls -t "$target_dir"/release/deps/throughput-* | grep -v '\.d$' | head -n 1)

export REQUEST_STATE_KEY=enum-schema-throughput-request-state-key-0123456789
logs="$target_dir/throughput"
mkdir -p "$logs"
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

urls=()
for name in a b; do
    log="$logs/server-$name.log"
    rm -f "$log"
    "$server" 0 >"$log" 2>&1 &
    pids+=($!)
    url=
    for _ in $(seq 1 100); do
        url=$(sed -n 's/^listening on \(http:.*\)$/\1/p' "$log" 2>/dev/null || true)
        [ -n "$url" ] && break
        sleep 0.1
    done
    if [ -z "$url" ]; then
        echo "server $name did not start listening:"
        cat "$log"
        exit 1
    fi
    urls+=("$url")
done
echo "servers at ${urls[*]} (pids ${pids[*]})"
echo "nproc $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+changes')"

for count in $clients; do
    "$load" "${urls[0]}" "${urls[1]}" --clients "$count" --seconds "$seconds" \
        --pid "${pids[0]}" --pid "${pids[1]}"
done
