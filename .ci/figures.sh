#!/usr/bin/env bash
# The figures the README states, measured (issue 46, item 2); a figure that
# no longer holds fails the run, with what was measured:
# - `cargo run --example triage   # builds N crates`: the example built
#   from nothing in a target directory of its own, as a user's first build
#   has it: the crates cargo compiles must be N. (No time is stated: a
#   time is a benchmark's figure, and no CI step asserts one.)
# - its table of Cargo features, whose last column is the minimum Rust of
#   each: the newest `rust-version` (or the edition's first release) among
#   the packages that enum-schema with that feature alone builds, as
#   `Cargo.lock` resolves them, on any target (`cargo tree`, `cargo
#   metadata`); no other toolchain is installed to try. The table must list
#   every feature of enum-schema, and "(none)" must be the `rust-version`
#   the library crates declare;
# - "with Rust X or newer" for the clone: the `rust-version` of the root
#   package (the tests and examples), which must be the newest among what
#   it builds with every feature.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}

target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')

echo "== figures: cargo run --example triage, from cold"
cold="$target_dir/figures-cold"
rm -rf "$cold"
log="$target_dir/figures-cold.log"
env -u CARGO_INCREMENTAL CARGO_TARGET_DIR="$cold" cargo build --example triage 2>"$log" ||
    { cat "$log"; exit 1; }
rm -rf "$cold"
crates=$(sed -n 's/^ *Compiling \([^ ]*\) v\([^ ]*\).*/\1 \2/p' "$log" | sort -u | wc -l)
echo "$crates crates: $(sed -n 's/^ *Compiling \([^ ]*\) .*/\1/p' "$log" | sort -u | tr '\n' ' ')"
python3 - "$crates" <<'EOF'
import re, sys
crates = int(sys.argv[1])
readme = open("README.md").read()
found = re.search(r"cargo run --example triage +# builds (\d+) crates", readme)
if not found:
    sys.exit("README.md: no `cargo run --example triage  # builds N crates` line")
if crates != int(found[1]):
    sys.exit(f"README.md, cargo run --example triage: the README says {found[1]} crates; {crates} were compiled")
print(f"README.md: {crates} crates, as measured")
EOF

echo "== figures: the minimum Rust of each feature, and of the clone"
python3 - <<'EOF'
import json, re, subprocess, sys

def cargo(*args):
    return subprocess.run(["cargo", *args], capture_output=True, text=True, check=True).stdout

meta = json.loads(cargo("metadata", "--format-version", "1", "--locked", "--all-features"))
packages = {(p["name"], p["version"]): p for p in meta["packages"]}
first_release = {"2015": "1.0", "2018": "1.31", "2021": "1.56", "2024": "1.85"}

def key(version):
    return tuple(int(part) for part in version.split("."))

def short(version):
    return re.sub(r"(\.\d+)\.0$", r"\1", version)

def newest(package, *options):
    """The newest Rust a package built with `options` needs, and whose."""
    tree = cargo("tree", "--locked", "-p", package, "--target", "all", "--prefix", "none",
                 "-f", "{p}", *options)
    best = ("1.0", "")
    for line in tree.splitlines():
        name, version = line.split()[:2]
        found = packages[(name, version.lstrip("v"))]
        for need, why in ((found.get("rust_version"), "rust-version"),
                          (first_release.get(found["edition"]), f"edition {found['edition']}")):
            if need and key(need) > key(best[0]):
                best = (need, f"{name} {version} ({why})")
    return short(best[0]), best[1]

readme = open("README.md").read()
section = readme[readme.index("\n## Cargo features\n"):]
section = section[:section.index("\n## ", 1)]
table = {}
for row in re.findall(r"^\| *(\(none\)|`[a-z-]+`) *\|.*\| *([0-9.]+) *\|$", section, re.M):
    table[row[0].strip("`")] = row[1]
facade = next(p for p in meta["packages"] if p["name"] == "enum-schema")
problems = []
features = sorted(facade["features"])
if sorted(table) != sorted(features + ["(none)"]):
    problems.append(f"the table lists {sorted(table)}; enum-schema's features are {features}")
for feature in ["(none)"] + features:
    options = ["-e", "normal,build", "--no-default-features"]
    if feature != "(none)":
        options += ["--features", feature]
    need, why = newest("enum-schema", *options)
    stated = table.get(feature)
    verdict = "" if stated == need else f"  <- the README says {stated}"
    print(f"  {feature:15} {need:6} {why}{verdict}")
    if verdict:
        problems.append(f"{feature}: the README says Rust {stated}; its dependencies need {need} ({why})")
declared = short(facade["rust_version"])
if table.get("(none)") != declared:
    problems.append(f"(none): the README says Rust {table.get('(none)')}; the library crates declare {declared}")

root = next(p for p in meta["packages"] if p["name"] == "enum-schema-tests")
need, why = newest("enum-schema-tests", "-e", "normal,build,dev", "--all-features")
declared = short(root["rust_version"])
print(f"  the clone       {need:6} {why} (declared: {declared})")
if need != declared:
    problems.append(f"the root package declares rust-version {declared}; what it builds needs {need} ({why})")
clone = re.search(r"From a fresh clone, with Rust ([0-9.]+) or newer", readme)
if not clone or clone[1] != declared:
    problems.append(f"README.md: 'From a fresh clone, with Rust {declared} or newer' expected")
if problems:
    sys.exit("\n".join(problems))
print("README.md: every minimum Rust as measured")
EOF
