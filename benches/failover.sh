#!/usr/bin/env bash
# Load and failover on examples/conformance_server.rs, MCP 2026-07-28: two
# server processes sharing only REQUEST_STATE_KEY, CLIENTS clients doing
# whole three-round `test_two_questions` calls alternating between them
# (benches/failover.rs; a call is its three rounds in turn, the first with
# no state, each next with the state the one before sealed, and no round
# sent twice to one process: a process refuses a round of a call it
# completed) for DURATION seconds; at KILL_AT seconds one process is
# killed with `kill -9`, and restarted on the same port RESTART_AFTER
# seconds later. Clients send a failed round again to the other process.
# Every completed call's final text is checked; prints the completed calls,
# calls/s, wrong answers, lost calls, retried rounds and p50/p99 per round,
# and exits 1 on a wrong answer or a lost call.
#
# Sealed (no STORE), each process remembers the calls it completed until
# their states expire (10 minutes), at most 100,000: past that it forgets
# the thousand that expire first, so a long run loses no call to it (a 30 s
# run at 7,451 calls/s, RELIABILITY.md's, completes about 112,000 on
# server 0, never killed).
#
#   bash benches/failover.sh                      # CLIENTS=64 DURATION=30 KILL_AT=10
#   CLIENTS=8 DURATION=5 KILL_AT=2 bash benches/failover.sh
#   PROFILE=debug bash benches/failover.sh        # the debug builds (CI)
#   STORE=redis bash benches/failover.sh          # answers in a shared Redis
#
# With STORE=redis, a redis-server (nothing saved) is started on a free
# loopback port and both servers keep the answers there (RedisStore,
# feature `redis`; ANSWER_STORE_REDIS): a state is then a single-use
# handle, and a retried round that the killed process had already taken is
# refused; the client starts that call again (counted as restarted).
#
# Load goes to 127.0.0.1 only; the run is bounded (at most 256 clients,
# 120 seconds) and the servers are stopped at the end. Honours
# CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=load/servers.sh
source benches/load/servers.sh

clients=${CLIENTS:-64}
seconds=${DURATION:-30}
kill_at=${KILL_AT:-10}
restart_after=${RESTART_AFTER:-1}
profile=${PROFILE:-release}
store=${STORE:-}
features=rmcp
driver_flags=()
case "$store" in
    "") ;;
    redis) features=rmcp,redis driver_flags=(--store) ;;
    *) echo "STORE: redis, or unset"; exit 2 ;;
esac
if [ "${kill_at%.*}" -ge "${seconds%.*}" ]; then
    echo "KILL_AT ($kill_at) must come before the end of the run (DURATION $seconds)"
    exit 2
fi
target_dir=${CARGO_TARGET_DIR:-target}
case "$profile" in
    release) flag=--release dir=release ;;
    debug) flag= dir=debug ;;
    *) echo "PROFILE: release or debug"; exit 2 ;;
esac

echo "== failover: build the $profile server and the load client"
# shellcheck disable=SC2086
cargo build --quiet $flag --features "$features" --example conformance_server
# shellcheck disable=SC2086
cargo build --quiet $flag --features rmcp --bench failover
server=$target_dir/$dir/examples/conformance_server
# The bench binary itself: the newest failover-* executable.
load=$(ls -t "$target_dir/$dir"/deps/failover-* | grep -v '\.d$' | head -n 1)

export REQUEST_STATE_KEY=enum-schema-failover-request-state-key-0123456789
logs="$target_dir/failover"
mkdir -p "$logs"
pids=(0 0)
redis_pid=0
stop_servers() {
    for pid in "${pids[@]}" "$redis_pid"; do
        if [ "$pid" -ne 0 ] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            wait "$pid" 2>/dev/null || true
        fi
    done
}
trap stop_servers EXIT

# Starts server $1 (0 or 1) on port $2 (0: a free one); sets urls[$1].
urls=("" "")
start_server() {
    local index=$1 port=$2 log="$logs/server-$1.log"
    : >"$log"
    "$server" "$port" >>"$log" 2>&1 &
    pids[index]=$!
    urls[index]=$(listening "$log")
}
if [ "$store" = redis ]; then
    start_redis "$logs/redis.log"
    export ANSWER_STORE_REDIS="$redis_url"
    echo "redis-server at $ANSWER_STORE_REDIS (pid $redis_pid)"
fi
start_server 0 0
start_server 1 0
echo "servers at ${urls[*]} (pids ${pids[*]})"
echo "nproc $(nproc), load average $(cut -d' ' -f1-3 /proc/loadavg), $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+changes')"

"$load" "${urls[0]}" "${urls[1]}" --clients "$clients" --seconds "$seconds" "${driver_flags[@]}" &
driver=$!
sleep "$kill_at"
port=${urls[1]##*:}
port=${port%%/*}
echo "t=${kill_at}s: kill -9 server 1 (pid ${pids[1]})"
# The shell's own "Killed" notice of its job is not news here.
exec 3>&2 2>/dev/null
kill -9 "${pids[1]}"
wait "${pids[1]}" || true
exec 2>&3 3>&-
sleep "$restart_after"
start_server 1 "$port"
echo "${restart_after}s later: server 1 restarted on port $port (pid ${pids[1]})"
set +e
wait "$driver"
status=$?
set -e
exit "$status"
