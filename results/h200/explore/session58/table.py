#!/usr/bin/env python3
"""Tables of the fifty-eighth session's probes (results/h200/explore/session58/).

  python3 table.py [fewer|fewer2|fewer3|fewer4]   each shape's mean µs (and % of the copy) under each
                                           build, and the change against 17e099d's stage 08
  python3 table.py docs [docs4]            fewer3 (fewer4) as docs/08_half.md has it, with each shape's
                                           kernel before and after (pack_rows or a team)
  python3 table.py sweep                   the peers' "small" sweep at 99d05b8 against 6d1fd02's
                                           (results/h200/peers-small-*.json): the dispatcher's %
                                           of the copy where it moved by a point or is behind

A probe line reads "DTYPE M x N [ENV...] BINARY: µs us %"; the builds are told apart by what
precedes the colon: build/base/step08 (17e099d), STEP08_STAGED_FEWER=0 ./step08 (the FFMA alone)
and ./step08 (the build under test).
"""
import importlib.util
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE.parents[1]  # results/h200
FILES = {"fewer": "fewer/fewer.txt", "fewer2": "final/fewer2.txt", "fewer3": "last/fewer3.txt",
         "fewer4": "odd/fewer4.txt"}
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


# staged_rows' configurations (lanes, elements, halves only), as steps/08_half.cu has them since
# 9ffbb9f; 17e099d's were those without the halves-only ones.
CFGS = [(1, 8, 0), (1, 10, 1), (2, 6, 0), (2, 8, 0), (2, 12, 1), (4, 8, 0), (2, 22, 1), (4, 14, 0), (8, 8, 0),
        (8, 14, 0), (16, 8, 0), (16, 12, 0), (32, 8, 0), (32, 12, 0), (32, 16, 0), (32, 24, 0), (32, 32, 0)]
DT = {"f32": "fp32", "f16": "fp16", "bf16": "bf16"}


def kernel(t, n, new):
    """The kernel stage 08 gives rows of n (not in packs, a matrix of 64 MB): pack_rows or a team."""
    from math import gcd
    vec = 4 if t == "f32" else 8
    if n % vec and n // gcd(n, vec) <= 3:
        return "pack_rows"
    for lanes, elems, halves in CFGS:
        if halves and (t == "f32" or not new):
            continue
        if n <= lanes * elems + n % 2:
            return f"{lanes} × {elems}"
    return "?"


def docs(name="fewer3"):
    runs = read(name)
    built = {"fewer3": "9ffbb9f", "fewer4": "522a2d4"}[name]  # the same kernels (steps/ and common/ unchanged)
    print(f"| shape | 17e099d: kernel, µs | {built}: kernel, µs | % of the copy |")
    print("|---|---:|---:|---|")
    for (t, rows, cols), v in runs.items():
        b, a = (mean([u for u, _ in v[f]]) for f in ("base", "new"))
        pb, pa = (mean([p for _, p in v[f]]) for f in ("base", "new"))
        print(f"| {DT[t]} {rows} × {cols} | {kernel(t, cols, False)}, {b:.2f} | {kernel(t, cols, True)}, {a:.2f} "
              f"({100 * (a / b - 1):+.1f}%) | {pb:.1f} → {pa:.1f}% |".replace("(-", "(−"))


def sweep():
    """The "small" sweep at 99d05b8 against 6d1fd02's: session57/table.py's comparison."""
    spec = importlib.util.spec_from_file_location("table57", HERE.parent / "session57" / "table.py")
    table57 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table57)
    table57.compare_sweeps("peers-small-6d1fd02.json", "peers-small-99d05b8.json", "6d1fd02", "99d05b8")

if __name__ == "__main__":
    for name in sys.argv[1:] or ["fewer", "fewer2", "fewer3", "fewer4", "sweep"]:
        if name in ("sweep", "docs", "docs4"):
            {"sweep": sweep, "docs": docs, "docs4": lambda: docs("fewer4")}[name]()
        elif (HERE / FILES[name]).exists():
            table(name)
        print()
