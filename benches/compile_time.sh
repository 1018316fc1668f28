#!/usr/bin/env bash
# Compile-time cost of `#[derive(ElicitEnum)]`, measured side by side with no
# derive, serde's and strum's derives on the same enums, in the same run.
#
#   bash benches/compile_time.sh          # from anywhere; ~5 min on 2 cores
#
# What it does (all under target/compile-bench/, or $CARGO_TARGET_DIR/compile-bench/):
#
# 1. Rebuilds. Generates a throw-away workspace with two workloads, (a) `many`:
#    100 enums of 20 unit variants, (b) `big`: one enum of 1,000 variants, each
#    in one crate per contender:
#      none    no derive (the baseline)
#      elicit  #[derive(ElicitEnum)] #[elicit(rename_all = "kebab-case")]
#      titled  the same with `#[elicit(title = "...")]` on every variant
#              (information serde has no place for; shown for scale)
#      serde   #[derive(serde::Serialize, serde::Deserialize)] #[serde(rename_all = "kebab-case")]
#      strum   #[derive(EnumString, AsRefStr, VariantNames)] #[strum(serialize_all = "kebab-case")]
#    Dependencies are built once; then, round-robin over the crates, RUNS times:
#    touch src/lib.rs, `cargo build -p CRATE` with CARGO_INCREMENTAL=0 (or 1), wall
#    time. Reports the median, the spread (min..max), and each derive's added
#    cost (median minus the baseline's median) with its ratio to serde's;
#    then each crate's no-op build (cargo's own start-up and dependency
#    checks, which grow with the runtime crate's dependency graph), and the
#    added cost with it left out, against strum's.
#    Then each crate's rustc invocation alone, as cargo runs it (proc macro
#    included, cargo's own start-up and dependency checks left out): its
#    wall time, the minimum of RUNS, and with valgrind installed its
#    instruction count (callgrind), which is the same on every run; and the
#    instructions of the whole rebuild, `cargo build -p CRATE` after a touch
#    with every process it starts, the rebuild section's figure without the
#    noise.
# 2. Expanded code size. `cargo rustc -p CRATE -- -Zunpretty=expanded` (what
#    `cargo expand` runs; RUSTC_BOOTSTRAP=1 lets stable rustc take the -Z flag,
#    as cargo-expand itself does), whitespace collapsed, minus the baseline's;
#    from the two workloads it solves size = enums*F + variants*V for the
#    per-enum cost F and the per-variant cost V.
# 3. Clean builds (CLEAN_RUNS times each, median): a crate depending on
#    enum-schema (default features), on serde + serde_json alone, on serde
#    with `derive` + serde_json, and on serde (derive) + serde_json +
#    enum-schema (what enum-schema adds to a typical server's tree).
# 4. syn: the syn versions in that last tree (one major expected), and in a
#    tree that also has strum, for comparison.
#
# Knobs (environment): RUNS=10  CLEAN_RUNS=5  MODE=build|check  SKIP_REBUILD=1
# SKIP_RUSTC=1  SKIP_EXPAND=1  SKIP_CLEAN=1  SKIP_SYN=1  COMPILE_BENCH_DIR=<dir>
# INCREMENTAL=0|1 (CARGO_INCREMENTAL for every build; 0 by default, 1 is
# what `cargo build` in the dev profile does when nothing sets it).
# The results are printed as Markdown and kept in <dir>/results.md.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${RUNS:-10}
CLEAN_RUNS=${CLEAN_RUNS:-5}
MODE=${MODE:-build}
DIR=${COMPILE_BENCH_DIR:-${CARGO_TARGET_DIR:-$ROOT/target}/compile-bench}
CONTENDERS=(none elicit titled serde strum)
WORKLOADS=(many big)

case "$MODE" in build | check) ;; *) echo "MODE must be build or check" >&2; exit 2 ;; esac

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
RESULTS="$DIR/results.md"
: >"$RESULTS"

# The inner cargo runs use their own target dirs, never the caller's.
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR
INCREMENTAL=${INCREMENTAL:-0}
case "$INCREMENTAL" in 0 | 1) ;; *) echo "INCREMENTAL must be 0 or 1" >&2; exit 2 ;; esac
export CARGO_INCREMENTAL=$INCREMENTAL

say() { printf '%s\n' "$*" | tee -a "$RESULTS"; }
log() { printf '%s\n' "$*" >&2; }

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# median, min and max of the numbers on stdin: "MEDIAN MIN MAX"
stats() {
  sort -n | awk '{ v[NR] = $1 } END {
    if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2;
    printf "%d %d %d\n", m, v[1], v[NR] }'
}

seconds() { awk -v ms="$1" 'BEGIN { printf "%.2f", ms / 1000 }'; }

# --- the generated sources ----------------------------------------------------

# enum_source CONTENDER ENUM_NAME VARIANTS
enum_source() {
  local contender=$1 name=$2 variants=$3 i
  case "$contender" in
    none) ;;
    elicit | titled)
      echo '#[derive(enum_schema::ElicitEnum)]'
      echo '#[elicit(rename_all = "kebab-case")]' ;;
    serde)
      echo '#[derive(serde::Serialize, serde::Deserialize)]'
      echo '#[serde(rename_all = "kebab-case")]' ;;
    strum)
      echo '#[derive(strum::EnumString, strum::AsRefStr, strum::VariantNames)]'
      echo '#[strum(serialize_all = "kebab-case")]' ;;
  esac
  echo "pub enum $name {"
  for ((i = 0; i < variants; i++)); do
    if [ "$contender" = titled ]; then
      echo "    #[elicit(title = \"Option number $i\")]"
    fi
    echo "    OptionNumber$i,"
  done
  echo "}"
}

# crate_source CONTENDER WORKLOAD
crate_source() {
  local contender=$1 workload=$2 e
  echo "// Generated by benches/compile_time.sh: $workload, $contender."
  case "$workload" in
    many) for ((e = 0; e < 100; e++)); do enum_source "$contender" "Choice$e" 20; done ;;
    big) enum_source "$contender" Choice 1000 ;;
  esac
}

dependency() {
  case "$1" in
    none) ;;
    elicit | titled) echo "enum-schema = { path = \"$SNAP/enum-schema\" }" ;;
    serde) echo 'serde = { version = "1.0.229", features = ["derive"] }' ;;
    strum) echo 'strum = { version = "0.28.0", features = ["derive"] }' ;;
  esac
}

# new_crate DIR NAME DEPENDENCY_LINES
new_crate() {
  mkdir -p "$1/src"
  cat >"$1/Cargo.toml" <<EOF
[package]
name = "$2"
version = "0.0.0"
edition = "2021"
publish = false

[lib]
path = "src/lib.rs"

[dependencies]
$3
EOF
}

# new_workspace DIR MEMBERS...: a root of its own, with this repo's lock file
# so that every dependency resolves to the versions the repo tests with.
new_workspace() {
  local dir=$1
  shift
  mkdir -p "$dir"
  {
    echo '[workspace]'
    echo 'resolver = "2"'
    printf 'members = ['
    printf '"%s", ' "$@"
    echo ']'
  } >"$dir/Cargo.toml"
  cp "$ROOT/Cargo.lock" "$dir/Cargo.lock"
}

# A snapshot of the three library crates, so that edits made to the work tree
# while this runs cannot leak into (and rebuild inside) the timed builds. Its
# workspace root carries the repo's [workspace*] tables, for the inherited
# package fields.
SNAP="$DIR/snapshot"
rm -rf "$SNAP"
mkdir -p "$SNAP"
cp -R "$ROOT/enum-schema" "$ROOT/enum-schema-core" "$ROOT/enum-schema-derive" "$SNAP/"
cp "$ROOT/README.md" "$SNAP/" 2>/dev/null || true
awk '/^\[/ { keep = ($0 ~ /^\[workspace/) } keep' "$ROOT/Cargo.toml" >"$SNAP/Cargo.toml"
cp "$ROOT/Cargo.lock" "$SNAP/Cargo.lock"
REVISION="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git -C "$ROOT" status --porcelain -- enum-schema enum-schema-core enum-schema-derive 2>/dev/null)" ]; then
  REVISION="$REVISION + uncommitted changes"
fi

WS="$DIR/derives"
crates=()
for workload in "${WORKLOADS[@]}"; do
  for contender in "${CONTENDERS[@]}"; do
    crates+=("${workload}_$contender")
  done
done

if [ -z "${SKIP_REBUILD:-}" ] || [ -z "${SKIP_RUSTC:-}" ] || [ -z "${SKIP_EXPAND:-}" ]; then
  log "generating $WS"
  rm -rf "$WS/many_"* "$WS/big_"*
  new_workspace "$WS" "${crates[@]}"
  for workload in "${WORKLOADS[@]}"; do
    for contender in "${CONTENDERS[@]}"; do
      crate="${workload}_$contender"
      new_crate "$WS/$crate" "$crate" "$(dependency "$contender")"
      crate_source "$contender" "$workload" >"$WS/$crate/src/lib.rs"
    done
  done
  log "building the dependencies once"
  (cd "$WS" && cargo "$MODE" --workspace --quiet)
fi

say "## Compile time, measured $(date -u +%Y-%m-%dT%H:%MZ)"
say ""
say "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
say ""
say "enum-schema: $REVISION; rustc: $(rustc -V); cores: $(nproc); mode: cargo $MODE (dev profile), CARGO_INCREMENTAL=$INCREMENTAL"
say ""

# --- 1. rebuilds --------------------------------------------------------------

if [ -z "${SKIP_REBUILD:-}" ]; then
  log "timing rebuilds: $RUNS rounds over ${#crates[@]} crates"
  TIMES="$DIR/rebuild-times.txt"
  : >"$TIMES"
  # One untimed round first: the first rebuilds after the dependencies were
  # built are slower (caches), whichever crate comes first.
  for crate in "${crates[@]}"; do
    touch "$WS/$crate/src/lib.rs"
    (cd "$WS" && cargo "$MODE" -p "$crate" --quiet)
  done
  for ((run = 1; run <= RUNS; run++)); do
    for crate in "${crates[@]}"; do
      touch "$WS/$crate/src/lib.rs"
      start=$(now_ms)
      (cd "$WS" && cargo "$MODE" -p "$crate" --quiet)
      echo "$crate $(($(now_ms) - start))" >>"$TIMES"
    done
    log "  round $run done"
  done

  # cargo's own work on a build with nothing to do: start-up, and a check of
  # every unit in the crate's dependency graph. It grows with the runtime
  # crates a contender depends on (enum-schema's graph is about 25 units,
  # strum's 7), not with what the derive emits, so the last two columns
  # leave it out.
  NOOP="$DIR/noop-times.txt"
  : >"$NOOP"
  for ((run = 1; run <= RUNS; run++)); do
    for crate in "${crates[@]}"; do
      start=$(now_ms)
      (cd "$WS" && cargo "$MODE" -p "$crate" --quiet)
      echo "$crate $(($(now_ms) - start))" >>"$NOOP"
    done
  done

  say "### Rebuild after touching the source ($RUNS runs each, seconds)"
  say ""
  say "The last two columns subtract each crate's no-op \`cargo $MODE\` (median of $RUNS), cargo's own"
  say "work on the crate's dependency graph."
  say ""
  say "| workload | contender | median | spread (min..max) | added over no derive | added / serde's added | no-op | added, no-op left out | / strum's |"
  say "|---|---|---|---|---|---|---|---|---|"
  for workload in "${WORKLOADS[@]}"; do
    read -r base _ _ < <(awk -v c="${workload}_none" '$1 == c { print $2 }' "$TIMES" | stats)
    read -r serde _ _ < <(awk -v c="${workload}_serde" '$1 == c { print $2 }' "$TIMES" | stats)
    read -r base_noop _ _ < <(awk -v c="${workload}_none" '$1 == c { print $2 }' "$NOOP" | stats)
    read -r strum _ _ < <(awk -v c="${workload}_strum" '$1 == c { print $2 }' "$TIMES" | stats)
    read -r strum_noop _ _ < <(awk -v c="${workload}_strum" '$1 == c { print $2 }' "$NOOP" | stats)
    serde_added=$((serde - base))
    strum_net=$(((strum - strum_noop) - (base - base_noop)))
    for contender in "${CONTENDERS[@]}"; do
      read -r median min max < <(awk -v c="${workload}_$contender" '$1 == c { print $2 }' "$TIMES" | stats)
      read -r noop _ _ < <(awk -v c="${workload}_$contender" '$1 == c { print $2 }' "$NOOP" | stats)
      added=$((median - base))
      net=$(((median - noop) - (base - base_noop)))
      if [ "$contender" = none ]; then
        added_cell="-"
        ratio_cell="-"
        net_cell="-"
        net_ratio="-"
      else
        added_cell=$(seconds "$added")
        ratio_cell=$(awk -v a="$added" -v s="$serde_added" 'BEGIN { if (s > 0) printf "%.2f", a / s; else print "n/a" }')
        net_cell=$(seconds "$net")
        net_ratio=$(awk -v a="$net" -v s="$strum_net" 'BEGIN { if (s > 0) printf "%.2f", a / s; else print "n/a" }')
      fi
      say "| $workload | $contender | $(seconds "$median") | $(seconds "$min")..$(seconds "$max") | $added_cell | $ratio_cell | $(seconds "$noop") | $net_cell | $net_ratio |"
    done
  done
  say ""
fi

# --- 1b. the compiler's own work, without cargo --------------------------------
#
# The rebuild times above include cargo's own start-up and its check of every
# unit in the crate's dependency graph, which grows with the runtime crate's
# dependencies rather than with what the derive emits, and they are as noisy
# as the machine. So each crate's rustc invocation (as cargo runs it, the proc
# macro included) is also measured alone: its wall time (the minimum of RUNS),
# and, when valgrind is installed, the instructions it executes (callgrind:
# the same count on every run, whatever the load); then the instructions of
# the rebuild as the first section times it, cargo and rustc together.

if [ -z "${SKIP_RUSTC:-}" ]; then
  log "timing the rustc invocations alone"
  say "### The compiler alone: each crate's rustc invocation, proc macro included"
  say ""
  have_valgrind=$(command -v valgrind >/dev/null && echo 1 || true)
  say "| workload | contender | rustc wall, min of $RUNS (s) | added | instructions (millions) | added | added / strum's added | with cargo's (millions) | added | added / strum's added |"
  say "|---|---|---|---|---|---|---|---|---|---|"
  declare -A WALL INSNS WHOLE
  for crate in "${crates[@]}"; do
    touch "$WS/$crate/src/lib.rs"
    cmd=$(cd "$WS" && cargo "$MODE" -v -p "$crate" 2>&1 | grep -e "--crate-name $crate " |
      sed -e 's/^ *Running `//' -e 's/`$//')
    best=
    for ((run = 1; run <= RUNS; run++)); do
      start=$(now_ms)
      (cd "$WS" && eval "$cmd" >/dev/null 2>&1)
      took=$(($(now_ms) - start))
      if [ -z "$best" ] || [ "$took" -lt "$best" ]; then best=$took; fi
    done
    WALL[$crate]=$best
    if [ -n "$have_valgrind" ]; then
      INSNS[$crate]=$(cd "$WS" && eval "valgrind --tool=callgrind --callgrind-out-file=/dev/null $cmd" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | awk '{ printf "%d", $1 / 1000000 }')
      # The whole rebuild, as the rebuild section times it: cargo's own
      # work (start-up, the dependency graph's fingerprints) and rustc's.
      touch "$WS/$crate/src/lib.rs"
      WHOLE[$crate]=$(cd "$WS" && valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null \
        cargo "$MODE" -p "$crate" --quiet 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | awk '{ sum += $1 } END { printf "%d", sum / 1000000 }')
    else
      INSNS[$crate]=
      WHOLE[$crate]=
    fi
  done
  # added_cells COUNT BASE STRUM: "COUNT | added | added / strum's added"
  added_cells() {
    if [ -z "$1" ]; then
      echo "n/a | n/a | n/a"
    else
      echo "$1 | $(($1 - $2)) | $(awk -v a="$(($1 - $2))" -v s="$(($3 - $2))" 'BEGIN { printf "%.2f", a / s }')"
    fi
  }
  for workload in "${WORKLOADS[@]}"; do
    base_w=${WALL[${workload}_none]}
    for contender in "${CONTENDERS[@]}"; do
      crate="${workload}_$contender"
      w=${WALL[$crate]}
      if [ "$contender" = none ]; then
        say "| $workload | $contender | $(seconds "$w") | - | ${INSNS[$crate]:-n/a} | - | - | ${WHOLE[$crate]:-n/a} | - | - |"
        continue
      fi
      rustc_cells=$(added_cells "${INSNS[$crate]:-}" "${INSNS[${workload}_none]:-}" "${INSNS[${workload}_strum]:-}")
      whole_cells=$(added_cells "${WHOLE[$crate]:-}" "${WHOLE[${workload}_none]:-}" "${WHOLE[${workload}_strum]:-}")
      say "| $workload | $contender | $(seconds "$w") | $(seconds "$((w - base_w))") | $rustc_cells | $whole_cells |"
    done
  done
  say ""
fi

# --- 2. expanded code size ----------------------------------------------------

if [ -z "${SKIP_EXPAND:-}" ]; then
  log "expanding"
  EXPANDED="$DIR/expanded"
  mkdir -p "$EXPANDED"
  for crate in "${crates[@]}"; do
    # Only the expanded crate is asked for -Z; everything else builds as usual.
    (cd "$WS" && RUSTC_BOOTSTRAP=1 cargo rustc -p "$crate" --profile=check --quiet -- -Zunpretty=expanded) \
      >"$EXPANDED/$crate.rs"
  done
  # Bytes with whitespace collapsed, and tokens (identifiers, literals,
  # `::`, `=>`, `->` and single punctuation each count one).
  bytes() { tr -s ' \t\n' ' ' <"$EXPANDED/$1.rs" | wc -c; }
  tokens() {
    grep -oE '"([^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|[0-9][A-Za-z0-9_.]*|::|=>|->|[^[:space:]]' \
      "$EXPANDED/$1.rs" | wc -l
  }
  # many = 100 F + 2000 V, big = F + 1000 V: prints "V F"
  solve() { awk -v m="$1" -v b="$2" 'BEGIN { v = (100 * b - m) / 98000; printf "%.0f %.0f\n", v, b - 1000 * v }'; }

  say "### Expanded code (\`-Zunpretty=expanded\`), beyond the no-derive crate"
  say ""
  say "Tokens, and in parentheses bytes with whitespace collapsed. Per variant and per enum"
  say "solve many = 100 F + 2000 V, big = F + 1000 V."
  say ""
  say "| contender | many: 100 enums x 20 | big: 1 x 1000 | per variant | per enum (fixed) |"
  say "|---|---|---|---|---|"
  for contender in "${CONTENDERS[@]}"; do
    [ "$contender" = none ] && continue
    many_t=$(($(tokens "many_$contender") - $(tokens many_none)))
    big_t=$(($(tokens "big_$contender") - $(tokens big_none)))
    many_b=$(($(bytes "many_$contender") - $(bytes many_none)))
    big_b=$(($(bytes "big_$contender") - $(bytes big_none)))
    read -r var_t enum_t < <(solve "$many_t" "$big_t")
    read -r var_b enum_b < <(solve "$many_b" "$big_b")
    say "| $contender | $many_t ($many_b) | $big_t ($big_b) | $var_t ($var_b) | $enum_t ($enum_b) |"
  done
  say ""
  say "(Expanded sources are kept in $EXPANDED.)"
  say ""
fi

# --- 3. clean builds ----------------------------------------------------------

CLEAN="$DIR/clean"
clean_crate() {
  local name=$1 deps=$2
  mkdir -p "$CLEAN/$name/src"
  cp "$ROOT/Cargo.lock" "$CLEAN/$name/Cargo.lock"
  cat >"$CLEAN/$name/Cargo.toml" <<EOF
[package]
name = "clean-$name"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
$deps

[workspace]
EOF
  echo '// Generated by benches/compile_time.sh.' >"$CLEAN/$name/src/lib.rs"
}

SERDE_PLAIN='serde = "1.0.229"
serde_json = "1.0.154"'
SERDE_DERIVE='serde = { version = "1.0.229", features = ["derive"] }
serde_json = "1.0.154"'
ENUM_SCHEMA="enum-schema = { path = \"$SNAP/enum-schema\" }"
CLEAN_SETS=(enum-schema serde serde-derive serde-derive-enum-schema)
clean_deps() {
  case "$1" in
    enum-schema) echo "$ENUM_SCHEMA" ;;
    serde) echo "$SERDE_PLAIN" ;;
    serde-derive) echo "$SERDE_DERIVE" ;;
    serde-derive-enum-schema) printf '%s\n%s\n' "$SERDE_DERIVE" "$ENUM_SCHEMA" ;;
    serde-derive-enum-schema-strum) printf '%s\n%s\n%s\n' "$SERDE_DERIVE" "$ENUM_SCHEMA" \
      'strum = { version = "0.28.0", features = ["derive"] }' ;;
  esac
}

if [ -z "${SKIP_CLEAN:-}" ]; then
  log "timing clean builds: $CLEAN_RUNS runs of ${#CLEAN_SETS[@]} trees"
  for name in "${CLEAN_SETS[@]}"; do
    clean_crate "$name" "$(clean_deps "$name")"
  done
  TIMES="$DIR/clean-times.txt"
  : >"$TIMES"
  for ((run = 1; run <= CLEAN_RUNS; run++)); do
    for name in "${CLEAN_SETS[@]}"; do
      rm -rf "$CLEAN/$name/target"
      start=$(now_ms)
      (cd "$CLEAN/$name" && cargo "$MODE" --quiet)
      echo "$name $(($(now_ms) - start))" >>"$TIMES"
    done
    log "  round $run done"
  done
  say "### Clean build of a crate that depends on ... ($CLEAN_RUNS runs each, seconds, all cores)"
  say ""
  say "| dependencies | median | spread (min..max) | crates built |"
  say "|---|---|---|---|"
  for name in "${CLEAN_SETS[@]}"; do
    read -r median min max < <(awk -v c="$name" '$1 == c { print $2 }' "$TIMES" | stats)
    count=$(cd "$CLEAN/$name" && cargo tree -e normal,build --prefix none --format '{p}' 2>/dev/null |
      sed 's/ (\*)$//' | sort -u | wc -l)
    say "| $name | $(seconds "$median") | $(seconds "$min")..$(seconds "$max") | $count |"
  done
  say ""
fi

# --- 4. syn majors ------------------------------------------------------------

if [ -z "${SKIP_SYN:-}" ]; then
  for name in serde-derive-enum-schema serde-derive-enum-schema-strum; do
    [ -f "$CLEAN/$name/Cargo.toml" ] || clean_crate "$name" "$(clean_deps "$name")"
  done
  say "### syn in a user's tree (\`cargo tree -e normal,build\`)"
  say ""
  say "| dependencies | syn versions built |"
  say "|---|---|"
  for name in serde-derive-enum-schema serde-derive-enum-schema-strum; do
    versions=$(cd "$CLEAN/$name" && cargo tree -e normal,build --prefix none --format '{p}' |
      awk '$1 == "syn" { print $2 }' | sort -u | paste -sd ' ' -)
    say "| $name | $versions |"
  done
  say ""
  say "Who pulls each syn, for serde (derive) + serde_json + enum-schema:"
  say ""
  say '```'
  (cd "$CLEAN/serde-derive-enum-schema" && cargo tree -e normal,build -i syn --depth 1) 2>&1 | tee -a "$RESULTS"
  say '```'
fi

say ""
say "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
log "results in $RESULTS"
