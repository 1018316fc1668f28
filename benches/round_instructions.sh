#!/usr/bin/env bash
# Instructions per round of benches/round.rs (rmcp) and benches/round_sdks.rs
# (tower-mcp, rust-mcp-sdk), under callgrind: repeatable on a busy machine, where wall time
# is not. Each bench runs twice, with 20 and with 120 iterations, counting
# only inside `built` and `timed` (the request built from its params and the
# round served; round_sdks.rs builds it in `timed`), not the untimed rounds
# that make the state a timed round presents: a call completes once, so
# every iteration presents a state of a call of its own; a round's count is
# the difference over 100. Then the ratio of each `Ask` round to its
# hand-written twin, and to its bound twin (the twin that also binds each
# answer to the digest of the question shown and completes a call once, as
# `Ask` does: `bound_*`, rmcp only). Then the same for the store path of
# benches/round.rs (module `store`: `MemoryStore` against the twins' map,
# bound or not), counting only inside `timed` (the round served; the
# request is built outside, as it always was there).
#
#   bash benches/round_instructions.sh            # needs valgrind
#
# Honours CARGO_TARGET_DIR. Takes a few minutes (28 benches, twice each).
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${CARGO_TARGET_DIR:-target}
command -v valgrind >/dev/null || { echo "valgrind is not installed"; exit 1; }
cargo bench --quiet --features bench,store,tower-mcp,rust-mcp-sdk --bench round --bench round_sdks --no-run
bench=$(ls -t "$target_dir"/release/deps/round-* | grep -v '\.d$' | head -n 1)
sdks=$(ls -t "$target_dir"/release/deps/round_sdks-* | grep -v '\.d$' | head -n 1)
out="$target_dir/round_instructions"
mkdir -p "$out"

# The instructions of `name` with `iterations` iterations, in the bench
# binary `binary` whose module is `module` (round by default), counted
# inside the functions `toggles` names (`$module::built $module::timed` by
# default).
count() {
    local name=$1 iterations=$2 binary=${3:-$bench} module=${4:-round}
    local toggles=${5:-$module::built $module::timed} toggle flags=()
    for toggle in $toggles; do
        flags+=(--toggle-collect="$toggle")
    done
    local file="$out/$module-${name//::/-}-$iterations.cg"
    valgrind --tool=callgrind --collect-atstart=no "${flags[@]}" \
        --callgrind-out-file="$file" "$binary" --bench --exact "$module::$name" \
        --sample-count 1 --sample-size "$iterations" >"${file%.cg}.log" 2>&1
    sed -n 's/^summary: \([0-9]*\).*/\1/p' "$file"
}

# The instructions of one round: the count with 120 iterations less the
# count with 20, over 100 (the arguments are `count`'s, but iterations).
per_round() {
    local small large
    small=$(count "$1" 20 "${@:2}")
    large=$(count "$1" 120 "${@:2}")
    echo $(( (large - small) / 100 ))
}

# `A / B = A/Bx`, for two counts.
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%9d / %9d = %.2fx", a, b, a / b }'
}

declare -A rounds
for name in floor any_tool canned_first canned_seals canned_opens \
    first seals opens by_hand_first by_hand_seals by_hand_opens \
    deploy_first deploy_target deploy_rollout deploy_confirm \
    by_hand_deploy_first by_hand_deploy_target by_hand_deploy_rollout by_hand_deploy_confirm \
    bound_first bound_seals bound_opens \
    bound_deploy_first bound_deploy_target bound_deploy_rollout bound_deploy_confirm; do
    rounds[$name]=$(per_round "$name")
    printf '%-24s %9d instructions per round\n' "$name" "${rounds[$name]}"
done

kinds="first seals opens deploy_first deploy_target deploy_rollout deploy_confirm"
echo "== Ask / hand-written, per round"
for name in $kinds; do
    printf '%-16s %s\n' "$name" "$(ratio "${rounds[$name]}" "${rounds[by_hand_$name]}")"
done

echo "== Ask / bound twin (the question shown bound too), per round"
for name in $kinds; do
    printf '%-16s %s\n' "$name" "$(ratio "${rounds[$name]}" "${rounds[bound_$name]}")"
done

for sdk in tower rust_mcp_sdk; do
    echo "== $sdk (benches/round_sdks.rs): Ask / hand-written, per round"
    for name in first seals opens; do
        ask=$(per_round "${sdk}_$name" "$sdks" round_sdks round_sdks::timed)
        hand=$(per_round "${sdk}_by_hand_$name" "$sdks" round_sdks round_sdks::timed)
        printf '%-16s %s\n' "$name" "$(ratio "$ask" "$hand")"
    done
done

echo "== store (benches/round.rs, module store: MemoryStore against the twins' map): Ask / hand-written, and Ask / bound twin, per round"
for name in $kinds; do
    ask=$(per_round "store::$name" "$bench" round round::timed)
    hand=$(per_round "store::by_hand_$name" "$bench" round round::timed)
    bound=$(per_round "store::bound_$name" "$bench" round round::timed)
    printf '%-16s %s    %s\n' "$name" "$(ratio "$ask" "$hand")" "$(ratio "$ask" "$bound")"
done
