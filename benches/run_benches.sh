#!/usr/bin/env bash
# Runs every divan benchmark RUNS times (round-robin over the bench targets,
# so that a slow spell of a noisy machine hits every contender alike), keeps
# each run's output, and prints the tables of BENCHMARKS.md.
#
#   bash benches/run_benches.sh        # RUNS=5 by default; ~3 min plus the build
#
# Outputs go to target/bench-results/ (or $CARGO_TARGET_DIR/bench-results/,
# or $BENCH_RESULTS): NAME-RUN.txt is divan's table, NAME-RUN.err its stderr,
# tables.md the summary (median over runs of divan's medians, the spread of
# those medians, allocations per iteration, ratios).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${RUNS:-5}
OUT=${BENCH_RESULTS:-${CARGO_TARGET_DIR:-$ROOT/target}/bench-results}
BENCHES=(parse schema form)

cd "$ROOT"
mkdir -p "$OUT"
rm -f "$OUT"/*.txt "$OUT"/*.err
# Build once, then run the same binaries every time: a library edit made
# while this runs cannot change what is measured half-way.
declare -A EXE
while read -r name path; do
  EXE[$name]=$path
done < <(cargo bench --features bench --no-run --message-format=json "${BENCHES[@]/#/--bench=}" | python3 -c '
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("reason") == "compiler-artifact" and message["target"]["kind"] == ["bench"] and message.get("executable"):
        print(message["target"]["name"], message["executable"])
')
for bench in "${BENCHES[@]}"; do
  [ -n "${EXE[$bench]:-}" ] || { echo "no binary for bench $bench: did the build fail?" >&2; exit 1; }
done
REVISION="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git status --porcelain -- enum-schema enum-schema-core enum-schema-derive 2>/dev/null)" ]; then
  REVISION="$REVISION + uncommitted changes"
fi
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for ((run = 1; run <= RUNS; run++)); do
  for bench in "${BENCHES[@]}"; do
    echo "run $run: $bench" >&2
    "${EXE[$bench]}" --bench >"$OUT/$bench-$run.txt" 2>"$OUT/$bench-$run.err"
  done
done
{
  echo "enum-schema $REVISION; $RUNS runs; load average before: $LOAD_BEFORE, after: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  python3 "$ROOT/benches/divan_report.py" "$OUT"
} | tee "$OUT/tables.md"
