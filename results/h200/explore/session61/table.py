#!/usr/bin/env python3
"""Sixty-first session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session61/table.py [pair|pair2|final|verify|sweep]
pair: first/pair.txt, R rows a warp in W-warp blocks (pair.patch) against HEAD's stage 08;
pair2: second/pair2.txt, more forms and a cap on blocks an SM (pair2.patch), against HEAD's;
final, verify: final/final.txt and verify/verify.txt, the stage against STEP08_WARP_ROWS=0 (and
rows256.patch's forms);
one table a probe group ("== NAME"): each shape's mean µs and % of the copy under HEAD's stage 08,
then each form's mean and its change (the line format is session60/table.py's).
sweep: the "small" sweep at df14cdd (44 of 48 shapes) against f51ed48's, by session57/table.py's
compare_sweeps."""
import collections
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = "./step08"


def load(session):
    spec = importlib.util.spec_from_file_location(session, os.path.join(HERE, "..", session, "table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table60():
    return load("session60")


def groups(path, t60):
    """{group: {(dtype, M, N): {form: [(us, pct), ...]}}}, in file order."""
    out, name = collections.OrderedDict(), None
    for line in open(path):
        if line.startswith("== "):
            name = line.split()[1]
        elif (m := t60.LINE.match(line)) and name:
            shape = (m[1], int(m[2]), int(m[3]))
            out.setdefault(name, collections.OrderedDict()).setdefault(shape, collections.OrderedDict()) \
                .setdefault(m[4], []).append((float(m[5]), float(m[6])))
    return out


def short(form):
    return form.replace("build/v_pair2/step08", "v").replace("build/v_pair/step08", "v") \
        .replace("STEP08_WROWS=", "").replace("STEP08_PROBE_SMEM=26624", "cap32")


def print_tables(path):
    t60 = table60()
    for name, shapes in groups(path, t60).items():
        forms = [f for f in next(iter(shapes.values())) if f != BASE]
        print(f"{name}:\n| shape | MB | HEAD | " + " | ".join(short(f) for f in forms) + " |")
        print("|---|---:|---:|" + "---:|" * len(forms))
        for (t, m, n), runs in shapes.items():
            b = t60.mean(runs[BASE], 0)
            mb = m * n * (4 if t == "f32" else 2) / 2**20
            cells = [f"{t60.mean(runs[f], 0):.2f} ({100 * (t60.mean(runs[f], 0) / b - 1):+.1f}%)" if f in runs
                     else "–" for f in forms]
            print(f"| {t60.DT[t]} {m} × {n} | {mb:.0f} | {b:.2f} ({t60.mean(runs[BASE], 1):.1f}%) | "
                  + " | ".join(cells) + " |")
        print()


FILES = {"pair": "first/pair.txt", "pair2": "second/pair2.txt", "final": "final/final.txt",
         "verify": "verify/verify.txt"}

if __name__ == "__main__":
    for what in sys.argv[1:] or [*FILES, "sweep"]:
        if what == "sweep":
            load("session57").compare_sweeps("peers-small-f51ed48.json",
                                             "explore/session61/final/peers-small-df14cdd.json", "f51ed48", "df14cdd")
        else:
            print_tables(os.path.join(HERE, FILES[what]))
