#!/usr/bin/env python3
"""Tables of the fifty-eighth session's probes (results/h200/explore/session58/).

  python3 table.py [fewer|fewer2|fewer3]   each shape's mean µs (and % of the copy) under each
                                           build, and the change against 17e099d's stage 08

A probe line reads "DTYPE M x N [ENV...] BINARY: µs us %"; the builds are told apart by what
precedes the colon: build/base/step08 (17e099d), STEP08_STAGED_FEWER=0 ./step08 (the FFMA alone)
and ./step08 (the build under test).
"""
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = {"fewer": "fewer/fewer.txt", "fewer2": "final/fewer2.txt", "fewer3": "last/fewer3.txt"}
LINE = re.compile(r"^(\w+) (\d+) x (\d+) (.*): ([\d.]+) us ([\d.]+)%")


def form(words):
    if "build/base" in words:
        return "base"
    return "ffma" if "STEP08_STAGED_FEWER=0" in words else "new"


def read(name):
    runs = defaultdict(lambda: defaultdict(list))
    for line in (HERE / FILES[name]).read_text().splitlines():
        m = LINE.match(line)
        if m:
            t, rows, cols, words, us, pct = m.groups()
            runs[(t, int(rows), int(cols))][form(words)].append((float(us), float(pct)))
    return runs


def mean(xs):
    return sum(xs) / len(xs)


def table(name):
    runs = read(name)
    forms = [f for f in ("base", "ffma", "new") if any(f in v for v in runs.values())]
    print(f"{name}: means of the rounds, µs (% of the copy); change against base")
    print("| dtype | M × N | " + " | ".join(forms) + " | " + " | ".join(f"{f} vs base" for f in forms[1:]) + " |")
    print("|---|---|" + "---:|" * (2 * len(forms) - 1))
    for (t, rows, cols), v in runs.items():
        cells, us = [], {}
        for f in forms:
            if f in v:
                us[f] = mean([u for u, _ in v[f]])
                cells.append(f"{us[f]:.2f} ({mean([p for _, p in v[f]]):.1f}%)")
            else:
                cells.append("")
        deltas = [f"{100 * (us[f] / us['base'] - 1):+.1f}%" if f in us and "base" in us else "" for f in forms[1:]]
        print(f"| {t} | {rows} × {cols} | " + " | ".join(cells) + " | " + " | ".join(deltas) + " |")


if __name__ == "__main__":
    for name in sys.argv[1:] or ["fewer", "fewer2"]:
        if (HERE / FILES[name]).exists():
            table(name)
            print()
