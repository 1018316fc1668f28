#!/usr/bin/env bash
# Coverage-guided fuzzing of the entry points a client or peer can reach
# (cargo-fuzz, libFuzzer): the answer checks, the peer reader, enum values,
# and the server-side round reader of `enum_schema::ask` (`round`),
# each for a bounded time or number of
# executions, with a seed corpus made from the tests' data.
#
#   tests/fuzz/run.sh                 # every target, 60 s each
#   tests/fuzz/run.sh 600 peer_schema # one target, 10 minutes
#   FUZZ_RUNS=10000000 tests/fuzz/run.sh 0 enum_value   # 10^7 executions
#
# Needs `cargo install cargo-fuzz` and a nightly compiler; on a stable one,
# RUSTC_BOOTSTRAP=1 (set below) lets cargo-fuzz use the unstable flags.
# No sanitizer: the crates have no `unsafe`, and without AddressSanitizer
# the targets run several times faster; panics (failed assertions,
# arithmetic overflow: debug assertions are on) are the crashes.
#
# Every target is built first, then run from its binary, so that editing
# the sources meanwhile (in-place mutation testing, say) cannot change what
# is fuzzed. Prints, per target, the executions, the executions per second
# and any crash (saved under tests/fuzz/artifacts/<target>/; reproduce one
# with `cargo fuzz run --fuzz-dir tests/fuzz -s none <target> <file>`).
# Corpora, logs and artifacts are not committed.
set -euo pipefail
fuzz=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$fuzz/../.." && pwd)
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(form_result peer_schema enum_value round)
fi
export RUSTC_BOOTSTRAP=1

# The seed corpus: the committed seeds, plus the tests' data. Every peer
# schema of tests/data/peer (valid and invalid) goes to peer_schema, alone
# and as the one property of a requestedSchema, with a few answers after
# the NUL that separates schema and answer; the bundled answers of
# examples/data go to form_result; `round` writes its own (genuine sealed
# states and stored handles, made by running real rounds: ROUND_SEEDS=DIR).
seed() {
    local target=$1
    local corpus="$fuzz/corpus/$target"
    mkdir -p "$corpus"
    if [ -d "$fuzz/seeds/$target" ]; then cp "$fuzz/seeds/$target/"* "$corpus/"; fi
    case "$target" in
        peer_schema)
            local schema answer i
            for schema in "$root"/tests/data/peer/*/*.json; do
                i=0
                for answer in '"a"' '["a","b"]' '1' 'true' '{"action":"accept","content":{"p":"a"}}'; do
                    i=$((i + 1))
                    { cat "$schema"; printf '\0%s' "$answer"; } >"$corpus/$(basename "$schema" .json)-$i"
                    { printf '{"type":"object","properties":{"p":'; cat "$schema"; printf '},"required":["p"]}\0%s' "$answer"; } \
                        >"$corpus/requested-$(basename "$schema" .json)-$i"
                done
            done
            ;;
        form_result)
            cp "$root"/examples/data/*.json "$corpus/"
            ;;
        round)
            # Genuine states, sealed by real rounds of the target itself.
            ROUND_SEEDS="$corpus" "$bin/round"
            ;;
    esac
}

echo "== build"
(cd "$root" && cargo fuzz build --fuzz-dir "$fuzz" --sanitizer none)
triple=$(rustc -vV | sed -n 's/^host: //p')
bin="$fuzz/target/$triple/release"

summary=()
for target in "${targets[@]}"; do
    seed "$target"
    limits=(-max_total_time="$seconds")
    if [ -n "${FUZZ_RUNS:-}" ]; then
        limits=(-runs="$FUZZ_RUNS")
    fi
    mkdir -p "$fuzz/artifacts/$target"
    log="$fuzz/corpus/$target.log"
    echo "== $target: ${limits[*]}"
    set +e
"$bin/$target" "${limits[@]}" -dict="$fuzz/json.dict" -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$fuzz/artifacts/$target/" \
        "$fuzz/corpus/$target" >"$log" 2>&1
    status=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    result="ok"
    if [ "$status" -ne 0 ]; then
        result="FAILED (exit $status; see $log and $fuzz/artifacts/$target/)"
    fi
    summary+=("$target: ${runs:-?} executions, ${rate:-?} exec/s, $result")
    echo "${summary[-1]}"
done

echo "== summary"
printf '%s\n' "${summary[@]}"
for line in "${summary[@]}"; do
    case "$line" in *FAILED*) exit 1 ;; esac
done
