#!/usr/bin/env bash
# Mutation testing (cargo-mutants) of what checks untrusted input: the
# answer checks and format validators, and the peer reader. Each mutant (a
# flipped comparison, a swapped `&&`/`||`, a deleted match arm, a function
# body replaced by a constant) is built and the tests run against it; a
# mutant the tests do not catch is a rule no test pins down.
#
#   tests/mutants.sh              # the format validators and the answer checks
#   tests/mutants.sh validators   # only the format validators
#   tests/mutants.sh all          # every mutant of the files (slow: hours)
#   tests/mutants.sh only 'is_ipv6|is_email'   # only these functions
#   tests/mutants.sh checks --list   # further arguments go to cargo mutants
#
# cargo mutants ORs its `--re` filters, so a `--re` among the further
# arguments would widen the scope, not narrow it: the script refuses it.
# Narrow with `only` (functions, as cargo mutants names them: `is_uri`,
# `StringSchema::check`) or with `--exclude-re`, which does narrow.
#
# Environment:
#   MUTANTS_TESTS="answers derive"  only these test targets, the area
#       binaries of tests/ (faster; a mutant caught by fewer tests is
#       caught by all of them; `spec` needs `--features spec` among the
#       further arguments),
#       default: the workspace's tests, UI suite (feature `ui`) left out
#   MUTANTS_TIMEOUT=N  seconds a test run may take before the mutant counts
#       as a timeout (a mutant that loops forever; the time includes
#       building the named test targets), default 300, or 120 with
#       MUTANTS_TESTS
#   MUTANTS_OUTPUT=DIR  where the results go, default target/mutants
#   MUTANTS_COPY=1   work on a copy in a temporary directory (cargo-mutants'
#       default) instead of in place, so that the checkout stays usable;
#       ENUM_SCHEMA_SPEC_DIR then points at ../shared/spec
#
# In place (the default) the sources are mutated in this checkout, one
# mutant at a time (cargo mutants refuses `-j` there; with MUTANTS_COPY=1,
# `-j 2` runs two copies at once): do not
# build or edit in it meanwhile; an interrupted run may leave a mutation
# behind (`git diff` shows it). Not in CI: on two shared cores, with
# MUTANTS_COPY=1 -j 1, the ~400 mutants of the URI and email validators took
# 35 minutes with MUTANTS_TESTS=formats, the 123 answer-check mutants
# outside the format validators 18 minutes with MUTANTS_TESTS="checks formats" (when
# each test file was a target of its own; both are in `answers` now); with
# every test target (the default), each mutant rebuilds them all: hours. Results, with the
# missed ones listed, are in target/mutants/mutants.out/. The figures of
# the last run are in RELIABILITY.md; the gate is zero missed mutants in
# the validators and answer checks.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scope=${1:-checks}
shift || true

validators='is_space_or_control|is_unreserved|is_sub_delim|is_uri_text|contains|find|is_dec_octet|is_ipv4|is_ipv6|is_ip_literal|is_authority|is_atext|is_domain|is_email|is_uri|digits|is_date_bytes|is_date|is_date_time|is_date_time_with|missing_from_date_time|char_count|string|StringFormat::matches'
checks="$validators|single|multi|chosen_inline|each_chosen|str_eq|position|SingleSelectField<T>::parse|MultiSelectField<T>::parse|SingleSelectSchema::check|MultiSelectSchema::check|SingleSelectSchema::parse_value|MultiSelectSchema::parse_value|StringSchema::check|NumberSchema::check|BooleanSchema::check|PrimitiveSchema::check|compare|RequestedSchema::check_content|RequestedSchema::parse_result|parse_action|parse_required|StringField::parse_value|BooleanField::parse_value|NumberField<N>::parse|number|Limit::holds|NumberType for \\\$ty>::from_number"
files=(
    --file enum-schema-core/src/schema/check.rs
    --file enum-schema-core/src/schema/rule/mod.rs
    --file enum-schema-core/src/schema/rule/shared.rs
    --file enum-schema-core/src/field/select.rs
    --file 'enum-schema-core/src/form/*.rs'
    --file enum-schema-core/src/schema/read.rs
    --file enum-schema-core/src/field/primitive.rs
    --file 'enum-schema-core/src/schema/format/*.rs'
    --file enum-schema-core/src/field/dynamic.rs
)
# Equivalent mutants, skipped (each explained at the mutated line): in
# MultiSelectSchema::parse_value, the thresholds that choose between a map and a
# linear search give the same positions either way.
# (They are the only `>` and `&&` in that function.) In `compare`, `< 1e38`
# and `<= 1e38` differ only at 1e38, which compares the same either way.
equivalent=(
    --exclude-re 'replace (>|&&) with [^ ]+ in MultiSelectSchema::parse_value$'
    --exclude-re 'replace < with <= in compare$'
)

case "$scope" in
    validators) filter=(--re "in ($validators)\$|replace ($validators) ") ;;
    checks) filter=(--re "in ($checks)\$|replace ($checks) ") ;;
    all) filter=() ;;
    only)
        if [ $# -eq 0 ]; then
            echo "usage: $0 only 'FUNCTION|FUNCTION..' [cargo mutants arguments..]" >&2
            exit 2
        fi
        filter=(--re "in ($1)\$")
        shift
        ;;
    *)
        echo "usage: $0 [validators|checks|all|only FUNCTIONS] [cargo mutants arguments..]" >&2
        exit 2
        ;;
esac

for arg in "$@"; do
    case "$arg" in
        --re | --re=* | -F | -F*)
            echo "$0: a further --re widens the scope (cargo mutants ORs them); use 'only' or --exclude-re" >&2
            exit 2
            ;;
    esac
done

if [ -n "${MUTANTS_TESTS:-}" ]; then
    timeout=${MUTANTS_TIMEOUT:-120}
else
    timeout=${MUTANTS_TIMEOUT:-300}
fi
args=(--workspace --no-shuffle --timeout "$timeout" --build-timeout 900 --output "${MUTANTS_OUTPUT:-target/mutants}")
if [ "${MUTANTS_COPY:-0}" = 1 ]; then
    export ENUM_SCHEMA_SPEC_DIR=${ENUM_SCHEMA_SPEC_DIR:-$root/../shared/spec}
    args+=(--gitignore=true)
else
    args+=(--in-place)
fi
if [ -n "${MUTANTS_TESTS:-}" ]; then
    # The named targets are in the root package (enum-schema-tests).
    args+=(--cargo-test-arg=--package=enum-schema-tests)
    for test in $MUTANTS_TESTS; do
        args+=(--cargo-test-arg="--test=$test")
    done
else
    # Every test of the workspace but the UI suite (it only checks the
    # derive's compile errors, which these files do not make).
    args+=(--test-workspace=true --features rmcp,schemars,spec,proptest)
fi

exec cargo mutants "${args[@]}" "${files[@]}" "${filter[@]}" "${equivalent[@]}" "$@"
