#!/usr/bin/env python3
"""Print docs/h200.md's tables of the fiftieth session's regions and edges runs ("Rules for the
H200") from regions/regions.txt or edges/edges.txt: per shape, each candidate's mean µs over the
two rounds, the fastest, and how much longer the first candidate took (the H100-drawn rules'
stage).  python3 results/h200/explore/session50/table.py [regions|edges]"""
import os
import re
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = {"f32": 4, "f16": 2, "bf16": 2}
# The stage the rules gave each region before the amendments (the first candidate of each line).
POW = {1 << k: "2^%d" % k for k in range(16, 31)}


def dim(n):
    if n in POW:
        return POW[n]
    for k in range(16, 31):
        if n % (1 << k) == 0 and (n >> k) in (3, 5) and k >= 16:
            return "%d * 2^%d" % (n >> k, k)
    return str(n)


def parse(path):
    times = defaultdict(lambda: defaultdict(list))
    order = []
    for line in open(path):
        m = re.match(r"(\w+) (\d+) x (\d+): (.*)", line.strip())
        if not m:
            continue
        key = (m.group(1), int(m.group(2)), int(m.group(3)))
        if key not in times:
            order.append(key)
        for cell in m.group(4).split("|"):
            c = re.match(r"\s*(\S+) ([\d.]+) us", cell)
            if c:
                times[key][c.group(1)].append(float(c.group(2)))
    return order, times


def name(cand):
    return cand.replace("STEP09_PIPELINES=0,step09", "09 (one pipeline)").replace("step", "")


def main():
    run = sys.argv[1] if len(sys.argv) > 1 else "regions"
    if run not in ("regions", "edges"):
        sys.exit("usage: table.py [regions|edges]")
    order, times = parse(os.path.join(HERE, run, run + ".txt"))
    print("| dtype | M × N | MB | rules' stage | µs, each stage (mean of 2 runs) | fastest | rules' stage, more time |")
    print("|---|---|---:|---|---|---|---:|")
    for key in order:
        t, M, N = key
        cands = times[key]
        if any(len(v) != 2 for v in cands.values()):
            sys.exit("%s: not two rounds" % (key,))
        mean = {c: sum(v) / 2 for c, v in cands.items()}
        first = next(iter(cands))  # the rules' stage (before the amendments) comes first on every line
        best = min(mean, key=mean.get)
        cells = " · ".join("%s %.2f" % (name(c), mean[c]) for c in cands)
        more = 100.0 * (mean[first] / mean[best] - 1)
        print("| %s | %s × %s | %d | %s | %s | %s | %s |" % (
            t, M, dim(N), M * N * SIZE[t] >> 20, name(first), cells, name(best),
            "–" if best == first else "%.1f%%" % more))


if __name__ == "__main__":
    main()
