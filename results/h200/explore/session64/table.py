#!/usr/bin/env python3
"""Sixty-fourth session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session64/table.py [ab|ab-all|cap]
ab: ab/, the dispatcher (./step11) built with x's loads under the L2 evict_last policy and with
EVICT_LAST=0 (plain loads), both with the harness's reset before each flush, their sweeps in turn
in one call, two rounds: per dtype, the change in mean time on the sweep shapes of 64 MB or more
(x alone, as issue 7's target counts them) and on the rest, and the shapes at M = 2048;
ab-all: every sweep shape; cap: cap/cap.txt, stage 08 with team_rows_capped at 48 registers
against 56 (cap56.patch), both under the policy (mean time of two rounds, % of the copy)."""
import collections
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = {"f32": 4, "f16": 2, "bf16": 2}


def sweep(form, dtype):
    """{(M, N): [(us, copy us)] over the rounds} of one form's sweeps."""
    out = collections.defaultdict(list)
    for r in (1, 2):
        for b in json.load(open(os.path.join(HERE, "ab", f"{form}-{dtype}-r{r}.json")))["benchmarks"]:
            out[(int(b["M"]), int(b["N"]))].append((b["median_us"], b["median_us"] * b["pct_copy"] / 100))
    return out


def ab(every=False):
    print("| dtype | shapes of 64 MB or more: change in time (median, range) | faster | "
          "smaller shapes: change (median, range) | faster |")
    print("|---|---|---:|---|---:|")
    detail = []
    for t in ("f32", "f16", "bf16"):
        pol, plain = sweep("policy", t), sweep("v_plain", t)
        big, small = [], []
        for (m, n), runs in pol.items():
            p = statistics.mean(u for u, _ in runs)
            q = statistics.mean(u for u, _ in plain[(m, n)])
            change = 100 * (p / q - 1)
            (big if m * n * SIZE[t] >= 64 << 20 else small).append(change)
            if every or m == 2048:
                cp = statistics.mean(c for _, c in runs)
                cq = statistics.mean(c for _, c in plain[(m, n)])
                detail.append(f"| {t} {m} × {n} | {q:.2f} ({100 * cq / q:.1f}%) | {p:.2f} ({100 * cp / p:.1f}%) | "
                              f"{change:+.1f}% |")
        cells = [f"{statistics.median(v):+.1f}% ({min(v):+.1f} to {max(v):+.1f})" for v in (big, small)]
        print(f"| {t} | {cells[0]} | {sum(c < 0 for c in big)} of {len(big)} | {cells[1]} | "
              f"{sum(c < 0 for c in small)} of {len(small)} |")
    print("\n| shape | plain loads: us (% of copy) | policy: us (% of copy) | change |")
    print("|---|---:|---:|---:|")
    print("\n".join(detail))


def cap():
    line = re.compile(r"^(\w+) (\d+) x (\d+) (\S+): ([\d.]+) us ([\d.]+)%$")
    runs = collections.OrderedDict()
    for text in open(os.path.join(HERE, "cap", "cap.txt")):
        if m := line.match(text.strip()):
            form = "56" if "cap56" in m[4] else "48"
            runs.setdefault((m[1], int(m[2]), int(m[3])), {}).setdefault(form, []).append((float(m[5]), float(m[6])))
    print("| shape | cap 56: us (% of copy) | cap 48: us (% of copy) | change |")
    print("|---|---:|---:|---:|")
    for (t, m, n), by in runs.items():
        (u56, p56), (u48, p48) = [(statistics.mean(u for u, _ in by[f]), statistics.mean(p for _, p in by[f]))
                                  for f in ("56", "48")]
        print(f"| {t} {m} × {n} | {u56:.2f} ({p56:.1f}%) | {u48:.2f} ({p48:.1f}%) | {100 * (u48 / u56 - 1):+.1f}% |")


if __name__ == "__main__":
    arg = sys.argv[1] if len(sys.argv) > 1 else "ab"
    {"ab": ab, "ab-all": lambda: ab(True), "cap": cap}[arg]()
