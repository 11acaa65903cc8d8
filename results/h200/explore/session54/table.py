#!/usr/bin/env python3
"""Tables of the fifty-fourth session's probes (docs/09_cooperative.md, docs/h200.md).

  python3 results/h200/explore/session54/table.py rounds|wide|rounds2|rounds3|rounds5|rules

Each probe line is "DTYPE M x N: | variant µs us % | ..."; a shape's µs is the mean of its rounds,
and each variant after the first is shown against the first. `rules` is final/rounds4.txt: stage
09's final plan against stage 12 on the matrices of 64-96 MB, with the ratio of 12 to 09.
"""
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).parent
CELL = re.compile(r"\| (\S+) ([0-9.]+) us ([0-9.]+)%")
FILES = {"rounds": "probe/rounds.txt", "wide": "probe/wide.txt", "rounds2": "probe2/rounds2.txt",
         "rounds5": "probe5/rounds5.txt",
         "rounds3": "probe3/rounds3.txt", "rules": "final/rounds4.txt"}


def means(path):
    """{(dtype, M, N): {variant: mean µs}} in the file's order."""
    runs = defaultdict(lambda: defaultdict(list))
    for line in path.read_text().splitlines():
        head, _, rest = line.partition(":")
        parts = head.split()
        if len(parts) != 4 or "(time)" in rest:
            continue
        for name, us, _pct in CELL.findall(line):
            runs[(parts[0], int(parts[1]), int(parts[3]))][name].append(float(us))
    return {k: {n: sum(u) / len(u) for n, u in v.items()} for k, v in runs.items()}


def pow2(n):
    for m in (1, 3, 5, 7):
        if n % m == 0 and (n // m) & (n // m - 1) == 0:
            k = (n // m).bit_length() - 1
            return f"2^{k}" if m == 1 else f"{m}*2^{k}"
    return str(n)


def mb(t, m, n):
    return m * n * (4 if t == "f32" else 2) / 2**20


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
