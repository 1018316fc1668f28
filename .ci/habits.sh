#!/usr/bin/env bash
# Habits, checked before anything else is built (issue 30, item 5): the
# formatting, clippy on every target and feature, the docs, each with
# warnings denied, then cargo-semver-checks of the library crates against
# the 0.1.0 release. The first three fail the run on any finding; the
# semver step only reports breaks (the CHANGELOG's Unreleased section lists
# them on purpose) and fails only when the tool itself cannot run.
# Clippy and rustdoc share the target directory, so a warm run is quick;
# cargo-semver-checks keeps its own builds under <target>/semver-checks.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}

started=$SECONDS
took() { echo "   ($((SECONDS - started)) s)"; started=$SECONDS; }

echo "== cargo fmt --all --check"
cargo fmt --all --check -- --color never
took

echo "== cargo clippy --workspace --all-targets --all-features -- -D warnings"
cargo clippy --workspace --all-targets --all-features -- -D warnings
took

echo "== RUSTDOCFLAGS=\"-D warnings\" cargo doc --workspace --all-features --no-deps"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --all-features --no-deps
took

# cargo-semver-checks, pinned: 0.51.0 reads the rustdoc JSON of rustc 1.95
# (format 57; tried). Installed from crates.io only when missing or another
# version.
semver_checks_version=0.51.0
if [ "$(cargo semver-checks --version 2>/dev/null)" != "cargo-semver-checks $semver_checks_version" ]; then
    echo "== installing cargo-semver-checks $semver_checks_version"
    cargo install --locked --version "$semver_checks_version" cargo-semver-checks
    took
fi

# The baseline: 0.1.0 as CHANGELOG.md counts it, b844a56, the last commit
# before the work its Unreleased section lists (the CHANGELOG quotes this
# same command against it). No tag marks it. It has two library crates,
# enum-schema and enum-schema-derive: enum-schema-core was split out of
# enum-schema later (34f08a0). cargo-semver-checks reads the revision from
# this repository's own history (git archive, no network); a shallow clone
# without it fails here.
baseline=b844a565433d23c7ac8cbe6e88388bd5572ded5b
git cat-file -e "$baseline^{commit}"

# Runs cargo semver-checks: exit 100 (breaks found) is reported and passes,
# any other failure (101: the tool could not build, read or compare) fails.
semver_report() {
    local status=0
    RUST_BACKTRACE=0 cargo semver-checks --color never "$@" || status=$?
    case $status in
        0) ;;
        100) echo "   (breaks reported, not a failure: the CHANGELOG's Unreleased section lists them)" ;;
        *) echo "cargo semver-checks could not run (exit $status)"; exit 1 ;;
    esac
}

# enum-schema against its 0.1.0 self. Its API is now `pub use
# enum_schema_core::*` and the derives of enum-schema-derive, and
# cargo-semver-checks does not follow re-exports from another crate: every
# item that moved to enum-schema-core is reported missing (enum_missing,
# struct_missing, trait_missing, ... of the items themselves), though the
# same path still imports it. The next step checks those items.
echo "== cargo semver-checks -p enum-schema --baseline-rev ${baseline:0:7} (0.1.0)"
semver_report -p enum-schema --baseline-rev "$baseline"
took

# enum-schema-core has no 0.1.0 of its own. Its items are what enum_schema
# re-exports, at the same paths, so the baseline is 0.1.0's enum-schema as
# the step above built it (rustdoc JSON), its crate renamed enum_schema_core:
# this checks the runtime API that users of enum_schema see, item by item.
# Paths in this report read enum_schema_core::..., meaning enum_schema::...
echo "== cargo semver-checks -p enum-schema-core against 0.1.0's enum-schema (${baseline:0:7})"
target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
baseline_json=$(ls -t "$target_dir/semver-checks/git-$baseline"/*/target/doc/enum_schema.json | head -n 1)
as_core="$target_dir/semver-checks/enum_schema-0.1.0-as-enum_schema_core.json"
python3 - "$baseline_json" "$as_core" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
root = doc["index"][str(doc["root"])]
assert root["name"] == "enum_schema", root["name"]
root["name"] = "enum_schema_core"
for summary in doc["paths"].values():
    if summary["crate_id"] == 0 and summary["path"][:1] == ["enum_schema"]:
        summary["path"][0] = "enum_schema_core"
json.dump(doc, open(sys.argv[2], "w"))
EOF
semver_report -p enum-schema-core --baseline-rustdoc "$as_core"
took

# enum-schema-derive is a proc-macro crate: cargo-semver-checks checks
# library targets only (lib, rlib, dylib, cdylib, staticlib) and refuses it
# with "no crates with library targets selected". Its derives' API is their
# attributes, held by the UI tests. Should a later version check it, its
# report is printed like the others.
echo "== cargo semver-checks -p enum-schema-derive: not supported (proc-macro)"
status=0
derive_report=$(RUST_BACKTRACE=0 cargo semver-checks --color never -p enum-schema-derive --baseline-rev "$baseline" 2>&1) || status=$?
if [ "$status" -eq 101 ] && grep -q "no library target: enum-schema-derive" <<<"$derive_report"; then
    echo "   skipped by cargo-semver-checks: proc-macro crates have no library target it can check"
else
    echo "$derive_report"
    case $status in
        0 | 100) ;;
        *) echo "cargo semver-checks could not run (exit $status)"; exit 1 ;;
    esac
fi
took
