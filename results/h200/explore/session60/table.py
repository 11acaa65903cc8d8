#!/usr/bin/env python3
"""Sixtieth session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session60/table.py [team512|two|sweep]
team512: first/team512.txt, each form's mean per shape against HEAD's stage 08 (38fffc6);
two: two/two.txt, 2-pack deep teams against STEP08_DEEP_TWO=0 (the 4-pack ones), means;
sweep: the "small" sweep at f51ed48 against 3bbb21a's, the shapes that moved by a point or more
and those behind the best peer, and the count at or ahead."""
import collections
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r"(\S+) (\d+) x (\d+) (.+): ([\d.]+) us ([\d.]+)%")
DT = {"f32": "fp32", "f16": "fp16", "bf16": "bf16"}


def read(path):
    shapes = collections.OrderedDict()
    for line in open(path):
        m = LINE.match(line)
        if m:
            runs = shapes.setdefault((m[1], int(m[2]), int(m[3])), collections.OrderedDict()).setdefault(m[4], [])
            runs.append((float(m[5]), float(m[6])))
    return shapes


def mean(runs, i):
    return sum(r[i] for r in runs) / len(runs)


def forms_table(path, base):
    """One row a shape: the base form's mean µs and % of the copy, then each other form's change."""
    shapes = read(path)
    forms = [f for f in next(iter(shapes.values())) if f != base]
    print("| shape | MB | " + base + " | " + " | ".join(forms) + " |")
    print("|---|---:|---:|" + "---:|" * len(forms))
    for (t, m, n), runs in shapes.items():
        b = mean(runs[base], 0)
        mb = m * n * (4 if t == "f32" else 2) / 2**20
        cells = [f"{mean(runs[f], 0):.2f} ({100 * (mean(runs[f], 0) / b - 1):+.1f}%)" for f in forms]
        print(f"| {DT[t]} {m} × {n} | {mb:.0f} | {b:.2f} ({mean(runs[base], 1):.1f}%) | " + " | ".join(cells) + " |")


def sweep():
    """session57/table.py's comparison of two "small" sweeps, on 3bbb21a's and f51ed48's."""
    spec = importlib.util.spec_from_file_location("table57", os.path.join(HERE, "..", "session57", "table.py"))
    table57 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table57)
    table57.compare_sweeps("peers-small-3bbb21a.json", "peers-small-f51ed48.json", "3bbb21a", "f51ed48")

if __name__ == "__main__":
    for what in sys.argv[1:] or ["team512", "two", "sweep"]:
        if what == "team512":
            forms_table(os.path.join(HERE, "first", "team512.txt"), "./step08")
        elif what == "two":
            forms_table(os.path.join(HERE, "two", "two.txt"), "STEP08_DEEP_TWO=0 ./step08")
        else:
            sweep()
        print()
