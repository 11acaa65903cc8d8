#!/usr/bin/env python3
"""Tables of the fifty-third session's probes (docs/09_cooperative.md, docs/h200.md).

  python3 results/h200/explore/session53/table.py long|long2|cap|cap2|rules

Each probe line is "DTYPE M x N: | variant µs us % | ..."; a shape's µs is the mean of its rounds.
`rules` puts stage 09's default plan beside stage 12 on the shapes of cap.txt and cap2.txt where
the default build ran the plan it has now (cap.txt's `step09` where the 16-pack cap changes
nothing, cap2.txt's `STEP09_PIPE_CAP=2`, the final default's plan).
"""
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).parent
CELL = re.compile(r"\| (\S+) ([0-9.]+) us ([0-9.]+)%")


def means(path):
    """{(dtype, M, N): {variant: [µs...]}} in the file's order."""
    out = defaultdict(lambda: defaultdict(list))
    for line in path.read_text().splitlines():
        head, _, rest = line.partition(":")
        parts = head.split()
        if len(parts) != 4 or "(time)" in rest:
            continue
        key = (parts[0], int(parts[1]), int(parts[3]))
        for name, us, _pct in CELL.findall(line):
            out[key][name].append(float(us))
    return out


def pow2(n):
    k = n.bit_length() - 1
    if n == 1 << k:
        return f"2^{k}"
    for m in (3, 5, 7):
        if n % m == 0 and (n // m) & (n // m - 1) == 0:
            return f"{m}*2^{(n // m).bit_length() - 1}"
    return str(n)


def mb(t, m, n):
    return m * n * (4 if t == "f32" else 2) / 2**20


def table(path, variants, labels):
    rows = means(path)
    print("| dtype | M x N | MB | " + " | ".join(labels) + " |")
    print("|---|---|---:|" + "---:|" * len(labels))
    for (t, m, n), v in rows.items():
        base = sum(v[variants[0]]) / len(v[variants[0]])
        cells = []
        for name in variants:
            if name not in v:
                cells.append("-")
                continue
            us = sum(v[name]) / len(v[name])
            cells.append(f"{us:.2f}" if name == variants[0] else f"{us:.2f} ({100 * (us / base - 1):+.1f}%)")
        print(f"| {t} | {m} x {pow2(n)} | {mb(t, m, n):.0f} | " + " | ".join(cells) + " |")


def rules():
    cap, cap2 = means(HERE / "cap/cap.txt"), means(HERE / "cap2/cap2.txt")
    rows = {}
    for key, v in cap.items():  # the shapes whose whole grid takes chunks of at most 16 packs
        if key not in cap2 and "step09" in v:
            rows[key] = (v["step09"], v["step12"])
    for key, v in cap2.items():
        rows[key] = (v["STEP09_PIPE_CAP=2,step09"], v["step12"])
    print("| dtype | M x N | MB | 09, us | 12, us | 09 against 12 |")
    print("|---|---|---:|---:|---:|---:|")
    for (t, m, n), (a, b) in sorted(rows.items(), key=lambda kv: (kv[0][0] != "f32", mb(*kv[0]), kv[0])):
        a, b = sum(a) / len(a), sum(b) / len(b)
        print(f"| {t} | {m} x {pow2(n)} | {mb(t, m, n):.0f} | {a:.2f} | {b:.2f} | {100 * (a / b - 1):+.1f}% |")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "rules"
    if what == "long":
        table(HERE / "long/long.txt", ["registers", "hybrid", "pipes", "hint1", "hint2"],
              ["registers-only", "hybrid", "pipes", "hybrid, kept chunk evict_first", "and the rest evict_last"])
    elif what == "long2":
        table(HERE / "cap/long2.txt", ["STEP09_LONG=registers,step09", "STEP09_LONG=pipes,step09"],
              ["registers-only", "pipes"])
    elif what == "pipes":
        table(HERE / "long/pipes.txt", ["step09", "STEP09_PIPELINES=0,step09", "step12"],
              ["two pipelines (5a9a11b)", "one pipeline", "12"])
    elif what == "cap":
        table(HERE / "cap/cap.txt", ["STEP09_PIPE_CAP=0,step09", "step09", "STEP09_PIPELINES=0,step09", "step12"],
              ["before", "capped at the whole grid's", "one pipeline", "12"])
    elif what == "cap2":
        table(HERE / "cap2/cap2.txt", ["step09", "STEP09_PIPE_CAP=2,step09", "step12"],
              ["capped at the whole grid's", "and at 16 packs", "12"])
    elif what == "rules":
        rules()
    else:
        sys.exit(f"usage: {sys.argv[0]} long|long2|pipes|cap|cap2|rules")
