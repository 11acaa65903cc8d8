#!/usr/bin/env python3
"""Tables of the fifty-fourth session's probes (docs/09_cooperative.md, docs/h200.md).

  python3 results/h200/explore/session54/table.py rounds|wide|rounds2|rounds3|rounds5|rules

Each probe line is "DTYPE M x N: | variant µs us % | ..."; a shape's µs is the mean of its rounds,
and each variant after the first is shown against the first. `rules` is final/rounds4.txt: stage
09's final plan against stage 12 on the matrices of 64-96 MB, and how many shapes each led.
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).parent
FILES = {"rounds": "probe/rounds.txt", "wide": "probe/wide.txt", "rounds2": "probe2/rounds2.txt",
         "rounds3": "probe3/rounds3.txt", "rounds5": "probe5/rounds5.txt", "rules": "final/rounds4.txt"}

# The probe lines' parser and the shapes' names are the fifty-third session's table.py's.
_spec = importlib.util.spec_from_file_location("session53_table", HERE.parent / "session53" / "table.py")
session53 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(session53)
pow2, mb = session53.pow2, session53.mb


def means(path):
    """{(dtype, M, N): {variant: mean µs}} in the file's order."""
    return {k: {n: sum(u) / len(u) for n, u in v.items()} for k, v in session53.means(path).items()}


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "rules"
    rows = means(HERE / FILES[which])
    names = []
    for v in rows.values():
        names += [n for n in v if n not in names]
    print("| dtype | M x N | MB | " + " | ".join(names) + " |")
    print("|---|---|---:|" + "---:|" * len(names))
    for (t, m, n), v in rows.items():
        base = v[names[0]]
        cells = [f"{base:.2f}"] + [f"{v[x]:.2f} ({100 * (v[x] / base - 1):+.1f}%)" if x in v else "-"
                                   for x in names[1:]]
        print(f"| {t} | {m} x {pow2(n)} | {mb(t, m, n):.0f} | " + " | ".join(cells) + " |")
    if which == "rules":
        for kind in ("f32", "halves"):
            gains = [100 * (1 - v["step09"] / v["step12"]) for (t, _, _), v in rows.items()
                     if (t == "f32") == (kind == "f32")]
            ahead = [g for g in gains if g > 0]
            print(f"{kind}: 09 less time on {len(ahead)} of {len(gains)}, "
                  f"{min(ahead):.1f}-{max(ahead):.1f}%; behind on the rest by "
                  + ", ".join(f"{-g:.1f}%" for g in gains if g <= 0))


if __name__ == "__main__":
    main()
