#!/usr/bin/env python3
"""Turns saved divan outputs into the Markdown tables of BENCHMARKS.md.

    python3 benches/divan_report.py DIR

reads DIR/parse-*.txt, DIR/schema-*.txt and DIR/form-*.txt (one file per
`cargo bench --bench NAME` run, as benches/run_benches.sh saves them) and
prints, for every benchmark: the median over runs of divan's per-run median,
the spread (lowest..highest per-run median), and the allocations per
iteration (divan's AllocProfiler, median column); then the ratios that the
performance targets are about.
"""

import glob
import os
import re
import statistics
import sys

UNITS = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
TIME = r"([\d.]+) (ps|ns|µs|us|ms|s)"
ROW = re.compile(
    r"^(?P<prefix>[│├╰─ ]*?)(?P<name>[A-Za-z_][\w:<>,]*)\s+"
    + TIME + r"\s+│\s+" + TIME + r"\s+│\s+" + TIME + r"\s+│\s+" + TIME
    + r"\s+│\s+(?P<samples>\d+)\s+│\s+(?P<iters>\d+)"
)
GROUP = re.compile(r"^(?P<prefix>[│├╰─ ]*?)(?P<name>[A-Za-z_][\w<>,]*)\s+│")
ALLOC = re.compile(r"^[│ ]*\s+(max alloc|alloc|dealloc|grow|shrink):")
HEADER = re.compile(r"^(?P<name>\S+)\s+fastest\s+│")
COUNT = re.compile(r"^[│ ]*\s+([\d.]+)\s+│\s+([\d.]+)\s+│\s+([\d.]+)")


def nanos(value, unit):
    return float(value) * UNITS[unit]


# Benchmarks that parse a batch of values per iteration (parse.rs `BATCH`):
# their times and allocation counts are reported per value.
BATCHED = {"parse/hit/": 64, "parse/miss/": 64}


def per_value(key, result):
    for prefix, batch in BATCHED.items():
        if key.startswith(prefix):
            return {name: value / batch for name, value in result.items()}
    return result


def parse_run(path):
    """{bench path: {"median": ns, "alloc": count, "bytes": ...}} of one run."""
    results = {}
    stack = []  # (depth, name)
    current = None
    pending = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        header = HEADER.match(line)
        if header:
            stack, current, pending = [(0, header.group("name"))], None, None
            continue
        match = ROW.match(line)
        group = None if match else GROUP.match(line)
        if match or (group and not ALLOC.match(line)):
            m = match or group
            depth = len(m.group("prefix")) // 3
            stack = [entry for entry in stack if entry[0] < depth]
            stack.append((depth, m.group("name")))
            if match:
                key = "/".join(name for _, name in stack)
                current = results.setdefault(key, {})
                current["median"] = nanos(match.group(7), match.group(8))
                current.setdefault("alloc", 0.0)
            else:
                current = None
            pending = None
            continue
        alloc = ALLOC.match(line)
        if alloc and current is not None:
            pending = alloc.group(1)
            continue
        count = COUNT.match(line)
        if count and current is not None and pending:
            # The first number line after a label is the count (median column).
            current[pending] = float(count.group(3))
            pending = None
    return {key: per_value(key, result) for key, result in results.items()}


def load(directory, bench):
    runs = [parse_run(path) for path in sorted(glob.glob(os.path.join(directory, f"{bench}-*.txt")))]
    merged = {}
    for run in runs:
        for key, value in run.items():
            merged.setdefault(key, []).append(value)
    return merged, len(runs)


def fmt_time(ns):
    if ns < 1:
        return f"{ns:.2f} ns"
    if ns < 1e3:
        return f"{ns:.3g} ns" if ns < 100 else f"{ns:.0f} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.3g} µs"
    if ns < 1e9:
        return f"{ns / 1e6:.3g} ms"
    return f"{ns / 1e9:.3g} s"


def summary(values):
    medians = [value["median"] for value in values]
    allocs = [value.get("alloc", 0.0) for value in values]
    return statistics.median(medians), min(medians), max(medians), statistics.median(allocs)


def table(merged, runs, prefix, title):
    print(f"#### {title}\n")
    print(f"| benchmark | median | spread over {runs} runs | allocs/iter |")
    print("|---|---|---|---|")
    for key in sorted(merged):
        if not key.startswith(prefix):
            continue
        median, low, high, alloc = summary(merged[key])
        alloc_cell = f"{alloc:g}"
        print(f"| `{key[len(prefix):]}` | {fmt_time(median)} | {fmt_time(low)}..{fmt_time(high)} | {alloc_cell} |")
    print()


def ratio(merged, numerator, denominator):
    if numerator not in merged or denominator not in merged:
        return None
    return summary(merged[numerator])[0] / summary(merged[denominator])[0]


def ratio_table(merged, title, rows):
    print(f"#### {title}\n")
    print("| ratio | value |")
    print("|---|---|")
    for label, numerator, denominator in rows:
        value = ratio(merged, numerator, denominator)
        cell = "n/a" if value is None else f"{value:.2f}x"
        print(f"| {label} | {cell} |")
    print()


def parse_report(directory):
    merged, runs = load(directory, "parse")
    if not runs:
        return
    print("### parse (items 1 and 2)\n")
    for kind in ("hit", "miss"):
        table(merged, runs, f"parse/{kind}/", "Single value, " + {"hit": "hits", "miss": "near-misses"}[kind]
              + " (per value; each iteration parses 64)")
    table(merged, runs, "parse/multi/", "Multi-select, 5 of 12 (titled), 64 and 512 options, bounds and duplicates")
    table(merged, runs, "parse/hostile/", "Multi-select, hostile 1,000,000-element array")
    rows = []
    for size in ("E4", "E32", "E512"):
        for kind in ("hit", "miss"):
            p = f"parse/{kind}/"
            rows += [
                (f"{size} {kind}: ours `from_wire_value` / hand `match`", f"{p}ours_from_value/{size}", f"{p}hand_match/{size}"),
                (f"{size} {kind}: ours `parse(&str)` / hand `match`", f"{p}ours_parse_str/{size}", f"{p}hand_match/{size}"),
                (f"{size} {kind}: ours `parse(&str)` / strum `FromStr`", f"{p}ours_parse_str/{size}", f"{p}strum_from_str/{size}"),
                (f"{size} {kind}: ours `parse_value` / hand `match` on JSON", f"{p}ours_parse_json/{size}", f"{p}hand_match_json/{size}"),
                (f"{size} {kind}: ours `parse_value` / serde_json `from_value`", f"{p}ours_parse_json/{size}", f"{p}serde_json_from_value/{size}"),
                (f"{size} {kind}: ours `from_wire_value` on JSON / hand `match` on JSON", f"{p}ours_from_value_json/{size}", f"{p}hand_match_json/{size}"),
            ]
    ratio_table(merged, "Single value: ours against each alternative", rows)
    rows = []
    for size in ("E4", "E32", "E512"):
        for name in ("hand_match", "ours_from_value", "ours_parse_str", "strum_from_str",
                     "hand_match_json", "ours_from_value_json", "ours_parse_json", "serde_json_from_value"):
            rows.append((f"{size} `{name}`: miss / hit", f"parse/miss/{name}/{size}", f"parse/hit/{name}/{size}"))
    ratio_table(merged, "Single value: a miss against a hit", rows)
    rows = []
    for answer in ("accepted", "duplicate", "invalid"):
        for size in ("E12", "E64", "E512"):
            p = f"parse/multi/{answer}/"
            rows.append((f"{answer}, {size}: ours / hand bitset", f"{p}ours_parse/{size}", f"{p}hand_bitset/{size}"))
            rows.append((f"{answer}, {size}: ours / serde `Vec` + `HashSet`", f"{p}ours_parse/{size}", f"{p}serde_vec_hashset/{size}"))
    ratio_table(merged, "Multi-select", rows + [
        ("hostile, ours no `maxItems` / hand bitset", "parse/hostile/ours_unbounded", "parse/hostile/hand_bitset_unbounded"),
        ("hostile, serde `deserialize(&Value)` / ours no `maxItems`", "parse/hostile/serde_deserialize_ref", "parse/hostile/ours_unbounded"),
        ("hostile, serde `from_value` / ours no `maxItems`", "parse/hostile/serde_from_value", "parse/hostile/ours_unbounded"),
    ])


def schema_report(directory):
    merged, runs = load(directory, "schema")
    if not runs:
        return
    print("### schema (item 3)\n")
    for kind, title in (("single", "Titled single-select, 12 options"), ("multi", "Titled multi-select, 12 options")):
        table(merged, runs, f"schema/{kind}/", title)
    rows = []
    for kind in ("single", "multi"):
        p = f"schema/{kind}/"
        rows += [
            (f"{kind}: ours `to_string` / rmcp builder + `to_string`", f"{p}ours_to_string", f"{p}rmcp_build_to_string"),
            (f"{kind}: ours `to_string` / rmcp prebuilt `to_string`", f"{p}ours_to_string", f"{p}rmcp_prebuilt_to_string"),
            (f"{kind}: ours `to_string` / `schema_for!` + `to_string`", f"{p}ours_to_string", f"{p}schemars_schema_for_to_string"),
            (f"{kind}: ours `to_string` / schemars prebuilt `to_string`", f"{p}ours_to_string", f"{p}schemars_prebuilt_to_string"),
            (f"{kind}: ours `to_writer` / limit (copy precomputed)", f"{p}ours_to_writer", f"{p}limit_precomputed_copy"),
            (f"{kind}: ours with overrides / ours without", f"{p}ours_overrides_to_string", f"{p}ours_to_string"),
        ]
    ratio_table(merged, "Schema output: ours against each alternative", rows)


def form_report(directory):
    merged, runs = load(directory, "form")
    if not runs:
        return
    print("### form (item 4)\n")
    table(merged, runs, "form/", "6-field ElicitResult")
    ratio_table(merged, "Form: ours against serde", [
        ("from `Value`: ours `parse_result` / serde `from_value`", "form/value/ours_parse_result", "form/value/serde_from_value"),
        ("from text: ours `parse_result_str` / serde `from_str`", "form/text/ours_parse_result_str", "form/text/serde_from_str"),
        ("from text: text to `Value` alone / serde `from_str`", "form/text/value_from_str", "form/text/serde_from_str"),
    ])


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "target/bench-results"
    parse_report(directory)
    schema_report(directory)
    form_report(directory)


if __name__ == "__main__":
    main()
