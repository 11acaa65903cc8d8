#!/usr/bin/env python3
"""Sixty-sixth session: the tables of its docs paragraphs, from its result files.
Usage: python3 results/h200/explore/session66/table.py [knobs10|policy|held|half|paired|rows256]
knobs10: first/knobs10.txt, stage 10's four knobs against ./step10 and ./step11 as built (fa9c46e),
two rounds, each its own process;
policy: policy/peers-*-r*.json, bench/peers.py's dispatcher with x's L2 policy (as built) and with
EVICT_LAST=0, alternately, three rounds, the fused Triton kernel and the copy beside each; and
policy/policy.txt, ./step11 both ways, four rounds;
held: held/held.txt, stage 10's persistent clusters capped at K (held.patch's STEP10_HELD), two rounds;
half: half/half.txt, the persistent kernel on CTAs of 512 threads, two an SM (half.patch's
STEP10_HALF=1), against ./step10 as built, three rounds;
paired: adopt/paired.txt, the paired CTAs as adopted against STEP10_PAIRED=off and =on;
rows256: rows256/rows256.txt, many rows of 256 KB on stage 10 as built (one wide CTA a row), forced
persistent on paired CTAs and on wide ones, two rounds."""
import collections
import glob
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "session65"))
from table import probe_lines  # noqa: E402  (session65/table.py: {(dtype, M, N): {form: [(us, %)]}})


def forms_table(path, base, label=lambda f: f):
    """Every form of a group against `base`: mean µs (% of the copy) and the change in time."""
    runs = probe_lines(path)
    forms = []
    for per_shape in runs.values():
        forms += [f for f in per_shape if f not in forms]
    print("| dtype | M × N | " + " | ".join(label(f) for f in forms) + " |")
    print("|---|---|" + "---:|" * len(forms))
    for (t, m, n), per_shape in runs.items():
        b = statistics.mean(u for u, _ in per_shape[base])
        cells = []
        for f in forms:
            if f not in per_shape:
                cells.append("–")
                continue
            u = statistics.mean(x for x, _ in per_shape[f])
            p = statistics.mean(x for _, x in per_shape[f])
            cells.append(f"{u:.2f} ({p:.1f}%)" + ("" if f == base else f", {100 * (u / b - 1):+.1f}%"))
        print(f"| {t} | {m} × {n} | " + " | ".join(cells) + " |")


def forms_main(here, files, label, default, doc):
    """A later session's table.py main: argv[1] names a (file under `here`, base form) of `files`;
    `label` names each form in the header."""
    what = sys.argv[1] if len(sys.argv) > 1 else default
    if what not in files:
        sys.exit(doc)
    path, base = files[what]
    forms_table(os.path.join(here, path), base, label)


def env_label(form):
    return " ".join(w for w in form.split() if "=" in w) or form.split("/")[-1] + " as built"


def policy():
    times = collections.defaultdict(list)  # (dtype, M, N, impl, form) -> [median us]
    for path in sorted(glob.glob(os.path.join(HERE, "policy", "peers-*-r*.json"))):
        form = os.path.basename(path).split("-")[1]
        for r in json.load(open(path))["records"]:
            if "median_us" in r:
                times[(r["dtype"], r["M"], r["N"], r["impl"], form)].append(r["median_us"])
    print("| dtype | M × N | dispatcher, policy | dispatcher, plain loads | Triton fused (both runs) | copy (both runs) |")
    print("|---|---|---:|---:|---:|---:|")
    shapes = sorted({k[:3] for k in times}, key=lambda k: (("f32", "f16", "bf16").index(k[0]), k[1], k[2]))
    for t, m, n in shapes:
        def mean(impl, forms=("policy", "plain")):
            return statistics.mean(u for f in forms for u in times[(t, m, n, impl, f)])
        print(f"| {t} | {m} × {n} | {mean('step11', ('policy',)):.2f} | {mean('step11', ('plain',)):.2f} | "
              f"{mean('triton_fused'):.2f} | {mean('copy'):.2f} |")
    print()
    forms_table(os.path.join(HERE, "policy", "policy.txt"), "./step11",
                lambda f: "as built (policy)" if f == "./step11" else "EVICT_LAST=0")


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "half"
    if what == "knobs10":
        forms_table(os.path.join(HERE, "first", "knobs10.txt"), "./step10", env_label)
    elif what == "policy":
        policy()
    elif what == "held":
        forms_table(os.path.join(HERE, "held", "held.txt"), "./step10", env_label)
    elif what == "half":
        forms_table(os.path.join(HERE, "half", "half.txt"), "./step10", env_label)
    elif what == "paired":
        forms_table(os.path.join(HERE, "adopt", "paired.txt"), "./step10", env_label)
    elif what == "rows256":
        forms_table(os.path.join(HERE, "rows256", "rows256.txt"), "./step10", env_label)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
