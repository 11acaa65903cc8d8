#!/usr/bin/env python3
"""Where the dispatcher's rules and ./step11 --tune disagree.

    python3 results/h100/tune/compare.py TUNE.txt PLAN.txt [TUNE.txt PLAN.txt ...]

TUNE.txt is the text output of `./step11 --tune --dtype T` (every stage's median µs per shape, and
the winner), PLAN.txt that of `./step11 --plan --dtype T` from the same build (the rules' stage per
shape). For each pair: on how many shapes the rules pick the winner, and for the others how much
slower the rules' stage was in the tuning run (% and µs)."""
import re
import sys


def parse_tune(path):
    rows, stages = {}, None
    for line in open(path):
        if "winner" in line and line.split()[:3] == ["M", "N", "dtype"]:
            stages = line.split()[3:line.split().index("winner")]
            continue
        m = re.match(r"\s*(\d+)\s+(\d+)\s+(\w+)\s+(.*)", line)
        if stages and m:
            vals = m.group(4).split()
            times = {s: float(v) for s, v in zip(stages, vals) if v != "-"}
            rows[(int(m.group(1)), int(m.group(2)))] = (m.group(3), times, vals[len(stages)])
    return rows


def parse_plan(path):
    plan = {}
    for line in open(path):
        m = re.match(r"\s*(\d+)\s+(\d+)\s+(\w+)\s+(\d\d\w*)\s", line)
        if m:
            plan[(int(m.group(1)), int(m.group(2)))] = m.group(4)
    return plan


def main(args):
    if len(args) < 2 or len(args) % 2:
        sys.exit(__doc__)
    for tune_path, plan_path in zip(args[::2], args[1::2]):
        tune, plan = parse_tune(tune_path), parse_plan(plan_path)
        same, others = 0, []
        for shape, (dtype, times, winner) in sorted(tune.items()):
            rule = plan.get(shape)
            if rule == winner:
                same += 1
            elif rule in times:
                best = min(times.values())
                others.append(f"{dtype} {shape[0]} x {shape[1]}: rules {rule} {times[rule]:.2f} us, "
                              f"--tune {winner} {best:.2f} us (+{100 * (times[rule] / best - 1):.2f}%)")
            else:
                others.append(f"{shape[0]} x {shape[1]}: rules {rule}, not timed by --tune")
        print(f"{tune_path}: the rules pick the fastest stage on {same} of {len(tune)} shapes")
        for o in others:
            print("  " + o)


if __name__ == "__main__":
    main(sys.argv[1:])
