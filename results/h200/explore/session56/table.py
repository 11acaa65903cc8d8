#!/usr/bin/env python3
"""Prints the fifty-sixth session's tables (docs/08_half.md, "Short rows in shared memory") from
the probe files beside it: each shape under each form, the mean of its runs' µs and % of the copy.

Usage: python3 results/h200/explore/session56/table.py [pack|final|staged|last|fine|lean|docs]
(no argument: the first six; docs: the two tables of docs/08_half.md as they stand there)."""
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r"^(\w+) (\d+) x (\d+) (.*?)timeout 60 ./step08: ([\d.]+) us ([\d.]+)%$")
FILES = {"pack": "pack/pack.txt", "final": "final/final.txt", "staged": "staged/staged.txt",
         "last": "last/last.txt", "fine": "fine/fine.txt", "lean": "lean/lean.txt"}


def runs(name):
    """{(dtype, M, N): {form: [(us, pct), ...]}} in the order the file has them."""
    out = collections.OrderedDict()
    with open(os.path.join(HERE, FILES[name])) as f:
        for line in f:
            m = LINE.match(line.strip())
            if not m:
                continue
            t, rows, cols, form, us, pct = m.groups()
            form = form.strip() or "default"
            out.setdefault((t, int(rows), int(cols)), collections.OrderedDict()).setdefault(form, []).append(
                (float(us), float(pct)))
    return out


def mean(v):
    return sum(v) / len(v)


def table(name):
    data = runs(name)
    forms = list(collections.OrderedDict.fromkeys(f for by in data.values() for f in by))
    print(f"== {name} ({FILES[name]}): µs (% of the copy), means of the runs; change against the first form")
    print("| shape | " + " | ".join(forms) + " |")
    print("|---|" + "---:|" * len(forms))
    for (t, rows, cols), by in data.items():
        base = mean([u for u, _ in by[forms[0]]]) if forms[0] in by else None
        cells = []
        for f in forms:
            if f not in by:
                cells.append("–")
                continue
            us, pct = mean([u for u, _ in by[f]]), mean([p for _, p in by[f]])
            d = f" ({100 * (us / base - 1):+.1f}%)" if base and f != forms[0] else ""
            cells.append(f"{us:.2f}{d} [{pct:.1f}%]")
        print(f"| {t} {rows} × {cols} | " + " | ".join(cells) + " |")
    print()


def us_pct(by, form):
    return mean([u for u, _ in by[form]]), mean([p for _, p in by[form]])


def docs():
    """docs/08_half.md's tables: final.txt's two forms, staged.txt's four."""
    print("| shape | registers | `cp.async` | % of the copy |")
    print("|---|---:|---:|---|")
    for (t, rows, cols), by in runs("final").items():
        (a, pa), (r, pr) = us_pct(by, "default"), us_pct(by, "STEP08_PACK_ASYNC=0")
        dt = {"f32": "fp32", "f16": "fp16", "bf16": "bf16"}[t]
        print(f"| {dt} {rows} × {cols} | {r:.2f} | {a:.2f} ({100 * (a / r - 1):+.1f}%) | {pr:.1f} → {pa:.1f}% |"
              .replace("+-", "−").replace("(-", "(−"))
    print()
    forms = ["STEP08_STAGED_PAIRS=0 STEP08_STAGED_TIGHT=0", "STEP08_STAGED_TIGHT=0", "STEP08_STAGED_PAIRS=0", "default"]
    print("| shape | before | pairs | loops to the last element | both |")
    print("|---|---:|---:|---:|---:|")
    for (t, rows, cols), by in runs("staged").items():
        base = us_pct(by, forms[0])[0]
        cells = [f"{base:.2f}"]
        for f in forms[1:]:
            u = us_pct(by, f)[0]
            cells.append(f"{u:.2f} ({100 * (u / base - 1):+.1f}%)".replace("(-", "(−"))
        dt = {"f32": "fp32", "f16": "fp16", "bf16": "bf16"}[t]
        print(f"| {dt} {rows} × {cols} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    for n in sys.argv[1:] or list(FILES):
        docs() if n == "docs" else table(n)
