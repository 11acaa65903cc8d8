#!/usr/bin/env python3
"""Print docs/08_half.md's tables of the fifty-second session's probes of stage 08's halves teams
and wide blocks and stage 09's pipelines, from team/team.txt, lean/lean.txt, confirm/confirm.txt,
wide/wide.txt or pipes/pipes.txt: per
shape, each candidate's mean µs over the rounds, its time against the line's first candidate (+:
longer), and the fastest.
  python3 results/h200/explore/session52/table.py [team|lean|confirm|wide|pipes]"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "session50"))
from table import parse  # noqa: E402  (the fiftieth session's reader of a probe file)
SIZE = {"f32": 4, "f16": 2, "bf16": 2}
TEAM = {"1": "cap 40", "2": "cap 32", "3": "exp twice", "4": "exp twice, cap 40",
        "5": "exp twice, cap 32", "6": "32 warps x 2", "7": "32 warps x 2, exp twice, cap 32",
        "8": "8 warps x 8, exp twice"}
WIDE = {"1": "512 x (7 + 9), 40 registers", "2": "384 x (10 + 12), 56 registers"}


def name(cand):
    if cand == "STEP09_PIPELINE_ROUNDS=3,step09":
        return "09, two pipelines from three rounds (before)"
    if cand in ("step09", "step12"):
        return {"step09": "09 as built (581460a)", "step12": "12"}[cand]
    if cand == "STEP08_LEAN=0,step08":
        return "before (LEAN=0)"
    if cand.startswith("STEP08_WIDE_PROBE="):
        return WIDE[cand.split("=")[1].split(",")[0]]
    if cand.startswith("STEP08_TEAM_PROBE="):
        return TEAM[cand.split("=")[1].split(",")[0]]
    return "as built" if cand == "step08" else cand


def main():
    run = sys.argv[1] if len(sys.argv) > 1 else "lean"
    if run not in ("team", "lean", "confirm", "wide", "pipes"):
        sys.exit("usage: table.py [team|lean|confirm|wide|pipes]")
    order, times = parse(os.path.join(HERE, run, run + ".txt"))
    print("| dtype | M × N | row KB | µs, each (mean of the rounds; against the first) | fastest |")
    print("|---|---|---:|---|---|")
    for key in order:
        t, M, N = key
        cands = times[key]
        if len({len(v) for v in cands.values()}) != 1:
            sys.exit("%s: candidates with different numbers of rounds" % (key,))
        mean = {c: sum(v) / len(v) for c, v in cands.items()}
        first = next(iter(cands))
        cells = " · ".join("%s %.2f" % (name(c), mean[c]) + ("" if c == first else " (%+.1f%%)" % (
            100.0 * (mean[c] / mean[first] - 1))) for c in cands)
        print("| %s | %d × %d | %d | %s | %s |" % (t, M, N, N * SIZE[t] >> 10, cells,
                                                   name(min(mean, key=mean.get))))


if __name__ == "__main__":
    main()
