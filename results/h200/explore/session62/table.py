#!/usr/bin/env python3
"""Sixty-second session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session62/table.py [rule3|groups|verify|sweep|others|sweeps|odd]
rule3: first/rule3.txt and third/rule3b.txt, stage 03 against 08 (and the dispatcher) on rule 3's
shapes past 08's deep threshold, one row a shape and probe: the means of the rounds, 08's change;
groups: third/groups.txt, pack_rows' direct groups G a thread and rows of one pack (groups.patch)
against the stage; verify: verify/verify.txt, the dispatcher with the amendments against 03;
sweep: the "small" sweep at 8cdd52e against f51ed48's (session57/table.py's compare_sweeps);
others: the "unpacked", "between" and "models" sweeps at 2d53f81 against 2504ed5's
(peers-short.json), "batch" against a4cb935's (peers.json); sweeps: the dispatcher's sweeps at
8cdd52e against 40db532's, the shapes that moved by 1.5% or more and those of 64 MB or more under
95% of the copy; odd: odd/odd.txt, stage 08 under knobs on rows of 1000-1001."""
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "..", "..")


def load(session):
    spec = importlib.util.spec_from_file_location(session, os.path.join(HERE, "..", session, "table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def groups(path):
    return load("session61").groups(os.path.join(HERE, path), load("session60"))


def mean(runs):
    return sum(us for us, _ in runs) / len(runs)


def against(path, base, other, label):
    """One table a group: base's and other's mean µs, other's change and its wins in rounds."""
    for name, shapes in groups(path).items():
        print(f"{label} ({name}):\n| shape | MB | {base} | {other} | change | {other} ahead |")
        print("|---|---:|---:|---:|---:|---:|")
        for (t, m, n), runs in shapes.items():
            a, b = runs[base], runs[other]
            wins = sum(y < x for (x, _), (y, _) in zip(a, b))
            mb = m * n * (4 if t == "f32" else 2) / 2**20
            print(f"| {t} {m} × {n} | {mb:.1f} | {mean(a):.2f} | {mean(b):.2f} | "
                  f"{100 * (mean(b) / mean(a) - 1):+.1f}% | {wins} of {len(a)} |")
        print()


def rule3():
    against("first/rule3.txt", "./step03", "./step08", "first call")
    against("third/rule3b.txt", "./step03", "./step08", "third call")


def verify():
    against("verify/verify.txt", "./step03", "./step11", "last call")


def short(form):
    return form.replace("build/v_groups/step08", "v").replace("STEP08_PACK_", "")


def groups_table():
    for name, shapes in groups("third/groups.txt").items():
        forms = [f for f in next(iter(shapes.values())) if f != "./step08"]
        print(f"{name}:\n| shape | MB | stage 08 | " + " | ".join(short(f) for f in forms) + " |")
        print("|---|---:|---:|" + "---:|" * len(forms))
        for (t, m, n), runs in shapes.items():
            b = mean(runs["./step08"])
            mb = m * n * (4 if t == "f32" else 2) / 2**20
            cells = [f"{mean(runs[f]):.2f} ({100 * (mean(runs[f]) / b - 1):+.1f}%)" for f in forms]
            print(f"| {t} {m} × {n} | {mb:g} | {b:.2f} | " + " | ".join(cells) + " |")
        print()


def odd():
    for name, shapes in groups("odd/odd.txt").items():
        for (t, m, n), runs in shapes.items():
            b = mean(runs["./step08"])
            print(f"{name} {t} {m} × {n}: stage 08 {b:.2f} | " + " | ".join(
                f"{f.replace(' ./step08', '')} {mean(r):.2f} ({100 * (mean(r) / b - 1):+.1f}%)"
                for f, r in runs.items() if f != "./step08"))


def sweep():
    load("session57").compare_sweeps("peers-small-f51ed48.json", "peers-small-8cdd52e.json", "f51ed48", "8cdd52e")


def others():
    t57 = load("session57")
    for old, new, label in (("peers-short.json", "peers-unpacked-2d53f81.json", "unpacked"),
                            ("peers-short.json", "peers-between-2d53f81.json", "between"),
                            ("peers-short.json", "peers-models-batch-2d53f81.json", "models"),
                            ("peers.json", "peers-models-batch-2d53f81.json", "batch")):
        o1, b1 = t57.sweep_records(os.path.join(RESULTS, old))
        o2, b2 = t57.sweep_records(os.path.join(RESULTS, new))
        recs = json.load(open(os.path.join(RESULTS, new)))["records"]
        keys = [k for k in o2 if any(r["impl"] == "step11" and (r["dtype"], r["M"], r["N"]) == k and
                                     label in r["sweeps"] for r in recs)]
        ahead = [sum(o[k]["GB/s"] >= b[k]["GB/s"] for k in keys if k in o) for o, b in ((o1, b1), (o2, b2))]
        print(f"{label}: at or ahead of the best peer on {ahead[1]} of {len(keys)} at 2d53f81; "
              f"{ahead[0]} of {sum(k in o1 for k in keys)} in {old}")
        for k in keys:
            r2 = o2[k]
            moved = k in o1 and abs(r2["pct_copy"] - o1[k]["pct_copy"]) >= 1.0
            if moved or r2["GB/s"] < b2[k]["GB/s"]:
                was = f"{o1[k]['pct_copy']:.1f}%" if k in o1 else "–"
                print(f"  {k[0]} {k[1]} × {k[2]}: {was} -> {r2['pct_copy']:.1f}% of the copy, "
                      f"{r2.get('stage', '')} best peer {b2[k]['impl']} ours/best {r2['GB/s'] / b2[k]['GB/s']:.3f}")
        print()


def sweeps():
    for t, size in (("", 4), ("_f16", 2), ("_bf16", 2)):
        new = {(b["M"], b["N"]): b for b in json.load(open(os.path.join(RESULTS, f"step11{t}_8cdd52e.json")))["benchmarks"]}
        old = {(b["M"], b["N"]): b for b in json.load(open(os.path.join(RESULTS, f"step11{t}_40db532.json")))["benchmarks"]}
        at95 = sum(1 for (m, n), b in new.items() if m * n * size >= 64 << 20 and b["pct_copy"] >= 95)
        big = sum(1 for (m, n) in new if m * n * size >= 64 << 20)
        print(f"{t[1:] or 'f32'}: {at95} of {big} shapes of 64 MB or more at 95% of the copy or more")
        for (m, n), b in new.items():
            o = old[(m, n)]
            d = 100 * (b["median_us"] / o["median_us"] - 1)
            if abs(d) >= 1.5 or (m * n * size >= 64 << 20 and b["pct_copy"] < 95):
                print(f"  {int(m)} × {int(n)}: {o['median_us']:.2f} -> {b['median_us']:.2f} us ({d:+.1f}%), "
                      f"{o['pct_copy']:.1f} -> {b['pct_copy']:.1f}% of the copy")


if __name__ == "__main__":
    TABLES = {"rule3": rule3, "groups": groups_table, "verify": verify, "sweep": sweep, "others": others,
              "sweeps": sweeps, "odd": odd}
    for what in sys.argv[1:] or TABLES:
        TABLES[what]()
