#!/usr/bin/env python3
"""The forty-ninth session's tables, printed from this folder's logs (µs: the mean of two runs,
each shape under each build in its own process; % of the copy timed in the same process):
  python3 table.py probe    probe/ftz.txt: stages 08, 10, 12 as they were and with every __expf made
                            exp_ftz by a macro; probe/shifted.txt: stage 09 before the forty-eighth
                            session's changes and after, on rows off the 16-byte boundary
  python3 table.py final    final/final.txt: stages 08, 10, 12 before the committed change and
                            after, and short/short.txt: stage 08's short rows
  python3 table.py rule12   rule12/rule12.txt: stages 09, 12 and 11 on the rules-for-12 shapes"""
import collections, os, re, sys

SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def shape(M, N):
    e = N.bit_length() - 1
    if 1 << e == N:
        return f"{M} × 2{''.join(SUP[int(c)] for c in str(e))}"
    return f"{M} × {N}"


def span(v, fmt):
    lo, hi = fmt.format(min(v)), fmt.format(max(v))
    return lo if lo == hi else f"{lo}–{hi}"


def pairs(path, is_new):
    """(stage, dtype, M, N) -> (before runs, after runs), each run (µs, % of copy)."""
    d = collections.defaultdict(lambda: ([], []))
    for ln in open(path):
        m = re.match(r"(\S+) (\d+) x (\d+) (\S+): ([\d.]+) us ([\d.]+)%", ln.strip())
        if m:
            t, M, N, binary, us, pc = m.groups()
            stage = os.path.basename(binary).replace("step", "")
            d[(stage, t, int(M), int(N))][is_new(binary)].append((float(us), float(pc)))
    return d


def table(rows):
    print("| stage | dtype | M × N | MB | before: µs (% of copy) | after: µs (% of copy) | time | file |")
    print("|---|---|---|---:|---:|---:|---:|---|")
    for (stage, t, M, N), (b, n), path in rows:
        mb = M * N * (4 if t == "f32" else 2) / 2**20
        bu, nu = (sum(x for x, _ in r) / len(r) for r in (b, n))
        pb, pn = (span([p for _, p in r], "{:.1f}") for r in (b, n))
        change = f"{100 * (nu - bu) / bu:+.1f}%".replace("-", "−")
        print(f"| {stage} | {t} | {shape(M, N)} | {mb:.0f} | {bu:.2f} ({pb}%) | {nu:.2f} ({pn}%) "
              f"| {change} | `{path}` |")


def probe():
    rows = [(k, v, "probe/ftz.txt") for k, v in pairs("probe/ftz.txt", lambda b: "/ftz/" in b).items()]
    rows += [(k, v, "probe/shifted.txt")
             for k, v in pairs("probe/shifted.txt", lambda b: "s48base" not in b).items()]
    table(rows)


def final():
    rows = []
    for path in ("final/final.txt", "short/short.txt"):
        rows += [(k, v, path) for k, v in pairs(path, lambda b: "/base/" not in b).items()]
    table(rows)


def rule12():
    d = collections.defaultdict(lambda: collections.defaultdict(list))
    for ln in open("rule12/rule12.txt"):
        m = re.match(r"(\S+) (\d+) x (\d+):(.*)", ln.strip())
        if m:
            t, M, N, rest = m.groups()
            for st, us, pc in re.findall(r"step(\d+) ([\d.]+) us ([\d.]+)%", rest):
                d[(t, int(M), int(N))][st].append((float(us), float(pc)))
    print("| dtype | M × N | MB | 09: µs (% of copy) | 12: µs (% of copy) | 11 (rules): µs "
          "| 09 against 12 |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for (t, M, N), v in d.items():
        mb = M * N * (4 if t == "f32" else 2) / 2**20
        us = {st: sum(x for x, _ in r) / len(r) for st, r in v.items()}
        pc = {st: span([p for _, p in r], "{:.1f}") for st, r in v.items()}
        change = f"{100 * (us['09'] - us['12']) / us['12']:+.1f}%".replace("-", "−")
        print(f"| {t} | {shape(M, N)} | {mb:.0f} | {us['09']:.2f} ({pc['09']}%) "
              f"| {us['12']:.2f} ({pc['12']}%) | {us['11']:.2f} | {change} |")


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    part = sys.argv[1] if len(sys.argv) > 1 else "probe"
    {"probe": probe, "final": final, "rule12": rule12}[part]()
