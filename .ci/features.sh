#!/usr/bin/env bash
# Whatever features a user picks (issue 46, item 1): the library crates,
# enum-schema and enum-schema-core, with no feature (their default) and
# with each feature alone, each lint clean (clippy, warnings denied, which
# builds them), document clean (rustdoc, warnings denied) and pass their
# doc tests; a doc test that needs a feature says so and is skipped
# without it (`# #[cfg(feature = "..")] fn main() {..}`). All features
# together are .ci/habits.sh's clippy and rustdoc and the README's test
# command's doc tests; enum-schema-derive has no feature. And `cargo test
# --workspace` with the default features, which runs the doc tests without
# a feature. cargo-hack (pinned) and the loop below walk the features of
# each crate's Cargo.toml, so a new feature is checked without a change
# here. From cold on 2 cores, 5 min 52 s (clippy 106 s, rustdoc 38 s, the
# default tests 15 s, the doc tests of each feature 193 s; measured
# 2026-12-07), and about 1.7 GB of target/: each feature alone builds its
# dependencies again.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}

started=$SECONDS
took() { echo "   ($((SECONDS - started)) s)"; started=$SECONDS; }

# cargo-hack, pinned, installed from crates.io only when missing or
# another version.
cargo_hack_version=0.6.46
if [ "$(cargo hack --version 2>/dev/null)" != "cargo-hack $cargo_hack_version" ]; then
    echo "== installing cargo-hack $cargo_hack_version"
    cargo install --locked --version "$cargo_hack_version" cargo-hack
    took
fi

# enum-schema's features turn on enum-schema-core's of the same name, and
# turn on the same features of enum-schema as those turn on in
# enum-schema-core: so that `cfg(feature = "ask")` in the guide holds
# wherever `enum_schema::ask` exists.
echo "== enum-schema's features mirror enum-schema-core's"
cargo metadata --format-version 1 --no-deps | python3 -c '
import json, sys
packages = {p["name"]: p for p in json.load(sys.stdin)["packages"]}
core = packages["enum-schema-core"]["features"]
facade = packages["enum-schema"]["features"]
problems = []
if set(core) != set(facade):
    problems.append(f"features of one crate only: {sorted(set(core) ^ set(facade))}")
for name in sorted(set(core) & set(facade)):
    implied = sorted(entry for entry in core[name] if entry in core)
    expected = sorted(implied + [f"enum-schema-core/{name}"])
    if sorted(facade[name]) != expected:
        problems.append(f"enum-schema/{name} = {sorted(facade[name])}, expected {expected}")
if problems:
    sys.exit("\n".join(problems))
print(f"{len(core)} features, each the same in both crates")
'

crates=(-p enum-schema-core -p enum-schema)
# --exclude-all-features: .ci/habits.sh checks them together.
each=(hack --each-feature --exclude-all-features)

echo "== cargo hack --each-feature clippy ${crates[*]} --no-deps -- -D warnings"
cargo "${each[@]}" clippy "${crates[@]}" --no-deps -- -D warnings
took

echo "== RUSTDOCFLAGS=\"-D warnings\" cargo hack --each-feature doc ${crates[*]} --no-deps"
RUSTDOCFLAGS="-D warnings" cargo "${each[@]}" doc "${crates[@]}" --no-deps
took

echo "== cargo test --workspace (the default features)"
cargo test --workspace
took

# The doc tests, feature by feature: one cargo run per feature for both
# crates, so that they and their dependencies build once for it. The
# features are enum-schema's, which turn on enum-schema-core's of the same
# name (checked above). No test is filtered out: rustdoc splits the
# arguments it passes to the test harness at spaces, and a doc test's name
# has some.
mapfile -t features < <(cargo metadata --format-version 1 --no-deps | python3 -c '
import json, sys
print("\n".join(sorted(next(p for p in json.load(sys.stdin)["packages"] if p["name"] == "enum-schema")["features"])))
')
if [ "${#features[@]}" -eq 0 ]; then
    echo "cargo metadata lists no feature of enum-schema"
    exit 1
fi
for feature in "${features[@]}"; do
    echo "== cargo test --doc -p enum-schema -p enum-schema-core --no-default-features --features enum-schema/$feature"
    cargo test --quiet --doc -p enum-schema -p enum-schema-core --no-default-features \
        --features "enum-schema/$feature"
done
took
