#!/usr/bin/env bash
# Throughput over HTTP of the same two tools written with `Ask` and written
# by hand on rmcp's own MCP 2026-07-28 API (benches/twin_server.rs, release
# build): two `--ask` processes and two `--by-hand` processes, each pair
# sharing only REQUEST_STATE_KEY, every call's rounds alternating between
# the two processes of its pair (benches/throughput.rs). For each client
# count and each tool (`test_two_questions`, three rounds; `deploy`, four),
# the two servers are loaded in turn, REPEATS times (Ask then by hand, then
# by hand then Ask, and so on), and
# the script prints each run's line (completed calls per second, p50/p99
# per round, each server's resident memory) and then the ratios Ask / by
# hand of the medians: calls per second (target at least 0.95) and p99 of
# a round (target at most 1.05), and the median of each pair's own ratios with
# their spread (a pair: the two kinds one after the other, in one repeat).
#
# One call is a whole call of the tool: its rounds in turn, from the first
# (no state) to the one that completes it, each with the state the round
# before sealed and the answer to the question it asked; no round is sent
# twice (a round of a call that completed is refused: a call completes
# once). It counts when its last round returns the expected text.
#
# Each run has processes of its own, started for it and stopped after it,
# so that a run's memory is its own: without a store, a process remembers
# every call it completed until the call's states expire (10 minutes), at
# most 100,000 (Ask's limit, and the bound twins'); past that it forgets
# the thousand that expire first (at 64 clients, some 3,500 completed calls
# a second, after about 28 s).
#
# STORE says where the answers wait between rounds, for both kinds of
# server alike (benches/twin_server.rs):
#
#   sealed  (the default) in the requestState itself, as above;
#   memory  in the server process, under a single-use handle that the
#           requestState seals (Ask: MemoryStore; by hand: the twins' map):
#           ONE process of each kind, which every round of a call reaches
#           (the load client is given its URL twice);
#   redis   in a redis-server this script starts on a free port (no
#           persistence) and stops at the end, which all four processes
#           share (Ask's keys under enum-schema:answers:, the twins' under
#           by-hand:state:); needs redis-server on the PATH.
#
# TWINS=bound serves the hand-written tools bound to the questions shown,
# as Ask binds its answers (the digest of every question answered or asked
# sealed or stored, and checked every round); TWINS=plain (the default)
# the twins as they are.
#
#   bash benches/throughput.sh              # CLIENTS="1 8 64" TOOLS="two_questions deploy" SECONDS_EACH=10 REPEATS=2 STORE=sealed
#   CLIENTS="1" TOOLS=deploy SECONDS_EACH=5 REPEATS=1 bash benches/throughput.sh
#   STORE=redis CLIENTS="8" bash benches/throughput.sh
#
# Load goes to 127.0.0.1 only; every run is bounded in time (SECONDS_EACH
# plus a one-second warm-up) and the servers are stopped at the end.
# Honours CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=load/servers.sh
source benches/load/servers.sh

clients=${CLIENTS:-1 8 64}
tools=${TOOLS:-two_questions deploy}
seconds=${SECONDS_EACH:-10}
repeats=${REPEATS:-2}
target_dir=${CARGO_TARGET_DIR:-target}
store=${STORE:-sealed}
case "$store" in
sealed) features=rmcp ;;
memory) features=rmcp,store ;;
redis) features=rmcp,redis ;;
*)
    echo "STORE=$store: give sealed, memory or redis"
    exit 1
    ;;
esac
if [ "$store" = redis ] && ! command -v redis-server >/dev/null; then
    echo "STORE=redis needs redis-server on the PATH"
    exit 1
fi

echo "== throughput: build the release servers and the load client (--features $features)"
cargo bench --quiet --features "$features" --bench twin_server --bench throughput --no-run
# The bench binaries themselves: the newest executable of each.
newest() {
    ls -t "$target_dir"/release/deps/"$1"-* | grep -v '\.d$' | head -n 1
}
server=$(newest twin_server)
load=$(newest throughput)

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

# With STORE=redis: a redis-server of its own, stopped with the servers.
if [ "$store" = redis ]; then
    start_redis "$logs/redis.log"
    pids+=("$redis_pid")
    export STORE="$redis_url"
else
    export STORE="$store"
fi

# start NAME KIND: one server process; sets $url.
start() {
    local log="$logs/server-$1.log"
    rm -f "$log"
    "$server" "$2" 0 >"$log" 2>&1 &
    pids+=($!)
    url=$(listening "$log")
}
# serve KIND: the two processes of one kind, `ask` or `hand`, for one run
# (with STORE=memory, one process, its URL twice); sets $urls and $pids_of.
serve() {
    local flag=--ask
    [ "$1" = hand ] && flag=--by-hand
    start "$1-a" "$flag"
    urls=("$url")
    pids_of=("${pids[-1]}")
    if [ "$store" = memory ]; then
        urls+=("$url")
    else
        start "$1-b" "$flag"
        urls+=("$url")
        pids_of+=("${pids[-1]}")
    fi
}
# unserve: stops the processes of the run, and forgets them.
unserve() {
    local pid kept=()
    for pid in "${pids_of[@]}"; do
        kill "$pid"
        wait "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        [[ " ${pids_of[*]} " == *" $pid "* ]] || kept+=("$pid")
    done
    pids=("${kept[@]}")
}
echo "store $STORE, twins ${TWINS:-plain}; the servers of each run started for it"
echo "nproc $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+changes')"

# median of the numbers on stdin
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

for count in $clients; do
    for tool in $tools; do
        runs="$logs/runs-$tool-$count.txt"
        : >"$runs"
        for repeat in $(seq 1 "$repeats"); do
            # A B, then B A: neither server always runs first.
            order="ask hand"
            [ $((repeat % 2)) -eq 0 ] && order="hand ask"
            for kind in $order; do
                serve "$kind"
                pid_args=()
                for pid in "${pids_of[@]}"; do pid_args+=(--pid "$pid"); done
                line=$("$load" "${urls[0]}" "${urls[1]}" --tool "$tool" --clients "$count" \
                    --seconds "$seconds" "${pid_args[@]}")
                unserve
                echo "$kind: $line"
                echo "$kind $line" >>"$runs"
            done
        done
        calls() { # KIND: the median calls per second of KIND's runs
            grep "^$1 " "$runs" | sed -n 's/.*: *\([0-9.]*\) calls\/s.*/\1/p' | median
        }
        p99() { # KIND: the median p99 of a round in KIND's runs
            grep "^$1 " "$runs" | sed -n 's/.*, p99 \([0-9.]*\) ms.*/\1/p' | median
        }
        awk -v tool="$tool" -v count="$count" \
            -v ask_calls="$(calls ask)" -v hand_calls="$(calls hand)" \
            -v ask_p99="$(p99 ask)" -v hand_p99="$(p99 hand)" \
            'BEGIN { printf "ratio %s at %d clients, Ask / by hand: calls/s %.3fx (%s / %s), p99 %.3fx (%s / %s ms)\n",
                     tool, count, ask_calls / hand_calls, ask_calls, hand_calls,
                     ask_p99 / hand_p99, ask_p99, hand_p99 }'
        # Each repeat is a pair (Ask and by hand, one after the other): the
        # median of the pairs' own ratios, and their spread.
        pairs() { # FIELD: calls or p99
            awk -v field="$1" '
                { v = $0
                  if (field == "calls") { sub(/ calls\/s.*/, "", v); sub(/.*: */, "", v) }
                  else { sub(/.*, p99 /, "", v); sub(/ ms.*/, "", v) }
                  kind[NR] = $1; value[NR] = v }
                END { for (i = 1; i + 1 <= NR; i += 2) {
                          a = (kind[i] == "ask") ? value[i] : value[i + 1]
                          h = (kind[i] == "ask") ? value[i + 1] : value[i]
                          print a / h } }' "$runs" | sort -g |
                awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                       printf "%.3fx (%.3fx to %.3fx, %d pairs)", m, v[1], v[NR], NR }'
        }
        echo "pairs $tool at $count clients, Ask / by hand: calls/s $(pairs calls), p99 $(pairs p99)"
    done
done
