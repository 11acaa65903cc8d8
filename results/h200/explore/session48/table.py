#!/usr/bin/env python3
"""The tables of docs/09_cooperative.md's "Instructions" section, printed from this folder's logs:
  python3 table.py ladder   the ladder's rungs, fp32-sized rounds (random inputs, x and y apart, two
                            rounds): ladder/ladder.txt (ptxas's own order) and order/ladder_order.txt
                            (the load order pinned); µs, min-max over the three rounds of each mode
  python3 table.py stage    stage 09 before the session's changes and after: instr/instr.txt ("both"
                            is the final code's SASS) and final/final.txt; µs the mean of two runs"""
import collections, re, sys

SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def shape(M, N):
    e = N.bit_length() - 1
    return f"{M} × 2{''.join(SUP[int(c)] for c in str(e))}" if 1 << e == N else f"{M} × {N}"


def span(v, fmt="{:.2f}"):
    lo, hi = min(v), max(v)
    return fmt.format(lo) if fmt.format(lo) == fmt.format(hi) else fmt.format(lo) + "–" + fmt.format(hi)


def ladder():
    """Rung -> times over the rounds of the study 'random inputs, x and y apart, 2 rounds'."""
    out = {}
    for path in ("ladder/ladder.txt", "order/ladder_order.txt"):
        study, t = None, collections.defaultdict(list)
        for ln in open(path):
            if "inputs" in ln:
                study = ln.startswith("random inputs, x and y apart, 2 rounds")
            elif study and re.match(r"\s+round \d:", ln):
                for name, us in re.findall(r"(\S+) ([\d.]+)(?: \([\d.]+%\))?", ln.split(":", 1)[1].replace("|", "")):
                    t[name].append(float(us))
        out[path] = t
    print("| rung | ptxas's order: µs | pinned, registers first: µs |")
    print("|---|---:|---:|")
    first, pinned = out["ladder/ladder.txt"], out["order/ladder_order.txt"]
    print(f"| the copy (`cudaMemcpyAsync`) | {span(first['memcpy'])} | {span(pinned['memcpy'])} |")
    pairs = [("phased", "phased-L", "phased copy: load, wait, grid barrier, store"),
             ("+smem13", None, "+ 104 KB of shared memory a block"),
             ("+groups", None, "+ a cp.async group a slice, each read as it lands"),
             ("+math", "math-L", "+ the (max, sum) as floats, no exponential"),
             ("+reduce", "reduce-L", "+ the block's reduction, written before the barrier"),
             ("+merge", None, "+ the row's summaries merged after the barrier"),
             ("+exp", "exp-L", "+ the exponentials: stage 09's algorithm")]
    for a, b, label in pairs:
        print(f"| {label} | {span(first[a])} | {span(pinned[b]) if b else '–'} |")


def stage():
    rows = []
    for path, base, new in (("instr/instr.txt", "/tmp/order/base/step09", "/tmp/order/both/step09"),
                            ("final/final.txt", "/tmp/order/base/step09", "./step09")):
        d = collections.defaultdict(lambda: collections.defaultdict(list))
        for ln in open(path):
            m = re.match(r"(\S+) (\d+) x (\d+) (\S+): ([\d.]+) us ([\d.]+)%", ln.strip())
            if m:
                t, M, N, b, us, pc = m.groups()
                d[(t, int(M), int(N))][b].append((float(us), float(pc)))
        for k, v in d.items():
            rows.append((k, v[base], v[new], path))
    order = ["f32", "f16", "bf16"]
    rows.sort(key=lambda r: (order.index(r[0][0]), -r[0][1] * r[0][2], r[0][1]))
    print("| dtype | M × N | MB | before: µs (% of copy) | after: µs (% of copy) | time | file |")
    print("|---|---|---:|---:|---:|---:|---|")
    for (t, M, N), b, n, path in rows:
        mb = M * N * (4 if t == "f32" else 2) / 2**20
        bu, nu = (sum(x for x, _ in r) / len(r) for r in (b, n))
        pb, pn = (span([p for _, p in r], "{:.1f}") for r in (b, n))
        change = f"{100 * (nu - bu) / bu:+.1f}%".replace("-", "−")
        print(f"| {t} | {shape(M, N)} | {mb:.0f} | {bu:.2f} ({pb}%) | {nu:.2f} ({pn}%) | {change} | `{path}` |")


if __name__ == "__main__":
    {"ladder": ladder, "stage": stage}[sys.argv[1] if len(sys.argv) > 1 else "stage"]()
