#!/usr/bin/env python3
"""Print docs' tables of the fifty-first session's probes from prefetch/prefetch.txt, fit/fit.txt,
rules/rules.txt or edges/edges.txt: per shape, each candidate's mean µs over the rounds, its time
against the line's first candidate (+: longer), and the fastest.
  python3 results/h200/explore/session51/table.py [prefetch|fit|rules|edges]"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "session50"))
from table import parse  # noqa: E402  (the fiftieth session's reader of a probe file)
SIZE = {"f32": 4, "f16": 2, "bf16": 2}
POW = {1 << k: "2^%d" % k for k in range(10, 31)}
NAMES = [("STEP09_PIPELINES=0,step09", "09 one pipeline"), ("STEP09_SMEM_FIT=0,step09", "09 all 13 slices"),
         ("STEP09_PREFETCH=4,step09", "09 prefetch whole"), ("STEP09_PREFETCH=2,step09", "09 prefetch half"),
         ("step09_pf4l", "09 prefetch whole, evict_last"), ("step09_pf4p0", "09 prefetch whole, one pipeline"),
         ("step09_head", "09 before"), ("step", "")]


def dim(n):
    return POW.get(n, str(n))


def name(cand):
    for raw, shown in NAMES:
        cand = cand.replace(raw, shown)
    return cand


def main():
    run = sys.argv[1] if len(sys.argv) > 1 else "rules"
    if run not in ("prefetch", "fit", "rules", "edges"):
        sys.exit("usage: table.py [prefetch|fit|rules|edges]")
    order, times = parse(os.path.join(HERE, run, run + ".txt"))
    print("| dtype | M × N | MB | µs, each (mean of the rounds; against the first) | fastest |")
    print("|---|---|---:|---|---|")
    for key in order:
        t, M, N = key
        cands = times[key]
        rounds = {len(v) for v in cands.values()}
        if len(rounds) != 1:
            sys.exit("%s: candidates with different numbers of rounds" % (key,))
        mean = {c: sum(v) / len(v) for c, v in cands.items()}
        first = next(iter(cands))
        cells = " · ".join("%s %.2f" % (name(c), mean[c]) + ("" if c == first else " (%+.1f%%)" % (
            100.0 * (mean[c] / mean[first] - 1))) for c in cands)
        print("| %s | %s × %s | %d | %s | %s |" % (t, M, dim(N), M * N * SIZE[t] >> 20, cells,
                                                  name(min(mean, key=mean.get))))


if __name__ == "__main__":
    main()
