#!/usr/bin/env python3
"""Prints the fifty-seventh session's tables (docs/08_half.md, "Odd rows in pairs") from the probe
files beside it: each shape under each form, the mean of its runs' µs and % of the copy.

Usage: python3 results/h200/explore/session57/table.py [odd|odd2|odd3|odd4|docs|fine2|sweep]
(no argument: the first four; docs: the odd-row table of docs/08_half.md; fine2: its table of the
four new teams; sweep: the "small" sweep at 6d1fd02 against 39a5cd0's,
results/h200/peers-small-6d1fd02.json and peers-small.json)."""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.dirname(os.path.dirname(HERE))
GROUP = re.compile(r"^(\w+) (\d+) x (\d+) (.*?)timeout 60 ./step08: ([\d.]+) us ([\d.]+)%$")
AB = re.compile(r"^odd3 (\w+) (\d+) x (\d+) .*\(base \| new \| base \| new\)((?: \| [\d.]+ us [\d.]+%){4})$")
FILES = {"odd": "odd/odd.txt", "odd2": "odd2/odd2.txt", "odd3": "odd3/odd3.txt", "odd4": "last/odd4.txt"}
DT = {"f32": "fp32", "f16": "fp16", "bf16": "bf16"}


def runs(name):
    """{(dtype, M, N): {form: [(us, pct), ...]}} in the order the file has them."""
    out = collections.OrderedDict()
    with open(os.path.join(HERE, FILES[name])) as f:
        for line in f:
            line = line.strip()
            m = GROUP.match(line)
            if m:
                t, rows, cols, form, us, pct = m.groups()
                form = form.strip() or "default"
                out.setdefault((t, int(rows), int(cols)), collections.OrderedDict()).setdefault(form, []).append(
                    (float(us), float(pct)))
                continue
            m = AB.match(line)
            if m:
                t, rows, cols, cells = m.groups()
                by = out.setdefault((t, int(rows), int(cols)), collections.OrderedDict())
                vals = re.findall(r"([\d.]+) us ([\d.]+)%", cells)
                for i, (us, pct) in enumerate(vals):
                    by.setdefault("6d1fd02" if i % 2 == 0 else "default", []).append((float(us), float(pct)))
    return out


def mean(v):
    return sum(v) / len(v)


def us_pct(by, form):
    return mean([u for u, _ in by[form]]), mean([p for _, p in by[form]])


def table(name):
    data = runs(name)
    forms = list(collections.OrderedDict.fromkeys(f for by in data.values() for f in by))
    print(f"== {name} ({FILES[name]}): µs (% of the copy), means of the runs; change against the first form")
    print("| shape | " + " | ".join(forms) + " |")
    print("|---|" + "---:|" * len(forms))
    for (t, rows, cols), by in data.items():
        base = us_pct(by, forms[0])[0] if forms[0] in by else None
        cells = []
        for f in forms:
            if f not in by:
                cells.append("–")
                continue
            us, pct = us_pct(by, f)
            d = f" ({100 * (us / base - 1):+.1f}%)" if base and f != forms[0] else ""
            cells.append(f"{us:.2f}{d} [{pct:.1f}%]")
        print(f"| {t} {rows} × {cols} | " + " | ".join(cells) + " |")
    print()


def docs():
    """docs/08_half.md's table: odd4 (the final build against STEP08_STAGED_ODD=0), with the team
    each form ran (2 x 6 and so on, from the lengths the configurations hold)."""
    cfgs = [(1, 8), (2, 6), (2, 8), (4, 8), (4, 14), (8, 8), (16, 8), (32, 8), (32, 16), (32, 32)]

    def team(n, odd_pairs):
        for lanes, elems in cfgs:
            if n <= lanes * elems + (1 if odd_pairs else 0):
                return f"{lanes} × {elems}"
        return "?"

    print("| shape | one element an access: team, µs | in pairs: team, µs | % of the copy |")
    print("|---|---:|---:|---|")
    for (t, rows, cols), by in runs("odd4").items():
        if cols % 2 == 0:
            continue
        (a, pa), (b, pb) = us_pct(by, "default"), us_pct(by, "STEP08_STAGED_ODD=0")
        print(f"| {DT[t]} {rows} × {cols} | {team(cols, False)}, {b:.2f} | {team(cols, True)}, {a:.2f} "
              f"({100 * (a / b - 1):+.1f}%) | {pb:.1f} → {pa:.1f}% |".replace("(-", "(−").replace("(+", "(+"))


def fine2():
    """The four new teams (fine2/fine2.txt, d1d5e8c, two runs) against fb9820d's binary, whose
    runs in that call printed nothing (it was carried without its execute bit) and ran once in
    the next call, a minute later on the same machine (fine2/fine2-base.txt)."""
    base = {}
    with open(os.path.join(HERE, "fine2/fine2-base.txt")) as f:
        for line in f:
            m = re.match(r"^(\w+) (\d+) x (\d+) .*build/base/step08: ([\d.]+) us ([\d.]+)%$", line.strip())
            if m:
                t, rows, cols, us, pct = m.groups()
                base[(t, int(rows), int(cols))] = (float(us), float(pct))
    print("| shape | fb9820d (once) | d1d5e8c (mean of two) | % of the copy |")
    print("|---|---:|---:|---|")
    with open(os.path.join(HERE, "fine2/fine2.txt")) as f:
        for line in f:
            m = re.match(r"^fine2 (\w+) (\d+) x (\d+) .*\(base \| new \| base \| new\)(.*)$", line.strip())
            if not m:
                continue
            t, rows, cols, cells = m.groups()
            new = [(float(u), float(p)) for u, p in re.findall(r"([\d.]+) us ([\d.]+)%", cells)]
            b = base[(t, int(rows), int(cols))]
            a = (mean([u for u, _ in new]), mean([p for _, p in new]))
            print(f"| {DT[t]} {rows} × {cols} | {b[0]:.2f} | {a[0]:.2f} ({100 * (a[0] / b[0] - 1):+.1f}%) | "
                  f"{b[1]:.1f} → {a[1]:.1f}% |".replace("(-", "(−"))


def sweep_records(path):
    with open(path) as f:
        d = json.load(f)
    ours, best = {}, {}
    for r in d["records"]:
        k = (r["dtype"], r["M"], r["N"])
        if r["impl"] == "step11":
            ours[k] = r
        elif r["kind"] != "copy" and r["impl"] not in ("step03", "step08"):
            if k not in best or r["GB/s"] > best[k]["GB/s"]:
                best[k] = r
    return ours, best


def compare_sweeps(old_file, new_file, old_label, new_label):
    """The dispatcher's % of the copy in two "small" sweeps (files under results/h200/), the shapes
    that moved by a point or more or are behind the best peer in the second, and the count at or
    ahead in each. Sessions after this one call it with their own pair."""
    o1, b1 = sweep_records(os.path.join(RESULTS, old_file))
    o2, b2 = sweep_records(os.path.join(RESULTS, new_file))
    print(f"| dtype | M × N | {old_label}: % of the copy | {new_label} | best peer at {new_label} | ours / best |")
    print("|---|---|---:|---:|---|---:|")
    ahead = [0, 0]
    for k in o2:
        r1, r2 = o1[k], o2[k]
        a1, a2 = r1["GB/s"] >= b1[k]["GB/s"], r2["GB/s"] >= b2[k]["GB/s"]
        ahead[0] += a1
        ahead[1] += a2
        if abs(r2["pct_copy"] - r1["pct_copy"]) >= 1.0 or not a2:
            print(f"| {k[0]} | {k[1]} × {k[2]} | {r1['pct_copy']:.1f}% | {r2['pct_copy']:.1f}% | {b2[k]['impl']} | "
                  f"{r2['GB/s'] / b2[k]['GB/s']:.3f} |")
    print(f"\nAt or ahead of the best peer: {ahead[0]} of {len(o1)} at {old_label}, {ahead[1]} of {len(o2)} at "
          f"{new_label}.")


def sweep():
    """The "small" sweep at 6d1fd02 against 39a5cd0's."""
    compare_sweeps("peers-small.json", "peers-small-6d1fd02.json", "39a5cd0", "6d1fd02")

if __name__ == "__main__":
    for n in sys.argv[1:] or list(FILES):
        {"docs": docs, "fine2": fine2, "sweep": sweep}.get(n, lambda n=n: table(n))()
