#!/usr/bin/env python3
"""Fifty-ninth session: the means of each form's runs per shape in fold/, rcp/ or direct/*.txt,
against the base build (25195c4's stage 08 in fold and rcp, c2779c6's in direct). Usage: table.py fold|rcp|direct [docs].
With "docs": the docs' table, base against ./step08 only, µs and % of the copy (means)."""
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r"(\S+) (\d+) x (\d+) (.+): ([\d.]+) us ([\d.]+)%")


def read(path):
    shapes = collections.OrderedDict()
    for line in open(path):
        m = LINE.match(line)
        if m:
            runs = shapes.setdefault((m[1], m[2], m[3]), collections.OrderedDict()).setdefault(m[4], [])
            runs.append((float(m[5]), float(m[6])))
    return shapes


def mean(runs, i):
    return sum(r[i] for r in runs) / len(runs)


def table(shapes):
    print("| dtype | M x N | form | us (mean) | against the base |")
    print("|---|---|---|---:|---:|")
    for (t, m, n), forms in shapes.items():
        b = mean(next(v for k, v in forms.items() if k.startswith("build/base/")), 0)
        for form, v in forms.items():
            print(f"| {t} | {m} x {n} | {form} | {mean(v, 0):.2f} | {100 * (mean(v, 0) / b - 1):+.1f}% |")


def docs(shapes, base_commit):
    names = {"f32": "fp32", "f16": "fp16", "bf16": "bf16"}
    print(f"| shape | {base_commit}, µs | this build, µs | % of the copy |")
    print("|---|---:|---:|---|")
    for (t, m, n), forms in shapes.items():
        base = next(v for k, v in forms.items() if k.startswith("build/base/"))
        new = forms["./step08"]
        b, u = mean(base, 0), mean(new, 0)
        print(f"| {names[t]} {m} × {n} | {b:.2f} | {u:.2f} ({100 * (u / b - 1):+.1f}%) | "
              f"{mean(base, 1):.1f} → {mean(new, 1):.1f}% |")


which = sys.argv[1] if len(sys.argv) > 1 else "rcp"
shapes = read(os.path.join(HERE, which, which + ".txt"))
if sys.argv[2:] == ["docs"]:
    docs(shapes, "c2779c6" if which == "direct" else "25195c4")
else:
    table(shapes)
