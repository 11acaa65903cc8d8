#!/usr/bin/env python3
"""Fifty-ninth session: the means of each form's runs per shape in fold/fold.txt and rcp/rcp.txt,
and each form against the base build (25195c4's stage 08 or 10). Usage: table.py [fold|rcp]."""
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r"(\S+) (\d+) x (\d+) (.+): ([\d.]+) us ([\d.]+)%")


def table(path):
    shapes = collections.OrderedDict()
    for line in open(path):
        m = LINE.match(line)
        if m:
            shapes.setdefault((m[1], m[2], m[3]), collections.OrderedDict()).setdefault(m[4], []).append(float(m[5]))
    print("| dtype | M x N | form | us (mean) | against the base |")
    print("|---|---|---|---:|---:|")
    for (t, m, n), forms in shapes.items():
        base = next(v for k, v in forms.items() if k.startswith("build/base/"))
        b = sum(base) / len(base)
        for form, v in forms.items():
            u = sum(v) / len(v)
            print(f"| {t} | {m} x {n} | {form} | {u:.2f} | {100 * (u / b - 1):+.1f}% |")


which = sys.argv[1] if len(sys.argv) > 1 else "rcp"
table(os.path.join(HERE, which, which + ".txt"))
