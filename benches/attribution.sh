#!/usr/bin/env bash
# Where the CPU of a call over HTTP goes, `Ask` against the bound twins
# (benches/twin_server.rs, TWINS=bound), by counts that do not depend on how
# busy the machine is, then by both kinds loaded at the same time (issue 47).
# The load is benches/throughput.rs with `--calls N`: a fixed number of whole
# calls. A per-call figure is the difference between a load of N1 and one of
# N2 calls, over N2 - N1, so that start-up and shut-down cancel.
#
#   bash benches/attribution.sh instructions  # every server process under callgrind: instructions per call
#   VGFLAGS="--cache-sim=yes --branch-sim=yes --I1=65536,8,64 --D1=49152,12,64 --LL=2097152,16,64" \
#       bash benches/attribution.sh instructions   # and simulated cache misses and mispredictions
#   bash benches/attribution.sh footprint     # the distinct code run on every call (64-byte lines)
#   bash benches/attribution.sh syscalls      # strace -c -f: system calls per call, by name
#   bash benches/attribution.sh events        # perf stat: task-clock, context switches, migrations, page faults
#   bash benches/attribution.sh together      # both kinds loaded at once: calls/s, p99, server CPU per call
#
# Knobs: STORES ("sealed memory"), TOOLS ("two_questions deploy"), CLIENTS
# (1; `together`: 4 per kind), N1/N2 (100/500 calls), RUNTIME (multi_thread,
# or current_thread: one thread does all the server's work), CLIENT_CG=1
# (`instructions`: count the load client instead of the servers), RUNS (3,
# `together` and `events`), SECONDS_EACH (5, `together`), SA/SB (`together`:
# the server binaries of each side, B=ask to load Ask on both sides, A=hand
# the twins; BREADTH_A/BREADTH_B, with A=hand, what distinct code costs a
# call: see benches/load/breadth.rs).
# Needs valgrind, strace, perf (Debian's linux-perf) and python3. Load goes
# to 127.0.0.1 only, bounded in calls and time; the servers are stopped at
# the end. Honours CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=load/servers.sh
source benches/load/servers.sh

what=${1:-}
target_dir=${CARGO_TARGET_DIR:-target}
stores=${STORES:-sealed memory}
tools=${TOOLS:-two_questions deploy}
n1=${N1:-100}
n2=${N2:-500}
out="$target_dir/attribution/$what"
helper=benches/load/attribution.py
mkdir -p "$out"
export REQUEST_STATE_KEY=enum-schema-throughput-request-state-key-0123456789
export TWINS=${TWINS:-bound}

if [ -z "${S:-}" ] || [ -z "${L:-}" ]; then
    cargo bench --quiet --features rmcp,store --bench twin_server --bench throughput --no-run
fi
newest() { ls -t "$target_dir"/release/deps/"$1"-* | grep -v '\.d$' | head -n 1; }
server=${S:-$(newest twin_server)}
load=${L:-$(newest throughput)}
echo "$what: $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+changes'), load average $(cut -d' ' -f1-3 /proc/loadavg), RUNTIME=${RUNTIME:-multi_thread}"

pids=()
stop_all() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    pids=()
}
trap stop_all EXIT

# serve KIND STORE NAME [WRAPPER..]: the processes of one kind (two, or one
# with STORE=memory, whose URL is then given twice), each under WRAPPER
# (valgrind, strace, or nothing) with its files at $out/NAME-P; sets
# $urls and $served (their pids).
serve() {
    local kind=$1 store=$2 name=$3 flag=--ask count=2 p log
    shift 3
    [ "$kind" = hand ] && flag=--by-hand
    [ "$store" = memory ] && count=1
    urls=()
    served=()
    for p in $(seq 1 "$count"); do
        log="$out/$name-$p.log"
        rm -f "$log"
        local wrapped=("$@")
        [ ${#wrapped[@]} -gt 0 ] && wrapped=("${wrapped[@]//@FILE@/$out/$name-$p}")
        STORE=$store "${wrapped[@]}" "${SERVER:-$server}" "$flag" 0 >"$log" 2>&1 &
        served+=($!)
        pids+=($!)
        for _ in $(seq 1 1200); do
            grep -q '^listening' "$log" 2>/dev/null && break
            sleep 0.1
        done
        urls+=("$(listening "$log")")
    done
    [ "$count" = 1 ] && urls+=("${urls[0]}")
    true
}
# unserve SIGNAL: stops the processes `serve` started (each the wrapper's
# child when wrapped: strace prints its table when its child exits).
unserve() {
    local pid
    for pid in "${served[@]}"; do
        if [ "$1" = child ]; then pkill -TERM -P "$pid" || true; else kill "$pid"; fi
    done
    for pid in "${served[@]}"; do wait "$pid" 2>/dev/null || true; done
    pids=()
}
# drive TOOL N FILE: one load of N calls, its line in FILE; fails on a failed call.
drive() {
    "$load" "${urls[0]}" "${urls[1]}" --tool "$1" --clients "${CLIENTS:-1}" --calls "$2" \
        --seconds 900 >"$3"
    grep -q "($2 completed in .*, 0 failed)" "$3" || { echo "not $2 calls: $(cat "$3")" >&2; return 1; }
}

case "$what" in
instructions)
    for store in $stores; do
        for tool in $tools; do
            declare -A summed=()
            for kind in ask hand; do
                for n in $n1 $n2; do
                    name="$kind-$store-$tool-$n"
                    # shellcheck disable=SC2086
                    if [ -n "${CLIENT_CG:-}" ]; then
                        serve "$kind" "$store" "$name"
                        valgrind --tool=callgrind ${VGFLAGS:-} --callgrind-out-file="$out/$name-client.cg" \
                            "$load" "${urls[0]}" "${urls[1]}" --tool "$tool" --clients "${CLIENTS:-1}" \
                            --calls "$n" --seconds 900 >"$out/$name.load" 2>"$out/$name-client.log"
                        files=("$out/$name-client.cg")
                    else
                        serve "$kind" "$store" "$name" valgrind --tool=callgrind ${VGFLAGS:-} \
                            --callgrind-out-file=@FILE@.cg
                        drive "$tool" "$n" "$out/$name.load"
                        files=()
                        for p in $(seq 1 ${#served[@]}); do files+=("$out/$name-$p.cg"); done
                    fi
                    unserve parent
                    summed[$kind-$n]=$(for f in "${files[@]}"; do sed -n 's/^summary: //p' "$f"; done |
                        awk '{ for (i = 1; i <= NF; i++) s[i] += $i; n = NF }
                             END { for (i = 1; i <= n; i++) printf "%s%d", (i > 1 ? "," : ""), s[i] }')
                done
            done
            events=$(sed -n 's/^events: //p' "${files[0]}")
            python3 "$helper" counts "$store" "$tool" "$n1" "$n2" "$events" \
                "${summed[ask-$n1]}" "${summed[ask-$n2]}" "${summed[hand-$n1]}" "${summed[hand-$n2]}"
        done
    done
    ;;
footprint)
    for store in $stores; do
        for tool in $tools; do
            for kind in ask hand; do
                name="$kind-$store-$tool-$n2"
                serve "$kind" "$store" "$name" valgrind --tool=callgrind --dump-instr=yes \
                    --callgrind-out-file=@FILE@.cg
                drive "$tool" "$n2" "$out/$name.load"
                unserve parent
                for p in $(seq 1 ${#served[@]}); do
                    echo "== $store $tool, $kind, process $p of ${#served[@]}: code run on every call it served"
                    # Each process of two serves every other round.
                    python3 "$helper" footprint "$out/$name-$p.cg" $((n2 * (${#served[@]} == 2 ? 1 : 2) / 2))
                done
            done
        done
    done
    ;;
syscalls)
    for store in $stores; do
        for tool in $tools; do
            for kind in ask hand; do
                for n in $n1 $n2; do
                    name="$kind-$store-$tool-$n"
                    serve "$kind" "$store" "$name" strace -c -f -o @FILE@.st
                    drive "$tool" "$n" "$out/$name.load"
                    unserve child
                done
            done
            python3 "$helper" syscalls "$out" "$store" "$tool" "$n1" "$n2"
        done
    done
    ;;
events)
    tick=$(getconf CLK_TCK)
    for store in $stores; do
        for tool in $tools; do
            echo "== $store $tool, ${CLIENTS:-1} clients, $n2 calls a run, pairs A B, B A"
            for r in $(seq 1 "${RUNS:-3}"); do
                order="ask hand"
                [ $((r % 2)) -eq 0 ] && order="hand ask"
                for kind in $order; do
                    name="$kind-$store-$tool-$r"
                    serve "$kind" "$store" "$name"
                    perf stat -x, -e task-clock,context-switches,cpu-migrations,page-faults \
                        -p "$(IFS=,; echo "${served[*]}")" -o "$out/$name.perf" &
                    perf=$!
                    sleep 0.2
                    ticks0=$(for p in "${served[@]}"; do awk '{print $14, $15}' "/proc/$p/stat"; done |
                        awk '{u += $1; s += $2} END {print u, s}')
                    drive "$tool" "$n2" "$out/$name.load"
                    ticks1=$(for p in "${served[@]}"; do awk '{print $14, $15}' "/proc/$p/stat"; done |
                        awk '{u += $1; s += $2} END {print u, s}')
                    kill -INT "$perf"
                    wait "$perf" || true
                    unserve parent
                    calls=$(sed -n 's/.*(\([0-9]*\) completed.*/\1/p' "$out/$name.load")
                    awk -F, -v k="$kind" -v c="$calls" -v t0="$ticks0" -v t1="$ticks1" -v tick="$tick" '
                        $3 == "task-clock" { t = $1 } $3 == "context-switches" { cs = $1 }
                        $3 == "cpu-migrations" { m = $1 } $3 == "page-faults" { pf = $1 }
                        END { split(t0, a, " "); split(t1, b, " ")
                              printf "%-4s %7.1f us CPU/call (user %6.1f, system %6.1f)  %6.2f context switches  %5.3f migrations  %5.3f page faults per call\n",
                                     k, t * 1000 / c, (b[1] - a[1]) * 1e6 / tick / c, (b[2] - a[2]) * 1e6 / tick / c, cs / c, m / c, pf / c }' \
                        "$out/$name.perf"
                done
            done
        done
    done
    ;;
together)
    # The run time of every thread of the processes, in ns.
    run_ns() {
        local total=0 p f
        for p in "$@"; do
            for f in /proc/"$p"/task/*/schedstat; do
                total=$((total + $(cut -d' ' -f1 "$f" 2>/dev/null || echo 0)))
            done
        done
        echo "$total"
    }
    for store in $stores; do
        for tool in $tools; do
            echo "== $store $tool: ${CLIENTS:-4} clients for each kind, both kinds at once, ${SECONDS_EACH:-5} s a run; ${A:-ask} / ${B:-hand}"
            for _ in $(seq 1 "${RUNS:-3}"); do
                BREADTH=${BREADTH_A:-} SERVER=${SA:-$server} serve "${A:-ask}" "$store" ask
                a_pids=("${served[@]}")
                a_urls=("${urls[@]}")
                BREADTH=${BREADTH_B:-} SERVER=${SB:-$server} serve "${B:-hand}" "$store" other
                b_pids=("${served[@]}")
                b_urls=("${urls[@]}")
                a0=$(run_ns "${a_pids[@]}")
                b0=$(run_ns "${b_pids[@]}")
                "$load" "${a_urls[0]}" "${a_urls[1]}" --tool "$tool" --clients "${CLIENTS:-4}" \
                    --seconds "${SECONDS_EACH:-5}" --warmup 0 >"$out/ask.load" &
                a_load=$!
                "$load" "${b_urls[0]}" "${b_urls[1]}" --tool "$tool" --clients "${CLIENTS:-4}" \
                    --seconds "${SECONDS_EACH:-5}" --warmup 0 >"$out/other.load" &
                b_load=$!
                wait "$a_load" "$b_load" || echo "a call failed" >&2
                a1=$(run_ns "${a_pids[@]}")
                b1=$(run_ns "${b_pids[@]}")
                served=("${a_pids[@]}" "${b_pids[@]}")
                unserve parent
                python3 "$helper" together "$a0" "$a1" "$b0" "$b1" "$out/ask.load" "$out/other.load"
            done
        done
    done
    ;;
*)
    sed -n '2,/^set -euo/p' "$0" | sed '$d'
    exit 1
    ;;
esac
