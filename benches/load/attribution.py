"""What benches/attribution.sh computes from its raw files (Python 3, no
third-party module): per-call figures as the difference of two fixed
loads, N1 and N2 calls, over N2 - N1, so that start-up and shut-down cancel.

  attribution.py counts  STORE TOOL N1 N2 EVENTS ASK1 ASK2 HAND1 HAND2
      callgrind summaries (comma-separated, one per load) -> per call, by event
  attribution.py syscalls DIR STORE TOOL N1 N2
      strace -c files DIR/KIND-STORE-TOOL-N-P.st -> system calls per call, by name
  attribution.py footprint FILE.cg CALLS
      a callgrind file made with --dump-instr=yes -> the code run on every call:
      the distinct instructions executed at least CALLS/2 times, their 64-byte
      lines and 4 KiB pages, by object
  attribution.py together ASK_NS0 ASK_NS1 HAND_NS0 HAND_NS1 ASK_LOAD HAND_LOAD
      one run of both kinds at once -> calls/s, p99 and server CPU per call
"""

import collections
import glob
import re
import sys


def counts(store, tool, n1, n2, events, ask1, ask2, hand1, hand2):
    vec = lambda text: [int(x) for x in text.split(",")]
    a1, a2, h1, h2 = map(vec, (ask1, ask2, hand1, hand2))
    for i, event in enumerate(events.split()):
        a = (a2[i] - a1[i]) / (n2 - n1)
        h = (h2[i] - h1[i]) / (n2 - n1)
        ratio = f"{a / h:.3f}x" if h else "-"
        print(f"{store:<7} {tool:<14} {event:<6} per call: Ask {a:12,.0f}  bound twin {h:12,.0f}  {ratio}")


def syscalls(directory, store, tool, n1, n2):
    row = re.compile(r"\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:(\d+)\s+)?(\w+)\s*$")

    def of(kind, n):
        total = collections.Counter()
        for path in glob.glob(f"{directory}/{kind}-{store}-{tool}-{n}-*.st"):
            for line in open(path):
                match = row.match(line)
                if match and match.group(3) != "total":
                    total[match.group(3)] += int(match.group(1))
        return total

    per = {}
    for kind in ("ask", "hand"):
        a, b = of(kind, n1), of(kind, n2)
        per[kind] = {name: (b[name] - a[name]) / (n2 - n1) for name in set(a) | set(b)}
    names = sorted(set(per["ask"]) | set(per["hand"]),
                   key=lambda name: -max(per["ask"].get(name, 0), per["hand"].get(name, 0)))
    print(f"== {store} {tool}: system calls per call, Ask / bound twin")
    totals = [0.0, 0.0]
    for name in names:
        a, h = per["ask"].get(name, 0), per["hand"].get(name, 0)
        totals[0] += a
        totals[1] += h
        if max(abs(a), abs(h)) >= 0.05:
            print(f"  {name:<16} {a:8.2f} {h:8.2f}")
    print(f"  {'total':<16} {totals[0]:8.2f} {totals[1]:8.2f}")


def footprint(path, calls):
    executed = collections.Counter()
    objects, current, address, after_call = {}, None, 0, False
    for line in open(path):
        if line.startswith(("ob=", "cob=")):
            match = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line.strip())
            if match:
                if match.group(2):
                    objects[match.group(1)] = match.group(2)
                if line.startswith("ob="):
                    current = objects.get(match.group(1))
            continue
        if line.startswith("calls="):
            after_call = True  # the next cost line is the call's, inclusive
            continue
        if line[:1] not in "0123456789+-*" or not line.strip():
            continue
        parts = line.split()
        position = parts[0]
        if position.startswith("+"):
            address += int(position[1:], 0)
        elif position.startswith("-"):
            address -= int(position[1:], 0)
        elif position != "*":
            address = int(position, 0)
        if after_call:
            after_call = False
            continue
        if len(parts) > 2:  # positions: instr line; then Ir
            executed[(current, address)] += int(parts[2])
    per = collections.defaultdict(lambda: [0, set(), set()])
    for (obj, addr), count in executed.items():
        if count >= calls / 2:
            entry = per[(obj or "?").split("/")[-1]]
            entry[0] += 1
            entry[1].add(addr >> 6)
            entry[2].add(addr >> 12)
    total = [0, 0, 0]
    for obj, (n, lines, pages) in sorted(per.items(), key=lambda kv: -len(kv[1][1])):
        print(f"  {obj[:40]:<40} {n:8d} instructions {len(lines):7d} lines {len(pages):5d} pages")
        total = [total[0] + n, total[1] + len(lines), total[2] + len(pages)]
    print(f"  {'total':<40} {total[0]:8d} instructions {total[1]:7d} lines {total[2]:5d} pages")


def together(a0, a1, h0, h1, ask_load, hand_load):
    def load(path):
        text = open(path).read()
        return (float(re.search(r"([\d.]+) calls/s", text).group(1)),
                int(re.search(r"\((\d+) completed", text).group(1)),
                float(re.search(r"p99 ([\d.]+) ms", text).group(1)),
                int(re.search(r"(\d+) failed", text).group(1)))

    ac, an, ap, af = load(ask_load)
    hc, hn, hp, hf = load(hand_load)
    acpu, hcpu = (a1 - a0) / 1e3 / an, (h1 - h0) / 1e3 / hn
    print(f"  calls/s {ac:8.1f} / {hc:8.1f} = {ac / hc:.3f}x   p99 {ap:6.2f} / {hp:6.2f} ms = "
          f"{ap / hp:.3f}x   server CPU/call {acpu:6.1f} / {hcpu:6.1f} us = {acpu / hcpu:.3f}x   "
          f"failed {af}/{hf}")


if __name__ == "__main__":
    what, args = sys.argv[1], sys.argv[2:]
    if what == "counts":
        counts(args[0], args[1], int(args[2]), int(args[3]), *args[4:9])
    elif what == "syscalls":
        syscalls(args[0], args[1], args[2], int(args[3]), int(args[4]))
    elif what == "footprint":
        footprint(args[0], int(args[1]))
    elif what == "together":
        together(*map(int, args[:4]), args[4], args[5])
    else:
        sys.exit(f"attribution.py: {what}?")
